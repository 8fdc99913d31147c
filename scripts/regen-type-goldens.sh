#!/usr/bin/env bash
# Re-records crates/core/tests/types/<area>.golden from real Puppet 7.23:
# each line of <area>.pp is evaluated by crates/core/tests/types/record.rb
# with Puppet's own evaluator and type calculator.
#
# Usage: scripts/regen-type-goldens.sh [AREA ...]   (default: every area)
set -euo pipefail
dir=$(cd "$(dirname "$0")/../crates/core/tests/types" && pwd -P)
areas=("$@")
if [ ${#areas[@]} -eq 0 ]; then
  areas=($(cd "$dir" && ls *.pp | sed 's/\.pp$//'))
fi
for area in "${areas[@]}"; do
  ruby "$dir/record.rb" "$dir/$area.pp" > "$dir/$area.golden.new" 2>/dev/null
  mv "$dir/$area.golden.new" "$dir/$area.golden"
  echo "$area: $(grep -c . "$dir/$area.golden") lines"
done
