#!/usr/bin/env python3
"""Writes crates/puppet/data/puppet-functions.txt: the names of the functions
Puppet 7.23 itself defines, one a line, read from its `puppet/functions/*.rb`
(Puppet 4 API, `create_function(:name)`) and `puppet/parser/functions/*.rb`
(Puppet 3 API, `newfunction(:name)`). Debian installs them under
/usr/lib/ruby/vendor_ruby/puppet.

    scripts/regen-puppet-function-names.py [PUPPET_RUBY_DIR]

confer reads the list to tell a real Puppet function it does not implement
("not supported by confer") from a typo ("did you mean …?").
"""

import glob
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "crates", "puppet", "data", "puppet-functions.txt")
DEFAULT = "/usr/lib/ruby/vendor_ruby/puppet"

PATTERNS = [
    ("functions", re.compile(r"create_function\(\s*:?['\"]?([a-z_][\w:]*)")),
    (os.path.join("parser", "functions"), re.compile(r"newfunction\(\s*:['\"]?([a-z_]\w*)")),
]


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else DEFAULT
    names = set()
    for folder, pattern in PATTERNS:
        files = sorted(glob.glob(os.path.join(root, folder, "*.rb")))
        if not files:
            sys.exit(f"no Ruby files in {os.path.join(root, folder)}")
        for path in files:
            with open(path, encoding="utf-8") as f:
                found = pattern.findall(f.read())
            if not found:
                sys.exit(f"no function defined in {path}")
            names.update(found)
    with open(OUT, "w", encoding="utf-8") as f:
        f.write("".join(f"{n}\n" for n in sorted(names)))
    print(f"{len(names)} functions written to {OUT}")


if __name__ == "__main__":
    main()
