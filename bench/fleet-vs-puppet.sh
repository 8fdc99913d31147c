#!/usr/bin/env bash
# A fleet compile against Puppet: the example control repository
# (examples/fleet) over 100, 1,000 and 10,000 generated nodes
# (scripts/fleet/generate-facts.py), compiled by `confer puppet compile
# --facts-dir` on all cores, against `puppet catalog compile` node after
# node, timed on a sample of nodes and scaled to the fleet; then `confer
# puppet diff` of production against the candidate change over the same
# nodes, against one fleet compile; and each run's peak memory
# (/usr/bin/time -v). Needs puppet (apt-get install -y puppet-agent) and a
# release build (made here, in $CARGO_TARGET_DIR or target/). With
# CONFER_PUPPETDB_URL set (a PuppetDB of the benchmark's own: eval "$(bash
# scripts/puppetdb/start.sh DIR)"), the same nodes are also sent to PuppetDB
# and compiled from it with --puppetdb (generate-facts.py deactivates the
# nodes of an earlier size).
#   bench/fleet-vs-puppet.sh [SAMPLE] [N ...]   (defaults: 20; 100 1000 10000)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
sample=${1:-20}
shift || true
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(100 1000 10000)
command -v puppet >/dev/null || { echo "puppet is not installed (apt-get install -y puppet-agent)" >&2; exit 2; }
cargo build -q --release -p confer-cli
confer=${CARGO_TARGET_DIR:-target}/release/confer
envs=$root/examples/fleet/environments
now() { date +%s%N; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Puppet, node after node, on the first SAMPLE generated nodes.
python3 scripts/fleet/generate-facts.py --count "$sample" --out "$work/sample"
mkdir -p "$work/puppet/var/yaml/facts"
cp "$work"/sample/*.yaml "$work/puppet/var/yaml/facts/"
t0=$(now)
for f in "$work"/sample/*.yaml; do
  node=$(basename "$f" .yaml)
  puppet catalog compile "$node" --codedir "$root/examples/fleet" --environmentpath "$envs" --environment production \
    --confdir "$work/puppet" --vardir "$work/puppet/var" --logdir "$work/puppet/log" --rundir "$work/puppet/run" \
    --basemodulepath "$work/none" --facts_terminus yaml --log_level warning --color false --render-as json >/dev/null
done
t1=$(now)
per_node=$(awk -v d=$((t1 - t0)) -v n="$sample" 'BEGIN { printf "%.4f", d / n / 1e9 }')
echo "puppet catalog compile: ${per_node} s a node (mean of $sample, one process a node)"
echo

# seconds and peak RSS (MB) of a command, from /usr/bin/time -v.
measure() {
  /usr/bin/time -v "$@" >/dev/null 2>"$work/time" || [ $? -eq 2 ]
  awk -F': ' '/Elapsed \(wall clock\)/ { n = split($2, p, ":"); s = p[n] + (n > 1 ? p[n-1] * 60 : 0) + (n > 2 ? p[n-2] * 3600 : 0) }
              /Maximum resident/ { m = $2 / 1024 } END { printf "%.2f %.0f\n", s, m }' "$work/time"
}

printf "%7s  %12s  %14s  %8s  %8s  %9s  %10s  %9s  %9s  %11s  %9s\n" nodes "confer fleet" "puppet scaled" ratio growth "peak RSS" "confer diff" "diff/fleet" "diff RSS" "from PDB" "PDB RSS"
prev=0
for n in "${sizes[@]}"; do
  python3 scripts/fleet/generate-facts.py --count "$n" --out "$work/facts-$n"
  read -r secs rss < <(measure "$confer" puppet compile --environment "$envs/production" \
    --facts-dir "$work/facts-$n" --output-dir "$work/out-$n")
  read -r dsecs drss < <(measure "$confer" puppet diff --from "$envs/production" --to "$envs/candidate" \
    --facts-dir "$work/facts-$n")
  psecs=-; prss=-
  if [ -n "${CONFER_PUPPETDB_URL:-}" ]; then
    python3 scripts/fleet/generate-facts.py --count "$n" --puppetdb "$CONFER_PUPPETDB_URL"
    read -r psecs prss < <(measure "$confer" puppet compile --environment "$envs/production" \
      --puppetdb "$CONFER_PUPPETDB_URL" --output-dir "$work/pdb-$n")
  fi
  rm -rf "$work/out-$n" "$work/facts-$n" "$work/pdb-$n"
  puppet_secs=$(awk -v p="$per_node" -v n="$n" 'BEGIN { printf "%.0f", p * n }')
  ratio=$(awk -v p="$puppet_secs" -v c="$secs" 'BEGIN { printf "%.0fx", p / (c > 0 ? c : 0.01) }')
  if [ "$prev" != 0 ]; then growth=$(awk -v a="$secs" -v b="$prev" 'BEGIN { printf "%.1fx", a / b }'); else growth=-; fi
  per=$(awk -v d="$dsecs" -v c="$secs" 'BEGIN { printf "%.2fx", d / (c > 0 ? c : 0.01) }')
  printf "%7d  %10s s  %12s s  %8s  %8s  %6s MB  %9s s  %9s  %6s MB  %9s s  %6s MB\n" "$n" "$secs" "$puppet_secs" "$ratio" "$growth" "$rss" "$dsecs" "$per" "$drss" "$psecs" "$prss"
  prev=$secs
done
