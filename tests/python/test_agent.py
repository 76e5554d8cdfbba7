# SPDX-License-Identifier: MIT
"""vgdl.agent (python/vgdl/agent.py): the engine's C agents from Python.

1. A decision is the one 'vgdl decide' makes with the same agent,
   parameters, budget and seed (mcts on Bait; alpha-beta on a Connect Four
   position, as a move number), and it repeats under a call budget.
2. Actions come back in the environment's numbering (a game with turns
   whose moves are actions too: 2048); the report says what it cost.
3. Bad agents, parameters and budgets raise with the engine's message.
"""
import unittest

import vgdl
from support import run_vgdl


def decide(*args):
    out = run_vgdl("decide", *args)
    return dict(line.split(": ", 1) for line in out.splitlines())


class TestDecisions(unittest.TestCase):
    def test_same_as_vgdl_decide(self):
        env = vgdl.make("bait", level=0, seed=1)
        env.reset()
        mcts = vgdl.agent("mcts", budget_calls=1000, seed=1)
        a = mcts.act(env.state)
        self.assertEqual(env.action_names[a], decide("bait", "--level", "0", "--agent", "mcts",
                                                     "--budget-calls", "1000", "--seed", "1")["action"])
        self.assertEqual(mcts.report["calls"], 1000)
        self.assertFalse(mcts.report["overspent"])
        again = vgdl.agent("mcts", budget_calls=1000, seed=1)
        self.assertEqual(again.act(env), a)                    # an env is taken for its state; it repeats

    def test_board_game_move(self):
        env = vgdl.make_aec("connect4")
        env.reset(seed=1)
        for name in "4453":
            env.step(env.move_names.index(name))
        ab = vgdl.agent("alphabeta", depth=4, anytime=1, budget_calls=20000)
        move = ab.act(env.state)
        self.assertEqual(env.move_names[move], decide("connect4", "--agent", "alphabeta", "--set", "depth=4",
                                                      "--set", "anytime=1", "--budget-calls", "20000",
                                                      "--moves", "4453")["move"])

    def test_turns_with_actions(self):
        env = vgdl.make("2048", seed=3)
        env.reset()
        agent = vgdl.agent("onestep", budget_calls=100)
        for _ in range(10):
            a = agent.act(env.state)
            self.assertIn(a, range(env.action_space.n))
            env.step(a)

    def test_agents_listed(self):
        names = vgdl.agents()
        for name in ("random", "mcts", "astar", "alphabeta", "solve"):
            self.assertIn(name, names)


class TestMisuse(unittest.TestCase):
    def test_bad_agents(self):
        with self.assertRaises(ValueError) as e:
            vgdl.agent("mtcs")
        self.assertIn("unknown agent 'mtcs'; did you mean 'mcts'?", str(e.exception))
        with self.assertRaises(ValueError) as e:
            vgdl.agent("mcts", cc=1)
        self.assertEqual(str(e.exception), "agent 'mcts' has no parameter 'cc'; did you mean 'c'?")
        self.assertRaises(TypeError, vgdl.agent, "mcts", c="1")
        self.assertRaises(ValueError, vgdl.agent, "mcts", budget_calls=-1)
        self.assertRaises(ValueError, vgdl.agent, "mcts", budget_calls=1.5)
        self.assertRaises(ValueError, vgdl.agent, "mcts", budget_ms=float("nan"))
        self.assertRaises(ValueError, vgdl.agent, "mcts", seed=-1)
        self.assertRaises(TypeError, vgdl.agent, 3)
        agent = vgdl.agent("random")
        self.assertRaises(TypeError, agent.act, None)
        self.assertRaises(TypeError, agent.act, "bait")
        state = vgdl.Game("bait", 0).state(1)
        while not state.is_over:
            state.advance(state.game.action_names.index("ACTION_LEFT") if state.tick % 2 else 3)
            if state.tick > 3000:
                break
        if state.is_over:
            self.assertRaises(ValueError, agent.act, state)


if __name__ == "__main__":
    unittest.main()
