# SPDX-License-Identifier: MIT
"""Games for several players (GVGAI's two-player games) from Python:
vgdl.make_parallel (python/vgdl/parallel.py), the multi-player State calls,
VectorEnv with a column a player, and C agents deciding for either player.

1. A ParallelEnv game plays what 'vgdl trace' plays for the same seed and
   each player's actions (scores, results, avatars), tick by tick; its
   rewards are the scores gained; players have their own action numbers
   (copsNrobbers: 5 and 6); the same seed replays the same game.
2. State.advance([a0, a1]) is the same tick; scores, results, player_*.
3. Each player's observation hides the types hidden from it alone
   (prisoners-dilemma's agreeA/agreeB ...).
4. VectorEnv steps two-player states as ParallelEnv steps them, autoreset.
5. vgdl.agent(...).act(state, player=1) decides in player 1's numbering,
   repeatably under a call budget.
6. Misuse raises: missing or unknown agents, out-of-range or ill-typed
   actions, steps after the end, a closed env, make() on a two-player game
   and make_parallel() on a one-player game.
"""
import os
import json
import tempfile
import unittest

import numpy as np

import vgdl
from support import run_vgdl

COPS = "gvgai/2player/copsNrobbers.txt"


def random_game(env, seed, rng, ticks=60):
    """Random actions from 'seed'; every step's results and the actions, by name."""
    obs, infos = env.reset(seed=seed)
    steps, names = [], []
    for _ in range(ticks):
        if not env.agents:
            break
        acts = {a: int(rng.integers(env.action_space(a).n)) for a in env.agents}
        names.append([env.action_names[a][acts[a]] for a in env.possible_agents])
        steps.append(env.step(acts))
    return steps, names


class TestParallel(unittest.TestCase):
    def test_plays_as_vgdl_trace(self):
        env = vgdl.make_parallel(COPS, level=1)
        self.assertEqual(env.possible_agents, ["player_0", "player_1"])
        self.assertEqual([env.action_space(a).n for a in env.possible_agents], [5, 6])
        steps, names = random_game(env, 4, np.random.default_rng(2))
        with tempfile.TemporaryDirectory() as tmp:
            files = []
            for p in range(2):
                files += ["--actions", os.path.join(tmp, f"p{p}.txt")]
                with open(files[-1], "w") as f:
                    f.write("".join(n[p] + "\n" for n in names))
            lines = run_vgdl("trace", COPS, "--level", "1", *files, "--seed", "4").splitlines()
        trace = [json.loads(line) for line in lines[1:]]
        self.assertEqual(len(trace), len(steps))
        before = [0.0, 0.0]
        for (obs, rewards, terms, truncs, infos), line in zip(steps, trace):
            for p, agent in enumerate(env.possible_agents):
                want = line["players"][p]
                self.assertEqual(infos[agent]["score"], want["score"])
                self.assertEqual(rewards[agent], want["score"] - before[p])
                self.assertEqual(infos[agent]["alive"], want["avatar"]["alive"])
                self.assertEqual(infos[agent]["result"],
                                 {"NO_WINNER": "draw" if line["isGameOver"] else None,
                                  "PLAYER_WINS": "win", "PLAYER_LOSES": "lose"}[want["winner"]])
                self.assertEqual(terms[agent], line["isGameOver"])
                self.assertEqual(infos[agent]["tick"], line["tick"])
                before[p] = want["score"]
        self.assertEqual(random_game(env, 4, np.random.default_rng(2))[1], names)   # repeats

    def test_episode_ends_and_agents_leave(self):
        env = vgdl.make_parallel("gvgai/2player/tron.txt", seed=1)
        steps, _ = random_game(env, 1, np.random.default_rng(1), ticks=2000)
        obs, rewards, terms, truncs, infos = steps[-1]
        self.assertTrue(all(terms.values()))
        self.assertEqual(env.agents, [])
        self.assertIn({infos["player_0"]["result"], infos["player_1"]["result"]},
                      [{"win", "lose"}, {"draw"}, {"lose"}, {"win"}])
        with self.assertRaises(RuntimeError):
            env.step({})
        env = vgdl.make_parallel("gvgai/2player/tron.txt", seed=1, max_steps=5)
        steps, _ = random_game(env, 1, np.random.default_rng(1))
        self.assertEqual(len(steps), 5)
        self.assertTrue(steps[-1][3]["player_1"] and not steps[-1][2]["player_1"])

    def test_state_advance_is_the_same_tick(self):
        env = vgdl.make_parallel(COPS, level=0, seed=9)
        env.reset()
        state, rng = env.state, np.random.default_rng(3)
        self.assertEqual(state.num_players, 2)
        self.assertEqual(state.player_actions(1), list(range(6)))
        self.assertEqual(state.player_actions(0), list(range(5)))
        for _ in range(30):
            if not env.agents:
                break
            a = [int(rng.integers(5)), int(rng.integers(6))]
            _, rewards, _, _, infos = env.step({"player_0": a[0], "player_1": a[1]})
            state.advance(a)
            self.assertEqual(state.hash(), env.state.hash())
            self.assertEqual(state.scores, (infos["player_0"]["score"], infos["player_1"]["score"]))
            self.assertEqual(state.results, (infos["player_0"]["result"], infos["player_1"]["result"]))
            for p in range(2):
                self.assertEqual(state.player_alive(p), infos[f"player_{p}"]["alive"])
                self.assertEqual(state.player_resources(p), infos[f"player_{p}"]["resources"])
        self.assertEqual(state.scores[0], state.score)                 # the calls without a player: player 0's
        self.assertEqual(state.player_position(0), state.avatar_position)
        one = env.state
        one.advance(2)                                                  # a number alone: player 0, the other NIL
        both = env.state
        both.advance([2, 0])
        self.assertEqual(one.hash(), both.hash())

    def test_hidden_from_one_player(self):
        env = vgdl.make_parallel("gvgai/2player/prisoners-dilemma.txt", seed=1)
        obs, _ = env.reset()
        names = env.game.plane_names
        full = env.state.observation()
        for p, other in ((0, "B"), (1, "A")):
            mine = obs[f"player_{p}"]
            np.testing.assert_array_equal(mine, env.state.observation(p))
            private = {names[k] for k in env.game._private[p]}
            self.assertEqual(private, {n + other for n in ("agree", "disagree", "buzzerAgree", "buzzerDisagree")})
            hidden = {names[k] for k in range(len(names)) if not (mine[k] == full[k]).all()}
            self.assertTrue(hidden)
            self.assertLessEqual(hidden, private)
            self.assertFalse(mine[env.game._private[p]].any())

    def test_vector_env_as_parallel(self):
        n = 3
        vec = vgdl.VectorEnv(COPS, n, level=1, seed=10, max_steps=25)
        self.assertEqual(vec.single_action_space, vgdl.MultiDiscrete([5, 6]))
        self.assertEqual(vec.action_names, vec.game.player_action_names)
        obs, infos = vec.reset()
        envs = [vgdl.make_parallel(COPS, level=1, max_steps=25) for _ in range(n)]
        for i, env in enumerate(envs):
            env.reset(seed=10 + i)
        rng, ended = np.random.default_rng(5), [False] * n
        for _ in range(60):
            acts = np.stack([rng.integers(0, 5, n), rng.integers(0, 6, n)], axis=1)
            obs, rewards, term, trunc, infos = vec.step(acts)
            self.assertEqual(rewards.shape, (n, 2))
            self.assertEqual(infos["score"].shape, (n, 2))
            for i, env in enumerate(envs):
                if ended[i]:
                    env.reset()
                    ended[i] = False
                    self.assertEqual(rewards[i].tolist(), [0, 0])
                else:
                    o, r, te, tr, inf = env.step({"player_0": acts[i, 0], "player_1": acts[i, 1]})
                    self.assertEqual(rewards[i].tolist(), [r["player_0"], r["player_1"]])
                    self.assertEqual((term[i], trunc[i]), (te["player_0"], tr["player_0"]))
                    self.assertEqual(list(infos["result"][i]), [inf["player_0"]["result"], inf["player_1"]["result"]])
                    ended[i] = te["player_0"] or tr["player_0"]
                self.assertEqual(vec.state(i).hash(), env.state.hash())
                np.testing.assert_array_equal(obs[i], env.state.observation())
        with self.assertRaises(ValueError):
            vec.step(np.zeros(n, dtype=int))
        with self.assertRaises(IndexError):
            vec.step(np.array([[5, 0]] * n))                            # player 0 has 5 actions, player 1 6
        vec.step(np.array([[4, 5]] * n))

    def test_agent_for_player_1(self):
        env = vgdl.make_parallel(COPS, level=0, seed=2)
        env.reset()
        decide = [vgdl.agent("mcts", budget_calls=300, seed=1, opponent=o).act(env.state, player=1)
                  for o in ("random", "random", "nil")]
        self.assertEqual(decide[0], decide[1])
        for a in decide:
            self.assertIn(a, range(6))
        for agent in ("onestep", "random"):
            a = vgdl.agent(agent, budget_calls=100).act(env.state, player=0)
            self.assertIn(a, range(5))
        with self.assertRaises(IndexError):
            vgdl.agent("random").act(env.state, player=2)
        with self.assertRaises(ValueError):
            vgdl.agent("random", opponent="greedy")

    def test_misuse_raises(self):
        with self.assertRaisesRegex(ValueError, "make_parallel"):
            vgdl.make(COPS)
        with self.assertRaisesRegex(ValueError, "vgdl.make plays it"):
            vgdl.make_parallel("bait")
        env = vgdl.make_parallel(COPS, seed=1)
        with self.assertRaises(RuntimeError):
            env.step({"player_0": 0, "player_1": 0})                # before reset
        env.reset()
        tick = env.state.tick
        for bad, exc in (({"player_0": 0}, ValueError), ({"player_0": 0, "player_1": 0, "x": 0}, ValueError),
                         ({"player_0": 5, "player_1": 0}, IndexError), ({"player_0": -1, "player_1": 0}, IndexError),
                         ({"player_0": None, "player_1": 0}, TypeError), ({"player_0": 1.5, "player_1": 0}, TypeError),
                         ([0, 0], TypeError)):
            with self.assertRaises(exc, msg=repr(bad)):
                env.step(bad)
        self.assertEqual(env.state.tick, tick)                          # nothing was played
        state = env.state
        for bad, exc in (([0], ValueError), ([0, 0, 0], ValueError), ([0, 6], IndexError), ([None, 0], TypeError)):
            with self.assertRaises(exc, msg=repr(bad)):
                state.advance(bad)
        with self.assertRaises(IndexError):
            state.player_actions(2)
        with self.assertRaises(ValueError):
            env.action_space("player_2")
        env.close()
        with self.assertRaises(vgdl.ClosedError):
            env.reset()


if __name__ == "__main__":
    unittest.main()
