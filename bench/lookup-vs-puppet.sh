#!/usr/bin/env bash
# Times `confer puppet lookup` against `puppet lookup` on the golden Hiera
# environment (tests/hiera/env), for a first-found key, a deep merge and a
# module key, and prints the ratio. Each tool runs RUNS times (default 5);
# the median wall time is reported. Needs `puppet` for the reference column.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd -P)
RUNS=${RUNS:-5}
W=$(mktemp -d /tmp/lookupbench.XXXXXX)
trap 'rm -rf "$W"' EXIT
mkdir -p "$W/code/environments" "$W/var/yaml/facts"
ln -s "$ROOT/tests/hiera/env" "$W/code/environments/production"
cp "$ROOT/tests/hiera/facts/"*.yaml "$W/var/yaml/facts/"
(cd "$ROOT" && cargo build --release -q -p confer-cli)
CONFER="$ROOT/target/release/confer"
NODE=web01.example.com

median() { sort -n | awk '{ a[NR] = $1 } END { printf "%.3f", a[int((NR + 1) / 2)] }'; }
time_runs() {
    for _ in $(seq "$RUNS"); do
        local s e
        s=$(date +%s.%N); "$@" >/dev/null 2>&1 || true; e=$(date +%s.%N)
        awk -v s="$s" -v e="$e" 'BEGIN { print e - s }'
    done | median
}

printf '%-28s %10s %10s %8s\n' key confer puppet ratio
for key in message "users --merge deep" ntp::servers; do
    # shellcheck disable=SC2086
    tc=$(time_runs "$CONFER" puppet lookup $key --environment "$ROOT/tests/hiera/env" \
        --modulepath "$ROOT/tests/hiera/basemodules" --facts "$ROOT/tests/hiera/facts/$NODE.yaml" --render-as json)
    # shellcheck disable=SC2086
    tp=$(time_runs puppet lookup $key --node "$NODE" --codedir "$W/code" --environment production \
        --confdir "$W" --vardir "$W/var" --logdir "$W/log" --rundir "$W/run" \
        --basemodulepath "$ROOT/tests/hiera/basemodules" --facts_terminus yaml --log_level warning \
        --color false --render-as json)
    printf '%-28s %9ss %9ss %7.0fx\n' "$key" "$tc" "$tp" "$(awk -v p="$tp" -v c="$tc" 'BEGIN { print p / c }')"
done
