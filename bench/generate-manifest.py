#!/usr/bin/env python3
"""Writes the generated manifest that crates/puppet/benches/apply.rs measures
(BLOCKS copies of bench/manifest-block.pp.in with `{i}` numbered, 26 lines
each, 200 by default = 5,200 lines), so that
bench/puppet-vs-confer.sh can time real Puppet on exactly the same input:

    bench/generate-manifest.py 200 > /tmp/bench.pp
    bench/puppet-vs-confer.sh /tmp/bench.pp 3
"""
import os
import sys

BLOCK = open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "manifest-block.pp.in")).read()

blocks = int(sys.argv[1]) if len(sys.argv) > 1 else 200
sys.stdout.write("".join(BLOCK.replace("{i}", str(i)) for i in range(blocks)))
