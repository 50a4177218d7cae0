#!/usr/bin/env bash
# Stop the MariaDB started by mariadb-up.sh and delete its directory (set KEEP_DATA=1 to keep it).
# Safe to run when nothing is running.
set -uo pipefail

MARIADB_DIR=${MARIADB_DIR:-/tmp/cms-mariadb}
SOCKET="$MARIADB_DIR/mariadb.sock"
PID_FILE="$MARIADB_DIR/mariadb.pid"
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"


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
  wait_stopped "$pid" "[mariadb-down] server"
fi

if [ "${KEEP_DATA:-0}" != 1 ]; then
  rm -rf "$MARIADB_DIR"
fi
echo "[mariadb-down] stopped"
exit 0
