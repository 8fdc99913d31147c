#!/usr/bin/env python3
"""Selects the pure tests of CFEngine's acceptance suite and records how the
real cf-agent 3.21 judges them.

    scripts/cfengine-acceptance/select.py [--jobs N] [--timeout S] [--filter RE] [--no-run]

Reads the suite scripts/cfengine-acceptance/vendor.sh extracted into
tests/cfengine/acceptance/suite/, decides for every test (`*.cf`, not
`*.sub`) whether it is pure by reading its policy text, by the rules of
tests/cfengine/acceptance/README.md, then runs each pure test under the real
cf-agent (through `wrapper.sh`: a private work directory per test,
`cf-promises -c` before any cf-agent, no network) and judges the output as
testall does. Writes tests/cfengine/acceptance/SELECTED.tsv (the pure tests
cf-agent passes: folder, test, outcome) and EXCLUDED.tsv (every other test,
with the reason).

--no-run only prints the selection (no cf-agent); --filter limits both the
selection and the lists written to matching tests (then nothing is written
unless --write is given too).
"""

import sys

# This file's name shadows the standard library's `select` (which subprocess
# imports) while its folder is first on the path.
sys.path = [p for p in sys.path if p and __import__("os").path.abspath(p) != __import__("os").path.dirname(__import__("os").path.abspath(__file__))]

import argparse
import concurrent.futures
import os
import re
import shutil
import subprocess
import tempfile

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
OUT = os.path.join(ROOT, "tests", "cfengine", "acceptance")
SUITE = os.path.join(OUT, "suite")
WRAPPER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "wrapper.sh")

FRAMEWORK = ["default.cf.sub", "dcs.cf.sub", "plucked.cf.sub"]

# Promise types confer evaluates; anything else must be confined (files) or
# makes the test impure.
EVALUATED = {"meta", "vars", "defaults", "classes", "methods", "reports"}
# Promise types of edit bundles (files' own sub-promises).
EDIT_TYPES = {
    "insert_lines", "delete_lines", "replace_patterns", "field_edits",
    "build_xpath", "insert_tree", "delete_tree", "set_attribute",
    "delete_attribute", "set_text", "delete_text", "insert_text",
}
NEVER = {
    "commands", "packages", "processes", "services", "users", "storage",
    "databases", "guest_environments", "access", "roles",
}
# Functions that run a program: allowed only for a sub-agent (cf-agent,
# cf-promises) whose policy is read by the same rules.
RUNS_COMMAND = {"execresult", "execresult_as_data", "returnszero", "usemodule"}
NETWORK = {
    "host2ip", "ip2host", "url_get", "readtcp", "selectservers", "remotescalar",
    "remoteclassesmatching", "hubknowledge", "hostswithclass", "ldaparray",
    "ldaplist", "ldapvalue", "regldap", "peerleader", "peerleaders",
}
# Other CFEngine daemons and tools: a test naming one starts it.
DAEMONS = re.compile(
    r"cf[-_](serverd|execd|runagent|net|key|secret|check|monitord|hub)\b|run_with_server\.cf\.sub"
)
SUBAGENT = re.compile(r"^\s*\"?\$[({]sys\.cf_(agent|promises)[)}]")
# Paths inside the test's own temporary directory or its private work
# directory (CFENGINE_TEST_OVERRIDE_WORKDIR).
CONFINED = re.compile(
    r"^\$[({](G\.)?(testdir|testroot|testfile)[)}]"
    r"|^\$[({]sys\.(workdir|statedir|inputdir|masterdir|piddir|bindir)[)}]"
    r"|^\$[({]const\.dirsep[)}]tmp[$/]"
)
# Framework bundles that run commands on the test's own files only
# (dcs.cf.sub): their command lines are fixed there and name only
# $(G.testfile)-derived paths or the files the test passes.
FRAMEWORK_CONFINED = {
    "G": "runs /bin/pwd",
    "dcs_fini": "rm -rf of the test's files and of $(sys.statedir)",
    "dcs_sort": "sorts a test file into another",
    "dcs_check_diff": "diff of test files", "dcs_if_diff": "diff of test files",
    "sorted_check_diff": "diff of test files", "xml_check_diff": "diff of test files",
    "dcs_check_diff_expected": "diff of test files",
    "dcs_if_diff_expected": "diff of test files",
    "dcs_runagent": "sub-agent on the test's policy",
    "dcs_passif_output": "runs the command the test passes (checked at the call)",
    "dcs_passif_output1": "runs the command the test passes (checked at the call)",
    "default": "creates $(G.testdir)",
    "dcs_copyfile": "copies into the file the test passes (checked at the call)",
}
# Argument positions holding a command (checked to be a sub-agent) or a path
# (checked to be confined) in calls of framework bundles.
FRAMEWORK_ARGS = {
    "dcs_passif_output": [(2, "command")], "dcs_passif_output1": [(1, "command")],
    "dcs_fini": [(0, "path")], "dcs_sort": [(1, "path")], "dcs_copyfile": [(1, "path")],
}

TOKEN = re.compile(
    r'\s+|#[^\n]*|"(?:\\.|[^"\\])*"|\'(?:\\.|[^\'\\])*\'|`[^`]*`|=>|->|::|[{}();,:]|\$[({][^\s(){}]*[)}]|[^\s{}();,:"\'`#=]+(?::[A-Za-z_$][^\s{}();,:"\'`#=]*)*|=',
    re.S,
)


def tokens(text):
    out = []
    pos = 0
    while pos < len(text):
        m = TOKEN.match(text, pos)
        if not m:
            pos += 1
            continue
        t = m.group(0)
        pos = m.end()
        if t[0].isspace() or t[0] == "#":
            continue
        out.append(t)
    return out


def unquote(t):
    if len(t) >= 2 and t[0] in "\"'`" and t[-1] == t[0]:
        return t[1:-1]
    return t


class Block:
    """A bundle or body: its kind, type, name, parameters and promises."""

    def __init__(self, kind, btype, name, params, path):
        self.kind, self.btype, self.name, self.params, self.path = kind, btype, name, params, path
        # (promise type, promiser, [(attribute, value tokens)])
        self.promises = []
        # every (function or reference name, [argument texts]) in the block
        self.calls = []
        self.words = []


def split_args(toks, i):
    """Arguments of the call whose '(' is toks[i]: ([arg text], index after ')')."""
    args, cur, depth = [], [], 0
    j = i
    while j < len(toks):
        t = toks[j]
        if t in "({":
            depth += 1
            if depth > 1:
                cur.append(t)
        elif t in ")}":
            depth -= 1
            if depth == 0:
                if cur:
                    args.append(" ".join(cur))
                return args, j + 1
            cur.append(t)
        elif t == "," and depth == 1:
            args.append(" ".join(cur))
            cur = []
        else:
            cur.append(unquote(t) if depth == 1 else t)
        j += 1
    return args, j


def parse(path, text):
    toks = tokens(text)
    blocks = []
    i = 0
    while i < len(toks):
        t = toks[i]
        if t in ("bundle", "body", "promise") and i + 2 < len(toks):
            kind = t
            btype, name = toks[i + 1], toks[i + 2]
            j = i + 3
            params = []
            if j < len(toks) and toks[j] == "(":
                params, j = split_args(toks, j)
                params = [p.strip() for p in params]
            blk = Block(kind, btype, name, params, path)
            blocks.append(blk)
            if j >= len(toks) or toks[j] != "{":
                i = j
                continue
            depth = 0
            ptype = None
            k = j
            body = []
            while k < len(toks):
                if toks[k] == "{":
                    depth += 1
                elif toks[k] == "}":
                    depth -= 1
                    if depth == 0:
                        break
                body.append(toks[k])
                k += 1
            body = body[1:]
            # promise types: IDENT ':' at the block's top level (lists and
            # calls are inside braces or parentheses).
            m = 0
            cur = None
            level = 0
            while m < len(body):
                b = body[m]
                if b in "({":
                    level += 1
                elif b in ")}":
                    level -= 1
                if level == 0 and kind == "bundle" and m + 1 < len(body) and body[m + 1] == ":" \
                        and re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", b):
                    ptype = b
                    cur = None
                    m += 2
                    continue
                if level == 0 and b == "::":
                    cur = None
                    m += 1
                    continue
                if kind == "bundle" and ptype and level == 0:
                    if cur is None and b not in (";", ",") and (b[0] in "\"'" or (m + 1 < len(body) and body[m + 1] in ("=>", "->", ";", ","))):
                        if m + 1 < len(body) and body[m + 1] == "::":
                            m += 1
                            continue
                        cur = (ptype, unquote(b), [])
                        blk.promises.append(cur)
                    elif b == ";":
                        cur = None
                    elif cur is not None and m + 1 < len(body) and body[m + 1] == "=>":
                        cur[2].append((b, body[m + 2] if m + 2 < len(body) else ""))
                if re.fullmatch(r"[A-Za-z_][A-Za-z0-9_:.]*", b) and m + 1 < len(body) and body[m + 1] == "(":
                    args, _ = split_args(body, m + 1)
                    blk.calls.append((b.split(":")[-1], args))
                if m >= 1 and body[m - 1] == "=>" and re.fullmatch(r"[A-Za-z_][A-Za-z0-9_:.]*", b):
                    blk.words.append(b.split(":")[-1])
                if b[0] in "\"'":
                    blk.words.append(unquote(b))
                m += 1
            i = k + 1
            continue
        i += 1
    return blocks


def read(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        return f.read()


def own_files(test):
    """The test file and the policy files it names, relative to its folder."""
    files = [test]
    seen = {test}
    queue = [test]
    while queue:
        f = queue.pop()
        d = os.path.dirname(f)
        text = read(f)
        names = set()
        for m in re.finditer(r"\$[({]this\.promise_filename[)}]((?:\.[A-Za-z0-9_-]+)+)", text):
            names.add(f + m.group(1))
        for m in re.finditer(r"\$[({]this\.promise_dirname[)}]/([A-Za-z0-9_./-]+)", text):
            names.add(os.path.normpath(os.path.join(d, m.group(1))))
        for m in re.finditer(r"([A-Za-z0-9_./-]*[A-Za-z0-9_-]\.(?:cf|sub))\b", text):
            names.add(os.path.normpath(os.path.join(d, m.group(1))))
            names.add(os.path.join(d, os.path.basename(m.group(1))))
        for n in names:
            if n in seen or not os.path.isfile(n) or os.path.basename(n) in FRAMEWORK:
                continue
            seen.add(n)
            if n.endswith((".cf", ".sub")):
                files.append(n)
                queue.append(n)
    return files


_FRAMEWORK_BLOCKS = None


def framework_blocks():
    global _FRAMEWORK_BLOCKS
    if _FRAMEWORK_BLOCKS is None:
        _FRAMEWORK_BLOCKS = []
        for f in FRAMEWORK:
            p = os.path.join(SUITE, f)
            _FRAMEWORK_BLOCKS += parse(p, read(p))
    return _FRAMEWORK_BLOCKS


def resolves_to(value, blocks, ok, visiting=()):
    """Whether `ok` holds of a value, literally or through a variable (every
    bundle-level definition of it) or a bundle parameter (every call site's
    argument). A reference back to a variable being resolved adds nothing."""
    value = value.strip().strip('"')
    if ok(value):
        return True
    m = re.match(r"^\$[({]([A-Za-z0-9_.]+)[)}]", value)
    if not m or len(visiting) > 4:
        return False
    var = m.group(1).split(".")[-1]
    if var in visiting:
        return None
    visiting = visiting + (var,)
    found = False
    for b in blocks:
        values = []
        for ptype, promiser, attrs in b.promises:
            if ptype == "vars" and promiser == var:
                values += [unquote(v) for a, v in attrs if a in ("string", "slist")]
        if var in b.params:
            idx = b.params.index(var)
            values += [args[idx] for c in blocks for name, args in c.calls if name == b.name and idx < len(args)]
        for v in values:
            r = resolves_to(v, blocks, ok, visiting)
            if r is False:
                return False
            found = found or r is True
    return found


def confined_path(value, blocks):
    """Whether a path is provably inside the test directory or work directory."""
    return resolves_to(value, blocks, lambda v: bool(CONFINED.search(v)))


def subagent(value, blocks):
    """Whether a command line provably runs cf-agent or cf-promises."""
    return resolves_to(value, blocks, lambda v: bool(SUBAGENT.search(v)))


# Per pure test: what it does beyond evaluating (a files promise in its
# directory, a sub-agent, a framework command on its files), for the column
# `beyond` of SELECTED.tsv: confer carries out none of these.
BEYOND = {}


def classify(test):
    """None when the test is pure, else the reason it is not."""
    beyond = BEYOND.setdefault(test, set())
    rel = os.path.relpath(test, SUITE)
    for part, why in (("/staging/", "staging (testall disables it)"), ("/unsafe/", "unsafe (testall disables it)"),
                      ("/network/", "network (testall's network category)"), ("/timed/", "timed (waits between runs)")):
        if part in "/" + rel:
            return why
    files = own_files(test)
    texts = {f: read(f) for f in files}
    for f, t in texts.items():
        m = DAEMONS.search(re.sub(r"#[^\n]*", "", t))
        if m:
            return f"names {m.group(0)} ({os.path.relpath(f, SUITE)})"
    own = []
    for f in files:
        own += parse(f, texts[f])
    fw = framework_blocks()
    by_name = {}
    for b in fw + own:
        by_name.setdefault(b.name, []).append(b)
    # Reached: every block of the test's own files, the framework's common
    # bundles and `default`, and what they name, transitively.
    reached, queue = [], []
    names = set()
    for b in own + [b for b in fw if (b.kind == "bundle" and b.btype == "common") or b.name in ("default", "test_run", "test_precheck", "collect_stories_metadata")]:
        if id(b) not in names:
            names.add(id(b))
            queue.append(b)
    while queue:
        b = queue.pop()
        reached.append(b)
        refs = [n for n, _ in b.calls] + b.words
        for n in refs:
            for c in by_name.get(n, []):
                if id(c) not in names:
                    names.add(id(c))
                    queue.append(c)
    for b in reached:
        where = f"{b.kind} {b.name} ({os.path.relpath(b.path, SUITE)})"
        framework = b.path.endswith(tuple(FRAMEWORK))
        if b.kind == "promise":
            return f"custom promise type {b.name}"
        for name, args in b.calls:
            if name in NETWORK:
                return f"network function {name}() in {where}"
            if name in RUNS_COMMAND and not (framework and b.name in FRAMEWORK_CONFINED):
                cmd = args[0] if args else ""
                if not subagent(cmd, reached):
                    return f"{name}() runs a command other than a sub-agent in {where}: {cmd[:60]}"
                beyond.add("sub-agent")
            if name in FRAMEWORK_ARGS and not framework:
                for idx, kind in FRAMEWORK_ARGS[name]:
                    if idx < len(args):
                        a = args[idx]
                        if kind == "command" and not subagent(a, reached):
                            return f"{name}() runs a command other than a sub-agent: {a[:60]}"
                        if kind == "path" and not confined_path(a, reached):
                            return f"{name}() on a path not provably in the test directory: {a[:60]}"
        for ptype, promiser, attrs in b.promises:
            anames = [a for a, _ in attrs]
            if "servers" in anames:
                return f"remote copy (servers) in {where}"
            if "transformer" in anames:
                return f"transformer (runs a command) in {where}"
            if ptype in EVALUATED or ptype in EDIT_TYPES:
                if ptype == "reports" and "report_to_file" in anames:
                    v = dict(attrs)["report_to_file"]
                    if not confined_path(unquote(v), reached):
                        return f"report_to_file outside the test directory in {where}"
                    beyond.add("report_to_file")
                continue
            if framework and b.name in FRAMEWORK_CONFINED:
                if b.name != "default":
                    beyond.add(ptype)
                continue
            if ptype == "commands" and SUBAGENT.search(promiser):
                beyond.add("sub-agent")
                continue
            if ptype in NEVER:
                return f"{ptype} promise in {where}"
            if ptype == "files":
                if not confined_path(promiser, reached):
                    return f"files promise outside the test directory in {where}: {promiser[:60]}"
                beyond.add("files")
                continue
            if rel.endswith(".x.cf") and not framework:
                # Not a CFEngine promise type: cf-promises refuses the
                # policy before anything runs, which is what the test checks.
                continue
            return f"{ptype} promise in {where}"
    # copy_from bodies: a `servers` attribute means the network.
    for f, t in texts.items():
        if re.search(r"\bservers\s*=>", re.sub(r"#[^\n]*", "", t)):
            return f"remote copy (servers) in {os.path.relpath(f, SUITE)}"
    return None


def judge(rel, abs_path, rc, out, timed_out):
    """testall's verdict: (category, detail)."""
    if timed_out:
        return "FAIL", "timeout"
    if rel.endswith(".x.cf"):
        if 0 < rc < 128 and re.search(r"error:|aborted on defined class", out):
            return "Pass", "exited with error as expected"
        return "FAIL", f"exit code {rc}"
    if rel.endswith(".error.cf"):
        if rc != 0:
            return "FAIL", f"non-zero exit code {rc}"
        return ("Pass", "logged errors") if "error: " in out else ("FAIL", "no errors printed")
    esc = "(" + re.escape(abs_path) + r"|dcs\.cf\.sub)"
    lines = out.splitlines()

    def has(pat):
        r = re.compile(r"R: .*" + esc + pat)
        return any(r.search(line) for line in lines)

    if has(r" [XS]FAIL") and not has(r" Wait/"):
        outcomes = [line for line in lines if re.search(r"R: .*" + esc + " ", line)]
        if any(re.search(r"R: .*" + esc + " Pass", line) for line in outcomes):
            return "FAIL", "passed, but failure was expected"
        if any(not re.search(r"R: .*" + esc + r" [XS]?FAIL", line) for line in outcomes):
            return "FAIL", "failure was expected, but another outcome"
        kind = "XFAIL" if has(" XFAIL") else "SFAIL"
        return kind, "expected failure"
    if rc != 0:
        return "FAIL", f"exit code {rc}"
    if has(" FAIL/no_ticket_number"):
        return "FAIL", "suppressed failure without a ticket"
    if has(r" Wait/[0-9]+"):
        return "FAIL", "waits (not a timed test)"
    if has(" Pass"):
        return "Pass", "Pass"
    if has(" Skip/unsupported"):
        return "Skip", "no platform support"
    if has(" Skip/needs_work"):
        return "Skip", "needs work"
    if has(" FLAKEY"):
        return "FLAKEY", "flakey"
    if has(" FAIL"):
        return "FAIL", "reported FAIL"
    return "FAIL", "no Pass reported"


def run_real(test, timeout):
    rel = os.path.relpath(test, SUITE)
    work = tempfile.mkdtemp(prefix="cfe-acc.")
    try:
        try:
            p = subprocess.run([WRAPPER, work, test], cwd=SUITE, stdin=subprocess.DEVNULL,
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=timeout)
            out, rc, to = p.stdout.decode("utf-8", "replace"), p.returncode, False
        except subprocess.TimeoutExpired as e:
            out, rc, to = (e.stdout or b"").decode("utf-8", "replace"), -1, True
        return judge(rel, test, rc, out, to)
    finally:
        shutil.rmtree(work, ignore_errors=True)


def all_tests():
    tests = []
    for d, dirs, files in os.walk(SUITE):
        dirs.sort()
        for f in sorted(files):
            if f.endswith(".cf"):
                tests.append(os.path.join(d, f))
    return sorted(tests)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--timeout", type=int, default=60)
    ap.add_argument("--filter")
    ap.add_argument("--no-run", action="store_true")
    ap.add_argument("--write", action="store_true")
    ap.add_argument("--reuse", action="store_true",
                    help="take cf-agent's verdicts from the lists already written instead of running it again")
    o = ap.parse_args()
    if not os.path.isdir(SUITE):
        sys.exit(f"select.py: no suite at {SUITE}; run scripts/cfengine-acceptance/vendor.sh first")
    tests = all_tests()
    if o.filter:
        tests = [t for t in tests if re.search(o.filter, os.path.relpath(t, SUITE))]
    excluded, pure = [], []
    for t in tests:
        why = classify(t)
        rel = os.path.relpath(t, SUITE)
        if why:
            excluded.append((rel, why))
        else:
            pure.append(t)
    print(f"select.py: {len(pure)} pure of {len(tests)} tests", file=sys.stderr)
    if o.no_run:
        for rel, why in excluded:
            print(f"{rel}\t{why}")
        for t in pure:
            print(f"{os.path.relpath(t, SUITE)}\tpure")
        return
    selected = []
    known = {}
    if o.reuse:
        for name, col in (("SELECTED.tsv", 1), ("EXCLUDED.tsv", 0)):
            with open(os.path.join(OUT, name)) as f:
                for line in f.read().splitlines()[1:]:
                    row = line.split("\t")
                    if name == "SELECTED.tsv":
                        known[row[col]] = ("Pass", "Pass")
                    elif row[1].startswith("cf-agent 3.21: "):
                        m = re.match(r"cf-agent 3\.21: (\S+) \((.*)\)$", row[1])
                        if m:
                            known[row[0]] = (m.group(1), m.group(2))

    def verdict(t):
        rel = os.path.relpath(t, SUITE)
        return known[rel] if rel in known else run_real(t, o.timeout)

    with concurrent.futures.ThreadPoolExecutor(o.jobs) as ex:
        results = list(ex.map(lambda t: (t, verdict(t)), pure))
    for t, (cat, detail) in results:
        rel = os.path.relpath(t, SUITE)
        if cat == "Pass":
            selected.append((rel.split("/")[0], rel, "pass", ",".join(sorted(BEYOND.get(t, ()))) or "-"))
        else:
            excluded.append((rel, f"cf-agent 3.21: {cat} ({detail})"))
    print(f"select.py: {len(selected)} pass under cf-agent", file=sys.stderr)
    if o.filter and not o.write:
        for s in selected:
            print("\t".join(s))
        for e in excluded:
            print("\t".join(e))
        return
    with open(os.path.join(OUT, "SELECTED.tsv"), "w") as f:
        f.write("folder\ttest\tcf-agent\tbeyond\n")
        for s in sorted(selected, key=lambda s: s[1]):
            f.write("\t".join(s) + "\n")
    with open(os.path.join(OUT, "EXCLUDED.tsv"), "w") as f:
        f.write("test\treason\n")
        for e in sorted(excluded):
            f.write("\t".join(e) + "\n")


if __name__ == "__main__":
    main()
