#!/usr/bin/env bash
# Wall time of `confer puppet compile` against `puppet catalog compile` on
# compile golden cases (real Debian modules), run alternately in one session;
# then confer alone on generated environments of 1,000, 10,000 and 100,000
# resources, with the growth factor per 10x of work.
# Needs: puppet and Debian's modules (apt-get install -y puppet-agent
# puppet-module-puppetlabs-stdlib openstack-puppet-modules), a release build.
#   bench/compile-vs-puppet.sh [RUNS] [CASE ...]
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
runs=${1:-5}
shift || true
cases=("$@")
[ ${#cases[@]} -gt 0 ] || cases=(mod_apache_vhost mod_ntp mod_firewall)
command -v puppet >/dev/null || { echo "puppet is not installed (apt-get install -y puppet-agent)" >&2; exit 2; }
cargo build -q --release -p confer-cli
modules=/usr/share/puppet/modules
now() { date +%s%N; }
for case in "${cases[@]}"; do
  dir=tests/compile/cases/$case
  facts=tests/compile/facts/$(head -n1 "$dir/factsets" 2>/dev/null || echo debian12).yaml
  node=$(awk '/^name:/{print $2; exit}' "$facts")
  tmp=$(mktemp -d)
  mkdir -p "$tmp/code/environments" "$tmp/var/yaml/facts"
  cp -r "$dir/production" "$tmp/code/environments/production"
  cp "$facts" "$tmp/var/yaml/facts/$node.yaml"
  total_p=0; total_c=0
  for _ in $(seq "$runs"); do
    t0=$(now)
    puppet catalog compile "$node" --codedir "$tmp/code" --environment production --confdir "$tmp" \
      --vardir "$tmp/var" --logdir "$tmp/log" --rundir "$tmp/run" --basemodulepath "$modules" \
      --facts_terminus yaml --log_level warning --color false --render-as json >/dev/null 2>&1 || true
    t1=$(now)
    target/release/confer puppet compile "$node" --environment "$root/$dir/production" \
      --modulepath "$modules" --facts "$facts" >/dev/null 2>&1 || true
    t2=$(now)
    total_p=$((total_p + t1 - t0)); total_c=$((total_c + t2 - t1))
  done
  rm -rf "$tmp"
  awk -v p="$total_p" -v c="$total_c" -v n="$runs" -v m="$case" 'BEGIN {
    printf "%s, %d runs each\n  puppet catalog compile: %8.1f ms\n  confer puppet compile:  %8.2f ms\n  ratio: %.0fx faster\n",
      m, n, p / n / 1e6, c / n / 1e6, p / c }'
done

echo "generated environments (confer only):"
prev=0
for n in 1000 10000 100000; do
  env=$(mktemp -d)
  python3 bench/generate-environment.py "$n" "$env"
  t0=$(now)
  target/release/confer puppet compile bench.example.com --environment "$env" \
    --facts tests/compile/facts/debian12.yaml >/dev/null
  t1=$(now)
  rm -rf "$env"
  ms=$(awk -v d=$((t1 - t0)) 'BEGIN { printf "%.1f", d / 1e6 }')
  if [ "$prev" != 0 ]; then growth=$(awk -v a="$ms" -v b="$prev" 'BEGIN { printf "%.1fx", a / b }'); else growth=-; fi
  printf "  %7d resources: %9s ms  (growth for 10x: %s)\n" "$n" "$ms" "$growth"
  prev=$ms
done
