# SPDX-License-Identifier: MIT
"""The native module (vgdl._native): cffi's API mode over libvgdl.so (python/build_native.py),
built by make into build/BUILD/python/ for Debian's python3. BUILD is
$VGDL_BUILD (release unless the tests say asan, ...). Also what every part
of the package shares: the checkout's root and the engine's errors."""
import importlib.machinery
import importlib.util
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BUILD = os.environ.get("VGDL_BUILD") or "release"


def _load():
    folder = os.path.join(ROOT, "build", BUILD, "python")
    for suffix in importlib.machinery.EXTENSION_SUFFIXES:
        path = os.path.join(folder, "_native" + suffix)
        if os.path.exists(path):
            spec = importlib.util.spec_from_file_location("vgdl._native", path)
            module = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(module)
            return module
    raise ImportError(f"vgdl: no native module for this Python ({sys.executable}, {sys.version.split()[0]}) "
                      f"in {folder}: run 'make' in {ROOT} (it builds one for /usr/bin/python3)")


_module = _load()
ffi, lib = _module.ffi, _module.lib


class Error(Exception):
    """An error the engine reports: a game or level that cannot be loaded, a
    script that failed during play, an agent's bad parameters. str() is the
    message as the vgdl command prints it (file:line:column: what)."""

    def __init__(self, message, file="", line=0, column=0):
        where = file + (f":{line}" if file and line else "") + (f":{column}" if file and line and column else "")
        super().__init__(f"{where}: {message}" if where else message)
        self.message, self.file, self.line, self.column = message, file, line, column


def error(err, prefix=""):
    """The Error for a filled vg_error."""
    return Error(prefix + ffi.string(err.msg).decode(errors="replace"),
                 ffi.string(err.file).decode(errors="replace"), err.line, err.col)


def text(value, what):
    """'value' (str or os.PathLike) as bytes for C; TypeError otherwise."""
    if isinstance(value, bytes) or not isinstance(value, (str, os.PathLike)):
        raise TypeError(f"{what} must be a str or a path, not {type(value).__name__}")
    value = os.fspath(value)
    if "\0" in value:
        raise ValueError(f"{what} holds a NUL character")
    return value.encode()
