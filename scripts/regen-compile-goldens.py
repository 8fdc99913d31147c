#!/usr/bin/env python3
"""Records the expected catalogs of the compile golden cases by running real
Puppet 7.23's `puppet catalog compile` on each case and fact set.

    scripts/regen-compile-goldens.py [CASE_DIR ...]

Needs `puppet` and Debian's modules (apt-get install -y puppet-agent
puppet-module-puppetlabs-stdlib openstack-puppet-modules). The tests read the
stored files and need neither.

A case is `tests/compile/cases/<case>/` holding `production/` (a Puppet environment:
`manifests/`, `modules/`, `environment.conf`, `hiera.yaml`, `data/`) and
`factsets` (names of files in `tests/compile/facts/`, one a line; `debian12`
when absent), and optionally `settings` (Puppet options added to the command,
one a line: `--strict=error`, `--strict_variables`; the test gives confer the
same). For each fact set the case is compiled as

    puppet catalog compile NODE --codedir CODE --environment production \\
        --confdir T --vardir T/var --logdir T/log --rundir T/run \\
        --basemodulepath /usr/share/puppet/modules --facts_terminus yaml \\
        --log_level warning --color false --render-as json

with a copy of `production/` at CODE/environments/production and the facts at
T/var/yaml/facts/NODE.yaml (NODE is the facts' `name`). The catalog goes to
`expected/<factset>.json` without the fields that change per run (`version`,
`catalog_uuid`, `code_id`), the environment's path written `<env>` and the
module directory's `<modules>`. When Puppet refuses, its first error line goes
to `expected/<factset>.err` instead, normalised the same way.
"""

import concurrent.futures
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CASES = os.path.join(ROOT, "tests", "compile", "cases")
FACTS = os.path.join(ROOT, "tests", "compile", "facts")
MODULES = "/usr/share/puppet/modules"


def factsets(case):
    path = os.path.join(case, "factsets")
    if not os.path.exists(path):
        return ["debian12"]
    with open(path) as f:
        return [line.strip() for line in f if line.strip() and not line.startswith("#")]


def settings(case):
    path = os.path.join(case, "settings")
    if not os.path.exists(path):
        return []
    with open(path) as f:
        return [line.strip() for line in f if line.strip()]


def node_name(facts_file):
    with open(facts_file) as f:
        for line in f:
            m = re.match(r"^name:\s*(\S+)", line)
            if m:
                return m.group(1)
    raise SystemExit(f"{facts_file}: no 'name:' line")


def normalise(text, env):
    return text.replace(env, "<env>").replace(MODULES + "/", "<modules>/")


def record(case, factset):
    facts_file = os.path.join(FACTS, factset + ".yaml")
    node = node_name(facts_file)
    out_dir = os.path.join(case, "expected")
    os.makedirs(out_dir, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="confer-compile-") as tmp:
        env = os.path.join(tmp, "code", "environments", "production")
        shutil.copytree(os.path.join(case, "production"), env, symlinks=True)
        os.makedirs(os.path.join(tmp, "var", "yaml", "facts"))
        shutil.copy(facts_file, os.path.join(tmp, "var", "yaml", "facts", node + ".yaml"))
        cmd = ["puppet", "catalog", "compile", node, "--codedir", os.path.join(tmp, "code"),
               "--environment", "production", "--confdir", tmp, "--vardir", os.path.join(tmp, "var"),
               "--logdir", os.path.join(tmp, "log"), "--rundir", os.path.join(tmp, "run"),
               "--basemodulepath", MODULES, "--facts_terminus", "yaml", "--log_level", "warning",
               "--color", "false", "--render-as", "json", *settings(case)]
        run = subprocess.run(cmd, capture_output=True, text=True, cwd=tmp)
        base = os.path.join(out_dir, factset)
        for stale in (base + ".json", base + ".err"):
            if os.path.exists(stale):
                os.remove(stale)
        start = run.stdout.find("{")
        if run.returncode == 0 and start >= 0:
            catalog = json.loads(run.stdout[start:])
            for volatile in ("version", "catalog_uuid", "code_id"):
                catalog.pop(volatile, None)
            text = normalise(json.dumps(catalog, indent=1, ensure_ascii=False), env)
            with open(base + ".json", "w") as f:
                f.write(text + "\n")
            return f"{os.path.basename(case)}@{factset}: catalog"
        errors = [l for l in run.stderr.splitlines() if l.startswith("Error: ")]
        line = errors[0] if errors else f"Error: puppet exited {run.returncode}"
        with open(base + ".err", "w") as f:
            f.write(normalise(line, env) + "\n")
        return f"{os.path.basename(case)}@{factset}: error"


def main(args):
    cases = [os.path.abspath(a) for a in args] or sorted(
        os.path.join(CASES, c) for c in os.listdir(CASES) if os.path.isdir(os.path.join(CASES, c)))
    jobs = [(c, fs) for c in cases for fs in factsets(c)]
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        for line in pool.map(lambda j: record(*j), jobs):
            print(line)


if __name__ == "__main__":
    main(sys.argv[1:])
