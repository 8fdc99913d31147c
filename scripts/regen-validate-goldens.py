#!/usr/bin/env python3
"""Regenerates the expected outputs of the `parser validate` goldens by running
real Puppet 7.23 on each `tests/puppet_validate/<case>.pp`.

    scripts/regen-validate-goldens.py [CASE.pp ...]

Needs `puppet` (apt-get install -y puppet-agent). Each case is run alone as

    puppet parser validate --color=false --confdir W/pc --vardir W/pv --codedir W/pcode CASE.pp

(W is $CONFER_GOLDEN_WORK, default /tmp/confer-golden-validate). Beside the case:

- `<case>.stderr` — what Puppet printed on stderr, without Facter's permission
  noise, the manifest's absolute path replaced by its path relative to the
  repository root;
- `<case>.status` — its exit status.

`cargo test -p confer-cli --test validate_goldens` compares confer's
`puppet parser validate` with these files; the tests do not need Puppet.
"""

import concurrent.futures
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WORK = os.environ.get("CONFER_GOLDEN_WORK", "/tmp/confer-golden-validate")
CASES = os.path.join(ROOT, "tests", "puppet_validate")


def cases(args):
    if args:
        return [os.path.abspath(a) for a in args]
    return [os.path.join(CASES, f) for f in sorted(os.listdir(CASES)) if f.endswith(".pp")]


def run(case):
    relative = os.path.relpath(case, ROOT)
    cmd = ["puppet", "parser", "validate", "--color=false", "--confdir", f"{WORK}/pc",
           "--vardir", f"{WORK}/pv", "--codedir", f"{WORK}/pcode", case]
    proc = subprocess.run(cmd, capture_output=True, text=True, stdin=subprocess.DEVNULL, timeout=120)
    lines = [l.replace(case, relative) for l in proc.stderr.splitlines() if not l.startswith("Facter:")]
    base = case[:-3]
    with open(base + ".stderr", "w") as f:
        f.write("".join(l + "\n" for l in lines))
    with open(base + ".status", "w") as f:
        f.write(f"{proc.returncode}\n")
    return f"{proc.returncode}  {relative}"


def main():
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        for line in pool.map(run, cases(sys.argv[1:])):
            print(line, flush=True)


if __name__ == "__main__":
    main()
