# SPDX-License-Identifier: MIT
"""Action and observation spaces with Gymnasium's interface (n, shape,
dtype, sample(), contains(), seed()). When gymnasium is importable its own
spaces are used, so that its wrappers and checks know them; else these."""
import numpy as np

try:
    from gymnasium.spaces import Box, Discrete, MultiDiscrete  # noqa: F401
except ImportError:
    class Space:
        def __init__(self, shape, dtype, seed=None):
            self.shape, self.dtype = tuple(shape), np.dtype(dtype)
            self.seed(seed)

        def seed(self, seed=None):
            """Seeds sample()'s generator; returns [seed]."""
            self.np_random = np.random.default_rng(seed)
            return [seed]

        def __contains__(self, x):
            return self.contains(x)

    class Discrete(Space):
        """The integers start, ..., start + n - 1."""

        def __init__(self, n, seed=None, start=0):
            if int(n) < 1:
                raise ValueError(f"a Discrete space needs n >= 1, not {n}")
            self.n, self.start = np.int64(n), np.int64(start)
            super().__init__((), np.int64, seed)

        def sample(self, mask=None):
            if mask is not None:
                allowed = np.flatnonzero(np.asarray(mask, dtype=np.int8))
                return self.start + (np.int64(self.np_random.choice(allowed)) if len(allowed) else np.int64(0))
            return self.start + np.int64(self.np_random.integers(self.n))

        def contains(self, x):
            if isinstance(x, (int, np.integer)) and not isinstance(x, bool):
                return self.start <= x < self.start + self.n
            if isinstance(x, np.ndarray) and x.shape == () and np.issubdtype(x.dtype, np.integer):
                return self.start <= int(x) < self.start + self.n
            return False

        def __repr__(self):
            return f"Discrete({self.n})" if self.start == 0 else f"Discrete({self.n}, start={self.start})"

        def __eq__(self, other):
            return isinstance(other, Discrete) and self.n == other.n and self.start == other.start

    class MultiDiscrete(Space):
        """Arrays whose entry i is one of 0, ..., nvec[i] - 1."""

        def __init__(self, nvec, dtype=np.int64, seed=None):
            self.nvec = np.array(nvec, dtype=dtype, copy=True)
            if (self.nvec < 1).any():
                raise ValueError("a MultiDiscrete space needs every nvec >= 1")
            super().__init__(self.nvec.shape, dtype, seed)

        def sample(self, mask=None):
            return (self.np_random.random(self.nvec.shape) * self.nvec).astype(self.dtype)

        def contains(self, x):
            x = np.asarray(x)
            return x.shape == self.shape and np.issubdtype(x.dtype, np.integer) and bool(((x >= 0) & (x < self.nvec)).all())

        def __repr__(self):
            return f"MultiDiscrete({self.nvec})"

        def __eq__(self, other):
            return isinstance(other, MultiDiscrete) and np.array_equal(self.nvec, other.nvec)

    class Box(Space):
        """Arrays of 'shape' whose entries lie in [low, high]."""

        def __init__(self, low, high, shape, dtype=np.float32, seed=None):
            super().__init__(shape, dtype, seed)
            self.low = np.full(self.shape, low, dtype=self.dtype)
            self.high = np.full(self.shape, high, dtype=self.dtype)

        def sample(self, mask=None):
            if np.issubdtype(self.dtype, np.integer):
                return self.np_random.integers(self.low, self.high, endpoint=True, dtype=self.dtype)
            return self.np_random.uniform(self.low, self.high).astype(self.dtype)

        def contains(self, x):
            x = np.asarray(x)
            return (x.shape == self.shape and np.can_cast(x.dtype, self.dtype)
                    and bool(((x >= self.low) & (x <= self.high)).all()))

        def __repr__(self):
            return f"Box({self.low.min()}, {self.high.max()}, {self.shape}, {self.dtype})"

        def __eq__(self, other):
            return (isinstance(other, Box) and self.shape == other.shape and self.dtype == other.dtype
                    and np.array_equal(self.low, other.low) and np.array_equal(self.high, other.high))
