# SPDX-License-Identifier: MIT
"""Games and states: the forward model from Python (GVGAI's
StateObservation). A State is one vg_state, flat in C: copy() is one
memcpy, advance() one engine tick, and neither goes through Python per
sprite. Actions are numbered as the game's environments number them
(Game.action_names: ACTION_NIL first, then the avatar's, GVGAI's names).
In a game for several players (GVGAI's two-player games) each player has
its own numbering (Game.player_action_names[p]), advance() takes one
action a player, and the player_* calls read one player."""
import operator
import os

import numpy as np

from ._lib import ROOT, error, ffi, lib, text

RESULTS = (None, "win", "lose", "draw")   # vg_vec_out.result: playing, won, lost, over with no winner


class Game:
    """A loaded game: rules and level (a vg_game, read-only while played).

    Game(name, level) loads as the vgdl command does: NAME is a script's name
    (scripts/NAME.lua), one of GVGAI's games (gvgai/NAME.txt), or a path to a
    script or to a GVGAI game file (.txt); 'level' a number, a level's name
    or a path to a map. A game or level that cannot be loaded raises Error
    with the engine's message (an unknown name suggests the nearest)."""

    def __init__(self, name, level=0):
        name_b = text(name, "the game")
        if isinstance(level, bool) or not isinstance(level, (int, str, os.PathLike)):
            raise TypeError(f"the level must be a number, a level's name or a path, not {type(level).__name__}")
        level_b = str(level).encode() if isinstance(level, int) else text(level, "the level")
        if b"/" in name_b and not os.path.exists(name_b) and os.path.exists(os.path.join(ROOT.encode(), name_b)):
            name_b = os.path.join(ROOT.encode(), name_b)   # gvgai/zelda.txt from anywhere
        out, err = ffi.new("vg_game **"), ffi.new("vg_error *")
        if lib.vg_game_open(ROOT.encode(), name_b, level_b, out, err) != lib.VG_OK:
            raise error(err)
        self._g = ffi.gc(out[0], lib.vg_game_free)
        self.name, self.level = os.fsdecode(name), level
        script, level_path = ffi.new("char[4096]"), ffi.new("char[4096]")
        lib.vg_game_paths(ROOT.encode(), name_b, level_b, script, level_path, 4096)
        self.script, self.level_path = ffi.string(script).decode(), ffi.string(level_path).decode()
        self._err = ffi.new("vg_error *")
        self.num_players = lib.vg_num_players(self._g)
        acts = ffi.new("vg_action[]", lib.VG_NUM_ACTIONS)
        n = lib.vg_env_actions(self._g, acts)
        self._acts = tuple(acts[k] for k in range(n))            # action number -> vg_action
        self._player_acts = (self._acts,) + tuple(
            tuple(acts[k] for k in range(lib.vg_env_player_actions(self._g, p, acts))) for p in range(1, self.num_players))
        self.player_action_names = tuple(tuple(ffi.string(lib.vg_action_name(a)).decode() for a in t)
                                         for t in self._player_acts)
        self.action_names = self.player_action_names[0]
        self._player_action_of = tuple({a: k for k, a in enumerate(t)} for t in self._player_acts)
        self._action_of = self._player_action_of[0]               # vg_action -> action number
        self._multi = ffi.new("vg_action[]", lib.VG_MAX_PLAYERS)
        self.width, self.height = lib.vg_game_width(self._g), lib.vg_game_height(self._g)
        self.plane_names = tuple(ffi.string(lib.vg_type_name(self._g, lib.vg_plane_type(self._g, k))).decode()
                                 for k in range(lib.vg_planes(self._g)))
        self.resource_names = tuple(ffi.string(lib.vg_type_name(self._g, lib.vg_resource_type(self._g, r))).decode()
                                    for r in range(lib.vg_num_resources(self._g)))
        self.has_turns = bool(lib.vg_game_has_turns(self._g))
        self.moves_are_actions = bool(lib.vg_moves_are_actions(self._g))
        self.move_names = tuple(self._move_names())
        types = [lib.vg_plane_type(self._g, k) for k in range(len(self.plane_names))]
        hidden = [[bool(lib.vg_type_hidden_from(self._g, t, p)) for p in range(self.num_players)] for t in types]
        self._private = tuple(np.array([k for k, h in enumerate(hidden) if h[p] and not all(h)], dtype=np.intp)
                              for p in range(self.num_players))   # player p's planes hidden from it alone

    def _move_names(self):
        m = 0
        while self.has_turns and (name := lib.vg_move_name(self._g, m)) != ffi.NULL:
            yield ffi.string(name).decode()
            m += 1

    @property
    def obs_shape(self):
        """An observation's shape: planes (one per sprite type) x height x width."""
        return (len(self.plane_names), self.height, self.width)

    def state(self, seed=0):
        """A new state at the level's start, its generator seeded with 'seed'."""
        seed = _seed(seed)
        return State._wrap(self, lib.vg_state_new(self._g, seed))

    def check_action(self, action, player=0):
        """'action' as an action number of player 'player' of this game:
        TypeError when it is not an integer, IndexError when it is out of range."""
        try:
            a = operator.index(action)
        except TypeError:
            raise TypeError(f"an action is an integer, not {type(action).__name__}") from None
        names = self.player_action_names[player]
        if not 0 <= a < len(names):
            who = self.name if self.num_players == 1 else f"player {player} of {self.name}"
            raise IndexError(f"action {a} is out of range: {who} has {len(names)} actions, "
                             f"0 to {len(names) - 1} ({', '.join(names)})")
        return a

    def check_player(self, player):
        """'player' as a player number of this game: TypeError, IndexError."""
        try:
            p = operator.index(player)
        except TypeError:
            raise TypeError(f"a player is an integer, not {type(player).__name__}") from None
        if not 0 <= p < self.num_players:
            raise IndexError(f"player {p} is out of range: {self.name} has {self.num_players} "
                             f"player{'s' if self.num_players > 1 else ''}")
        return p

    def __repr__(self):
        return f"Game({self.name!r}, level={self.level!r})"


def _seed(seed):
    """A seed as the engine takes it: an integer, 0 to 2**64 - 1."""
    try:
        seed = operator.index(seed)
    except TypeError:
        raise TypeError(f"a seed is an integer, not {type(seed).__name__}") from None
    if not 0 <= seed < 2 ** 64:
        raise ValueError(f"a seed is 0 to 2**64 - 1, not {seed}")
    return seed


def _agent(state, agent):
    """'agent' as an agent number of the state's game: TypeError, IndexError."""
    try:
        agent = operator.index(agent)
    except TypeError:
        raise TypeError(f"an agent is an integer, not {type(agent).__name__}") from None
    if not 0 <= agent < state.num_agents:
        raise IndexError(f"agent {agent} is out of range: {state.game.name} has {state.num_agents} agents")
    return agent


_new, _clone, _free, _advance, _NULL = object.__new__, lib.vg_state_clone, lib.vg_state_free, lib.vg_advance, ffi.NULL


class State:
    """One moment of play (a vg_state). copy() and advance() are the forward
    model; the rest reads it. A state belongs to its Game (which it keeps
    alive); states of one game may be copied into one another (copy_from).
    The vg_state is freed with the object (__del__, cheaper than ffi.gc)."""
    __slots__ = ("game", "_g", "_s")

    @staticmethod
    def _wrap(game, ptr):
        s = _new(State)
        s.game, s._g, s._s = game, game._g, ptr
        if not ptr:
            raise MemoryError("out of memory for a state")
        return s

    def copy(self):
        """A new state equal to this one."""
        s = _new(State)
        s.game, s._g, s._s = self.game, self._g, _clone(self._s)
        if not s._s:
            raise MemoryError("out of memory for a state")
        return s

    def __del__(self, _free=_free):
        _free(self._s)

    def copy_from(self, other):
        """Makes this state equal to 'other' (a state of the same game), allocating nothing."""
        if not isinstance(other, State) or other.game is not self.game:
            raise ValueError("copy_from takes a state of the same game")
        lib.vg_state_copy(self._s, other._s)

    def advance(self, action):
        """Plays one tick with the avatar doing 'action' (an action number);
        in a game for several players 'action' may be a sequence of one
        action a player (all act at once; a number alone is player 0's,
        the others doing NIL). A state whose game is over stays as it is.
        Raises Error when the game's script fails (the game is then over,
        with no winner)."""
        if type(action) is not int or not 0 <= action < len(self.game._acts):
            if isinstance(action, (list, tuple, np.ndarray)):
                return self._advance_all(action)
            action = self.game.check_action(action)
        if _advance(self._g, self._s, self.game._acts[action], self.game._err):
            raise error(self.game._err)

    def _advance_all(self, actions):
        game = self.game
        if len(actions) != game.num_players:
            raise ValueError(f"advance takes one action a player ({game.num_players}), not {len(actions)}")
        for p, a in enumerate(actions):
            game._multi[p] = game._player_acts[p][game.check_action(a, p)]
        if lib.vg_advance_multi(self._g, self._s, game._multi, game._err):
            raise error(game._err)

    @property
    def actions(self):
        """The avatar's available actions as action numbers, ACTION_NIL (0) first."""
        out = ffi.new("vg_action[]", lib.VG_MAX_ACTIONS)
        n = lib.vg_actions(self._g, self._s, out)
        of = self.game._action_of
        return [0] + [of[out[k]] for k in range(n) if out[k] in of]

    @property
    def score(self):
        return lib.vg_score(self._s)

    @property
    def tick(self):
        """Actions applied so far."""
        return lib.vg_tick(self._s)

    @property
    def is_over(self):
        return bool(lib.vg_is_over(self._s))

    @property
    def result(self):
        """"win", "lose", "draw" (over with no winner), or None while playing."""
        if not lib.vg_is_over(self._s):
            return None
        return RESULTS[lib.vg_winner_of(self._s) or 3]

    def hash(self):
        """64 bits over sprites, score, generator and outcome, not the tick:
        states that look alike hash alike however they were reached."""
        return lib.vg_state_hash(self._s)

    def equal_position(self, other):
        """1 when both have the same sprites at the same places (GVGAI's equalPosition)."""
        return isinstance(other, State) and other.game is self.game and bool(lib.vg_state_equal(self._s, other._s))

    @property
    def avatar_position(self):
        """The avatar's (x, y) in cells, or None when the game has none."""
        x, y = ffi.new("double *"), ffi.new("double *")
        return (x[0], y[0]) if lib.vg_avatar_pos(self._g, self._s, x, y) else None

    @property
    def resources(self):
        """The avatar's resources: {type name: amount}."""
        return {name: lib.vg_avatar_resource(self._g, self._s, r) for r, name in enumerate(self.game.resource_names)}

    def observation(self, player=None):
        """The grid as one-hot planes, planes x height x width uint8
        (Game.plane_names); with a player, as that player sees it: the
        planes of the types hidden from it alone are 0."""
        obs = np.empty(self.game.obs_shape, dtype=np.uint8)
        lib.vg_observe_planes(self._g, self._s, ffi.from_buffer("uint8_t[]", obs))
        if player is not None:
            obs[self.game._private[self.game.check_player(player)]] = 0
        return obs

    # ---- Games for several players: player p's side (GVGAI's StateObservationMulti) ----

    @property
    def num_players(self):
        return self.game.num_players

    @property
    def scores(self):
        """Each player's score (a tuple; (score,) for one player)."""
        return tuple(lib.vg_player_score(self._g, self._s, p) for p in range(self.game.num_players))

    @property
    def results(self):
        """Each player's result, as State.result (both players may win, or both lose)."""
        if not lib.vg_is_over(self._s):
            return (None,) * self.game.num_players
        return tuple(RESULTS[lib.vg_player_winner(self._g, self._s, p) or 3] for p in range(self.game.num_players))

    def player_actions(self, player):
        """Player p's available actions as its action numbers, ACTION_NIL (0) first."""
        p = self.game.check_player(player)
        out = ffi.new("vg_action[]", lib.VG_MAX_ACTIONS)
        n = lib.vg_player_actions(self._g, self._s, p, out)
        of = self.game._player_action_of[p]
        return [0] + [of[out[k]] for k in range(n) if out[k] in of]

    def player_alive(self, player):
        """Whether player p's avatar is still there (a player without one is not asked to act)."""
        return bool(lib.vg_player_alive(self._g, self._s, self.game.check_player(player)))

    def player_position(self, player):
        """Player p's avatar's (x, y) in cells, or None when it is gone."""
        x, y = ffi.new("double *"), ffi.new("double *")
        return (x[0], y[0]) if lib.vg_player_pos(self._g, self._s, self.game.check_player(player), x, y) else None

    def player_resources(self, player):
        """Player p's avatar's resources: {type name: amount}."""
        p = self.game.check_player(player)
        return {name: lib.vg_player_resource(self._g, self._s, p, r) for r, name in enumerate(self.game.resource_names)}

    # ---- Games with turns{} (board games): moves by number, Game.move_names ----

    @property
    def turn(self):
        """The agent to move (0 in a game without turns)."""
        return lib.vg_turn(self._s)

    @property
    def num_agents(self):
        return lib.vg_num_agents(self._g, self._s)

    def legal(self, agent=None):
        """The legal moves of 'agent' (default: the agent to move), as move numbers."""
        agent = self.turn if agent is None else _agent(self, agent)
        moves = ffi.new("int[]", lib.VG_MAX_MOVES)
        self.game._err.msg[0] = b"\0"
        n = lib.vg_legal(self._g, self._s, agent, moves, self.game._err)
        if n == 0 and self.game._err.msg[0] != b"\0" and not self.is_over:
            raise error(self.game._err)
        return [moves[k] for k in range(n)]

    def play(self, move):
        """The agent to move plays 'move' (a move number of Game.move_names)."""
        if not self.game.has_turns:
            raise ValueError(f"{self.game.name} has no turns: advance() plays it")
        try:
            move = operator.index(move)
        except TypeError:
            raise TypeError(f"a move is an integer, not {type(move).__name__}") from None
        if move not in self.legal():
            raise ValueError(f"move {move} is not legal here (legal: {self.legal()})")
        if lib.vg_play(self._g, self._s, self.turn, move, self.game._err):
            raise error(self.game._err)

    def __str__(self):
        size = lib.vg_render_text(self._g, self._s, ffi.NULL, 0) + 1
        buf = ffi.new("char[]", size)
        lib.vg_render_text(self._g, self._s, buf, size)
        return ffi.string(buf).decode()

    def __repr__(self):
        return f"<vgdl.State of {self.game.name}: tick {self.tick}, score {self.score:g}, result {self.result}>"
