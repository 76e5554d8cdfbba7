# SPDX-License-Identifier: MIT
"""vgdl.VectorEnv (python/vgdl/vector.py, engine/vec.c): Gymnasium's vector API.

1. Env i of VectorEnv(seed=S) plays exactly what a single env reset with
   seed S + i plays, across episodes: next-step autoreset (the step after
   an end returns the next episode's start, reward 0, its action unused),
   the next episode seeded as a single env's reset() seeds it.
2. Batched outputs: shapes, dtypes, infos with their masks; copy=False
   returns the env's own buffers.
3. Bad actions raise (wrong shape, dtype, range) and step no env.
"""
import unittest

import numpy as np

import vgdl


class TestAgainstSingle(unittest.TestCase):
    def test_same_as_single_envs(self):
        n, steps = 4, 150
        vec = vgdl.VectorEnv("aliens", n, level=0, max_steps=40)
        rng = np.random.default_rng(3)
        actions = rng.integers(0, vec.single_action_space.n, (steps, n))
        obs, infos = vec.reset(seed=100)
        self.assertEqual(list(infos["seed"]), [100, 101, 102, 103])
        batches = [vec.step(a) for a in actions]
        for i in range(n):
            env = vgdl.make("aliens", level=0, max_steps=40)
            o, info = env.reset(seed=100 + i)
            np.testing.assert_array_equal(obs[i], o)
            ended, episodes = False, 1
            for k in range(steps):
                vo, vr, vt, vtr, vi = batches[k]
                if ended:                                      # next-step autoreset
                    o, info = env.reset()
                    r, t, tr, episodes = 0.0, False, False, episodes + 1
                else:
                    o, r, t, tr, info = env.step(int(actions[k][i]))
                np.testing.assert_array_equal(vo[i], o, err_msg=f"env {i} step {k}")
                self.assertEqual((vr[i], vt[i], vtr[i]), (r, t, tr))
                self.assertEqual((vi["score"][i], vi["result"][i], vi["tick"][i]),
                                 (info["score"], info["result"], info["tick"]))
                ended = t or tr
            self.assertGreater(episodes, 1)                    # autoreset was exercised


class TestBatches(unittest.TestCase):
    def test_shapes_and_copies(self):
        vec = vgdl.VectorEnv("bait", 3, level=0, seed=1)
        self.assertEqual(vec.observation_space.shape, (3, 9, 6, 5))
        self.assertEqual(vec.action_space.shape, (3,))
        self.assertEqual(vec.metadata["autoreset_mode"].__str__().lower().replace("autoresetmode.", ""), "next_step")
        obs, infos = vec.reset()
        obs2, rewards, terminated, truncated, infos = vec.step(np.array([1, 2, 3]))
        self.assertEqual((obs2.dtype, rewards.dtype, terminated.dtype, truncated.dtype),
                         (np.uint8, np.float64, np.bool_, np.bool_))
        self.assertTrue(infos["_score"].all())
        self.assertEqual(infos["result"].tolist(), [None, None, None])
        obs3 = vec.step([0, 0, 0])[0]
        self.assertIsNot(obs3, obs2)
        fast = vgdl.VectorEnv("bait", 3, level=0, seed=1, copy=False)
        a, _ = fast.reset()
        b = fast.step(np.zeros(3, dtype=np.int32))[0]
        self.assertIs(a, b)
        self.assertEqual(vec.state(2).tick, 2)
        self.assertRaises(IndexError, vec.state, 3)

    def test_seeds(self):
        vec = vgdl.VectorEnv("bait", 2, level=0)
        self.assertEqual(vec.reset(seed=[7, 9])[1]["seed"].tolist(), [7, 9])
        self.assertEqual(vec.reset()[1]["seed"].tolist(), [vgdl.lib.vg_next_seed(7), vgdl.lib.vg_next_seed(9)])
        self.assertRaises(ValueError, vec.reset, seed=[1, 2, 3])
        self.assertRaises(TypeError, vec.reset, seed="1")
        self.assertRaises(ValueError, vec.reset, seed=-1)


class TestMisuse(unittest.TestCase):
    def test_bad_actions(self):
        vec = vgdl.VectorEnv("bait", 3, level=0, seed=1)
        vec.reset()
        for bad, error in [([1, 2], ValueError), ([[1, 2, 3]], ValueError), (1, ValueError),
                           ([1.0, 2.0, 3.0], TypeError), ([None, 1, 2], TypeError), (["a", "b", "c"], TypeError),
                           ([0, 5, 0], IndexError), ([0, -1, 0], IndexError),
                           (np.array([0, 2 ** 64 - 1, 0], dtype=np.uint64), IndexError), (None, TypeError)]:
            with self.assertRaises(error, msg=repr(bad)):
                vec.step(bad)
        self.assertEqual([vec.state(i).tick for i in range(3)], [0, 0, 0])
        vec.close()
        self.assertRaises(vgdl.ClosedError, vec.step, [0, 0, 0])
        self.assertRaises(vgdl.ClosedError, vec.reset)
        self.assertRaises(ValueError, vgdl.VectorEnv, "bait", 0)
        self.assertRaises(ValueError, vgdl.VectorEnv, "othello", 2)


if __name__ == "__main__":
    unittest.main()
