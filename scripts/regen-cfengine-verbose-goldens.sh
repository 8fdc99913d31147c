#!/usr/bin/env bash
# Records the parts of cf-agent 3.21's verbose log (`-v`) that confer says:
# promise banners ("P:" lines) and "Added variable/class ... with comment"
# lines (the latter once), in order, into CASE.verbose beside CASE.cf (whose
# CASE.out is the ordinary golden of scripts/regen-cfengine-goldens.sh).
#
#     scripts/regen-cfengine-verbose-goldens.sh [tests/cfengine/verbose/CASE.cf ...]
#
# Each case runs through scripts/cf-ref.sh (cf-promises -c first, a private
# work directory); its directory is written as $DIR. The lines kept are
# those crates/cfengine/tests/verbose.rs keeps of confer's output.
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd -P)
if [ $# -eq 0 ]; then
    set -- "$ROOT"/tests/cfengine/verbose/*.cf
fi
for case in "$@"; do
    case=$(cd "$(dirname "$case")" && pwd -P)/$(basename "$case")
    dir=$(dirname "$case")
    "$ROOT/scripts/cf-ref.sh" "$case" -v 2>&1 \
        | grep -E '^ verbose: (P: |P:$|Added (variable|class) )' \
        | grep -v -E '^ verbose: P: (END|\.\.\.)' \
        | awk '!/Added (variable|class)/ || !seen[$0]++' \
        | sed "s|$dir|\$DIR|g" > "${case%.cf}.verbose"
    echo "recorded ${case%.cf}.verbose"
done
