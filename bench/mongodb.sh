#!/usr/bin/env bash
# MongoDB binding against the MongoDB-wire test server (FerretDB 1.24 on PostgreSQL 15: NOT MongoDB). The URL (with
# the test user's credentials) comes from "bin/servers url mongodb"; MONGODB_URL overrides it (then name the server
# you measured yourself: the table's first line names the test server).
#   bench/mongodb.sh [records, default 1000000] [operations, default 100000] [threads, default 8]
# 1. load of N records one insert at a time (mongodb.batchsize=1), then the same load in unordered batches of
#    1000 (seed 004's bulk load), each into a fresh collection, with the post-load count check;
# 2. workloads A and C on the batch-loaded collection.
# Starts the server (bin/servers start mongodb) if it is not running and prints a markdown table.
set -euo pipefail
HOME_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
N="${1:-1000000}"; OPS="${2:-100000}"; T="${3:-8}"
WORK="${SCIYCSB_WORK:-$HOME_DIR/work}/bench/mongodb/$(date -u +%Y%m%d-%H%M%S)"
mkdir -p "$WORK"
"$HOME_DIR/bin/servers" status mongodb >/dev/null 2>&1 || { "$HOME_DIR/bin/servers" setup mongodb; "$HOME_DIR/bin/servers" start mongodb; }
. "$HOME_DIR/bench/lib.sh" # mongo_url
MONGODB_URL="${MONGODB_URL:-$("$HOME_DIR/bin/servers" url mongodb)}"
URL="$(mongo_url ycsb_bench)"
run() { # name, ycsb args...
  local name="$1"; shift
  "$HOME_DIR/bin/ycsb" "$@" -p mongodb.url="$URL" -p results.dir="$WORK/$name" -p status.interval=30 \
    >"$WORK/$name.txt" 2>"$WORK/$name.err" || { echo "$name failed: $(tail -1 "$WORK/$name.err")" >&2; return 1; }
}
val() { grep -F "[$2], $3" "$WORK/$1.txt" | head -1 | awk -F', ' '{print $3}'; }
run load-single load mongodb -P "$HOME_DIR/workloads/workloada" -p recordcount="$N" -threads "$T" -p table=single -p mongodb.batchsize=1
run load-batch  load mongodb -P "$HOME_DIR/workloads/workloada" -p recordcount="$N" -threads "$T" -p table=batch -p mongodb.batchsize=1000
run run-a run mongodb -P "$HOME_DIR/workloads/workloada" -p recordcount="$N" -p operationcount="$OPS" -threads "$T" -p table=batch
run run-c run mongodb -P "$HOME_DIR/workloads/workloadc" -p recordcount="$N" -p operationcount="$OPS" -threads "$T" -p table=batch
echo "FerretDB 1.24 on PostgreSQL 15 (NOT MongoDB) on 127.0.0.1, $T client threads, $N records, $(nproc) cores, $(date -u +%Y-%m-%d)"
echo "| run | throughput (ops/s) | p50 (us) | p95 (us) | p99 (us) |"
echo "|---|---:|---:|---:|---:|"
for r in load-single:INSERT load-batch:INSERT run-a:READ run-a:UPDATE run-c:READ; do
  name="${r%%:*}"; op="${r##*:}"
  echo "| $name $op | $(val "$name" OVERALL 'Throughput(ops/sec)') | $(val "$name" "$op" '50thPercentileLatency(us)') | $(val "$name" "$op" '95thPercentileLatency(us)') | $(val "$name" "$op" '99thPercentileLatency(us)') |"
done
echo "results: $WORK" >&2
