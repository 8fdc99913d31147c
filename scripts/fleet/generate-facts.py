#!/usr/bin/env python3
"""Writes the facts of N generated nodes for the example fleet
(examples/fleet), one Puppet cached-facts file per node (NODE.yaml, as
under Puppet's $vardir/yaml/facts/), with facter 4's structured facts and
the custom fact `role` the control repository classifies by.

The nodes are the same on every run: node i's role, OS and addresses
follow from i alone, so the committed examples/fleet/facts can be
regenerated exactly and a benchmark's 10,000 nodes start with those 20.

    scripts/fleet/generate-facts.py --count 20 --out examples/fleet/facts

With --puppetdb URL, the nodes are sent to that PuppetDB instead, as
`puppet agent` sends them (PuppetDB's `replace_facts` command), any other
node it holds is deactivated, and the script returns once its active nodes
are exactly these.
"""

import argparse
import datetime
import json
import os
import time
import urllib.parse
import urllib.request

# role, share of the fleet (out of 20), name prefix
ROLES = [("web", 6, "web"), ("app", 6, "app"), ("db", 4, "db"), (None, 4, "node")]
OSES = [
    ("Debian", "Debian", "12", "12.11", "bookworm", "6.1.0-37-amd64"),
    ("RedHat", "RedHat", "9", "9.4", None, "5.14.0-427.el9.x86_64"),
]


def node(i):
    """Node i's name and facts."""
    slot = i % 20
    for role, share, prefix in ROLES:
        if slot < share:
            break
        slot -= share
    number = (i // 20) * dict((r[0], r[1]) for r in ROLES)[role] + slot + 1
    host = f"{prefix}{number:02d}"
    fqdn = f"{host}.example.com"
    family, name, major, full, codename, kernel = OSES[0] if i % 5 else OSES[1]
    ip = f"10.{(i >> 16) & 255}.{(i >> 8) & 255}.{i & 255}"
    release = {"full": full, "major": major}
    if "." in full:
        release["minor"] = full.split(".")[1]
    os_fact = {"architecture": "amd64" if family == "Debian" else "x86_64", "family": family,
               "hardware": "x86_64", "name": name, "release": release, "selinux": {"enabled": family == "RedHat"}}
    if codename:
        os_fact["distro"] = {"codename": codename, "id": name, "release": release}
    facts = {
        "clientcert": fqdn,
        "fqdn": fqdn,
        "hostname": host,
        "domain": "example.com",
        "ipaddress": ip,
        "kernel": "Linux",
        "kernelrelease": kernel,
        "osfamily": family,
        "operatingsystem": name,
        "operatingsystemmajrelease": major,
        "is_virtual": True,
        "virtual": "kvm",
        "facterversion": "4.3.0",
        "os": os_fact,
        "networking": {"domain": "example.com", "fqdn": fqdn, "hostname": host, "ip": ip,
                       "interfaces": {"eth0": {"ip": ip, "mac": f"52:54:00:{(i >> 16) & 255:02x}:{(i >> 8) & 255:02x}:{i & 255:02x}"}},
                       "primary": "eth0"},
        "processors": {"count": 2 + (i % 3) * 2, "physicalcount": 1},
        "memory": {"system": {"total_bytes": (4 + (i % 4) * 4) * 1024 ** 3}},
    }
    if role:
        facts["role"] = role
    return fqdn, facts


def scalar(v):
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    s = str(v)
    # Quote what YAML 1.1 would read as another type.
    if s == "" or s[0] in "0123456789-.:{[!&*#?|>'\"%@`" or s.lower() in ("yes", "no", "on", "off", "true", "false", "null", "~"):
        return "'" + s.replace("'", "''") + "'"
    return s


def emit(value, indent, out):
    for key in sorted(value):
        v = value[key]
        if isinstance(v, dict):
            out.append(f"{'  ' * indent}{key}:")
            emit(v, indent + 1, out)
        else:
            out.append(f"{'  ' * indent}{key}: {scalar(v)}")


def command(url, name, version, certname, body):
    """Sends one command to PuppetDB's command API."""
    query = urllib.parse.urlencode({"command": name, "version": version, "certname": certname})
    request = urllib.request.Request(f"{url}/pdb/cmd/v1?{query}", data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"})
    urllib.request.urlopen(request).read()


def send(url, count):
    """Makes nodes 0..count PuppetDB's active nodes: sends their facts,
    deactivates any other node it holds, and waits until it has done so."""
    stamp = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.%f")[:-3] + "Z"
    names = set()
    for i in range(count):
        name, facts = node(i)
        names.add(name)
        command(url, "replace_facts", 5, name, {"certname": name, "environment": "production",
                                                 "producer_timestamp": stamp, "producer": "generate-facts",
                                                 "values": facts})
    extract = urllib.parse.urlencode({"query": json.dumps(["extract", ["certname", "producer_timestamp"]])})
    stale = {f["certname"] for f in json.load(urllib.request.urlopen(f"{url}/pdb/query/v4/factsets?{extract}"))}
    for name in stale - names:
        command(url, "deactivate_node", 3, name, {"certname": name, "producer_timestamp": stamp})
    while True:
        stored = json.load(urllib.request.urlopen(f"{url}/pdb/query/v4/factsets?{extract}"))
        current = {f["certname"] for f in stored if f["producer_timestamp"] == stamp}
        if names <= current and len(stored) == len(names):
            return
        time.sleep(0.5)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--count", type=int, default=20)
    target = ap.add_mutually_exclusive_group(required=True)
    target.add_argument("--out")
    target.add_argument("--puppetdb", metavar="URL")
    args = ap.parse_args()
    if args.puppetdb:
        send(args.puppetdb.rstrip("/"), args.count)
        return
    os.makedirs(args.out, exist_ok=True)
    for i in range(args.count):
        name, facts = node(i)
        out = ["--- !ruby/object:Puppet::Node::Facts", f"name: {name}", "values:"]
        emit(facts, 1, out)
        with open(os.path.join(args.out, f"{name}.yaml"), "w") as f:
            f.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
