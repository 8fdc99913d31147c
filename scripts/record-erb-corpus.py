#!/usr/bin/env python3
"""Records the ERB corpus: every ERB template of Debian's Puppet modules,
rendered by real Puppet 7.23 with plausible variables.

    scripts/record-erb-corpus.py [--all] [MODULES_DIR]   (default /usr/share/puppet/modules)

Cases already rendered (with a `.out`) are kept unless `--all` is given.

For each template the script copies it to
`tests/templates/erb_corpus/modules/<module>/templates/<path>`, writes a
manifest `tests/templates/erb_corpus/cases/<id>.pp` that declares, in a
class, each variable the template reads (`@x`, `scope['x']`,
`scope.lookupvar('x')`) with a value whose shape follows the template's use
of it (a hash where it is iterated with two block parameters or indexed by a
string, an array where it is joined, sorted or iterated, an integer where it
is compared or added, a version string where it meets `versioncmp`, else a
string), and calls `notice(template('<module>/<path>'))`. Puppet's rendering
is stored as `<id>.out`; when Puppet fails, its error line as `<id>.err`.
Top-scope facts are not set: cases that read them are listed in
`KNOWN_DIFFERENCES` by the test's own comparison, not here.

The test `crates/puppet/tests/erb_corpus.rs` renders the same manifests with
confer and needs neither Puppet nor the modules.
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
ARGS = [a for a in sys.argv[1:] if not a.startswith("--")]
SRC = ARGS[0] if ARGS else "/usr/share/puppet/modules"
OUT = os.path.join(ROOT, "tests", "templates", "erb_corpus")
WORK = os.environ.get("CONFER_GOLDEN_WORK", "/tmp/confer-ruby-corpus")
RESERVED = {"name", "title", "module_name", "caller_module_name", "facts", "trusted", "server_facts", "environment"}
TAG = re.compile(r"<%(?!%)([=#-]?)(.*?)%>", re.S)


def templates():
    for module in sorted(os.listdir(SRC)):
        base = os.path.join(SRC, module, "templates")
        for d, _, files in os.walk(base, followlinks=True):
            for f in sorted(files):
                if f.endswith(".erb"):
                    path = os.path.join(d, f)
                    # A directory named after the Forge release (saz-rsyslog)
                    # holds the module `rsyslog`.
                    yield module.split("-")[-1], os.path.relpath(path, base), path


def variables(text):
    code = "\n".join(m.group(2) for m in TAG.finditer(text) if m.group(1) != "#")
    names = set(re.findall(r"@([a-z_][a-zA-Z0-9_]*)", code))
    names |= set(re.findall(r"scope(?:\.lookupvar\(|\[)\s*['\"]([a-z_][a-zA-Z0-9_]*)['\"]", code))
    # Names assigned in the template are its own.
    assigned = set(re.findall(r"@([a-z_]\w*)\s*=[^=~]", code))
    return code, sorted(n for n in names - assigned if n not in RESERVED)


def shape(name, code):
    v = r"(?:@%s|scope(?:\.lookupvar\(|\[)\s*['\"]%s['\"]\s*[\])])" % (name, name)
    def used(pattern):
        return re.search(v + pattern, code) is not None
    if used(r"\.(each_pair|keys|values|has_key\?|key\?)") or used(r"(\.sort)?\.each\s*(do\s*)?\{?\s*\|\s*\w+\s*,") \
            or used(r"\[\s*['\"]") or used(r"\.is_a\?\(Hash\)") or used(r"\.map\s*(do\s*)?\{?\s*\|\s*\w+\s*,"):
        return "hash"
    if re.search(r"versioncmp[^\n]*" + v, code):
        return "version"
    if used(r"\.(each|join|flatten|sort|each_with_index|first|map|collect|select|reject|include\?|uniq|compact|length|size)") \
            or used(r"\.is_a\?\(Array\)") or re.search(r"Array\(\s*" + v, code):
        return "array"
    if used(r"\s*(>|<|>=|<=|\+|-|\*)\s*\d") or used(r"\.to_i") or re.search(r"Integer\(\s*" + v, code):
        return "integer"
    return "string"


def value(name, kind):
    if kind == "hash":
        return "{ 'first_key' => 'value_one', 'second_key' => 'value_two' }"
    if kind == "array":
        return f"['{name}_a', '{name}_b']"
    if kind == "integer":
        return "3"
    if kind == "version":
        return "'2.4.1'"
    return f"'{name}_value'"


def case_id(module, rel):
    return module + "__" + re.sub(r"[^A-Za-z0-9_.-]", "_", rel.replace("/", "--"))[: -len(".erb")]


def manifest(module, rel, text):
    code, names = variables(text)
    lines = [f"# ERB corpus case: {module}/templates/{rel}, with plausible variables.", "class corpus_case {"]
    for n in names:
        lines.append(f"  ${n} = {value(n, shape(n, code))}")
    lines.append(f"  notice(template('{module}/{rel}'))")
    lines.append("}")
    lines.append("include corpus_case")
    return "\n".join(lines) + "\n"


def run(job):
    cid, pp = job
    with tempfile.TemporaryDirectory(prefix="confer-ruby-") as tmp:
        events_file = os.path.join(tmp, "events.json")
        cmd = ["puppet", "apply", "--color=false", "--confdir", f"{WORK}/pc", "--vardir", f"{WORK}/pv",
               "--codedir", f"{WORK}/pcode", "--basemodulepath", f"{WORK}/empty",
               "--modulepath", os.path.join(OUT, "modules"), "--logdest", events_file, pp]
        proc = subprocess.run(cmd, capture_output=True, text=True, stdin=subprocess.DEVNULL, timeout=180)
        text = open(events_file).read().strip() if os.path.exists(events_file) else "["
    if not text.endswith("]"):
        text += "\n]"
    events = json.loads(text)
    base = pp[:-3]
    for ext in (".out", ".err"):
        if os.path.exists(base + ext):
            os.remove(base + ext)
    failures = [e["message"] for e in events if e.get("level") == "err" and e.get("source") != "Facter"]
    notices = [e["message"] for e in events if e.get("level") == "notice" and e.get("source", "").startswith("Scope(")]
    if proc.returncode == 0 and notices:
        with open(base + ".out", "w") as f:
            f.write(notices[0])
        return cid, "ok"
    first = "Error: " + (failures[0] if failures else "(no error line)")
    first = re.sub(r" on node \S+$", "", first.replace(ROOT + "/", ""))
    with open(base + ".err", "w") as f:
        f.write(first + "\n")
    return cid, "error"


def needs_functions(module):
    """Whether the module's templates call the module's own functions."""
    base = os.path.join(SRC, module, "templates")
    for d, _, files in os.walk(base, followlinks=True):
        for f in files:
            if f.endswith(".erb") and re.search(module + r"::\w+", open(os.path.join(d, f), errors="replace").read()):
                return True
    return False


def main():
    rerun = "--all" in sys.argv
    if not shutil.which("puppet"):
        sys.exit("puppet is not installed: apt-get install -y puppet-agent")
    os.makedirs(f"{WORK}/empty", exist_ok=True)
    os.makedirs(os.path.join(OUT, "cases"), exist_ok=True)
    jobs = []
    for module in os.listdir(SRC):
        # Modules' own Ruby functions (apache::bool2httpd), which templates
        # call; Puppet runs them, confer implements what it supports natively.
        for sub in ("lib/puppet/functions", "lib/puppet/parser/functions"):
            lib = os.path.join(SRC, module, sub)
            if os.path.isdir(lib) and needs_functions(module):
                shutil.copytree(lib, os.path.join(OUT, "modules", module, sub), dirs_exist_ok=True)
    for module, rel, path in templates():
        dest = os.path.join(OUT, "modules", module, "templates", rel)
        os.makedirs(os.path.dirname(dest), exist_ok=True)
        shutil.copyfile(path, dest)
        text = open(path, encoding="utf-8", errors="replace").read()
        cid = case_id(module, rel)
        pp = os.path.join(OUT, "cases", cid + ".pp")
        with open(pp, "w") as f:
            f.write(manifest(module, rel, text))
        if rerun or not os.path.exists(os.path.join(OUT, "cases", cid + ".out")):
            jobs.append((cid, pp))
    counts = {"ok": 0, "error": 0}
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        for cid, status in pool.map(run, jobs):
            counts[status] += 1
            print(f"{status:5} {cid}", flush=True)
    print(f"recorded {len(jobs)} templates: {counts['ok']} rendered, {counts['error']} failed in Puppet")


if __name__ == "__main__":
    main()
