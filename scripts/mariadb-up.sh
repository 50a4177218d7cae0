#!/usr/bin/env bash
# Start a disposable MariaDB for the test suite.
#   - runs as root, without systemd (mariadbd is started directly, in the background)
#   - listens on 127.0.0.1:$MARIADB_PORT only (plus a unix socket inside $MARIADB_DIR)
#   - installs the `mariadb-server` Debian package only when the binaries are missing
#   - idempotent: if the server is already up, only (re)creates the database and user
# Env (defaults): MARIADB_DIR=/tmp/cms-mariadb MARIADB_PORT=3307
#                 DB_NAME=cms_test DB_USER=cms DB_PASSWORD=cms
set -euo pipefail

MARIADB_DIR=${MARIADB_DIR:-/tmp/cms-mariadb}
MARIADB_PORT=${MARIADB_PORT:-3307}
DB_NAME=${DB_NAME:-cms_test}
DB_USER=${DB_USER:-cms}
DB_PASSWORD=${DB_PASSWORD:-cms}

DATA_DIR="$MARIADB_DIR/data"
SOCKET="$MARIADB_DIR/mariadb.sock"
PID_FILE="$MARIADB_DIR/mariadb.pid"
ERR_LOG="$MARIADB_DIR/mariadb.err"

. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"


log() { echo "[mariadb-up] $*"; }

have_binaries() {
  command -v mariadbd >/dev/null 2>&1 &&
    command -v mariadb-install-db >/dev/null 2>&1 &&
    command -v mariadb >/dev/null 2>&1 &&
    command -v mariadb-admin >/dev/null 2>&1
}

# Install a Debian package without letting its maintainer scripts start the
# packaged service (there is no systemd; invoke-rc.d would otherwise try sysv init).

if ! have_binaries; then
  log "MariaDB binaries not found; installing mariadb-server via apt-get"
  apt_install mariadb-up mariadb-server
  have_binaries || { echo "[mariadb-up] mariadb binaries still missing after install" >&2; exit 1; }
fi

is_up() {
  mariadb-admin --no-defaults --protocol=socket --socket="$SOCKET" -uroot \
    --connect-timeout=2 ping >/dev/null 2>&1
}

wait_up() { # $1 = seconds
  local i
  for ((i = 0; i < $1 * 5; i++)); do
    is_up && return 0
    sleep 0.2
  done
  return 1
}

pid_alive() {
  [ -f "$PID_FILE" ] && proc_alive "$(cat "$PID_FILE" 2>/dev/null)"
}

mkdir -p "$MARIADB_DIR"

if is_up; then
  log "already running (pid $(cat "$PID_FILE" 2>/dev/null || echo '?'))"
elif pid_alive && wait_up 30; then
  # A server from an earlier run was still starting up.
  log "server from an earlier start became ready"
else
  if pid_alive; then
    log "stale server process is not answering; killing it"
    kill -KILL "$(cat "$PID_FILE")" 2>/dev/null || true
    sleep 1
  fi
  rm -f "$PID_FILE" "$SOCKET" "$SOCKET.lock"

  if [ ! -d "$DATA_DIR/mysql" ]; then
    log "initialising data directory $DATA_DIR"
    rm -rf "$DATA_DIR"
    # --no-defaults: ignore /etc/mysql/*; root@localhost authenticates via unix_socket,
    # so OS root can administer through the socket without a password.
    mariadb-install-db --no-defaults --user=root --datadir="$DATA_DIR" \
      --auth-root-authentication-method=socket --skip-test-db \
      >"$MARIADB_DIR/install-db.log" 2>&1 || {
        echo "[mariadb-up] mariadb-install-db failed:" >&2
        tail -n 40 "$MARIADB_DIR/install-db.log" >&2
        exit 1
      }
  fi

  log "starting mariadbd on 127.0.0.1:$MARIADB_PORT"
  # --user=root: mariadbd refuses to run as root otherwise.
  # setsid + nohup: detach from the caller's session so it survives the shell exiting.
  setsid nohup mariadbd --no-defaults --user=root \
    --datadir="$DATA_DIR" --socket="$SOCKET" --pid-file="$PID_FILE" \
    --port="$MARIADB_PORT" --bind-address=127.0.0.1 --skip-name-resolve \
    --log-error="$ERR_LOG" \
    --character-set-server=utf8mb4 --collation-server=utf8mb4_unicode_ci \
    --skip-log-bin --innodb-buffer-pool-size=128M \
    --innodb-flush-log-at-trx-commit=2 \
    --max-connections=200 \
    </dev/null >/dev/null 2>&1 &

  if ! wait_up 60; then
    echo "[mariadb-up] MariaDB did not become ready; last log lines:" >&2
    tail -n 40 "$ERR_LOG" >&2 2>/dev/null || true
    exit 1
  fi
fi

mariadb --no-defaults --protocol=socket --socket="$SOCKET" -uroot <<SQL
CREATE DATABASE IF NOT EXISTS \`$DB_NAME\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;
CREATE USER IF NOT EXISTS '$DB_USER'@'127.0.0.1' IDENTIFIED BY '$DB_PASSWORD';
CREATE USER IF NOT EXISTS '$DB_USER'@'localhost' IDENTIFIED BY '$DB_PASSWORD';
ALTER USER '$DB_USER'@'127.0.0.1' IDENTIFIED BY '$DB_PASSWORD';
ALTER USER '$DB_USER'@'localhost' IDENTIFIED BY '$DB_PASSWORD';
-- the test suite creates one database per kernel: ${DB_NAME}_<suffix>
GRANT ALL PRIVILEGES ON \`${DB_NAME}%\`.* TO '$DB_USER'@'127.0.0.1';
GRANT ALL PRIVILEGES ON \`${DB_NAME}%\`.* TO '$DB_USER'@'localhost';
FLUSH PRIVILEGES;
SQL

log "ready: mysql://$DB_USER:$DB_PASSWORD@127.0.0.1:$MARIADB_PORT/$DB_NAME (pid $(cat "$PID_FILE"))"
