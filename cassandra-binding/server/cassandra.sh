#!/usr/bin/env bash
# Apache Cassandra 5.0 test server(s) for the cassandra binding, run from the cassandra-all jars on JDK 17.
#
#   cassandra.sh setup                    fetch cassandra-all and its runtime jars (Maven), install JDK 17/Maven if missing
#   cassandra.sh start [--nodes N]        start N nodes (1..9: 127.0.0.1, .2, ...); returns once CQL answers on each
#   cassandra.sh start --nodes N --dcs D  N nodes in D data centres (D divides N; GossipingPropertyFileSnitch, each
#                                         node's cassandra-rackdc.properties: nodes 1..N/D in datacenter1, the next
#                                         N/D in datacenter2, ...; rack1; the first node of each a seed); without
#                                         --dcs one data centre, datacenter1 (SimpleSnitch)
#   cassandra.sh start [--nodes N] --device DEV --memory SIZE   (either or both; docs/devices.md, "Memory caps")
#                                         every node's folder in work/devices/DEV/mnt/<name>[@instance]/node<i> on the
#                                         emulated device DEV; each node its own cgroup v1 memory cgroup,
#                                         /sys/fs/cgroup/memory/sciycsb/<name>[@instance]/node<i>, capped at SIZE (a
#                                         node is a host: SIZE is per node, page cache included; at least
#                                         512M), its heap (-Xms = -Xmx) half of SIZE less 128 MiB and its
#                                         memtables and caches sized from that (cap_flags, cap_yaml); recorded in
#                                         the state folder until stop, which removes the cgroups
#   cassandra.sh stop                     stop every node (TERM, then KILL after 30 s)
#   cassandra.sh status                   exit 0 when every configured node runs and answers CQL
#   cassandra.sh stop-node N              kill node N at once (SIGKILL: a crash, for fault tests)
#   cassandra.sh start-node N             start node N again (its data is kept); returns once CQL answers
#   cassandra.sh kill-node N [M...]       stop-node for each (a run's fault.action=kill-node:N,M)
#   cassandra.sh restore-node N [M...]    start them again; returns once each answers CQL and the ring settled
#   cassandra.sh pause-node N [M...]      freeze them (SIGSTOP): the process keeps its sockets, answers nothing, and
#                                         the others mark it down and keep hints for it (a run's fault.action=
#                                         pause-node:N,M)
#   cassandra.sh resume-node N [M...]     let them go on (SIGCONT); returns once each answers CQL and the ring settled
#   cassandra.sh topology                 each configured node: number, address, data centre, rack, state (running,
#                                         paused, stopped), one a line
#   cassandra.sh nodetool N ARGS...       run nodetool against node N (e.g. "nodetool 1 status")
#   cassandra.sh clean                    stop, then remove every node's data
#   cassandra.sh url                      print the first node's CQL contact point (127.0.0.1:9042)
#   cassandra.sh nodes                    the node count of a running cluster (exit 1 when no node runs)
#   cassandra.sh pids                     the PIDs of its running nodes, one a line
#
# Called by bin/servers with SCIYCSB_HOME and SCIYCSB_WORK set. State under $SCIYCSB_WORK/servers/cassandra/.
# Environment: CASSANDRA_HEAP_MAX (default 1G; 512M for more than 3 nodes, so that nine fit this 24 GiB host:
# about 750 MiB each, heap and the JVM's own), CASSANDRA_HEAP_MIN (512M; 256M for more than 3 nodes),
# CASSANDRA_START_TIMEOUT (a node's wait for CQL: 120 s, 30 s more for each node past 3),
# SCIYCSB_CASSANDRA_NODE_OFFSET (default 0: node N on $NET.(N+offset), JMX port base+offset+N-1), and
# SCIYCSB_SERVER_INSTANCE (bin/servers sets it for cassandra@<instance>: state under servers/cassandra@<instance>;
# give the instance its own addresses with the offset, e.g. 10 for 127.0.0.11; start records them for the later
# verbs).
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=../../bin/lib/server.sh
. "$HERE/../../bin/lib/server.sh"
server_init cassandra
VERSION=5.0.9
BASE="$SERVER_STATE"
LIB="$SCIYCSB_WORK/cache/cassandra-$VERSION/lib"
# the heap and the start timeout by the configured node count (set before every verb, again once start records it)
heap_defaults() {
  local n; n="$(configured_nodes)"
  HEAP_MAX="${CASSANDRA_HEAP_MAX:-$([ "$n" -gt 3 ] && echo 512M || echo 1G)}"
  HEAP_MIN="${CASSANDRA_HEAP_MIN:-$([ "$n" -gt 3 ] && echo 256M || echo 512M)}"
  TIMEOUT="${CASSANDRA_START_TIMEOUT:-$((120 + 30 * (n > 3 ? n - 3 : 0)))}"
}
NATIVE_PORT=9042
STORAGE_PORT=7000
JMX_BASE="${SCIYCSB_CASSANDRA_JMX_BASE:-7199}"
# the smallest --memory cap a node starts and serves CQL with (measured 2026-11-27, one node, cap_heap and cap_yaml:
# 512M starts in 8 s and serves a load of 100,000 records and 30 s of workload a with 16 threads, anonymous memory
# 430 MiB, no OOM kill; at 384M (a 64 MiB heap) two starts of three ended in an OutOfMemoryError); the variable: for
# tests of a start that fails
# shellcheck disable=SC2034  # read by bin/lib/server.sh
SERVER_MEMCAP_MIN="${SCIYCSB_CASSANDRA_MEMCAP_MIN:-$((512 * 1024 * 1024))}"
# on an emulated device (start --device): the nodes' folders live there, named in $BASE/device ("DEV MOUNT-POINT")
NODES_BASE="$BASE"
if [ -f "$BASE/device" ]; then NODES_BASE="$(awk '{print $2}' "$BASE/device")/$SERVER_NAME"; fi

# nodes live on $SCIYCSB_CASSANDRA_NET.1, .2, .3 (default 127.0.0): another loopback net lets two test
# clusters run side by side (set SCIYCSB_CASSANDRA_JMX_BASE too, and point the tests at SCIYCSB_CASSANDRA_HOSTS)
# An instance keeps the addresses it was started with ($BASE/addresses, written by start: net and offset), so that
# later verbs (a run's pause-node, stop) need no environment; the environment, when set, wins.
NET="${SCIYCSB_CASSANDRA_NET:-}"
OFFSET="${SCIYCSB_CASSANDRA_NODE_OFFSET:-}"
if [ -f "$BASE/addresses" ]; then
  read -r REC_NET REC_OFFSET < "$BASE/addresses" || true
  NET="${NET:-$REC_NET}"; OFFSET="${OFFSET:-$REC_OFFSET}"
fi
NET="${NET:-127.0.0}"
OFFSET="${OFFSET:-0}"
node_ip() { echo "$NET.$(($1 + OFFSET))"; }
# the data centres of the cluster ($BASE/dcs, written by start --dcs; none: one data centre under SimpleSnitch)
configured_dcs() { [ -f "$BASE/dcs" ] && cat "$BASE/dcs" || true; }
# node_dc <i>: node i's data centre: nodes 1..N/D in datacenter1, the next N/D in datacenter2, ...
node_dc() {
  local d n; d="$(configured_dcs)"; n="$(configured_nodes)"
  if [ -z "$d" ]; then echo datacenter1; else echo "datacenter$((($1 - 1) / (n / d) + 1))"; fi
}
# the seeds: node 1, and with --dcs the first node of each data centre
seed_list() {
  local d n k out=""; d="$(configured_dcs)"; n="$(configured_nodes)"
  for ((k = 0; k < ${d:-1}; k++)); do out+="${out:+,}$(node_ip $((k * n / ${d:-1} + 1))):$STORAGE_PORT"; done
  echo "$out"
}
# node_tokens <i>: with --dcs, node i's 16 tokens, set rather than allocated: the nodes of a data centre after its
# first start together, and Cassandra's allocator, given the same view of that data centre, handed two of them the
# same tokens (5 of 6 nodes in the ring, 2026-12-04). Each data centre's nodes interleave evenly over the whole
# range (node j of P: slots j, P + j, 2P + j, ... of 16P), each data centre a little apart from the others. Empty
# without --dcs (allocated, as before).
node_tokens() {
  local d n p j dc k s t step out=""; d="$(configured_dcs)"; n="$(configured_nodes)"
  [ -n "$d" ] || return 0
  p=$((n / d)); j=$((($1 - 1) % p)); dc=$((($1 - 1) / p))
  step=$((9223372036854775807 / (8 * p)))
  for ((k = 0; k < 16; k++)); do
    s=$((k * p + j))
    if [ "$s" -lt $((8 * p)) ]; then t=$((-9223372036854775807 + s * step + dc * 1000))
    else t=$(((s - 8 * p) * step + 1 + dc * 1000)); fi
    out+="${out:+,}$t"
  done
  echo "$out"
}
node_dir() { echo "$NODES_BASE/node$1"; }
jmx_port() { echo $((JMX_BASE + OFFSET + $1 - 1)); }

need_java() {
  JAVA="$(find_java 17)" || die "JDK 17 not found (Cassandra 5.0 runs on JDK 11 or 17): run 'bin/servers setup cassandra'"
}

# ------------------------------------------------------------------------------------------------ setup

cmd_setup() {
  need_java17
  need_mvn
  if [ -f "$LIB/.complete" ] && [ -f "$LIB/cassandra-all-$VERSION.jar" ]; then
    say "cassandra $VERSION jars already in $LIB"
    return 0
  fi
  say "fetching org.apache.cassandra:cassandra-all:$VERSION and its runtime dependencies into $LIB"
  mkdir -p "$LIB"
  JAVA_HOME="$(dirname "$(dirname "$JAVA")")" mvn -B -q -f "$HERE/cassandra-server-pom.xml" \
    -Dcassandra.version="$VERSION" dependency:copy-dependencies \
    -DincludeScope=runtime -DoutputDirectory="$LIB"
  [ -f "$LIB/cassandra-all-$VERSION.jar" ] || die "cassandra-all-$VERSION.jar missing in $LIB after the Maven fetch"
  touch "$LIB/.complete"
  say "setup done: $(ls "$LIB"/*.jar | wc -l) jars"
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
  local i="$1" n="$2" dir ip
  dir="$(node_dir "$i")"; ip="$(node_ip "$i")"
  mkdir -p "$dir/conf" "$dir/data" "$dir/commitlog" "$dir/saved_caches" "$dir/hints" "$dir/cdc_raw" "$dir/logs"
  cat > "$dir/conf/cassandra.yaml" <<EOF
# written by cassandra.sh for node $i of $n: a loopback test node, not a production configuration
cluster_name: 'sciycsb'
num_tokens: 16
allocate_tokens_for_local_replication_factor: 3
initial_token: $(node_tokens "$i")
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
      - seeds: "$(seed_list)"
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
endpoint_snitch: $([ -n "$(configured_dcs)" ] && echo GossipingPropertyFileSnitch || echo SimpleSnitch)
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
  if [ -n "$(node_cap)" ]; then cap_yaml "$(node_cap)" >> "$dir/conf/cassandra.yaml"; fi
  printf '%s\n' "# written by cassandra.sh: node $i's place (GossipingPropertyFileSnitch reads it with --dcs)" \
    "dc=$(node_dc "$i")" "rack=rack1" > "$dir/conf/cassandra-rackdc.properties"
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
  if [ -n "$(node_cap)" ]; then cap_flags "$(node_cap)"; else printf '%s\n' "-Xms$HEAP_MIN" "-Xmx$HEAP_MAX" -XX:G1HeapRegionSize=16m; fi
  printf '%s\n' \
    -Xss256k \
    -XX:+UseG1GC -XX:+ParallelRefProcEnabled -XX:MaxTenuringThreshold=1 \
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

# ------------------------------------------------------------------------------------------------ memory cap

# The cap of every node in bytes while the cluster runs with one (start --memory, recorded in $BASE/memory until
# stop: start-node and restore-node after a kill start a node capped again); empty without one.
node_cap() { if [ -f "$BASE/memory" ]; then awk '{print $1}' "$BASE/memory"; fi; }
node_cgroup() { echo "$(memcap_cgroup)/node$1"; }

# cap_heap <bytes>: the heap in MiB under a cap of that much: half the cap less 128 MiB. The JVM's own memory
# outside the heap (metaspace, code cache, thread stacks, GC structures) is about 250 MiB for Cassandra 5.0 whatever
# the heap: at 512M a heap of half the cap was OOM-killed idle with 503 MiB anonymous memory (2026-11-27).
cap_heap() { echo $(($1 / 1048576 / 2 - 128)); }

# cap_flags <bytes>: the JVM's memory under a cap of that much. The heap, fixed (-Xms = -Xmx), is cap_heap; direct
# memory (the chunk cache of file_cache_size, the networking buffers, Netty's) an eighth of the cap. The rest is
# for what no flag bounds: metaspace, the code cache, thread stacks, the mapped commit log segments and the page
# cache of the SSTables it reads and writes (charged to the cgroup).
cap_flags() {
  local mib=$(($1 / 1048576)) heap; heap="$(cap_heap "$1")"
  printf '%s\n' "-Xms${heap}M" "-Xmx${heap}M" "-XX:MaxDirectMemorySize=$((mib / 8))M"
}

# cap_yaml <bytes>: cassandra.yaml's memory settings under the cap (Cassandra 5.0's names; the defaults they
# replace are fractions of the heap or fixed sizes meant for a large machine): memtables on the heap a quarter of
# it, the key cache and the index summaries 5% of it, the counter cache and the prepared statements 2.5%; off the
# heap, the chunk cache (file_cache_size) a sixteenth of the cap and the networking buffers a thirty-second, so
# both fit in the direct memory of cap_flags; no row cache.
cap_yaml() {
  local mib=$(($1 / 1048576)) heap
  heap="$(cap_heap "$1")"
  mb() { echo "$(($1 > 0 ? $1 : 1))MiB"; }   # at least 1 MiB (Cassandra refuses 0 for some)
  printf '%s\n' "# sized from the memory cap of $mib MiB (start --memory): heap ${heap}MiB" \
    "memtable_heap_space: $(mb $((heap / 4)))" \
    "key_cache_size: $(mb $((heap / 20)))" \
    "counter_cache_size: $(mb $((heap / 40)))" \
    "row_cache_size: 0MiB" \
    "prepared_statements_cache_size: $(mb $((heap / 40)))" \
    "index_summary_capacity: $(mb $((heap / 20)))" \
    "file_cache_size: $(mb $((mib / 16)))" \
    "networking_cache_size: $(mb $((mib / 32)))"
}

# node_cgroup_join <i>: this (sub)shell into node i's cgroup, made with the cap when missing (each node is its own
# host: its own cgroup and cap; the cluster's cgroup above them is capped at N times the cap); nothing without a cap
node_cgroup_join() {
  local cap cg; cap="$(node_cap)"
  [ -n "$cap" ] || return 0
  cg="$(node_cgroup "$1")"
  mkdir -p "$cg"
  echo "$cap" >"$cg/memory.limit_in_bytes"
  if [ -f "$cg/memory.memsw.limit_in_bytes" ]; then echo "$cap" >"$cg/memory.memsw.limit_in_bytes"; fi
  echo "$BASHPID" >"$cg/cgroup.procs"
}

# cluster_cgroup_make <n>: the cluster's cgroup, capped at n times the cap (when --memory was given)
cluster_cgroup_make() {
  [ -n "$MEMCAP_BYTES" ] || return 0
  local per="$MEMCAP_BYTES"
  MEMCAP_BYTES=$((per * $1)); memcap_cgroup_make; MEMCAP_BYTES="$per"
}

# cluster_cgroup_release [KILL]: every node's cgroup removed once its processes are gone (killed first with KILL),
# then the cluster's (memcap_release); exit 1 with one line when processes remain after 10 s
cluster_cgroup_release() {
  local cg p deadline
  memcap_ours || return 0   # not another checkout's cassandra of the same name
  for cg in "$(memcap_cgroup)"/node*; do
    [ -d "$cg" ] || continue
    if [ "${1:-}" = KILL ]; then
      for p in $(cat "$cg/cgroup.procs" 2>/dev/null); do kill -KILL "$p" 2>/dev/null || true; done
    fi
    deadline=$((SECONDS + 10))
    while memcap_procs_left "$cg"; do
      [ "$SECONDS" -lt "$deadline" ] || { say "cgroup $cg still has processes: $(tr '\n' ' ' <"$cg/cgroup.procs")"; return 1; }
      sleep 0.1
    done
    rmdir "$cg" 2>/dev/null || { sleep 0.5; rmdir "$cg"; } || { say "could not remove cgroup $cg"; return 1; }
  done
  memcap_release
}

# the EXIT trap of a start with a cap: when it failed, one line (whether a node's OOM killer struck), exit 1, and
# no node left running in the cgroups
memcap_start_failed() {
  local rc="$1" kills=0 k cg
  [ "$rc" != 0 ] || return 0
  for cg in "$(memcap_cgroup)"/node*; do
    k="$(awk '$1 == "oom_kill" {print $2}' "$cg/memory.oom_control" 2>/dev/null || true)"
    kills=$((kills + ${k:-0}))
  done
  cluster_cgroup_release KILL || true
  for ((i = 1; i <= 9; i++)); do rm -f "$(node_dir "$i")/cassandra.pid"; done
  if [ "$kills" -gt 0 ]; then
    say "did not start: the memory cap $(numfmt --to=iec "$MEMCAP_BYTES") is too small (its OOM killer killed $kills process(es); logs: $(node_dir 1)/logs/)"
  elif grep -qs OutOfMemoryError "$(node_dir 1)/logs/stdout.log"; then
    say "did not start: the memory cap $(numfmt --to=iec "$MEMCAP_BYTES") is too small (its heap of $(cap_heap "$MEMCAP_BYTES")M ran out: OutOfMemoryError; logs: $(node_dir 1)/logs/)"
  else
    say "did not start with the memory cap $(numfmt --to=iec "$MEMCAP_BYTES") (logs: $(node_dir 1)/logs/)"
  fi
  exit 1
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
  if running "$i"; then say "node $i ($ip) already running (pid $(pid_of "$i"))"; return 0; fi
  ! port_open "$ip" "$NATIVE_PORT" || die "port $ip:$NATIVE_PORT is already in use by another process: is another Cassandra running?"
  need_java
  local flags=()
  mapfile -t flags < <(jvm_flags "$i")
  ( cd "$dir" && node_cgroup_join "$i" && exec nohup "$JAVA" "${flags[@]}" \
      -Dcassandra.config="file://$dir/conf/cassandra.yaml" \
      -Dlogback.configurationFile="$dir/conf/logback.xml" \
      -Dcassandra.logdir="$dir/logs" -Dcassandra.storagedir="$dir" \
      -Dcassandra.jmx.local.port="$(jmx_port "$i")" \
      -Dcassandra.ring_delay_ms=1000 -Dcassandra.skip_wait_for_gossip_to_settle=0 \
      -Dcassandra-foreground=yes \
      -cp "$dir/conf:$LIB/*" org.apache.cassandra.service.CassandraDaemon \
      > "$dir/logs/stdout.log" 2>&1 < /dev/null ) &
  pid_write "$dir/cassandra.pid" $!
  local cap; cap="$(node_cap)"
  say "node $i starting on $ip (pid $!, JMX port $(jmx_port "$i"), logs $dir/logs/system.log${cap:+, memory capped at $(numfmt --to=iec "$cap") (cgroup $(node_cgroup "$i"))})"
}

# node <i> answers CQL; dies when its process exited (the process itself, not its command line: right after the
# fork it may not have exec'd java yet)
cql_up() {
  cql_answers "$1" && return 0
  kill -0 "$(pid_of "$1")" 2>/dev/null && return 1
  tail -n 30 "$(node_dir "$1")/logs/system.log" "$(node_dir "$1")/logs/stdout.log" >&2 2>/dev/null || true
  die "node $1 exited during start (logs: $(node_dir "$1")/logs/)"
}

wait_cql() {
  if WAIT_POLL=1 wait_until "$TIMEOUT" "node $1 to answer CQL on $(node_ip "$1"):$NATIVE_PORT" cql_up "$1"; then
    say "node $1 ($(node_ip "$1")) answers CQL on port $NATIVE_PORT"
  else
    tail -n 30 "$(node_dir "$1")/logs/system.log" >&2 2>/dev/null || true
    exit 1
  fi
}

# unpause <i>: node i goes on (SIGCONT) when pause-node froze it; nothing otherwise
unpause() {
  if [ -f "$(node_dir "$1")/paused" ]; then kill -CONT "$(pid_of "$1")" 2>/dev/null || true; rm -f "$(node_dir "$1")/paused"; fi
}

kill_node() {
  local i="$1" sig="$2" pid
  pid="$(pid_of "$i")"
  if [ -z "$pid" ] || ! running "$i"; then rm -f "$(node_dir "$i")/cassandra.pid" "$(node_dir "$i")/paused"; return 0; fi
  unpause "$i" # a paused node handles no TERM until it goes on
  stop_pid "$pid" 30 "$sig"
  rm -f "$(node_dir "$i")/cassandra.pid"
  say "node $i stopped (pid $pid, signal $sig)"
}

# ------------------------------------------------------------------------------------------------ actions

cmd_start() {
  local n=1 d="" given=$#
  memcap_parse "$@"
  set -- ${MEMCAP_ARGS[@]+"${MEMCAP_ARGS[@]}"}
  while [ $# -gt 0 ]; do
    case "$1" in
      --nodes) n="${2:?--nodes needs a number}"; shift 2 ;;
      --nodes=*) n="${1#--nodes=}"; shift ;;
      --dcs) d="${2:?--dcs needs a number}"; shift 2 ;;
      --dcs=*) d="${1#--dcs=}"; shift ;;
      *) memcap_bad "start: unknown argument '$1' (--nodes N, --dcs D, --device DEV, --memory SIZE)" ;;
    esac
  done
  [[ "$n" =~ ^[1-9]$ ]] || memcap_bad "start: --nodes must be 1..9, got '$n'"
  if [ -n "$d" ]; then
    [[ "$d" =~ ^[1-9]$ ]] && [ "$d" -le "$n" ] && [ $((n % d)) -eq 0 ] \
      || memcap_bad "start: --dcs must divide --nodes $n (each data centre the same number of nodes), got '$d'"
  fi
  if [ "$given" -gt 0 ] && [ -n "$MEMCAP_DEVICE$MEMCAP_BYTES" ]; then
    for ((i = 1; i <= 9; i++)); do
      ! running "$i" || memcap_bad "already running (node $i, pid $(pid_of "$i")): stop it first to start it with --device/--memory"
    done
  fi
  need_setup; need_java
  start_prepare "$n" "$d"
  heap_defaults
  for ((i = 1; i <= n; i++)); do write_config "$i" "$n"; done
  # The seed first, then the others together (auto_bootstrap is off: a fresh, empty test cluster).
  launch 1
  wait_cql 1
  for ((i = 2; i <= n; i++)); do launch "$i"; done
  for ((i = 2; i <= n; i++)); do wait_cql "$i"; done
  wait_ring
  trap - EXIT
  say "cassandra $VERSION: $n node(s) up${d:+ in $d data centres} (CQL on $(for ((i = 1; i <= n; i++)); do printf '%s ' "$(node_ip "$i"):$NATIVE_PORT"; done))"
}

# start_prepare <n> <dcs>: the state folder for an n-node start in dcs data centres (empty: one, SimpleSnitch): the
# old cluster's data removed when the node count or the data centres change (a node refuses to start in another
# data centre than its data's), the device and cap recorded (memcap_record), the cluster's cgroup made (with the
# EXIT trap that undoes a failed start), the TLS files
start_prepare() {
  local n="$1" d="$2" old olddcs; old="$(configured_nodes)"; olddcs="$(configured_dcs)"
  if [ -f "$BASE/nodes" ] && { [ "$old" != "$n" ] || [ "$olddcs" != "$d" ]; }; then
    for ((i = 1; i <= 9; i++)); do running "$i" && die "a $old-node cluster${olddcs:+ in $olddcs data centres} is running: stop it first"; done
    say "layout changes from $old node(s)${olddcs:+ in $olddcs data centres} to $n${d:+ in $d}: removing the old cluster's data"
    rm -rf "$NODES_BASE"/node*
  fi
  mkdir -p "$BASE"; echo "$n" > "$BASE/nodes"; echo "$NET $OFFSET" > "$BASE/addresses"
  if [ -n "$d" ]; then echo "$d" > "$BASE/dcs"; else rm -f "$BASE/dcs"; fi
  # the cgroups a crashed cluster of this checkout left (before memcap_record claims the name)
  if [ -n "$MEMCAP_BYTES" ] && ! running 1; then cluster_cgroup_release KILL || true; fi
  memcap_record
  NODES_BASE="$BASE"
  if [ -n "$MEMCAP_DEVICE" ]; then NODES_BASE="$MEMCAP_MNT/$SERVER_NAME"; fi
  if [ -n "$MEMCAP_BYTES" ]; then
    cluster_cgroup_make "$n"
    trap 'memcap_start_failed $?' EXIT
  fi
  write_tls
}

# Waits until node 1 sees every configured node Up and Normal (UN) and the cluster agrees on one schema version.
wait_ring() {
  local n; n="$(configured_nodes)"
  [ "$n" -gt 1 ] || return 0
  if WAIT_POLL=2 wait_until "$TIMEOUT" "the ring to settle" ring_settled "$n"; then
    say "node 1 sees all $n nodes Up/Normal with one schema version"
  else
    echo "$RING" >&2; exit 1
  fi
}

# ring_settled <n>: node 1 sees n nodes Up/Normal and one schema version (its nodetool status in RING)
ring_settled() {
  RING="$(cmd_nodetool 1 status 2>/dev/null || true)"
  [ "$(grep -c '^UN ' <<<"$RING")" -eq "$1" ] \
    && [ "$(cmd_nodetool 1 describecluster 2>/dev/null | grep -cE '^\s+[0-9a-f-]{36}: \[')" -eq 1 ]
}

# stop: TERM to every node at once (a paused one continued first), then each waited for (KILL after 30 s): nine
# nodes stop in the time of the slowest, not of all of them one after the other
cmd_stop() {
  local i pid
  for ((i = 1; i <= 9; i++)); do
    pid="$(pid_of "$i")"
    if [ -n "$pid" ] && running "$i"; then
      unpause "$i"
      kill -TERM "$pid" 2>/dev/null || true
    fi
  done
  for ((i = 1; i <= 9; i++)); do
    [ -f "$(node_dir "$i")/cassandra.pid" ] && kill_node "$i" TERM
  done
  cluster_cgroup_release || exit 1
  memcap_forget
  return 0
}

cmd_status() {
  local n rc=0; n="$(configured_nodes)"
  for ((i = 1; i <= n; i++)); do
    if running "$i"; then
      if [ -f "$(node_dir "$i")/paused" ]; then echo "node $i $(node_ip "$i"): paused (pid $(pid_of "$i"), SIGSTOP)"; rc=1
      elif cql_answers "$i"; then echo "node $i $(node_ip "$i"): running (pid $(pid_of "$i")), CQL answers"
      else echo "node $i $(node_ip "$i"): running (pid $(pid_of "$i")), CQL not answering"; rc=1; fi
    else
      echo "node $i $(node_ip "$i"): stopped"; rc=1
    fi
  done
  return $rc
}

# The node count of this cluster (what stop-node N accepts) when one of its nodes runs; exit 1 when none does.
cmd_nodes() {
  local n i; n="$(configured_nodes)"
  for ((i = 1; i <= n; i++)); do
    running "$i" && { echo "$n"; return 0; }
  done
  die "not running"
}

check_node_arg() {
  local i="${1:-}" n; n="$(configured_nodes)"
  [[ "$i" =~ ^[1-9]$ ]] && [ "$i" -le "$n" ] || die "node number must be 1..$n, got '${i}'"
}

cmd_nodetool() {
  local i="${1:-}"; [ $# -eq 0 ] || shift
  check_node_arg "$i"; need_setup; need_java
  local flags=()
  mapfile -t flags < <(jvm_flags "$i" | grep -E '^--add-|^-Djdk')
  "$JAVA" -Xmx256m "${flags[@]}" -Dlogback.configurationFile="$(node_dir "$i")/conf/logback.xml" \
    -cp "$LIB/*" org.apache.cassandra.tools.NodeTool -h 127.0.0.1 -p "$(jmx_port "$i")" "$@"
}

cmd_stop_node() { check_node_arg "${1:-}"; kill_node "$1" KILL; }
cmd_start_node() { check_node_arg "${1:-}"; need_setup; launch "$1"; wait_cql "$1"; wait_ring; }
# kill-node / restore-node N [M...]: the node faults of a run (fault.action=kill-node), every number checked first
check_node_args() { [ $# -gt 0 ] || die "node number must be 1..$(configured_nodes), got ''"; local i; for i; do check_node_arg "$i"; done; }
cmd_kill_node() { check_node_args "$@"; local i; for i; do kill_node "$i" KILL; done; }
cmd_restore_node() {
  check_node_args "$@"; need_setup
  local i
  for i; do launch "$i"; done
  for i; do wait_cql "$i"; done
  wait_ring
}
# pause-node / resume-node N [M...]: a node frozen (SIGSTOP) and let go on (SIGCONT), a run's fault.action=pause-node
cmd_pause_node() {
  check_node_args "$@"
  local i
  for i; do running "$i" || die "node $i is not running: nothing to pause"; done
  for i; do
    kill -STOP "$(pid_of "$i")"; : > "$(node_dir "$i")/paused"
    say "node $i paused (pid $(pid_of "$i"), SIGSTOP)"
  done
}
cmd_resume_node() {
  check_node_args "$@"
  local i
  for i; do running "$i" || die "node $i is not running: nothing to resume (restore-node starts a stopped node)"; done
  for i; do
    unpause "$i"
    say "node $i resumed (pid $(pid_of "$i"), SIGCONT)"
  done
  for i; do wait_cql "$i"; done
  wait_ring
}
# topology: every configured node's number, address, data centre, rack and state
cmd_topology() {
  local i state
  for ((i = 1; i <= $(configured_nodes); i++)); do
    if ! running "$i"; then state=stopped; elif [ -f "$(node_dir "$i")/paused" ]; then state=paused; else state=running; fi
    echo "$i $(node_ip "$i") $(node_dc "$i") rack1 $state"
  done
}
cmd_clean() { local nodes="$NODES_BASE"; cmd_stop; rm -rf "$BASE" "$nodes"; say "removed $BASE${nodes#"$BASE"}"; }
cmd_url() { echo "$(node_ip 1):$NATIVE_PORT"; }
cmd_pids() {
  local i
  cmd_nodes >/dev/null
  for ((i = 1; i <= $(configured_nodes); i++)); do running "$i" && pid_of "$i"; done; true
}

# datadir: every configured node's folder (its data, commit log, hints and saved caches)
cmd_datadir() {
  local i dirs=()
  for i in $(seq 1 "$(configured_nodes)"); do dirs+=("$(node_dir "$i")"); done
  print_datadirs "${dirs[@]}"
}
heap_defaults
server_main "$@"
