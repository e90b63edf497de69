#!/usr/bin/env bash
# Prometheus Pushgateway (Debian's prometheus-pushgateway package, 1.5 on Debian 12) for the live-metrics tests
# (docs/metrics.md): clients push with -p metrics.pushgateway=127.0.0.1:<port>, the Prometheus of
# bin/servers start prometheus scrapes it. On 127.0.0.1 only, state under $SCIYCSB_WORK/servers/pushgateway/.
#   setup   installs Debian's prometheus-pushgateway package when it is not on PATH (idempotent)
#   start   starts it (no persistence: a restart forgets what was pushed); returns once it answers
#   stop    stops it;  status  exit 0 when it answers;  url  prints http://127.0.0.1:<port>
# Port: SCIYCSB_PUSHGATEWAY_PORT (default 9091).
set -euo pipefail
HOME_DIR="${SCIYCSB_HOME:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)}"
NAME="pushgateway${SCIYCSB_SERVER_INSTANCE:+@$SCIYCSB_SERVER_INSTANCE}"
STATE="${SCIYCSB_WORK:-$HOME_DIR/work}/servers/$NAME"
PORT="${SCIYCSB_PUSHGATEWAY_PORT:-9091}"
mkdir -p "$STATE"

ready() { curl -fsS -m 2 "http://127.0.0.1:$PORT/-/ready" >/dev/null 2>&1; }
running_pid() {
  [ -f "$STATE/pid" ] || return 1
  local pid; pid=$(cat "$STATE/pid")
  kill -0 "$pid" 2>/dev/null && [[ "$(cat /proc/"$pid"/comm 2>/dev/null)" == prometheus-pus* ]] && echo "$pid"
}

case "${1:-}" in
  setup)
    if command -v prometheus-pushgateway >/dev/null 2>&1; then
      echo "$NAME: already installed: $(command -v prometheus-pushgateway)"; exit 0
    fi
    command -v apt-get >/dev/null || { echo "$NAME: not installed and apt-get is missing" >&2; exit 2; }
    sudo=""; [ "$(id -u)" -eq 0 ] || sudo=sudo
    export DEBIAN_FRONTEND=noninteractive
    if ! $sudo apt-get install -y --no-install-recommends prometheus-pushgateway >"$STATE/setup.log" 2>&1; then
      $sudo apt-get update >>"$STATE/setup.log" 2>&1
      $sudo apt-get install -y --no-install-recommends prometheus-pushgateway >>"$STATE/setup.log" 2>&1 || {
        tail -20 "$STATE/setup.log" >&2; echo "$NAME: apt-get install failed (log: $STATE/setup.log)" >&2; exit 2; }
    fi
    echo "$NAME: installed $(command -v prometheus-pushgateway)" ;;
  start)
    if running_pid >/dev/null && ready; then echo "$NAME: already running on 127.0.0.1:$PORT"; exit 0; fi
    command -v prometheus-pushgateway >/dev/null || {
      echo "$NAME: not installed (run: bin/servers setup pushgateway)" >&2; exit 1; }
    nohup prometheus-pushgateway --web.listen-address="127.0.0.1:$PORT" --web.enable-admin-api \
      >"$STATE/pushgateway.log" 2>&1 < /dev/null &
    echo $! > "$STATE/pid"
    for _ in $(seq 1 30); do
      if ready; then echo "$NAME: running on 127.0.0.1:$PORT"; exit 0; fi
      kill -0 "$(cat "$STATE/pid")" 2>/dev/null || break
      sleep 1
    done
    tail -20 "$STATE/pushgateway.log" >&2
    echo "$NAME: did not become ready on 127.0.0.1:$PORT (log: $STATE/pushgateway.log)" >&2
    exit 1 ;;
  stop)
    if pid=$(running_pid); then
      kill "$pid"
      for _ in $(seq 1 20); do kill -0 "$pid" 2>/dev/null || break; sleep 1; done
      kill -0 "$pid" 2>/dev/null && kill -9 "$pid"
      echo "$NAME: stopped"
    else
      echo "$NAME: not running"
    fi
    rm -f "$STATE/pid" ;;
  status)
    if running_pid >/dev/null && ready; then echo "$NAME: running on 127.0.0.1:$PORT"; exit 0; fi
    echo "$NAME: not running"; exit 1 ;;
  url) echo "http://127.0.0.1:$PORT" ;;
  *) echo "usage: $0 setup|start|stop|status|url" >&2; exit 2 ;;
esac
