#!/usr/bin/env bash
# Stop the PostgreSQL started by postgres-up.sh and delete its directory (set KEEP_DATA=1 to keep it).
# Safe to run when nothing is running.
set -uo pipefail

PG_DIR=${PG_DIR:-/tmp/cms-pg}
DATA_DIR="$PG_DIR/data"
PID_FILE="$DATA_DIR/postmaster.pid"
export PATH="/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin:$PATH"

# True if $1 is a live process. A killed server may linger as a zombie (state Z) until
# PID 1 reaps it, and `kill -0` succeeds on zombies, so look at /proc instead.
proc_alive() {
  local state
  [ -n "${1:-}" ] || return 1
  state=$(sed -n 's/^State:[[:space:]]*\([A-Za-z]\).*/\1/p' "/proc/$1/status" 2>/dev/null)
  [ -n "$state" ] && [ "$state" != Z ] && [ "$state" != X ]
}

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
  for ((i = 0; i < 150; i++)); do
    proc_alive "$pid" || break
    sleep 0.2
  done
  if proc_alive "$pid"; then
    echo "[postgres-down] postmaster $pid did not stop in 30 s; killing it" >&2
    kill -KILL "$pid" 2>/dev/null
    sleep 0.5
  fi
fi

if [ "${KEEP_DATA:-0}" != 1 ]; then
  rm -rf "$PG_DIR"
fi
echo "[postgres-down] stopped"
exit 0
