#!/usr/bin/env bash
# Headless Chromium for the report tests (bin/ycsb report renders its HTML to PNG with it; ReportChromiumIT
# checks the page in a real browser). Not a server: follows the bin/servers contract so that bin/test installs it.
#   setup   installs Debian's chromium package when no Chromium is on PATH (idempotent; needs root and apt)
#   start   checks that Chromium runs headless (no process is left running)
#   stop    nothing to stop
#   status  exit 0 when Chromium is installed
set -euo pipefail
# shellcheck source=../../bin/lib/server.sh
. "$(dirname "${BASH_SOURCE[0]}")/../../bin/lib/server.sh"
server_init chromium
mkdir -p "$SERVER_STATE"

find_chromium() {
  for c in "${SCIYCSB_CHROMIUM:-}" chromium chromium-browser google-chrome google-chrome-stable; do
    [ -n "$c" ] || continue
    if command -v "$c" >/dev/null 2>&1; then command -v "$c"; return 0; fi
  done
  return 1
}

version() { "$1" --version 2>/dev/null || echo unknown version; }

cmd_setup() {
  local exe
  if exe=$(find_chromium); then say "already installed: $exe ($(version "$exe"))"; return 0; fi
  apt_install chromium
  say "installed $(find_chromium)"
}

# renders a page with an SVG headless and checks the DOM it dumps
renders() {
  local tmp="$2"
  echo '<html><body><svg width="10" height="10"><rect width="10" height="10"/></svg></body></html>' >"$tmp/t.html"
  timeout 120 "$1" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
    --disable-background-networking --disable-component-update --disable-sync --user-data-dir="$tmp/profile" \
    --dump-dom "file://$tmp/t.html" 2>"$SERVER_STATE/start.log" | grep -q '<svg'
}

cmd_start() {
  local exe
  exe=$(find_chromium) || die "not installed (run: bin/servers setup chromium)"
  TMP_PAGE=$(mktemp -d)
  trap 'rm -rf "$TMP_PAGE"' EXIT
  if renders "$exe" "$TMP_PAGE"; then
    tell "available: $exe ($(version "$exe"))"
  else
    tail -5 "$SERVER_STATE/start.log" >&2
    die "installed at $exe but it does not render headless (log: $SERVER_STATE/start.log)"
  fi
}

cmd_stop() { :; }

cmd_status() {
  local exe
  if exe=$(find_chromium); then tell "available: $exe"; else tell "not installed"; return 1; fi
}

server_main "$@"
