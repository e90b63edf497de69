#!/usr/bin/env bash
# Seed 004's three stores side by side, in one run: a SequoiaDB node that you bring (no package registry ships
# SequoiaDB, so bin/servers cannot set one up and this script starts none), Apache Cassandra 5.0 (one node, RF 1) and
# the MongoDB-wire test server, these two each its own bench instance started (and stopped) here: cassandra@bench on
# 127.0.0.$((1 + offset 40)) (heap 512 MB), mongodb@bench on 127.0.0.1:$BENCH_MONGODB_PORT (27117).
#   bench/sequoiadb.sh --sequoiadb HOST:PORT [records, default 50000] [operations, default 50000] [threads, default 8]
# The SequoiaDB address (sequoiadb.hosts) is --sequoiadb, else $SCIYCSB_SEQUOIADB_HOSTS; without one the script
# refuses (one line, exit 2).
# Phases, each run on the three stores one after the other before the next phase (interleaved, so a load of the
# shared machine by others falls on all three alike): the load one insert at a time, the bulk load in batches of
# 1000 (seed 004's; SequoiaDB bulkInsert, MongoDB insertMany; Cassandra has no batched insert in the paper either),
# then workloads A and C on the single-loaded table. Every load has the post-load count check. Prints a markdown
# table. One run of each: these machines vary 10-25 % between runs, and the 2 cores are shared with the servers
# (and, here, with other users of the machine).
set -euo pipefail
HOME_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
SDB_HOSTS="${SCIYCSB_SEQUOIADB_HOSTS:-}"
args=()
while [ $# -gt 0 ]; do
  case "$1" in
    --sequoiadb) [ $# -ge 2 ] || { echo "bench/sequoiadb.sh: --sequoiadb needs HOST:PORT" >&2; exit 2; }
      SDB_HOSTS="$2"; shift 2 ;;
    --sequoiadb=*) SDB_HOSTS="${1#--sequoiadb=}"; shift ;;
    -*) echo "bench/sequoiadb.sh: unknown option '$1'" >&2; exit 2 ;;
    *) args+=("$1"); shift ;;
  esac
done
[ -n "$SDB_HOSTS" ] || { echo "bench/sequoiadb.sh: no SequoiaDB to run against (no package registry ships one): give --sequoiadb HOST:PORT or SCIYCSB_SEQUOIADB_HOSTS" >&2; exit 2; }
N="${args[0]:-50000}"; OPS="${args[1]:-50000}"; T="${args[2]:-8}"
export SCIYCSB_WORK="${SCIYCSB_WORK:-$HOME_DIR/work}"
WORK="$SCIYCSB_WORK/bench/sequoiadb/$(date -u +%Y%m%d-%H%M%S)"
mkdir -p "$WORK"
SERVERS="$HOME_DIR/bin/servers"
MONGO_PORT="${BENCH_MONGODB_PORT:-27117}"
CASS_OFFSET="${BENCH_CASSANDRA_OFFSET:-40}"
mongo_env() { env SCIYCSB_MONGODB_PORT="$MONGO_PORT" "$@"; }
cass_env() { env SCIYCSB_CASSANDRA_NODE_OFFSET="$CASS_OFFSET" CASSANDRA_HEAP_MAX=512M CASSANDRA_HEAP_MIN=256M "$@"; }
started=()
cleanup() {
  for s in "${started[@]}"; do
    case "$s" in
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
ensure mongo_env mongodb
ensure cass_env cassandra
. "$HOME_DIR/bench/lib.sh" # mongo_url
MONGODB_URL="$(mongo_env "$SERVERS" url mongodb@bench)"
CASS_HOST="127.0.0.$((1 + CASS_OFFSET))"
TAG="b$(date -u +%s)"
declare -A CONN=(
  [sequoiadb]="-p sequoiadb.hosts=$SDB_HOSTS -p sequoiadb.collectionspace=$TAG"
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
SDB_VERSION="$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["metadata"]["store"]["version"])' \
  "$WORK/sequoiadb-load/results.json" 2>/dev/null || true)"
val() { grep -F "[$2], $3" "$WORK/$1.txt" | head -1 | awk -F', ' '{printf "%d", $3}' || true; }
failed() {
  local n=0 x
  for x in $(grep -E '^\[[A-Z]+\], Return=(ERROR|SERVICE_UNAVAILABLE|NOT_FOUND|UNEXPECTED_STATE)' "$WORK/$1.txt" \
      | awk -F', ' '{print $3}'); do n=$((n + x)); done
  echo "$n"
}
label() {
  case "$1" in
    sequoiadb) echo "SequoiaDB ${SDB_VERSION:-?} at $SDB_HOSTS" ;;
    cassandra) echo "Cassandra 5.0, 1 node, RF 1, ONE" ;;
    mongodb) echo "FerretDB 1.24 on PostgreSQL 15 (NOT MongoDB)" ;;
  esac
}
echo "Seed 004's stores, one run, interleaved: $T client threads, $N records, $OPS operations per"
echo "workload, $(nproc) shared cores, $(date -u +%Y-%m-%d). Cassandra, FerretDB and the client on this host; SequoiaDB at $SDB_HOSTS."
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
