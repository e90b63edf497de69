#!/usr/bin/env bash
# Synchronous threads against asynchronous in-flight operations, at equal in-flight counts, beside latte:
#
#   bench/async.sh [rows, default 20000] [reads per run, default 300000] [in-flight counts, default "16 64 256 1024"]
#                  [min repeats, default 3]
#
# 1. Cassandra 5.0.9 (the test node, bin/servers start cassandra): `bin/ycsb load` writes the rows (YCSB's usertable:
#    a text key user0..user<rows-1> (insertorder=ordered) and 10 text fields of 100 bytes). Then, for every in-flight
#    count N, reads of uniformly chosen keys (workload C, requestdistribution=uniform) by
#      - sync:  N client threads, one read at a time each;
#      - async: ASYNC_THREADS (2) client threads keeping N reads in flight (-p inflight=N);
#      - latte: latte-cli (ScyllaDB's latte, Rust) with 2 threads x N/2 concurrent requests, workload script
#        bench/latte/usertable-read.rn: the same prepared SELECT * by key on the same table.
#    Every run warms up WARMUP seconds (default 10) first, then measures the reads.
# 2. The MongoDB-wire test server (FerretDB 1.24 on PostgreSQL 15: NOT MongoDB): the same rows and the
#    same sync and async runs, MONGO_OPS reads each (default 50000; no latte: it speaks CQL only).
# 3. The no-op `basic` binding with 10,000 operations in flight (2 threads, workload A, a random simulated delay of
#    up to 100 ms, BASIC_SECONDS measured, default 30): peak RSS and whether the time series is complete.
#
# The runs of one repeat go one after the other, the repeats interleaved (sync, async, latte at N; then the next N),
# so that a drift of the machine spreads over all columns. Client CPU per operation: this tool's runs from
# metadata.clientCpu (/proc/self/stat of the client JVM at the start and the end of the measured part: every
# thread, the driver's I/O threads, GC and JIT included, JVM start and warmup not); latte's from its own report
# (its process CPU time over its measured part). Peak RSS: GNU time's %M of the whole client process. Each figure is
# the mean over the repeats with its 95 % confidence interval (Student's t); a ratio is the mean of the per-repeat
# ratios with the interval of their mean log (bench/until.py), and a verdict is "met" or "not met" only when the
# whole interval is on one side of the goal, otherwise "inside the noise".
# The goals, at every in-flight count: async/sync throughput >= 1, async/sync CPU per read <= 0.5 and (Cassandra)
# async/latte CPU per read <= 2 (issue 21).
#
# Repeat until decided: on each store the repeats go on from the minimum until every goal at the counts DECIDE_AT
# is met or not met (bench/async_report.py --check after each repeat), or MAX_REPEATS repeats have run (default 10);
# the report says which ended them ("decided after N repeats" or "undecided: reached the maximum of N repeats").
# MAX_REPEATS equal to the minimum gives a fixed number of repeats. The no-op binding's runs are repeated the minimum.
#
# Environment: STORES (default "cassandra mongodb basic"), ASYNC_THREADS, WARMUP, MONGO_OPS, BASIC_SECONDS,
# MAX_REPEATS, DECIDE_AT (default: every in-flight count),
# LATTE (a latte binary; default: installed by `cargo install latte-cli` into work/cache/latte on first use).
# Starts the servers it needs that are not running, and stops those it started. Prints markdown.
set -euo pipefail
HOME_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
ROWS="${1:-20000}"; OPS="${2:-300000}"; COUNTS="${3:-16 64 256 1024}"; REPEATS="${4:-3}"
STORES="${STORES:-cassandra mongodb basic}"
ASYNC_THREADS="${ASYNC_THREADS:-2}"; WARMUP="${WARMUP:-10}"; MONGO_OPS="${MONGO_OPS:-50000}"
BASIC_SECONDS="${BASIC_SECONDS:-30}"
MAX_REPEATS="${MAX_REPEATS:-10}"; DECIDE_AT="${DECIDE_AT:-$COUNTS}"
LATTE_VERSION=0.29.0
WORKROOT="${SCIYCSB_WORK:-$HOME_DIR/work}"
LATTE="${LATTE:-$WORKROOT/cache/latte/bin/latte}"
WORK="$WORKROOT/bench/async/$(date -u +%Y%m%d-%H%M%S)"
mkdir -p "$WORK"
TIME=/usr/bin/time
[ -x "$TIME" ] || { echo "bench/async.sh: GNU time (/usr/bin/time, Debian package 'time') is needed" >&2; exit 2; }
"$HOME_DIR/bin/ycsb" help >/dev/null # builds on first use
# shellcheck source=lib.sh
. "$HOME_DIR/bench/lib.sh" # mongo_url, repeat_until_decided
RUNS="$WORK/runs.tsv" # store mode inflight repeat name
: >"$RUNS"
started=()
cleanup() {
  for s in "${started[@]+"${started[@]}"}"; do "$HOME_DIR/bin/servers" stop "$s" >/dev/null 2>&1 || true; done
}
trap cleanup EXIT

has() { case " $STORES " in *" $1 "*) return 0 ;; esac; return 1; }

need_server() { # name
  if ! "$HOME_DIR/bin/servers" status "$1" >/dev/null 2>&1; then
    "$HOME_DIR/bin/servers" setup "$1" >&2
    "$HOME_DIR/bin/servers" start "$1" >&2
    started+=("$1")
  fi
}

need_latte() {
  if [ -x "$LATTE" ] && "$LATTE" --version 2>/dev/null | grep -q "$LATTE_VERSION"; then
    return
  fi
  command -v cargo >/dev/null || { echo "bench/async.sh: latte is not installed and cargo is missing (set LATTE=/path/to/latte)" >&2; exit 2; }
  echo "bench/async.sh: installing latte-cli $LATTE_VERSION with cargo (once, into $WORKROOT/cache/latte) ..." >&2
  cargo install --locked --quiet --root "$WORKROOT/cache/latte" latte-cli --version "$LATTE_VERSION" >&2
  LATTE="$WORKROOT/cache/latte/bin/latte"
}

ycsb() { # store mode inflight repeat name, then bin/ycsb arguments
  local store="$1" mode="$2" n="$3" r="$4" name="$5"; shift 5
  "$TIME" -f "maxrss_kb %M wall %e exit %x" "$HOME_DIR/bin/ycsb" "$@" -p results.dir="$WORK/$name" \
    >"$WORK/$name.out" 2>"$WORK/$name.err" || echo "$name failed: $(grep -v maxrss_kb "$WORK/$name.err" | tail -1)" >&2
  printf '%s\t%s\t%s\t%s\t%s\n' "$store" "$mode" "$n" "$r" "$name" >>"$RUNS"
}

latte() { # inflight repeat name
  local n="$1" r="$2" name="$3" per=$(( ($1 + 1) / 2 ))
  # in its folder: latte leaves a latte-<time>.log in its working directory
  (cd "$WORK" && "$TIME" -f "maxrss_kb %M wall %e exit %x" "$LATTE" run "$HOME_DIR/bench/latte/usertable-read.rn" \
    -P keyspace="\"ycsb_async\"" -P table="\"$TABLE\"" -P rows="$ROWS" -t 2 -p "$per" -w "${WARMUP}s" -d "$OPS" -q \
    -o "$WORK/$name.json" 127.0.0.1 >"$WORK/$name.out" 2>"$WORK/$name.err") \
    || echo "$name failed: $(grep -v maxrss_kb "$WORK/$name.err" | tail -1)" >&2
  printf '%s\t%s\t%s\t%s\t%s\n' cassandra latte "$n" "$r" "$name" >>"$RUNS"
}

# the measured reads: workload C, uniformly chosen keys among the loaded rows, a warmup first
readc=(-P "$HOME_DIR/workloads/workloadc" -p recordcount="$ROWS" -p insertorder=ordered -p requestdistribution=uniform
       -p warmuptime="$WARMUP" -p status.interval=60)

TABLE="usertable$(date -u +%H%M%S)"
one_repeat() { # repeat r of store $SB (reads $SOPS per run, the binding's own arguments in SARGS): sync/async per N
  local r="$1" b="$SB" n
  for n in $COUNTS; do
    ycsb "$b" sync "$n" "$r" "$b-sync-$n-$r" run "$b" "${readc[@]}" "${SARGS[@]}" -threads "$n" \
      -p operationcount="$SOPS"
    ycsb "$b" async "$n" "$r" "$b-async-$n-$r" run "$b" "${readc[@]}" "${SARGS[@]}" -threads "$ASYNC_THREADS" \
      -p inflight="$n" -p operationcount="$SOPS"
    if [ "$b" = cassandra ]; then
      latte "$n" "$r" "cassandra-latte-$n-$r"
    fi
  done
}

goals_decided() { python3 "$HOME_DIR/bench/async_report.py" --check "$WORK" "$RUNS" "$SB" "$DECIDE_AT"; }

store_runs() { # binding, reads per run, then the binding's own -p arguments: the load, then repeats until decided
  SB="$1"; SOPS="$2"; shift 2; SARGS=("$@")
  "$HOME_DIR/bin/ycsb" load "$SB" -P "$HOME_DIR/workloads/workloadc" -p recordcount="$ROWS" -p insertorder=ordered \
    -threads 8 "$@" -p results.dir="$WORK/$SB-load" >"$WORK/$SB-load.out" 2>"$WORK/$SB-load.err"
  repeat_until_decided "$REPEATS" "$MAX_REPEATS" one_repeat goals_decided repeats
  echo "$SB: $UNTIL_ENDED" >&2
  printf '%s\t%s\n' "$SB" "$UNTIL_ENDED" >>"$WORK/ended.tsv"
}

if has cassandra; then
  need_server cassandra
  need_latte
  store_runs cassandra "$OPS" -p cassandra.keyspace=ycsb_async -p table="$TABLE"
fi

if has mongodb; then
  need_server mongodb
  MONGODB_URL="${MONGODB_URL:-$("$HOME_DIR/bin/servers" url mongodb)}"
  store_runs mongodb "$MONGO_OPS" -p mongodb.url="$(mongo_url ycsb_async)" -p table="$TABLE"
fi

if has basic; then
  for r in $(seq 1 "$REPEATS"); do
    ycsb basic async 10000 "$r" "basic-async-10000-$r" run basic -P "$HOME_DIR/workloads/workloada" -threads 2 \
      -p inflight=10000 -p basicdb.simulatedelay=100 -p operationcount=0 -p maxexecutiontime="$BASIC_SECONDS" \
      -p status.interval=10
  done
fi

servers=$(
  for s in cassandra mongodb; do
    if has "$s"; then
      python3 - "$WORK/$s-load/results.json" <<'PY'
import json, sys
try:
    st = json.load(open(sys.argv[1]))["metadata"]["store"]
    print(f"{st['product']} {st['version']}")
except Exception:
    print("unknown server")
PY
    fi
  done | paste -sd ';' -)
echo "$(nproc) cores, $(free -g | awk '/Mem:/{print $2}') GiB, $(date -u +%Y-%m-%d); $ROWS rows; $OPS reads per Cassandra run, $MONGO_OPS per MongoDB-wire run, ${WARMUP} s warmup each; $REPEATS to $MAX_REPEATS repeats, until the goals at $DECIDE_AT in flight are decided; async: $ASYNC_THREADS threads; servers: $servers; latte $LATTE_VERSION"
python3 "$HOME_DIR/bench/async_report.py" "$WORK" "$RUNS" "$BASIC_SECONDS"
echo "results: $WORK" >&2
