#!/usr/bin/env bash
# MongoDB-wire STAND-IN for mongo-hadoop's 3.x driver: de.bwaldvogel mongo-java-server on
# 127.0.0.1:${SCIYCSB_STANDIN_PORT:-27018}, heap ${SCIYCSB_STANDIN_HEAP:-1g} (more JVM options: SCIYCSB_STANDIN_JAVA_OPTS). NOT MongoDB: label every figure measured
# against it with the label "start" prints, e.g. "mongo-java-server 1.44.0 stand-in (H2 backend), NOT MongoDB".
# Backend (SCIYCSB_STANDIN_BACKEND, read by "start"):
#   memory (default)  every collection in the heap: about 1.5 GB per 100,000 full census records
#   h2                every collection in one H2 MVStore file, $SCIYCSB_WORK/servers/mongo-standin[@instance]/data/
#                     standin.mv.db, kept across restarts ("clean" deletes it while the server is stopped); a query's
#                     whole result is still built in the heap (census-workload/README.md: the stand-in's limits)
#   ferretdb          no store of its own: the OP_QUERY bridge (class OpQueryBridge) in front of the MongoDB-wire
#                     test server, FerretDB 1.24 on PostgreSQL 15 (bin/servers start mongodb first), or of the server
#                     at SCIYCSB_STANDIN_UPSTREAM=HOST:PORT; every collection on that server's disk. FerretDB rejects
#                     the 3.x driver alone: it answers OP_QUERY only for hello/isMaster/saslStart/saslContinue, and
#                     driver 3.12 also sends buildinfo over OP_QUERY (error 352 UnsupportedOpQueryCommand); the
#                     bridge sends such commands on as OP_MSG. Label e.g. "FerretDB 1.24.0 on PostgreSQL 15 through
#                     the OP_QUERY bridge, NOT MongoDB"; "url" gives the test server's credentials.
# A running server's backend is the one it was started with (kept in its state folder), whatever
# SCIYCSB_STANDIN_BACKEND says when "status", "url" or "stop" run.
#   bin/servers setup|start|stop|status|url|pids|clean mongo-standin[@instance]
set -euo pipefail
# shellcheck source=../../bin/lib/server.sh
. "$(dirname "${BASH_SOURCE[0]}")/../../bin/lib/server.sh"
server_init mongo-standin
DIR="$SERVER_STATE"
PORT="${SCIYCSB_STANDIN_PORT:-27018}"
BACKEND="${SCIYCSB_STANDIN_BACKEND:-memory}"
DATA="$DIR/data/standin.mv.db"
TARGET="$SCIYCSB_HOME/census-workload/target"
mkdir -p "$DIR"

classpath() {
  local jar
  for jar in "$TARGET"/sciycsb-census-workload-*.jar; do [[ "$jar" == *-tests.jar ]] || break; done
  echo "$jar:$(cat "$TARGET/census-classpath.txt")"
}

cmd_setup() {
  need_java17
  if [ ! -f "$TARGET/census-classpath.txt" ] || ! ls "$TARGET"/sciycsb-census-workload-*.jar >/dev/null 2>&1; then
    need_mvn
    (cd "$SCIYCSB_HOME" && mvn -q -B -pl census-workload -am package -DskipTests) >"$DIR/setup.log" 2>&1 \
      || die "setup: the Maven build of census-workload failed (log: $DIR/setup.log)"
  fi
}

alive() { pid_alive "$DIR/pid"; }
if alive && [ -f "$DIR/backend" ]; then BACKEND="$(cat "$DIR/backend")"; fi
# the bridge's upstream (ferretdb backend): the MongoDB-wire test server unless SCIYCSB_STANDIN_UPSTREAM names one
upstream() { echo "${SCIYCSB_STANDIN_UPSTREAM:-127.0.0.1:${SCIYCSB_MONGODB_PORT:-27017}}"; }
# what the test server stores in ("PostgreSQL 15"), from its own status line; empty for a server of the user's
upstream_backend() {
  [ -z "${SCIYCSB_STANDIN_UPSTREAM:-}" ] || return 0
  "$SCIYCSB_HOME/bin/servers" status mongodb 2>/dev/null \
    | sed -n 's/^mongodb: FerretDB [^ ]* on \(PostgreSQL [0-9.]*\) running.*/\1/p'
}
# the label of the running server (its first log line names it), else of the backend "start" would use
label() {
  local l; l=$(grep -m1 -o -E '^(mongo-java-server|FerretDB|a MongoDB-wire server) .*NOT MongoDB' "$DIR/server.log" 2>/dev/null || true)
  if alive; then echo "${l:-mongo-java-server stand-in (backend not named: started by an older build), NOT MongoDB}"; return; fi
  if [ "$BACKEND" = ferretdb ]; then echo "FerretDB at $(upstream) through the OP_QUERY bridge, NOT MongoDB"; return; fi
  local b="in-memory backend"; [ "$BACKEND" = h2 ] && b="H2 backend"
  local v; v=$(tr ':' '\n' <"$TARGET/census-classpath.txt" 2>/dev/null \
    | sed -n 's|.*/mongo-java-server-core-\(.*\)\.jar$|\1|p' | head -1)
  echo "mongo-java-server ${v:-?} stand-in ($b), NOT MongoDB"
}

# it answers and has logged its label; dies when it exited
started() {
  port_open 127.0.0.1 "$PORT" && grep -q 'NOT MongoDB' "$DIR/server.log" && return 0
  alive || die "start: the server exited: $(tail -n 1 "$DIR/server.log" 2>/dev/null) (log: $DIR/server.log)"
  return 1
}

cmd_start() {
  if alive; then say "already running on 127.0.0.1:$PORT"; return 0; fi
  local args class=org.sciycsb.census.StandinServer
  case "$BACKEND" in
    memory) args=(memory) ;;
    h2) mkdir -p "$DIR/data"; args=(h2 "$DATA") ;;
    ferretdb) args=("$(upstream)" "$(upstream_backend)"); class=org.sciycsb.census.OpQueryBridge ;;
    *) die "start: SCIYCSB_STANDIN_BACKEND=$BACKEND: memory, h2 or ferretdb" ;;
  esac
  ! port_open 127.0.0.1 "$PORT" || die "start: 127.0.0.1:$PORT is taken by another process (SCIYCSB_STANDIN_PORT sets the port)"
  cmd_setup
  # shellcheck disable=SC2086
  nohup "$JAVA" -Xmx"${SCIYCSB_STANDIN_HEAP:-1g}" ${SCIYCSB_STANDIN_JAVA_OPTS:-} \
    -Dlog4j.configuration="file:$SCIYCSB_HOME/census-workload/log4j.properties" -cp "$(classpath)" \
    "$class" "$PORT" "${args[@]}" >"$DIR/server.log" 2>&1 &
  pid_write "$DIR/pid" $!
  echo "$BACKEND" >"$DIR/backend"
  wait_until 30 "an answer on 127.0.0.1:$PORT (log: $DIR/server.log)" started || exit 1
  local file=""; [ "$BACKEND" = h2 ] && file=", data file ${args[1]}"
  say "running, mongodb://127.0.0.1:$PORT ($(label)$file)"
}

cmd_url() {
  if [ "$BACKEND" = ferretdb ] && [ -z "${SCIYCSB_STANDIN_UPSTREAM:-}" ]; then
    "$SCIYCSB_HOME/bin/servers" url mongodb | sed "s|@127.0.0.1:[0-9]*/|@127.0.0.1:$PORT/|"
  else
    echo "mongodb://127.0.0.1:$PORT"
  fi
}
# SIGTERM: the server's shutdown hook closes the backend (H2: writes the MVStore file out)
cmd_stop() { stop_pidfile "$DIR/pid" 30 || true; say "stopped"; }
cmd_status() {
  if alive; then echo "mongo-standin: running (127.0.0.1:$PORT, $(label))"; else echo "mongo-standin: not running"; return 1; fi
}
cmd_pids() { alive || die "not running"; pid_read "$DIR/pid"; }
cmd_clean() {
  ! alive || die "clean: the server is running (bin/servers stop mongo-standin first)"
  rm -rf "$DIR/data"; say "data folder $DIR/data deleted"
}

# datadir: the H2 backend's folder (the memory backend keeps none)
cmd_datadir() { print_datadirs "$DIR/data"; }
server_main "$@"
