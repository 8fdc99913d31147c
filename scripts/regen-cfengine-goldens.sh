#!/usr/bin/env bash
# Regenerate tests/cfengine/<area>/<case>.out from the reference cf-agent 3.21.
#
# Usage: scripts/regen-cfengine-goldens.sh [CASE.cf ...]   (default: every case)
#
# Each case runs as  scripts/cf-ref.sh /ABS/PATH/case.cf  (cf-promises -c -f,
# then cf-agent -K -f; see that script for the exact command lines), with
# stdout and stderr captured separately. Normalisation (the same one
# crates/cfengine/tests/golden.rs applies to confer's output):
#   - stderr lines first, then stdout lines;
#   - lines starting with "warning:", "notice:", "info:" (after spaces) are dropped;
#   - an "error:" line that already appeared is dropped (cf-agent repeats a
#     failing function's error once per evaluation attempt);
#   - of cf-promises' located syntax errors (FILE:LINE:COL: error: ..., each
#     followed by the source line and a caret), only the first specific one is
#     kept: bison's generic "syntax error" and the errors of its recovery are
#     dropped, since confer stops at the first error;
#   - the case's absolute directory is replaced by $DIR.
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd -P)
REF="$ROOT/scripts/cf-ref.sh"
if [ $# -eq 0 ]; then
    # The vendored MPF (tests/cfengine/mpf) has its own recording script, and
    # the acceptance suite (tests/cfengine/acceptance) runs only through its
    # guarded wrapper.
    set -- $(find "$ROOT/tests/cfengine" \( -path "$ROOT/tests/cfengine/mpf" -o -path "$ROOT/tests/cfengine/acceptance" \) -prune -o -name '*.cf' ! -name '*.sub.cf' -print | LC_ALL=C sort)
fi
normalise() {
    awk -v dir="$1" '
        skip > 0 { skip--; next }
        /^[^ ]*:[0-9]+:[0-9]+: error: / {
            if (located++ || $0 ~ /: error: syntax error$/) { located = ($0 ~ /: error: syntax error$/) ? located - 1 : located; skip = 2; next }
        }
        /^ *(warning|notice|info|verbose):/ { next }
        /^ *error:/ { if (seen[$0]++) next }
        { while ((i = index($0, dir)) > 0) { $0 = substr($0, 1, i - 1) "$DIR" substr($0, i + length(dir)) } print }'
}
for f in "$@"; do
    abs=$(cd "$(dirname "$f")" && pwd -P)/$(basename "$f")
    dir=$(dirname "$abs")
    out=${abs%.cf}.out
    o=$(mktemp) e=$(mktemp)
    (cd "$dir" && "$REF" "$abs" >"$o" 2>"$e")
    { cat "$e"; cat "$o"; } | normalise "$dir" >"$out"
    rm -f "$o" "$e"
done
