#!/usr/bin/env bash
# HDFS test server: one NameNode and one DataNode from the Maven jars (hadoop-hdfs 3.4), on JDK 17, 127.0.0.1.
#   bin/servers setup|start|stop|status hdfs
#   bin/servers url hdfs                        prints the NameNode's URL (hdfs://127.0.0.1:9000)
#   bin/servers kill hdfs [namenode|datanode]   SIGKILL one daemon or both (a crash, for fault tests); "start"
#                                               brings back whichever is missing, data kept
# State under $SCIYCSB_WORK/servers/hdfs/: conf/, name/, data/, logs/, classpath.txt, namenode.pid, datanode.pid
# (servers/hdfs@<instance>/ for hdfs@<instance>, with its own ports in the variables below).
# NameNode RPC on 127.0.0.1:${SCIYCSB_HDFS_PORT:-9000}; "start" returns once a DataNode is live and safe mode is off.
set -euo pipefail
HOME_DIR="${SCIYCSB_HOME:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)}"
WORK="${SCIYCSB_WORK:-$HOME_DIR/work}"
DIR="$WORK/servers/hdfs${SCIYCSB_SERVER_INSTANCE:+@$SCIYCSB_SERVER_INSTANCE}"
PORT="${SCIYCSB_HDFS_PORT:-9000}"
CONF="$DIR/conf"
CP_FILE="$DIR/classpath.txt"
START_TIMEOUT="${SCIYCSB_HDFS_START_TIMEOUT:-180}"

die() { echo "hdfs: $*" >&2; exit 1; }

java_bin() {
  if [ -x /usr/lib/jvm/java-17-openjdk-amd64/bin/java ]; then echo /usr/lib/jvm/java-17-openjdk-amd64/bin/java; return; fi
  if [ -n "${JAVA_HOME:-}" ] && [ -x "$JAVA_HOME/bin/java" ]; then echo "$JAVA_HOME/bin/java"; return; fi
  echo ""
}

ensure_java() {
  if [ -z "$(java_bin)" ]; then
    command -v apt-get >/dev/null || die "no JDK 17 and no apt-get: install a JDK 17 (Hadoop 3.4 does not run on JDK 25)"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq openjdk-17-jdk-headless maven >/dev/null
  fi
  command -v mvn >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq maven >/dev/null; }
}

JVM_FLAGS=(-Xmx384m -XX:+UseSerialGC
  --add-opens java.base/java.lang=ALL-UNNAMED --add-opens java.base/java.util=ALL-UNNAMED
  --add-opens java.base/java.nio=ALL-UNNAMED --add-opens java.base/sun.nio.ch=ALL-UNNAMED
  --add-opens java.base/java.util.concurrent=ALL-UNNAMED --add-opens java.base/java.net=ALL-UNNAMED)

hjava() { # hjava <log> <main> [args]: runs a Hadoop main with our conf first on the classpath
  local log="$1"; shift
  "$(java_bin)" "${JVM_FLAGS[@]}" -Dhadoop.log.dir="$DIR/logs" -Dhadoop.home.dir="$DIR" \
    -cp "$CONF:$(cat "$CP_FILE")" "$@" >>"$log" 2>&1
}

write_conf() {
  mkdir -p "$CONF" "$DIR/name" "$DIR/data" "$DIR/logs" "$DIR/tmp"
  cat >"$CONF/core-site.xml" <<XML
<?xml version="1.0"?>
<configuration>
  <property><name>fs.defaultFS</name><value>hdfs://127.0.0.1:$PORT</value></property>
  <property><name>hadoop.tmp.dir</name><value>$DIR/tmp</value></property>
</configuration>
XML
  cat >"$CONF/hdfs-site.xml" <<XML
<?xml version="1.0"?>
<configuration>
  <property><name>dfs.namenode.name.dir</name><value>file://$DIR/name</value></property>
  <property><name>dfs.datanode.data.dir</name><value>file://$DIR/data</value></property>
  <property><name>dfs.replication</name><value>1</value></property>
  <property><name>dfs.permissions.enabled</name><value>false</value></property>
  <property><name>dfs.namenode.safemode.extension</name><value>0</value></property>
  <property><name>dfs.namenode.http-address</name><value>127.0.0.1:${SCIYCSB_HDFS_HTTP_PORT:-9870}</value></property>
  <property><name>dfs.namenode.datanode.registration.ip-hostname-check</name><value>false</value></property>
  <property><name>dfs.datanode.address</name><value>127.0.0.1:${SCIYCSB_HDFS_DN_PORT:-9866}</value></property>
  <property><name>dfs.datanode.http.address</name><value>127.0.0.1:${SCIYCSB_HDFS_DN_HTTP_PORT:-9864}</value></property>
  <property><name>dfs.datanode.ipc.address</name><value>127.0.0.1:${SCIYCSB_HDFS_DN_IPC_PORT:-9867}</value></property>
  <property><name>dfs.datanode.hostname</name><value>127.0.0.1</value></property>
  <property><name>dfs.datanode.du.reserved</name><value>0</value></property>
</configuration>
XML
  # the Maven hadoop-hdfs jar has no webapps/: the NameNode and DataNode HTTP servers need the folders to exist
  local w
  for w in hdfs datanode secondary journal static; do
    mkdir -p "$CONF/webapps/$w/WEB-INF"
    [ -f "$CONF/webapps/$w/WEB-INF/web.xml" ] || echo '<web-app xmlns="http://java.sun.com/xml/ns/javaee" version="3.0"/>' >"$CONF/webapps/$w/WEB-INF/web.xml"
  done
  cat >"$CONF/log4j.properties" <<'PROPS'
log4j.rootLogger=WARN,console
log4j.logger.org.apache.hadoop.hdfs.server.namenode.NameNode=INFO
log4j.logger.org.apache.hadoop.hdfs.server.datanode.DataNode=INFO
log4j.appender.console=org.apache.log4j.ConsoleAppender
log4j.appender.console.layout=org.apache.log4j.PatternLayout
log4j.appender.console.layout.ConversionPattern=%d{ISO8601} %p %c{2}: %m%n
PROPS
}

pid_alive() { [ -f "$1" ] && kill -0 "$(cat "$1")" 2>/dev/null; }

setup() {
  ensure_java
  write_conf
  if [ ! -s "$CP_FILE" ]; then
    echo "hdfs: resolving the hadoop-hdfs $(sed -n 's:.*<hadoop.version>\(.*\)</hadoop.version>.*:\1:p' "$HOME_DIR/pom.xml") jars ..." >&2
    (cd "$HOME_DIR" && mvn -q -B -f hdfs-binding/server/pom.xml dependency:build-classpath \
      -Dmdep.outputFile="$CP_FILE" -Dmdep.includeScope=runtime) >"$DIR/logs/setup.log" 2>&1 \
      || { tail -20 "$DIR/logs/setup.log" >&2; die "resolving the Hadoop jars failed (log: $DIR/logs/setup.log)"; }
  fi
  if [ ! -d "$DIR/name/current" ]; then
    hjava "$DIR/logs/format.log" org.apache.hadoop.hdfs.server.namenode.NameNode -format -nonInteractive -force \
      || { tail -20 "$DIR/logs/format.log" >&2; die "formatting the NameNode failed (log: $DIR/logs/format.log)"; }
  fi
  echo "hdfs: ready (bin/servers start hdfs)" >&2
}

answers() { # a live DataNode and safe mode off
  local out
  out=$(hjava /dev/stdout org.apache.hadoop.hdfs.tools.DFSAdmin -fs "hdfs://127.0.0.1:$PORT" -report -live 2>/dev/null || true)
  echo "$out" | grep -q 'Live datanodes (1[0-9]*)' || return 1
  out=$(hjava /dev/stdout org.apache.hadoop.hdfs.tools.DFSAdmin -fs "hdfs://127.0.0.1:$PORT" -safemode get 2>/dev/null || true)
  echo "$out" | grep -q 'Safe mode is OFF'
}

start() {
  if pid_alive "$DIR/namenode.pid" && pid_alive "$DIR/datanode.pid"; then
    echo "hdfs: already running (hdfs://127.0.0.1:$PORT)" >&2; return 0
  fi
  [ -s "$CP_FILE" ] && [ -d "$DIR/name/current" ] || setup
  write_conf
  if ! pid_alive "$DIR/namenode.pid"; then
    nohup "$(java_bin)" "${JVM_FLAGS[@]}" -Dhadoop.log.dir="$DIR/logs" -Dhadoop.home.dir="$DIR" -cp "$CONF:$(cat "$CP_FILE")" \
      org.apache.hadoop.hdfs.server.namenode.NameNode >>"$DIR/logs/namenode.log" 2>&1 &
    echo $! >"$DIR/namenode.pid"
  fi
  if ! pid_alive "$DIR/datanode.pid"; then
    nohup "$(java_bin)" "${JVM_FLAGS[@]}" -Dhadoop.log.dir="$DIR/logs" -Dhadoop.home.dir="$DIR" -cp "$CONF:$(cat "$CP_FILE")" \
      org.apache.hadoop.hdfs.server.datanode.DataNode >>"$DIR/logs/datanode.log" 2>&1 &
    echo $! >"$DIR/datanode.pid"
  fi
  local waited=0 started; started=$(date +%s)
  while ! answers; do
    pid_alive "$DIR/namenode.pid" || { tail -20 "$DIR/logs/namenode.log" >&2; die "the NameNode exited (log: $DIR/logs/namenode.log)"; }
    pid_alive "$DIR/datanode.pid" || { tail -20 "$DIR/logs/datanode.log" >&2; die "the DataNode exited (log: $DIR/logs/datanode.log)"; }
    [ $waited -lt "$START_TIMEOUT" ] || die "HDFS did not answer within ${START_TIMEOUT}s (logs: $DIR/logs/)"
    sleep 2; waited=$(( $(date +%s) - started ))
  done
  echo "hdfs: running, hdfs://127.0.0.1:$PORT (NameNode pid $(cat "$DIR/namenode.pid"), DataNode pid $(cat "$DIR/datanode.pid"))" >&2
}

stop() {
  local p
  for p in datanode namenode; do
    if pid_alive "$DIR/$p.pid"; then
      kill "$(cat "$DIR/$p.pid")" 2>/dev/null || true
      for _ in $(seq 1 30); do pid_alive "$DIR/$p.pid" || break; sleep 1; done
      pid_alive "$DIR/$p.pid" && kill -9 "$(cat "$DIR/$p.pid")" 2>/dev/null || true
    fi
    rm -f "$DIR/$p.pid"
  done
  echo "hdfs: stopped" >&2
}

crash() { # crash [namenode|datanode]: SIGKILL, no clean shutdown
  local p which=("$@")
  [ ${#which[@]} -gt 0 ] || which=(datanode namenode)
  for p in "${which[@]}"; do
    case "$p" in namenode|datanode) ;; *) die "kill: namenode or datanode, not '$p'" ;; esac
    if pid_alive "$DIR/$p.pid"; then
      kill -9 "$(cat "$DIR/$p.pid")" 2>/dev/null || true
      for _ in $(seq 1 50); do pid_alive "$DIR/$p.pid" || break; sleep 0.1; done
      echo "hdfs: $p killed with SIGKILL (pid $(cat "$DIR/$p.pid"))" >&2
    fi
    rm -f "$DIR/$p.pid"
  done
}

status() {
  if pid_alive "$DIR/namenode.pid" && pid_alive "$DIR/datanode.pid"; then
    echo "hdfs: running (hdfs://127.0.0.1:$PORT)"; return 0
  fi
  echo "hdfs: not running"; return 1
}

case "${1:-}" in
  setup) setup ;;
  start) start ;;
  stop) stop ;;
  status) status ;;
  kill) shift; crash "$@" ;;
  url) echo "hdfs://127.0.0.1:$PORT" ;;
  *) echo "usage: hdfs.sh setup|start|stop|status|kill [namenode|datanode]|url" >&2; exit 2 ;;
esac
