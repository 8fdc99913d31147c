#!/usr/bin/env python3
"""Writes crates/puppet/src/resource_types/builtin.tsv: the attributes and
namevars of the resource types Puppet 7.23 itself defines, read from its
`puppet/type/*.rb` (apt-get install -y puppet-agent; Debian installs them
under /usr/lib/ruby/vendor_ruby/puppet/type).

    scripts/regen-builtin-types.py [PUPPET_TYPE_DIR]

Each line: type, namevars (comma-separated), attributes (parameters and
properties, `ensure` for an ensurable type; metaparameters are not listed),
and the values of the attributes that accept only named values
(`attr:value|value|=alias;…`; attributes that also accept patterns, or
validate in code, are left out: any value passes).
The same static reading is done at run time for modules' types by
`resource_types/ruby.rs`; Puppet's own files are not on a machine without
Puppet, hence this recorded table.
"""

import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "crates", "puppet", "src", "resource_types", "builtin.tsv")
DEFAULT = "/usr/lib/ruby/vendor_ruby/puppet/type"

ATTR = re.compile(r"\b(?:Puppet::Type\.type\(:(\w+)\)\.)?new(param|property|check)\s*\(?\s*:(\w+)([^\n]*)")
NEWTYPE = re.compile(r"\bnewtype\s*\(\s*:(\w+)")


START = re.compile(r"^\s*(?:Puppet::Type\.type\(:\w+\)\.)?(?:new(?:param|property|check)\s*\(?\s*:(\w+)([^\n]*)|(ensurable)\s+do)")


def named_values(lines):
    """Attribute -> (values, aliases) for the blocks of `lines` that accept
    only named values."""
    found = {}
    starts = [(i, START.match(l)) for i, l in enumerate(lines)]
    starts = [(i, m) for i, m in starts if m]
    for n, (i, m) in enumerate(starts):
        end = starts[n + 1][0] if n + 1 < len(starts) else len(lines)
        block = "\n".join(lines[i:end])
        attr = m.group(1) or "ensure"
        if m.group(3) is None and ("boolean" in (m.group(2) or "") or "Boolean" in (m.group(2) or "")):
            continue
        if re.search(r"newvalues?\([^)\n]*/", block) or re.search(r"\bvalidate\s*(do\b|\{)", block):
            continue
        values = re.findall(r"newvalue\(\s*:(\w+)", block)
        for group in re.findall(r"newvalues\(([^)]*)\)", block):
            values += re.findall(r":(\w+)", group)
        aliases = re.findall(r"aliasvalue\(\s*:(\w+)", block)
        if values:
            found[attr] = (values, aliases)
    return found


def main(args):
    root = args[0] if args else DEFAULT
    types = {}
    for dirpath, _, files in os.walk(root):
        for f in sorted(files):
            if not f.endswith(".rb"):
                continue
            text = open(os.path.join(dirpath, f), encoding="utf-8").read()
            m = NEWTYPE.search(text)
            current = m.group(1) if m else None
            if current:
                types.setdefault(current, {"attrs": [], "namevars": []})
                if re.search(r"^\s*ensurable\b", text, re.M):
                    types[current]["attrs"].append("ensure")
            for owner in re.findall(r"Puppet::Type\.type\(:(\w+)\)\.ensurable", text):
                t = types.setdefault(owner, {"attrs": [], "namevars": []})
                if "ensure" not in t["attrs"]:
                    t["attrs"].append("ensure")
            lines = text.splitlines()
            owner_of_file = current or (re.search(r"Puppet::Type\.type\(:(\w+)\)", text) or [None, None])[1]
            if owner_of_file:
                t = types.setdefault(owner_of_file, {"attrs": [], "namevars": []})
                t.setdefault("values", {}).update(named_values(lines))
            for i, line in enumerate(lines):
                a = ATTR.search(line)
                if not a:
                    continue
                owner = a.group(1) or current
                if owner is None:
                    continue
                t = types.setdefault(owner, {"attrs": [], "namevars": []})
                name = a.group(3)
                if name not in t["attrs"]:
                    t["attrs"].append(name)
                block = "\n".join(lines[i:i + 8])
                if "namevar" in a.group(4) or re.search(r"^\s*isnamevar\b", block.split("\n  end")[0], re.M):
                    if name not in t["namevars"]:
                        t["namevars"].append(name)
    with open(OUT, "w") as out:
        out.write("# type\tnamevars\tattributes\tnamed values (recorded by scripts/regen-builtin-types.py)\n")
        for name in sorted(types):
            t = types[name]
            namevars = t["namevars"] or (["name"] if "name" in t["attrs"] else [])
            values = ";".join(
                f"{a}:" + "|".join(v + ["=" + x for x in al]) for a, (v, al) in sorted(t.get("values", {}).items()))
            out.write(f"{name}\t{','.join(namevars)}\t{','.join(sorted(t['attrs']))}\t{values}\n")


if __name__ == "__main__":
    main(sys.argv[1:])
