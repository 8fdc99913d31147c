#!/usr/bin/env bash
# `confer check` against the fastest JSON Schema validators on the same data:
# a generated JSON array of records (SIZE_MB, default 100) checked against
# bench/records.type.pp (confer) and the equivalent bench/records.schema.json.
# Prints wall time and peak memory of each, measured in this one run.
# Peers (each optional, skipped when absent):
#   jsonschema-cli  — cargo install jsonschema-cli
#   jsonschema-rs   — pip install jsonschema-rs
#   puppet          — assert_type on a 1 MB slice (apt-get install -y puppet-agent)
set -euo pipefail
cd "$(dirname "$0")/.."
size=${1:-100}
data=/tmp/confer-bench-records-$size.json
[ -f "$data" ] || python3 bench/generate-records.py "$size" > "$data"
cargo build -q --release -p confer-cli
measure() { # label, command...
  local label=$1; shift
  /usr/bin/time -f "%e %M" -o /tmp/confer-bench-time "$@" >/dev/null 2>&1 || true
  read -r secs kb < /tmp/confer-bench-time
  printf '  %-16s %8.2f s %9.0f MB\n' "$label" "$secs" "$((kb / 1024))"
}
echo "$(du -m "$data" | cut -f1) MB of JSON records:"
measure confer target/release/confer check --type-file bench/records.type.pp "$data"
if command -v jsonschema-cli >/dev/null; then
  measure jsonschema-cli jsonschema-cli validate bench/records.schema.json -i "$data"
fi
if python3 -c 'import jsonschema_rs' 2>/dev/null; then
  measure jsonschema-rs python3 -c "import json, jsonschema_rs, sys
v = jsonschema_rs.validator_for(json.load(open('bench/records.schema.json')))
sys.exit(0 if v.is_valid(json.load(open('$data'))) else 1)"
fi
if command -v puppet >/dev/null; then
  slice=/tmp/confer-bench-records-1.json
  [ -f "$slice" ] || python3 bench/generate-records.py 1 > "$slice"
  manifest=/tmp/confer-bench-assert.pp
  printf '$d = parsejson(file("%s"))\nassert_type(%s, $d)\n' "$slice" "$(tr '\n' ' ' < bench/records.type.pp)" > "$manifest"
  echo "1 MB slice:"
  measure confer target/release/confer check --type-file bench/records.type.pp "$slice"
  mkdir -p /tmp/confer-bench-empty
  measure "puppet apply" puppet apply --confdir /tmp/confer-bench-pc --vardir /tmp/confer-bench-pv \
    --codedir /tmp/confer-bench-pcode --modulepath /usr/share/puppet/modules "$manifest"
fi
