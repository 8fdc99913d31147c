#!/usr/bin/env python3
"""Writes crates/cfengine/src/syntax/attribute_syntax.tsv from the reference's
own description of its syntax (`cf-promises --syntax-description json`): for
every promise type and body type, each attribute's type and range.
cf-promises checks every attribute name and literal value against them while
it parses (cf3parse_logic.h, `CheckConstraint` and `CheckSelection`); confer
reads the table to do the same.

    scripts/regen-cfengine-attribute-syntax.py      (needs cf-promises 3.21)
"""
import json
import os
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "crates/cfengine/src/syntax/attribute_syntax.tsv")

syntax = json.loads(subprocess.run(["cf-promises", "--syntax-description", "json"],
                                   check=True, capture_output=True, text=True).stdout)
version = subprocess.run(["cf-promises", "--version"], check=True, capture_output=True,
                         text=True).stdout.splitlines()[0]
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
