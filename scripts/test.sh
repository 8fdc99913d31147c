#!/usr/bin/env bash
# The test command of the README and of CI: unit tests, golden tests against
# the stored outputs of real Puppet and cf-agent, and property tests.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo test --workspace --lib --bins --tests
