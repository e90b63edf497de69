#!/usr/bin/env bash
# Apache Cassandra 5.0 test server(s) for the cassandra binding, run from the cassandra-all jars on JDK 17.
#
#   cassandra.sh setup                    fetch cassandra-all and its runtime jars (Maven), install JDK 17/Maven if missing
#   cassandra.sh start [--nodes N]        start N nodes (1 or 3: 127.0.0.1, .2, .3); returns once CQL answers on each
#   cassandra.sh stop                     stop every node (TERM, then KILL after 30 s)
#   cassandra.sh status                   exit 0 when every configured node runs and answers CQL
#   cassandra.sh stop-node N              kill node N at once (SIGKILL: a crash, for fault tests)
#   cassandra.sh start-node N             start node N again (its data is kept); returns once CQL answers
#   cassandra.sh nodetool N ARGS...       run nodetool against node N (e.g. "nodetool 1 status")
#   cassandra.sh clean                    stop, then remove every node's data
#   cassandra.sh url                      print the first node's CQL contact point (127.0.0.1:9042)
#
# Called by bin/servers with SCIYCSB_HOME and SCIYCSB_WORK set. State under $SCIYCSB_WORK/servers/cassandra/.
# Environment: CASSANDRA_HEAP_MAX (default 1G), CASSANDRA_HEAP_MIN (512M), CASSANDRA_START_TIMEOUT (120 s),
# SCIYCSB_CASSANDRA_NODE_OFFSET (default 0: node N on $NET.(N+offset), JMX port base+offset+N-1), and
# SCIYCSB_SERVER_INSTANCE (bin/servers sets it for cassandra@<instance>: state under servers/cassandra@<instance>;
# give the instance its own addresses with the offset, e.g. 10 for 127.0.0.11).
set -euo pipefail

VERSION=5.0.9
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
SCIYCSB_HOME="${SCIYCSB_HOME:-$(cd "$HERE/../.." && pwd)}"
SCIYCSB_WORK="${SCIYCSB_WORK:-$SCIYCSB_HOME/work}"
BASE="$SCIYCSB_WORK/servers/cassandra${SCIYCSB_SERVER_INSTANCE:+@$SCIYCSB_SERVER_INSTANCE}"
LIB="$SCIYCSB_WORK/cache/cassandra-$VERSION/lib"
HEAP_MAX="${CASSANDRA_HEAP_MAX:-1G}"
HEAP_MIN="${CASSANDRA_HEAP_MIN:-512M}"
TIMEOUT="${CASSANDRA_START_TIMEOUT:-120}"
NATIVE_PORT=9042
STORAGE_PORT=7000
JMX_BASE="${SCIYCSB_CASSANDRA_JMX_BASE:-7199}"

die() { echo "cassandra.sh: $*" >&2; exit 1; }
log() { echo "cassandra.sh: $*" >&2; }

# nodes live on $SCIYCSB_CASSANDRA_NET.1, .2, .3 (default 127.0.0): another loopback net lets two test
# clusters run side by side (set SCIYCSB_CASSANDRA_JMX_BASE too, and point the tests at SCIYCSB_CASSANDRA_HOSTS)
NET="${SCIYCSB_CASSANDRA_NET:-127.0.0}"
OFFSET="${SCIYCSB_CASSANDRA_NODE_OFFSET:-0}"
node_ip() { echo "$NET.$(($1 + OFFSET))"; }
node_dir() { echo "$BASE/node$1"; }
jmx_port() { echo $((JMX_BASE + OFFSET + $1 - 1)); }

find_java17() {
  local c
  for c in "${JAVA17_HOME:-}" /usr/lib/jvm/java-17-openjdk-amd64 /usr/lib/jvm/java-17-openjdk-arm64 /usr/lib/jvm/java-17-openjdk \
           /usr/lib/jvm/temurin-17-jdk-amd64; do
    if [ -n "$c" ] && [ -x "$c/bin/java" ]; then echo "$c/bin/java"; return 0; fi
  done
  return 1
}

need_java() {
  JAVA="$(find_java17)" || die "JDK 17 not found (Cassandra 5.0 runs on JDK 11 or 17): run 'bin/servers setup cassandra'"
}

# ------------------------------------------------------------------------------------------------ setup

do_setup() {
  if ! find_java17 >/dev/null || ! command -v mvn >/dev/null; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
      log "installing JDK 17 and Maven with apt-get"
      apt-get update -qq
      DEBIAN_FRONTEND=noninteractive apt-get install -y -qq openjdk-17-jdk-headless maven >/dev/null
    else
      die "JDK 17 and Maven are needed: install openjdk-17-jdk-headless and maven"
    fi
  fi
  local java; java="$(find_java17)"
  if [ -f "$LIB/.complete" ] && [ -f "$LIB/cassandra-all-$VERSION.jar" ]; then
    log "cassandra $VERSION jars already in $LIB"
    return 0
  fi
  log "fetching org.apache.cassandra:cassandra-all:$VERSION and its runtime dependencies into $LIB"
  mkdir -p "$LIB"
  JAVA_HOME="$(dirname "$(dirname "$java")")" mvn -B -q -f "$HERE/cassandra-server-pom.xml" \
    -Dcassandra.version="$VERSION" dependency:copy-dependencies \
    -DincludeScope=runtime -DoutputDirectory="$LIB"
  [ -f "$LIB/cassandra-all-$VERSION.jar" ] || die "cassandra-all-$VERSION.jar missing in $LIB after the Maven fetch"
  touch "$LIB/.complete"
  log "setup done: $(ls "$LIB"/*.jar | wc -l) jars"
}

need_setup() {
  [ -f "$LIB/.complete" ] || die "Cassandra $VERSION is not set up: run 'bin/servers setup cassandra'"
}

# ------------------------------------------------------------------------------------------------ config

# A self-signed certificate for 127.0.0.1-3, for the binding's TLS test: the nodes accept TLS and plain
# connections on the same port (client_encryption_options.optional). Clients trust tls/truststore.p12
# (password "truststore").
TLS_DIR="$BASE/tls"
write_tls() {
  [ -f "$TLS_DIR/truststore.p12" ] && return 0
  need_java
  local keytool; keytool="$(dirname "$JAVA")/keytool"
  mkdir -p "$TLS_DIR"
  rm -f "$TLS_DIR"/keystore.p12 "$TLS_DIR"/node.crt
  "$keytool" -genkeypair -alias node -keyalg RSA -keysize 2048 -validity 3650 -dname "CN=sciycsb-test-node" \
    -ext "SAN=ip:$(node_ip 1),ip:$(node_ip 2),ip:$(node_ip 3),dns:localhost" -keystore "$TLS_DIR/keystore.p12" \
    -storetype PKCS12 -storepass cassandra -keypass cassandra >/dev/null 2>&1
  "$keytool" -exportcert -alias node -keystore "$TLS_DIR/keystore.p12" -storepass cassandra -rfc \
    -file "$TLS_DIR/node.crt" >/dev/null 2>&1
  "$keytool" -importcert -noprompt -alias node -file "$TLS_DIR/node.crt" -keystore "$TLS_DIR/truststore.p12.tmp" \
    -storetype PKCS12 -storepass truststore >/dev/null 2>&1
  mv "$TLS_DIR/truststore.p12.tmp" "$TLS_DIR/truststore.p12"
}

write_config() {
  local i="$1" n="$2" dir ip jmx
  dir="$(node_dir "$i")"; ip="$(node_ip "$i")"; jmx="$(jmx_port "$i")"
  mkdir -p "$dir/conf" "$dir/data" "$dir/commitlog" "$dir/saved_caches" "$dir/hints" "$dir/cdc_raw" "$dir/logs"
  cat > "$dir/conf/cassandra.yaml" <<EOF
# written by cassandra.sh for node $i of $n: a loopback test node, not a production configuration
cluster_name: 'sciycsb'
num_tokens: 16
allocate_tokens_for_local_replication_factor: 3
initial_token:
auto_bootstrap: false
hinted_handoff_enabled: true
max_hint_window: 3h
hints_directory: $dir/hints
authenticator: AllowAllAuthenticator
authorizer: AllowAllAuthorizer
role_manager: CassandraRoleManager
network_authorizer: AllowAllNetworkAuthorizer
partitioner: org.apache.cassandra.dht.Murmur3Partitioner
data_file_directories:
  - $dir/data
commitlog_directory: $dir/commitlog
cdc_enabled: false
cdc_raw_directory: $dir/cdc_raw
saved_caches_directory: $dir/saved_caches
disk_failure_policy: stop
commit_failure_policy: stop
commitlog_sync: periodic
commitlog_sync_period: 10000ms
commitlog_segment_size: 32MiB
seed_provider:
  - class_name: org.apache.cassandra.locator.SimpleSeedProvider
    parameters:
      - seeds: "$(node_ip 1):$STORAGE_PORT"
concurrent_reads: 16
concurrent_writes: 16
concurrent_counter_writes: 16
memtable_allocation_type: heap_buffers
storage_port: $STORAGE_PORT
listen_address: $ip
broadcast_address: $ip
start_native_transport: true
native_transport_port: $NATIVE_PORT
rpc_address: $ip
broadcast_rpc_address: $ip
endpoint_snitch: SimpleSnitch
read_request_timeout: 5000ms
range_request_timeout: 10000ms
write_request_timeout: 2000ms
counter_write_request_timeout: 5000ms
cas_contention_timeout: 1000ms
truncate_request_timeout: 60000ms
request_timeout: 10000ms
dynamic_snitch: true
incremental_backups: false
snapshot_before_compaction: false
auto_snapshot: false
compaction_throughput: 64MiB/s
batch_size_warn_threshold: 64KiB
batch_size_fail_threshold: 640KiB
materialized_views_enabled: false
sasi_indexes_enabled: false
transient_replication_enabled: false
storage_compatibility_mode: NONE
client_encryption_options:
  enabled: true
  optional: true
  keystore: $TLS_DIR/keystore.p12
  keystore_password: cassandra
  store_type: PKCS12
  require_client_auth: false
EOF
  cat > "$dir/conf/logback.xml" <<EOF
<configuration scan="false">
  <appender name="FILE" class="ch.qos.logback.core.rolling.RollingFileAppender">
    <file>$dir/logs/system.log</file>
    <rollingPolicy class="ch.qos.logback.core.rolling.FixedWindowRollingPolicy">
      <fileNamePattern>$dir/logs/system.log.%i.zip</fileNamePattern>
      <minIndex>1</minIndex><maxIndex>3</maxIndex>
    </rollingPolicy>
    <triggeringPolicy class="ch.qos.logback.core.rolling.SizeBasedTriggeringPolicy"><maxFileSize>20MB</maxFileSize></triggeringPolicy>
    <encoder><pattern>%-5level [%thread] %date{ISO8601} %F:%L - %msg%n</pattern></encoder>
  </appender>
  <root level="INFO"><appender-ref ref="FILE"/></root>
  <logger name="org.apache.cassandra" level="INFO"/>
</configuration>
EOF
}

# The JVM flags of Cassandra's conf/jvm-server.options and conf/jvm17-server.options that matter here.
jvm_flags() {
  local i="$1" dir; dir="$(node_dir "$i")"
  printf '%s\n' \
    "-Xms$HEAP_MIN" "-Xmx$HEAP_MAX" -Xss256k \
    -XX:+UseG1GC -XX:+ParallelRefProcEnabled -XX:MaxTenuringThreshold=1 -XX:G1HeapRegionSize=16m \
    -XX:G1RSetUpdatingPauseTimePercent=5 -XX:MaxGCPauseMillis=300 -XX:InitiatingHeapOccupancyPercent=70 \
    -XX:+UseTLAB -XX:+ResizeTLAB -XX:+PerfDisableSharedMem -XX:+HeapDumpOnOutOfMemoryError \
    "-XX:HeapDumpPath=$dir/logs" -XX:+CrashOnOutOfMemoryError \
    -Djava.net.preferIPv4Stack=true \
    -Djdk.attach.allowAttachSelf=true \
    --add-exports=java.base/jdk.internal.misc=ALL-UNNAMED \
    --add-exports=java.management.rmi/com.sun.jmx.remote.internal.rmi=ALL-UNNAMED \
    --add-exports=java.rmi/sun.rmi.registry=ALL-UNNAMED \
    --add-exports=java.rmi/sun.rmi.server=ALL-UNNAMED \
    --add-exports=java.sql/java.sql=ALL-UNNAMED \
    --add-exports=java.base/java.lang.ref=ALL-UNNAMED \
    --add-exports=jdk.unsupported/sun.misc=ALL-UNNAMED \
    --add-exports=jdk.compiler/com.sun.tools.javac.file=ALL-UNNAMED \
    --add-exports=jdk.attach/sun.tools.attach=ALL-UNNAMED \
    --add-opens=java.base/java.lang.module=ALL-UNNAMED \
    --add-opens=java.base/jdk.internal.loader=ALL-UNNAMED \
    --add-opens=java.base/jdk.internal.ref=ALL-UNNAMED \
    --add-opens=java.base/jdk.internal.reflect=ALL-UNNAMED \
    --add-opens=java.base/jdk.internal.math=ALL-UNNAMED \
    --add-opens=java.base/jdk.internal.module=ALL-UNNAMED \
    --add-opens=java.base/jdk.internal.util.jar=ALL-UNNAMED \
    --add-opens=jdk.management/com.sun.management.internal=ALL-UNNAMED \
    --add-opens=java.base/sun.nio.ch=ALL-UNNAMED \
    --add-opens=java.base/java.io=ALL-UNNAMED \
    --add-opens=java.base/java.lang.reflect=ALL-UNNAMED \
    --add-opens=jdk.compiler/com.sun.tools.javac=ALL-UNNAMED \
    --add-opens=java.base/java.lang=ALL-UNNAMED \
    --add-opens=java.base/java.util=ALL-UNNAMED \
    -Dio.netty.tryReflectionSetAccessible=true \
    -Dio.netty.allocator.useCacheForAllThreads=true \
    -Dio.netty.allocator.maxOrder=11
}

# ------------------------------------------------------------------------------------------------ processes

pid_of() { local f; f="$(node_dir "$1")/cassandra.pid"; [ -f "$f" ] && cat "$f" || true; }

running() {
  local pid; pid="$(pid_of "$1")"
  [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null && grep -q CassandraDaemon "/proc/$pid/cmdline" 2>/dev/null
}

# True when the native protocol answers an OPTIONS request with SUPPORTED (v4 frame: 0x84 ... opcode 0x06).
cql_answers() {
  local ip; ip="$(node_ip "$1")"
  local out
  out="$(timeout 3 bash -c "exec 3<>/dev/tcp/$ip/$NATIVE_PORT && printf '\x04\x00\x00\x00\x05\x00\x00\x00\x00' >&3 && head -c 5 <&3 | od -An -tx1" 2>/dev/null || true)"
  [ "$(echo $out)" = "84 00 00 00 06" ]
}

configured_nodes() { [ -f "$BASE/nodes" ] && cat "$BASE/nodes" || echo 1; }

launch() {
  local i="$1" dir ip
  dir="$(node_dir "$i")"; ip="$(node_ip "$i")"
  if running "$i"; then log "node $i ($ip) already running (pid $(pid_of "$i"))"; return 0; fi
  if ! timeout 2 bash -c "exec 3<>/dev/tcp/$ip/$NATIVE_PORT" 2>/dev/null; then :; else
    die "port $ip:$NATIVE_PORT is already in use by another process: is another Cassandra running?"
  fi
  need_java
  local flags=()
  mapfile -t flags < <(jvm_flags "$i")
  ( cd "$dir" && exec nohup "$JAVA" "${flags[@]}" \
      -Dcassandra.config="file://$dir/conf/cassandra.yaml" \
      -Dlogback.configurationFile="$dir/conf/logback.xml" \
      -Dcassandra.logdir="$dir/logs" -Dcassandra.storagedir="$dir" \
      -Dcassandra.jmx.local.port="$(jmx_port "$i")" \
      -Dcassandra.ring_delay_ms=1000 -Dcassandra.skip_wait_for_gossip_to_settle=0 \
      -Dcassandra-foreground=yes \
      -cp "$dir/conf:$LIB/*" org.apache.cassandra.service.CassandraDaemon \
      > "$dir/logs/stdout.log" 2>&1 < /dev/null ) &
  echo $! > "$dir/cassandra.pid"
  log "node $i starting on $ip (pid $!, JMX port $(jmx_port "$i"), logs $dir/logs/system.log)"
}

wait_cql() {
  local i="$1" deadline=$((SECONDS + TIMEOUT)) dir
  dir="$(node_dir "$i")"
  while [ $SECONDS -lt $deadline ]; do
    if cql_answers "$i"; then log "node $i ($(node_ip "$i")) answers CQL on port $NATIVE_PORT"; return 0; fi
    # the process itself, not its command line: right after the fork it may not have exec'd java yet
    if ! kill -0 "$(pid_of "$i")" 2>/dev/null; then
      log "node $i exited during start; last log lines:"
      tail -n 30 "$dir/logs/system.log" "$dir/logs/stdout.log" >&2 2>/dev/null || true
      exit 1
    fi
    sleep 1
  done
  log "node $i did not answer CQL on $(node_ip "$i"):$NATIVE_PORT within ${TIMEOUT}s; last log lines:"
  tail -n 30 "$dir/logs/system.log" >&2 2>/dev/null || true
  exit 1
}

kill_node() {
  local i="$1" sig="$2" pid
  pid="$(pid_of "$i")"
  if [ -z "$pid" ] || ! running "$i"; then rm -f "$(node_dir "$i")/cassandra.pid"; return 0; fi
  kill "-$sig" "$pid" 2>/dev/null || true
  local t=0
  while kill -0 "$pid" 2>/dev/null; do
    sleep 1; t=$((t + 1))
    if [ $t -ge 30 ]; then kill -KILL "$pid" 2>/dev/null || true; fi
    [ $t -ge 40 ] && break
  done
  rm -f "$(node_dir "$i")/cassandra.pid"
  log "node $i stopped (pid $pid, signal $sig)"
}

# ------------------------------------------------------------------------------------------------ actions

do_start() {
  local n=1
  while [ $# -gt 0 ]; do
    case "$1" in
      --nodes) n="${2:?--nodes needs a number}"; shift 2 ;;
      --nodes=*) n="${1#--nodes=}"; shift ;;
      *) die "start: unknown argument '$1' (use --nodes N)" ;;
    esac
  done
  [[ "$n" =~ ^[1-9]$ ]] || die "start: --nodes must be 1..9, got '$n'"
  need_setup; need_java
  local old; old="$(configured_nodes)"
  if [ -f "$BASE/nodes" ] && [ "$old" != "$n" ]; then
    for ((i = 1; i <= 9; i++)); do running "$i" && die "a $old-node cluster is running: stop it first"; done
    if [ "$n" -lt "$old" ] || [ "$n" -gt "$old" ]; then
      log "node count changes from $old to $n: removing the old cluster's data"
      rm -rf "$BASE"/node*
    fi
  fi
  mkdir -p "$BASE"; echo "$n" > "$BASE/nodes"
  write_tls
  for ((i = 1; i <= n; i++)); do write_config "$i" "$n"; done
  # The seed first, then the others together (auto_bootstrap is off: a fresh, empty test cluster).
  launch 1
  wait_cql 1
  for ((i = 2; i <= n; i++)); do launch "$i"; done
  for ((i = 2; i <= n; i++)); do wait_cql "$i"; done
  wait_ring
  log "cassandra $VERSION: $n node(s) up (CQL on $(for ((i = 1; i <= n; i++)); do printf '%s ' "$(node_ip "$i"):$NATIVE_PORT"; done))"
}

# Waits until node 1 sees every configured node Up and Normal (UN) and the cluster agrees on one schema version.
wait_ring() {
  local n; n="$(configured_nodes)"
  [ "$n" -gt 1 ] || return 0
  local deadline=$((SECONDS + TIMEOUT)) out
  while [ $SECONDS -lt $deadline ]; do
    out="$(do_nodetool 1 status 2>/dev/null || true)"
    if [ "$(grep -c '^UN ' <<<"$out")" -eq "$n" ] \
       && [ "$(do_nodetool 1 describecluster 2>/dev/null | grep -cE '^\s+[0-9a-f-]{36}: \[')" -eq 1 ]; then
      log "node 1 sees all $n nodes Up/Normal with one schema version"
      return 0
    fi
    sleep 2
  done
  log "the ring did not settle within ${TIMEOUT}s:"; echo "$out" >&2
  exit 1
}

do_stop() {
  local n; n="$(configured_nodes)"
  for ((i = 1; i <= 9; i++)); do
    [ -f "$(node_dir "$i")/cassandra.pid" ] && kill_node "$i" TERM
  done
  return 0
}

do_status() {
  local n rc=0; n="$(configured_nodes)"
  for ((i = 1; i <= n; i++)); do
    if running "$i"; then
      if cql_answers "$i"; then echo "node $i $(node_ip "$i"): running (pid $(pid_of "$i")), CQL answers"
      else echo "node $i $(node_ip "$i"): running (pid $(pid_of "$i")), CQL not answering"; rc=1; fi
    else
      echo "node $i $(node_ip "$i"): stopped"; rc=1
    fi
  done
  return $rc
}

# The node count of this cluster (what stop-node N accepts) when one of its nodes runs; exit 1 when none does.
do_nodes() {
  local n i; n="$(configured_nodes)"
  for ((i = 1; i <= n; i++)); do
    running "$i" && { echo "$n"; return 0; }
  done
  die "cassandra${SCIYCSB_SERVER_INSTANCE:+@$SCIYCSB_SERVER_INSTANCE} is not running"
}

check_node_arg() {
  local i="${1:-}" n; n="$(configured_nodes)"
  [[ "$i" =~ ^[1-9]$ ]] && [ "$i" -le "$n" ] || die "node number must be 1..$n, got '${i}'"
}

do_nodetool() {
  local i="$1"; shift
  check_node_arg "$i"; need_setup; need_java
  local flags=()
  mapfile -t flags < <(jvm_flags "$i" | grep -E '^--add-|^-Djdk')
  "$JAVA" -Xmx256m "${flags[@]}" -Dlogback.configurationFile="$(node_dir "$i")/conf/logback.xml" \
    -cp "$LIB/*" org.apache.cassandra.tools.NodeTool -h 127.0.0.1 -p "$(jmx_port "$i")" "$@"
}

action="${1:-}"; [ $# -gt 0 ] && shift
case "$action" in
  setup) do_setup ;;
  start) do_start "$@" ;;
  stop) do_stop ;;
  status) do_status ;;
  stop-node) check_node_arg "${1:-}"; kill_node "$1" KILL ;;
  start-node) check_node_arg "${1:-}"; need_setup; launch "$1"; wait_cql "$1"; wait_ring ;;
  nodetool) do_nodetool "$@" ;;
  clean) do_stop; rm -rf "$BASE"; log "removed $BASE" ;;
  url) echo "$(node_ip 1):$NATIVE_PORT" ;;
  nodes) do_nodes ;;
  pids) do_nodes >/dev/null; for ((i = 1; i <= $(configured_nodes); i++)); do running "$i" && pid_of "$i"; done; true ;;
  *) echo "usage: cassandra.sh setup|start [--nodes N]|stop|status|stop-node N|start-node N|nodes|nodetool N ARGS|clean|url" >&2; exit 2 ;;
esac
