#!/usr/bin/env python3
"""Reruns issue 27's hostile variants (the second round: ERB, Hiera,
environments, facts, check, console, CFEngine readers) through a confer
binary and prints one row per case: the item of the issue it belongs to, the
case, what it expects, the exit status, the wall time, the peak memory, the
first line of output and the verdict.

    scripts/hostile-sweep-27.py [CONFER]      (default: target/release/confer)

Each case runs as a user runs confer (standard input /dev/null unless the case
types into the console), killed past 10 s, under a 2 GB address-space limit.
The rules are the issue's "Done when": within 10 s and 1 GB of peak RSS; no
signal or abort (exit 134, 137, 139, a killed process, "panicked", "stack
backtrace", "memory allocation of"); and the answer the case expects. A case
expects `ok` (exit 0, and the text it names on standard output) or `error`
(a non-zero exit and an error that is located: a file name with a line and
column, "(file:", "near line" or "line N"; for a file confer refuses to read
at all, a FIFO or a device, the location is that file's name; where Puppet
itself answers with an unlocated error, the case names Puppet's words, which
the reference wins with). Secrets the
cases plant (S3CRETPW, a `root:$6$` line) must appear in no output; the table
never shows them. The last column is `ok` or the rules a case breaks; the
script exits 1 when one breaks any.

Each case is a function that writes its input just before it runs (cases
share a scratch directory and reuse file names). Needs Python 3's standard
library, mkfifo(2) and stdlib's modules for one case (CONFER_STDLIB_MODULES,
default /usr/share/puppet/modules). What the answers must be in detail is
held by the tests docs/hostile-input-27.md names. SWEEP_ONLY=TEXT runs only
the cases whose name holds TEXT; SWEEP_FORMAT=markdown prints the table in
Markdown (as docs/hostile-input-27.md holds it).
"""
import os
import re
import resource
import shutil
import signal
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CONFER = os.path.abspath(sys.argv[1]) if len(sys.argv) > 1 else os.path.join(ROOT, "target/release/confer")
WORK = tempfile.mkdtemp(prefix="confer-hostile-27-")
STDLIB = os.environ.get("CONFER_STDLIB_MODULES", "/usr/share/puppet/modules")
TIMEOUT = 10.0
ADDRESS_SPACE = 2 << 30
PEAK_LIMIT_KB = 1 << 20
SECRETS = ["S3CRETPW", "root:$6$"]
MARKDOWN = os.environ.get("SWEEP_FORMAT") == "markdown"
SIGNAL_TEXT = ["panicked", "stack backtrace", "memory allocation of"]
LOCATED = re.compile(r"[\w./-]+\.\w+:\d+(?::\d+)?|\(file: |near line|\b[Ll]ine:? \d+")
# Puppet's cached facts (without the tag, `name` and `values` would be two
# facts and the node's name empty).
FACTS = "--- !ruby/object:Puppet::Node::Facts\nname: n1\nvalues:\n  clientcert: n1\n"


def path(name):
    return os.path.join(WORK, name)


def write(name, text):
    """Writes `text` at `name` (relative to the scratch directory), making
    its directories; returns the absolute path."""
    p = path(name)
    os.makedirs(os.path.dirname(p), exist_ok=True)
    with open(p, "w") as f:
        f.write(text)
    return p


def fresh(name):
    """An empty directory `name`, whatever an earlier case left there."""
    p = path(name)
    shutil.rmtree(p, ignore_errors=True)
    os.makedirs(p)
    return p


def link(target, name):
    os.symlink(target, path(name))


def fifo(name):
    p = path(name)
    if os.path.lexists(p):
        os.remove(p)
    os.mkfifo(p)
    return p


# --- Inputs ------------------------------------------------------------------

def bomb(levels=9, width=9, indent=""):
    """A YAML billion laughs: `levels` anchors, each a list of `width`
    aliases of the one before (width ** levels leaves once expanded)."""
    names = [f"l{i}" for i in range(levels)]
    lines = [f"{indent}{names[0]}: &{names[0]} [" + ", ".join(["lol"] * width) + "]"]
    for prev, name in zip(names, names[1:]):
        lines.append(f"{indent}{name}: &{name} [" + ", ".join([f"*{prev}"] * width) + "]")
    return "\n".join(lines) + "\n", names[-1]


BOMB, BOMB_TOP = bomb()


def environment(site="notify { 'x': }\n", hiera=None, data=None):
    """A fresh environment `env` with `site.pp`, an optional `hiera.yaml` and
    data files ({relative path: text}); returns its path."""
    env = fresh("env")
    write("env/manifests/site.pp", site)
    os.makedirs(os.path.join(env, "modules"))
    if hiera is not None:
        write("env/hiera.yaml", hiera)
    for name, text in (data or {}).items():
        write("env/data/" + name, text)
    return env


HIERA_COMMON = "version: 5\nhierarchy:\n  - name: common\n    path: common.yaml\n"


def facts():
    return write("facts.yaml", FACTS)


def lookup(key, data, hiera=HIERA_COMMON, *more):
    """`puppet lookup KEY` over an environment whose common.yaml is `data`."""
    def args():
        env = environment(hiera=hiera, data={"common.yaml": data})
        return ["puppet", "lookup", "--environment", env, "--facts", facts(), *more, key]
    return args


def compile_env(prepare, *more):
    """`puppet compile` of the environment `prepare()` builds (it returns
    the environment's path)."""
    def args():
        env = prepare()
        return ["puppet", "compile", "--environment", env, "--facts", facts(), *more]
    return args


def apply(manifest, *more):
    return lambda: ["puppet", "apply", *more, write("m.pp", manifest)]


def erb_file(template):
    """`template('m/t.erb')` of `template`, a long text kept out of the
    manifest."""
    def args():
        fresh("modules")
        write("modules/m/templates/t.erb", template)
        return ["puppet", "apply", "--modulepath", path("modules"), write("m.pp", "notice(template('m/t.erb'))\n")]
    return args


def inline_erb(template):
    """`inline_template` of `template`, given in a heredoc (no
    interpolation)."""
    return apply(f"$t = @(END)\n{template}\nEND\nnotice(inline_template($t))\n")


def cfengine(body, *flags, bundles=""):
    def args():
        policy = "bundle agent __main__\n{\n" + body + "\n}\n" + bundles
        return ["cfengine", "run", write("p.cf", policy), *flags]
    return args


def chain(op, term, n):
    return f" {op} ".join([term] * n)


# --- Cases -------------------------------------------------------------------
#
# (item, name, expect, args, options): `item` is the numbered item,
# `expect` "ok" or "error", `args` a function giving confer's arguments.
# Options: `stdout` (a text, or a list of texts, standard output must hold),
# `text` (a text the output must hold), `absent` (texts no output may hold,
# besides the secrets), `where` (for an error about a whole file: the text
# that locates it), `exit0` (an error may exit 0: the console goes on after
# a refused `:facts`) and `stdin` (a function giving what is typed).

def case_types():
    """A module with 10,000 type files and a document of the last type."""
    types = fresh("modules/m/types")
    for i in range(1, 10001):
        with open(os.path.join(types, f"t{i}.pp"), "w") as f:
            f.write(f"type M::T{i} = Integer\n")
    return ["check", "--modulepath", path("modules"), "--type", "M::T10000", write("doc.json", "5\n")]


def case_findfiles_braces():
    d = fresh("ff")
    for name in ("a", "b"):
        write(f"ff/{name}", "")
    pattern = d + "/" + "{a,b}" * 20
    return cfengine(f'vars: "l" slist => findfiles("{pattern}");\n"n" int => length("l");\nreports: "found $(n)";')()


def case_findfiles_links():
    d = fresh("ff")
    write("ff/x/f", "")
    link(".", "ff/d")
    link(".", "ff/e")
    return cfengine(f'vars: "l" slist => findfiles("{d}/**");\n"n" int => length("l");\nreports: "found $(n)";')()


def case_manifest_links(n):
    def prepare():
        env = environment(site="notify { 'x': }\n")
        for name in ["a", "b"][:n]:
            link(".", f"env/manifests/{name}")
        return env
    return compile_env(prepare)


def case_manifest_root():
    env = environment()
    write("env/environment.conf", "manifest = /\n")
    return env


def case_glob_links():
    env = environment(
        site="notify { [lookup('a'), lookup('b')]: }\n",
        hiera='version: 5\nhierarchy:\n  - name: all\n    glob: "**/*.yaml"\n',
        data={"common.yaml": "a: top\n", "sub/x.yaml": "b: below\n"},
    )
    link(".", "env/data/d")
    link(".", "env/data/e")
    return env


def lookup_chain(depth):
    data = "k0: bottom\n" + "".join(f"k{i}: \"%{{lookup('k{i - 1}')}}\"\n" for i in range(1, depth + 1))
    return lookup(f"k{depth}", data)


DOUBLING = "d0: ab\n" + "".join(f"d{i}: \"%{{lookup('d{i - 1}')}}%{{lookup('d{i - 1}')}}\"\n" for i in range(1, 41))
ALIAS_DOUBLING = "a0: [x]\n" + "".join(
    f"a{i}: [\"%{{alias('a{i - 1}')}}\", \"%{{alias('a{i - 1}')}}\"]\n" for i in range(1, 41))
HIERA_BOMB = "version: 5\nx:\n" + bomb(indent="  ")[0] + f"hierarchy:\n  - name: common\n    paths: *{BOMB_TOP}\n"
BACKTRACK_KEY = "a" * 30 + "b"
# Matches BACKTRACK_KEY (Ruby: at 0, after some 20 s) through its second
# branch, once the first has backtracked through every split of the a's.
BACKTRACK_RE = r"^(?:(a+)+\1c|.*b)$"
SHADOW = "root:$6$S3CRETHASH:19000:0:99999:7:::\n"


def case_node_regex(regex):
    """Node `a...ab` (30 a's) against `node /REGEX/`, with a default."""
    def args():
        env = environment(site=f"node /{regex}/ {{ notify {{ 'matched': }} }}\n"
                               "node default { notify { 'fell to default': } }\n")
        return ["puppet", "compile", "--environment", env, "--facts", facts(), BACKTRACK_KEY]
    return args


def case_epp_noext():
    fresh("modules")
    write("modules/m/templates/noext", "text of noext\n")
    return ["puppet", "apply", "--modulepath", path("modules"), write("m.pp", "notice(epp('m/noext'))\n")]


def case_sensitive_backtrack():
    env = environment(
        site=f"notice(lookup('{BACKTRACK_KEY}'))\n",
        hiera=HIERA_COMMON,
        data={"common.yaml": f"lookup_options:\n  '{BACKTRACK_RE}':\n    convert_to: Sensitive\n"
              f"{BACKTRACK_KEY}: S3CRETPW\n"},
    )
    return ["puppet", "compile", "--environment", env, "--facts", facts()]


def case_secret_manifest():
    env = environment()
    write("env/environment.conf", f"manifest = {write('shadow', SHADOW)}\n")
    return ["puppet", "compile", "--environment", env, "--facts", facts()]


def case_check_hiera_sensitive():
    fresh("modules")
    write("modules/app/manifests/init.pp", "class app(Enum['hunter2'] $password) {}\n")
    data = write("hdata/common.yaml", "lookup_options:\n  app::password:\n    convert_to: Sensitive\napp::password: S3CRETPW\n")
    return ["check", "hiera", "--modulepath", path("modules"), data]


def case_find():
    """find_template and find_file with a relative module path (the child
    runs in the scratch directory)."""
    fresh("modules")
    write("modules/m/templates/t.erb", "")
    write("modules/m/files/f", "")
    manifest = write("m.pp", "notice(find_template('m/t.erb'))\nnotice(find_file('m/f'))\n")
    return ["puppet", "apply", "--modulepath", "modules", manifest]


def case_check_hiera_clean():
    """Values Puppet accepts: an alias of an array, a Sensitive value for a
    Sensitive[String] parameter."""
    fresh("modules")
    write("modules/app/manifests/init.pp", "class app(Sensitive[String] $token, Array[Integer] $list) {}\n")
    data = write("hdata/common.yaml", "lookup_options:\n  app::token:\n    convert_to: Sensitive\n"
                 "app::token: S3CRETPW\napp::list: \"%{alias('app::ports')}\"\napp::ports: [80]\n")
    return ["check", "hiera", "--modulepath", path("modules"), data]


def case_check_hiera_env():
    fresh("modules")
    write("modules/app/manifests/init.pp", "class app(Enum['hunter2'] $password) {}\n")
    env = environment(hiera=HIERA_COMMON, data={
        "common.yaml": "lookup_options:\n  app::password:\n    convert_to: Sensitive\napp::password: S3CRETPW\n"})
    shutil.rmtree(os.path.join(env, "modules"))
    return ["check", "hiera", "--environment", env, "--modulepath", path("modules"), "--facts", facts()]


def paste():
    line = "  '" + "x" * 70 + "',\n"
    return "$big = [\n" + line * 14000 + "]\nnotice($big.length)\n"


N10K = 10000
CASES = [
    # 1. ERB parser and interpreter depth. Ruby 3.1 refuses all but the last
    # ("nesting too deep", "stack level too deep"); it answers 1 for the
    # modifiers, where a located error is still within the rules.
    (1, "ERB [[[...]]] 10k deep", "error", erb_file("<%= " + "[" * N10K + "1" + "]" * N10K + " %>"), {}),
    (1, "ERB {1=>{...}} 10k deep", "error", erb_file("<%= " + "{1=>" * N10K + "1" + "}" * N10K + " %>"), {}),
    (1, "ERB Array(Array(...)) 10k", "error", erb_file("<%= " + "Array(" * N10K + "1" + ")" * N10K + " %>"), {}),
    (1, "ERB 1 + 1 ... 150k terms", "error", erb_file("<%= " + chain("+", "1", 150000) + " %>"), {}),
    (1, "ERB && chain 150k", "error", erb_file("<%= " + chain("&&", "true", 150000) + " %>"), {}),
    (1, "ERB || chain 150k", "error", erb_file("<%= " + chain("||", "false", 150000) + " || 1 %>"), {}),
    (1, "ERB .to_s x 50k", "error", erb_file("<%= 1" + ".to_s" * 50000 + " %>"), {}),
    (1, "ERB nested ternaries 10k", "error", erb_file("<%= " + "true ? " * N10K + "1" + " : 2" * N10K + " %>"), {}),
    (1, "ERB a = b = ... 10k", "error",
     erb_file("<% " + "".join(f"a{i} = " for i in range(N10K)) + "1 %><%= a0 %>"), {}),
    (1, "ERB x if true if true ... 10k", "error", erb_file("<% x = 1" + " if true" * N10K + " %><%= x %>"), {}),
    # 2. ERB growth.
    (2, "ERB a << i 100k", "ok",
     inline_erb("<% a = []; i = 0; while i < 100000; a << i; i += 1; end %><%= a.size %>"),
     {"stdout": "100000"}),
    (2, "ERB h[i] = i 100k", "ok",
     inline_erb("<% h = {}; i = 0; while i < 100000; h[i] = i; i += 1; end %><%= h.size %>"),
     {"stdout": "100000"}),
    (2, "ERB gsub doubling 40 times", "error",
     inline_erb("<% s = 'a'; 40.times { s = s.gsub('a', 'aa') } %><%= s.size %>"), {}),
    # 3. Hiera interpolation, YAML aliases, globs.
    (3, "Hiera %{lookup} doubling 40", "error", lookup("d40", DOUBLING), {}),
    (3, "Hiera %{alias} array doubling 40", "error", lookup("a40", ALIAS_DOUBLING), {}),
    (3, "YAML bomb in Hiera data", "error", lookup(BOMB_TOP, BOMB), {}),
    (3, "YAML bomb in hiera.yaml", "error", lookup("k", "k: v\n", HIERA_BOMB), {}),
    (3, "YAML bomb through parseyaml", "error",
     lambda: apply(f"notice(parseyaml(file('{write('bomb.yaml', BOMB)}')).length)\n", "--modulepath", STDLIB)(), {}),
    (3, "YAML bomb through loadyaml", "error",
     lambda: apply(f"notice(loadyaml('{write('bomb.yaml', BOMB)}').length)\n", "--modulepath", STDLIB)(), {}),
    (3, "YAML bomb in --facts", "error",
     lambda: apply("notice(1)\n", "--facts", write("bombfacts.yaml", FACTS + bomb(indent="  ")[0]))(), {}),
    (3, "YAML bomb in console :facts", "error",
     lambda: ["puppet", "console", "--history", path("history")],
     {"stdin": lambda: f":facts {write('bomb.yaml', BOMB)}\n1 + 1\n", "where": "bomb.yaml", "exit0": True}),
    (3, "glob **/*.yaml over two d -> .", "ok", compile_env(case_glob_links),
     {"stdout": ['"title":"top"', '"title":"below"']}),
    # 4. Environments.
    (4, "manifests/ with a -> .", "ok", case_manifest_links(1), {"stdout": '"title":"x"'}),
    (4, "manifests/ with a, b -> .", "ok", case_manifest_links(2), {"stdout": '"title":"x"'}),
    (4, "manifest = / in environment.conf", "error", compile_env(case_manifest_root), {}),
    # 5. Catalog size.
    (5, "define doubling itself 30 deep", "error",
     apply("define d(Integer $n) {\n  if $n < 30 {\n    d { [\"${title}a\", \"${title}b\"]: n => $n + 1 }\n  }\n}\n"
           "d { 'x': n => 0 }\n"), {}),
    (5, "3,000,000 flat resources", "error",
     apply("Integer[1, 3000000].each |$i| { notify { \"n${i}\": } }\n"), {}),
    # 6. Facts and history that are not regular files.
    (6, "apply --facts FIFO", "error", lambda: apply("notice(1)\n", "--facts", fifo("fifo"))(),
     {"where": path("fifo")}),
    (6, "apply --facts /dev/zero", "error", apply("notice(1)\n", "--facts", "/dev/zero"), {"where": "/dev/zero"}),
    (6, "lookup --facts FIFO", "error",
     lambda: ["puppet", "lookup", "--environment", environment(), "--facts", fifo("fifo"), "k"],
     {"where": path("fifo")}),
    (6, "compile --facts FIFO", "error",
     lambda: ["puppet", "compile", "--environment", environment(), "--facts", fifo("fifo")],
     {"where": path("fifo")}),
    (6, "console --history /dev/zero", "error", lambda: ["puppet", "console", "--history", "/dev/zero"],
     {"where": "/dev/zero"}),
    (6, "console --history FIFO", "error", lambda: ["puppet", "console", "--history", fifo("fifo")],
     {"where": path("fifo")}),
    (6, "console :facts FIFO", "error",
     lambda: ["puppet", "console", "--history", path("history")],
     {"stdin": lambda: f":facts {fifo('fifo')}\n1 + 1\n", "where": path("fifo"), "exit0": True,
      "stdout": "=> 2"}),
    # 7. check over many type files.
    (7, "check --modulepath 10,000 types", "ok", case_types, {}),
    # 8. CFEngine readers and growth (the counts are cf-agent 3.21's).
    (8, "findfiles 20 {a,b} groups", "ok", case_findfiles_braces, {"stdout": "R: found 0"}),
    (8, "findfiles ** over d, e -> .", "ok", case_findfiles_links, {"stdout": "R: found 220"}),
    (8, "string_replace growth 8 levels", "error",
     cfengine('vars: "s0" string => "aaaaaaaaaa";\n' + "".join(
         f'"s{i}" string => string_replace("$(s{i - 1})", "a", "aaaaaaaaaa");\n' for i in range(1, 9))
         + 'reports: "$(s8)";'), {}),
    (8, "methods doubling a parameter 60", "error",
     cfengine('methods:\n  "r" usebundle => r("ab", "");',
              bundles='bundle agent r(s, d)\n{\nvars:\n  "n" int => string_length("$(d)");\n'
                      'classes:\n  "more" expression => isgreaterthan("60", "$(n)");\n'
                      'methods:\n  more::\n    "r" usebundle => r("$(s)$(s)", "$(d)x");\n}\n'), {}),
    (8, "readdata /dev/urandom auto", "error",
     cfengine('vars: "d" data => readdata("/dev/urandom", "auto");\nreports: "read";'), {}),
    # 9. Console paste (Ctrl-C needs a terminal: crates/cli/tests/console.rs).
    (9, "console 1 MB unbracketed paste", "ok", lambda: ["puppet", "console", "--history", path("history")],
     {"stdin": paste, "stdout": "14000"}),
    # 10. %{lookup()} chain depth: Puppet 7.23 answers at 100 and 150 and
    # fails at 200 with "Error: Could not run: stack level too deep".
    (10, "%{lookup} chain 100", "ok", lookup_chain(100), {"stdout": "bottom"}),
    (10, "%{lookup} chain 150", "ok", lookup_chain(150), {"stdout": "bottom"}),
    # Puppet 7.23 (puppet lookup, the same data): "stack level too deep".
    (10, "%{lookup} chain 200", "error", lookup_chain(200), {"reference": "stack level too deep"}),
    # 11. Node regexps. The first is decided without backtracking (Ruby:
    # no match, after some 20 s), so node default is the right answer; the
    # second needs more backtracking than the limit, and Ruby matches it.
    (11, "node /^(a+)+$/, a*30 b (no match)", "ok", case_node_regex("^(a+)+$"),
     {"stdout": "fell to default"}),
    (11, "node /^(?:(a+)+\\1c|.*b)$/, a*30 b", "error", case_node_regex(BACKTRACK_RE),
     {"absent": ["fell to default"]}),
    # 12. YAML tags (Puppet: "Unable to parse (FILE): Tried to load
    # unspecified class: File", no line).
    (12, "!ruby/object:File in Hiera data", "error",
     # Puppet's words: tests/compile/cases/hiera_ruby_object_tag/expected.
     lookup("k", "k: !ruby/object:File {path: /etc/passwd}\n"), {"reference": "Tried to load unspecified class: File"}),
    # 13. Template names.
    (13, "epp('m/noext') without .epp", "error", case_epp_noext, {"absent": ["text of noext"]}),
    (13, "find_template, find_file: absolute paths", "ok", case_find,
     {"stdout": [path("modules/m/templates/t.erb"), path("modules/m/files/f")]}),
    # 15. check hiera and cfengine run's exit status.
    (15, "check hiera --environment Sensitive", "error", case_check_hiera_env,
     {"text": "app::password", "absent": ["without a Puppet evaluator"]}),
    (15, "check hiera: %{alias}, Sensitive[String]", "ok", case_check_hiera_clean, {}),
    (15, "cfengine execresult refused", "error",
     cfengine('vars: "r" string => execresult("/bin/ls /", "noshell");\nreports: "r=$(r)";'), {}),
    # 16-18. Leaks.
    (16, "lookup_options regex backtrack Sensitive", "error", case_sensitive_backtrack, {}),
    (17, "environment.conf manifest = shadow", "error", case_secret_manifest, {"text": "shadow"}),
    (18, "check hiera file mode Sensitive", "error", case_check_hiera_sensitive, {"text": "app::password"}),
]


# --- Running -----------------------------------------------------------------

def limit():
    """In the child: a 2 GB address space, and a session of its own so that
    a timeout kills everything it started."""
    resource.setrlimit(resource.RLIMIT_AS, (ADDRESS_SPACE, ADDRESS_SPACE))
    os.setsid()


def run(args, stdin_text=None):
    """Runs confer with `args`; returns (exit status, seconds, peak KB,
    stdout, stderr, timed out).
    The peak is `wait4`'s ru_maxrss, which counts the copy of this script the
    child starts as: an upper bound on confer's own."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err, \
            tempfile.TemporaryFile() as inp:
        if stdin_text is not None:
            inp.write(stdin_text.encode())
            inp.seek(0)
            stdin = inp.fileno()
        else:
            stdin = os.open(os.devnull, os.O_RDONLY)
        start = time.monotonic()
        pid = os.fork()
        if pid == 0:
            try:
                limit()
                os.chdir(WORK)
                os.dup2(stdin, 0)
                os.dup2(out.fileno(), 1)
                os.dup2(err.fileno(), 2)
                os.execv(CONFER, [CONFER, *args])
            finally:
                os._exit(127)
        if stdin_text is None:
            os.close(stdin)
        timed_out = False
        while True:
            done, status, usage = os.wait4(pid, os.WNOHANG)
            if done:
                break
            if time.monotonic() - start > TIMEOUT:
                timed_out = True
                try:
                    os.killpg(pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
                _, status, usage = os.wait4(pid, 0)
                break
            time.sleep(0.005)
        elapsed = time.monotonic() - start
        out.seek(0)
        err.seek(0)
        stdout = out.read().decode(errors="replace")
        stderr = err.read().decode(errors="replace")
    # A signal shows as a shell shows it: 128 + its number (SIGABRT: 134).
    code = os.waitstatus_to_exitcode(status)
    return (128 - code if code < 0 else code), elapsed, usage.ru_maxrss, stdout, stderr, timed_out


def mask(text):
    """`text` with the planted secrets hidden and the scratch directory
    written `$WORK`."""
    for secret in SECRETS:
        text = text.replace(secret, "[SECRET]")
    return text.replace(WORK, "$WORK")


def verdict(expect, opts, code, elapsed, peak_kb, stdout, stderr, timed_out):
    """The rules broken, as short phrases."""
    text = stdout + stderr
    rules = []
    if timed_out:
        rules.append("over 10 s (killed)")
    elif elapsed > TIMEOUT:
        rules.append("over 10 s")
    if peak_kb > PEAK_LIMIT_KB:
        rules.append("over 1 GB")
    if not timed_out and code in (134, 137, 139):
        rules.append(f"signal ({signal.Signals(code - 128).name})")
    rules += [f'"{t}"' for t in SIGNAL_TEXT if t in text]
    if any(secret in text for secret in SECRETS):
        rules.append("secret shown")
    rules += [f'shows "{t}"' for t in opts.get("absent", []) if t in text]
    if timed_out or rules:
        return rules
    if expect == "ok":
        if code != 0:
            rules.append("exit not 0")
    else:
        if code == 0 and not opts.get("exit0"):
            rules.append("exit 0")
        where = opts.get("where")
        if "reference" in opts:
            # Puppet 7.23's own error, which says no more than this.
            if opts["reference"] not in text:
                rules.append(f'not Puppet\'s "{opts["reference"]}"')
        elif where is not None:
            if where not in text:
                rules.append("error not located")
        elif not LOCATED.search(text):
            rules.append("error not located")
    wanted = opts.get("stdout", [])
    for t in [wanted] if isinstance(wanted, str) else wanted:
        if t not in stdout:
            rules.append(f'no "{mask(t)}" on stdout')
    if "text" in opts and opts["text"] not in text:
        rules.append(f'no "{opts["text"]}"')
    return rules


def first_line(stdout, stderr, code):
    """The first non-empty line: of stderr for a failure, else of stdout."""
    streams = (stderr, stdout) if code != 0 else (stdout, stderr)
    for stream in streams:
        for line in stream.splitlines():
            if line.strip():
                line = mask(line.strip())
                return line if len(line) <= 90 else line[:87] + "..."
    return ""


def main():
    if not os.access(CONFER, os.X_OK):
        sys.exit(f"{CONFER}: not an executable confer")
    if MARKDOWN:
        print("| # | case | expect | exit | seconds | peak MB | first line of output | verdict |")
        print("|--:|------|--------|-----:|--------:|--------:|----------------------|---------|")
    else:
        print(f"{'#':>2}  {'case':42} {'expect':6} {'exit':>5} {'seconds':>7} {'peak MB':>7}  "
              f"{'first line of output':90}  verdict")
    rows = []
    only = os.environ.get("SWEEP_ONLY")
    try:
        for row in sweep(only):
            rows.append(row)
    finally:
        shutil.rmtree(WORK, ignore_errors=True)
    broken = sum(1 for r in rows if r)
    print(f"\n{len(rows) - broken} of {len(rows)} cases within the rules ({CONFER})")
    return 1 if broken else 0


def sweep(only):
    """Runs the cases (those whose name holds `only`, if given), printing a
    row for each; yields the rules each broke."""
    for item, name, expect, make, opts in CASES:
        if only and only not in name:
            continue
        args = make()
        stdin = opts.get("stdin")
        code, elapsed, peak_kb, stdout, stderr, timed_out = run(args, stdin() if stdin else None)
        rules = verdict(expect, opts, code, elapsed, peak_kb, stdout, stderr, timed_out)
        shown = "killed" if timed_out else str(code)
        line = first_line(stdout, stderr, code)
        mark = "ok" if not rules else "BREAKS: " + ", ".join(rules)
        if MARKDOWN:
            cells = [str(item), f"`{name}`", expect, shown, f"{elapsed:.2f}", f"{peak_kb / 1024:.0f}",
                     f"`{line}`" if line else "", mark]
            print("| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |", flush=True)
        else:
            print(f"{item:>2}  {name:42} {expect:6} {shown:>5} {elapsed:7.2f} {peak_kb / 1024:7.0f}  {line:90}  {mark}",
                  flush=True)
        yield rules


if __name__ == "__main__":
    sys.exit(main())
