#!/usr/bin/env bash
# The compute-heavy program of issue 17 (bench/compute.pp.in: iteration,
# formatting, regex and type matches, a hash and its generalized type) at
# several sizes n with `confer puppet apply`, and with real `puppet apply`
# (lean: empty module path) at the sizes in PUPPET_SIZES, run alternately in
# one session. Prints each time, the ratio where both ran, and confer's growth
# factor per 10x of work between consecutive sizes (1.0 per 10x would be
# free, 10x linear).
#   bench/compute-vs-puppet.sh [SIZES...]   (default 1000 5000 50000 500000)
#   PUPPET_SIZES="5000 50000" RUNS=5 bench/compute-vs-puppet.sh
set -euo pipefail
cd "$(dirname "$0")/.."
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(1000 5000 50000 500000)
puppet_sizes=${PUPPET_SIZES-5000}
runs=${RUNS:-5}
cargo build -q --release -p confer-cli
work=$(mktemp -d /tmp/confer-bench-compute.XXXXXX)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/empty"
# The median wall time of $runs runs of a command, in milliseconds.
median_ms() {
  local times=() t0 t1
  for _ in $(seq "$1"); do
    t0=$(date +%s%N); "${@:2}" >/dev/null 2>&1 || { echo "failed: ${*:2}" >&2; exit 1; }; t1=$(date +%s%N)
    times+=($(((t1 - t0) / 1000)))
  done
  printf '%s\n' "${times[@]}" | sort -n | awk '{ a[NR] = $1 } END { printf "%.1f", a[int((NR + 1) / 2)] / 1000 }'
}
printf '%10s %14s %14s %10s %16s\n' n "confer (ms)" "puppet (ms)" ratio "growth per 10x"
prev_n=; prev_t=
for n in "${sizes[@]}"; do
  sed "s/@N@/$n/" bench/compute.pp.in > "$work/c$n.pp"
  tc=$(median_ms "$runs" target/release/confer puppet apply "$work/c$n.pp")
  tp=-; ratio=-
  if [[ " $puppet_sizes " == *" $n "* ]] && command -v puppet >/dev/null; then
    tp=$(median_ms 1 puppet apply --color=false --confdir "$work/pc" --vardir "$work/pv" --codedir "$work/pcode" \
      --basemodulepath "$work/empty" --modulepath "$work/empty" "$work/c$n.pp")
    ratio=$(awk -v p="$tp" -v c="$tc" 'BEGIN { printf "%.0fx", p / c }')
  fi
  growth=-
  [ -z "$prev_n" ] || growth=$(awk -v a="$prev_t" -v b="$tc" -v m="$prev_n" -v n="$n" \
    'BEGIN { printf "%.1fx", exp(log(b / a) / (log(n / m) / log(10))) }')
  printf '%10s %14s %14s %10s %16s\n' "$n" "$tc" "$tp" "$ratio" "$growth"
  prev_n=$n; prev_t=$tc
done
