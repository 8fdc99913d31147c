#!/usr/bin/env python3
"""Writes the generated manifest that crates/puppet/benches/apply.rs measures
(BLOCKS blocks of 26 lines, 200 by default = 5,200 lines), so that
bench/puppet-vs-confer.sh can time real Puppet on exactly the same input:

    bench/generate-manifest.py 200 > /tmp/bench.pp
    bench/puppet-vs-confer.sh /tmp/bench.pp 3
"""
import sys

BLOCK = '''$name_{i} = "host-{i}"
$ports_{i} = [80, 443, {i}]
$conf_{i} = {{ 'name' => $name_{i}, 'ports' => $ports_{i}, 'weight' => {i}.5 }}
$sum_{i} = $ports_{i}[0] + $ports_{i}[1] * 2 - {i} % 7
$label_{i} = "${{name_{i}}}:${{sum_{i}}} (${{conf_{i}['weight']}})"
if $sum_{i} > 1000 and $name_{i} =~ /^host-(\\d+)$/ {{
  $big_{i} = $1
}} elsif $sum_{i} == 0 {{
  $big_{i} = 'zero'
}} else {{
  $big_{i} = 'small'
}}
$size_{i} = case $sum_{i} {{
  Integer[0, 500]: {{ 'small' }}
  Integer[501, 2000]: {{ 'medium' }}
  default: {{ 'large' }}
}}
$kind_{i} = $size_{i} ? {{ 'small' => 1, 'medium' => 2, default => 3 }}
$doubled_{i} = $ports_{i}.map |$p| {{ $p * 2 }}
$merged_{i} = $conf_{i} + {{ 'kind' => $kind_{i}, 'doubled' => $doubled_{i} }}
class c{i}($p = {i}) {{
  $local = $p + 1
}}
include c{i}
$check_{i} = $merged_{i}['doubled'] =~ Array[Integer] and 'HOST' in $name_{i}
$text_{i} = "${{label_{i}}} ${{size_{i}}} ${{check_{i}}} ${{c{i}::local}}"
'''

blocks = int(sys.argv[1]) if len(sys.argv) > 1 else 200
sys.stdout.write("".join(BLOCK.format(i=i) for i in range(blocks)))
