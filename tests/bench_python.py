# SPDX-License-Identifier: MIT
"""make bench: the Python package's speed on Bait level 0, in CPU seconds of
this one thread (time.thread_time: one core, whatever else the machine
runs), each figure the median of 3 runs. Prints figures; asserts nothing.

  vector env steps/s   VectorEnv, 64 envs, random actions, observations included
                       (copy=True, the default: fresh arrays each step; and copy=False)
  C step               one env's step inside C (vg_vec_step over 1024 envs in one call)
  env.step overhead    vgdl.make's step() in Python, less the C step
  copy+advance/s       state.copy(); advance(a) from Python
The goals (issue 33): >= 2 M vector env steps/s, < 2 us overhead, >= 1 M copy+advance/s.

  PYTHONPATH=python /usr/bin/python3 tests/bench_python.py [SECONDS]"""
import os
import statistics
import sys
import time

import numpy as np

import vgdl
from vgdl import ffi, lib

SECONDS = float(sys.argv[1]) if len(sys.argv) > 1 else 1.0
clock = time.thread_time


def rate(run, units):
    """Units per CPU second of 'run' (which does 'units' units), the median of 3 runs of >= SECONDS / 3."""
    run()                                                  # warm-up
    rates = []
    for _ in range(3):
        done, t0 = 0, clock()
        while clock() - t0 < SECONDS / 3:
            run()
            done += units
        rates.append(done / (clock() - t0))
    return statistics.median(rates)


def vector_rate(n, copy):
    env = vgdl.VectorEnv("bait", n, level=0, seed=1, copy=copy)
    env.reset()
    actions = np.random.default_rng(1).integers(0, env.single_action_space.n, (256, n))

    def run():
        for a in actions:
            env.step(a)
    return rate(run, 256 * n)


def c_step_seconds():
    """One env step inside C: vg_vec_step over 1024 Bait states in one call."""
    n, game = 1024, vgdl.Game("bait", 0)
    vec = ffi.gc(lib.vg_vec_new(game._g, n, 0, 1), lib.vg_vec_free)
    obs = np.zeros((n,) + game.obs_shape, dtype=np.uint8)
    reward, score = np.zeros(n), np.zeros(n)
    flags, result, tick = np.zeros((2, n), dtype=np.uint8), np.zeros(n, dtype=np.int8), np.zeros(n, dtype=np.int32)
    out = ffi.new("vg_vec_out *", {"obs": ffi.from_buffer("uint8_t[]", obs), "reward": ffi.from_buffer("double[]", reward),
                                   "score": ffi.from_buffer("double[]", score),
                                   "terminated": ffi.from_buffer("uint8_t[]", flags[0]),
                                   "truncated": ffi.from_buffer("uint8_t[]", flags[1]),
                                   "result": ffi.from_buffer("int8_t[]", result), "tick": ffi.from_buffer("int32_t[]", tick)})
    seeds = np.arange(n, dtype=np.uint64)
    lib.vg_vec_reset(vec, ffi.from_buffer("uint64_t[]", seeds), out)
    actions = [np.random.default_rng(k).integers(0, 5, n) for k in range(16)]
    ptrs = [ffi.from_buffer("int64_t[]", a) for a in actions]
    err = ffi.new("vg_error *")

    def run():
        for p in ptrs:
            lib.vg_vec_step(vec, p, out, err)
    return 1 / rate(run, 16 * n)


def env_step_seconds():
    env = vgdl.make("bait", level=0, seed=1)
    env.reset()
    actions = [int(a) for a in np.random.default_rng(2).integers(0, 5, 4096)]

    def run():
        step, reset = env.step, env.reset
        for a in actions:
            _, _, terminated, truncated, _ = step(a)
            if terminated or truncated:
                reset()
    return 1 / rate(run, len(actions))


def copy_advance_rate():
    env = vgdl.make("bait", level=0, seed=1)
    env.reset()
    state = env.state
    actions = [int(a) for a in np.random.default_rng(3).integers(0, 5, 4096)]

    def run():
        for a in actions:
            s = state.copy()
            s.advance(a)
    return rate(run, len(actions))


def main():
    load = os.getloadavg()
    print(f"python: {sys.executable} {sys.version.split()[0]}, numpy {np.__version__}; "
          f"load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} on {os.cpu_count()} cores; "
          f"CPU time of one thread, median of 3")
    print(f"vector env (bait 0, 64 envs) steps/s:     {vector_rate(64, True) / 1e6:6.2f} M   (goal >= 2 M)")
    print(f"vector env, copy=False, steps/s:          {vector_rate(64, False) / 1e6:6.2f} M")
    c, py = c_step_seconds(), env_step_seconds()
    print(f"C step (vg_vec_step, one env):            {c * 1e6:6.3f} us")
    print(f"env.step:                                 {py * 1e6:6.3f} us")
    print(f"env.step overhead over the C step:        {(py - c) * 1e6:6.3f} us   (goal < 2 us)")
    print(f"state.copy(); advance() per second:       {copy_advance_rate() / 1e6:6.2f} M   (goal >= 1 M)")


if __name__ == "__main__":
    main()
