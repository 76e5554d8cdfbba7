# SPDX-License-Identifier: MIT
"""A fuzzer over the package's arguments: every public call, given values of
every kind (None, floats, NaN, huge and negative integers, strings, bytes,
lists, numpy arrays of odd shapes and dtypes, objects), on open and on
closed environments, in a random order from a fixed seed. Each call must
return or raise one of the exceptions the package documents; a crash (the
process dying in C) fails the whole test run, which is the point.
VGDL_FUZZ_CALLS sets the number of calls (default 3000), VGDL_FUZZ_SEED the
seed (default 2024)."""
import os
import unittest

import numpy as np

import vgdl

ALLOWED = (TypeError, ValueError, IndexError, vgdl.Error, vgdl.ClosedError, RuntimeError)

VALUES = [None, 0, 1, 2, 4, 5, -1, 2 ** 31, 2 ** 63, 2 ** 64, 2 ** 70, -2 ** 63, 0.5, 1.0, float("nan"),
          float("inf"), "", "0", "bait", "\0", b"1", [], [0], [0, 1], [[0]], (1,), {}, object(), True,
          np.int64(1), np.uint64(2 ** 64 - 1), np.float32(1), np.array(1), np.array([1, 2]),
          np.array([0, 0, 0]), np.array([0.5, 0.5, 0.5]), np.array(["a", "b", "c"]), np.zeros((3, 3), int),
          np.array([None, None, None], dtype=object), np.array([0, 1, 9], dtype=np.int8), np.array([], int),
          "levels/bait/lvl0.txt", "/dev/zero", "no/such.lua", "../../etc/passwd", "gvgai/aliens.txt"]


def value(rng):
    return VALUES[rng.integers(len(VALUES))]


def vec_step(game, actions):
    """A step of two two-player states."""
    vec = vgdl.VectorEnv(game, 2, seed=1)
    vec.reset()
    return vec.step(actions)


def calls(rng, env, vec, state, game, two, turns):
    """One call of each kind, with random arguments ('two': a two-player
    ParallelEnv, 'turns' the AEC env of such a game)."""
    return [
        lambda: turns.step(value(rng)),
        lambda: turns.step(None),
        lambda: turns.observe(value(rng)),
        lambda: turns.last(),
        lambda: turns.reset(seed=value(rng)),
        lambda: two.step(value(rng)),
        lambda: two.step({"player_0": value(rng), "player_1": value(rng)}),
        lambda: two.reset(seed=value(rng)),
        lambda: two.state.advance(value(rng)),
        lambda: two.state.advance([value(rng), value(rng)]),
        lambda: two.state.observation(value(rng)),
        lambda: two.state.player_actions(value(rng)),
        lambda: two.action_space(value(rng)),
        lambda: vec_step(two.game, rng.integers(-2, 8, (2, 2))),
        lambda: vec_step(two.game, value(rng)),
        lambda: env.step(value(rng)),
        lambda: env.reset(seed=value(rng)),
        lambda: env.render(),
        lambda: env.state.advance(value(rng)),
        lambda: vec.step(value(rng)),
        lambda: vec.step(rng.integers(-2, 8, 3)),
        lambda: vec.reset(seed=value(rng)),
        lambda: vec.state(value(rng)),
        lambda: state.advance(value(rng)),
        lambda: state.copy().advance(value(rng)),
        lambda: state.copy_from(value(rng)),
        lambda: state.legal(value(rng)),
        lambda: state.play(value(rng)),
        lambda: game.state(seed=value(rng)),
        lambda: game.check_action(value(rng)),
        lambda: vgdl.make(value(rng), level=value(rng)),
        lambda: vgdl.make("bait", level=0, max_steps=value(rng), render_mode=value(rng)),
        lambda: vgdl.make("bait", level=0, render_mode="rgb_array", cell=value(rng)),
        lambda: vgdl.VectorEnv("bait", value(rng), level=0),
        lambda: vgdl.VectorEnv(value(rng), 2, level=value(rng)),
    ]


class TestFuzz(unittest.TestCase):
    def test_bad_arguments_raise(self):
        rng = np.random.default_rng(int(os.environ.get("VGDL_FUZZ_SEED", 2024)))
        env = vgdl.make("bait", level=0, render_mode="rgb_array", seed=1)
        vec = vgdl.VectorEnv("bait", 3, level=0, seed=1)
        env.reset()
        vec.reset()
        game = env.game
        state = game.state(seed=1)
        two = vgdl.make_parallel("gvgai/2player/copsNrobbers.txt", seed=1)
        turns = vgdl.make_aec("gvgai/2player/tron.txt", seed=1)
        raised = returned = 0
        for k in range(int(os.environ.get("VGDL_FUZZ_CALLS", 3000))):
            if k % 500 == 250:                                  # a closed env must raise, not crash
                env.close()
                vec.close()
                two.close()
                turns.close()
            elif k % 500 == 0:
                env, vec = vgdl.make("bait", level=0, render_mode="rgb_array", seed=1), vgdl.VectorEnv("bait", 3, seed=1)
                two = vgdl.make_parallel("gvgai/2player/copsNrobbers.txt", seed=1)
                turns = vgdl.make_aec("gvgai/2player/tron.txt", seed=1)
                if rng.integers(2):
                    env.reset()
                    vec.reset()
                    two.reset()
                    turns.reset()
            options = calls(rng, env, vec, state, game, two, turns)
            try:
                options[rng.integers(len(options))]()
                returned += 1
            except ALLOWED:
                raised += 1
        self.assertGreater(raised, 100)
        self.assertGreater(returned, 100)


if __name__ == "__main__":
    unittest.main()
