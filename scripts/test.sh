#!/usr/bin/env bash
# The test command of the README and of CI: unit tests, golden tests against
# the stored outputs of real Puppet and cf-agent, and property tests.
#
# The stdlib alias test needs Debian's puppetlabs-stdlib module. When it is not
# installed, its package is downloaded and unpacked under target/ (no Puppet
# needed: only its .pp files are read).
set -euo pipefail
cd "$(dirname "$0")/.."

modules=/usr/share/puppet/modules
if [ ! -d "$modules/stdlib" ]; then
  unpack=$(pwd)/target/debian-stdlib
  if [ ! -d "$unpack/modules/stdlib" ]; then
    mkdir -p "$unpack/modules"
    (cd "$unpack" && { apt-get download puppet-module-puppetlabs-stdlib >/dev/null 2>&1 ||
      { apt-get update >/dev/null && apt-get download puppet-module-puppetlabs-stdlib >/dev/null; }; } &&
      dpkg -x puppet-module-puppetlabs-stdlib_*.deb . &&
      ln -sfn "$unpack/usr/share/puppet/modules.available/puppetlabs-stdlib" "$unpack/modules/stdlib")
  fi
  modules=$unpack/modules
fi
export CONFER_STDLIB_MODULES=$modules

cargo test --workspace --lib --bins --tests
