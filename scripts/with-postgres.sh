#!/usr/bin/env bash
# Runs a command with a throwaway PostgreSQL server (Debian's `postgresql` package) on 127.0.0.1 and
# DATABASE_URL pointing at it; stops the server and removes its data afterwards.
#   bash scripts/with-postgres.sh npx vitest run tests/server
set -euo pipefail
PGBIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
if [ -z "$PGBIN" ]; then
  echo "PostgreSQL is not installed: apt-get install -y postgresql" >&2
  exit 1
fi
PORT=${PGPORT_TEST:-55432}
PGDATA=$(mktemp -d /tmp/tianmu-pg.XXXXXX)
chown postgres "$PGDATA" 2>/dev/null || true
as_pg() { if [ "$(id -u)" = 0 ]; then su postgres -s /bin/bash -c "$*"; else bash -c "$*"; fi; }
as_pg "$PGBIN/initdb -D $PGDATA -A trust -U postgres -E UTF8 --locale=C.UTF-8 >/dev/null"
as_pg "$PGBIN/pg_ctl -D $PGDATA -o '-c listen_addresses=127.0.0.1 -p $PORT -k /tmp -c max_connections=200 -c fsync=off' -l $PGDATA/server.log -w start >/dev/null"
cleanup() { as_pg "$PGBIN/pg_ctl -D $PGDATA -m immediate stop >/dev/null" || true; rm -rf "$PGDATA"; }
trap cleanup EXIT
export DATABASE_URL="postgres://postgres@127.0.0.1:$PORT/postgres"
echo "PostgreSQL $($PGBIN/postgres --version | awk '{print $3}') on 127.0.0.1:$PORT"
"$@"
