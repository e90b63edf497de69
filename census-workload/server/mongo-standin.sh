#!/usr/bin/env bash
# MongoDB-wire STAND-IN for mongo-hadoop's 3.x driver: de.bwaldvogel mongo-java-server (in-memory backend) on
# 127.0.0.1:${SCIYCSB_STANDIN_PORT:-27018}, heap ${SCIYCSB_STANDIN_HEAP:-1g} (it keeps every collection in memory). NOT MongoDB: label every figure measured against it as
# "mongo-java-server stand-in". FerretDB (bin/servers start mongodb, 2.5 on DocumentDB) rejects the 3.x driver's
# handshake: it answers OP_QUERY only for hello/isMaster/saslStart/saslContinue, and driver 3.12 also sends
# buildinfo over OP_QUERY (error 352 UnsupportedOpQueryCommand).
#   bin/servers setup|start|stop|status mongo-standin
set -euo pipefail
HOME_DIR="${SCIYCSB_HOME:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)}"
WORK="${SCIYCSB_WORK:-$HOME_DIR/work}"
DIR="$WORK/servers/mongo-standin"
PORT="${SCIYCSB_STANDIN_PORT:-27018}"
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

alive() { [ -f "$DIR/pid" ] && kill -0 "$(cat "$DIR/pid")" 2>/dev/null; }
answers() { (exec 3<>/dev/tcp/127.0.0.1/"$PORT") 2>/dev/null; }

case "${1:-}" in
  setup) setup ;;
  start)
    if alive; then echo "mongo-standin: already running on 127.0.0.1:$PORT" >&2; exit 0; fi
    setup
    nohup "$JAVA" -Xmx"${SCIYCSB_STANDIN_HEAP:-1g}" -cp "$(classpath)" org.sciycsb.census.StandinServer "$PORT" >"$DIR/server.log" 2>&1 &
    echo $! >"$DIR/pid"
    for _ in $(seq 1 60); do
      if answers; then echo "mongo-standin: running, mongodb://127.0.0.1:$PORT (mongo-java-server stand-in, not MongoDB)" >&2; exit 0; fi
      alive || die "start: the server exited: $(tail -n 1 "$DIR/server.log" 2>/dev/null) (log: $DIR/server.log)"
      sleep 0.5
    done
    die "start: no answer on 127.0.0.1:$PORT within 30 s (log: $DIR/server.log)" ;;
  url) echo "mongodb://127.0.0.1:$PORT" ;;
  stop)
    if alive; then kill "$(cat "$DIR/pid")"; for _ in $(seq 1 20); do alive || break; sleep 0.5; done; alive && kill -9 "$(cat "$DIR/pid")"; fi
    rm -f "$DIR/pid"; echo "mongo-standin: stopped" >&2 ;;
  status) if alive; then echo "mongo-standin: running (127.0.0.1:$PORT)"; else echo "mongo-standin: not running"; exit 1; fi ;;
  *) echo "usage: mongo-standin.sh setup|start|stop|status|url" >&2; exit 2 ;;
esac
