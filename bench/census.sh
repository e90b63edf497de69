#!/usr/bin/env bash
# Seed 000 on one machine: (1) raw record write and read, HDFS vs the MongoDB-wire servers, in records/min
# (§6.2: 9.3 M census records/min read from HDFS on one node, 2.7 M from MongoDB; one-field writes 74.5 M vs
# 3.2 M/min); (2) the census filter job at three sizes over every input/output combination, with the default
# and the 128 MB split size, the three-stage path, and the MongoDB-native filter.
#
#   bench/census.sh [sizes, default "1000000 4000000 16000000"] [split sizes, default "default 128"]
#   TINY=1 bench/census.sh          # 2000 4000 8000 records: shows that everything runs, in a few minutes
#   STEPS="*-raw raw-read-* load-hdfs-1000000 filter-*-1000000-128" bench/census.sh 1000000 128
#                                   # the raw read and the filter at 1,000,000 records on both sides, same input:
#                                   # HDFS and FerretDB 1.24 on PostgreSQL 15 through the OP_QUERY bridge
#   STANDIN_BACKEND=h2 SCIYCSB_STANDIN_HEAP=20g bench/census.sh 1000000 128
#                                   # the same sizes on mongo-java-server's H2 backend, which may run out of heap
#                                   # (census-workload/README.md, "Stand-in sizing")
#
# Environment: RAW=N records for the raw write/read tests (default: the first size); FERRETDB_MAX=N caps the record
# counts of the FerretDB runs (default: no cap; FerretDB 2.5 on DocumentDB, the test server until 2026-11-27, wrote
# about 280 k full census records/min and read about 900 k here: docs/performance.md);
# STANDIN_BACKEND=ferretdb|memory|h2 (default ferretdb; SCIYCSB_STANDIN_BACKEND when set) chooses what serves
# mongo-hadoop's 3.x driver when this script starts it (a running one of another backend is refused): ferretdb is
# the OP_QUERY bridge in front of the MongoDB-wire test server (FerretDB 1.24 on PostgreSQL 15, collections on
# disk, no cap); memory and h2 are mongo-java-server; STANDIN_MAX=N caps the record counts of the 3.x side's
# inputs (default none; 100000 for memory, which holds its collections in its heap: about 1.5 GB per 100,000 full
# records; h2 keeps its collections in an MVStore file but builds every query's whole result in the heap:
# census-workload/README.md); SCIYCSB_STANDIN_HEAP (default 1g for ferretdb, 4g for memory, 12g for h2).
# STEPS="PATTERN ..." runs only the runs whose label matches one of the shell patterns (default: every run); a
# filter reads the 3.x side's input the raw read loaded when it holds the same records. The 3.x side keeps one
# input (bench.in) and one output (bench.out) at a time, each replaced by the next job, and where a size is capped
# its HDFS -> 3.x filter reads an HDFS input of the capped size. Every run's summary row shows the records it read
# and wrote. Exit status 1 when any run failed (the summary is written anyway).
#
# Servers (started when not running, stopped again at the end if this script started them):
#   HDFS           bin/servers start hdfs            hdfs://127.0.0.1:9000         (NameNode + DataNode, JDK 17)
#   FerretDB       bin/servers start mongodb         bin/servers url mongodb (FerretDB 1.24 on PostgreSQL 15, with
#                                                    the test user's credentials)
#                  (driver 5.x: the engine's mongodb binding, native-load/read/filter)
#   3.x SIDE       bin/servers start mongo-standin   127.0.0.1:${SCIYCSB_STANDIN_PORT:-27018} (bin/servers url
#                  mongo-standin): the OP_QUERY bridge to FerretDB, or mongo-java-server in memory or on H2, NOT
#                  MongoDB; every row names it, e.g. "FerretDB 1.24.0 on PostgreSQL 15 through the OP_QUERY bridge,
#                  NOT MongoDB"
# Every figure is labelled with the server that produced it. Output: a markdown summary on stdout and in
# results/bench-census-<time>/summary.md, with every run's results.json beside it.
set -euo pipefail
HOME_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
if [ "${TINY:-0}" = 1 ]; then SIZES="${1:-2000 4000 8000}"; else SIZES="${1:-1000000 4000000 16000000}"; fi
SPLITS="${2:-default 128}"
HDFS="$("$HOME_DIR/bin/servers" url hdfs)"
FERRET_LABEL="FerretDB 1.24 on PostgreSQL 15"
OUT="$HOME_DIR/results/bench-census-$(date -u +%Y%m%d-%H%M%S)"
export SCIYCSB_STANDIN_BACKEND="${STANDIN_BACKEND:-${SCIYCSB_STANDIN_BACKEND:-ferretdb}}"
case "$SCIYCSB_STANDIN_BACKEND" in
  ferretdb) STANDIN_DEFAULT_MAX=0; export SCIYCSB_STANDIN_HEAP="${SCIYCSB_STANDIN_HEAP:-1g}"; STANDIN_BACKEND_LABEL="through the OP_QUERY bridge" ;;
  memory) STANDIN_DEFAULT_MAX=100000; export SCIYCSB_STANDIN_HEAP="${SCIYCSB_STANDIN_HEAP:-4g}"; STANDIN_BACKEND_LABEL="(in-memory backend)" ;;
  h2) STANDIN_DEFAULT_MAX=0; export SCIYCSB_STANDIN_HEAP="${SCIYCSB_STANDIN_HEAP:-12g}"; STANDIN_BACKEND_LABEL="(H2 backend)" ;;
  *) echo "bench/census.sh: STANDIN_BACKEND=$SCIYCSB_STANDIN_BACKEND: ferretdb, memory or h2" >&2; exit 2 ;;
esac
failed=0
mkdir -p "$OUT"
started=()
for s in hdfs mongodb mongo-standin; do
  if ! "$HOME_DIR/bin/servers" status "$s" >/dev/null 2>&1; then
    "$HOME_DIR/bin/servers" start "$s" >&2
    started+=("$s")
  fi
done
cleanup() { for s in "${started[@]}"; do "$HOME_DIR/bin/servers" stop "$s" >&2 || true; done; }
trap cleanup EXIT
MONGODB_URL="$("$HOME_DIR/bin/servers" url mongodb)"
# the stand-in's own name for itself, e.g. "mongo-java-server 1.44.0 stand-in (H2 backend), NOT MongoDB"
STANDIN_LABEL="$("$HOME_DIR/bin/servers" status mongo-standin | sed -n 's/^mongo-standin: running ([^,]*, \(.*\))$/\1/p')"
case "$STANDIN_LABEL" in
  *"$STANDIN_BACKEND_LABEL"*) ;;
  *) echo "bench/census.sh: the running stand-in is '${STANDIN_LABEL:-of an older build}', not the $STANDIN_BACKEND_LABEL asked for (bin/servers stop mongo-standin, or STANDIN_BACKEND)" >&2; exit 2 ;;
esac
echo "== stand-in: $STANDIN_LABEL" >&2
. "$HOME_DIR/bench/lib.sh" # mongo_url
STANDIN="$("$HOME_DIR/bin/servers" url mongo-standin)"
SIN="$(mongo_url bench.in "$STANDIN")"
SOUT="$(mongo_url bench.out "$STANDIN")"
want() { # want <label>: the run is one of $STEPS (every run when STEPS is empty)
  [ -z "${STEPS:-}" ] && return 0
  local p; for p in $STEPS; do [[ "$1" == $p ]] && return 0; done; return 1
}

n=0
census() { # census <label> <server label> <args...>: one bin/census run into its own results folder
  local label="$1" server="$2"; shift 2
  want "$label" || return 0
  n=$((n + 1))
  local dir="$OUT/$(printf %03d $n)-$label"
  last_ok=0
  "$HOME_DIR/bin/census" "$@" -p census.results="$dir" -p census.overwrite=true >"$dir.log" 2>&1 \
    || { echo "FAILED: $label (log: $dir.log)" >&2; tail -3 "$dir.log" >&2; failed=$((failed + 1)); return 0; }
  echo "$server" >"$dir/server.txt"; last_ok=1
}
ycsb() { # ycsb <label> <server label> <args...>: one engine run
  local label="$1" server="$2"; shift 2
  want "$label" || return 0
  n=$((n + 1))
  local dir="$OUT/$(printf %03d $n)-$label"
  "$HOME_DIR/bin/ycsb" "$@" -p results.dir="$dir" >"$dir.log" 2>&1 \
    || { echo "FAILED: $label (log: $dir.log)" >&2; failed=$((failed + 1)); return 0; }
  mkdir -p "$dir"; echo "$server" >"$dir/server.txt"
  grep -F '[OVERALL], Throughput(ops/sec)' "$dir.log" | awk -F', ' '{print $3}' >"$dir/throughput.txt" || true
}

RAW="${RAW:-${SIZES%% *}}"
limit() { if [ "$1" -gt 0 ] && [ "$2" -gt "$1" ]; then echo "$1"; else echo "$2"; fi; } # limit <max, 0 = none> <n>
cap() { limit "${FERRETDB_MAX:-0}" "$1"; }
scap() { limit "${STANDIN_MAX:-$STANDIN_DEFAULT_MAX}" "$1"; }
RAWF=$(cap "$RAW")
echo "== raw write/read, $RAW records" >&2
# writes of one-field records (as the seed): the engine's load, 1 thread, records/min = ops/s x 60
ycsb raw-write-hdfs "HDFS 3.4.1 (hdfs binding)" load hdfs -P "$HOME_DIR/workloads/workloada" -p recordcount="$RAW" \
  -p fieldcount=1 -p hdfs.basepath=/bench/raw-$n -threads 1
ycsb raw-write-ferretdb "$FERRET_LABEL (mongodb binding, driver 5.x)" load mongodb -P "$HOME_DIR/workloads/workloada" \
  -p recordcount="$RAWF" -p fieldcount=1 -p mongodb.url="$(mongo_url bench_raw_$n)" -p mongodb.batchsize=1000 -threads 1
census raw-write-hdfs-census "HDFS 3.4.1" load -p census.records="$RAW" -p census.layout=onefield -p census.output="$HDFS/bench/raw-onefield"
census raw-write-standin-census "$STANDIN_LABEL (driver 3.12)" load -p census.records="$RAW" -p census.layout=onefield -p census.output="$SOUT"
census raw-write-ferretdb-census "$FERRET_LABEL (driver 5.x)" native-load -p census.records="$RAWF" -p census.layout=onefield -p census.output="$(mongo_url bench.raw_onefield)"
# reads of full 111-field census records
census load-hdfs-raw "HDFS 3.4.1" load -p census.records="$RAW" -p census.output="$HDFS/bench/raw-full"
census raw-read-hdfs "HDFS 3.4.1" read -p census.input="$HDFS/bench/raw-full"
census load-ferretdb-raw "$FERRET_LABEL (driver 5.x)" native-load -p census.records="$RAWF" -p census.output="$(mongo_url bench.raw_full)"
census raw-read-ferretdb "$FERRET_LABEL (driver 5.x)" native-read -p census.input="$(mongo_url bench.raw_full)"
last_ok=0
census load-standin-raw "$STANDIN_LABEL (driver 3.12)" load -p census.records="$(scap "$RAW")" -p census.output="$SIN"
sin_records=""; [ "$last_ok" = 1 ] && sin_records="$(scap "$RAW")" # what bench.in holds
census raw-read-standin "$STANDIN_LABEL (driver 3.12)" read -p census.input="$SIN"

declare -A hdfs_in=()
for size in $SIZES; do
  echo "== filter, $size records" >&2
  census "load-hdfs-$size" "HDFS 3.4.1" load -p census.records="$size" -p census.files=2 -p census.output="$HDFS/bench/in-$size"
  ss=$(scap "$size")
  hdfs_in[$size]=1
  if [ -z "${hdfs_in[$ss]:-}" ]; then  # the capped HDFS input of the HDFS -> stand-in filter, loaded once
    census "load-hdfs-$ss" "HDFS 3.4.1" load -p census.records="$ss" -p census.files=2 -p census.output="$HDFS/bench/in-$ss"
    hdfs_in[$ss]=1
  fi
  if [ "$sin_records" != "$ss" ]; then
    last_ok=0
    census "load-standin-$size" "$STANDIN_LABEL" load -p census.records="$ss" -p census.output="$SIN"
    sin_records=""; [ "$last_ok" = 1 ] && sin_records="$ss"
  fi
  census "load-ferretdb-$size" "$FERRET_LABEL" native-load -p census.records="$(cap "$size")" -p census.output="$(mongo_url bench.in_$size)"
  for split in $SPLITS; do
    sp=(); [ "$split" = default ] || sp=(-p census.splitsize="$split")
    census "filter-hdfs-hdfs-$size-$split" "HDFS" filter "${sp[@]}" -p census.input="$HDFS/bench/in-$size" -p census.output="$HDFS/bench/out-$size"
    census "filter-hdfs-mongo-$size-$split" "HDFS -> $STANDIN_LABEL" filter "${sp[@]}" -p census.input="$HDFS/bench/in-$ss" -p census.output="$SOUT"
    census "filter-mongo-hdfs-$size-$split" "$STANDIN_LABEL -> HDFS" filter "${sp[@]}" -p census.input="$SIN" -p census.output="$HDFS/bench/out-m-$size"
    census "filter-mongo-mongo-$size-$split" "$STANDIN_LABEL" filter "${sp[@]}" -p census.input="$SIN" -p census.output="$SOUT"
    census "filter-threestage-$size-$split" "$STANDIN_LABEL -> HDFS -> stand-in" threestage filter "${sp[@]}" -p census.staging="$HDFS/bench/stage-$size" -p census.input="$SIN" -p census.output="$SOUT"
  done
  census "native-filter-$size" "$FERRET_LABEL native" native-filter -p census.input="$(mongo_url bench.in_$size)" -p census.output="$(mongo_url bench.fem_$size)"
done

python3 - "$OUT" <<'PY' | tee "$OUT/summary.md"
import json, os, sys
out = sys.argv[1]
print(f"# census bench, {out}\n")
print("| run | server | records read | records written | map ms | reduce ms | total ms | records/min | splits | mappers |")
print("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|")
for d in sorted(os.listdir(out)):
    p = os.path.join(out, d)
    if not os.path.isdir(p):
        continue
    server = open(os.path.join(p, "server.txt")).read().strip() if os.path.exists(os.path.join(p, "server.txt")) else "?"
    rj = os.path.join(p, "results.json")
    if os.path.exists(rj):
        j = json.load(open(rj)); s = j.get("summary", {})
        if j.get("format") == "sciycsb-census":
            print(f"| {d} | {server} | {s['recordsRead']} | {s['recordsWritten']} | {s['mapMs']} | {s['reduceMs']} | {s['totalMs']} | {s['recordsPerMinute']:.0f} | {s['splits']} | {s['mappers']} |")
        else:  # the engine's results.json (raw writes through a binding)
            ops = s.get("operations", 0); t = s.get("throughput", 0)
            print(f"| {d} | {server} | | {ops} | | | {s.get('runtimeMs', '')} | {t * 60:.0f} | | |")
PY
echo "results: $OUT" >&2
if [ "$failed" -gt 0 ]; then echo "bench/census.sh: $failed run(s) failed (FAILED lines above, logs in $OUT)" >&2; exit 1; fi
