#!/usr/bin/env bash
# Times `confer cfengine run` against cf-agent (through scripts/cf-ref.sh) on a
# generated policy with N variables (default 10000) and prints the ratio.
set -eu
ROOT=$(cd "$(dirname "$0")/.." && pwd -P)
N=${1:-10000}
DIR=$(mktemp -d /tmp/cfbench.XXXXXX)
trap 'rm -rf "$DIR"' EXIT
{
    echo 'bundle agent __main__'; echo '{'; echo '  vars:'
    for i in $(seq 0 $((N - 1))); do echo "    \"v$i\" string => \"value $i\";"; done
    echo '  reports:'; echo "    \"last: \$(v$((N - 1)))\";"; echo '}'
} >"$DIR/bench.cf"
(cd "$ROOT" && cargo build --release -q -p confer-cli)
t() { local s e; s=$(date +%s.%N); "$@" >/dev/null 2>&1; e=$(date +%s.%N); awk -v s="$s" -v e="$e" 'BEGIN { printf "%.3f", e - s }'; }
tc=$(t "$ROOT/target/release/confer" cfengine run "$DIR/bench.cf")
tr=$(t "$ROOT/scripts/cf-ref.sh" "$DIR/bench.cf")
echo "confer:   ${tc}s"
echo "cf-agent: ${tr}s (incl. cf-promises check)"
echo "ratio:    $(awk -v r="$tr" -v c="$tc" 'BEGIN { printf "%.1f", r / c }')x"
