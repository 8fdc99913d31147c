#!/usr/bin/env bash
# Records what cf-agent 3.21 does to files, for confer's `files` promises:
#
#     scripts/regen-cfengine-files-goldens.sh [tests/cfengine/files/CASE ...]
#
# Each case is a directory holding `policy.cf` and, optionally, `before/`
# (the files the policy starts from). The case is copied to a fresh
# temporary directory T (the policy names its files as
# `$(this.promise_dirname)/...`; the files take the modes a git checkout
# gives), cf-agent runs it there through
# scripts/cf-ref.sh (cf-promises -c first, a private work directory), and
# what it leaves becomes the golden:
#   - `after.txt`: every file and directory under T but policy.cf and
#     before/, one per line, sorted: `l TARGET path` for a symbolic link,
#     `d MODE path` or `f MODE path` followed
#     by its content with each line indented by two spaces, then
#     `  <no final newline>` when the last line has none, then `  <end>`;
#     (T written as $DIR, in link targets too);
#   - `out.txt`: cf-agent's output (stderr, then stdout), T replaced by $DIR,
#     without its warning, notice and info lines — unless the case has a
#     file named `inform`: then cf-agent runs with -I and only warning and
#     verbose lines are left out.
# crates/cfengine/tests/files.rs runs confer on a copy the same way and
# compares both.
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd -P)
if [ $# -eq 0 ]; then
    set -- "$ROOT"/tests/cfengine/files/*/
fi
tree() {
    (cd "$1" && find . -mindepth 1 ! -path './policy.cf' ! -path './before' ! -path './before/*' | LC_ALL=C sort | while read -r p; do
        p=${p#./}
        mode=$(stat -c %a "$p")
        if [ -L "$p" ]; then
            echo "l $(readlink "$p") $p"
        elif [ -d "$p" ]; then
            echo "d $mode $p"
        else
            echo "f $mode $p"
            sed 's/^/  /' "$p"
            if [ -s "$p" ] && [ -n "$(tail -c1 "$p")" ]; then
                echo
                echo "  <no final newline>"
            fi
            echo "  <end>"
        fi
    done)
}
for case in "$@"; do
    case=${case%/}
    t=$(mktemp -d /tmp/confer-files.XXXXXX)
    cp "$case/policy.cf" "$t/"
    [ -d "$case/before" ] && cp -a "$case/before/." "$t/"
    # The modes a git checkout gives (it keeps only the execute bit), so a
    # fresh clone starts from the same tree: directories 755, files 644 or
    # 755.
    (cd "$t" && find . -mindepth 1 -type d -exec chmod 755 {} + && find . -type f ! -name policy.cf -exec sh -c 'for f; do if [ -x "$f" ]; then chmod 755 "$f"; else chmod 644 "$f"; fi; done' sh {} +)
    o=$(mktemp) e=$(mktemp)
    if [ -f "$case/inform" ]; then
        flags=-I dropped='warning\|verbose'
    else
        flags= dropped='warning\|notice\|info\|verbose'
    fi
    (cd "$t" && "$ROOT/scripts/cf-ref.sh" "$t/policy.cf" $flags >"$o" 2>"$e")
    { cat "$e"; cat "$o"; } | sed "s#$t#\$DIR#g" | grep -v "^ *\($dropped\):" >"$case/out.txt"
    tree "$t" | sed "s#$t#\$DIR#g" >"$case/after.txt"
    rm -rf "$t" "$o" "$e"
    echo "recorded $case"
done
