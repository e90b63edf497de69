#!/usr/bin/env bash
# HDFS test server: one NameNode and one DataNode (or 3) from the Maven jars (hadoop-hdfs 3.4), on JDK 17, 127.0.0.1.
#   bin/servers setup|start|stop|status hdfs
#   bin/servers pids hdfs                       the NameNode's PID, then each DataNode's
#   bin/servers nodes hdfs                      the DataNode count of a running server (what kill-node faults check)
#   bin/servers start hdfs --datanodes 3        one NameNode and 3 DataNodes (a cluster for replication 3 and
#                                               DataNode faults); later starts keep the count
#   bin/servers url hdfs                        prints the NameNode's URL (hdfs://127.0.0.1:9000)
#   bin/servers kill hdfs [namenode|datanode|datanode:K]   SIGKILL a daemon, every DataNode, DataNode K, or all
#                                               (a crash, for fault tests); "start" brings back whichever is
#                                               missing, data kept
#   bin/servers kill-node hdfs K [L...]         SIGKILL DataNodes K, L... at once (a run's fault.action=kill-node:K,L)
#   bin/servers restore-node hdfs K [L...]      "start": brings back whichever is missing
# State under $SCIYCSB_WORK/servers/hdfs/: conf/, name/, data/, logs/, classpath.txt, namenode.pid, datanode.pid,
# datanodes (the count); DataNode K > 1: conf-dnK/, dataK/, datanodeK.pid, ports the first one's + 100 x (K - 1)
# (servers/hdfs@<instance>/ for hdfs@<instance>, with its own ports in the variables below).
# NameNode RPC on 127.0.0.1:${SCIYCSB_HDFS_PORT:-9000}; "start" returns once every DataNode is live and safe mode is
# off.
set -euo pipefail
# shellcheck source=../../bin/lib/server.sh
. "$(dirname "${BASH_SOURCE[0]}")/../../bin/lib/server.sh"
server_init hdfs
DIR="$SERVER_STATE"
PORT_VARS=(SCIYCSB_HDFS_PORT SCIYCSB_HDFS_HTTP_PORT SCIYCSB_HDFS_DN_PORT SCIYCSB_HDFS_DN_HTTP_PORT SCIYCSB_HDFS_DN_IPC_PORT)
# the ports the server's configuration was written with (ports.env): a later call without them in the environment
# (a fault schedule's kill and restart) acts on the same server; a variable that is set wins
if [ -f "$DIR/ports.env" ]; then
  while IFS='=' read -r k v; do
    [[ " ${PORT_VARS[*]} " == *" $k "* ]] && [ -z "${!k:-}" ] && [ -n "$v" ] && export "$k=$v"
  done <"$DIR/ports.env"
fi
PORT="${SCIYCSB_HDFS_PORT:-9000}"
CONF="$DIR/conf"
CP_FILE="$DIR/classpath.txt"
START_TIMEOUT="${SCIYCSB_HDFS_START_TIMEOUT:-180}"

JVM_FLAGS=(-Xmx384m -XX:+UseSerialGC
  --add-opens java.base/java.lang=ALL-UNNAMED --add-opens java.base/java.util=ALL-UNNAMED
  --add-opens java.base/java.nio=ALL-UNNAMED --add-opens java.base/sun.nio.ch=ALL-UNNAMED
  --add-opens java.base/java.util.concurrent=ALL-UNNAMED --add-opens java.base/java.net=ALL-UNNAMED)

hjava() { # hjava <log> <main> [args]: runs a Hadoop main with our conf first on the classpath
  local log="$1"; shift
  "$JAVA" "${JVM_FLAGS[@]}" -Dhadoop.log.dir="$DIR/logs" -Dhadoop.home.dir="$DIR" \
    -cp "$CONF:$(cat "$CP_FILE")" "$@" >>"$log" 2>&1
}

write_conf() {
  mkdir -p "$CONF" "$DIR/name" "$DIR/data" "$DIR/logs" "$DIR/tmp"
  local k; for k in "${PORT_VARS[@]}"; do echo "$k=${!k:-}"; done >"$DIR/ports.env"
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
  # the daemons' metrics (the JMX servlet's figures, which the binding samples during a run) are refreshed every
  # second instead of Hadoop's default 10 s (*.period): a sample taken at a run's end is then at most ~1 s old
  echo '*.period=1' >"$CONF/hadoop-metrics2.properties"
  cat >"$CONF/log4j.properties" <<'PROPS'
log4j.rootLogger=WARN,console
log4j.logger.org.apache.hadoop.hdfs.server.namenode.NameNode=INFO
log4j.logger.org.apache.hadoop.hdfs.server.datanode.DataNode=INFO
log4j.appender.console=org.apache.log4j.ConsoleAppender
log4j.appender.console.layout=org.apache.log4j.PatternLayout
log4j.appender.console.layout.ConversionPattern=%d{ISO8601} %p %c{2}: %m%n
PROPS
}

datanodes() { cat "$DIR/datanodes" 2>/dev/null || echo 1; }
dn_pid() { [ "$1" = 1 ] && echo "$DIR/datanode.pid" || echo "$DIR/datanode$1.pid"; }
dn_log() { [ "$1" = 1 ] && echo "$DIR/logs/datanode.log" || echo "$DIR/logs/datanode$1.log"; }
dn_conf() { # the conf folder of DataNode K: conf/ for 1; a copy with its own data folder and ports for K > 1
  local k="$1"
  if [ "$k" = 1 ]; then echo "$CONF"; return; fi
  local c="$DIR/conf-dn$k" off=$(( 100 * (k - 1) ))
  rm -rf "$c"; cp -r "$CONF" "$c"; mkdir -p "$DIR/data$k"
  sed -i -e "s#file://$DIR/data<#file://$DIR/data$k<#" \
    -e "s#127.0.0.1:${SCIYCSB_HDFS_DN_PORT:-9866}<#127.0.0.1:$(( ${SCIYCSB_HDFS_DN_PORT:-9866} + off ))<#" \
    -e "s#127.0.0.1:${SCIYCSB_HDFS_DN_HTTP_PORT:-9864}<#127.0.0.1:$(( ${SCIYCSB_HDFS_DN_HTTP_PORT:-9864} + off ))<#" \
    -e "s#127.0.0.1:${SCIYCSB_HDFS_DN_IPC_PORT:-9867}<#127.0.0.1:$(( ${SCIYCSB_HDFS_DN_IPC_PORT:-9867} + off ))<#" \
    "$c/hdfs-site.xml"
  echo "$c"
}

cmd_setup() {
  need_java17
  write_conf
  if [ ! -s "$CP_FILE" ]; then
    need_mvn
    say "resolving the hadoop-hdfs $(sed -n 's:.*<hadoop.version>\(.*\)</hadoop.version>.*:\1:p' "$SCIYCSB_HOME/pom.xml") jars ..."
    (cd "$SCIYCSB_HOME" && mvn -q -B -f hdfs-binding/server/pom.xml dependency:build-classpath \
      -Dmdep.outputFile="$CP_FILE" -Dmdep.includeScope=runtime) >"$DIR/logs/setup.log" 2>&1 \
      || { tail -20 "$DIR/logs/setup.log" >&2; die "resolving the Hadoop jars failed (log: $DIR/logs/setup.log)"; }
  fi
  if [ ! -d "$DIR/name/current" ]; then
    hjava "$DIR/logs/format.log" org.apache.hadoop.hdfs.server.namenode.NameNode -format -nonInteractive -force \
      || { tail -20 "$DIR/logs/format.log" >&2; die "formatting the NameNode failed (log: $DIR/logs/format.log)"; }
  fi
  say "ready (bin/servers start hdfs)"
}

answers() { # a live DataNode and safe mode off
  local out
  out=$(hjava /dev/stdout org.apache.hadoop.hdfs.tools.DFSAdmin -fs "hdfs://127.0.0.1:$PORT" -report -live 2>/dev/null || true)
  echo "$out" | grep -q "Live datanodes ($(datanodes))" || return 1
  out=$(hjava /dev/stdout org.apache.hadoop.hdfs.tools.DFSAdmin -fs "hdfs://127.0.0.1:$PORT" -safemode get 2>/dev/null || true)
  echo "$out" | grep -q 'Safe mode is OFF'
}

# every daemon's pid file names a live process
all_alive() {
  local k
  pid_alive "$DIR/namenode.pid" || return 1
  for k in $(seq 1 "$(datanodes)"); do pid_alive "$(dn_pid "$k")" || return 1; done
}

daemon() { # daemon <pid file> <log> <conf> <main>: starts a Hadoop daemon in the background
  nohup "$JAVA" "${JVM_FLAGS[@]}" -Dhadoop.log.dir="$DIR/logs" -Dhadoop.home.dir="$DIR" -cp "$3:$(cat "$CP_FILE")" \
    "$4" >>"$2" 2>&1 &
  pid_write "$1" $!
}

up() { # answers; dies when a daemon exited
  answers && return 0
  pid_alive "$DIR/namenode.pid" || { tail -20 "$DIR/logs/namenode.log" >&2; die "the NameNode exited (log: $DIR/logs/namenode.log)"; }
  local k
  for k in $(seq 1 "$(datanodes)"); do
    pid_alive "$(dn_pid "$k")" || { tail -20 "$(dn_log "$k")" >&2; die "DataNode $k exited (log: $(dn_log "$k"))"; }
  done
  return 1
}

cmd_start() {
  if [ "${1:-}" = --datanodes ]; then
    case "${2:-}" in 1|3) ;; *) die "start: --datanodes 1 or 3, not '${2:-}'" ;; esac
    mkdir -p "$DIR"; echo "$2" >"$DIR/datanodes"
  elif [ -n "${1:-}" ]; then
    die "start: unknown argument '$1' (use --datanodes N)"
  fi
  local n k; n=$(datanodes)
  if all_alive; then say "already running (hdfs://127.0.0.1:$PORT, $n DataNode(s))"; return 0; fi
  need_java17
  [ -s "$CP_FILE" ] && [ -d "$DIR/name/current" ] || cmd_setup
  write_conf
  pid_alive "$DIR/namenode.pid" \
    || daemon "$DIR/namenode.pid" "$DIR/logs/namenode.log" "$CONF" org.apache.hadoop.hdfs.server.namenode.NameNode
  for k in $(seq 1 "$n"); do
    pid_alive "$(dn_pid "$k")" \
      || daemon "$(dn_pid "$k")" "$(dn_log "$k")" "$(dn_conf "$k")" org.apache.hadoop.hdfs.server.datanode.DataNode
  done
  WAIT_POLL=2 wait_until "$START_TIMEOUT" "HDFS to answer (logs: $DIR/logs/)" up || exit 1
  say "running, hdfs://127.0.0.1:$PORT (NameNode pid $(pid_read "$DIR/namenode.pid"), $n DataNode(s), pid(s)$(for k in $(seq 1 "$n"); do printf ' %s' "$(pid_read "$(dn_pid "$k")")"; done))"
}

cmd_stop() {
  local k
  for k in 3 2 1; do stop_pidfile "$(dn_pid "$k")" 30 || true; done
  stop_pidfile "$DIR/namenode.pid" 30 || true
  say "stopped"
}

cmd_kill() { # kill [namenode|datanode|datanode:K]: SIGKILL, no clean shutdown (datanode: every DataNode)
  local p f k files which=("$@")
  [ ${#which[@]} -gt 0 ] || which=(datanode namenode)
  for p in "${which[@]}"; do
    case "$p" in
      namenode) files=("$DIR/namenode.pid") ;;
      datanode) files=(); for k in $(seq 1 "$(datanodes)"); do files+=("$(dn_pid "$k")"); done ;;
      datanode:[1-9]) k="${p#datanode:}"; [ "$k" -le "$(datanodes)" ] || die "kill: there is no DataNode $k (the cluster has $(datanodes))"
        files=("$(dn_pid "$k")") ;;
      *) die "kill: namenode, datanode or datanode:K, not '$p'" ;;
    esac
    for f in "${files[@]}"; do
      if pid_alive "$f"; then
        stop_pid "$(pid_read "$f")" 5 KILL
        say "$(basename "$f" .pid) killed with SIGKILL (pid $(pid_read "$f"))"
      fi
      rm -f "$f"
    done
  done
}

# kill-node / restore-node K [L...]: the node faults of a run (fault.action=kill-node), DataNode numbers
datanode_args() {
  [ $# -gt 0 ] || die "$VERB: which DataNode(s)? (numbers, e.g. 2 3)"
  local k; for k; do [[ "$k" =~ ^[1-9]$ ]] || die "$VERB: a DataNode number, not '$k'"; done
}
cmd_kill_node() { VERB=kill-node datanode_args "$@"; local k a=(); for k; do a+=("datanode:$k"); done; cmd_kill "${a[@]}"; }
cmd_restore_node() { VERB=restore-node datanode_args "$@"; cmd_start; }

cmd_status() {
  if all_alive; then tell "running (hdfs://127.0.0.1:$PORT, $(datanodes) DataNode(s))"; else tell "not running"; return 1; fi
}

cmd_url() { echo "hdfs://127.0.0.1:$PORT"; }

cmd_pids() {
  local k
  pid_alive "$DIR/namenode.pid" || die "not running"
  pid_read "$DIR/namenode.pid"
  for k in $(seq 1 "$(datanodes)"); do pid_alive "$(dn_pid "$k")" && pid_read "$(dn_pid "$k")"; done; true
}

cmd_nodes() {
  pid_alive "$DIR/namenode.pid" || die "not running (no NameNode at hdfs://127.0.0.1:$PORT)"
  datanodes
}

# datadir: the NameNode's metadata folder and every DataNode's block folder
cmd_datadir() {
  local k dirs=("$DIR/name" "$DIR/data")
  for k in $(seq 2 "$(datanodes)"); do dirs+=("$DIR/data$k"); done
  print_datadirs "${dirs[@]}"
}
server_main "$@"
