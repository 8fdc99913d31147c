#!/usr/bin/env bash
# The test command of the README and of CI: unit tests, golden tests against
# the stored outputs of real Puppet and cf-agent, and property tests.
#
# The stdlib alias test and the compile goldens need Debian's Puppet modules.
# When they are not installed, their packages are downloaded and unpacked
# under target/ (no Puppet needed: confer reads the modules' files).
set -euo pipefail
cd "$(dirname "$0")/.."

modules=/usr/share/puppet/modules
if [ ! -d "$modules/stdlib" ] || [ ! -d "$modules/ntp" ]; then
  unpack=$(pwd)/target/debian-modules
  if [ ! -f "$unpack/.complete" ]; then
    rm -rf "$unpack" && mkdir -p "$unpack/modules"
    closure() {
      apt-cache depends --recurse --no-recommends --no-suggests --no-conflicts --no-breaks --no-replaces \
        --no-enhances openstack-puppet-modules puppet-module-puppetlabs-stdlib 2>/dev/null | grep -E '^puppet-module' | sort -u
    }
    packages=$(closure)
    case "$packages" in *puppet-module-puppetlabs-ntp*) ;; *) apt-get update >/dev/null && packages=$(closure) ;; esac
    (cd "$unpack" && apt-get download $packages >/dev/null 2>&1 &&
      for deb in ./*.deb; do dpkg -x "$deb" .; done)
    # Each package installs <author>-<name>; Puppet knows it as <name>.
    for dir in "$unpack"/usr/share/puppet/modules.available/*; do
      name=$(basename "$dir"); name=${name#*-}; name=${name//-/_}
      ln -sfn "$dir" "$unpack/modules/$name"
    done
    touch "$unpack/.complete"
  fi
  modules=$unpack/modules
fi
export CONFER_STDLIB_MODULES=$modules
export CONFER_PUPPET_MODULES=$modules

# The language server's test drives `confer lsp` with a real LSP client
# (pygls, pinned); pip returns at once when the pins are installed.
python3 -m pip install --quiet --disable-pip-version-check -r tests/lsp/requirements.txt

cargo test --workspace --lib --bins --tests
