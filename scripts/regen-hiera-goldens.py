#!/usr/bin/env python3
"""Regenerates the expected outputs of the Hiera golden lookups by running
real Puppet 7.23's `puppet lookup` on each case of `tests/hiera/cases.txt`.

    scripts/regen-hiera-goldens.py [CASE-NAME ...]

Needs `puppet`. The tests read the stored files and do not need Puppet.
Each case `name | node | arguments` is run (two at a time) as

    puppet lookup ARGUMENTS --node NODE --codedir W/code --environment production \
        --confdir W --vardir W/var --logdir W/log --rundir W/run \
        --basemodulepath tests/hiera/basemodules --facts_terminus yaml \
        --log_level warning --color false --logdest console [--render-as json]

with `W/code/environments/production` a link to `tests/hiera/env` and the facts
copied to `W/var/yaml/facts/NODE.yaml` (W is $CONFER_GOLDEN_WORK, default
/tmp/golden-hiera). `tests/hiera/basemodules` holds the data of Debian's
ntp module (`/usr/share/puppet/modules/ntp`: hiera.yaml, data/), copied so
the tests need no Debian package. `--render-as json` is added unless the case chooses a
rendering; `--logdest console` makes Puppet print its errors on stderr (it
sends them to syslog otherwise). `tests/hiera/expected/<name>.json` records the exit status, stdout
and stderr (Facter's noise left out; the environment's absolute path written
`tests/hiera/env`).
"""

import concurrent.futures
import json
import os
import re
import shlex
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
HIERA = os.path.join(ROOT, "tests", "hiera")
WORK = os.environ.get("CONFER_GOLDEN_WORK", "/tmp/golden-hiera")
NOISE = re.compile(r"Facter: |^\s*$|^\s+(lines\.|\^+|version\.gsub)")


def cases():
    with open(os.path.join(HIERA, "cases.txt")) as f:
        for line in f:
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            name, node, args = (p.strip() for p in line.split("|", 2))
            yield name, node, shlex.split(args)


def setup():
    shutil.rmtree(WORK, ignore_errors=True)
    os.makedirs(os.path.join(WORK, "code", "environments"))
    os.symlink(os.path.join(HIERA, "env"), os.path.join(WORK, "code", "environments", "production"))
    facts = os.path.join(WORK, "var", "yaml", "facts")
    os.makedirs(facts)
    for f in os.listdir(os.path.join(HIERA, "facts")):
        shutil.copy(os.path.join(HIERA, "facts", f), facts)


def run(case):
    name, node, args = case
    cmd = ["puppet", "lookup", *args, "--node", node, "--codedir", os.path.join(WORK, "code"),
           "--environment", "production", "--confdir", WORK, "--vardir", os.path.join(WORK, "var"),
           "--logdir", os.path.join(WORK, "log"), "--rundir", os.path.join(WORK, "run"),
           "--basemodulepath", os.path.join(HIERA, "basemodules"), "--facts_terminus", "yaml",
           "--log_level", "warning", "--color", "false", "--logdest", "console"]
    if "--render-as" not in args:
        cmd += ["--render-as", "json"]
    p = subprocess.run(cmd, capture_output=True, text=True, cwd=WORK)
    env = os.path.join(WORK, "code", "environments", "production")
    clean = lambda s: s.replace(env, "tests/hiera/env").replace(HIERA, "tests/hiera")
    stderr = "".join(l for l in clean(p.stderr).splitlines(True) if not NOISE.search(l))
    out = {"node": node, "args": args, "status": p.returncode, "stdout": clean(p.stdout), "stderr": stderr}
    with open(os.path.join(HIERA, "expected", name + ".json"), "w") as f:
        json.dump(out, f, indent=2)
        f.write("\n")
    return name, p.returncode


def main():
    wanted = set(sys.argv[1:])
    todo = [c for c in cases() if not wanted or c[0] in wanted]
    setup()
    os.makedirs(os.path.join(HIERA, "expected"), exist_ok=True)
    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        for name, status in pool.map(run, todo):
            print(f"{name}: exit {status}", flush=True)


if __name__ == "__main__":
    main()
