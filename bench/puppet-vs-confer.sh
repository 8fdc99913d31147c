#!/usr/bin/env bash
# Wall time of `confer puppet apply` against real `puppet apply` on the same
# manifest, run alternately in one session; prints mean times and the ratio.
# Needs: puppet (apt-get install -y puppet-agent) and a release build of confer.
#   bench/puppet-vs-confer.sh [MANIFEST] [RUNS]
set -euo pipefail
cd "$(dirname "$0")/.."
manifest=${1:-examples/site.pp}
runs=${2:-10}
command -v puppet >/dev/null || { echo "puppet is not installed (apt-get install -y puppet-agent)" >&2; exit 2; }
cargo build -q --release -p confer-cli
mkdir -p /tmp/confer-bench-empty
puppet_cmd=(puppet apply --color=false --confdir /tmp/confer-bench-pc --vardir /tmp/confer-bench-pv
  --codedir /tmp/confer-bench-pcode --basemodulepath /tmp/confer-bench-empty --modulepath /tmp/confer-bench-empty "$manifest")
confer_cmd=(target/release/confer puppet apply "$manifest")
now() { date +%s%N; }
total_p=0; total_c=0
for _ in $(seq "$runs"); do
  t0=$(now); "${puppet_cmd[@]}" >/dev/null 2>&1 || true; t1=$(now)
  "${confer_cmd[@]}" >/dev/null 2>&1 || true; t2=$(now)
  total_p=$((total_p + t1 - t0)); total_c=$((total_c + t2 - t1))
done
awk -v p="$total_p" -v c="$total_c" -v n="$runs" -v m="$manifest" 'BEGIN {
  printf "%s, %d runs each\n  puppet apply: %8.1f ms\n  confer:       %8.3f ms\n  ratio:        %8.0fx faster\n",
    m, n, p / n / 1e6, c / n / 1e6, p / c }'
