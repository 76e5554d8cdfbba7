# SPDX-License-Identifier: MIT
"""vgdl.make: one game as a Gymnasium environment. Stepping is one call into
C (vg_vec_step on a vec of one state), which writes the observation and
the step's results into buffers made once; Python only copies them out."""
import os

import numpy as np

from ._lib import Error, error, ffi, lib
from .spaces import Box, Discrete
from .state import RESULTS, Game, State, _seed

try:
    import gymnasium
    _Base = gymnasium.Env
except ImportError:
    gymnasium = None
    _Base = object


class ClosedError(RuntimeError):
    """A closed environment was used."""


class Env(_Base):
    """One game, Gymnasium's way: reset(seed) -> (obs, info); step(action) ->
    (obs, reward, terminated, truncated, info). An observation is one-hot
    planes, planes x height x width uint8 (one plane per sprite type:
    game.plane_names); the reward is the score the step gained; 'terminated'
    says the game is over (won, lost, or the game's own tick limit),
    'truncated' that max_steps were played; info has the score, the result
    ("win", "lose", "draw" or None), the tick and the avatar's resources.
    Actions are numbers, action_names[a] their GVGAI names."""

    metadata = {"render_modes": ["rgb_array", "ansi"], "render_fps": 10}

    def __init__(self, game, level=0, *, seed=None, render_mode=None, max_steps=None, cell=24, sprites=None):
        self.game = game if isinstance(game, Game) else Game(game, level)
        if not self.game.moves_are_actions:
            raise ValueError(f"{self.game.name} is played in turns whose moves are not actions: "
                             f"vgdl.make_aec({self.game.name!r}) plays it")
        if self.game.num_players > 1:
            raise ValueError(f"{self.game.name} is a game for {self.game.num_players} players moving at once: "
                             f"vgdl.make_parallel({self.game.name!r}) plays it (PettingZoo's Parallel API), "
                             f"or vgdl.make_aec({self.game.name!r}) (its AEC API)")
        if not (render_mode is None or isinstance(render_mode, str) and render_mode in ("rgb_array", "ansi")):
            raise ValueError(f"render_mode is None, 'rgb_array' or 'ansi', not {render_mode!r}")
        self._seed0 = None if seed is None else _seed(seed)
        self.max_steps = _max_steps(max_steps)
        self.render_mode = render_mode
        self.action_names = self.game.action_names
        self.action_space = Discrete(len(self.action_names))
        self.observation_space = Box(0, 1, self.game.obs_shape, np.uint8)
        self._canvas = _canvas(self.game, cell, sprites) if render_mode == "rgb_array" else None
        self._vec = _vec(self.game, 1, self.max_steps, 0)
        self._obs = np.zeros(self.game.obs_shape, dtype=np.uint8)
        self._f, self._b = ffi.new("double[2]"), ffi.new("uint8_t[2]")      # reward, score; terminated, truncated
        self._r, self._t = ffi.new("int8_t[1]"), ffi.new("int32_t[1]")
        self._res = ffi.new("int32_t[]", max(1, len(self.game.resource_names)))
        self._out = ffi.new("vg_vec_out *", {
            "obs": ffi.from_buffer("uint8_t[]", self._obs), "reward": self._f, "score": self._f + 1,
            "terminated": self._b, "truncated": self._b + 1, "result": self._r, "tick": self._t,
            "resources": self._res})
        self._act, self._err, self._seeds = ffi.new("int64_t[1]"), ffi.new("vg_error *"), ffi.new("uint64_t[1]")
        self._ready = self._closed = False
        self._episodes = 0

    # ---- Gymnasium's API ----------------------------------------------------

    def reset(self, *, seed=None, options=None):
        """Begins an episode: seeded 'seed' if given, else the make() seed at
        the first reset, else the seed after the last episode's
        (vg_next_seed), else (never seeded) one drawn from the system."""
        self._check_open()
        if gymnasium is not None:
            super().reset(seed=seed)
        if seed is None and self._episodes == 0:
            seed = self._seed0 if self._seed0 is not None else int.from_bytes(os.urandom(8), "little") >> 1
        if seed is None:
            lib.vg_vec_reset(self._vec, ffi.NULL, self._out)
        else:
            self._seeds[0] = _seed(seed)
            lib.vg_vec_reset(self._vec, self._seeds, self._out)
        self._ready, self._episodes = True, self._episodes + 1
        info = self._info()
        info["seed"] = lib.vg_vec_seed(self._vec, 0)
        return self._obs.copy(), info

    def step(self, action):
        if not self._ready:
            self._check_open()
            raise RuntimeError("call reset() before step()")
        try:
            self._act[0] = action                      # TypeError unless an integer
        except OverflowError:
            raise IndexError(f"action {action} is out of range (0 to {len(self.action_names) - 1})") from None
        st = lib.vg_vec_step(self._vec, self._act, self._out, self._err)
        if st:
            raise step_error(st, self._err)
        b, r = self._b, self._r[0]
        return self._obs.copy(), self._f[0], b[0] == 1, b[1] == 1, {
            "score": self._f[1], "result": RESULTS[r], "tick": self._t[0], "resources": self._resources()}

    def render(self):
        """rgb_array: the position as the vgdl command draws it, an H x W x 3
        uint8 array; ansi: the text map; None without a render mode."""
        self._check_open()
        if self.render_mode == "rgb_array":
            return _draw(self._canvas, lib.vg_vec_state(self._vec, 0))
        if self.render_mode == "ansi":
            return str(self.state)
        return None

    def close(self):
        """Frees the game's states now; the environment may not be used after it."""
        if not self._closed:
            ffi.release(self._vec)
            if self._canvas is not None:
                ffi.release(self._canvas)
            self._closed, self._ready = True, False

    @property
    def unwrapped(self):
        return self

    @property
    def np_random(self):
        if gymnasium is not None:
            return super().np_random
        if not hasattr(self, "_np_random"):
            self._np_random = np.random.default_rng()
        return self._np_random

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
        return False

    # ---- The forward model ---------------------------------------------------

    @property
    def state(self):
        """A copy of the current state (vgdl.State): copy(), advance(),
        actions, score, ... for planning; changing it leaves the env as it is."""
        self._check_open()
        return State._wrap(self.game, lib.vg_state_clone(lib.vg_vec_state(self._vec, 0)))

    # ---- Inside ----------------------------------------------------------------

    def _check_open(self):
        if self._closed:
            raise ClosedError("this environment is closed")

    def _resources(self):
        return {name: self._res[k] for k, name in enumerate(self.game.resource_names)}

    def _info(self):
        return {"score": self._f[1], "result": RESULTS[self._r[0]], "tick": self._t[0], "resources": self._resources()}

    def __repr__(self):
        return f"<vgdl.Env {self.game.name} level {self.game.level}>"


def step_error(st, err):
    """What a failed vg_vec_step raises: IndexError for an action out of range, else Error."""
    return IndexError(ffi.string(err.msg).decode()) if st == lib.VG_ERR_ARG else error(err)


def _max_steps(max_steps):
    if max_steps is None:
        return 0
    if isinstance(max_steps, bool) or not isinstance(max_steps, (int, np.integer)) or not 1 <= max_steps < 2 ** 31:
        raise ValueError(f"max_steps is None or a whole number from 1 to 2**31 - 1, not {max_steps!r}")
    return int(max_steps)


def _vec(game, n, max_steps, autoreset):
    v = lib.vg_vec_new(game._g, n, max_steps, autoreset)
    if v == ffi.NULL:
        raise MemoryError("out of memory for the environment's states")
    return ffi.gc(v, lib.vg_vec_free)


def _canvas(game, cell, sprites):
    if isinstance(cell, bool) or not isinstance(cell, (int, np.integer)) or not 1 <= cell <= 256:
        raise ValueError(f"cell is 1 to 256 pixels, not {cell!r}")
    out, err = ffi.new("vg_canvas **"), ffi.new("vg_error *")
    sprites = ffi.NULL if sprites is None else os.fsencode(sprites)
    if lib.vg_canvas_new(game._g, int(cell), game.script.encode(), sprites, out, err) != lib.VG_OK:
        raise error(err)
    return ffi.gc(out[0], lib.vg_canvas_free)


def _draw(canvas, state):
    """The canvas's picture of 'state' (a vg_state *) as a new H x W x 3 uint8 array."""
    rgb = lib.vg_canvas_draw(canvas, state)
    h, w = lib.vg_canvas_height(canvas), lib.vg_canvas_width(canvas)
    return np.frombuffer(ffi.buffer(rgb, h * w * 3), dtype=np.uint8).reshape(h, w, 3).copy()


__all__ = ["Env", "ClosedError", "Error"]
