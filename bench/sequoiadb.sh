#!/usr/bin/env bash
# Seed 004's three stores side by side on this host, in one run: SequoiaDB 6.0 (one standalone node, the -O1 build of
# ../shared/sequoiadb), Apache Cassandra 5.0 (one node, RF 1) and the MongoDB-wire test server (FerretDB 2.5 on
# DocumentDB 0.106 / PostgreSQL 15: NOT MongoDB), each its own bench instance started (and stopped) here:
#   sequoiadb@bench on 127.0.0.1:$BENCH_SEQUOIADB_PORT (12010), cassandra@bench on 127.0.0.$((1 + offset 40)) (heap
#   512 MB), mongodb@bench on 127.0.0.1:$BENCH_MONGODB_PORT (27117; its PostgreSQL on 5534).
#   bench/sequoiadb.sh [records, default 50000] [operations, default 50000] [threads, default 8]
# Phases, each run on the three stores one after the other before the next phase (interleaved, so a load of the
# shared machine by others falls on all three alike): the load one insert at a time, the bulk load in batches of
# 1000 (seed 004's; SequoiaDB bulkInsert, MongoDB insertMany; Cassandra has no batched insert in the paper either),
# then workloads A and C on the single-loaded table. Every load has the post-load count check. Prints a markdown
# table. One run of each: these machines vary 10-25 % between runs, and the 2 cores are shared with the servers
# (and, here, with other users of the machine).
set -euo pipefail
HOME_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
N="${1:-50000}"; OPS="${2:-50000}"; T="${3:-8}"
export SCIYCSB_WORK="${SCIYCSB_WORK:-$HOME_DIR/work}"
WORK="$SCIYCSB_WORK/bench/sequoiadb/$(date -u +%Y%m%d-%H%M%S)"
mkdir -p "$WORK"
SERVERS="$HOME_DIR/bin/servers"
SDB_PORT="${BENCH_SEQUOIADB_PORT:-12010}"
MONGO_PORT="${BENCH_MONGODB_PORT:-27117}"
CASS_OFFSET="${BENCH_CASSANDRA_OFFSET:-40}"
sdb_env() { env SCIYCSB_SEQUOIADB_PORT="$SDB_PORT" "$@"; }
mongo_env() { env SCIYCSB_MONGODB_PORT="$MONGO_PORT" "$@"; }
cass_env() { env SCIYCSB_CASSANDRA_NODE_OFFSET="$CASS_OFFSET" CASSANDRA_HEAP_MAX=512M CASSANDRA_HEAP_MIN=256M "$@"; }
started=()
cleanup() {
  for s in "${started[@]}"; do
    case "$s" in
      sequoiadb*) sdb_env "$SERVERS" stop "$s" >&2 || true ;;
      mongodb*) mongo_env "$SERVERS" stop "$s" >&2 || true ;;
      cassandra*) cass_env "$SERVERS" stop "$s" >&2 || true ;;
    esac
  done
}
trap cleanup EXIT
ensure() { # wrapper server
  local wrap="$1" server="$2"
  if ! "$wrap" "$SERVERS" status "$server@bench" >/dev/null 2>&1; then
    "$wrap" "$SERVERS" setup "$server" >&2
    started+=("$server@bench")
    "$wrap" "$SERVERS" start "$server@bench" >&2
  fi
}
ensure sdb_env sequoiadb
ensure mongo_env mongodb
ensure cass_env cassandra
. "$HOME_DIR/bench/lib.sh" # mongo_url
MONGODB_URL="$(mongo_env "$SERVERS" url mongodb@bench)"
SDB_VERSION="$(grep -o 'release [0-9]*' <(sdb_env "$SERVERS" status sequoiadb@bench) | head -1)"
CASS_HOST="127.0.0.$((1 + CASS_OFFSET))"
TAG="b$(date -u +%s)"
declare -A CONN=(
  [sequoiadb]="-p sequoiadb.hosts=127.0.0.1:$SDB_PORT -p sequoiadb.collectionspace=$TAG"
  [mongodb]="-p mongodb.url=$(mongo_url "$TAG")"
  [cassandra]="-p cassandra.hosts=$CASS_HOST -p cassandra.keyspace=$TAG"
)
run() { # name binding ycsb-args...
  local name="$1" b="$2"; shift 2
  # shellcheck disable=SC2086
  "$HOME_DIR/bin/ycsb" "$@" ${CONN[$b]} -p recordcount="$N" -threads "$T" -p results.dir="$WORK/$name" \
    -p status.interval=30 >"$WORK/$name.txt" 2>"$WORK/$name.err" \
    || { echo "$name failed: $(grep '^error' "$WORK/$name.err" | tail -1)" >&2; return 1; }
}
W="$HOME_DIR/workloads"
for b in sequoiadb cassandra mongodb; do run "$b-load" "$b" load "$b" -P "$W/workloada" -p table=single; done
run sequoiadb-bulk sequoiadb load sequoiadb -P "$W/workloada" -p table=bulk -p sequoiadb.batchsize=1000
run mongodb-bulk mongodb load mongodb -P "$W/workloada" -p table=bulk -p mongodb.batchsize=1000
for w in a c; do
  for b in sequoiadb cassandra mongodb; do
    run "$b-$w" "$b" run "$b" -P "$W/workload$w" -p table=single -p operationcount="$OPS"
  done
done
val() { grep -F "[$2], $3" "$WORK/$1.txt" | head -1 | awk -F', ' '{printf "%d", $3}' || true; }
failed() {
  local n=0 x
  for x in $(grep -E '^\[[A-Z]+\], Return=(ERROR|SERVICE_UNAVAILABLE|NOT_FOUND|UNEXPECTED_STATE)' "$WORK/$1.txt" \
      | awk -F', ' '{print $3}'); do n=$((n + x)); done
  echo "$n"
}
label() {
  case "$1" in
    sequoiadb) echo "SequoiaDB 6.0 ($SDB_VERSION, -O1), 1 standalone node" ;;
    cassandra) echo "Cassandra 5.0, 1 node, RF 1, ONE" ;;
    mongodb) echo "FerretDB 2.5 on DocumentDB/PostgreSQL 15 (NOT MongoDB)" ;;
  esac
}
echo "Seed 004's stores on one host, one run, interleaved: $T client threads, $N records, $OPS operations per"
echo "workload, $(nproc) shared cores, $(date -u +%Y-%m-%d). Servers and client on the same 2 cores."
echo "| store | run | op | throughput (ops/s) | p50 (us) | p95 (us) | p99 (us) | failed |"
echo "|---|---|---|---:|---:|---:|---:|---:|"
for r in load:INSERT bulk:INSERT a:READ a:UPDATE c:READ; do
  for b in sequoiadb cassandra mongodb; do
    name="$b-${r%%:*}"; op="${r##*:}"
    [ -f "$WORK/$name.txt" ] || continue
    case "${r%%:*}" in load) what="load, one insert at a time" ;; bulk) what="load, batches of 1000" ;;
      a) what="workload A" ;; c) what="workload C" ;; esac
    tp="$(val "$name" OVERALL 'Throughput(ops/sec)')"
    [ "$r" = a:UPDATE ] && tp="(same run)"
    echo "| $(label "$b") | $what | $op | $tp | $(val "$name" "$op" '50thPercentileLatency(us)') | $(val "$name" "$op" '95thPercentileLatency(us)') | $(val "$name" "$op" '99thPercentileLatency(us)') | $(failed "$name") |"
  done
done
echo "results: $WORK" >&2
