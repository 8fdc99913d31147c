#!/usr/bin/env python3
"""Measures the Ruby that ERB templates use, to decide the subset confer's ERB
interpreter implements.

    scripts/measure-erb-ruby.py [DIR]   (default /usr/share/puppet/modules)

Prints, for every ERB template under DIR, how often each method call
(`.name`), keyword, operator and scope accessor appears inside `<% %>` tags.
"""

import collections
import os
import re
import sys

ROOT = sys.argv[1] if len(sys.argv) > 1 else "/usr/share/puppet/modules"
TAG = re.compile(r"<%(?!%)(=|#|-)?(.*?)-?%>", re.S)
STRING = re.compile(r"'(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\"")
KEYWORDS = ["if", "elsif", "else", "unless", "case", "when", "end", "do", "while", "until", "for",
            "and", "or", "not", "then", "begin", "rescue", "return", "next", "break", "yield", "def", "lambda",
            "proc", "require", "nil", "true", "false"]


def templates(root):
    for d, _, files in os.walk(root, followlinks=True):
        for f in files:
            if f.endswith(".erb"):
                yield os.path.join(d, f)


def main():
    counts = {k: collections.Counter() for k in ["method", "keyword", "construct", "scope", "function"]}
    files_with = collections.Counter()
    paths = sorted(templates(ROOT))
    for path in paths:
        text = open(path, encoding="utf-8", errors="replace").read()
        seen = set()
        for m in TAG.finditer(text):
            if m.group(1) == "#":
                continue
            code = m.group(2)
            for s in STRING.findall(code):
                if "#{" in s:
                    counts["construct"]["interpolation #{}"] += 1
                    seen.add(("construct", "interpolation #{}"))
            bare = STRING.sub("''", code)
            found = []
            found += [("method", "." + x) for x in re.findall(r"\.\s*([a-z_]+[?!]?)", bare)]
            found += [("keyword", w) for w in re.findall(r"\b([a-z_]+)\b", bare) if w in KEYWORDS]
            found += [("scope", x) for x in re.findall(r"scope(\.[a-z_]+|\[)", bare)]
            found += [("function", x) for x in re.findall(r"function_([a-z_0-9]+)", bare)]
            found += [("function", x) for x in re.findall(r"call_function\(\s*'([a-z_0-9:]+)'", code)]
            constructs = {
                "instance var @x": r"@[a-z_]", "ternary ?:": r"\?\s[^:]*\s:", "block do |x|": r"\bdo\s*\|",
                "block { |x| }": r"\{\s*\|", "&&": r"&&", "||": r"\|\|", "!x": r"![^=~]", "==": r"==",
                "!=": r"!=", "=~ regexp": r"=~", "regexp literal": r"(^|[\s(,])/[^/\s]", "assignment x =": r"\b[a-z_]+\s*=[^=~>]",
                "symbol :x": r"(^|[\s(\[,])(:[a-z_]+)", "hash literal =>": r"=>", "range ..": r"\.\.",
                "array literal [..]": r"(^|[\s(=,])\[", "index x[..]": r"[a-z_\])]\[", "+": r"\s\+\s", "<< append": r"<<",
                "modifier if/unless": r"\S\s+(if|unless)\s", "string * / %": r"\s[*%/]\s", "&:sym block": r"&:",
                "heredoc": r"<<[-~]?[A-Z]", "gsub/sub": r"\.g?sub\b", "constant (Ruby class)": r"\b[A-Z][a-zA-Z]+\b",
            }
            for name, rx in constructs.items():
                if re.search(rx, bare):
                    found.append(("construct", name))
            for kind, name in found:
                counts[kind][name] += 1
                seen.add((kind, name))
        for key in seen:
            files_with[key] += 1
    print(f"{len(paths)} ERB templates under {ROOT}\n")
    for kind, c in counts.items():
        print(f"== {kind} (uses / templates)")
        for name, n in c.most_common():
            print(f"  {name:28} {n:5} {files_with[(kind, name)]:4}")
        print()


if __name__ == "__main__":
    main()
