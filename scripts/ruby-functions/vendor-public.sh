#!/usr/bin/env bash
# Vendors the Ruby functions of public Puppet modules' releases into
# tests/ruby-functions/public/<module>/, one directory per module, and writes
# tests/ruby-functions/public/SOURCES.tsv saying where each came from.
#
#     scripts/ruby-functions/vendor-public.sh [LIST]
#     scripts/ruby-functions/vendor-public.sh --pick GITDIR
#
# LIST has one release a line, `repo tag [gitdir]` (e.g.
# `puppetlabs/puppetlabs-stdlib v9.7.0 /work/.mirror/puppetlabs+puppetlabs-stdlib/repo`);
# `#` starts a comment. Without LIST, the releases already named in SOURCES.tsv are
# vendored again, so the tree can be rebuilt from the file that records it.
#
# The git dirs are bare clones brought by the project's `fetch` tool (the
# development machines and CI have no network; only that tool reaches GitHub). A
# missing gitdir defaults to where fetch puts it: /work/.mirror/<owner>+<name>/repo.
#
# The release to vendor is the newest tag whose metadata.json `requirements` for
# puppet (or openvox) accept some Puppet 7; `--pick GITDIR` prints that tag.
#
# From each release only what running and checking its functions needs is taken:
# metadata.json, LICENSE*, lib/puppet/functions/, lib/puppet/parser/functions/,
# lib/puppet_x/ (helpers the functions require), functions/ (Puppet-language
# functions), types/ (aliases their dispatch signatures name), spec/functions/ (the
# module's rspec examples). A release without a Ruby function is skipped.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/../.." && pwd)
OUT="$ROOT/tests/ruby-functions/public"
SOURCES="$OUT/SOURCES.tsv"
PATHS=(lib functions types spec/functions)

# Prints the newest release tag (vX.Y.Z or X.Y.Z) of GITDIR whose metadata.json
# accepts Puppet 7, that is whose requirement range meets [7.0.0, 8.0.0).
pick() {
    python3 "$ROOT/scripts/module-releases.py" pick "$1"
}

if [[ ${1:-} == --pick ]]; then
    pick "$2"
    exit
fi

if [[ $# -gt 0 ]]; then
    list=$(grep -v '^\s*\(#\|$\)' "$1")
elif [[ -f $SOURCES ]]; then
    list=$(awk -F'\t' 'NR > 1 { print $2, $3 }' "$SOURCES")
else
    echo "usage: $0 LIST   (no SOURCES.tsv to rebuild from)" >&2
    exit 2
fi

mkdir -p "$OUT"
# Modules no longer listed go too, so the tree is exactly what the list names.
find "$OUT" -mindepth 1 -maxdepth 1 -type d -exec rm -rf {} +
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
printf 'module\trepo\ttag\tcommit\tlicense\tfunctions_4x\tfunctions_3x\n' >"$tmp"

while read -r repo tag gitdir; do
    gitdir=${gitdir:-/work/.mirror/${repo/\//+}/repo}
    commit=$(git -C "$gitdir" rev-parse "$tag^{commit}")
    meta=$(git -C "$gitdir" show "$commit:metadata.json")
    name=$(jq -r .name <<<"$meta")
    module=${name#*[-/]}
    license=$(jq -r '.license // "unknown"' <<<"$meta")
    files=$(git -C "$gitdir" ls-tree -r --name-only "$commit")
    n4=$(grep -c '^lib/puppet/functions/.*\.rb$' <<<"$files" || true)
    n3=$(grep -c '^lib/puppet/parser/functions/.*\.rb$' <<<"$files" || true)
    if [[ $((n4 + n3)) -eq 0 ]]; then
        echo "skip $repo $tag: no Ruby functions" >&2
        continue
    fi
    take=(metadata.json)
    take+=($(git -C "$gitdir" ls-tree --name-only "$commit" | grep '^LICENSE' || true))
    for p in "${PATHS[@]}"; do
        if grep -q "^$p/" <<<"$files"; then take+=("$p"); fi
    done
    mkdir -p "$OUT/$module"
    git -C "$gitdir" archive --format=tar "$commit" -- "${take[@]}" | tar -x -C "$OUT/$module"
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$module" "$repo" "$tag" "$commit" "$license" "$n4" "$n3" >>"$tmp"
    echo "$module: $repo $tag ($n4 4.x, $n3 3.x)" >&2
done <<<"$list"

chmod 644 "$tmp"
mv "$tmp" "$SOURCES"
trap - EXIT
