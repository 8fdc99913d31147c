#!/usr/bin/env bash
# The compute-heavy program of issue 17 (bench/compute.pp.in: iteration,
# formatting, regex and type matches, a hash and its generalized type) at
# several sizes n with `confer puppet apply`, and with real `puppet apply`
# (lean: empty module path) at the sizes in PUPPET_SIZES, run alternately in
# one session. Prints wall and CPU times, the ratios where both ran, and confer's growth
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
command -v hyperfine >/dev/null || { echo "hyperfine is needed (apt-get install -y hyperfine)" >&2; exit 2; }
# Wall time (median) and CPU time (user + system, mean) of $1 runs of a
# command, in milliseconds, as "WALL CPU". CPU time is the steadier figure
# when other work shares the machine.
median_ms() {
  hyperfine -N -w "$(( $1 > 1 ? 1 : 0 ))" -r "$1" --export-json "$work/t.json" "${*:2}" >/dev/null 2>&1 ||
    { echo "failed: ${*:2}" >&2; exit 1; }
  python3 -c 'import json, sys; r = json.load(open(sys.argv[1]))["results"][0]
print("%.1f %.1f" % (r["median"] * 1e3, (r["user"] + r["system"]) * 1e3))' "$work/t.json"
}
fmt='%10s %18s %18s %16s %16s\n'
printf "$fmt" n "confer wall/cpu" "puppet wall/cpu" "ratio wall/cpu" "growth per 10x"
prev_n=; prev_t=
for n in "${sizes[@]}"; do
  sed "s/@N@/$n/" bench/compute.pp.in > "$work/c$n.pp"
  read -r cw cc < <(median_ms "$runs" target/release/confer puppet apply "$work/c$n.pp")
  p=-; ratio=-
  if [[ " $puppet_sizes " == *" $n "* ]] && command -v puppet >/dev/null; then
    read -r pw pc < <(median_ms 1 puppet apply --color=false --confdir "$work/pc" --vardir "$work/pv" \
      --codedir "$work/pcode" --basemodulepath "$work/empty" --modulepath "$work/empty" "$work/c$n.pp")
    p="$pw/$pc ms"
    ratio=$(awk -v pw="$pw" -v pc="$pc" -v cw="$cw" -v cc="$cc" \
      'BEGIN { printf "%.0fx/%.0fx", pw / (cw > 0 ? cw : 1), pc / (cc > 0 ? cc : 1) }')
  fi
  # Growth on CPU time, which other load on the machine disturbs least.
  growth=-
  [ -z "$prev_n" ] || growth=$(awk -v a="$prev_t" -v b="$cc" -v m="$prev_n" -v n="$n" \
    'BEGIN { printf "%.1fx", exp(log(b / a) / (log(n / m) / log(10))) }')
  printf "$fmt" "$n" "$cw/$cc ms" "$p" "$ratio" "$growth"
  prev_n=$n; prev_t=$cc
done
