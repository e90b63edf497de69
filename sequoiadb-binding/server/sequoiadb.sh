#!/usr/bin/env bash
# SequoiaDB 6.0 test server for the sequoiadb binding: one standalone node of the engine in ../shared/sequoiadb
# (SequoiaDB 6.0 release 153, built with -O1 for this machine kind; see its README), on 127.0.0.1 only.
#
#   sequoiadb.sh setup    link the engine into the cache, build the loopback shim (gcc), fetch the Java driver with
#                         Maven and compile the client probe (SequoiadbProbe.java); idempotent
#   sequoiadb.sh start    write sdb.conf under $SCIYCSB_WORK/servers/sequoiadb[@instance]/ and start the node
#                         (data and logs there too); returns once a TCP connect and a driver login work
#   sequoiadb.sh stop     SIGTERM by PID (SIGKILL after 60 s)
#   sequoiadb.sh status   exit 0 when the node runs and a client logs in
#   sequoiadb.sh kill     SIGKILL (a crash, for fault tests); data kept, "start" brings it back
#   sequoiadb.sh url      the binding's address: sequoiadb.hosts=127.0.0.1:11810
#   sequoiadb.sh clean    stop, then remove the node's data
#
# Loopback: SequoiaDB 6.0 has no listen-address setting (sequoiadb --help lists ports only) and binds 0.0.0.0.
# The node runs with LD_PRELOAD of loopback-bind.so (loopback-bind.c beside this script), which turns binds to
# 0.0.0.0 / :: into 127.0.0.1 / ::1; start checks with ss that nothing of the node listens elsewhere.
# Ports: the node's service port P (SCIYCSB_SEQUOIADB_PORT, default 11810; 11910 for an instance sequoiadb@<x>)
# and the engine's own P+1 (replication), P+2 (shard), P+3 (catalog), P+4 (REST); all on 127.0.0.1.
# Users: a standalone node has no users (createUser is "for coord node only"), so any user name and password log
# in; the binding's sequoiadb.user / sequoiadb.password matter on a coordinator only.
# Environment: SCIYCSB_SEQUOIADB_PORT, SCIYCSB_SEQUOIADB_ENGINE (default $SCIYCSB_HOME/../shared/sequoiadb/sequoiadb),
# SCIYCSB_SEQUOIADB_START_TIMEOUT (60 s), SCIYCSB_SERVER_INSTANCE (set by bin/servers for sequoiadb@<instance>).
# Figures measured against it: "SequoiaDB 6.0 (release 153, -O1 build), one standalone node".
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
SCIYCSB_HOME="${SCIYCSB_HOME:-$(cd "$HERE/../.." && pwd)}"
SCIYCSB_WORK="${SCIYCSB_WORK:-$SCIYCSB_HOME/work}"
INSTANCE="${SCIYCSB_SERVER_INSTANCE:-}"
STATE="$SCIYCSB_WORK/servers/sequoiadb${INSTANCE:+@$INSTANCE}"
ENGINE="${SCIYCSB_SEQUOIADB_ENGINE:-$SCIYCSB_HOME/../shared/sequoiadb/sequoiadb}"
DRIVER_VERSION=5.10   # the parent pom's sequoiadb-driver version
CACHE="$SCIYCSB_WORK/cache/sequoiadb"
if [ -n "$INSTANCE" ]; then DEFAULT_PORT=11910; else DEFAULT_PORT=11810; fi
PORT="${SCIYCSB_SEQUOIADB_PORT:-$DEFAULT_PORT}"
TIMEOUT="${SCIYCSB_SEQUOIADB_START_TIMEOUT:-60}"
HOST=127.0.0.1
PIDFILE="$STATE/sequoiadb.pid"
LOG="$STATE/sequoiadb.out"
LABEL="SequoiaDB 6.0 standalone node"

die() { echo "sequoiadb.sh: $*" >&2; exit 1; }
log() { echo "sequoiadb.sh: $*" >&2; }

[[ "$PORT" =~ ^[0-9]+$ ]] && [ "$PORT" -gt 1024 ] && [ "$PORT" -lt 65530 ] \
  || die "SCIYCSB_SEQUOIADB_PORT must be a port number between 1025 and 65529, not '$PORT'"

# ------------------------------------------------------------------------------------------------ setup

do_setup() {
  [ -x "$ENGINE" ] || die "setup: the SequoiaDB engine is not at $ENGINE (set SCIYCSB_SEQUOIADB_ENGINE)"
  command -v gcc >/dev/null || die "setup: gcc is needed to build the loopback shim (apt-get install gcc)"
  command -v javac >/dev/null || die "setup: javac (JDK 17) is needed to compile the client probe"
  mkdir -p "$CACHE/probe"
  ln -sfn "$ENGINE" "$CACHE/sequoiadb"
  if [ ! -f "$CACHE/loopback-bind.so" ] || [ "$HERE/loopback-bind.c" -nt "$CACHE/loopback-bind.so" ]; then
    gcc -shared -fPIC -O2 -Wall -o "$CACHE/loopback-bind.so" "$HERE/loopback-bind.c" -ldl \
      || die "setup: could not build the loopback shim"
    log "built $CACHE/loopback-bind.so"
  fi
  local jar="$CACHE/sequoiadb-driver-$DRIVER_VERSION.jar"
  if [ ! -f "$jar" ]; then
    command -v mvn >/dev/null || die "setup: mvn is needed to fetch com.sequoiadb:sequoiadb-driver:$DRIVER_VERSION"
    mvn -q dependency:copy -Dartifact="com.sequoiadb:sequoiadb-driver:$DRIVER_VERSION" -DoutputDirectory="$CACHE" \
      -Dmdep.overWriteIfNewer=true >"$CACHE/mvn.log" 2>&1 \
      || die "setup: could not fetch com.sequoiadb:sequoiadb-driver:$DRIVER_VERSION with Maven; log: $CACHE/mvn.log"
  fi
  if [ ! -f "$CACHE/probe/SequoiadbProbe.class" ] || [ "$HERE/SequoiadbProbe.java" -nt "$CACHE/probe/SequoiadbProbe.class" ]; then
    javac -d "$CACHE/probe" -cp "$jar" "$HERE/SequoiadbProbe.java" || die "setup: could not compile SequoiadbProbe.java"
  fi
  log "ready: $("$ENGINE" --version 2>/dev/null | head -n 1 || echo "$ENGINE"); driver $DRIVER_VERSION"
}

# ------------------------------------------------------------------------------------------------ client checks

probe() { # login|version
  java -cp "$CACHE/probe:$CACHE/sequoiadb-driver-$DRIVER_VERSION.jar" SequoiadbProbe "$1" "$HOST" "$PORT" "" ""
}

tcp_open() { (exec 3<>"/dev/tcp/$HOST/$PORT") 2>/dev/null; }

running_pid() {
  [ -f "$PIDFILE" ] || return 1
  local pid
  pid="$(cat "$PIDFILE")"
  [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null || return 1
  echo "$pid"
}

# every listening socket of the node is on loopback (the shim works)
loopback_only() {
  local pid="$1" bad
  command -v ss >/dev/null || return 0
  bad="$(ss -Hltnup 2>/dev/null | grep "pid=$pid," | awk '{print $5}' | grep -v -E '^(127\.0\.0\.1|\[::1\]):' || true)"
  [ -z "$bad" ] || { echo "$bad" | tr '\n' ' '; return 1; }
}

# ------------------------------------------------------------------------------------------------ start/stop

write_conf() {
  mkdir -p "$STATE/conf" "$STATE/data" "$STATE/diag"
  cat >"$STATE/conf/sdb.conf" <<CONF
# written by bin/servers start sequoiadb${INSTANCE:+@$INSTANCE}
dbpath=$STATE/data
diagpath=$STATE/diag
svcname=$PORT
role=standalone
logfilesz=64
logfilenum=5
diaglevel=3
CONF
}

do_start() {
  [ -x "$CACHE/sequoiadb" ] && [ -f "$CACHE/loopback-bind.so" ] && [ -f "$CACHE/probe/SequoiadbProbe.class" ] \
    || die "not set up: run 'bin/servers setup sequoiadb' first"
  local pid
  if pid="$(running_pid)"; then
    if probe login 2>/dev/null; then
      log "already running: $LABEL, pid $pid on $HOST:$PORT"
      return 0
    fi
    die "pid $pid runs but no client can log in on $HOST:$PORT; log: $STATE/diag/sdbdiag.log"
  fi
  if tcp_open; then
    die "port $HOST:$PORT already answers (another server?); set SCIYCSB_SEQUOIADB_PORT"
  fi
  write_conf
  log "starting $LABEL on $HOST:$PORT (data in $STATE/data)"
  LD_PRELOAD="$CACHE/loopback-bind.so" nohup "$CACHE/sequoiadb" --confpath "$STATE/conf" >>"$LOG" 2>&1 </dev/null &
  echo $! >"$PIDFILE"
  pid="$(cat "$PIDFILE")"
  local deadline=$((SECONDS + TIMEOUT))
  while [ $SECONDS -lt $deadline ]; do
    kill -0 "$pid" 2>/dev/null || die "the node exited during start; logs: $LOG, $STATE/diag/sdbdiag.log"
    if tcp_open && probe login 2>/dev/null; then
      local elsewhere
      if ! elsewhere="$(loopback_only "$pid")"; then
        kill -9 "$pid" 2>/dev/null || true
        die "the node listens beyond loopback ($elsewhere): the shim did not take; node killed"
      fi
      log "running: $LABEL $(probe version 2>/dev/null), pid $pid on $HOST:$PORT (loopback only); $(do_url)"
      return 0
    fi
    sleep 0.3
  done
  die "no client could log in on $HOST:$PORT within ${TIMEOUT}s; logs: $LOG, $STATE/diag/sdbdiag.log"
}

do_stop() {
  local pid
  if pid="$(running_pid)"; then
    kill -TERM "$pid" 2>/dev/null || true
    for _ in $(seq 1 300); do
      kill -0 "$pid" 2>/dev/null || break
      sleep 0.2
    done
    if kill -0 "$pid" 2>/dev/null; then
      kill -9 "$pid" 2>/dev/null || true
      log "killed pid $pid: it did not stop within 60 s"
    else
      log "stopped (pid $pid)"
    fi
  else
    log "not running"
  fi
  rm -f "$PIDFILE"
}

do_kill() {
  local pid
  if pid="$(running_pid)"; then
    kill -9 "$pid"
    for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    log "killed with SIGKILL (pid $pid); data kept in $STATE/data"
  else
    log "not running"
  fi
  rm -f "$PIDFILE"
}

do_status() {
  local pid
  if pid="$(running_pid)" && probe login 2>/dev/null; then
    echo "sequoiadb: $LABEL $(probe version 2>/dev/null) running, pid $pid on $HOST:$PORT (data $STATE/data)"
    return 0
  fi
  if pid="$(running_pid)"; then
    echo "sequoiadb: pid $pid runs but no client logs in on $HOST:$PORT; log: $STATE/diag/sdbdiag.log"
  else
    echo "sequoiadb: not running (port $HOST:$PORT)"
  fi
  return 1
}

do_url() { echo "sequoiadb.hosts=$HOST:$PORT"; }

do_clean() {
  do_stop
  rm -rf "$STATE/data" "$STATE/diag"
  log "removed the data of $STATE"
}

case "${1:-}" in
  setup) do_setup ;;
  start) do_start ;;
  stop) do_stop ;;
  status) do_status ;;
  kill) do_kill ;;
  url) do_url ;;
  pids) running_pid || { echo "sequoiadb: not running" >&2; exit 1; } ;;
  clean) do_clean ;;
  *) echo "usage: sequoiadb.sh setup|start|stop|status|kill|url|clean" >&2; exit 2 ;;
esac
