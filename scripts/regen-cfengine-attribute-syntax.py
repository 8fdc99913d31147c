#!/usr/bin/env python3
"""Writes crates/cfengine/src/syntax/attribute_syntax.tsv from the reference's
own description of its syntax (`cf-promises --syntax-description json`): for
every promise type and body type, each attribute's type and range.
cf-promises checks every attribute name and literal value against them while
it parses (cf3parse_logic.h, `CheckConstraint` and `CheckSelection`); confer
reads the table to do the same.

    scripts/regen-cfengine-attribute-syntax.py [CFENGINE_CORE_GIT_DIR]

needs cf-promises 3.21. The description leaves out the attributes 3.21 has
removed but still accepts (with a parser warning, ignored: `host_licenses_paid`);
they are read from the source, a git directory of cfengine/core holding the
tag 3.21.0 (default: the `fetch` mirror /work/.mirror/cfengine+core/repo),
and written as `removed` rows valid in any body or promise.
"""
import json
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "crates/cfengine/src/syntax/attribute_syntax.tsv")

syntax = json.loads(subprocess.run(["cf-promises", "--syntax-description", "json"],
                                   check=True, capture_output=True, text=True).stdout)
version = subprocess.run(["cf-promises", "--version"], check=True, capture_output=True,
                         text=True).stdout.splitlines()[0]
core = sys.argv[1] if len(sys.argv) > 1 else "/work/.mirror/cfengine+core/repo"
files = subprocess.run(["git", "-C", core, "ls-tree", "--name-only", "3.21.0", "libpromises/"],
                       check=True, capture_output=True, text=True).stdout.split()
source = "".join(subprocess.run(["git", "-C", core, "show", f"3.21.0:{f}"], check=True, capture_output=True,
                                text=True).stdout for f in files if re.match(r"libpromises/mod_.*\.c$", f))
# One entry per `ConstraintSyntaxNew…(` call: its name, and whether its
# status is SYNTAX_STATUS_REMOVED.
removed = sorted({m.group(1) for chunk in re.split(r"ConstraintSyntaxNew\w+\(", source)[1:]
                  if (m := re.match(r'\s*"([a-z_]+)"', chunk)) and "SYNTAX_STATUS_REMOVED" in chunk.split("),")[0]})
with open(OUT, "w") as f:
    f.write(f"# block\ttype\tattribute\tdatatype\trange  (from {version}: scripts/regen-cfengine-attribute-syntax.py)\n")
    for block, key in (("promise", "promiseTypes"), ("body", "bodyTypes")):
        for kind in sorted(syntax[key]):
            for lval, a in sorted(syntax[key][kind]["attributes"].items()):
                rng = a.get("range", "")
                if not isinstance(rng, str):
                    rng = ""
                assert "\t" not in rng and "\n" not in rng, (kind, lval, rng)
                f.write(f"{block}\t{kind}\t{lval}\t{a['type']}\t{rng}\n")
    for lval in removed:
        f.write(f"removed\t*\t{lval}\t\t\n")
