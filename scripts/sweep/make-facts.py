#!/usr/bin/env python3
"""Writes the fact sets of the module sweep, tests/sweep/facts/{debian12,rhel9,ubuntu2204}.yaml:
what a Puppet 7.23 agent on each OS submits, as Puppet's cached-facts YAML
(`--- !ruby/object:Puppet::Node::Facts`, the format of tests/compile/facts/).

    scripts/sweep/make-facts.py [FACTERDB_GIT_DIR]

FACTERDB_GIT_DIR is a clone of github.com/voxpupuli/facterdb (default
/work/.mirror/voxpupuli+facterdb/repo); the files are read from commit FACTERDB_REF.
Needs only python3 and git.

Each set is built in four steps:
  1. facterdb's Facter 4.3 structured facts for the OS (facts/4.3/<os>.facts);
  2. the few values that are artefacts of how facterdb collected them are fixed
     (see `fix_artefacts`), and the node's name is set (`set_name`);
  3. the legacy (flat) facts Facter 4 sends along with them, derived the way
     Facter 4.3's own fact classes derive them (lib/facter/facts/{linux,debian,
     ubuntu,rhel}/**: FACT_NAME / ALIASES), each only when its structured
     source is present;
  4. the custom facts of Debian's modules that resolve the same on every fresh
     machine of the OS, as their fact code computes them (openstacklib's
     os_service_default and os_workers*, stdlib's root_home, package_provider
     and service_provider): an agent gets them by pluginsync;
  5. the facts Puppet adds itself (puppetversion, clientcert, clientversion,
     clientnoop).
"""

import json
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUT = os.path.join(ROOT, "tests", "sweep", "facts")
FACTERDB = "/work/.mirror/voxpupuli+facterdb/repo"
FACTERDB_REF = "0b27918ed1c34d4ae71fad419991004d7288519c"
PUPPET_VERSION = "7.23.0"
DOMAIN = "example.com"

# fact set -> facterdb file
SETS = {
    "debian12": "debian-12-x86_64",
    "rhel9": "redhat-9-x86_64",
    "ubuntu2204": "ubuntu-22.04-x86_64",
}

# Legacy facts that are plain aliases of one structured fact (the ALIASES of
# Facter's fact classes whose legacy value is the structured value unchanged).
ALIASES = {
    "architecture": "os.architecture",
    "augeasversion": "augeas.version",
    "bios_release_date": "dmi.bios.release_date",
    "bios_vendor": "dmi.bios.vendor",
    "bios_version": "dmi.bios.version",
    "boardassettag": "dmi.board.asset_tag",
    "boardmanufacturer": "dmi.board.manufacturer",
    "boardproductname": "dmi.board.product",
    "boardserialnumber": "dmi.board.serial_number",
    "chassisassettag": "dmi.chassis.asset_tag",
    "chassistype": "dmi.chassis.type",
    "domain": "networking.domain",
    "fqdn": "networking.fqdn",
    "gid": "identity.group",
    "hardwareisa": "processors.isa",
    "hardwaremodel": "os.hardware",
    "hostname": "networking.hostname",
    "id": "identity.user",
    "ipaddress": "networking.ip",
    "ipaddress6": "networking.ip6",
    "macaddress": "networking.mac",
    "manufacturer": "dmi.manufacturer",
    "memoryfree": "memory.system.available",
    "memorysize": "memory.system.total",
    "netmask": "networking.netmask",
    "netmask6": "networking.netmask6",
    "network": "networking.network",
    "network6": "networking.network6",
    "operatingsystem": "os.name",
    "operatingsystemmajrelease": "os.release.major",
    "operatingsystemrelease": "os.release.full",
    "osfamily": "os.family",
    "physicalprocessorcount": "processors.physicalcount",
    "processorcount": "processors.count",
    "productname": "dmi.product.name",
    "rubyplatform": "ruby.platform",
    "rubysitedir": "ruby.sitedir",
    "rubyversion": "ruby.version",
    "scope6": "networking.scope6",
    "selinux": "os.selinux.enabled",
    "selinux_config_mode": "os.selinux.config_mode",
    "selinux_config_policy": "os.selinux.config_policy",
    "selinux_current_mode": "os.selinux.current_mode",
    "selinux_enforced": "os.selinux.enforced",
    "selinux_policyversion": "os.selinux.policy_version",
    "serialnumber": "dmi.product.serial_number",
    "swapfree": "memory.swap.available",
    "swapsize": "memory.swap.total",
    "uptime": "system_uptime.uptime",
    "uptime_days": "system_uptime.days",
    "uptime_hours": "system_uptime.hours",
    "uptime_seconds": "system_uptime.seconds",
    "uuid": "dmi.product.uuid",
}

# Legacy facts in MiB of a structured byte count (Facter's UnitConverter.bytes_to_mb: unrounded float).
MEGABYTES = {
    "memoryfree_mb": "memory.system.available_bytes",
    "memorysize_mb": "memory.system.total_bytes",
    "swapfree_mb": "memory.swap.available_bytes",
    "swapsize_mb": "memory.swap.total_bytes",
}

# Per-interface legacy facts (ipaddress_.* etc.): prefix -> key in networking.interfaces.<name>.
PER_INTERFACE = {
    "ipaddress": "ip", "ipaddress6": "ip6", "macaddress": "mac", "mtu": "mtu",
    "netmask": "netmask", "netmask6": "netmask6", "network": "network",
    "network6": "network6", "scope6": "scope6",
}


def load_facterdb(git_dir, name):
    """facterdb's structured facts for one OS, read from the pinned commit so reruns agree."""
    text = subprocess.run(["git", "-C", git_dir, "show", f"{FACTERDB_REF}:facts/4.3/{name}.facts"],
                          check=True, capture_output=True, text=True).stdout
    return json.loads(text)


def dig(facts, path):
    """The value at a dotted path (`os.release.major`), or None when any part is absent."""
    for key in path.split("."):
        if not isinstance(facts, dict) or key not in facts:
            return None
        facts = facts[key]
    return facts


def fix_artefacts(facts):
    """Removes what facterdb's collection added and no agent sends.

    `gem_version` is facterdb's note of the facter gem it ran, not a fact.  On
    Debian the box ran facter from a bundler checkout, so `path` starts with
    that checkout's bin and AIO directories; Debian's own puppet-agent 7.23
    package (no AIO, system ruby 3.1, as the ruby facts show) runs with the
    rest of it.  The AIO boxes ran a 7.24.0 agent: its version goes to 7.23.0.
    """
    facts.pop("gem_version", None)
    if "aio_agent_version" not in facts:
        facts["path"] = ":".join(p for p in facts["path"].split(":")
                                 if "/vendor/bundler/" not in p and not p.startswith("/opt/puppetlabs"))
    else:
        facts["aio_agent_version"] = PUPPET_VERSION


def set_name(facts, node):
    """Names the node <node>.example.com in networking (the legacy names follow from it)."""
    net = facts["networking"]
    net["hostname"], net["domain"], net["fqdn"] = node, DOMAIN, f"{node}.{DOMAIN}"


def lsb_facts(facts):
    """The lsbdist* facts, as Facter's Debian, Ubuntu and RHEL classes make them.

    lsbdistid/codename/description come from `lsb_release`, installed on the
    Debian and Ubuntu boxes (it gives what os.distro holds) but not part of RHEL 9,
    where Facter leaves them out.  lsbdistrelease and its parts are os.distro.release
    on Debian and RHEL; Ubuntu's class splits the release itself, so "22.04" is
    also the major release and there is no minor one.
    """
    distro, out = facts["os"].get("distro") or {}, {}
    if facts["os"]["family"] == "Debian":
        for name, key in (("lsbdistid", "id"), ("lsbdistcodename", "codename"),
                          ("lsbdistdescription", "description")):
            out[name] = distro.get(key)
    release = distro.get("release") or {}
    if facts["os"]["name"] == "Ubuntu" and release.get("full"):
        parts = release["full"].split(".")
        release = {"full": release["full"], "major": ".".join(parts[:2]),
                   "minor": parts[2] if len(parts) > 2 else None}
    out.update(lsbdistrelease=release.get("full"), lsbmajdistrelease=release.get("major"),
               lsbminordistrelease=release.get("minor"))
    return out


def legacy_facts(facts):
    """All legacy facts Facter 4.3 derives from these structured facts; None means Facter drops it."""
    out = {name: dig(facts, path) for name, path in ALIASES.items()}
    for name, path in MEGABYTES.items():
        size = dig(facts, path)
        out[name] = None if size is None else size / (1024.0 * 1024.0)
    interfaces = dig(facts, "networking.interfaces") or {}
    out["interfaces"] = ",".join(sorted(interfaces)) or None
    for iface, info in interfaces.items():
        for prefix, key in PER_INTERFACE.items():
            out[f"{prefix}_{iface}"] = info.get(key)
    if interfaces:  # Facter's DhcpServers: the primary's server under `system`, even when none
        out["dhcp_servers"] = {"system": dig(facts, "networking.dhcp"),
                               **{i: info["dhcp"] for i, info in interfaces.items() if "dhcp" in info}}
    disks = facts.get("disks") or {}
    out["blockdevices"] = ",".join(disks) or None
    for disk, info in disks.items():
        out[f"blockdevice_{disk}_model"] = info.get("model")
        out[f"blockdevice_{disk}_size"] = info.get("size_bytes")
        out[f"blockdevice_{disk}_vendor"] = info.get("vendor")
    for i, model in enumerate(dig(facts, "processors.models") or []):
        out[f"processor{i}"] = model
    for algorithm, key in (facts.get("ssh") or {}).items():
        out[f"ssh{algorithm}key"] = key["key"]
        out[f"sshfp_{algorithm}"] = key["fingerprints"]["sha1"] + "\n" + key["fingerprints"]["sha256"]
    out.update(lsb_facts(facts))
    return {name: value for name, value in out.items() if value is not None}


def puppet_facts(node):
    """What Puppet adds: puppetversion (Puppet.initialize_facts) and Node::Facts#add_local_facts."""
    return {"puppetversion": PUPPET_VERSION, "clientcert": f"{node}.{DOMAIN}",
            "clientversion": PUPPET_VERSION, "clientnoop": False}


def module_facts(facts, fact_set):
    """The modules' custom facts that do not depend on what is installed.

    os_workers* follow openstacklib/lib/facter/os_workers.rb from processors.count;
    package_provider and service_provider are what Puppet 7.23's package and
    service types pick by default on the OS (apt, dnf; systemd)."""
    procs = int(facts.get("processors", {}).get("count", 1))
    return {
        "os_service_default": "<SERVICE DEFAULT>",
        "os_workers_small": min(max(procs // 4, 2), 8),
        "os_workers": min(max(procs // 2, 2), 12),
        "os_workers_large": max(procs // 2, 1),
        "os_workers_heat_engine": min(max(procs // 2, 4), 24),
        "os_workers_keystone": min(max(procs, 4), 24),
        "root_home": "/root",
        "package_provider": "dnf" if fact_set == "rhel9" else "apt",
        "service_provider": "systemd",
    }


def build(git_dir, fact_set):
    """The complete values of one fact set."""
    facts = load_facterdb(git_dir, SETS[fact_set])
    fix_artefacts(facts)
    set_name(facts, fact_set)
    legacy = legacy_facts(facts)
    clash = {k for k in legacy if k in facts and facts[k] != legacy[k]}
    if clash:
        raise SystemExit(f"{fact_set}: facterdb disagrees with derived legacy facts {sorted(clash)}")
    return {**facts, **legacy, **module_facts(facts, fact_set), **puppet_facts(fact_set)}


# Plain scalars Psych (Puppet's YAML reader) or a YAML 1.1 reader would take for
# something other than a string: null/bool words, numbers in any base or with
# `_`/`,`, sexagesimals, floats, dates, `:symbol`, `<<`, `=`.
NOT_A_STRING = re.compile(r"""(?ix)\A(?:
    ~|null|yes|no|true|false|on|off|y|n|<<|=
  | [-+]?[0-9][0-9_,]*(?::[0-5]?[0-9])*(?:\.[0-9_,]*)?(?:e[-+]?[0-9]+)?
  | [-+]?(?:[0-9][0-9_,]*)?\.[0-9_,]*(?:e[-+]?[0-9]+)?
  | [-+]?0[box][0-9a-f_,]+
  | [-+]?\.(?:inf|nan)
  | [0-9]{4}-[0-9]{1,2}-[0-9]{1,2}.*
  | :.*
)\Z""")


def plain_ok(s):
    """Whether a string may be written unquoted and still read back as the same string.

    Besides NOT_A_STRING these are libyaml's rules for block context: no
    leading indicator character, no `: ` inside or `:` at the end, no ` #`,
    no surrounding blanks, nothing unprintable.
    """
    return bool(s) and s == s.strip() and s.isprintable() and not NOT_A_STRING.match(s) \
        and s[0] not in "#,[]{}&*!|>'\"%@`" and not (s[0] in "-?" and s[1:2] in ("", " ")) \
        and ": " not in s and not s.endswith(":") and " #" not in s


def scalar(value):
    """One scalar as YAML that Psych reads back with the same type and content."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        text = repr(value)
        if not re.fullmatch(r"-?[0-9]+\.[0-9]+", text):
            raise SystemExit(f"float {text} has no plain YAML form here")
        return text
    if plain_ok(value):
        return value
    if value.isprintable():
        return "'" + value.replace("'", "''") + "'"
    return json.dumps(value)  # double-quoted, with \n escapes: valid YAML


def emit(value, indent, lines):
    """Block-style YAML with sorted keys and sequences at their key's indentation (as Psych writes)."""
    pad = "  " * indent
    if isinstance(value, dict):
        for key in sorted(value):
            item = value[key]
            if isinstance(item, dict) and item:
                lines.append(f"{pad}{scalar(key)}:")
                emit(item, indent + 1, lines)
            elif isinstance(item, list) and item:
                lines.append(f"{pad}{scalar(key)}:")
                emit(item, indent, lines)
            else:
                lines.append(f"{pad}{scalar(key)}: {inline(item)}")
    else:
        for item in value:
            if isinstance(item, dict) and item:
                sub = []
                emit(item, indent + 1, sub)
                lines.append(f"{pad}- {sub[0].lstrip()}")
                lines.extend(sub[1:])
            elif isinstance(item, list) and item:
                raise SystemExit("nested sequences are not needed here")
            else:
                lines.append(f"{pad}- {inline(item)}")


def inline(value):
    """A scalar, or an empty collection written as {} or []."""
    if isinstance(value, dict):
        return "{}"
    if isinstance(value, list):
        return "[]"
    return scalar(value)


def to_yaml(node, values):
    """The cached-facts document Puppet's yaml facts terminus reads."""
    lines = ["--- !ruby/object:Puppet::Node::Facts", f"name: {node}", "values:"]
    emit(values, 1, lines)
    return "\n".join(lines) + "\n"


def main(args):
    git_dir = args[0] if args else FACTERDB
    os.makedirs(OUT, exist_ok=True)
    for fact_set in SETS:
        values = build(git_dir, fact_set)
        path = os.path.join(OUT, fact_set + ".yaml")
        with open(path, "w", encoding="utf-8") as f:
            f.write(to_yaml(values["clientcert"], values))
        print(f"{os.path.relpath(path, ROOT)}: {len(values)} facts")


if __name__ == "__main__":
    main(sys.argv[1:])
