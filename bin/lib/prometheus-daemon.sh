# Shared by engine/server/prometheus.sh and pushgateway.sh (sourced; NAME, STATE, PORT set by the caller):
# Debian's package installed on demand, the daemon's readiness, its PID, its start and its stop.

ready() { curl -fsS -m 2 "http://127.0.0.1:$PORT/-/ready" >/dev/null 2>&1; }

# running_pid <comm glob>: the daemon's PID when the pid file names a live process of that name
running_pid() {
  [ -f "$STATE/pid" ] || return 1
  local pid; pid=$(cat "$STATE/pid")
  # shellcheck disable=SC2053
  kill -0 "$pid" 2>/dev/null && [[ "$(cat /proc/"$pid"/comm 2>/dev/null)" == $1 ]] && echo "$pid"
}

install_debian() {  # install_debian <package> <command>
  if command -v "$2" >/dev/null 2>&1; then echo "$NAME: already installed: $(command -v "$2")"; return 0; fi
  command -v apt-get >/dev/null || { echo "$NAME: $2 is not installed and apt-get is missing" >&2; exit 2; }
  local sudo=""; [ "$(id -u)" -eq 0 ] || sudo=sudo
  export DEBIAN_FRONTEND=noninteractive
  if ! $sudo apt-get install -y --no-install-recommends "$1" >"$STATE/setup.log" 2>&1; then
    $sudo apt-get update >>"$STATE/setup.log" 2>&1
    $sudo apt-get install -y --no-install-recommends "$1" >>"$STATE/setup.log" 2>&1 || {
      tail -20 "$STATE/setup.log" >&2; echo "$NAME: apt-get install $1 failed (log: $STATE/setup.log)" >&2; exit 2; }
  fi
  echo "$NAME: installed $(command -v "$2")"
}

# launch <log> <tries> <message> <command...>: starts it in the background, exits 0 once it answers, else 1
launch() {
  local log="$1" tries="$2" msg="$3"; shift 3
  nohup "$@" >"$log" 2>&1 < /dev/null &
  echo $! > "$STATE/pid"
  for _ in $(seq 1 "$tries"); do
    if ready; then echo "$NAME: running on 127.0.0.1:$PORT$msg"; exit 0; fi
    kill -0 "$(cat "$STATE/pid")" 2>/dev/null || break
    sleep 1
  done
  tail -20 "$log" >&2
  echo "$NAME: did not become ready on 127.0.0.1:$PORT (log: $log)" >&2
  exit 1
}

# stop_daemon <comm glob> <seconds>: TERM, then KILL after that long
stop_daemon() {
  local pid
  if pid=$(running_pid "$1"); then
    kill "$pid"
    for _ in $(seq 1 "$2"); do kill -0 "$pid" 2>/dev/null || break; sleep 1; done
    kill -0 "$pid" 2>/dev/null && kill -9 "$pid"
    echo "$NAME: stopped"
  else
    echo "$NAME: not running"
  fi
  rm -f "$STATE/pid"
}
