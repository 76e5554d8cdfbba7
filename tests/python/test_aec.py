# SPDX-License-Identifier: MIT
"""vgdl.make_aec (python/vgdl/aec.py): PettingZoo's AEC API over board games
and, as PettingZoo's parallel_to_aec, over games whose players move at once.

1. A whole game through agent_iter/last/step: the action mask is the legal
   moves, rewards +1/-1 (or 0, 0) at the end only, every agent leaves by a
   dead step (None); the same seed and moves replay the same game.
2. The position after moves is the one 'vgdl show --moves' shows.
3. Misuse raises: illegal or out-of-range moves, bad types, a move for an
   agent whose game has ended, steps after the end, a closed env, and
   make()/make_aec() on the wrong kind of game.
4. A two-player GVGAI game through make_aec plays what a ParallelEnv plays
   for the same seed and actions: the players choose in turn, the last one's
   step plays the tick; observations, rewards, cumulative rewards, ends and
   infos are the ParallelEnv's, tick by tick; at the end (or max_steps)
   every agent leaves by a dead step, in order.
5. Its misuse raises at the step that misuses (nothing is kept or played):
   ill-typed or out-of-range actions (each player's own range), a dead step
   with an action, steps before reset or after the end, a closed env.
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


COPS = "gvgai/2player/copsNrobbers.txt"


def lockstep(test, aec, par, seed, rng):
    """Plays random actions in 'aec' and the same in 'par' (a ParallelEnv),
    checking what the AEC env shows against it step by step; the ticks played
    and the agents rewarded (not 0) in some tick."""
    aec.reset(seed=seed)
    obs, infos = par.reset(seed=seed)
    rewards = dict.fromkeys(par.possible_agents, 0.0)
    ends = (dict.fromkeys(par.possible_agents, False),) * 2
    played, acts, gained = 0, {}, set()
    for agent in aec.agent_iter():
        k = aec.possible_agents.index(agent)
        o, reward, terminated, truncated, info = aec.last()
        np.testing.assert_array_equal(o, obs[agent])
        test.assertEqual(reward, rewards[agent])                          # what it gained in the last tick
        test.assertEqual((terminated, truncated), (ends[0][agent], ends[1][agent]))
        test.assertEqual(info, infos[agent])
        if terminated or truncated:
            test.assertEqual(par.agents, [])
            test.assertEqual(agent, aec.agents[0])
            aec.step(None)
            test.assertNotIn(agent, aec.agents)
            test.assertNotIn(agent, aec.rewards)
            continue
        test.assertEqual(aec.agents, par.possible_agents)                 # all play until the end
        test.assertEqual(agent, aec.possible_agents[len(acts)])           # in turn, player_0 first
        acts[agent] = int(rng.integers(aec.action_space(agent).n))
        tick = aec.state.tick
        aec.step(acts[agent])
        if k + 1 < len(par.possible_agents):                             # a choice, no tick
            test.assertEqual(aec.state.tick, tick)
            test.assertEqual(set(aec.rewards.values()), {0.0})
            continue
        obs, rewards, terms, truncs, infos = par.step(acts)
        ends, acts, played = (terms, truncs), {}, played + 1
        gained.update(a for a, r in rewards.items() if r)
        test.assertEqual(aec.state.hash(), par.state.hash())
        test.assertEqual((aec.rewards, aec._cumulative_rewards), (rewards, rewards))
        test.assertEqual((aec.terminations, aec.truncations, aec.infos), (terms, truncs, infos))
    return played, gained


class TestPlayersAtOnce(unittest.TestCase):
    def test_plays_as_parallel(self):
        for game, level, seed in ((COPS, 1, 4), ("gvgai/2player/tron.txt", 0, 1)):
            aec, par = vgdl.make_aec(game, level=level), vgdl.make_parallel(game, level=level)
            self.assertIsInstance(aec, vgdl.ParallelAECEnv)
            self.assertEqual(aec.possible_agents, par.possible_agents)
            self.assertEqual(aec.action_names, par.action_names)
            played, gained = lockstep(self, aec, par, seed, np.random.default_rng(seed))
            self.assertGreater(played, 1)
            self.assertTrue(gained)
            self.assertEqual(aec.agents, [])
            self.assertEqual(lockstep(self, aec, par, seed, np.random.default_rng(seed)), (played, gained))

    def test_truncation_and_rewards_of_both(self):
        game = "gvgai/2player/prisoners-dilemma.txt"                     # both players score as they play
        aec, par = vgdl.make_aec(game, max_steps=20), vgdl.make_parallel(game, max_steps=20)
        self.assertEqual(lockstep(self, aec, par, 3, np.random.default_rng(3)), (20, {"player_0", "player_1"}))
        self.assertEqual(aec.agents, [])

    def test_misuse(self):
        env = vgdl.make_aec(COPS, level=0, seed=2)
        self.assertRaises(RuntimeError, env.step, 0)                     # before reset
        self.assertRaises(RuntimeError, env.observe, "player_0")
        self.assertRaises(RuntimeError, env.last)
        env.reset()
        for bad, error in [(None, TypeError), (1.5, TypeError), ("1", TypeError), (5, IndexError), (-1, IndexError)]:
            with self.assertRaises(error, msg=repr(bad)):
                env.step(bad)
        self.assertEqual(env.agent_selection, "player_0")                 # nothing was kept
        env.step(4)
        self.assertRaises(IndexError, env.step, 6)                       # the robber has 6 actions
        self.assertEqual((env.agent_selection, env.state.tick), ("player_1", 0))
        env.step(5)
        self.assertEqual((env.agent_selection, env.state.tick), ("player_0", 1))
        self.assertRaises(ValueError, env.observe, "player_2")
        self.assertRaises(ValueError, env.action_space, 1)
        self.assertRaisesRegex(ValueError, "make_aec", vgdl.make, COPS)
        self.assertRaisesRegex(ValueError, "make_aec", vgdl.AECEnv, COPS)
        self.assertRaises(TypeError, vgdl.ParallelAECEnv, COPS)
        env.close()
        for call in (env.reset, lambda: env.observe("player_0"), lambda: env.step(0), env.render):
            self.assertRaises(vgdl.ClosedError, call)
        env = vgdl.make_aec("gvgai/2player/tron.txt", seed=1, max_steps=1)
        env.reset()
        env.step(0)
        env.step(0)
        self.assertTrue(all(env.truncations.values()))
        self.assertRaises(ValueError, env.step, 0)                       # a dead step takes None
        env.step(None)
        env.step(None)
        self.assertRaises(RuntimeError, env.step, None)
        self.assertRaises(RuntimeError, env.last)


if __name__ == "__main__":
    unittest.main()
