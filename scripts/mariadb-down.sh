#!/usr/bin/env bash
# Stop the MariaDB started by mariadb-up.sh and delete its directory (set KEEP_DATA=1 to keep it).
# Safe to run when nothing is running.
set -uo pipefail

MARIADB_DIR=${MARIADB_DIR:-/tmp/cms-mariadb}
SOCKET="$MARIADB_DIR/mariadb.sock"
PID_FILE="$MARIADB_DIR/mariadb.pid"
export PATH="/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin:$PATH"

# True if $1 is a live process. A killed server may linger as a zombie (state Z) until
# PID 1 reaps it, and `kill -0` succeeds on zombies, so look at /proc instead.
proc_alive() {
  local state
  [ -n "${1:-}" ] || return 1
  state=$(sed -n 's/^State:[[:space:]]*\([A-Za-z]\).*/\1/p' "/proc/$1/status" 2>/dev/null)
  [ -n "$state" ] && [ "$state" != Z ] && [ "$state" != X ]
}

pid=""
[ -f "$PID_FILE" ] && pid=$(cat "$PID_FILE" 2>/dev/null)

if [ -n "$pid" ] && proc_alive "$pid"; then
  # Clean shutdown first (through the socket, as root), then signals as a fallback.
  if command -v mariadb-admin >/dev/null 2>&1; then
    mariadb-admin --no-defaults --protocol=socket --socket="$SOCKET" -uroot \
      --connect-timeout=2 --shutdown-timeout=30 shutdown >/dev/null 2>&1 || kill -TERM "$pid" 2>/dev/null
  else
    kill -TERM "$pid" 2>/dev/null
  fi
  for ((i = 0; i < 150; i++)); do
    proc_alive "$pid" || break
    sleep 0.2
  done
  if proc_alive "$pid"; then
    echo "[mariadb-down] server $pid did not stop in 30 s; killing it" >&2
    kill -KILL "$pid" 2>/dev/null
    sleep 0.5
  fi
fi

if [ "${KEEP_DATA:-0}" != 1 ]; then
  rm -rf "$MARIADB_DIR"
fi
echo "[mariadb-down] stopped"
exit 0
