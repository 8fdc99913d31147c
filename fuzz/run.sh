#!/usr/bin/env bash
# Runs every fuzz target for SECONDS each (default 60), one after another on
# one core, and prints the executions each reached: CI's nightly shape.
#
#     fuzz/run.sh [SECONDS] [TARGET ...]
#
# Needs a nightly toolchain (rustup toolchain install nightly); builds with
# libFuzzer's coverage instrumentation as cargo-fuzz does, without needing
# cargo-fuzz itself. Corpora live in fuzz/corpus/<target>, crashes in
# fuzz/artifacts/<target>. Each run is appended to fuzz/runs.tsv (date,
# target, seconds, executions, exit status, build), so executions add up across
# runs on the same corpus.
#
# By default the targets are built with edge coverage only and each text
# target gets its dictionary (dict/<target>.dict: keywords, operators,
# function names), which is how it meets the language's words. Comparison
# tracing (FUZZ_COMPARES=1) finds such words by itself, but it costs 2 to 2.5
# times the executions (measured on puppet_apply and puppet_chains), so it
# is for short discovery runs, not for the long nightly ones.
set -euo pipefail
cd "$(dirname "$0")"
seconds=${1:-60}
shift || true
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  targets=($(sed -n 's/^name = "\(.*\)"$/\1/p' Cargo.toml | grep -v '^confer-fuzz$'))
fi
flavor=coverage
compares=
if [ "${FUZZ_COMPARES:-0}" = 1 ]; then
  flavor=compares
  compares=-Cllvm-args=-sanitizer-coverage-trace-compares
fi
export RUSTFLAGS="-Cpasses=sancov-module -Cllvm-args=-sanitizer-coverage-level=4 \
-Cllvm-args=-sanitizer-coverage-inline-8bit-counters -Cllvm-args=-sanitizer-coverage-pc-table \
$compares --cfg fuzzing -Cdebug-assertions -Coverflow-checks"
# An explicit --target keeps the instrumentation off build scripts and proc macros.
triple=$(rustc +nightly -vV | sed -n 's/^host: //p')
cargo +nightly build --release --target "$triple" --target-dir "target/$flavor" $(printf -- '--bin %s ' "${targets[@]}")
for t in "${targets[@]}"; do
  mkdir -p "corpus/$t" "artifacts/$t"
  # A log per run, so two runs of one target side by side (one per core)
  # each count their own executions; the last to end is kept as last-run.log.
  log="artifacts/$t/run.$$.log"
  dict=()
  if [ -f "dict/$t.dict" ]; then dict=(-dict="dict/$t.dict"); fi
  # -timeout: one input taking over 10 s is a hang; -rss_limit_mb: over 2 GB is a leak or a bomb.
  "target/$flavor/$triple/release/$t" "corpus/$t" "${dict[@]}" -max_total_time="$seconds" -timeout=10 \
    -rss_limit_mb=2048 -artifact_prefix="artifacts/$t/" -print_final_stats=1 >"$log" 2>&1 || status=$?
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
  mv -f "$log" "artifacts/$t/last-run.log"
  echo "$t: ${runs:-0} executions in ${seconds}s (exit ${status:-0})"
  printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$(date -u +%Y-%m-%dT%H:%MZ)" "$t" "$seconds" "${runs:-0}" "${status:-0}" "$flavor" >> runs.tsv
  unset status
done
