#!/usr/bin/env bash
# Start a disposable PostgreSQL for the test suite.
#   - runs as root without systemd; the server itself runs as OS user `postgres`
#     (postgres refuses to run as root)
#   - listens on 127.0.0.1:$PG_PORT only (plus a unix socket inside $PG_DIR)
#   - installs the `postgresql` Debian package only when the server binaries are missing
#   - idempotent: if the server is already up, only (re)creates the role and database
# Env (defaults): PG_DIR=/tmp/cms-pg PG_PORT=5433 DB_NAME=cms_test DB_USER=cms DB_PASSWORD=cms
set -euo pipefail

PG_DIR=${PG_DIR:-/tmp/cms-pg}
PG_PORT=${PG_PORT:-5433}
DB_NAME=${DB_NAME:-cms_test}
DB_USER=${DB_USER:-cms}
DB_PASSWORD=${DB_PASSWORD:-cms}

DATA_DIR="$PG_DIR/data"
LOG_FILE="$PG_DIR/postgres.log"
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

log() { echo "[postgres-up] $*"; }

# Newest /usr/lib/postgresql/<ver>/bin that has the *server* binaries. (The client
# package alone also creates that directory, with psql/pg_isready but no initdb.)
# Binaries on PATH (e.g. /usr/local/bin/pg_ctl) are ignored on purpose: they may be
# wrappers or belong to a different version than initdb/postgres.
find_pgbin() {
  local d best=""
  for d in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V); do
    [ -x "$d/initdb" ] && [ -x "$d/pg_ctl" ] && [ -x "$d/postgres" ] && best=$d
  done
  echo "$best"
}


PGBIN=$(find_pgbin)
if [ -z "$PGBIN" ]; then
  log "PostgreSQL server binaries not found; installing postgresql via apt-get"
  apt_install postgres-up postgresql
  PGBIN=$(find_pgbin)
  [ -n "$PGBIN" ] || { echo "[postgres-up] no server binaries after install" >&2; exit 1; }
fi

# The Debian package creates the `postgres` user; create it if binaries came from elsewhere.
if ! id -u postgres >/dev/null 2>&1; then
  useradd --system --user-group --home-dir /var/lib/postgresql --shell /bin/bash postgres
fi

# Run a command as `postgres`, from a directory it can read (avoids "could not
# change directory" warnings when the caller's cwd is e.g. /root).
as_pg() { (cd "$PG_DIR" && runuser -u postgres -- "$@"); }

is_up() { "$PGBIN/pg_isready" -q -h "$PG_DIR" -p "$PG_PORT" -d postgres -U postgres >/dev/null 2>&1; }

mkdir -p "$PG_DIR"
chown postgres:postgres "$PG_DIR"
chmod 700 "$PG_DIR"

if is_up; then
  log "already running (pid $(head -n1 "$DATA_DIR/postmaster.pid" 2>/dev/null || echo '?'))"
else
  if [ ! -f "$DATA_DIR/PG_VERSION" ]; then
    log "initialising cluster in $DATA_DIR ($PGBIN)"
    rm -rf "$DATA_DIR"
    as_pg "$PGBIN/initdb" -D "$DATA_DIR" -U postgres -E UTF8 --locale=C.UTF-8 \
      --auth-local=trust --auth-host=scram-sha-256 >"$PG_DIR/initdb.log" 2>&1 || {
        echo "[postgres-up] initdb failed:" >&2
        tail -n 40 "$PG_DIR/initdb.log" >&2
        exit 1
      }
  fi

  log "starting postgres on 127.0.0.1:$PG_PORT"
  # -k: unix socket in our own dir (Debian's /var/run/postgresql may not exist).
  # fsync/synchronous_commit/full_page_writes off: test-only speed-ups.
  # Retries: after a crash / kill -9 the old postmaster may linger briefly.
  opts="-p $PG_PORT -k $PG_DIR -c listen_addresses=127.0.0.1 -c fsync=off"
  opts+=" -c synchronous_commit=off -c full_page_writes=off -c max_connections=200"
  started=0
  for attempt in 1 2 3 4 5 6 7 8 9 10; do
    if as_pg "$PGBIN/pg_ctl" -D "$DATA_DIR" -l "$LOG_FILE" -w -t 60 -o "$opts" start >/dev/null 2>&1; then
      started=1
      break
    fi
    is_up && { started=1; break; }
    sleep 2
  done
  if [ "$started" != 1 ] || ! is_up; then
    echo "[postgres-up] PostgreSQL did not start; last log lines:" >&2
    tail -n 40 "$LOG_FILE" >&2 2>/dev/null || true
    exit 1
  fi
fi

"$PGBIN/psql" -X -q -v ON_ERROR_STOP=1 -h "$PG_DIR" -p "$PG_PORT" -U postgres -d postgres <<SQL
DO \$\$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '$DB_USER') THEN
    ALTER ROLE "$DB_USER" WITH LOGIN PASSWORD '$DB_PASSWORD';
  ELSE
    CREATE ROLE "$DB_USER" WITH LOGIN PASSWORD '$DB_PASSWORD';
  END IF;
END
\$\$;
SELECT format('CREATE DATABASE %I OWNER %I', '$DB_NAME', '$DB_USER')
 WHERE NOT EXISTS (SELECT 1 FROM pg_database WHERE datname = '$DB_NAME')\gexec
SQL

log "ready: postgres://$DB_USER:$DB_PASSWORD@127.0.0.1:$PG_PORT/$DB_NAME (pid $(head -n1 "$DATA_DIR/postmaster.pid"))"
