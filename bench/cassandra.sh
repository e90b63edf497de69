#!/usr/bin/env bash
# Cassandra binding against the local Cassandra 5.0.9 test node (bin/servers start cassandra), through bin/ycsb:
#   bench/cassandra.sh [records, default 1000000] [operations, default 200000] [threads, default 16]
# 1. a load of N records into a fresh table (RF 1, consistency ONE), with the post-load count check;
# 2. workloads A and C (zipfian, upstream's settings) on the loaded table.
# Starts the node if it is not running (and stops it again at the end in that case); prints a markdown table.
# Environment: SCIYCSB_CASSANDRA_HOSTS (default 127.0.0.1), CONSISTENCY (cassandra.consistency preset, default
# none: ONE/ONE), EXTRA ("-p key=value ..." for every run).
set -euo pipefail
HOME_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
N="${1:-1000000}"; OPS="${2:-200000}"; T="${3:-16}"
HOSTS="${SCIYCSB_CASSANDRA_HOSTS:-127.0.0.1}"
WORK="${SCIYCSB_WORK:-$HOME_DIR/work}/bench/cassandra/$(date -u +%Y%m%d-%H%M%S)"
mkdir -p "$WORK"
started=no
if ! "$HOME_DIR/bin/servers" status cassandra >/dev/null 2>&1; then
  "$HOME_DIR/bin/servers" setup cassandra
  "$HOME_DIR/bin/servers" start cassandra
  started=yes
fi
trap '[ "$started" = yes ] && "$HOME_DIR/bin/servers" stop cassandra' EXIT
table="bench$(date -u +%H%M%S)"
common=(-p cassandra.hosts="$HOSTS" -p cassandra.keyspace=ycsb_bench -p table="$table" -p recordcount="$N"
        -threads "$T" -p status.interval=30)
[ -n "${CONSISTENCY:-}" ] && common+=(-p cassandra.consistency="$CONSISTENCY")
# shellcheck disable=SC2206
[ -n "${EXTRA:-}" ] && common+=($EXTRA)
run() { # name, ycsb args...
  local name="$1"; shift
  "$HOME_DIR/bin/ycsb" "$@" "${common[@]}" -p results.dir="$WORK/$name" >"$WORK/$name.txt" 2>"$WORK/$name.err" \
    || { echo "$name failed: $(tail -1 "$WORK/$name.err")" >&2; return 1; }
}
val() { grep -F "[$2], $3" "$WORK/$1.txt" | head -1 | awk -F', ' '{print $3}'; }
run load  load cassandra -P "$HOME_DIR/workloads/workloada"
run run-a run  cassandra -P "$HOME_DIR/workloads/workloada" -p operationcount="$OPS"
run run-c run  cassandra -P "$HOME_DIR/workloads/workloadc" -p operationcount="$OPS"
echo "Apache Cassandra 5.0.9, one node on 127.0.0.1 (heap ${CASSANDRA_HEAP_MAX:-1G}), client on the same machine: $T threads, $N records, $OPS operations per workload, consistency ${CONSISTENCY:-ONE/ONE}; $(nproc) cores, $(date -u +%Y-%m-%d)"
echo "| run | throughput (ops/s) | op | mean (us) | p50 (us) | p95 (us) | p99 (us) | failed |"
echo "|---|---:|---|---:|---:|---:|---:|---:|"
for r in load:INSERT run-a:READ run-a:UPDATE run-c:READ; do
  name="${r%%:*}"; op="${r##*:}"
  failed=$(grep -F "[$op], Return=" "$WORK/$name.txt" | awk -F', ' '$2 != "Return=OK" {s+=$3} END {print s+0}')
  echo "| $name | $(val "$name" OVERALL 'Throughput(ops/sec)') | $op | $(val "$name" "$op" 'AverageLatency(us)') | $(val "$name" "$op" '50thPercentileLatency(us)') | $(val "$name" "$op" '95thPercentileLatency(us)') | $(val "$name" "$op" '99thPercentileLatency(us)') | $failed |"
done
echo "results: $WORK" >&2
