#!/usr/bin/env python3
"""Lists the circles of references between the modules of a crate: module
A names module B (`crate::b::…` or `super::b::…` outside comments and
tests) and B, directly or through others, names A. Each circle (a strongly
connected component of more than one module) is printed with its size.

    scripts/module-cycles.py crates/cfengine/src
"""

import collections
import os
import re
import sys


def modules(root):
    """Each module's path (`eval::context`) and its source without
    comments and test modules."""
    found = {}
    for folder, _, names in os.walk(root):
        for name in names:
            if not name.endswith(".rs"):
                continue
            path = os.path.join(folder, name)
            rel = os.path.relpath(path, root)[:-3]
            module = rel.replace("/mod", "").replace("/", "::")
            if module in ("lib", "main"):
                module = ""
            with open(path) as f:
                source = re.split(r"#\[cfg\(test\)\]", f.read())[0]
            found[module] = "\n".join(l for l in source.split("\n") if not l.strip().startswith("//"))
    return found


def references(found):
    """The graph: each module and the modules it names."""
    known = set(found)

    def resolve(path):
        parts = path.split("::")
        for i in range(len(parts), 0, -1):
            if "::".join(parts[:i]) in known:
                return "::".join(parts[:i])
        return None

    graph = collections.defaultdict(set)
    for module, source in found.items():
        parent = module.rsplit("::", 1)[0] if "::" in module else ""
        named = [resolve(r.rstrip(":")) for r in re.findall(r"crate::([A-Za-z_][A-Za-z0-9_:]*)", source)]
        named += [resolve(((parent + "::") if parent else "") + r.rstrip(":"))
                  for r in re.findall(r"super::([A-Za-z_][A-Za-z0-9_:]*)", source)]
        for target in named:
            # A module and its own submodules or parents are one unit.
            if target and target != module and not target.startswith(module + "::") \
                    and not module.startswith(target + "::"):
                graph[module].add(target)
    return graph


def circles(graph, nodes):
    """Tarjan's strongly connected components of more than one node."""
    index, low, stack, on, found, counter = {}, {}, [], set(), [], [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    sys.setrecursionlimit(10000)
    for v in sorted(nodes):
        if v not in index:
            visit(v)
    return sorted(found, key=len, reverse=True)


def main():
    found = modules(sys.argv[1])
    result = circles(references(found), found)
    for component in result:
        print(f"{len(component)}: {' '.join(component)}")
    print(f"{len(result)} circle(s)")


if __name__ == "__main__":
    main()
