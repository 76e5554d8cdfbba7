# SPDX-License-Identifier: MIT
"""What the Python tests share: the vgdl command of the build under test,
a scratch folder, and a PNG reader (zlib only) to compare pictures."""
import json
import os
import struct
import subprocess
import tempfile
import zlib

import numpy as np

import vgdl

ROOT = vgdl.ROOT
BUILD = os.environ.get("VGDL_BUILD") or "release"
VGDL = os.path.join(ROOT, "bin/vgdl" if BUILD == "release" else f"build/{BUILD}/vgdl")


def run_vgdl(*args):
    """Runs the vgdl command from the repository's root; its stdout (it must succeed)."""
    env = {k: v for k, v in os.environ.items() if k != "LD_PRELOAD"}
    done = subprocess.run([VGDL, *args], cwd=ROOT, capture_output=True, text=True, env=env)
    if done.returncode != 0:
        raise AssertionError(f"vgdl {' '.join(args)}: exit {done.returncode}: {done.stderr}")
    return done.stdout


def trace(game, level, actions, seed):
    """vgdl trace's JSON lines for 'actions' (names), the start state first."""
    with tempfile.NamedTemporaryFile("w", suffix=".txt") as f:
        f.write("\n".join(actions) + "\n")
        f.flush()
        out = run_vgdl("trace", game, "--level", str(level), "--actions", f.name, "--seed", str(seed))
    return [json.loads(line) for line in out.splitlines()]


def read_png(path):
    """An 8-bit RGB PNG (as libpng writes them) as an H x W x 3 uint8 array."""
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat, w, h = 8, b"", 0, 0
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        if kind == b"IHDR":
            w, h, depth, colour = struct.unpack(">IIBB", body[:10])
            assert depth == 8 and colour == 2, "an 8-bit RGB PNG"
        elif kind == b"IDAT":
            idat += body
        pos += 12 + n
    raw, bpp, stride = zlib.decompress(idat), 3, w * 3
    out, prev = np.zeros((h, stride), dtype=np.int32), np.zeros(stride, dtype=np.int32)
    for y in range(h):
        kind, line = raw[y * (stride + 1)], np.frombuffer(raw, np.uint8, stride, y * (stride + 1) + 1).astype(np.int32)
        row = np.zeros(stride, dtype=np.int32)
        for x in range(stride):
            a = row[x - bpp] if x >= bpp else 0
            b, c = prev[x], prev[x - bpp] if x >= bpp else 0
            if kind == 0:
                p = 0
            elif kind == 1:
                p = a
            elif kind == 2:
                p = b
            elif kind == 3:
                p = (a + b) // 2
            else:
                pa, pb, pc = abs(b - c), abs(a - c), abs(a + b - 2 * c)
                p = a if pa <= pb and pa <= pc else b if pb <= pc else c
            row[x] = (line[x] + p) & 255
        out[y], prev = row, row
    return out.astype(np.uint8).reshape(h, w, 3)
