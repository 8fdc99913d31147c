#!/usr/bin/env python3
"""Writes crates/cfengine/src/functions/arg_templates.tsv from the reference's
own description of its functions (`cf-promises --syntax-description json`):
for every built-in function, each parameter's type and range, in order.
cf-agent checks a call's literal arguments against them before it runs the
function (fncall.c, `CallFunction`); confer reads the table to do the same.

    scripts/regen-cfengine-arg-templates.py      (needs cf-promises 3.21)
"""
import json
import os
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "crates/cfengine/src/functions/arg_templates.tsv")

syntax = json.loads(subprocess.run(["cf-promises", "--syntax-description", "json"],
                                   check=True, capture_output=True, text=True).stdout)
version = subprocess.run(["cf-promises", "--version"], check=True, capture_output=True,
                         text=True).stdout.splitlines()[0]
with open(OUT, "w") as f:
    f.write(f"# function\tparameter\ttype\trange  (from {version}: scripts/regen-cfengine-arg-templates.py)\n")
    for name in sorted(syntax["functions"]):
        for i, p in enumerate(syntax["functions"][name]["parameters"]):
            assert "\t" not in p["range"] and "\n" not in p["range"]
            f.write(f"{name}\t{i}\t{p['type']}\t{p['range']}\n")
