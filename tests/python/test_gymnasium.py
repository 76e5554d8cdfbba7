# SPDX-License-Identifier: MIT
"""When gymnasium is importable (Debian 12 has none; a user's virtualenv
may), the package builds on it: Env and VectorEnv are its classes, the
spaces its own, every game is registered as vgdl/NAME-v0, reset(seed)
seeds its np_random, and VectorEnv says next-step autoreset with its enum.
Checked in a child interpreter against a stand-in gymnasium written to a
scratch folder (STAND_IN: the few names the package uses, recording what
it is given), since the real one cannot be installed here."""
import os
import subprocess
import sys
import tempfile
import textwrap
import unittest

STAND_IN = {
    "gymnasium/__init__.py": """
        import numpy as np
        registry = {}
        def register(id, entry_point, kwargs=None):
            registry[id] = (entry_point, kwargs)
        class Env:
            def reset(self, *, seed=None, options=None):
                if seed is not None or not hasattr(self, "_np_random"):
                    self._np_random = np.random.default_rng(seed)
            @property
            def np_random(self):
                return self._np_random
        from . import spaces, vector
        """,
    "gymnasium/spaces.py": """
        class Space:
            def __init__(self, *args, **kwargs):
                self.args, self.kwargs = args, kwargs
        class Discrete(Space):
            def __init__(self, n, seed=None, start=0):
                self.n = n
        class Box(Space):
            def __init__(self, low, high, shape, dtype=None, seed=None):
                self.shape, self.dtype = shape, dtype
        class MultiDiscrete(Space): pass
        class Dict(dict): pass
        """,
    "gymnasium/vector.py": """
        import enum
        class AutoresetMode(enum.Enum):
            NEXT_STEP = "NextStep"
        class VectorEnv: pass
        """,
}

CHECK = """
    import gymnasium, vgdl
    env = vgdl.make("bait", level=0)
    assert isinstance(env, gymnasium.Env)
    assert isinstance(env.action_space, gymnasium.spaces.Discrete) and env.action_space.n == 5
    assert isinstance(env.observation_space, gymnasium.spaces.Box) and env.observation_space.shape == (9, 6, 5)
    obs, info = env.reset(seed=3)
    assert info["seed"] == 3 and env.np_random is not None
    assert gymnasium.registry["vgdl/bait-v0"] == ("vgdl:make", {"game": "bait"})
    assert "vgdl/aliens-v0" in gymnasium.registry and len(gymnasium.registry) == len(vgdl.games())
    vec = vgdl.VectorEnv("bait", 2)
    assert isinstance(vec, gymnasium.vector.VectorEnv)
    assert vec.metadata["autoreset_mode"] is gymnasium.vector.AutoresetMode.NEXT_STEP
    vec.reset(seed=1)
    vec.step([1, 2])
    aec = vgdl.make_aec("connect4")
    assert isinstance(aec.observation_space("player_0"), gymnasium.spaces.Dict)
    print("ok")
    """


class TestWithGymnasium(unittest.TestCase):
    def test_stand_in(self):
        with tempfile.TemporaryDirectory() as tmp:
            for path, text in STAND_IN.items():
                os.makedirs(os.path.join(tmp, os.path.dirname(path)), exist_ok=True)
                with open(os.path.join(tmp, path), "w") as f:
                    f.write(textwrap.dedent(text))
            env = dict(os.environ, PYTHONPATH=os.pathsep.join([tmp] + sys.path))
            done = subprocess.run([sys.executable, "-c", textwrap.dedent(CHECK)], env=env, capture_output=True, text=True)
            self.assertEqual(done.returncode, 0, done.stderr)
            self.assertEqual(done.stdout, "ok\n")


if __name__ == "__main__":
    unittest.main()
