#!/usr/bin/env python3
"""Runs issue 16's reproducers through a confer binary and prints, for each,
the exit status, the wall time, the peak memory and the first line of output.

    scripts/hostile-sweep.py [CONFER]      (default: target/release/confer)

Issue 16 asks that every one answers within a second with the reference's
result or a located error and exit status 1: never 134 (an abort), never a
Rust backtrace, never more than 1 GB. The last column says which rule a case
breaks, if any; the script exits 1 when one does. It needs no reference tool
(stdlib's modules for two cases: CONFER_STDLIB_MODULES); what the answers must
be is checked by the goldens and tests that docs/deviations.md names.
"""
import os
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CONFER = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "target/release/confer")
WORK = tempfile.mkdtemp(prefix="confer-hostile-")
A25 = "a" * 25
STDLIB = os.environ.get("CONFER_STDLIB_MODULES", "/usr/share/puppet/modules")


def write(name, text):
    path = os.path.join(WORK, name)
    with open(path, "w") as f:
        f.write(text)
    return path


# Each case is a function giving the arguments, so that its input file is
# written just before it runs (cases share the file names).
def puppet(manifest):
    return lambda: ["puppet", "apply", write("m.pp", manifest)]


def puppet_stdlib(manifest):
    """A manifest calling stdlib functions (parsejson, parseyaml)."""
    return lambda: ["puppet", "apply", "--modulepath", STDLIB, write("m.pp", manifest)]


def cfengine(body, *flags):
    return lambda: ["cfengine", "run", write("p.cf", "bundle agent __main__\n{\n" + body + "\n}\n"), *flags]


def check(document, ty, suffix="yaml"):
    return lambda: ["check", "--type", ty, write("d." + suffix, document)]


def nested_yaml(depth):
    """A sequence nested `depth` deep, on one line (`- - - 1`)."""
    return "- " * depth + "1\n"


def flow_yaml(depth):
    """A flow sequence nested `depth` deep (`[[[1]]]`)."""
    return "[" * depth + "1" + "]" * depth + "\n"


def deep_json(depth):
    return '{"a":' * depth + "1" + "}" * depth


BOMB = "a: &a [x, x, x, x, x, x, x, x, x]\n" + "".join(
    f"{chr(98 + i)}: &{chr(98 + i)} [*{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}]\n"
    for i in range(8)
)

LINES = "line\n" * 200000

CASES = [
    ("1 regsubst backtrack", puppet(f'notice(regsubst("{A25}", /(a+)+\\1b/, "x"))\n')),
    ("1 split backtrack", puppet(f'notice(split("{A25}", /(a+)+\\1b/))\n')),
    ("1 splitstring backtrack", cfengine(f'vars: "l" slist => splitstring("{"a" * 18}y", "(?:(a+)+\\1x|y)", 100);')),
    ("1 lastnode backtrack", cfengine(f'vars: "l" string => lastnode("{"a" * 18}y", "(?:(a+)+\\1x|y)");')),
    ("2 match never a silent false", puppet(f"notice('{A25}b' =~ /^(?:(a+)+\\1c|.*b)$/)\n")),
    ("3 sprintf %.70000f", puppet("notice(sprintf('%.70000f', 1).length)\n")),
    ("3 sprintf %.65536e", puppet("notice(sprintf('%.65536e', 1).length)\n")),
    ("3 sprintf width 2^64", puppet("notice(sprintf('%18446744073709551615d', 1))\n")),
    ("3 strftime %70000H", puppet("notice(Timespan(3600).strftime('%70000H').length)\n")),
    ("3 cfengine format %.70000f", cfengine('vars: "s" string => format("%.70000f", "1");')),
    ("3 --show-vars long name", cfengine(f'vars: "{"v" * 65536}" string => "x";', "--show-vars")),
    ("4 chain of 50,000 +", puppet("notice(" + "+".join(["1"] * 50000) + ")\n")),
    ("4 chain of 50,000 ->", puppet("notice(" + "->".join(["1"] * 50000) + ")\n")),
    ("4 reduce 100,000 deep", puppet("$x = Integer[1, 100000].reduce(1) |$m, $i| { [$m] }\nnotice($x)\n")),
    ("4 parseyaml 200,000 deep", puppet_stdlib(f"notice(parseyaml('{nested_yaml(200000)}') =~ Array)\n")),
    ("4 check YAML 1,000,000 deep", check(flow_yaml(1000000), "Array")),
    ("5 check alias bomb", check(BOMB, "Hash")),
    ("5 cfengine readyaml alias bomb", cfengine(f'vars: "d" data => readyaml("{write("bomb.yaml", BOMB)}", 100000);')),
    ("5 readfile /dev/zero", cfengine('vars: "s" string => readfile("/dev/zero", 1000);')),
    ("6 readstringlist of 200,000 lines", lambda: cfengine(
        'vars: "l" slist => readstringlist("' + write("lines.txt", LINES)
        + '", "#.*", "\\n", 300000, 99999999);')()),
    ("5 check /dev/zero", lambda: ["check", "--type", "Any", "/dev/zero"]),
    ("5 recursive define", puppet('define d() { d { "${title}x": } }\nd { "a": }\n')),
    ("5 doubling a string", puppet("$s = Integer[1, 40].reduce('ab') |$m, $i| { \"${m}${m}\" }\nnotice($s.length)\n")),
    ("5 doubling through shared parts", puppet("$a = Integer[1, 40].reduce([1]) |$m, $i| { [$m, $m] }\nnotice($a)\n")),
    ("5 doubling a type", puppet("$a = Integer[1, 40].reduce(Integer) |$m, $i| { Tuple[$m, $m] }\nnotice($a)\n")),
    ("5 template doubling", puppet('notice(inline_template("<% a = [1] %><% (1..40).each { a = [a, a] } %><%= a.size %>"))\n')),
    ("6 check YAML 20,000 deep", check(nested_yaml(20000), "Array")),
    ("6 did-you-mean 300-member Enum", check("x" * 5_000_000 + "\n", "Enum[" + ", ".join(f"'v{i}'" for i in range(300)) + "]")),
    ("6 200,000 unknown variables", puppet("$a = [" + ", ".join(["$nope"] * 200000) + "]\nnotice($a.length)\n")),
    ("6 heredoc of a million ${y}", puppet('$y = "v"\n$h = @("END")\n' + "${y}" * 1000001 + "\nEND\nnotice($h.length)\n")),
    ("7 100-deep hash =~ Data", puppet_stdlib(f"notice(parsejson('{deep_json(100)}') =~ Data)\n")),
    ("7 JSON 200 deep", check(deep_json(200), "Data", "json")),
    ("7 type T = T", puppet("type T = T\nnotice(1 =~ T)\n")),
    ("7 sprintf %d 1.5e300", puppet("notice(sprintf('%d', 1.5e300).length)\n")),
    ("7 sprintf %c 1114112", puppet("notice(sprintf('%c', 1114112))\n")),
    ("7 cfengine int out of range", cfengine('vars: "i" int => "99999999999999999999";')),
    ("7 class expression 201 parens", cfengine('reports: "ok" if => "' + "(" * 201 + "any" + ")" * 201 + '";')),
    ("8 methods iterate", cfengine('vars: "l" slist => { "a", "b", "c" };\nmethods: "x" usebundle => c("$(l)");\n}\nbundle agent c(x)\n{\nreports: "$(x)";')),
    ("9 lambda ending in a hash", puppet("notice([1].map |$x| { {a => $x} })\n")),
    ("10 empty YAML as Integer", check("# nothing\n", "Integer")),
    ("10 JSON with a BOM", check("\ufeff[1]", "Array[Integer]", "json")),
]


def run(args):
    """The exit status, seconds, peak kilobytes and output. The peak comes
    from `wait4` and counts what the child started with, a copy of this
    script's memory (some 90 MB once the large inputs are built): an upper
    bound on confer's own peak, which is what the 1 GB rule needs."""
    start = time.monotonic()
    with tempfile.TemporaryFile() as out:
        p = subprocess.Popen([CONFER, *args], stdout=out, stderr=subprocess.STDOUT)
        try:
            _, status, usage = os.wait4(p.pid, 0)
            p.returncode = os.waitstatus_to_exitcode(status)
            code, peak = p.returncode, usage.ru_maxrss
        except BaseException:
            p.kill()
            raise
        elapsed = time.monotonic() - start
        out.seek(0)
        text = out.read().decode(errors="replace")
    return code, elapsed, peak, text


def main():
    broken = 0
    print(f"{'case':38} {'exit':>7} {'seconds':>8} {'peak MB':>8}  first line / rule broken")
    for name, args in CASES:
        code, elapsed, peak_kb, out = run(args())
        first = next((l for l in out.splitlines() if l.strip()), "")[:70]
        rules = []
        if code == 134 or code < 0:
            rules.append(f"exit {code}")
        if "panicked" in out or "stack backtrace" in out:
            rules.append("backtrace")
        if elapsed > 1.0:
            rules.append("over 1 s")
        if peak_kb > 1024 * 1024:
            rules.append("over 1 GB")
        broken += bool(rules)
        mark = "BREAKS " + ", ".join(rules) if rules else first
        print(f"{name:38} {str(code):>7} {elapsed:8.2f} {peak_kb / 1024:8.0f}  {mark}")
    print(f"{len(CASES) - broken} of {len(CASES)} within the rules")
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main())
