#!/usr/bin/env python3
"""Records, with real Puppet 7.23, whether each sample value in
tests/check/stdlib/samples.json is an instance of each type alias of Debian's
stdlib module (`apt-get install -y puppet-agent puppet-module-puppetlabs-stdlib`),
into tests/check/stdlib/expected.tsv (alias, sample as JSON, true/false).

    scripts/regen-check-goldens.py

Puppet command used:
    puppet apply --color=false --confdir /tmp/confer-golden/pc --vardir /tmp/confer-golden/pv \
        --codedir /tmp/confer-golden/pcode --modulepath /usr/share/puppet/modules GENERATED.pp
"""

import json
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
STDLIB = "/usr/share/puppet/modules/stdlib"
HERE = os.path.join(ROOT, "tests", "check", "stdlib")


def puppet_literal(v):
    if v is None:
        return "undef"
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, float)):
        return repr(v)
    if isinstance(v, str):
        return "'" + v.replace("\\", "\\\\").replace("'", "\\'") + "'"
    if isinstance(v, list):
        return "[" + ", ".join(puppet_literal(x) for x in v) + "]"
    return "{" + ", ".join(f"{puppet_literal(k)} => {puppet_literal(x)}" for k, x in v.items()) + "}"


def aliases():
    names = []
    types = os.path.join(STDLIB, "types")
    for d, _, files in os.walk(types):
        for f in sorted(files):
            path = os.path.join(d, f)
            if not f.endswith(".pp") or not re.search(r"^\s*type\s", open(path).read(), re.M):
                continue
            rel = os.path.relpath(path, types)[:-3].split("/")
            names.append("::".join(["Stdlib"] + [s[0].upper() + s[1:] for s in rel]))
    return sorted(names)


def main():
    if not os.path.isdir(STDLIB):
        sys.exit("stdlib is not installed: apt-get install -y puppet-module-puppetlabs-stdlib")
    samples = json.load(open(os.path.join(HERE, "samples.json")))
    lines = []
    for name in aliases():
        for i, s in enumerate(samples):
            lines.append(f"notice(\"{name}\\t{i}\\t${{{puppet_literal(s)} =~ {name}}}\")")
    with tempfile.NamedTemporaryFile("w", suffix=".pp", delete=False) as f:
        f.write("\n".join(lines) + "\n")
        manifest = f.name
    cmd = ["puppet", "apply", "--color=false", "--confdir", "/tmp/confer-golden/pc", "--vardir", "/tmp/confer-golden/pv",
           "--codedir", "/tmp/confer-golden/pcode", "--modulepath", "/usr/share/puppet/modules", manifest]
    out = subprocess.run(cmd, capture_output=True, text=True).stdout
    rows = []
    for line in out.splitlines():
        m = re.match(r"Notice: Scope\(Class\[main\]\): (\S+)\t(\d+)\t(true|false)$", line)
        if m:
            rows.append(f"{m.group(1)}\t{json.dumps(samples[int(m.group(2))])}\t{m.group(3)}")
    with open(os.path.join(HERE, "expected.tsv"), "w") as f:
        f.write("\n".join(rows) + "\n")
    print(f"recorded {len(rows)} verdicts for {len(aliases())} aliases")


if __name__ == "__main__":
    main()
