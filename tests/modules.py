#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
#
# tests/modules.py -- the module rules of tools/ (make check-rules):
#
#   1. one prefix a header: every function a header of tools/ declares
#      starts with the same word and '_' (cli_, match_, runs_, render_, ...);
#   2. one header a function: a function defined in tools/ and not static
#      (but main) is declared in exactly one header of tools/;
#   3. one error convention: no function of a tools/ header reports through
#      a 'why' buffer (char *why, size_t whysize); a function that can fail
#      returns a vg_status and fills a vg_error, or (a command) prints and
#      returns the exit status;
#   4. no cycles: no header of tools/ includes itself through others, and
#      no file of tools/ calls a function of a file that (through others)
#      calls one of its own.
#
# Calls are read from the sources: the name of a function (or of a table
# of data) defined in another file, followed by '(' or taken as a value,
# outside comments and strings. Exit
# status 0 when every rule holds, 1 after printing each breach.
import os
import re
import sys

ROOT = sys.argv[1] if len(sys.argv) > 1 else "tools"


def strip(text):
    """The C text without comments and string or character literals."""
    text = re.sub(r"/\*.*?\*/", lambda m: "\n" * m.group().count("\n"), text, flags=re.S)
    text = re.sub(r"//[^\n]*", "", text)
    return re.sub(r'"(\\.|[^"\\\n])*"|\'(\\.|[^\'\\\n])*\'', '""', text)


def files(ext):
    out = []
    for d, _, names in os.walk(ROOT):
        out += [os.path.join(d, n) for n in names if n.endswith(ext)]
    return sorted(out)


# A prototype: at the start of a line, a return type, a name, '(' (not a
# static function, a typedef, a macro or a call in an initialiser).
PROTO = re.compile(r"^(?!static\b|typedef\b|return\b|#)[A-Za-z_][\w \t*]*?\b([A-Za-z_]\w*)\s*\(([^;{]*?)\)\s*"
                   r"(?:__attribute__\s*\(\(.*?\)\))?\s*;", re.M | re.S)
DEF = re.compile(r"^(?!static\b|typedef\b|#)[A-Za-z_][\w \t*]*?\b([A-Za-z_]\w*)\s*\([^;{)]*(?:\([^)]*\)[^;{)]*)*\)\s*\{",
                 re.M)

bad = []
headers = {h: strip(open(h).read()) for h in files(".h")}
sources = {c: strip(open(c).read()) for c in files(".c")}

# ---- 1. One prefix a header; 3. no 'why' buffers
declared = {}                   # function -> the headers declaring it
for h, text in headers.items():
    protos = PROTO.findall(text)
    prefixes = sorted({name.split("_")[0] for name, _ in protos})
    if len(prefixes) > 1:
        names = ", ".join(sorted({n for n, _ in protos}))
        bad.append(f"{h}: declares functions of {len(prefixes)} prefixes ({', '.join(p + '_' for p in prefixes)}): {names}")
    for name, params in protos:
        declared.setdefault(name, []).append(h)
    for line in text.split("\n"):       # prototypes and function pointers alike
        if re.search(r"\bchar\s*\*\s*why\w*\s*,\s*size_t", line):
            bad.append(f"{h}: '{line.strip()}' reports through a 'why' buffer; fill a vg_error instead")

# ---- 2. One header a function
DATA = re.compile(r"^(?!static\b|typedef\b|extern\b|return\b|#)[A-Za-z_][\w \t*]*?\b([A-Za-z_]\w*)\s*(?:\[[^\]]*\])?\s*=", re.M)
defined = {}                    # function (or table of data) -> the file defining it
for c, text in sources.items():
    for name in DATA.findall(text):
        defined[name] = c
    for name in DEF.findall(text):
        if name in ("main", "if", "for", "while", "switch"):
            continue
        defined[name] = c
        where = declared.get(name, [])
        if not where:
            bad.append(f"{c}: {name} is not static and no header of {ROOT}/ declares it")
        elif len(where) > 1:
            bad.append(f"{c}: {name} is declared in {len(where)} headers: {', '.join(where)}")


def cycles(graph):
    """The strongly connected components of more than one node (Tarjan)."""
    index, low, stack, on, out = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


# ---- 4. No include cycle among the headers, no call cycle among the files
by_name = {os.path.basename(h): h for h in headers}
includes = {h: {by_name[i] for i in re.findall(r'#include\s+"(?:.*/)?([^"/]+)"', open(h).read()) if i in by_name}
            for h in headers}
for comp in cycles(includes):
    bad.append(f"include cycle among {', '.join(comp)}")
calls = {}
for c, text in sources.items():
    used = set(re.findall(r"\b([A-Za-z_]\w*)\s*\(", text)) | set(re.findall(r"[=,{(&?:]\s*([A-Za-z_]\w*)\b", text))
    calls[c] = {defined[n] for n in used if n in defined and defined[n] != c}
for comp in cycles(calls):
    bad.append(f"call cycle among {', '.join(comp)}: each calls, through the others, back into itself")

for b in bad:
    print("modules:", b)
if bad:
    print(f"modules: {len(bad)} breaches of the module rules of {ROOT}/ (tests/modules.py)")
    sys.exit(1)
print(f"modules: {len(headers)} headers, {len(sources)} files of {ROOT}/: one prefix a header, no 'why' buffers, no cycles")
