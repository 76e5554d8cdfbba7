# SPDX-License-Identifier: MIT
"""vgdl.make / vgdl.Env (python/vgdl/env.py): Gymnasium's conventions.

1. Spaces, action names (GVGAI's, in action order) and the observation:
   one-hot planes that hold exactly the sprites the level has.
2. The engine's own replay agrees: an episode played through the env is
   the episode 'vgdl trace' prints for the same actions and seed (score,
   end, every sprite's cell in the planes), on Pacman (random ghosts).
3. Rewards are score changes; terminated/truncated and the info's result;
   seeds repeat exactly (aliens), also across episodes reset without a seed.
4. render(): the picture 'vgdl render' writes, pixel for pixel; 'ansi' the text map.
5. Misuse raises: bad actions (TypeError, IndexError; the state unchanged),
   an unknown game (the engine's message), a board game, step before
   reset, a closed env.
"""
import os
import tempfile
import unittest

import numpy as np

import vgdl
from support import read_png, run_vgdl, trace


class TestSpaces(unittest.TestCase):
    def test_bait(self):
        env = vgdl.make("bait", level=0)
        self.assertEqual(env.action_space.n, 5)
        self.assertEqual(env.action_names[0], "ACTION_NIL")
        self.assertEqual(sorted(env.action_names[1:]), ["ACTION_DOWN", "ACTION_LEFT", "ACTION_RIGHT", "ACTION_UP"])
        self.assertEqual(env.observation_space.shape, (9, 6, 5))
        self.assertEqual(env.observation_space.dtype, np.uint8)
        obs, info = env.reset(seed=1)
        self.assertEqual(obs.shape, (9, 6, 5))
        self.assertEqual(obs.dtype, np.uint8)
        self.assertTrue(env.observation_space.contains(obs))
        counts = dict(zip(env.game.plane_names, obs.sum(axis=(1, 2))))   # as 'vgdl show bait' counts them
        self.assertEqual(counts, {"floor": 9, "hole": 0, "nokey": 1, "withkey": 0, "mushroom": 0, "key": 1,
                                  "goal": 1, "box": 2, "wall": 21})
        self.assertEqual(obs[env.game.plane_names.index("nokey"), 1, 2], 1)   # the avatar: row 1, column 2
        self.assertEqual(info, {"score": 0.0, "result": None, "tick": 0, "resources": {}, "seed": 1})
        for _ in range(20):
            self.assertIn(int(env.action_space.sample()), range(5))

    def test_resources_in_info(self):
        env = vgdl.make("zelda", level=0, seed=3)
        _, info = env.reset()
        self.assertIn("resources", info)
        self.assertEqual(set(info["resources"]), set(env.game.resource_names))


class TestAgainstTrace(unittest.TestCase):
    def test_pacman_episode(self):
        env = vgdl.make("pacman", level=0, seed=7)
        rng = np.random.default_rng(5)
        actions = [int(a) for a in rng.integers(0, env.action_space.n, 60)]
        lines = trace("pacman", 0, [env.action_names[a] for a in actions], 7)
        obs, info = env.reset()
        frames, total = [(obs, info)], 0.0
        for a in actions:
            obs, reward, terminated, truncated, info = env.step(a)
            total += reward
            frames.append((obs, info))
            if terminated:
                break
        self.assertEqual(len(frames), len(lines))
        names = env.game.plane_names
        for (obs, info), line in zip(frames, lines):
            self.assertEqual(info["tick"], line["tick"])
            self.assertAlmostEqual(info["score"], line["score"])
            self.assertEqual(info["result"] is not None, line["isGameOver"])
            expect = np.zeros_like(obs)
            for name, group in line["sprites"].items():
                for x, y in group["pos"]:
                    for cy in {int(np.floor(y)), int(np.ceil(y))}:
                        for cx in {int(np.floor(x)), int(np.ceil(x))}:
                            if 0 <= cy < obs.shape[1] and 0 <= cx < obs.shape[2]:
                                expect[names.index(name), cy, cx] = 1
            np.testing.assert_array_equal(obs, expect, err_msg=f"tick {line['tick']}")
        self.assertAlmostEqual(total, frames[-1][1]["score"])


class TestEpisodes(unittest.TestCase):
    def play(self, env, actions, seed=None):
        out = [env.reset(seed=seed)]
        for a in actions:
            out.append(env.step(a))
            if out[-1][2] or out[-1][3]:
                out.append(env.reset())
        return out

    def test_rewards_and_ends(self):
        env = vgdl.make("bait", level=0, seed=1)
        env.reset()
        plan = [line for line in run_vgdl("solve", "bait", "--level", "0").splitlines() if line.startswith("ACTION_")]
        score, ended = 0.0, None
        for name in plan:                                        # the level solver's shortest win
            obs, reward, terminated, truncated, info = env.step(env.action_names.index(name))
            score += reward
            self.assertEqual(info["score"], score)
            if terminated:
                ended = info
                break
        self.assertIsNotNone(ended)
        self.assertEqual(ended["result"], "win")
        self.assertGreater(score, 0)
        # stepping a finished game changes nothing
        _, reward, terminated, _, info = env.step(0)
        self.assertEqual((reward, terminated, info["score"]), (0.0, True, score))

    def test_truncation(self):
        env = vgdl.make("bait", level=0, max_steps=3)
        env.reset(seed=2)
        ends = [env.step(0)[3] for _ in range(3)]
        self.assertEqual(ends, [False, False, True])
        self.assertRaises(ValueError, vgdl.make, "bait", max_steps=0)

    def test_seeds_repeat(self):
        rng = np.random.default_rng(1)                         # aliens: the aliens' bombs are random
        actions = [int(a) for a in rng.integers(0, vgdl.make("aliens").action_space.n, 300)]
        a = self.play(vgdl.make("aliens", level=1), actions, seed=11)
        b = self.play(vgdl.make("aliens", level=1, seed=11), actions)
        self.assertEqual(len(a), len(b))
        for x, y in zip(a, b):
            np.testing.assert_array_equal(x[0], y[0])
            self.assertEqual(x[1:], y[1:])
        c = self.play(vgdl.make("aliens", level=1), actions, seed=987654321)
        self.assertFalse(all(np.array_equal(x[0], y[0]) for x, y in zip(a, c)))

    def test_next_seed(self):
        env = vgdl.make("bait", level=1, seed=5)
        self.assertEqual(env.reset()[1]["seed"], 5)
        self.assertEqual(env.reset()[1]["seed"], vgdl.lib.vg_next_seed(5))
        self.assertEqual(env.reset(seed=5)[1]["seed"], 5)
        unseeded = vgdl.make("bait").reset()[1]["seed"]
        self.assertIsInstance(unseeded, int)


class TestRender(unittest.TestCase):
    def test_same_as_vgdl_render(self):
        env = vgdl.make("bait", level=3, render_mode="rgb_array", cell=10)
        env.reset(seed=1)
        for a in (1, 2, 3):
            env.step(a)
        picture = env.render()
        self.assertEqual(picture.dtype, np.uint8)
        self.assertEqual(picture.ndim, 3)
        with tempfile.TemporaryDirectory() as tmp:
            actions, png = os.path.join(tmp, "a.txt"), os.path.join(tmp, "b.png")
            with open(actions, "w") as f:
                f.write("\n".join(env.action_names[a] for a in (1, 2, 3)) + "\n")
            run_vgdl("render", "bait", "--level", "3", "--actions", actions, "--cell", "10", "-o", png)
            np.testing.assert_array_equal(picture, read_png(png))

    def test_ansi_and_none(self):
        env = vgdl.make("bait", level=0, render_mode="ansi")
        env.reset(seed=1)
        self.assertEqual(env.render(), run_vgdl("show", "bait", "--level", "0").split("size:")[0])
        self.assertIsNone(vgdl.make("bait").render())
        self.assertRaises(ValueError, vgdl.make, "bait", render_mode="human")
        self.assertRaises(ValueError, vgdl.make, "bait", render_mode="rgb_array", cell=0)


class TestMisuse(unittest.TestCase):
    def test_bad_actions(self):
        env = vgdl.make("bait", level=0)
        env.reset(seed=1)
        for bad, error in [(None, TypeError), (1.0, TypeError), ("1", TypeError), ([1], TypeError),
                           (5, IndexError), (-1, IndexError), (2 ** 70, IndexError), (np.uint64(2 ** 63), IndexError)]:
            with self.assertRaises(error, msg=repr(bad)):
                env.step(bad)
        self.assertEqual(env.state.tick, 0)                      # nothing was played
        env.step(np.int64(1))
        self.assertEqual(env.state.tick, 1)

    def test_unknown_game(self):
        with self.assertRaises(vgdl.Error) as e:
            vgdl.make("bat")
        self.assertEqual(str(e.exception), "unknown game 'bat'; did you mean 'bait'?")
        with self.assertRaises(vgdl.Error) as e:
            vgdl.make("bait", level=9)
        self.assertIn("bait has no level 9", str(e.exception))
        self.assertRaises(TypeError, vgdl.make, 3)
        self.assertRaises(TypeError, vgdl.make, "bait", level=1.5)

    def test_script_error_names_the_line(self):
        with tempfile.TemporaryDirectory() as tmp:
            script = os.path.join(tmp, "broken.lua")
            with open(script, "w") as f:
                f.write('sprite { "wall", "Immovable" }\nsprite { "avatar", "NoSuchClass" }\n')
            with self.assertRaises(vgdl.Error) as e:
                vgdl.make(script, level=os.path.join(vgdl.ROOT, "levels/bait/lvl0.txt"))
            self.assertEqual(e.exception.file, script)
            self.assertEqual(e.exception.line, 2)

    def test_board_game(self):
        with self.assertRaises(ValueError) as e:
            vgdl.make("connect4")
        self.assertIn("make_aec", str(e.exception))

    def test_order_and_close(self):
        env = vgdl.make("bait")
        self.assertRaises(RuntimeError, env.step, 0)
        env.reset(seed=1)
        env.close()
        env.close()
        for call in (lambda: env.step(0), lambda: env.reset(), lambda: env.render(), lambda: env.state):
            self.assertRaises(vgdl.ClosedError, call)
        with vgdl.make("bait") as env2:
            env2.reset(seed=1)
        self.assertRaises(vgdl.ClosedError, env2.step, 0)


if __name__ == "__main__":
    unittest.main()
