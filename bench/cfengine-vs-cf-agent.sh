#!/usr/bin/env bash
# `confer cfengine run` against cf-agent (through scripts/cf-ref.sh, which
# gives it a private work directory) on generated policies: N string
# variables each for every N in SIZES (default 1000 10000 100000), then one
# slist of LIST elements (default 100000) iterated by a report. Prints each
# time, the ratio and confer's growth factor per 10x of work.
#   bench/cfengine-vs-cf-agent.sh [SIZES...]      LIST=100000 RUNS=3
set -eu
ROOT=$(cd "$(dirname "$0")/.." && pwd -P)
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(1000 10000 100000)
list=${LIST:-100000}
runs=${RUNS:-3}
DIR=$(mktemp -d /tmp/cfbench.XXXXXX)
trap 'rm -rf "$DIR"' EXIT
(cd "$ROOT" && cargo build --release -q -p confer-cli)
vars_policy() { # N -> a bundle of N string variables and a report of the last
    echo 'bundle agent __main__'; echo '{'; echo '  vars:'
    seq 0 $(($1 - 1)) | awk '{ printf "    \"v%d\" string => \"value %d\";\n", $1, $1 }'
    echo '  reports:'; echo "    \"last: \$(v$(($1 - 1)))\";"; echo '}'
}
list_policy() { # N -> one slist of N elements, its length and a report per element ending in 7777
    echo 'bundle agent __main__'; echo '{'; echo '  vars:'
    printf '    "l" slist => {'; seq 0 $(($1 - 1)) | awk '{ printf "%s\"e%d\"", (NR > 1 ? "," : ""), $1 }'; echo '};'
    echo '    "n" int => length("l");'
    echo '  classes:'; echo '    "any_l" expression => "any";'
    echo '  reports:'; echo '    "count: $(n)";'
    echo '    "seen: $(l)" if => regcmp(".*7777$", "$(l)");'; echo '}'
}
median() { # runs, command... -> median wall seconds
    local times=() s e
    for _ in $(seq "$1"); do
        s=$(date +%s%N); "${@:2}" >/dev/null 2>&1 || true; e=$(date +%s%N)
        times+=($(((e - s) / 1000)))
    done
    printf '%s\n' "${times[@]}" | sort -n | awk '{ a[NR] = $1 } END { printf "%.3f", a[int((NR + 1) / 2)] / 1e6 }'
}
fmt='%-22s %10s %26s %8s %16s\n'
printf "$fmt" policy "confer (s)" "cf-agent (s)" ratio "growth per 10x"
row() { # label, policy file, growth text; leaves confer's time in $tc
    local tr
    tc=$(median "$runs" "$ROOT/target/release/confer" cfengine run "$2")
    tr=$(median 1 "$ROOT/scripts/cf-ref.sh" "$2")
    printf "$fmt" "$1" "$tc" "$tr (incl. cf-promises)" "$(awk -v r="$tr" -v c="$tc" 'BEGIN { printf "%.1fx", r / c }')" "$3"
}
prev_n=; prev_t=
for n in "${sizes[@]}"; do
    vars_policy "$n" >"$DIR/vars$n.cf"
    # The growth needs confer's time first: time it alone once for that.
    t_now=$(median "$runs" "$ROOT/target/release/confer" cfengine run "$DIR/vars$n.cf")
    growth=-
    [ -z "$prev_n" ] || growth=$(awk -v a="$prev_t" -v b="$t_now" -v m="$prev_n" -v n="$n" \
        'BEGIN { printf "%.1fx", exp(log(b / a) / (log(n / m) / log(10))) }')
    row "$n variables" "$DIR/vars$n.cf" "$growth"
    prev_n=$n; prev_t=$t_now
done
list_policy "$list" >"$DIR/list.cf"
row "slist of $list" "$DIR/list.cf" -
