#!/usr/bin/env bash
# Stops what scripts/puppetdb/start.sh DIR started, and removes DIR.
set -uo pipefail
dir=${1:?usage: stop.sh DIR}
[ -d "$dir" ] || exit 0
if [ -f "$dir/puppetdb.pid" ]; then
  pid=$(cat "$dir/puppetdb.pid")
  kill "$pid" 2>/dev/null
  for _ in $(seq 1 30); do kill -0 "$pid" 2>/dev/null || break; sleep 1; done
  kill -9 "$pid" 2>/dev/null
fi
pgbin=$(dirname "$(ls /usr/lib/postgresql/*/bin/pg_ctl 2>/dev/null | sort -V | tail -n 1)")
if [ -d "$dir/pg/data" ]; then
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$pgbin/pg_ctl" -D "$dir/pg/data" -m fast stop >/dev/null 2>&1
  else "$pgbin/pg_ctl" -D "$dir/pg/data" -m fast stop >/dev/null 2>&1; fi
fi
rm -rf "$dir"
