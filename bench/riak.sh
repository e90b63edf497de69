#!/usr/bin/env bash
# Riak binding against real Riak KV 3.2.2 (leveled) test servers on this host: one node (bin/servers riak) and a
# ring of 3 nodes (bin/servers riak@bench --nodes 3, ports 8287/8297/8307), side by side in one run.
#   bench/riak.sh [records, default 100000] [operations, default 50000] [threads, default 8]
# For each: the load (one put per record, post-load count check through key_bin), then workloads A and C with the
# SEI "strong" preset (r/w quorum, n_val 3); on the ring also workload A on the strongly consistent bucket type.
# Starts what is not running (and stops what it started) and prints a markdown table.
set -euo pipefail
HOME_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
N="${1:-100000}"; OPS="${2:-50000}"; T="${3:-8}"
WORK="${SCIYCSB_WORK:-$HOME_DIR/work}/bench/riak/$(date -u +%Y%m%d-%H%M%S)"
mkdir -p "$WORK"
SERVERS="$HOME_DIR/bin/servers"
started=()
cleanup() { for s in "${started[@]}"; do SCIYCSB_RIAK_PORT="${s#*:}" "$SERVERS" stop "${s%%:*}" >&2 || true; done; }
trap cleanup EXIT
ensure() { # instance port [start args]
  local inst="$1" port="$2"; shift 2
  if ! SCIYCSB_RIAK_PORT="$port" "$SERVERS" status "$inst" >/dev/null 2>&1; then
    "$SERVERS" setup riak >&2
    SCIYCSB_RIAK_PORT="$port" "$SERVERS" start "$inst" "$@" >&2
    started+=("$inst:$port")
  fi
}
ensure riak 8087
ensure riak@bench 8287 --nodes 3
ONE="$(SCIYCSB_RIAK_PORT=8087 "$SERVERS" url riak)"
RING="$(SCIYCSB_RIAK_PORT=8287 "$SERVERS" url riak@bench)"
TABLE="bench$(date -u +%s)"
run() { # name hosts ycsb args...
  local name="$1" hosts="$2"; shift 2
  "$HOME_DIR/bin/ycsb" "$@" -p riak.hosts="$hosts" -p recordcount="$N" -threads "$T" -p results.dir="$WORK/$name" \
    -p status.interval=30 >"$WORK/$name.txt" 2>"$WORK/$name.err" \
    || { echo "$name failed: $(grep '^error' "$WORK/$name.err" | tail -1)" >&2; return 1; }
}
for side in one:"$ONE" ring:"$RING"; do
  s="${side%%:*}"; hosts="${side#*:}"
  run "$s-load" "$hosts" load riak -P "$HOME_DIR/workloads/workloada" -p table="$TABLE" -p riak.consistency=strong
  run "$s-a" "$hosts" run riak -P "$HOME_DIR/workloads/workloada" -p table="$TABLE" -p operationcount="$OPS" \
    -p riak.consistency=strong
  run "$s-c" "$hosts" run riak -P "$HOME_DIR/workloads/workloadc" -p table="$TABLE" -p operationcount="$OPS" \
    -p riak.consistency=strong
done
SC=(-p table="${TABLE}sc" -p riak.bucket_type=strong -p riak.strong_consistency=true -p riak.scan_bucket_type=eventual
    -p riak.retries=5)
run ring-sc-load "$RING" load riak -P "$HOME_DIR/workloads/workloada" "${SC[@]}"
run ring-sc-a "$RING" run riak -P "$HOME_DIR/workloads/workloada" -p operationcount="$OPS" "${SC[@]}"
val() { grep -F "[$2], $3" "$WORK/$1.txt" | head -1 | awk -F', ' '{print $3}' || true; }
echo "Riak KV 3.2.2 (leveled) on 127.0.0.1: one node, and a ring of 3 on one host; $T client threads, $N records,"
echo "$(nproc) cores, $(date -u +%Y-%m-%d). Preset strong = r/w quorum of n_val 3; sc = the strongly consistent type."
echo "| store | run | op | throughput (ops/s) | p50 (us) | p95 (us) | p99 (us) | failed |"
echo "|---|---|---|---:|---:|---:|---:|---:|"
for r in one-load:INSERT one-a:READ one-a:UPDATE one-c:READ ring-load:INSERT ring-a:READ ring-a:UPDATE ring-c:READ \
         ring-sc-load:INSERT ring-sc-a:READ ring-sc-a:UPDATE; do
  name="${r%%:*}"; op="${r##*:}"
  case "$name" in one-*) store="1 node" ;; *) store="ring of 3" ;; esac
  failed="$(grep -F "[$op-FAILED], Operations" "$WORK/$name.txt" | awk -F', ' '{print $3}' || true)"
  echo "| $store | ${name#*-} | $op | $(val "$name" OVERALL 'Throughput(ops/sec)') | $(val "$name" "$op" '50thPercentileLatency(us)') | $(val "$name" "$op" '95thPercentileLatency(us)') | $(val "$name" "$op" '99thPercentileLatency(us)') | ${failed:-0} |"
done
echo "results: $WORK" >&2
