#!/usr/bin/env bash
# Latency of `confer lsp` on a control repository whose module path is
# Debian's Puppet modules (/usr/share/puppet/modules, 60 modules), with a
# generated manifest of ~2,000 lines open: start to first diagnostics, the
# background workspace index, diagnostics after an edit, hover, definition
# (of a class, a function and a Hiera key) and completion; then start-up compared with `puppet parser validate` on
# the same file. Targets: first diagnostics <= 200 ms, diagnostics after an
# edit <= 50 ms, hover and definition <= 10 ms.
# Needs: Debian's modules (apt-get install -y puppet-module-puppetlabs-stdlib
# openstack-puppet-modules), a release build; puppet for the comparison.
#   bench/lsp-latency.sh [EDITS] [REQUESTS]
set -euo pipefail
cd "$(dirname "$0")/.."
edits=${1:-30}
requests=${2:-50}
modules=/usr/share/puppet/modules
[ -d "$modules/stdlib" ] || { echo "Debian's Puppet modules are not installed under $modules" >&2; exit 2; }
cargo build -q --release -p confer-cli
confer=$(pwd)/target/release/confer
[ -n "${CARGO_TARGET_DIR:-}" ] && confer=$CARGO_TARGET_DIR/release/confer

repo=$(mktemp -d)
trap 'rm -rf "$repo"' EXIT
mkdir -p "$repo/manifests"
echo "modulepath = $modules" > "$repo/environment.conf"
manifest=$repo/manifests/site.pp
{
  echo "include apache"
  echo "\$joined = to_json(['a', 'b'])"
  echo "apache::vhost { 'www.example.com': port => 80, docroot => '/srv/www' }"
  echo "\$servers = lookup('ntp::servers')"
  python3 bench/generate-manifest.py 77
} > "$manifest"
lines=$(wc -l < "$manifest")
modules_n=$(find -L "$modules" -mindepth 1 -maxdepth 1 -type d | wc -l)

declare -A m
while read -r key value; do m[$key]=$value; done < <(python3 bench/lsp-latency.py "$confer" "$repo" "$manifest" "$edits" "$requests")

now() { date +%s%N; }
runs=5
t0=$(now); for _ in $(seq $runs); do "$confer" puppet parser validate "$manifest" >/dev/null; done; t1=$(now)
confer_validate=$(awk -v d=$((t1 - t0)) -v n=$runs 'BEGIN { printf "%.1f", d / n / 1e6 }')
if command -v puppet >/dev/null; then
  t0=$(now); for _ in $(seq $runs); do puppet parser validate "$manifest" >/dev/null 2>&1; done; t1=$(now)
  puppet_validate=$(awk -v d=$((t1 - t0)) -v n=$runs 'BEGIN { printf "%.1f", d / n / 1e6 }')
else
  puppet_validate="(puppet not installed)"
fi

row() { printf "  %-44s %10s ms   %s\n" "$1" "$(awk -v v="$2" 'BEGIN { printf "%.2f", v }')" "$3"; }
ok() { awk -v v="$1" -v t="$2" 'BEGIN { print (v <= t) ? "target <= " t " ms: met" : "target <= " t " ms: MISSED" }'; }
echo "confer lsp on $modules ($modules_n module directories), a $lines-line manifest open"
echo "  (${m[index_note]//_/ })"
row "start to first diagnostics" "${m[first_diagnostics]}" "$(ok "${m[first_diagnostics]}" 200)"
row "start to workspace index" "${m[indexed]}" "(in the background)"
row "diagnostics after an edit, median of $edits" "${m[edit_median]}" "$(ok "${m[edit_median]}" 50)"
row "diagnostics after an edit, slowest" "${m[edit_max]}" "$(ok "${m[edit_max]}" 50)"
row "hover on a class, median of $requests" "${m[hover_class_median]}" "$(ok "${m[hover_class_median]}" 10)"
row "hover on a defined type, median" "${m[hover_define_median]}" "$(ok "${m[hover_define_median]}" 10)"
row "definition of a class, median" "${m[definition_class_median]}" "$(ok "${m[definition_class_median]}" 10)"
row "definition of a function, median" "${m[definition_function_median]}" "$(ok "${m[definition_function_median]}" 10)"
row "definition of a Hiera key, median" "${m[definition_hiera_median]}" "$(ok "${m[definition_hiera_median]}" 10)"
row "hover/definition, slowest of all" "$(printf '%s\n' "${m[hover_class_max]}" "${m[hover_define_max]}" "${m[definition_class_max]}" "${m[definition_function_max]}" "${m[definition_hiera_max]}" | sort -g | tail -1)" ""
row "completion of class names, median" "${m[completion_class_median]}" ""
echo "answers found (1 = yes): hover ${m[hover_class_found]}/${m[hover_define_found]}, definition ${m[definition_class_found]}/${m[definition_function_found]}/${m[definition_hiera_found]}, completion ${m[completion_class_found]}"
echo "start-up on the same file, mean of $runs:"
printf "  %-44s %10s ms\n" "confer puppet parser validate" "$confer_validate"
printf "  %-44s %10s ms\n" "puppet parser validate" "$puppet_validate"
echo "puppet-editor-services (Puppet's own language server) is not packaged by Debian, so it is not compared."
