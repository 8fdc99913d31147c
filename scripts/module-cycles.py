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


def paths(source, root):
    """The paths named after `root::`, with `use` groups expanded:
    `crate::eval::{agent, run::Options}` names `eval::agent` and
    `eval::run::Options`."""
    found = []
    for m in re.finditer(root + r"::((?:[A-Za-z_][A-Za-z0-9_]*::)*)(\{|[A-Za-z_][A-Za-z0-9_]*)", source):
        prefix, rest = m.group(1), m.group(2)
        if rest != "{":
            found.append(prefix + rest)
            continue
        depth, i = 1, m.end()
        while i < len(source) and depth:
            depth += {"{": 1, "}": -1}.get(source[i], 0)
            i += 1
        found += [prefix + item for item in group_items(source[m.end():i - 1])]
    return found


def group_items(group):
    """The paths of a `use` group's items, nested groups expanded."""
    items, depth, start = [], 0, 0
    for i, c in enumerate(group + ","):
        if c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
        elif c == "," and depth == 0:
            item = group[start:i].strip()
            start = i + 1
            if "{" in item:
                head, inner = item.split("{", 1)
                items += [head + sub for sub in group_items(inner.rsplit("}", 1)[0])]
            elif item and item != "self":
                items.append(item.split(" as ")[0].strip())
            elif item == "self":
                items.append("")
    return [i.rstrip(":") for i in items]


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
        named = [resolve(r.rstrip(":")) for r in paths(source, "crate")]
        named += [resolve(((parent + "::") if parent else "") + r.rstrip(":")) for r in paths(source, "super")]
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
