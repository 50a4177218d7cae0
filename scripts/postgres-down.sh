#!/usr/bin/env bash
# Stop the PostgreSQL started by postgres-up.sh and delete its directory (set KEEP_DATA=1 to keep it).
# Safe to run when nothing is running.
set -uo pipefail

PG_DIR=${PG_DIR:-/tmp/cms-pg}
DATA_DIR="$PG_DIR/data"
PID_FILE="$DATA_DIR/postmaster.pid"
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"


PGBIN=""
for d in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V); do
  [ -x "$d/pg_ctl" ] && PGBIN=$d
done

pid=""
[ -f "$PID_FILE" ] && pid=$(head -n1 "$PID_FILE" 2>/dev/null)

if [ -n "$pid" ] && proc_alive "$pid"; then
  if [ -n "$PGBIN" ] && id -u postgres >/dev/null 2>&1; then
    (cd "$PG_DIR" && runuser -u postgres -- "$PGBIN/pg_ctl" -D "$DATA_DIR" -m fast -w -t 30 stop) \
      >/dev/null 2>&1 || kill -INT "$pid" 2>/dev/null   # SIGINT = fast shutdown
  else
    kill -INT "$pid" 2>/dev/null
  fi
  wait_stopped "$pid" "[postgres-down] postmaster"
fi

if [ "${KEEP_DATA:-0}" != 1 ]; then
  rm -rf "$PG_DIR"
fi
echo "[postgres-down] stopped"
exit 0
