# SPDX-License-Identifier: MIT
"""vgdl.agent: the engine's C agents (agents/: random, onestep, bfs, astar,
mcts, rhea, minimax, alphabeta, expectimax, mtdf, solve, ...) deciding
for a vgdl.State from Python, under a budget of forward-model calls or
milliseconds, exactly as 'vgdl run' and 'vgdl decide' run them."""
import numbers

from ._lib import error, ffi, lib, text
from .state import State


def agents():
    """The names of the engine's agents."""
    n = ffi.new("int *")
    table = lib.agent_list(n)
    return [ffi.string(table[k].name).decode() for k in range(n[0])]


class Agent:
    """Agent 'name' with its parameters (keywords: mcts's c, rollout_depth,
    ...; 'vgdl list params NAME' lists them), a budget per decision
    (budget_calls forward-model calls and/or budget_ms milliseconds; with
    neither, 40 ms as the vgdl command), and a seed. act(state) is one
    decision; 'report' then says what it cost. In a game for several
    players act(state, player=p) decides for player p, its forward model
    playing the others by 'opponent' ("random", the default, or "nil"), as
    'vgdl run --opponent-model' does."""

    def __init__(self, name, *, budget_ms=None, budget_calls=None, seed=1, opponent="random", **params):
        self.name = text(name, "the agent's name").decode()
        self._model = lib.fm_model_find(text(opponent, "opponent"))
        if self._model < 0:
            raise ValueError(f"opponent is 'random' or 'nil', not {opponent!r}")
        self.opponent = opponent
        self._settings = []
        for key, value in params.items():
            if isinstance(value, bool) or not isinstance(value, numbers.Real):
                raise TypeError(f"parameter '{key}' needs a number, not {type(value).__name__}")
            self._settings.append(ffi.new("char[]", f"{key}={float(value)!r}".encode()))
        why = ffi.new("char[512]")
        if lib.agent_check(self.name.encode(), self._settings, len(self._settings), why, 512):
            raise ValueError(ffi.string(why).decode())
        if budget_ms is None and budget_calls is None:
            budget_ms = 40
        self.budget = ffi.new("agent_budget *", {"ms": _budget(budget_ms, "budget_ms"),
                                                 "calls": int(_budget(budget_calls, "budget_calls", whole=True))})
        if not isinstance(seed, numbers.Integral) or isinstance(seed, bool) or not 0 <= seed < 2 ** 64:
            raise ValueError(f"a seed is a whole number from 0 to 2**64 - 1, not {seed!r}")
        self.seed, self.params, self.report = int(seed), dict(params), None
        self._agents = {}                              # per Game: the C agent
        self._report = ffi.new("agent_report *")

    def act(self, state, player=0):
        """One decision for the agent to move in 'state' (a vgdl.State, or an
        env, whose state is used): an action number of the game's
        environments (its action_names), or, in a board game, a move number
        (its move_names); in a game for several players, one of player
        'player''s action numbers (game.player_action_names[player])."""
        state = getattr(state, "state", state)
        if not isinstance(state, State):
            raise TypeError(f"act takes a vgdl.State or an environment, not {type(state).__name__}")
        game = state.game
        player = game.check_player(player)
        if state.is_over:
            raise ValueError("the game is over: there is nothing to decide")
        a = self._agent(game)
        if game.num_players > 1:
            lib.agent_set_player(a, player, self._model)
        move = lib.agent_act(a, state._s, self.budget, self._report)
        r = self._report
        self.report = {"ms": r.ms, "calls": r.calls, "expanded": r.expanded,
                       "value": r.value if r.has_value else None, "overspent": bool(r.overspent)}
        if r.status != lib.VG_OK:
            raise error(r.error)
        if not game.moves_are_actions:
            return move
        if game.has_turns:                               # a move named like an action (2048, CS188)
            move = lib.VG_ACTION_NIL if move < 0 else _action(game.move_names[move])
        return game._player_action_of[player].get(move, 0)

    def _agent(self, game):
        a = self._agents.get(game)
        if a is None:
            why = ffi.new("char[512]")
            a = lib.agent_new(self.name.encode(), game._g, self._settings, len(self._settings), self.seed, why, 512)
            if a == ffi.NULL:
                raise ValueError(ffi.string(why).decode())
            self._agents[game] = a = ffi.gc(a, lib.agent_free)
        return a

    def __repr__(self):
        return f"vgdl.agent({self.name!r}, {', '.join(f'{k}={v!r}' for k, v in self.params.items())})"


def _action(name):
    """The vg_action a move is named like ("LEFT" -> ACTION_LEFT)."""
    for a in range(lib.VG_NUM_ACTIONS):
        if ffi.string(lib.vg_action_name(a)).decode() == "ACTION_" + name.upper():
            return a
    return lib.VG_ACTION_NIL


def _budget(value, what, whole=False):
    if value is None:
        return 0
    if isinstance(value, bool) or not isinstance(value, numbers.Real) or not 0 <= value < 2 ** 62 \
            or (whole and value != int(value)):
        raise ValueError(f"{what} is {'a whole' if whole else 'a'} number >= 0, not {value!r}")
    return float(value)


def agent(name, **kwargs):
    """vgdl.Agent(name, **kwargs): e.g. vgdl.agent("mcts", budget_calls=1000).act(env.state)."""
    return Agent(name, **kwargs)
