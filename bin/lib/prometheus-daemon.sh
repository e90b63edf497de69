# shellcheck shell=bash
# Shared by engine/server/prometheus.sh and pushgateway.sh, sourced after bin/lib/server.sh and server_init, with PORT
# (the daemon's port) and COMM (a glob of its process name) set: Debian's package installed on demand, the daemon's
# readiness, and the verbs start (through launch), stop, status and url.

ready() { curl -fsS -m 2 "http://127.0.0.1:$PORT/-/ready" >/dev/null 2>&1; }
running() { pid_alive "$SERVER_STATE/pid" "$COMM" && ready; }

install_debian() {  # install_debian <package> <command>
  if command -v "$2" >/dev/null 2>&1; then say "already installed: $(command -v "$2")"; return 0; fi
  apt_install "$1"
  say "installed $(command -v "$2")"
}

# launch <log> <seconds> <message> <command...>: starts it in the background, returns once it answers, else exit 1
launch() {
  local log="$1" secs="$2" msg="$3"; shift 3
  nohup "$@" >"$log" 2>&1 </dev/null &
  pid_write "$SERVER_STATE/pid" $!
  if wait_until "$secs" "an answer on 127.0.0.1:$PORT (log: $log)" launched "$log"; then
    say "running on 127.0.0.1:$PORT$msg"
  else
    tail -20 "$log" >&2; exit 1
  fi
}

launched() {  # launched <log>: it answers; dies when it exited
  ready && return 0
  pid_alive "$SERVER_STATE/pid" && return 1
  tail -20 "$1" >&2; die "exited during start (log: $1)"
}

cmd_stop() {
  if stop_pidfile "$SERVER_STATE/pid" 30 "$COMM"; then say "stopped"; else say "not running"; fi
}

cmd_status() {
  if running; then tell "running on 127.0.0.1:$PORT"; else tell "not running"; return 1; fi
}

cmd_url() { echo "http://127.0.0.1:$PORT"; }
