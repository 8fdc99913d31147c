#!/usr/bin/env bash
# Starts a private PuppetDB (Debian's puppetdb 7.12 on a PostgreSQL cluster
# of its own) for the tests of `--puppetdb`, and prints the `export` lines
# that tell the tests where it is:
#
#   eval "$(bash scripts/puppetdb/start.sh DIR)"   ...   bash scripts/puppetdb/stop.sh DIR
#
# Everything lives under DIR: the database cluster, PuppetDB's settings and
# state, and a throwaway certificate authority with a server certificate
# (for PuppetDB's TLS port) and a client certificate (for confer), as Puppet
# would have issued them. Both servers listen on loopback only. The
# packages are installed when they are missing (root, Debian's registry).
set -euo pipefail
dir=${1:?usage: start.sh DIR}
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)
# The database's own user must reach its cluster inside DIR.
chmod 755 "$dir"
log() { echo "puppetdb/start.sh: $*" >&2; }

if [ ! -f /usr/share/puppetdb/puppetdb.jar ] || ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
  log "installing puppetdb and postgresql"
  (apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y puppetdb postgresql) >"$dir/install.log" 2>&1
fi
pgbin=$(dirname "$(ls /usr/lib/postgresql/*/bin/initdb | sort -V | tail -n 1)")

# Ports of our own, so a system PuppetDB or PostgreSQL is left alone.
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
pg_port=$(free_port)
http_port=$(free_port)
https_port=$(free_port)

# PostgreSQL refuses to run as root: the cluster belongs to `postgres`.
as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
mkdir -p "$dir/pg"
[ "$(id -u)" = 0 ] && chown postgres: "$dir/pg"
as_pg "$pgbin/initdb" -D "$dir/pg/data" -A trust -U postgres >"$dir/initdb.log"
as_pg "$pgbin/pg_ctl" -D "$dir/pg/data" -l "$dir/pg/server.log" -w \
  -o "-p $pg_port -k $dir/pg -c listen_addresses=127.0.0.1" start >/dev/null
psql_pg() { as_pg psql -q -h 127.0.0.1 -p "$pg_port" -U postgres "$@"; }
psql_pg -c "create role puppetdb login password 'puppetdb'" -c "create database puppetdb owner puppetdb"
psql_pg -d puppetdb -c "create extension pg_trgm" -c "create extension pgcrypto"

# A certificate authority, PuppetDB's server certificate and confer's
# client certificate.
ssl=$dir/ssl
mkdir -p "$ssl"
(
  cd "$ssl"
  openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj "/CN=confer test CA" \
    -keyout ca-key.pem -out ca.pem 2>/dev/null
  for who in server client; do
    openssl req -newkey rsa:2048 -nodes -subj "/CN=$who.confer.test" -keyout "$who-key.pem" -out "$who.csr" 2>/dev/null
  done
  printf 'subjectAltName=IP:127.0.0.1,DNS:localhost\n' >server.ext
  openssl x509 -req -in server.csr -CA ca.pem -CAkey ca-key.pem -CAcreateserial -days 2 \
    -extfile server.ext -out server.pem 2>/dev/null
  printf 'extendedKeyUsage=clientAuth\n' >client.ext
  openssl x509 -req -in client.csr -CA ca.pem -CAkey ca-key.pem -CAcreateserial -days 2 \
    -extfile client.ext -out client.pem 2>/dev/null
)

mkdir -p "$dir/conf" "$dir/var"
cp /etc/puppetdb/conf.d/auth.conf "$dir/conf/"
cat >"$dir/conf/puppetdb.ini" <<INI
[global]
vardir = $dir/var
[database]
subname = //127.0.0.1:$pg_port/puppetdb
username = puppetdb
password = puppetdb
[jetty]
host = 127.0.0.1
port = $http_port
ssl-host = 127.0.0.1
ssl-port = $https_port
ssl-key = $ssl/server-key.pem
ssl-cert = $ssl/server.pem
ssl-ca-cert = $ssl/ca.pem
[command-processing]
INI
nohup java -Xmx256m -cp /usr/share/puppetdb/puppetdb.jar clojure.main -m puppetlabs.puppetdb.core \
  services --config "$dir/conf" --bootstrap-config /etc/puppetdb/bootstrap.cfg >"$dir/puppetdb.log" 2>&1 &
echo $! >"$dir/puppetdb.pid"

for _ in $(seq 1 180); do
  if curl -sf "http://127.0.0.1:$http_port/status/v1/services/puppetdb-status" 2>/dev/null | grep -q '"state" *: *"running"'; then
    log "PuppetDB is up on http://127.0.0.1:$http_port and https://127.0.0.1:$https_port"
    echo "export CONFER_PUPPETDB_URL=http://127.0.0.1:$http_port"
    echo "export CONFER_PUPPETDB_TLS_URL=https://127.0.0.1:$https_port"
    echo "export CONFER_PUPPETDB_SSL_DIR=$ssl"
    exit 0
  fi
  kill -0 "$(cat "$dir/puppetdb.pid")" 2>/dev/null || break
  sleep 1
done
log "PuppetDB did not start; the end of its log:"
tail -n 30 "$dir/puppetdb.log" >&2
exit 1
