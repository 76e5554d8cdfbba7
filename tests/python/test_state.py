# SPDX-License-Identifier: MIT
"""vgdl.Game and vgdl.State (python/vgdl/state.py): the forward model.

1. env.state is a copy: advancing it leaves the env alone; copy() is
   independent; copy_from; the same actions from equal states reach equal
   states (hash), the engine's tick and score as the env reports them.
2. What a state reads: actions (numbers of the env's action table), the
   text map as 'vgdl show' draws it, observation() as the env's obs, the
   avatar's position, result.
3. Bad actions raise as the env's do; states of another game are refused.
"""
import unittest

import numpy as np

import vgdl
from support import run_vgdl


class TestForwardModel(unittest.TestCase):
    def test_copy_and_advance(self):
        env = vgdl.make("bait", level=1, seed=4)
        obs, _ = env.reset()
        s = env.state
        self.assertEqual(s.tick, 0)
        np.testing.assert_array_equal(s.observation(), obs)
        s2 = s.copy()
        s2.advance(1)
        self.assertEqual((s.tick, s2.tick), (0, 1))
        self.assertEqual(env.state.tick, 0)                    # the env's own state is untouched
        obs, reward, *_ , info = env.step(1)
        np.testing.assert_array_equal(s2.observation(), obs)
        self.assertEqual(s2.hash(), env.state.hash())
        self.assertEqual(s2.score, info["score"])
        self.assertNotEqual(s.hash(), s2.hash())
        s.copy_from(s2)
        self.assertEqual(s.hash(), s2.hash())
        self.assertTrue(s.equal_position(s2))
        self.assertRaises(ValueError, s.copy_from, vgdl.make("pacman").game.state())

    def test_reads(self):
        g = vgdl.Game("bait", 0)
        s = g.state(seed=1)
        self.assertEqual(str(s), run_vgdl("show", "bait", "--level", "0").split("size:")[0])
        self.assertEqual(s.actions, [0, 1, 2, 3, 4])
        self.assertEqual(s.avatar_position, (2.0, 1.0))
        self.assertIsNone(s.result)
        self.assertEqual(s.resources, {})
        for _ in range(30):                                    # walk into the hole: lost
            s.advance(g.action_names.index("ACTION_DOWN"))
        self.assertTrue(s.is_over or s.tick == 30)
        self.assertIn("tick", repr(s))

    def test_bad_actions(self):
        s = vgdl.Game("bait", 0).state()
        for bad, error in [(None, TypeError), (2.0, TypeError), (5, IndexError), (-1, IndexError)]:
            self.assertRaises(error, s.advance, bad)
        self.assertEqual(s.tick, 0)
        s.advance(np.int32(2))
        self.assertEqual(s.tick, 1)
        self.assertRaises(TypeError, vgdl.Game("bait").state, seed=1.5)
        self.assertRaises(ValueError, vgdl.Game("bait").state, seed=-1)


if __name__ == "__main__":
    unittest.main()
