# SPDX-License-Identifier: MIT
"""vgdl.make_aec: PettingZoo's AEC conventions (agents take turns:
agent_selection, observe(agent), last(), step(action)) over two kinds of
game. A board game (Connect Four, Othello: turns whose moves are not
actions) is AECEnv: step(move) plays the move; rewards come at the end, +1
to the winner and -1 to the others (0 each for a draw); an agent the
script marks as chance is not a player: its outcomes are drawn from the
state's generator as vg_advance draws them. A game whose players move at
once (GVGAI's two-player games) is ParallelAECEnv, over a ParallelEnv as
PettingZoo's parallel_to_aec: each player's step(action) is kept, and the
last one's plays the tick with them all."""
import numpy as np

from ._lib import error, ffi, lib
from .env import ClosedError, _canvas, _draw, _max_steps
from .parallel import ParallelEnv, _Agents
from .spaces import Box, Discrete
from .state import Game, _seed

try:
    from gymnasium.spaces import Dict
except ImportError:
    Dict = dict


class _Turns(_Agents):
    """What the AEC environments share: PettingZoo's dicts by agent (rewards,
    _cumulative_rewards, terminations, truncations, infos), last(),
    agent_iter(), and the dead step by which an agent whose game has ended
    leaves (step(None), the agents in order)."""

    def last(self, observe=True):
        """(observation, cumulative reward, terminated, truncated, info) of the agent to act."""
        self._check_open()
        if not self.agents:
            raise RuntimeError("no agent is to act: call reset()")
        agent = self.agent_selection
        return (self.observe(agent) if observe else None, self._cumulative_rewards[agent],
                self.terminations[agent], self.truncations[agent], self.infos[agent])

    def agent_iter(self, max_iter=2 ** 63):
        """The agent to act, until every agent has left."""
        for _ in range(max_iter):
            if not self.agents:
                return
            yield self.agent_selection

    def _begin(self, infos, zero):
        """The dicts at the start of an episode, every agent playing and the first to act."""
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, zero)
        self._cumulative_rewards = dict(self.rewards)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = infos
        self.agent_selection = self.agents[0]

    def _agent_to_step(self, action):
        """The agent to act, for step(action); None once it has taken its dead step."""
        self._check_open()
        if not self.agents:
            raise RuntimeError("no agent is playing: call reset()" if self._episodes == 0
                               else "the game has ended and every agent has left: call reset()")
        agent = self.agent_selection
        if not (self.terminations[agent] or self.truncations[agent]):
            return agent
        if action is not None:
            raise ValueError(f"{agent}'s game has ended: step(None) for it")
        self.agents.remove(agent)
        for d in (self.rewards, self._cumulative_rewards, self.terminations, self.truncations, self.infos):
            del d[agent]
        if self.agents:
            self.agent_selection = self.agents[0]
        return None


class AECEnv(_Turns):
    """PettingZoo's AEC API over a board game: possible_agents ("player_0",
    ...), agents, agent_selection, reset(seed), observe(agent), last(),
    step(move), rewards, terminations, truncations, infos, agent_iter(),
    action_space(agent) (Discrete over the game's moves, move_names),
    observation_space(agent), render(), close(). 'state' is a copy of the
    position (vgdl.State), for a planning agent's act()."""

    metadata = {"render_modes": ["rgb_array", "ansi"], "name": "vgdl", "is_parallelizable": False}

    def __init__(self, game, level=0, *, seed=None, render_mode=None, max_moves=None, cell=24, sprites=None):
        self.game = game if isinstance(game, Game) else Game(game, level)
        if self.game.num_players > 1:
            raise ValueError(f"{self.game.name} is a game for {self.game.num_players} players moving at once: "
                             f"vgdl.make_aec({self.game.name!r}) plays it (a ParallelAECEnv)")
        if not self.game.has_turns or self.game.moves_are_actions:
            raise ValueError(f"{self.game.name} is played by actions, not by moves in turns: vgdl.make plays it")
        if not (render_mode is None or isinstance(render_mode, str) and render_mode in ("rgb_array", "ansi")):
            raise ValueError(f"render_mode is None, 'rgb_array' or 'ansi', not {render_mode!r}")
        self.render_mode, self.max_moves = render_mode, _max_steps(max_moves)
        self._seed0 = None if seed is None else _seed(seed)
        self._state = self.game.state(0)
        n = self._state.num_agents
        self._players = [k for k in range(n) if not lib.vg_is_chance(self.game._g, k)]
        self.possible_agents = [f"player_{k}" for k in self._players]
        self.move_names = self.game.move_names
        self._action_space = Discrete(len(self.move_names))
        planes = Box(0, 1, self.game.obs_shape, np.uint8)
        mask = Box(0, 1, (len(self.move_names),), np.int8)
        self._observation_space = Dict({"observation": planes, "action_mask": mask})
        self._canvas = _canvas(self.game, cell, sprites) if render_mode == "rgb_array" else None
        self._closed, self._episodes, self.agents = False, 0, []

    # ---- PettingZoo's API ---------------------------------------------------

    def reset(self, seed=None, options=None):
        self._check_open()
        if seed is None and self._episodes == 0:
            seed = self._seed0 if self._seed0 is not None else 0
        if seed is not None:
            self._seed = _seed(seed)
        else:
            self._seed = lib.vg_next_seed(self._seed)
        self._state = self.game.state(self._seed)
        self._episodes += 1
        self._begin({a: {} for a in self.possible_agents}, 0)
        self._moves = 0
        self._play_chance()
        self.agent_selection = self._name(self._state.turn)

    def observe(self, agent):
        """{'observation': planes (planes x height x width uint8), 'action_mask':
        1 for each of 'agent''s legal moves (none unless it is to move)}."""
        self._check_open()
        k = self._index(agent)
        mask = np.zeros(len(self.move_names), dtype=np.int8)
        if k == self._state.turn and not self._state.is_over:
            mask[self._state.legal()] = 1
        return {"observation": self._state.observation(), "action_mask": mask}

    def step(self, action):
        """The agent to act plays move 'action' (a move number); once its game
        has ended it takes None, and leaves (PettingZoo's dead step)."""
        agent = self._agent_to_step(action)
        if agent is None:
            return
        move = self._action_space_check(action)
        if move not in self._state.legal():
            raise ValueError(f"move {move} ({self.move_names[move]}) is not legal for {agent} here "
                             f"(legal: {' '.join(self.move_names[m] for m in self._state.legal())})")
        self._state.play(move)
        self._moves += 1
        self._play_chance()
        self._cumulative_rewards[agent] = 0
        self.rewards = {a: 0 for a in self.agents}
        over, cut = self._state.is_over, self.max_moves and self._moves >= self.max_moves
        if over:
            won = lib.vg_winner_of(self._state._s)
            for a in self.agents:
                first = a == self._name(0)
                self.rewards[a] = 0 if won == lib.VG_NO_WINNER else (1 if first == (won == lib.VG_PLAYER_WINS) else -1)
        for a in self.agents:
            self._cumulative_rewards[a] += self.rewards[a]
            self.terminations[a], self.truncations[a] = over, bool(cut and not over)
            self.infos[a] = {"score": self._state.score,
                             "result": {1: "win", -1: "lose", 0: "draw"}[self.rewards[a]] if over else None}
        self.agent_selection = self.agents[0] if over or cut else self._name(self._state.turn)

    def action_space(self, agent):
        self._index(agent)
        return self._action_space

    def observation_space(self, agent):
        self._index(agent)
        return self._observation_space

    def render(self):
        self._check_open()
        if self.render_mode == "rgb_array":
            return _draw(self._canvas, self._state._s)
        return str(self._state) if self.render_mode == "ansi" else None

    def close(self):
        if not self._closed and self._canvas is not None:
            ffi.release(self._canvas)
        self._closed = True

    @property
    def state(self):
        """A copy of the position (vgdl.State): vgdl.agent(...).act(env.state) gives a move number."""
        self._check_open()
        return self._state.copy()

    # ---- Inside ----------------------------------------------------------------

    def _check_open(self):
        if self._closed:
            raise ClosedError("this environment is closed")

    def _name(self, k):
        return f"player_{k}"

    def _index(self, agent):
        if not isinstance(agent, str) or agent not in self.possible_agents:
            raise ValueError(f"{agent!r} is not an agent of {self.game.name} ({', '.join(self.possible_agents)})")
        return int(agent.split("_")[1])

    def _action_space_check(self, action):
        if action is None or isinstance(action, (float, str, bytes)):
            raise TypeError(f"a move is an integer, not {type(action).__name__}")
        try:
            move = int(np.asarray(action).item()) if np.ndim(action) == 0 else None
        except (TypeError, ValueError):
            move = None
        if move is None or np.asarray(action).dtype.kind not in "iub":
            raise TypeError(f"a move is an integer, not {type(action).__name__}")
        if not 0 <= move < len(self.move_names):
            raise IndexError(f"move {move} is out of range: {self.game.name} has {len(self.move_names)} moves")
        return move

    def _play_chance(self):
        """Chance agents play their outcome, drawn from the state's generator."""
        while not self._state.is_over and lib.vg_is_chance(self.game._g, self._state.turn):
            if lib.vg_play_policy(self.game._g, self._state._s, ffi.NULL, self.game._err):
                raise error(self.game._err)


class ParallelAECEnv(_Turns):
    """PettingZoo's AEC API over a ParallelEnv (players moving at once), as
    PettingZoo's parallel_to_aec makes it: the agents choose in turn
    (agent_selection: player_0, player_1, then player_0 again), step(action)
    keeps the action of the agent to act (checked at once: TypeError,
    IndexError), and the last agent's step plays the tick with them all.
    observe(agent) is its observation after the last tick (it does not see
    the actions chosen before its own); rewards are those of the last step
    (the scores gained in the tick; 0 after a step that only chose),
    _cumulative_rewards[agent] what the agent gained since it last acted,
    infos the tick's (score, result, alive, tick, resources). When the game
    ends (or max_steps ticks are played) every agent is terminated (or
    truncated) and leaves by a dead step, step(None). 'parallel' is the
    ParallelEnv; action_names, action_space(agent), observation_space(agent),
    render(), state and close() are its."""

    metadata = {"render_modes": ["rgb_array", "ansi"], "name": "vgdl", "is_parallelizable": True}

    def __init__(self, parallel):
        if not isinstance(parallel, ParallelEnv):
            raise TypeError(f"ParallelAECEnv takes a vgdl.ParallelEnv, not {type(parallel).__name__}")
        self.parallel, self.game = parallel, parallel.game
        self.possible_agents, self.action_names = list(parallel.possible_agents), parallel.action_names
        self.render_mode = parallel.render_mode
        self.agents, self._chosen, self._observations, self._episodes = [], {}, None, 0

    # ---- PettingZoo's API ---------------------------------------------------

    def reset(self, seed=None, options=None):
        """Begins an episode, seeded as ParallelEnv.reset seeds it (infos have 'seed')."""
        self._observations, infos = self.parallel.reset(seed, options)
        self._episodes += 1
        self._begin(infos, 0.0)
        self._chosen = {}

    def observe(self, agent):
        """'agent''s observation after the last tick (planes x height x width uint8)."""
        self._check_open()
        self.parallel._agent(agent)
        if self._observations is None:
            raise RuntimeError("no observation before reset(): call reset()")
        return self._observations[agent]

    def step(self, action):
        """The agent to act chooses 'action' (one of its action numbers); the
        last agent of the round plays the tick. Once its game has ended an
        agent takes None, and leaves (PettingZoo's dead step)."""
        agent = self._agent_to_step(action)
        if agent is None:
            return
        self._chosen[agent] = self.game.check_action(action, self.possible_agents.index(agent))
        self._cumulative_rewards[agent] = 0.0
        k = self.agents.index(agent)
        if k + 1 < len(self.agents):
            self.rewards = dict.fromkeys(self.agents, 0.0)
            self.agent_selection = self.agents[k + 1]
            return
        chosen, self._chosen = self._chosen, {}
        self._observations, self.rewards, self.terminations, self.truncations, self.infos = \
            self.parallel.step(chosen)
        for a in self.agents:
            self._cumulative_rewards[a] += self.rewards[a]
        self.agent_selection = self.agents[0]

    def action_space(self, agent):
        return self.parallel.action_space(agent)

    def observation_space(self, agent):
        return self.parallel.observation_space(agent)

    def render(self):
        return self.parallel.render()

    def close(self):
        self.parallel.close()
        self.agents = []

    @property
    def state(self):
        """A copy of the state after the last tick (vgdl.State), for act(state, player=p)."""
        return self.parallel.state

    def _check_open(self):
        self.parallel._check_open()

    def __repr__(self):
        return f"<vgdl.ParallelAECEnv {self.game.name} level {self.game.level}>"


def make_aec(game, level=0, **kwargs):
    """A game as a PettingZoo AEC environment: a board game's moves in turns
    (vgdl.AECEnv; keywords seed, render_mode, max_moves, cell, sprites), or a
    game whose players move at once, over its ParallelEnv (vgdl.ParallelAECEnv;
    keywords as make_parallel's: seed, render_mode, max_steps, cell, sprites)."""
    game = game if isinstance(game, Game) else Game(game, level)
    if game.num_players > 1:
        return ParallelAECEnv(ParallelEnv(game, level, **kwargs))
    return AECEnv(game, level, **kwargs)
