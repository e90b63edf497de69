#!/usr/bin/env bash
# Riak KV 3.2.2 (OpenRiak) test server(s) for the riak binding, from the release in ../shared/riak.
#
#   riak.sh setup                 install Debian's runtime libraries, unpack the release once into the cache
#   riak.sh start [--nodes N]     start N nodes (default 1) on 127.0.0.1, join them into one ring, wait until the
#                                 ring has settled and the bucket types exist; returns once every node serves riak_kv
#   riak.sh stop                  stop every node (riak stop; SIGKILL after 60 s), then epmd if no node is left
#   riak.sh status                exit 0 when every configured node answers ping
#   riak.sh kill                  SIGKILL every node (a crash, for fault tests); data kept, "start" brings them back
#   riak.sh stop-node N           SIGKILL node N (a node crash); start-node N brings it back into the ring
#   riak.sh start-node N          start node N again (its data and ring membership are kept)
#   riak.sh admin N ARGS...       run "riak admin ARGS" on node N (e.g. "admin 1 member-status")
#   riak.sh url                   the riak.hosts value for the running nodes: 127.0.0.1:8087[,127.0.0.1:8097...]
#   riak.sh clean                 stop, then remove every node's data
#
# Node K (1..N) of an instance whose base port is P (SCIYCSB_RIAK_PORT, default 8087; 8187 for a named instance
# riak@<instance>) listens on 127.0.0.1 only: protocol buffers P+10(K-1), HTTP P+11+10(K-1), handoff P+12+10(K-1),
# Erlang distribution P+13+10(K-1), cluster manager P+14+10(K-1); epmd on 127.0.0.1:4369. Node names are
# riakK@127.0.0.1 (riak_<instance>K@127.0.0.1 for an instance). Backend: leveled (secondary indexes work);
# strong_consistency = on. Bucket types made by start: "strong" (consistent = true, n_val min(3, N)) once the
# ensemble service is up, and "eventual" (n_val min(3, N)), the index bucket type strongly consistent runs need.
#
# Environment: SCIYCSB_RIAK_PORT, SCIYCSB_RIAK_RING_SIZE (default 8), SCIYCSB_RIAK_START_TIMEOUT (180 s),
# SCIYCSB_RIAK_RELEASE (the tarball, default $SCIYCSB_HOME/../shared/riak/riak-3.2.2p1-nhse.tar.gz),
# SCIYCSB_SERVER_INSTANCE (set by bin/servers for riak@<instance>). State under $SCIYCSB_WORK/servers/riak[@inst]/.
# Figures measured against it: "Riak KV 3.2.2, leveled" (and "ring of N on one host" when N > 1).
set -euo pipefail

VERSION=3.2.2p1-nhse
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
SCIYCSB_HOME="${SCIYCSB_HOME:-$(cd "$HERE/../.." && pwd)}"
SCIYCSB_WORK="${SCIYCSB_WORK:-$SCIYCSB_HOME/work}"
INSTANCE="${SCIYCSB_SERVER_INSTANCE:-}"
BASE="$SCIYCSB_WORK/servers/riak${INSTANCE:+@$INSTANCE}"
RELEASE="${SCIYCSB_RIAK_RELEASE:-$SCIYCSB_HOME/../shared/riak/riak-$VERSION.tar.gz}"
CACHE="$SCIYCSB_WORK/cache/riak-$VERSION"
if [ -n "$INSTANCE" ]; then DEFAULT_PORT=8187; else DEFAULT_PORT=8087; fi
PORT="${SCIYCSB_RIAK_PORT:-$DEFAULT_PORT}"
RING_SIZE="${SCIYCSB_RIAK_RING_SIZE:-8}"
TIMEOUT="${SCIYCSB_RIAK_START_TIMEOUT:-180}"
HOST=127.0.0.1

die() { echo "riak.sh: $*" >&2; exit 1; }
log() { echo "riak.sh: [${SECONDS}s] $*" >&2; }

node_dir() { echo "$BASE/node$1"; }
node_name() { echo "riak${INSTANCE:+_$INSTANCE}$1@$HOST"; }
pb_port() { echo $((PORT + 10 * ($1 - 1))); }
http_port() { echo $((PORT + 11 + 10 * ($1 - 1))); }
handoff_port() { echo $((PORT + 12 + 10 * ($1 - 1))); }
dist_port() { echo $((PORT + 13 + 10 * ($1 - 1))); }
mgr_port() { echo $((PORT + 14 + 10 * ($1 - 1))); }
configured_nodes() { [ -f "$BASE/nodes" ] && cat "$BASE/nodes" || echo 1; }
# the release's script; its daemon's named pipes live in the node's folder, not in /tmp/erl_pipes
riak() { local n="$1"; shift; PIPE_DIR="$(node_dir "$n")/pipes/" "$(node_dir "$n")/bin/riak" "$@"; }
epmd_bin() { ls -d "$CACHE"/erts-*/bin/epmd 2>/dev/null | head -n 1; }

# ------------------------------------------------------------------------------------------------ setup

need_libs() {
  local missing=() lib pkg
  for pair in libcrypto.so.3:libssl3 libtinfo.so.6:libtinfo6 libz.so.1:zlib1g libstdc++.so.6:libstdc++6 \
              libpam.so.0:libpam0g; do
    lib="${pair%%:*}"; pkg="${pair##*:}"
    ldconfig -p 2>/dev/null | grep -q "$lib" || missing+=("$pkg")
  done
  command -v curl >/dev/null || missing+=(curl)
  [ ${#missing[@]} -eq 0 ] && return 0
  [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null \
    || die "setup: Riak needs the Debian packages ${missing[*]}: install them"
  log "installing ${missing[*]} with apt-get"
  { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}"; } >/dev/null \
    || die "setup: apt-get could not install ${missing[*]}"
}

do_setup() {
  need_libs
  if [ -f "$CACHE/.complete" ] && [ -x "$CACHE/bin/riak" ]; then
    log "Riak KV $VERSION already unpacked in $CACHE"
    return 0
  fi
  [ -f "$RELEASE" ] || die "setup: the Riak release is not at $RELEASE (set SCIYCSB_RIAK_RELEASE)"
  log "unpacking $RELEASE into $CACHE"
  rm -rf "$CACHE"; mkdir -p "$CACHE"
  tar -xzf "$RELEASE" -C "$CACHE" || die "setup: cannot unpack $RELEASE"
  [ -x "$CACHE/bin/riak" ] || die "setup: $RELEASE holds no bin/riak"
  rm -rf "$CACHE/data" "$CACHE/log"
  touch "$CACHE/.complete"
}

need_setup() { [ -f "$CACHE/.complete" ] || die "Riak is not set up: run 'bin/servers setup riak'"; }

# ------------------------------------------------------------------------------------------------ nodes

# riak.conf keys this script owns: every earlier line of the key is removed, then the value appended
set_conf() {
  local conf="$1" key="$2" value="$3"
  sed -i "/^${key//./\\.} *=/d" "$conf"
  echo "$key = $value" >>"$conf"
}

make_node() {
  local n="$1" dir conf
  dir="$(node_dir "$n")"
  [ -x "$dir/bin/riak" ] && return 0
  mkdir -p "$BASE"
  cp -a "$CACHE" "$dir.tmp"
  rm -f "$dir.tmp/.complete"
  mkdir -p "$dir.tmp/data" "$dir.tmp/log"
  conf="$dir.tmp/etc/riak.conf"
  set_conf "$conf" nodename "$(node_name "$n")"
  set_conf "$conf" listener.protobuf.internal "$HOST:$(pb_port "$n")"
  set_conf "$conf" listener.http.internal "$HOST:$(http_port "$n")"
  set_conf "$conf" handoff.ip "$HOST"
  set_conf "$conf" handoff.port "$(handoff_port "$n")"
  set_conf "$conf" mdc.cluster_manager "$HOST:$(mgr_port "$n")"
  # advanced.config sets the cluster manager too (and wins): give it the node's port
  sed -i "s/{cluster_mgr, *{\"[0-9.]*\", *[0-9]* *} *}/{cluster_mgr, {\"$HOST\", $(mgr_port "$n")}}/" \
    "$dir.tmp/etc/advanced.config"
  grep -q "{cluster_mgr, {\"$HOST\", $(mgr_port "$n")}}" "$dir.tmp/etc/advanced.config" \
    || die "start: could not set the cluster manager port in $dir.tmp/etc/advanced.config"
  set_conf "$conf" erlang.distribution.interface "$HOST"
  set_conf "$conf" erlang.distribution.port_range.minimum "$(dist_port "$n")"
  set_conf "$conf" erlang.distribution.port_range.maximum "$(dist_port "$n")"
  set_conf "$conf" storage_backend leveled
  set_conf "$conf" ring_size "$RING_SIZE"
  set_conf "$conf" anti_entropy passive
  set_conf "$conf" strong_consistency on
  set_conf "$conf" erlang.async_threads 16
  mv "$dir.tmp" "$dir"
}

start_epmd() {
  if "$(epmd_bin)" -names >/dev/null 2>&1; then
    return 0
  fi
  # the release's scripts would start epmd on every interface: start it on loopback first
  "$(epmd_bin)" -daemon -address "$HOST" || die "start: epmd did not start on $HOST"
}

# the node's beam.smp, found by its node name (works while the node boots, unlike "riak pid")
pid_of() { pgrep -f -- "-name $(node_name "$1")( |\$)" | head -n 1 || true; }

port_busy() { (exec 3<>"/dev/tcp/$HOST/$1") 2>/dev/null; }

launch() {
  local n="$1" p
  if [ -n "$(pid_of "$n")" ]; then
    return 0
  fi
  for p in "$(pb_port "$n")" "$(http_port "$n")" "$(handoff_port "$n")" "$(dist_port "$n")"; do
    ! port_busy "$p" || die "start: port $HOST:$p of node $n is already in use (set SCIYCSB_RIAK_PORT)"
  done
  log "starting node $n ($(node_name "$n"), protocol buffers $HOST:$(pb_port "$n"))"
  riak "$n" daemon >>"$(node_dir "$n")/log/daemon.out" 2>&1 \
    || die "start: node $n did not start; log: $(node_dir "$n")/log/console.log"
}

# evaluates an Erlang expression on node N and prints its value ("riak admin" prints on the node's console only)
ev() { riak "$1" eval "$2" 2>/dev/null </dev/null; }

wait_kv() {
  local n="$1" deadline=$((SECONDS + TIMEOUT))
  while [ $SECONDS -lt $deadline ]; do
    [ "$(ev "$n" "lists:member(riak_kv, riak_core_node_watcher:services(node())).")" = true ] && return 0
    [ -n "$(pid_of "$n")" ] || break
    sleep 1
  done
  die "start: node $n does not serve riak_kv (waited up to ${TIMEOUT}s; its last log line: $(tail -n 1 \
    "$(node_dir "$n")/log/console.log" 2>/dev/null | cut -c1-200)); log: $(node_dir "$n")/log/console.log"
}

members() { ev 1 "{ok, R} = riak_core_ring_manager:get_my_ring(), riak_core_ring:all_member_status(R)."; }

join_ring() {
  local count="$1" n joined=0 out
  for n in $(seq 2 "$count"); do
    if ! members | grep -q "'$(node_name "$n")'"; then
      # a node that serves riak_kv may still be starting its other services: {error, node_still_starting} (seen on a
      # loaded machine); asked again for up to a minute
      local until=$((SECONDS + 60))
      while out="$(ev "$n" "riak_core:staged_join('$(node_name 1)').")"; [ "$out" != ok ]; do
        [[ "$out" == *node_still_starting* && $SECONDS -lt $until ]] || die "start: node $n cannot join $(node_name 1): $out"
        sleep 1
      done
      joined=1
    fi
  done
  [ "$joined" = 1 ] || return 0
  local deadline=$((SECONDS + 60))
  while [ $SECONDS -lt $deadline ]; do
    ev 1 "riak_core_claimant:plan()." >/dev/null
    out="$(ev 1 "riak_core_claimant:commit().")"
    [ "$out" = ok ] && { log "joined $count nodes into one ring"; return 0; }
    sleep 1
  done
  die "start: the join of $count nodes could not be committed: $out"
}

wait_settled() {
  local count="$1" deadline=$((SECONDS + TIMEOUT)) valid
  while [ $SECONDS -lt $deadline ]; do
    valid="$(members | grep -o ", *valid}" | wc -l)"
    # every node a valid member, agreeing on the ring, no ownership change pending (hinted handoffs of idle
    # fallback vnodes after a restart may still wait for their inactivity timeout: they do not matter here)
    if [ "$valid" = "$count" ] && ev 1 "riak_core_status:ringready()." | grep -q '^{ok' \
        && [ "$(ev 1 "{ok, R} = riak_core_ring_manager:get_my_ring(), riak_core_ring:pending_changes(R).")" = "[]" ]; then
      return 0
    fi
    sleep 1
  done
  members >"$BASE/members.txt" 2>&1 || true
  die "start: the ring of $count node(s) did not settle within ${TIMEOUT}s (its members: $BASE/members.txt)"
}

bucket_type() {
  local name="$1" props="$2" deadline=$((SECONDS + 60)) status
  while [ $SECONDS -lt $deadline ]; do
    status="$(ev 1 "riak_core_bucket_type:status(<<\"$name\">>).")"
    case "$status" in
      active) return 0 ;;
      undefined) ev 1 "riak_core_bucket_type:create(<<\"$name\">>, $props)." >/dev/null ;;
      ready) ev 1 "riak_core_bucket_type:activate(<<\"$name\">>)." >/dev/null ;;
    esac
    sleep 1
  done
  die "start: bucket type $name did not become active (status: $status)"
}

ensemble_enabled() {
  local deadline=$((SECONDS + 60))
  while [ $SECONDS -lt $deadline ]; do
    [ "$(ev 1 "riak_ensemble_manager:enabled().")" = true ] && return 0
    sleep 1
  done
  return 1
}

# the ensembles elect their leaders some time after the service is enabled: until then every strongly consistent
# request is refused. A write of a new key (a strongly consistent put without a causal context) through node 1's
# HTTP API tells when they serve.
strong_writes_accepted() {
  local deadline=$((SECONDS + TIMEOUT)) code
  while [ $SECONDS -lt $deadline ]; do
    code="$(curl -s -o /dev/null -w '%{http_code}' -X PUT -H 'Content-Type: text/plain' --data ready \
      "http://$HOST:$(http_port 1)/types/strong/buckets/sciycsb_ready/keys/k$(date +%s%N)" 2>/dev/null || true)"
    case "$code" in 200|201|204) log "the strongly consistent bucket type accepts writes"; return 0 ;; esac
    sleep 2
  done
  die "start: the ensembles refuse strongly consistent writes ${TIMEOUT}s after the ring settled (HTTP $code)"
}

make_bucket_types() {
  local count="$1" nval=$(( $1 < 3 ? $1 : 3 ))
  bucket_type eventual "[{n_val, $nval}]"
  if [ "$count" -ge 3 ] && ensemble_enabled; then
    bucket_type strong "[{consistent, true}, {n_val, $nval}]"
    strong_writes_accepted
  else
    log "no strongly consistent bucket type: Riak enables its ensemble service on rings of 3 nodes or more"
  fi
}

do_start() {
  local count=""
  while [ $# -gt 0 ]; do
    case "$1" in
      --nodes) count="${2:-}"; shift 2 || die "start: --nodes needs a number" ;;
      *) die "start: unknown argument '$1' (expected --nodes N)" ;;
    esac
  done
  if [ -z "$count" ]; then count="$(configured_nodes)"; fi
  [[ "$count" =~ ^[1-9]$ ]] || die "start: --nodes must be 1 to 9, not '$count'"
  if [ -f "$BASE/nodes" ] && [ "$(cat "$BASE/nodes")" != "$count" ]; then
    die "start: this riak${INSTANCE:+@$INSTANCE} has $(cat "$BASE/nodes") node(s); run 'bin/servers clean riak${INSTANCE:+@$INSTANCE}' first"
  fi
  need_setup
  mkdir -p "$BASE"
  echo "$count" >"$BASE/nodes"
  start_epmd
  local n
  for n in $(seq 1 "$count"); do make_node "$n"; launch "$n"; done
  for n in $(seq 1 "$count"); do wait_kv "$n"; done
  log "every node serves riak_kv"
  join_ring "$count"
  wait_settled "$count"
  log "the ring has settled"
  make_bucket_types "$count"
  log "Riak KV $VERSION: $count node(s) serve riak_kv; riak.hosts=$(do_url)"
}

kill_node() {
  local n="$1" pid
  pid="$(pid_of "$n")"
  [ -n "$pid" ] || { log "node $n is not running"; return 0; }
  kill -9 "$pid" 2>/dev/null || true
  for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  log "node $n killed with SIGKILL (pid $pid); its data is kept"
}

stop_node() {
  local n="$1" pid
  pid="$(pid_of "$n")"
  [ -n "$pid" ] || return 0
  timeout 60 "$(node_dir "$n")/bin/riak" stop >/dev/null 2>&1 || true
  for _ in $(seq 1 100); do kill -0 "$pid" 2>/dev/null || { log "node $n stopped (pid $pid)"; return 0; }; sleep 0.2; done
  kill -9 "$pid" 2>/dev/null || true
  log "node $n killed (pid $pid): it did not stop within 60 s"
}

stop_epmd_if_idle() {
  local epmd; epmd="$(epmd_bin)"
  [ -n "$epmd" ] || return 0
  if "$epmd" -names 2>/dev/null | grep -q "^name "; then
    return 0
  fi
  "$epmd" -kill >/dev/null 2>&1 || true
}

do_stop() {
  local n
  [ -d "$BASE" ] || { log "not running"; return 0; }
  for n in $(seq 1 "$(configured_nodes)"); do
    [ -x "$(node_dir "$n")/bin/riak" ] && stop_node "$n"
  done
  stop_epmd_if_idle
}

do_kill() {
  local n
  for n in $(seq 1 "$(configured_nodes)"); do
    [ -x "$(node_dir "$n")/bin/riak" ] && kill_node "$n"
  done
}

do_status() {
  local n ok=0 count
  count="$(configured_nodes)"
  for n in $(seq 1 "$count"); do
    if [ -x "$(node_dir "$n")/bin/riak" ] && riak "$n" ping 2>/dev/null | grep -q pong; then
      echo "riak node $n ($(node_name "$n")) running, pid $(pid_of "$n"), protocol buffers $HOST:$(pb_port "$n")"
    else
      echo "riak node $n ($(node_name "$n")) not running"
      ok=1
    fi
  done
  [ "$ok" = 0 ] && echo "Riak KV $VERSION, leveled, $count node(s): riak.hosts=$(do_url)"
  return "$ok"
}

do_url() {
  local n out=""
  for n in $(seq 1 "$(configured_nodes)"); do out="${out:+$out,}$HOST:$(pb_port "$n")"; done
  echo "$out"
}

# The node count of this ring (what stop-node N accepts) when one of its nodes runs; exit 1 when none does.
do_nodes() {
  local n
  for n in $(seq 1 "$(configured_nodes)"); do
    [ -n "$(pid_of "$n")" ] && { configured_nodes; return 0; }
  done
  die "riak${INSTANCE:+@$INSTANCE} is not running"
}

check_node_arg() {
  [[ "${1:-}" =~ ^[1-9]$ ]] && [ "$1" -le "$(configured_nodes)" ] \
    || die "expected a node number 1..$(configured_nodes), not '${1:-}'"
}

action="${1:-}"
[ $# -gt 0 ] && shift
case "$action" in
  setup) do_setup ;;
  start) do_start "$@" ;;
  stop) do_stop ;;
  status) do_status ;;
  kill) do_kill ;;
  stop-node) check_node_arg "${1:-}"; kill_node "$1" ;;
  start-node) check_node_arg "${1:-}"; need_setup; start_epmd; launch "$1"; wait_kv "$1"
    wait_settled "$(configured_nodes)" ;;
  admin) check_node_arg "${1:-}"; n="$1"; shift; riak "$n" admin "$@" ;;
  url) do_url ;;
  nodes) do_nodes ;;
  pids) do_nodes >/dev/null; for n in $(seq 1 "$(configured_nodes)"); do pid_of "$n"; done ;;
  clean) do_stop; rm -rf "$BASE"; log "removed $BASE" ;;
  *) echo "usage: riak.sh setup|start [--nodes N]|stop|status|kill|stop-node N|start-node N|nodes|admin N ARGS|url|clean" >&2
     exit 2 ;;
esac
