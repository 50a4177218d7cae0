# Shared by the database scripts (sourced, not run).

# Debian puts the servers' binaries under /usr/sbin and /usr/bin.
export PATH="/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin:$PATH"

# True if $1 is a live process. A killed server may linger as a zombie (state Z) until
# PID 1 reaps it, and `kill -0` succeeds on zombies, so look at /proc instead.
proc_alive() {
  local state
  [ -n "${1:-}" ] || return 1
  state=$(sed -n 's/^State:[[:space:]]*\([A-Za-z]\).*/\1/p' "/proc/$1/status" 2>/dev/null)
  [ -n "$state" ] && [ "$state" != Z ] && [ "$state" != X ]
}

# Waits up to 30 s for process $1 to stop after a shutdown request, then kills it; $2 names it.
wait_stopped() {
  local pid=$1 name=$2 i
  for ((i = 0; i < 150; i++)); do
    proc_alive "$pid" || return 0
    sleep 0.2
  done
  echo "$name $pid did not stop in 30 s; killing it" >&2
  kill -KILL "$pid" 2>/dev/null
  sleep 0.5
}

# apt-get install "$@" (after $1, the caller's name for messages) without starting the packaged
# service: maintainer scripts may not start servers while policy-rc.d says no.
apt_install() {
  local who=$1 tmp_policy="" rc=0 log="${TMPDIR:-/tmp}/cms-apt-$$.log"
  shift
  if [ ! -e /usr/sbin/policy-rc.d ]; then
    tmp_policy=/usr/sbin/policy-rc.d
    printf '#!/bin/sh\nexit 101\n' >"$tmp_policy"
    chmod 755 "$tmp_policy"
  fi
  export DEBIAN_FRONTEND=noninteractive
  {
    apt-get -o DPkg::Lock::Timeout=300 update -qq &&
      apt-get -o DPkg::Lock::Timeout=300 install -y -qq --no-install-recommends \
        -o Dpkg::Options::=--force-confdef -o Dpkg::Options::=--force-confold "$@"
  } >"$log" 2>&1 || rc=$?
  [ -n "$tmp_policy" ] && rm -f "$tmp_policy"
  if [ "$rc" -ne 0 ]; then
    echo "[$who] apt-get failed (rc=$rc):" >&2
    tail -n 40 "$log" >&2
    exit "$rc"
  fi
  rm -f "$log"
}
