#!/usr/bin/env bash
# Runs one acceptance test under the real cf-agent 3.21 the way testall does
# (`cf-agent -Kf TEST -D AUTO,DEBUG`, from the suite root), guarded:
#
#     scripts/cfengine-acceptance/wrapper.sh WORKDIR TEST
#
# - WORKDIR (fresh, private to this test) becomes CFENGINE_TEST_OVERRIDE_WORKDIR,
#   with TEMP=WORKDIR/tmp (the framework's $(G.testdir) lives there);
# - WORKDIR/bin/cf-agent, which $(sys.cf_agent) names for sub-agents, is this
#   script's guard again: every cf-agent, the test's or a sub-agent, runs only
#   after `cf-promises -c` accepted its policy file (on an invalid policy a
#   bare cf-agent falls back to its failsafe policy, which may start a
#   server), and never without -f;
# - the whole run is in a new network namespace (`unshare --net`), so
#   nothing reaches the network even by mistake.
#
# Output: cf-promises' output when it refuses the policy (its exit code),
# else cf-agent's.
set -u

REAL_AGENT=${CF_AGENT:-$(command -v cf-agent)}
REAL_PROMISES=${CF_PROMISES:-$(command -v cf-promises)}

if [ "${1:-}" = --guard ]; then
    # The guarded cf-agent: arguments as cf-agent's.
    shift
    file= defines=() prev=
    for a in "$@"; do
        case "$prev" in
            f) file=$a ;;
            D) defines+=(-D "$a") ;;
        esac
        prev=
        case "$a" in
            --file) prev=f ;;
            --file=*) file=${a#--file=} ;;
            --define) prev=D ;;
            --define=*) defines+=(-D "${a#--define=}") ;;
            --*) ;;
            -*f) prev=f ;;
            -*D) prev=D ;;
            -*f*) file=${a#*f} ;;
        esac
    done
    if [ -z "$file" ]; then
        echo "   error: wrapper.sh: cf-agent without -f FILE is not run (it would read the work directory's inputs)"
        exit 1
    fi
    "$REAL_PROMISES" -c -f "$file" "${defines[@]}" || exit $?
    exec "$REAL_AGENT" "$@"
fi

[ $# -eq 2 ] || { echo "usage: $0 WORKDIR TEST" >&2; exit 2; }
WORK=$1 TEST=$2
SELF=$(cd "$(dirname "$0")" && pwd -P)/$(basename "$0")
mkdir -p "$WORK/bin" "$WORK/tmp"
chmod ugo+rwxt "$WORK/tmp"
for b in "$(dirname "$REAL_AGENT")"/cf-*; do
    case "$(basename "$b")" in
        cf-agent|cf-promises) ;;
        *) continue ;;  # no daemon is made available to a test
    esac
    ln -sf "$b" "$WORK/bin/"
done
rm -f "$WORK/bin/cf-agent"
printf '#!/bin/sh\nexec %q --guard "$@"\n' "$SELF" >"$WORK/bin/cf-agent"
chmod +x "$WORK/bin/cf-agent"
export CFENGINE_TEST_OVERRIDE_WORKDIR=$WORK TEMP=$WORK/tmp CF_AGENT=$REAL_AGENT CF_PROMISES=$REAL_PROMISES
exec unshare --net "$WORK/bin/cf-agent" -Kf "$TEST" -D AUTO,DEBUG
