#!/usr/bin/env python3
"""layers.py: the runtime's file-level call graph, measured from its object files, checked
against the layers that runtime/rtlib.h ("Architecture") declares.

For each build/rt/*.o, `nm` tells which global symbols the file defines and which it uses; a
use of a symbol that another runtime file defines is an edge (user -> definer), a call or a
reference to data. The script prints each file's edges, the strongly connected components
(files that reach one another), bottom first, and fails (exit 1) when
  - a component is larger than three files, unless what makes it larger runs through error.c
    and call.c (error reporting and calling may stay entwined: without those two files, its
    other files fall into components of three files at most);
  - an edge goes up: from a file to a file of a higher layer, unless rtlib.h lists it as an
    "Upward reference";
  - files of one layer call one another in a circle (error.c and call.c excepted), once the
    listed upward references are left out;
  - a runtime file is in no layer, or a layer names a file that has no object file.

    scripts/layers.py [--objs DIR] [--header FILE] [--why A:B] [--dot] [--components-only]

--why a:b lists the symbols behind the edge a -> b; --dot prints the graph for graphviz;
--components-only skips the layer check (to measure a tree that has no layer table).
"""
import argparse
import glob
import os
import re
import subprocess
import sys

ENTWINED = {"error", "call"}  # error reporting and calling: may stay entwined
MAX_COMPONENT = 3


def read_symbols(obj):
    """(defined, used) global symbol sets of one object file."""
    out = subprocess.run(["nm", "-P", obj], capture_output=True, text=True, check=True).stdout
    defined, used = set(), set()
    for line in out.splitlines():
        parts = line.split()
        if len(parts) < 2:
            continue
        name, kind = parts[0], parts[1]
        if kind == "U":
            used.add(name)
        elif kind.isupper() and kind != "N":  # global text, data, bss, read-only, weak
            defined.add(name)
    return defined, used


def build_graph(objdir):
    objs = sorted(glob.glob(os.path.join(objdir, "*.o")))
    if not objs:
        sys.exit(f"layers.py: no object files in {objdir} (run make first)")
    files = [os.path.basename(o)[:-2] for o in objs]
    syms = {f: read_symbols(o) for f, o in zip(files, objs)}
    owner = {}
    for f in files:
        for s in syms[f][0]:
            owner[s] = f
    edges = {f: {} for f in files}  # user -> {definer: [symbols]}
    for f in files:
        for s in sorted(syms[f][1]):
            d = owner.get(s)
            if d is not None and d != f:
                edges[f].setdefault(d, []).append(s)
    return files, edges


def components(files, edges):
    """Tarjan's strongly connected components, each sorted, a component after every
    component it calls (bottom first)."""
    index, low, onstack, stack, out = {}, {}, set(), [], []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        onstack.add(v)
        for w in sorted(edges[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in onstack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                onstack.discard(w)
                comp.append(w)
                if w == v:
                    break
            out.append(sorted(comp))

    sys.setrecursionlimit(10000)
    for v in files:
        if v not in index:
            visit(v)
    return out


def component_ok(comp, edges):
    """A component is allowed when it has at most MAX_COMPONENT files, or when removing the
    entwined files (error, call) leaves components of at most MAX_COMPONENT files."""
    if len(comp) <= MAX_COMPONENT:
        return True
    if not ENTWINED <= set(comp):
        return False
    rest = [f for f in comp if f not in ENTWINED]
    sub = {f: {d: s for d, s in edges[f].items() if d in rest} for f in rest}
    return all(len(c) <= MAX_COMPONENT for c in components(rest, sub))


def read_layers(header):
    """{file: layer number}, {layer number: name}, [(from, to)] upward references, from the
    "Architecture" block of rtlib.h."""
    text = open(header, encoding="utf-8").read()
    layer_of, names, upward = {}, {}, []
    for m in re.finditer(r"^\s*\*\s*Layer (\d+), ([^:]+):(.*)$", text, re.M):
        n = int(m.group(1))
        names[n] = m.group(2).strip()
        for f in re.findall(r"\b([\w-]+)\.c\b", m.group(3)):
            if f in layer_of:
                sys.exit(f"layers.py: {header}: {f}.c is in layers {layer_of[f]} and {n}")
            layer_of[f] = n
    for m in re.finditer(r"^\s*\*\s*Upward reference: ([\w-]+)\.c -> ([\w-]+)\.c", text, re.M):
        upward.append((m.group(1), m.group(2)))
    return layer_of, names, upward


def show_edge(f, d, edges, limit=6):
    syms = edges[f][d]
    return f"{f} -> {d}: {' '.join(syms[:limit])}{' ...' if len(syms) > limit else ''}"


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--objs", default=os.path.join(os.environ.get("B", "build"), "rt"))
    ap.add_argument("--header", default=os.path.join(here, "..", "runtime", "rtlib.h"))
    ap.add_argument("--why", help="A:B, the symbols behind the edge A -> B")
    ap.add_argument("--dot", action="store_true", help="print the graph for graphviz")
    ap.add_argument("--components-only", action="store_true", help="skip the layer check")
    args = ap.parse_args()
    files, edges = build_graph(args.objs)

    if args.why:
        a, b = (x.removesuffix(".o").removesuffix(".c") for x in args.why.split(":"))
        print(" ".join(edges.get(a, {}).get(b, [])) or f"{a} does not call {b}")
        return 0
    if args.dot:
        print("digraph runtime {\n  rankdir=BT;")
        for f in files:
            for d in sorted(edges[f]):
                print(f'  "{f}" -> "{d}";')
        print("}")
        return 0

    failures = []
    print("runtime call graph (file -> files it calls or refers to):")
    width = max(len(f) for f in files)
    for f in files:
        print(f"  {f:<{width}} -> {' '.join(sorted(edges[f])) or '-'}")

    # The references the header lists as going up to data (hashtable.c and control.c naming
    # primitives' procedure objects, which prims.c makes from every file's primitives) call
    # nothing: left out here too, or every file of layer 7 that calls control.c would close a
    # circle through prims.c.
    listed = [] if args.components_only else read_layers(args.header)[2]
    calls = {f: {d: syms for d, syms in edges[f].items() if (f, d) not in listed} for f in files}
    comps = components(files, calls)
    print("strongly connected components, bottom first:")
    for c in comps:
        print(f"  {' '.join(c)}")
    for c in comps:
        if len(c) <= 1:
            continue
        ok = component_ok(c, calls)
        print(f"{'ok' if ok else 'CIRCLE'}: {len(c)} files call one another: {' '.join(c)}")
        if not ok:
            failures.append(f"a circle of {len(c)} files: {' '.join(c)}")
            for f in c:
                for d in sorted(edges[f]):
                    if d in c:
                        print(f"    {show_edge(f, d, edges)}")

    if not args.components_only:
        layer_of, names, upward = read_layers(args.header)
        if not layer_of:
            failures.append(f"no \"Layer N, name: files\" lines in {args.header}")
        for f in files:
            if layer_of and f not in layer_of:
                failures.append(f"{f}.c is in no layer of {args.header}")
        for f in sorted(set(layer_of) - set(files)):
            failures.append(f"{args.header} places {f}.c, which has no object file")
        print("layers, bottom first:")
        for n in sorted(names):
            print(f"  {n} {names[n]}: {' '.join(f for f in files if layer_of.get(f) == n)}")
        for f in files:
            for d in sorted(edges[f]):
                if f in layer_of and d in layer_of and layer_of[d] > layer_of[f]:
                    if (f, d) in upward:
                        print(f"up (listed in the header): {show_edge(f, d, edges)}")
                    else:
                        failures.append(f"layer {layer_of[f]} calls up to layer {layer_of[d]}: "
                                        f"{show_edge(f, d, edges)}")
        # Inside a layer, calls go one way too: with the listed upward references left out,
        # the only circle left may be the entwined pair.
        down = {f: {d: syms for d, syms in edges[f].items() if (f, d) not in upward}
                for f in files}
        for c in components(files, down):
            if len(c) > 1 and not set(c) <= ENTWINED:
                failures.append(f"files call one another in a circle: {' '.join(c)}")
                print(f"circle: {' '.join(c)}")
                for f in c:
                    for d in sorted(down[f]):
                        if d in c:
                            print(f"    {show_edge(f, d, down)}")
        for f, d in upward:
            if d not in edges.get(f, {}):
                failures.append(f"the header lists {f}.c -> {d}.c, an edge that no longer "
                                "exists: remove it")

    for msg in failures:
        print(f"layers.py: {msg}", file=sys.stderr)
    if failures:
        print("layers.py: see runtime/rtlib.h, \"Architecture\", for which way calls go",
              file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
