#!/usr/bin/env bash
# Prometheus Pushgateway (Debian's prometheus-pushgateway package, 1.5 on Debian 12) for the live-metrics tests
# (docs/metrics.md): clients push with -p metrics.pushgateway=127.0.0.1:<port>, the Prometheus of
# bin/servers start prometheus scrapes it. On 127.0.0.1 only, state under $SCIYCSB_WORK/servers/pushgateway/.
#   setup   installs Debian's prometheus-pushgateway package when it is not on PATH (idempotent)
#   start   starts it (no persistence: a restart forgets what was pushed); returns once it answers
#   stop    stops it;  status  exit 0 when it answers;  url  prints http://127.0.0.1:<port>
# Port: SCIYCSB_PUSHGATEWAY_PORT (default 9091).
set -euo pipefail
# shellcheck source=../../bin/lib/server.sh
. "$(dirname "${BASH_SOURCE[0]}")/../../bin/lib/server.sh"
server_init pushgateway
PORT="${SCIYCSB_PUSHGATEWAY_PORT:-9091}"
# shellcheck disable=SC2034  # read by prometheus-daemon.sh
COMM='prometheus-pus*'
mkdir -p "$SERVER_STATE"
# shellcheck source=../../bin/lib/prometheus-daemon.sh
. "$SCIYCSB_HOME/bin/lib/prometheus-daemon.sh"

cmd_setup() { install_debian prometheus-pushgateway prometheus-pushgateway; }

cmd_start() {
  if running; then say "already running on 127.0.0.1:$PORT"; return 0; fi
  command -v prometheus-pushgateway >/dev/null || die "not installed (run: bin/servers setup pushgateway)"
  launch "$SERVER_STATE/pushgateway.log" 30 "" prometheus-pushgateway --web.listen-address="127.0.0.1:$PORT" \
    --web.enable-admin-api
}

server_main "$@"
