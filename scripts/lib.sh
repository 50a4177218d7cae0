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
