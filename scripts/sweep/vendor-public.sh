#!/usr/bin/env bash
# Vendors the public corpus of the module sweep: releases of the most-used public
# Puppet modules and of every module they depend on, as full module trees under
# tests/sweep/public/modules/<module>/ (the corpus's modulepath), and writes
# tests/sweep/public/SOURCES.tsv saying where each came from.
#
#     scripts/sweep/vendor-public.sh --resolve [LIST]
#     scripts/sweep/vendor-public.sh
#
# With --resolve, the releases are chosen anew (scripts/module-releases.py resolve):
# LIST (default scripts/sweep/public-modules.txt) names the repositories, one a line;
# their dependencies are added transitively, each at the newest release that accepts
# Puppet 7 and satisfies the version ranges of the modules that depend on it. Without
# it, the commits already named in SOURCES.tsv are vendored again, so the tree can be
# rebuilt from the file that records it.
#
# The git dirs are bare clones brought by the project's `fetch` tool (the development
# machines and CI have no network; only that tool reaches GitHub), at
# /work/.mirror/<owner>+<name>/repo. A missing one stops the script with the list of
# `fetch github:owner/name` calls to make first.
#
# From each release everything a catalog compile reads is taken: metadata.json,
# hiera.yaml, LICENSE*/COPYING*/NOTICE*, and manifests/, templates/, files/,
# functions/, types/, data/ and lib/; not the tests, examples, CI or docs.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/../.." && pwd)
OUT="$ROOT/tests/sweep/public"
SOURCES="$OUT/SOURCES.tsv"
MIRRORS=${MIRRORS:-/work/.mirror}
TAKE='^(metadata\.json|hiera\.yaml|LICENSE.*|COPYING.*|NOTICE.*|manifests|templates|files|functions|types|data|lib)$'

tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
if [[ ${1:-} == --resolve ]]; then
    list=${2:-$ROOT/scripts/sweep/public-modules.txt}
    {
        echo "# The module sweep's public corpus: scripts/sweep/vendor-public.sh rebuilds"
        echo "# tests/sweep/public/modules/ from this file (--resolve chooses the releases"
        echo "# anew from scripts/sweep/public-modules.txt). required_by: the modules whose"
        echo "# metadata.json names it (- for a listed module none depends on)."
        python3 "$ROOT/scripts/module-releases.py" resolve "$list" | sed '/^#/s/^# /# resolution: /' >"$tmp.body" ||
            { echo "resolution failed (fetch the repositories listed above first)" >&2; rm -f "$tmp.body"; exit 1; }
        grep '^#' "$tmp.body" || true
        printf 'module\trepo\ttag\tcommit\tlicense\trequired_by\n'
        grep -v '^#' "$tmp.body"
        rm -f "$tmp.body"
    } >"$tmp"
elif [[ -f $SOURCES ]]; then
    cp "$SOURCES" "$tmp"
else
    echo "usage: $0 --resolve [LIST]   (no SOURCES.tsv to rebuild from)" >&2
    exit 2
fi

# Modules no longer listed go too, so the tree is exactly what the file names.
rm -rf "$OUT/modules"
mkdir -p "$OUT/modules"
grep -v '^#' "$tmp" | tail -n +2 | while IFS=$'\t' read -r module repo tag commit _; do
    gitdir="$MIRRORS/${repo/\//+}/repo"
    take=$(git -C "$gitdir" ls-tree --name-only "$commit" | grep -E "$TAKE")
    mkdir -p "$OUT/modules/$module"
    # shellcheck disable=SC2086 # one top-level name a word
    git -C "$gitdir" archive --format=tar "$commit" -- $take | tar -x -C "$OUT/modules/$module"
    echo "$module: $repo $tag" >&2
done

chmod 644 "$tmp"
mv "$tmp" "$SOURCES"
trap - EXIT
