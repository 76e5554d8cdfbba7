# SPDX-License-Identifier: MIT
"""vgdl.make_parallel: a game for several players moving at once (GVGAI's
two-player games) with PettingZoo's Parallel API: step() takes every
player's action and plays one tick of them all (vg_advance_multi, through
a vg_vec of one state, as vgdl.Env steps), and returns dicts, one entry a
player, of observations, rewards (the score it gained), terminations,
truncations and infos."""
import os

import numpy as np

from ._lib import ffi, lib
from .env import ClosedError, _canvas, _draw, _max_steps, _vec, step_error
from .spaces import Box, Discrete
from .state import RESULTS, Game, State, _seed


class _Agents:
    """What PettingZoo's environments of every kind have, from 'agents' and 'possible_agents'."""

    @property
    def num_agents(self):
        return len(self.agents)

    @property
    def max_num_agents(self):
        return len(self.possible_agents)

    @property
    def unwrapped(self):
        return self


class ParallelEnv(_Agents):
    """PettingZoo's Parallel API over a game for several players:
    possible_agents ("player_0", "player_1", ...), agents (every player
    while the game is on, none once it has ended), reset(seed) ->
    (observations, infos), step(actions) -> (observations, rewards,
    terminations, truncations, infos), action_space(agent) (Discrete over
    its action_names[agent]), observation_space(agent), render(), close().
    A player's observation is the planes as it sees them (those of the
    types hidden from it alone are 0); its info has its score, result
    ("win", "lose", "draw" or None), whether its avatar is alive, the tick
    and its avatar's resources. A player whose avatar is gone stays until
    the game ends; its actions are ignored. 'state' is a copy of the
    current state (vgdl.State), for a planning agent's act(state, player)."""

    metadata = {"render_modes": ["rgb_array", "ansi"], "name": "vgdl", "is_parallelizable": True}

    def __init__(self, game, level=0, *, seed=None, render_mode=None, max_steps=None, cell=24, sprites=None):
        self.game = game if isinstance(game, Game) else Game(game, level)
        if self.game.num_players < 2:
            raise ValueError(f"{self.game.name} is a game for one player: vgdl.make plays it")
        if not (render_mode is None or isinstance(render_mode, str) and render_mode in ("rgb_array", "ansi")):
            raise ValueError(f"render_mode is None, 'rgb_array' or 'ansi', not {render_mode!r}")
        self._seed0 = None if seed is None else _seed(seed)
        self.max_steps, self.render_mode = _max_steps(max_steps), render_mode
        n, g = self.game.num_players, self.game
        self.possible_agents = [f"player_{p}" for p in range(n)]
        self.action_names = dict(zip(self.possible_agents, g.player_action_names))
        self._action_spaces = {a: Discrete(len(names)) for a, names in self.action_names.items()}
        self._observation_space = Box(0, 1, g.obs_shape, np.uint8)
        self._canvas = _canvas(g, cell, sprites) if render_mode == "rgb_array" else None
        self._vec = _vec(g, 1, self.max_steps, 0)
        self._obs = np.zeros(g.obs_shape, dtype=np.uint8)
        self._reward, self._score, self._result = np.zeros(n), np.zeros(n), np.zeros(n, dtype=np.int8)
        self._ends, self._tick = np.zeros(2, dtype=np.uint8), np.zeros(1, dtype=np.int32)
        self._res = np.zeros((n, max(1, len(g.resource_names))), dtype=np.int32)
        self._actions = np.zeros(n, dtype=np.int64)
        buf = ffi.from_buffer
        self._out = ffi.new("vg_vec_out *", {
            "obs": buf("uint8_t[]", self._obs), "reward": buf("double[]", self._reward),
            "score": buf("double[]", self._score), "terminated": buf("uint8_t[]", self._ends),
            "truncated": buf("uint8_t[]", self._ends[1:]), "result": buf("int8_t[]", self._result),
            "tick": buf("int32_t[]", self._tick), "resources": buf("int32_t[]", self._res)})
        self._act_c, self._err, self._seeds = buf("int64_t[]", self._actions), ffi.new("vg_error *"), \
            ffi.new("uint64_t[1]")
        self._closed, self._episodes, self.agents = False, 0, []

    # ---- PettingZoo's API ---------------------------------------------------

    def reset(self, seed=None, options=None):
        """Begins an episode, seeded as vgdl.Env.reset seeds one; returns
        (observations, infos), dicts keyed by agent (infos also have 'seed')."""
        self._check_open()
        if seed is None and self._episodes == 0:
            seed = self._seed0 if self._seed0 is not None else int.from_bytes(os.urandom(8), "little") >> 1
        if seed is None:
            lib.vg_vec_reset(self._vec, ffi.NULL, self._out)
        else:
            self._seeds[0] = _seed(seed)
            lib.vg_vec_reset(self._vec, self._seeds, self._out)
        self._episodes += 1
        self.agents = list(self.possible_agents)
        infos = self._infos()
        for info in infos.values():
            info["seed"] = lib.vg_vec_seed(self._vec, 0)
        return self._observations(), infos

    def step(self, actions):
        """One tick, every player acting at once: 'actions' maps each agent
        in 'agents' to one of its action numbers. Once the game has ended
        (terminated or truncated) the agents leave: reset() begins the next."""
        self._check_open()
        if not self.agents:
            raise RuntimeError("no agent is playing: call reset()" if self._episodes == 0
                               else "the game has ended and every agent has left: call reset()")
        if not isinstance(actions, dict):
            raise TypeError(f"step takes a dict of each agent's action, not {type(actions).__name__}")
        if set(actions) != set(self.agents):
            missing, extra = set(self.agents) - set(actions), set(actions) - set(self.agents)
            raise ValueError("step takes one action for each of " + ", ".join(self.agents)
                             + (f"; missing {', '.join(sorted(missing))}" if missing else "")
                             + (f"; not agents: {', '.join(map(repr, extra))}" if extra else ""))
        for p, agent in enumerate(self.possible_agents):
            self._actions[p] = self.game.check_action(actions[agent], p)
        st = lib.vg_vec_step(self._vec, self._act_c, self._out, self._err)
        if st:
            raise step_error(st, self._err)
        terminated, truncated = bool(self._ends[0]), bool(self._ends[1])
        obs, infos = self._observations(), self._infos()
        rewards = {a: float(self._reward[p]) for p, a in enumerate(self.agents)}
        terminations = {a: terminated for a in self.agents}
        truncations = {a: truncated for a in self.agents}
        if terminated or truncated:
            self.agents = []
        return obs, rewards, terminations, truncations, infos

    def action_space(self, agent):
        return self._action_spaces[self._agent(agent)]

    def observation_space(self, agent):
        self._agent(agent)
        return self._observation_space

    def render(self):
        """rgb_array: the picture the vgdl command draws (H x W x 3 uint8);
        ansi: the text map; None without a render mode."""
        self._check_open()
        if self.render_mode == "rgb_array":
            return _draw(self._canvas, lib.vg_vec_state(self._vec, 0))
        return str(self.state) if self.render_mode == "ansi" else None

    def close(self):
        if not self._closed:
            ffi.release(self._vec)
            if self._canvas is not None:
                ffi.release(self._canvas)
            self._closed, self.agents = True, []

    @property
    def state(self):
        """A copy of the current state (vgdl.State): vgdl.agent(...).act(env.state, player=p)."""
        self._check_open()
        return State._wrap(self.game, lib.vg_state_clone(lib.vg_vec_state(self._vec, 0)))

    # ---- Inside ----------------------------------------------------------------

    def _check_open(self):
        if self._closed:
            raise ClosedError("this environment is closed")

    def _agent(self, agent):
        if not isinstance(agent, str) or agent not in self.action_names:
            raise ValueError(f"{agent!r} is not an agent of {self.game.name} ({', '.join(self.possible_agents)})")
        return agent

    def _observations(self):
        out = {}
        for p, agent in enumerate(self.possible_agents):
            out[agent] = obs = self._obs.copy()
            obs[self.game._private[p]] = 0
        return out

    def _infos(self):
        s, names = lib.vg_vec_state(self._vec, 0), self.game.resource_names
        return {a: {"score": float(self._score[p]), "result": RESULTS[self._result[p]],
                    "alive": bool(lib.vg_player_alive(self.game._g, s, p)), "tick": int(self._tick[0]),
                    "resources": {name: int(self._res[p, k]) for k, name in enumerate(names)}}
                for p, a in enumerate(self.possible_agents)}

    def __repr__(self):
        return f"<vgdl.ParallelEnv {self.game.name} level {self.game.level}>"


def make_parallel(game, level=0, **kwargs):
    """A game for several players as a PettingZoo Parallel environment (vgdl.ParallelEnv)."""
    return ParallelEnv(game, level, **kwargs)
