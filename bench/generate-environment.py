#!/usr/bin/env python3
"""Writes a Puppet environment declaring about N resources, for the compile
benchmark: a module with a class and a defined type, and a site manifest
that declares N/4 instances of the type (each three resources) in a node.

    bench/generate-environment.py N DIR
"""

import os
import sys


def main(n, out):
    os.makedirs(f"{out}/manifests", exist_ok=True)
    os.makedirs(f"{out}/modules/app/manifests", exist_ok=True)
    with open(f"{out}/modules/app/manifests/init.pp", "w") as f:
        f.write("class app(String $root = '/srv/app') {\n  file { $root: ensure => directory }\n}\n")
    with open(f"{out}/modules/app/manifests/site.pp", "w") as f:
        f.write("define app::site(Integer $port, String $owner = 'www-data') {\n"
                "  file { \"${app::root}/${title}\": ensure => directory, owner => $owner, require => Class['app'] }\n"
                "  file { \"${app::root}/${title}/port\": content => \"${port}\\n\", mode => '0644' }\n"
                "  exec { \"reload-${title}\": command => \"/bin/true ${title}\", refreshonly => true,\n"
                "    subscribe => File[\"${app::root}/${title}/port\"] }\n}\n")
    with open(f"{out}/manifests/site.pp", "w") as f:
        f.write("node default {\n  include app\n")
        for i in range(max(1, n // 3)):
            f.write(f"  app::site {{ 'site{i}': port => {8000 + i % 1000} }}\n")
        f.write("}\n")


if __name__ == "__main__":
    main(int(sys.argv[1]), sys.argv[2])
