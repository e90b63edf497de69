#!/usr/bin/env bash
# Headless Chromium for the report tests (bin/ycsb report renders its HTML to PNG with it; ReportChromiumIT
# checks the page in a real browser). Not a server: follows the bin/servers contract so that bin/test installs it.
#   setup   installs Debian's chromium package when no Chromium is on PATH (idempotent; needs root and apt)
#   start   checks that Chromium runs headless (no process is left running)
#   stop    nothing to stop
#   status  exit 0 when Chromium is installed
set -euo pipefail
STATE="${SCIYCSB_WORK:-/tmp}/servers/chromium"
mkdir -p "$STATE"

find_chromium() {
  for c in "${SCIYCSB_CHROMIUM:-}" chromium chromium-browser google-chrome google-chrome-stable; do
    [ -n "$c" ] || continue
    if command -v "$c" >/dev/null 2>&1; then command -v "$c"; return 0; fi
  done
  return 1
}

case "${1:-}" in
  setup)
    if exe=$(find_chromium); then
      echo "chromium: already installed: $exe ($("$exe" --version 2>/dev/null || echo unknown version))"
      exit 0
    fi
    command -v apt-get >/dev/null || { echo "chromium: not installed and apt-get is missing: install Chromium" >&2; exit 2; }
    SUDO=""
    [ "$(id -u)" -eq 0 ] || SUDO="sudo"
    export DEBIAN_FRONTEND=noninteractive
    if ! $SUDO apt-get install -y --no-install-recommends chromium >"$STATE/setup.log" 2>&1; then
      $SUDO apt-get update >>"$STATE/setup.log" 2>&1
      $SUDO apt-get install -y --no-install-recommends chromium >>"$STATE/setup.log" 2>&1 || {
        tail -20 "$STATE/setup.log" >&2
        echo "chromium: apt-get install chromium failed (log: $STATE/setup.log)" >&2
        exit 2
      }
    fi
    echo "chromium: installed $(find_chromium)"
    ;;
  start)
    exe=$(find_chromium) || { echo "chromium: not installed (run: bin/servers setup chromium)" >&2; exit 1; }
    tmp=$(mktemp -d)
    trap 'rm -rf "$tmp"' EXIT
    echo '<html><body><svg width="10" height="10"><rect width="10" height="10"/></svg></body></html>' > "$tmp/t.html"
    if timeout 120 "$exe" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
        --disable-background-networking --disable-component-update --disable-sync --user-data-dir="$tmp/profile" \
        --dump-dom "file://$tmp/t.html" 2>"$STATE/start.log" | grep -q '<svg'; then
      echo "chromium: available: $exe ($("$exe" --version 2>/dev/null || true))"
    else
      tail -5 "$STATE/start.log" >&2
      echo "chromium: installed at $exe but it does not render headless (log: $STATE/start.log)" >&2
      exit 1
    fi
    ;;
  stop)
    exit 0 ;;
  status)
    if exe=$(find_chromium); then echo "chromium: available: $exe"; exit 0; fi
    echo "chromium: not installed"; exit 1 ;;
  *)
    echo "usage: $0 setup|start|stop|status" >&2; exit 2 ;;
esac
