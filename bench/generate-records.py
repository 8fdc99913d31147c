#!/usr/bin/env python3
"""Writes a JSON array of records of about SIZE_MB megabytes to stdout, for
bench/check-vs-jsonschema.sh:  bench/generate-records.py 100 > /tmp/records.json"""
import json
import sys

target = int(float(sys.argv[1] if len(sys.argv) > 1 else 100) * 1_000_000)
out = sys.stdout
out.write("[")
size = 1
i = 0
while size < target:
    record = {"name": f"host-{i:07d}.example.com", "port": 1024 + i % 60000, "enabled": i % 3 != 0,
              "weight": (i % 100) / 10.0, "tags": ["web", "db"][: 1 + i % 2], "owner": {"team": "ops", "id": i}}
    text = ("," if i else "") + json.dumps(record)
    out.write(text)
    size += len(text)
    i += 1
out.write("]\n")
