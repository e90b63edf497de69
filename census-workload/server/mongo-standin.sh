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
#   bin/servers setup|start|stop|status|url|pids|clean mongo-standin[@instance]
set -euo pipefail
HOME_DIR="${SCIYCSB_HOME:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)}"
WORK="${SCIYCSB_WORK:-$HOME_DIR/work}"
INSTANCE="${SCIYCSB_SERVER_INSTANCE:-}"
DIR="$WORK/servers/mongo-standin${INSTANCE:+@$INSTANCE}"
PORT="${SCIYCSB_STANDIN_PORT:-27018}"
BACKEND="${SCIYCSB_STANDIN_BACKEND:-memory}"
DATA="$DIR/data/standin.mv.db"
mkdir -p "$DIR"
die() { echo "mongo-standin: $*" >&2; exit 1; }
JAVA=/usr/lib/jvm/java-17-openjdk-amd64/bin/java
[ -x "$JAVA" ] || JAVA="${JAVA_HOME:+$JAVA_HOME/bin/java}"
[ -n "$JAVA" ] && [ -x "$JAVA" ] || JAVA="$(command -v java || true)"

classpath() {
  local jar
  jar=$(ls "$HOME_DIR"/census-workload/target/sciycsb-census-workload-*.jar 2>/dev/null | grep -v tests | head -1 || true)
  echo "$jar:$(cat "$HOME_DIR/census-workload/target/census-classpath.txt")"
}

setup() {
  if [ -z "$JAVA" ]; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq openjdk-17-jdk-headless maven >/dev/null
    JAVA=/usr/lib/jvm/java-17-openjdk-amd64/bin/java
  fi
  if [ ! -f "$HOME_DIR/census-workload/target/census-classpath.txt" ] \
     || ! ls "$HOME_DIR"/census-workload/target/sciycsb-census-workload-*.jar >/dev/null 2>&1; then
    (cd "$HOME_DIR" && mvn -q -B -pl census-workload -am package -DskipTests) >"$DIR/setup.log" 2>&1 \
      || die "setup: the Maven build of census-workload failed (log: $DIR/setup.log)"
  fi
}

# the bridge's upstream (ferretdb backend): the MongoDB-wire test server unless SCIYCSB_STANDIN_UPSTREAM names one
upstream() { echo "${SCIYCSB_STANDIN_UPSTREAM:-127.0.0.1:${SCIYCSB_MONGODB_PORT:-27017}}"; }
# what the test server stores in ("PostgreSQL 15"), from its own status line; empty for a server of the user's
upstream_backend() {
  [ -z "${SCIYCSB_STANDIN_UPSTREAM:-}" ] || return 0
  "$HOME_DIR/bin/servers" status mongodb 2>/dev/null | sed -n 's/^mongodb: FerretDB [^ ]* on \(PostgreSQL [0-9.]*\) running.*/\1/p'
}

alive() { [ -f "$DIR/pid" ] && kill -0 "$(cat "$DIR/pid")" 2>/dev/null; }
answers() { (exec 3<>/dev/tcp/127.0.0.1/"$PORT") 2>/dev/null; }
# the label of the running server (its first log line names it), else of the backend "start" would use
label() {
  local l; l=$(grep -m1 -o -E '^(mongo-java-server|FerretDB|a MongoDB-wire server) .*NOT MongoDB' "$DIR/server.log" 2>/dev/null || true)
  if alive; then echo "${l:-mongo-java-server stand-in (backend not named: started by an older build), NOT MongoDB}"; return; fi
  if [ "$BACKEND" = ferretdb ]; then echo "FerretDB at $(upstream) through the OP_QUERY bridge, NOT MongoDB"; return; fi
  local b="in-memory backend"; [ "$BACKEND" = h2 ] && b="H2 backend"
  local v; v=$(tr ':' '\n' <"$HOME_DIR/census-workload/target/census-classpath.txt" 2>/dev/null \
    | sed -n 's|.*/mongo-java-server-core-\(.*\)\.jar$|\1|p' | head -1)
  echo "mongo-java-server ${v:-?} stand-in ($b), NOT MongoDB"
}

# a running server's backend is the one it was started with, whatever SCIYCSB_STANDIN_BACKEND says now
if alive && [ -f "$DIR/backend" ]; then BACKEND="$(cat "$DIR/backend")"; fi

case "${1:-}" in
  setup) setup ;;
  start)
    if alive; then echo "mongo-standin: already running on 127.0.0.1:$PORT" >&2; exit 0; fi
    case "$BACKEND" in
      memory) args=(memory) ;;
      h2) mkdir -p "$DIR/data"; args=(h2 "$DATA") ;;
      ferretdb) args=("$(upstream)" "$(upstream_backend)") ;;
      *) die "start: SCIYCSB_STANDIN_BACKEND=$BACKEND: memory, h2 or ferretdb" ;;
    esac
    class=org.sciycsb.census.StandinServer; [ "$BACKEND" = ferretdb ] && class=org.sciycsb.census.OpQueryBridge
    answers && die "start: 127.0.0.1:$PORT is taken by another process (SCIYCSB_STANDIN_PORT sets the port)"
    setup
    nohup "$JAVA" -Xmx"${SCIYCSB_STANDIN_HEAP:-1g}" ${SCIYCSB_STANDIN_JAVA_OPTS:-} \
      -Dlog4j.configuration="file:$HOME_DIR/census-workload/log4j.properties" -cp "$(classpath)" "$class" "$PORT" "${args[@]}" >"$DIR/server.log" 2>&1 &
    echo $! >"$DIR/pid"; echo "$BACKEND" >"$DIR/backend"
    for _ in $(seq 1 60); do
      if answers && grep -q 'NOT MongoDB' "$DIR/server.log"; then echo "mongo-standin: running, mongodb://127.0.0.1:$PORT ($(label)$([ "$BACKEND" = h2 ] && echo ", data file ${args[1]}"))" >&2; exit 0; fi
      alive || die "start: the server exited: $(tail -n 1 "$DIR/server.log" 2>/dev/null) (log: $DIR/server.log)"
      sleep 0.5
    done
    die "start: no answer on 127.0.0.1:$PORT within 30 s (log: $DIR/server.log)" ;;
  url)
    if [ "$BACKEND" = ferretdb ] && [ -z "${SCIYCSB_STANDIN_UPSTREAM:-}" ]; then
      "$HOME_DIR/bin/servers" url mongodb | sed "s|@127.0.0.1:[0-9]*/|@127.0.0.1:$PORT/|"
    else
      echo "mongodb://127.0.0.1:$PORT"
    fi ;;
  stop)
    # SIGTERM: the server's shutdown hook closes the backend (H2: writes the MVStore file out)
    if alive; then kill "$(cat "$DIR/pid")"; for _ in $(seq 1 60); do alive || break; sleep 0.5; done; alive && kill -9 "$(cat "$DIR/pid")"; fi
    rm -f "$DIR/pid"; echo "mongo-standin: stopped" >&2 ;;
  status) if alive; then echo "mongo-standin: running (127.0.0.1:$PORT, $(label))"; else echo "mongo-standin: not running"; exit 1; fi ;;
  pids) alive || { echo "mongo-standin: not running" >&2; exit 1; }; cat "$DIR/pid" ;;
  clean)
    alive && die "clean: the server is running (bin/servers stop mongo-standin first)"
    rm -rf "$DIR/data"; echo "mongo-standin: data folder $DIR/data deleted" >&2 ;;
  *) echo "usage: mongo-standin.sh setup|start|stop|status|url|pids|clean" >&2; exit 2 ;;
esac
