#!/usr/bin/env bash
# MongoDB-wire test server for the mongodb binding: FerretDB v1.24.0 with its SQLite backend on 127.0.0.1.
#
#   bin/servers setup  mongodb   build FerretDB from the Go module proxy once, cache the binary
#   bin/servers start  mongodb   start it (returns when it answers a hello), data under $SCIYCSB_WORK/servers/mongodb
#   bin/servers stop   mongodb   stop it (by PID)
#   bin/servers status mongodb   exit 0 when it is running and answering
#   bin/servers kill   mongodb   SIGKILL (a crash, for fault tests); its data is kept, "start" brings it back
#
# Environment: SCIYCSB_MONGODB_PORT (default 27017), FERRETDB_VERSION (default v1.24.0), SCIYCSB_WORK,
# SCIYCSB_SERVER_INSTANCE (set by bin/servers for mongodb@<instance>: state under servers/mongodb@<instance>).
# This is FerretDB, not MongoDB: label every figure measured against it "FerretDB (SQLite)".
set -euo pipefail

HOME_DIR="${SCIYCSB_HOME:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)}"
WORK="${SCIYCSB_WORK:-$HOME_DIR/work}"
VERSION="${FERRETDB_VERSION:-v1.24.0}"
PORT="${SCIYCSB_MONGODB_PORT:-27017}"
HOST=127.0.0.1
CACHE="$WORK/cache/ferretdb-$VERSION"
BIN="$CACHE/ferretdb"
STATE="$WORK/servers/mongodb${SCIYCSB_SERVER_INSTANCE:+@$SCIYCSB_SERVER_INSTANCE}"
DATA="$STATE/data"
LOG="$STATE/ferretdb.log"
PIDFILE="$STATE/ferretdb.pid"
START_TIMEOUT="${SCIYCSB_MONGODB_START_TIMEOUT:-60}"

log() { echo "mongodb server: $*" >&2; }
die() { log "$*"; exit 1; }

need_python() {
  command -v python3 >/dev/null && return 0
  log "python3 not found (needed to probe the port), installing it with apt-get"
  apt-get update -qq && apt-get install -y -qq python3 >/dev/null
}

# Answers 0 when a MongoDB-wire server on HOST:PORT replies to an OP_MSG hello (no mongo shell needed).
answers() {
  need_python
  python3 - "$HOST" "$PORT" <<'EOF' 2>/dev/null
import socket, struct, sys
host, port = sys.argv[1], int(sys.argv[2])
def cstr(s): return s.encode() + b"\0"
# BSON {hello: 1, $db: "admin"}
el = b"\x10" + cstr("hello") + struct.pack("<i", 1) + b"\x02" + cstr("$db") + struct.pack("<i", 6) + cstr("admin")
doc = struct.pack("<i", len(el) + 5) + el + b"\0"
body = struct.pack("<I", 0) + b"\x00" + doc
msg = struct.pack("<iiii", 16 + len(body), 1, 0, 2013) + body
try:
    s = socket.create_connection((host, port), timeout=2)
    s.settimeout(3)
    s.sendall(msg)
    hdr = s.recv(16)
    if len(hdr) < 16: sys.exit(1)
    n, _, _, op = struct.unpack("<iiii", hdr)
    rest = b""
    while len(rest) < n - 16:
        chunk = s.recv(n - 16 - len(rest))
        if not chunk: break
        rest += chunk
    sys.exit(0 if op == 2013 and b"ok" in rest else 1)
except Exception:
    sys.exit(1)
EOF
}

running_pid() {
  [ -f "$PIDFILE" ] || return 1
  local pid
  pid="$(cat "$PIDFILE")"
  [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null || return 1
  echo "$pid"
}

setup() {
  if [ -x "$BIN" ] && "$BIN" --version >/dev/null 2>&1; then
    log "FerretDB $VERSION already built: $BIN"
    return 0
  fi
  need_python
  if ! command -v go >/dev/null; then
    if [ -x /usr/local/go/bin/go ]; then
      export PATH="/usr/local/go/bin:$PATH"
    else
      log "Go not found, installing golang-go with apt-get"
      apt-get update -qq && apt-get install -y -qq golang-go >/dev/null
    fi
  fi
  mkdir -p "$CACHE"
  BUILD_TMP="$(mktemp -d "$CACHE/build.XXXXXX")"
  trap 'chmod -R u+w "$BUILD_TMP" 2>/dev/null; rm -rf "$BUILD_TMP"' EXIT
  local tmp="$BUILD_TMP"
  log "fetching github.com/FerretDB/FerretDB $VERSION from the Go module proxy"
  # 'go install ...@version' needs the proxy's version list, which is refused on some networks (403):
  # requiring the exact version from a throwaway module only fetches that version.
  mkdir -p "$tmp/req"
  (
    cd "$tmp/req"
    export GOFLAGS="${GOFLAGS:--mod=mod}"
    cat >go.mod <<EOF
module sciycsb.local/ferretdbfetch

go 1.21

require github.com/FerretDB/FerretDB $VERSION
EOF
    go mod download github.com/FerretDB/FerretDB
  )
  local src
  src="$(cd "$tmp/req" && go list -m -f '{{.Dir}}' github.com/FerretDB/FerretDB 2>/dev/null || true)"
  if [ -z "$src" ] || [ ! -d "$src" ]; then
    src="$(go env GOMODCACHE)/github.com/!ferret!d!b/!ferret!d!b@$VERSION"
  fi
  [ -d "$src" ] || die "module source not found after download: $src"
  cp -r "$src" "$tmp/src"
  chmod -R u+w "$tmp/src"
  cd "$tmp/src"
  # Without a version file the binary panics at start.
  mkdir -p build/version
  echo "$VERSION" >build/version/version.txt
  # The SQLite backend indexes _id with the expression ->'_id' but queries with ->'$._id', so reads by _id
  # scan the whole table; make the column expression match the index.
  local meta=internal/backends/sqlite/metadata/metadata.go
  if [ -f "$meta" ] && grep -q "'\$\._id'" "$meta"; then
    sed -i "s/->'\$\._id'/->'_id'/g" "$meta"
    log "patched the _id expression in $meta"
  fi
  log "building FerretDB (about a minute)"
  GOFLAGS=-mod=mod CGO_ENABLED=0 go build -trimpath -o "$tmp/ferretdb" ./cmd/ferretdb
  mv "$tmp/ferretdb" "$BIN"
  cd /
  "$BIN" --version >/dev/null 2>&1 || die "built binary does not run: $BIN"
  log "built $BIN"
}

start() {
  if pid="$(running_pid)"; then
    answers && { log "already running (pid $pid) on $HOST:$PORT"; return 0; }
  fi
  [ -x "$BIN" ] || setup
  if answers; then
    die "port $HOST:$PORT already answers (another server?); set SCIYCSB_MONGODB_PORT"
  fi
  mkdir -p "$DATA"
  log "starting FerretDB $VERSION (SQLite backend) on $HOST:$PORT, data in $DATA"
  nohup "$BIN" --handler=sqlite --sqlite-url="file:$DATA/" --telemetry=disable \
    --listen-addr="$HOST:$PORT" --debug-addr=- --state-dir="$STATE" --log-level=warn \
    >"$LOG" 2>&1 </dev/null &
  echo $! >"$PIDFILE"
  local deadline=$((SECONDS + START_TIMEOUT))
  while [ $SECONDS -lt $deadline ]; do
    if answers; then
      log "FerretDB answers on $HOST:$PORT (pid $(cat "$PIDFILE"))"
      return 0
    fi
    if ! kill -0 "$(cat "$PIDFILE")" 2>/dev/null; then
      tail -n 20 "$LOG" >&2 || true
      die "FerretDB exited during start; log: $LOG"
    fi
    sleep 0.5
  done
  tail -n 20 "$LOG" >&2 || true
  die "FerretDB did not answer on $HOST:$PORT within ${START_TIMEOUT}s; log: $LOG"
}

stop() {
  local pid
  if ! pid="$(running_pid)"; then
    log "not running"
    rm -f "$PIDFILE"
    return 0
  fi
  kill "$pid"
  for _ in $(seq 1 50); do
    kill -0 "$pid" 2>/dev/null || { rm -f "$PIDFILE"; log "stopped (pid $pid)"; return 0; }
    sleep 0.2
  done
  kill -9 "$pid" 2>/dev/null || true
  rm -f "$PIDFILE"
  log "killed (pid $pid)"
}

crash() {
  local pid
  if ! pid="$(running_pid)"; then
    log "not running"
    return 0
  fi
  kill -9 "$pid"
  for _ in $(seq 1 50); do
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.1
  done
  rm -f "$PIDFILE"
  log "killed with SIGKILL (pid $pid); data kept in $DATA"
}

status() {
  local pid
  if pid="$(running_pid)" && answers; then
    echo "mongodb (FerretDB $VERSION, SQLite) running, pid $pid, mongodb://$HOST:$PORT"
    return 0
  fi
  echo "mongodb (FerretDB) not running"
  return 1
}

case "${1:-}" in
  setup) setup ;;
  start) start ;;
  stop) stop ;;
  status) status ;;
  kill) crash ;;
  *) echo "usage: $0 setup|start|stop|status|kill" >&2; exit 2 ;;
esac
