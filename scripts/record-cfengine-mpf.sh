#!/usr/bin/env bash
# Record what cf-promises 3.21 shows for the Masterfiles Policy Framework, for
# crates/cfengine/tests/mpf.rs (which compares confer against these files and
# needs no CFEngine installed).
#
# Usage: scripts/record-cfengine-mpf.sh
#
# 1. Copies Debian's MPF (/usr/share/cfengine3/masterfiles) to
#    tests/cfengine/mpf/masterfiles (replacing what is there).
# 2. Runs, twice and 2 seconds apart, with a private work directory:
#      CFENGINE_TEST_OVERRIDE_WORKDIR=$WORK cf-promises -c -f MPF/promises.cf
#      CFENGINE_TEST_OVERRIDE_WORKDIR=$WORK cf-promises --show-vars    -f MPF/promises.cf
#      CFENGINE_TEST_OVERRIDE_WORKDIR=$WORK cf-promises --show-classes -f MPF/promises.cf
#    (the cf-* binaries linked into $WORK/bin, as scripts/cf-ref.sh does).
# 3. Writes vars.txt and classes.txt (the first run), with the MPF's absolute
#    directory replaced by $MPF and the work directory by $WORKDIR.
# 4. Writes volatile.txt: the names of the rows that depend on the moment, by
#    a rule: a row whose text differs between the two runs, or whose tags
#    include `time_based`.
# 5. Writes host.txt: `uname -n` and `uname -r` of the recording host; the
#    test holds confer to the recorded match rate only on that host.
set -eu
ROOT=$(cd "$(dirname "$0")/.." && pwd -P)
SRC=/usr/share/cfengine3/masterfiles
DEST="$ROOT/tests/cfengine/mpf"
rm -rf "$DEST/masterfiles"
mkdir -p "$DEST"
cp -r "$SRC" "$DEST/masterfiles"
MPF="$DEST/masterfiles"
WORK=$(mktemp -d /tmp/cf-mpf.XXXXXX)
trap 'rm -rf "$WORK"' EXIT
mkdir -p "$WORK/bin"
for b in "$(dirname "$(command -v cf-promises)")"/cf-*; do ln -sf "$b" "$WORK/bin/"; done
export CFENGINE_TEST_OVERRIDE_WORKDIR=$WORK
cf-promises -c -f "$MPF/promises.cf" </dev/null
norm() { sed -e "s#$MPF#\$MPF#g" -e "s#$WORK#\$WORKDIR#g"; }
for run in 1 2; do
    cf-promises --show-vars -f "$MPF/promises.cf" </dev/null | norm >"$WORK/vars.$run"
    cf-promises --show-classes -f "$MPF/promises.cf" </dev/null | norm >"$WORK/classes.$run"
    [ $run = 1 ] && sleep 2
done
cp "$WORK/vars.1" "$DEST/vars.txt"
cp "$WORK/classes.1" "$DEST/classes.txt"
# A row starts with a name; continuation lines (multi-line comments) start
# with a space. Rows are compared whole.
rows() { awk '/^[^ ]/ { if (row != "") print row; row = $0; next } { row = row "\\n" $0 } END { print row }' "$1"; }
{
    for t in vars classes; do
        diff <(rows "$WORK/$t.1") <(rows "$WORK/$t.2") | sed -n 's/^[<>] \([^ ]*\) .*/\1/p'
        rows "$WORK/$t.1" | awk '$0 ~ /time_based/ { print $1 }'
    done
} | LC_ALL=C sort -u >"$DEST/volatile.txt"
printf '%s\n%s\n' "$(uname -n)" "$(uname -r)" >"$DEST/host.txt"
echo "recorded: $(wc -l <"$DEST/vars.txt") variable lines, $(wc -l <"$DEST/classes.txt") class lines, $(wc -l <"$DEST/volatile.txt") volatile names"
