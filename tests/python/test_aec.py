# SPDX-License-Identifier: MIT
"""vgdl.make_aec (python/vgdl/aec.py): board games with PettingZoo's AEC API.

1. A whole game through agent_iter/last/step: the action mask is the legal
   moves, rewards +1/-1 (or 0, 0) at the end only, every agent leaves by a
   dead step (None); the same seed and moves replay the same game.
2. The position after moves is the one 'vgdl show --moves' shows.
3. Misuse raises: illegal or out-of-range moves, bad types, a move for an
   agent whose game has ended, steps after the end, a closed env, and
   make()/make_aec() on the wrong kind of game.
"""
import unittest

import numpy as np

import vgdl
from support import run_vgdl


def play(env, seed, rng):
    """A game of random legal moves; the moves played and each agent's final reward."""
    env.reset(seed=seed)
    moves, final = [], {}
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        if terminated or truncated:
            final[agent] = reward
            env.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        np.testing.assert_array_equal(legal, sorted(env.state.legal()))
        for other in env.agents:
            if other != agent:
                assert not env.observe(other)["action_mask"].any()
        assert reward == 0
        moves.append(int(rng.choice(legal)))
        env.step(moves[-1])
    return moves, final


class TestGames(unittest.TestCase):
    def test_whole_games(self):
        for game in ("connect4", "othello"):
            env = vgdl.make_aec(game)
            self.assertEqual(env.possible_agents, ["player_0", "player_1"])
            moves, final = play(env, 5, np.random.default_rng(1))
            self.assertEqual(env.agents, [])
            self.assertEqual(set(final), {"player_0", "player_1"})
            self.assertEqual(sum(final.values()), 0)
            again, final2 = play(env, 5, np.random.default_rng(1))
            self.assertEqual((again, final2), (moves, final))

    def test_position_as_vgdl_show(self):
        env = vgdl.make_aec("connect4", render_mode="ansi")
        env.reset()
        for name in "4453":
            self.assertEqual(env.agent_selection, f"player_{env.state.turn}")
            env.step(env.move_names.index(name))
        self.assertEqual(env.render(), run_vgdl("show", "connect4", "--moves", "4453").split("size:")[0])
        obs = env.observe("player_0")
        self.assertEqual(obs["observation"].shape, env.observation_space("player_0")["observation"].shape)
        picture = vgdl.make_aec("connect4", render_mode="rgb_array")
        picture.reset()
        self.assertEqual(picture.render().shape[2], 3)


class TestMisuse(unittest.TestCase):
    def test_bad_moves(self):
        env = vgdl.make_aec("connect4")
        env.reset(seed=1)
        for bad, error in [(None, TypeError), (1.5, TypeError), ("4", TypeError), ([3], TypeError),
                           (99, IndexError), (-1, IndexError)]:
            with self.assertRaises(error, msg=repr(bad)):
                env.step(bad)
        for _ in range(6):
            env.step(env.move_names.index("4"))
        with self.assertRaises(ValueError):                    # the column is full
            env.step(env.move_names.index("4"))
        self.assertRaises(ValueError, env.observe, "player_7")
        self.assertRaises(ValueError, env.action_space, 0)

    def test_end_and_close(self):
        env = vgdl.make_aec("connect4")
        env.reset(seed=1)
        for name in "1212121":                               # the first player wins, column 1
            env.step(env.move_names.index(name))
        self.assertTrue(all(env.terminations.values()))
        self.assertEqual(env._cumulative_rewards, {"player_0": 1, "player_1": -1})
        self.assertRaises(ValueError, env.step, 0)           # a dead step takes None
        env.step(None)
        env.step(None)
        self.assertRaises(RuntimeError, env.step, None)
        env.close()
        self.assertRaises(vgdl.ClosedError, env.reset)
        self.assertRaises(ValueError, vgdl.make_aec, "bait")
        self.assertRaises(ValueError, vgdl.make, "othello")


if __name__ == "__main__":
    unittest.main()
