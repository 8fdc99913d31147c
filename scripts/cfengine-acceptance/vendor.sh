#!/usr/bin/env bash
# Vendors CFEngine's own acceptance suite (tests/acceptance of cfengine/core at
# tag 3.21.0) into tests/cfengine/acceptance/suite/, the layout testall runs
# from, so the tests' `inputs` paths (`../../default.cf.sub`) resolve unchanged.
#
#     scripts/cfengine-acceptance/vendor.sh
#
# The suite is third-party code (GPL-3, cfengine/core): it is fetched, never
# committed (the directory is gitignored); what the repository keeps are the
# lists scripts/cfengine-acceptance/select.py writes beside it (SELECTED.tsv,
# EXCLUDED.tsv), which hold only test names and reasons.
#
# The git dir is the bare clone the project's `fetch` tool brings
# (`fetch github:cfengine/core`), at $MIRRORS/cfengine+core/repo.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/../.." && pwd)
OUT="$ROOT/tests/cfengine/acceptance/suite"
MIRRORS=${MIRRORS:-/work/.mirror}
GITDIR="$MIRRORS/cfengine+core/repo"
TAG=3.21.0

if ! git -C "$GITDIR" rev-parse -q --verify "$TAG^{commit}" >/dev/null 2>&1; then
    echo "vendor.sh: no $TAG in $GITDIR; run the fetch tool: fetch github:cfengine/core" >&2
    exit 1
fi

rm -rf "$OUT"
mkdir -p "$OUT"
git -C "$GITDIR" archive "$TAG" tests/acceptance | tar -x -C "$OUT" --strip-components=2
# cf-agent refuses policy files that others can write.
chmod -R go-w "$OUT"
printf '%s\t%s\n' "$TAG" "$(git -C "$GITDIR" rev-parse "$TAG^{commit}")" >"$OUT/SOURCE"
echo "vendor.sh: $(find "$OUT" -name '*.cf' | wc -l) .cf files of cfengine/core $TAG in $OUT"
