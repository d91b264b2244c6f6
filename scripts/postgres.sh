#!/usr/bin/env bash
# A throw-away PostgreSQL 15 cluster on loopback, for CI, benchmarks and local integration runs.
#   scripts/postgres.sh start DIR PORT   -> prints the DATABASE_URL on stdout
#   scripts/postgres.sh stop DIR
# PG_OPTIONS adds server settings, e.g. "-c shared_preload_libraries=pg_stat_statements" (benchmarks).
set -euo pipefail

cmd=${1:?usage: postgres.sh start DIR PORT | stop DIR}
dir=${2:?data directory}
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
if [ -z "$bin" ]; then
  echo "postgres.sh: PostgreSQL server binaries not found under /usr/lib/postgresql (apt-get install postgresql)" >&2
  exit 1
fi

as_postgres() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

case "$cmd" in
  start)
    port=${3:?port}
    mkdir -p "$dir"
    [ "$(id -u)" = 0 ] && chown postgres "$dir"
    if [ ! -f "$dir/PG_VERSION" ]; then
      as_postgres "$bin/initdb" -D "$dir" -U postgres --auth=trust --encoding=UTF8 --locale=C.UTF-8 >/dev/null
    fi
    as_postgres "$bin/pg_ctl" -D "$dir" -l "$dir/server.log" -w -t 60 \
      -o "-c listen_addresses=127.0.0.1 -p $port -k /tmp -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200 ${PG_OPTIONS:-}" \
      start >/dev/null
    echo "postgres://postgres@127.0.0.1:$port/postgres"
    ;;
  stop)
    [ -f "$dir/postmaster.pid" ] && as_postgres "$bin/pg_ctl" -D "$dir" -m fast -w stop >/dev/null
    ;;
  *)
    echo "usage: postgres.sh start DIR PORT | stop DIR" >&2
    exit 2
    ;;
esac
