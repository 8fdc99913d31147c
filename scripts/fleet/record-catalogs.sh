#!/usr/bin/env bash
# Records the catalogs real Puppet 7.23 compiles for nodes of the example
# fleet (examples/fleet), for the fleet golden test
# (crates/cli/tests/fleet_goldens.rs): each node's facts go into a
# throw-away vardir's facts cache, and `puppet catalog compile` renders the
# catalog as JSON into tests/fleet/expected/NODE.json, or its first error
# line into NODE.err.
#
#   scripts/fleet/record-catalogs.sh [NODE…]   (default: the nodes listed
#                                               in tests/fleet/nodes)
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
fleet=$root/examples/fleet
out=$root/tests/fleet/expected
puppet=${PUPPET:-puppet}
mkdir -p "$out"
if [ $# -eq 0 ]; then
  mapfile -t nodes < <(grep -v '^#' "$root/tests/fleet/nodes" | grep .)
else
  nodes=("$@")
fi
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
mkdir -p "$t/var/yaml/facts" "$t/log" "$t/run"
for node in "${nodes[@]}"; do
  cp "$fleet/facts/$node.yaml" "$t/var/yaml/facts/$node.yaml"
  if "$puppet" catalog compile "$node" --codedir "$fleet" --environmentpath "$fleet/environments" \
      --environment production --confdir "$t" --vardir "$t/var" --logdir "$t/log" --rundir "$t/run" \
      --basemodulepath "$t/none" --facts_terminus yaml --log_level warning --color false \
      --render-as json >"$t/out" 2>"$t/err"; then
    # `puppet catalog compile` prints a notice line before the catalog;
    # the per-run fields are dropped as the comparison drops them.
    python3 - "$t/out" "$out/$node.json" "$fleet/environments/production" <<'PY'
import json, sys
text = open(sys.argv[1]).read()
catalog = json.loads(text[text.index("{"):])
for volatile in ("version", "catalog_uuid", "code_id"):
    catalog.pop(volatile, None)
text = json.dumps(catalog, indent=2, ensure_ascii=False)
open(sys.argv[2], "w").write(text.replace(sys.argv[3], "<env>") + "\n")
PY
    rm -f "$out/$node.err"
  else
    grep -m1 '^Error:' "$t/err" | sed "s#$fleet/environments/production#<env>#g" >"$out/$node.err"
    rm -f "$out/$node.json"
  fi
  echo "recorded $node"
done
