# SPDX-License-Identifier: MIT
"""vgdl.VectorEnv: n states of one game stepped in C by one call
(vg_vec_step), Gymnasium's vector API with its next-step autoreset: an
env whose episode ended at a step begins the next at its following step
(its action unused, reward 0). C writes every output into numpy arrays
made once; a step from Python is one call and a few copies, whatever n.
In a game for several players every env takes one action a player, and
the rewards, scores, results and resources have a column a player."""
import os

import numpy as np

from ._lib import ffi, lib
from .env import _canvas, _draw, _max_steps, _vec, step_error, ClosedError
from .spaces import Box, Discrete, MultiDiscrete
from .state import RESULTS, Game, State, _seed

try:
    import gymnasium.vector
    _Base = gymnasium.vector.VectorEnv
    _AUTORESET = gymnasium.vector.AutoresetMode.NEXT_STEP
except (ImportError, AttributeError):
    _Base, _AUTORESET = object, "next_step"

_RESULTS = np.array(RESULTS, dtype=object)
MAX_ENVS = 1 << 16


class VectorEnv(_Base):
    """num_envs copies of one game: reset(seed) -> (obs, infos), step(actions)
    -> (obs, rewards, terminations, truncations, infos), each a batch (obs:
    num_envs x planes x height x width uint8; infos: arrays of the score, the
    result, the tick and each resource). reset(seed=S) seeds env i with S + i.
    With copy=False the arrays returned are the environment's own buffers,
    overwritten by the next step (faster; copy them to keep them)."""

    metadata = {"render_modes": ["rgb_array"], "autoreset_mode": _AUTORESET}

    def __init__(self, game, num_envs, level=0, *, seed=None, render_mode=None, max_steps=None, copy=True,
                 cell=24, sprites=None):
        self.game = game if isinstance(game, Game) else Game(game, level)
        if not self.game.moves_are_actions:
            raise ValueError(f"{self.game.name} is played in turns whose moves are not actions: "
                             f"vgdl.make_aec({self.game.name!r}) plays it")
        if isinstance(num_envs, bool) or not isinstance(num_envs, (int, np.integer)) or not 1 <= num_envs <= MAX_ENVS:
            raise ValueError(f"num_envs is a whole number from 1 to {MAX_ENVS}, not {num_envs!r}")
        if not (render_mode is None or isinstance(render_mode, str) and render_mode == "rgb_array"):
            raise ValueError(f"render_mode is None or 'rgb_array', not {render_mode!r}")
        n, shape, nres = int(num_envs), self.game.obs_shape, len(self.game.resource_names)
        self.num_envs, self.render_mode, self.copy = n, render_mode, bool(copy)
        self.max_steps = _max_steps(max_steps)
        self._seed0 = None if seed is None else _seed(seed)
        self.num_players = np_ = self.game.num_players
        self._per = (n,) if np_ == 1 else (n, np_)                 # the shape of what each player has
        self.action_names = self.game.action_names if np_ == 1 else self.game.player_action_names
        counts = [len(names) for names in self.game.player_action_names]
        self.single_action_space = Discrete(counts[0]) if np_ == 1 else MultiDiscrete(counts)
        self.action_space = MultiDiscrete(np.broadcast_to(counts if np_ > 1 else counts[0], self._per))
        self.single_observation_space = Box(0, 1, shape, np.uint8)
        self.observation_space = Box(0, 1, (n,) + shape, np.uint8)
        self._canvas = _canvas(self.game, cell, sprites) if render_mode == "rgb_array" else None
        self._vec = _vec(self.game, n, self.max_steps, 1)
        self._obs = np.zeros((n,) + shape, dtype=np.uint8)
        self._reward, self._score = np.zeros(self._per), np.zeros(self._per)
        self._terminated, self._truncated = np.zeros(n, dtype=bool), np.zeros(n, dtype=bool)
        self._result, self._tick = np.zeros(self._per, dtype=np.int8), np.zeros(n, dtype=np.int32)
        self._res = np.zeros(self._per + (max(1, nres),), dtype=np.int32)
        self._actions, self._seeds = np.zeros(self._per, dtype=np.int64), np.zeros(n, dtype=np.uint64)
        self._all = np.ones(n, dtype=bool)
        self._all.flags.writeable = False
        buf = ffi.from_buffer
        self._out = ffi.new("vg_vec_out *", {
            "obs": buf("uint8_t[]", self._obs), "reward": buf("double[]", self._reward),
            "score": buf("double[]", self._score), "terminated": buf("uint8_t[]", self._terminated),
            "truncated": buf("uint8_t[]", self._truncated), "result": buf("int8_t[]", self._result),
            "tick": buf("int32_t[]", self._tick), "resources": buf("int32_t[]", self._res)})
        self._act_c, self._seeds_c = buf("int64_t[]", self._actions), buf("uint64_t[]", self._seeds)
        self._err = ffi.new("vg_error *")
        self._ready = self._closed = False
        self._episodes = 0

    def reset(self, *, seed=None, options=None):
        """Begins every env's next episode: env i seeded seed + i (or seed[i]
        for a list of num_envs seeds); without a seed, the make() seed at the
        first reset, then each env's seed after its last episode's."""
        self._check_open()
        if seed is None and self._episodes == 0:
            seed = self._seed0 if self._seed0 is not None else int.from_bytes(os.urandom(8), "little") >> 1
        if seed is None:
            lib.vg_vec_reset(self._vec, ffi.NULL, self._out)
        else:
            self._seeds[:] = self._seed_list(seed)
            lib.vg_vec_reset(self._vec, self._seeds_c, self._out)
        self._ready, self._episodes = True, self._episodes + 1
        infos = self._infos()
        infos["seed"], infos["_seed"] = np.array([lib.vg_vec_seed(self._vec, i) for i in range(self.num_envs)],
                                                 dtype=np.uint64), self._all
        return self._give(self._obs), infos

    def step(self, actions):
        if not self._ready:
            self._check_open()
            raise RuntimeError("call reset() before step()")
        a = np.asarray(actions)
        if a.dtype.kind not in "iu":
            raise TypeError(f"actions are integers, not {a.dtype}")
        if a.shape != self._per:
            raise ValueError(f"step takes {self.num_envs} actions (one per env), not an array of shape {a.shape}"
                             if self.num_players == 1 else
                             f"step takes {self.num_envs} x {self.num_players} actions (one per env and player), "
                             f"not an array of shape {a.shape}")
        if a.dtype.kind == "u" and a.max(initial=0) > np.iinfo(np.int64).max:
            raise IndexError(f"action {a.max()} is out of range (0 to {len(self.action_names) - 1})")
        self._actions[:] = a
        st = lib.vg_vec_step(self._vec, self._act_c, self._out, self._err)
        if st:
            raise step_error(st, self._err)
        give = self._give
        return give(self._obs), give(self._reward), give(self._terminated), give(self._truncated), self._infos()

    def render(self):
        """rgb_array: a tuple of each env's picture (H x W x 3 uint8)."""
        self._check_open()
        if self.render_mode != "rgb_array":
            return None
        return tuple(_draw(self._canvas, lib.vg_vec_state(self._vec, i)) for i in range(self.num_envs))

    def close(self, **kwargs):
        if not self._closed:
            ffi.release(self._vec)
            if self._canvas is not None:
                ffi.release(self._canvas)
            self._closed, self._ready = True, False

    def state(self, i):
        """A copy of env i's current state (vgdl.State)."""
        self._check_open()
        if isinstance(i, bool) or not isinstance(i, (int, np.integer)) or not 0 <= i < self.num_envs:
            raise IndexError(f"env {i!r} is out of range (0 to {self.num_envs - 1})")
        return State._wrap(self.game, lib.vg_state_clone(lib.vg_vec_state(self._vec, int(i))))

    @property
    def unwrapped(self):
        return self

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
        return False

    # ---- Inside ----------------------------------------------------------------

    def _check_open(self):
        if self._closed:
            raise ClosedError("this environment is closed")

    def _give(self, array):
        return array.copy() if self.copy else array

    def _seed_list(self, seed):
        if isinstance(seed, (list, tuple, np.ndarray)):
            if len(seed) != self.num_envs:
                raise ValueError(f"reset takes one seed or {self.num_envs} seeds, not {len(seed)}")
            return [_seed(s) for s in seed]
        first = _seed(seed)
        return [(first + i) % 2 ** 64 for i in range(self.num_envs)]

    def _infos(self):
        give, all_ = self._give, self._all
        infos = {"score": give(self._score), "_score": all_, "result": _RESULTS[self._result], "_result": all_,
                 "tick": give(self._tick), "_tick": all_}
        if self.game.resource_names:
            infos["resources"] = {name: self._res[..., k].copy() for k, name in enumerate(self.game.resource_names)}
            infos["_resources"] = all_
        return infos

    def __repr__(self):
        return f"<vgdl.VectorEnv {self.game.name} level {self.game.level}, {self.num_envs} envs>"
