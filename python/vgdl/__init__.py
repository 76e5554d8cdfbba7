# SPDX-License-Identifier: MIT
"""vgdl from Python: GVGAI-style games in C, as Gymnasium environments, with
the forward model for planning and the engine's C agents.

    import vgdl
    env = vgdl.make("bait", level=0, seed=1)
    obs, info = env.reset()
    obs, reward, terminated, truncated, info = env.step(env.action_space.sample())

    envs = vgdl.VectorEnv("bait", 64, level=0)       # 64 states stepped in C by one call
    s = env.state; s2 = s.copy(); s2.advance(1)      # the forward model
    vgdl.agent("mcts", budget_calls=1000).act(s)     # a C agent's decision
    vgdl.make_parallel("gvgai/2player/tron.txt")     # two players at once, PettingZoo's Parallel API
    vgdl.make_aec("gvgai/2player/tron.txt")          # ... or one after the other, PettingZoo's AEC API

See docs/python.md."""
from ._lib import ROOT, Error, ffi, lib
from .aec import AECEnv, ParallelAECEnv, make_aec
from .agent import Agent, agent, agents
from .env import ClosedError, Env
from .parallel import ParallelEnv, make_parallel
from .spaces import Box, Discrete, MultiDiscrete
from .state import Game, State
from .vector import VectorEnv

__version__ = "0.9.0"


def make(game, level=0, **kwargs):
    """An environment of 'game' at 'level' (vgdl.Env): a script's name
    ("bait"), one of GVGAI's games ("zelda", "gvgai/zelda.txt") or a path;
    a level number, name or map path. Keywords: seed (the first episode's),
    render_mode ("rgb_array" or "ansi"), max_steps (truncation), cell
    (pixels a cell when rendering)."""
    return Env(game, level, **kwargs)


def games():
    """The names vgdl.make knows without a path: the scripts and GVGAI's games."""
    names = ffi.new("char *[]", 1024)
    n = lib.vg_game_names(ROOT.encode(), names, 1024)
    out = [ffi.string(names[k]).decode() for k in range(n)]
    for k in range(n):
        lib.free(names[k])
    return out


def _register():
    """Registers vgdl/NAME-v0 for every game with gymnasium, when it is importable."""
    try:
        import gymnasium
    except ImportError:
        return
    for name in games():
        gymnasium.register(id=f"vgdl/{name}-v0", entry_point="vgdl:make", kwargs={"game": name})


_register()

__all__ = ["make", "make_aec", "make_parallel", "ParallelEnv", "games", "agent", "agents", "Env", "VectorEnv", "AECEnv", "ParallelAECEnv", "Agent", "Game", "State",
           "Error", "ClosedError", "Discrete", "Box", "MultiDiscrete"]
