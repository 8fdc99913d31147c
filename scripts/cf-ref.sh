#!/usr/bin/env bash
# Run the reference CFEngine (cf-agent 3.21) safely on one policy file.
#
# Usage: scripts/cf-ref.sh FILE [extra cf-agent args...]
#
# A FILE not starting with /, ./ or ../ is passed as ./FILE.
#
# Exact command lines (WORK is a fresh `mktemp -d /tmp/cf-ref.XXXXXX`, with
# the cf-* binaries symlinked into $WORK/bin as CFEngine's testall does):
#   CFENGINE_TEST_OVERRIDE_WORKDIR=$WORK cf-promises -c -f FILE            </dev/null
#   CFENGINE_TEST_OVERRIDE_WORKDIR=$WORK cf-agent -K -f FILE [extra args]  </dev/null
#
# cf-promises runs first: if it rejects the policy, its output is printed and the
# script exits with its status, so cf-agent never falls back to its failsafe
# policy (which writes under /var/lib/cfengine3 and starts cf-serverd).
# Output of both commands goes to stdout/stderr unchanged; the work directory is
# removed afterwards.
set -u
if [ $# -lt 1 ]; then
    echo "usage: $0 FILE [cf-agent args...]" >&2
    exit 2
fi
file=$1
shift
# cf-agent reads a bare relative name from its inputs directory; make it
# relative to the current directory instead, as a user means it.
case $file in
    /* | ./* | ../*) ;;
    *) file=./$file ;;
esac
WORK=$(mktemp -d /tmp/cf-ref.XXXXXX)
trap 'rm -rf "$WORK"' EXIT
export CFENGINE_TEST_OVERRIDE_WORKDIR=$WORK
# cf-agent pre-validates through $WORK/bin/cf-promises (as testall sets it up);
# without it, it would go to its failsafe policy.
mkdir -p "$WORK/bin"
bindir=$(dirname "$(command -v cf-agent)")
for b in "$bindir"/cf-*; do ln -sf "$b" "$WORK/bin/"; done
cf-promises -c -f "$file" </dev/null
rc=$?
if [ $rc -ne 0 ]; then
    exit $rc
fi
cf-agent -K -f "$file" "$@" </dev/null
