#!/usr/bin/env python3
"""Times `confer lsp` as an editor sees it, speaking JSON-RPC over its
standard input and output (no client library, so nothing but the server is
timed): start to first diagnostics, the workspace index, diagnostics after
an edit, hover, definition and completion. Prints one `name value` line per
measure (milliseconds) for bench/lsp-latency.sh.

    bench/lsp-latency.py CONFER ROOT MANIFEST EDITS REQUESTS
"""
import json
import os
import statistics
import subprocess
import sys
import time

confer, root, manifest = sys.argv[1], os.path.abspath(sys.argv[2]), os.path.abspath(sys.argv[3])
edits, requests = int(sys.argv[4]), int(sys.argv[5])
uri = "file://" + manifest
text = open(manifest).read()

t0 = time.perf_counter()
server = subprocess.Popen([confer, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
next_id = 0


def send(message):
    body = json.dumps(dict(message, jsonrpc="2.0")).encode()
    server.stdin.write(b"Content-Length: %d\r\n\r\n%s" % (len(body), body))
    server.stdin.flush()


def receive():
    length = 0
    while True:
        line = server.stdout.readline()
        if line in (b"\r\n", b"\n"):
            break
        if line.lower().startswith(b"content-length:"):
            length = int(line.split(b":")[1])
    return json.loads(server.stdout.read(length))


def request(method, params):
    global next_id
    next_id += 1
    send({"id": next_id, "method": method, "params": params})
    while True:
        message = receive()
        if message.get("id") == next_id:
            return message.get("result")


def wait_for(predicate):
    while True:
        message = receive()
        if predicate(message):
            return message


def ms(seconds):
    return seconds * 1000


request("initialize", {"processId": None, "rootUri": "file://" + root, "capabilities": {}})
send({"method": "initialized", "params": {}})
send({"method": "textDocument/didOpen", "params": {
    "textDocument": {"uri": uri, "languageId": "puppet", "version": 1, "text": text}}})
first = wait_for(lambda m: m.get("method") == "textDocument/publishDiagnostics")
print("first_diagnostics", ms(time.perf_counter() - t0))
logged = wait_for(lambda m: m.get("method") == "window/logMessage")
print("indexed", ms(time.perf_counter() - t0))
print("index_note", logged["params"]["message"].replace(" ", "_"))
wait_for(lambda m: m.get("method") == "textDocument/publishDiagnostics")

lines = text.split("\n")
times = []
for version in range(2, edits + 2):
    lines[5] = f"$edited = {version}"
    t = time.perf_counter()
    send({"method": "textDocument/didChange", "params": {
        "textDocument": {"uri": uri, "version": version}, "contentChanges": [{"text": "\n".join(lines)}]}})
    published = wait_for(lambda m: m.get("method") == "textDocument/publishDiagnostics"
                         and m["params"].get("version") == version)
    times.append(ms(time.perf_counter() - t))
print("edit_median", statistics.median(times))
print("edit_max", max(times))
print("edit_diagnostics", len(published["params"]["diagnostics"]))


def timed(method, line, character):
    times = []
    for _ in range(requests):
        t = time.perf_counter()
        result = request(method, {"textDocument": {"uri": uri}, "position": {"line": line, "character": character}})
        times.append(ms(time.perf_counter() - t))
    return statistics.median(times), max(times), result


# The manifest: `include apache`, `$joined = to_json(…)`, `apache::vhost { …`,
# `$servers = lookup('ntp::servers')` (ntp's own data, no facts: common.yaml).
for name, method, line, character in [
    ("hover_class", "textDocument/hover", 0, 10),
    ("hover_define", "textDocument/hover", 2, 5),
    ("definition_class", "textDocument/definition", 0, 10),
    ("definition_function", "textDocument/definition", 1, 12),
    ("definition_hiera", "textDocument/definition", 3, 22),
    ("completion_class", "textDocument/completion", 0, 8),
]:
    median, most, result = timed(method, line, character)
    print(f"{name}_median", median)
    print(f"{name}_max", most)
    print(f"{name}_found", int(bool(result)))

request("shutdown", None)
send({"method": "exit", "params": None})
server.wait()
