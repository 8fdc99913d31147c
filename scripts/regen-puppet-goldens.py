#!/usr/bin/env python3
"""Regenerates the expected outputs of the Puppet golden cases by running real
Puppet 7.23 on each `tests/puppet/<area>/<case>.pp`.

    scripts/regen-puppet-goldens.py [CASE.pp | DIR ...]

Needs `puppet` (apt-get install -y puppet-agent). Run from anywhere; paths are
taken relative to the repository root. The tests read the stored files and do
not need Puppet.

Each case is run as (two at a time):

    puppet apply --color=false --confdir /tmp/confer-golden/pc --vardir /tmp/confer-golden/pv \
        --codedir /tmp/confer-golden/pcode --basemodulepath /tmp/confer-golden/empty \
        --modulepath /tmp/confer-golden/empty --logdest console --logdest EVENTS.json CASE.pp

`<case>.out` gets every event Puppet logged, in order, as the console prints it
(`Notice: Scope(Class[main]): msg`, `Warning: msg (file: f, line: l, column: c)`,
`Notice: /Stage[main]/Main/Notify[x]/message: ...`), taken from the JSON log
because stdout and stderr lose their relative order in pipes. Left out: Facter's
permission noise, `Compiled catalog …`/`Applied catalog …` (host name and
timings) and, in a failing run, Puppet's own error events (the first is `.err`). The manifest's absolute path is replaced by its
path relative to the repository root.

In an area whose directory holds a file named `STDLIB`, `--modulepath` is a
directory holding only Debian's stdlib and openstacklib modules (from
/usr/share/puppet/modules) instead, so that its cases can call their
functions; messages name the modules by their real paths. A case whose
directory holds a `modules/` folder (template cases) runs with that folder as
`--modulepath` instead of the empty one.

In an area whose directory holds a file named `SETTINGS`, Puppet also gets the
settings that file lists, one a line (`--strict=error`, `--strict_variables`),
and the test gives confer the same.

`<case>.err` exists when Puppet exits non-zero: the console's error line, with
the path made relative and the ` on node <host>` suffix removed.
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
# CONFER_GOLDEN_WORK lets two regenerations run side by side without sharing Puppet's dirs.
WORK = os.environ.get("CONFER_GOLDEN_WORK", "/tmp/confer-golden")
LABELS = {"debug": "Debug", "info": "Info", "notice": "Notice", "warning": "Warning", "err": "Error",
          "alert": "Alert", "emerg": "Emergency", "crit": "Critical"}
# Debian's stdlib and openstacklib alone on the module path: Puppet loads faster than with all of
# Debian's modules.
DEBIAN_MODULES = "/usr/share/puppet/modules"
STDLIB_MODULES = f"{WORK}/stdlib-modules"
LINKED_MODULES = ["stdlib", "openstacklib"]
SKIP = re.compile(r"^(Compiled catalog|Applied catalog|Applying configuration version)")


def cases(args):
    paths = args or [os.path.join(ROOT, "tests", "puppet")]
    for p in paths:
        p = os.path.abspath(p)
        if os.path.isdir(p):
            for d, dirs, files in os.walk(p):
                dirs[:] = [x for x in dirs if x != "modules"]
                for f in sorted(files):
                    if f.endswith(".pp"):
                        yield os.path.join(d, f)
        elif p.endswith(".pp"):
            yield p


def render(event, absolute, relative):
    label = LABELS.get(event.get("level"), event.get("level", "?").capitalize())
    source = event.get("source", "")
    message = (event.get("message", "").replace(absolute, relative).replace(STDLIB_MODULES, DEBIAN_MODULES)
               .replace(ROOT + "/", ""))
    if source.startswith("Scope(") or source.startswith("/"):
        return f"{label}: {source}: {message}"
    line = f"{label}: {message}"
    if event.get("file") and event.get("line") and not source.startswith("/"):
        # The file the event names (a template's own, or inlined-epp-text),
        # made relative as the manifest's path is.
        file = event["file"].replace(absolute, relative).replace(STDLIB_MODULES, DEBIAN_MODULES).replace(ROOT + "/", "")
        where = f"file: {file}, line: {event['line']}"
        if event.get("pos"):
            where += f", column: {event['pos']}"
        line += f" ({where})"
    return line


def settings(case):
    """The Puppet settings of the case's area (its `SETTINGS` file)."""
    path = os.path.join(os.path.dirname(case), "SETTINGS")
    if not os.path.exists(path):
        return []
    return [line.strip() for line in open(path) if line.strip()]


def run(case):
    relative = os.path.relpath(case, ROOT)
    with tempfile.TemporaryDirectory(prefix="confer-golden-") as tmp:
        events_file = os.path.join(tmp, "events.json")
        # An area holding a STDLIB file runs with Debian's stdlib and openstacklib on the module path;
        # a case with a modules/ folder beside it, with that folder.
        beside = os.path.join(os.path.dirname(case), "modules")
        if os.path.exists(os.path.join(os.path.dirname(case), "STDLIB")):
            modules = STDLIB_MODULES
        elif os.path.isdir(beside):
            modules = beside
        else:
            modules = f"{WORK}/empty"
        cmd = ["puppet", "apply", "--color=false",
               "--confdir", f"{WORK}/pc", "--vardir", f"{WORK}/pv", "--codedir", f"{WORK}/pcode",
               "--basemodulepath", f"{WORK}/empty", "--modulepath", modules,
               "--logdest", "console", "--logdest", events_file, *settings(case), case]
        proc = subprocess.run(cmd, capture_output=True, text=True, stdin=subprocess.DEVNULL, timeout=120)
        text = open(events_file).read() if os.path.exists(events_file) else "[]"
    text = text.strip()
    if not text.endswith("]"):
        text += "\n]"
    events = json.loads(text)
    lines = []
    for e in events:
        if e.get("source") == "Facter" or SKIP.match(e.get("message", "")):
            continue
        if e.get("level") == "err" and e.get("source") == "Puppet" and proc.returncode != 0:
            continue
        lines.append(render(e, case, relative))
    base = case[:-3]
    with open(base + ".out", "w") as f:
        f.write("".join(l + "\n" for l in lines))
    err_path = base + ".err"
    if proc.returncode != 0:
        console = [l for l in (proc.stdout + proc.stderr).splitlines()
                   if l.startswith("Error: ") and "Facter" not in l and not l.startswith("Error: Scope(")]
        first = console[0] if console else "Error: (no error line)"
        first = re.sub(r" on node \S+$", "", first.replace(case, relative).replace(ROOT + "/", ""))
        with open(err_path, "w") as f:
            f.write(first + "\n")
    elif os.path.exists(err_path):
        os.remove(err_path)
    return relative, proc.returncode


def main():
    os.makedirs(STDLIB_MODULES, exist_ok=True)
    for module in LINKED_MODULES:
        if not os.path.lexists(os.path.join(STDLIB_MODULES, module)):
            os.symlink(os.path.join(DEBIAN_MODULES, module), os.path.join(STDLIB_MODULES, module))
    if not shutil.which("puppet"):
        sys.exit("puppet is not installed: apt-get install -y puppet-agent")
    os.makedirs(f"{WORK}/empty", exist_ok=True)
    todo = list(cases(sys.argv[1:]))
    failed = 0
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        for relative, code in pool.map(run, todo):
            failed += code != 0
            print(f"{'error' if code else 'ok   '} {relative}")
    print(f"regenerated {len(todo)} cases ({failed} error cases)")


if __name__ == "__main__":
    main()
