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

# shellcheck source=../../bin/lib/prometheus-daemon.sh
. "$HOME_DIR/bin/lib/prometheus-daemon.sh"

case "${1:-}" in
  setup) install_debian prometheus-pushgateway prometheus-pushgateway ;;
  start)
    if running_pid 'prometheus-pus*' >/dev/null && ready; then echo "$NAME: already running on 127.0.0.1:$PORT"; exit 0; fi
    command -v prometheus-pushgateway >/dev/null || {
      echo "$NAME: not installed (run: bin/servers setup pushgateway)" >&2; exit 1; }
    launch "$STATE/pushgateway.log" 30 "" prometheus-pushgateway --web.listen-address="127.0.0.1:$PORT" \
      --web.enable-admin-api ;;
  stop) stop_daemon 'prometheus-pus*' 20 ;;
  status)
    if running_pid 'prometheus-pus*' >/dev/null && ready; then echo "$NAME: running on 127.0.0.1:$PORT"; exit 0; fi
    echo "$NAME: not running"; exit 1 ;;
  url) echo "http://127.0.0.1:$PORT" ;;
  *) echo "usage: $0 setup|start|stop|status|url" >&2; exit 2 ;;
esac
