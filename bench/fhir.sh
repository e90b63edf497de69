#!/usr/bin/env bash
# Seed 003's EHR benchmark: the FHIR 80/20 mix (FHIR_RECENT / FHIR_INSERT_OBS) at increasing thread counts, each
# point repeated and averaged, on each store. One load per store, then every run on the loaded data (the run's
# inserts accumulate, as in the study).
#
#   bench/fhir.sh [--riak HOST:PORT[,...]] [stores, default "jdbc mongodb"]   (any of: jdbc mongodb cassandra riak)
#
# Settings (environment, all optional):
#   PATIENTS=100000          fhir.patients (seed 003: 1000000, about 7 M observations)
#   OPS=20000                operations per run
#   THREADS="1 2 5 10 25 50 100"   thread counts (seed 003 went on to 200 500 1000: add them where the machine holds)
#   REPEATS=3                runs per thread count, averaged (seed 003: 3)
#   CONSISTENCY=none         fhir.consistency: strong | eventual | none
#   DISTRIBUTION=uniform     requestdistribution: uniform | zipfian | latest
#   MONGODB_URL=$(bin/servers url mongodb)   CASSANDRA_HOSTS=127.0.0.1   (the test servers' defaults; the MongoDB URL
#                            carries the test user's credentials)
#   RIAK_HOSTS (or SCIYCSB_RIAK_HOSTS, or --riak)   a Riak KV cluster of your own with 2i (leveled or leveldb
#                            backend: the timeline is a 2i): no package registry ships Riak KV, so there is no test
#                            node; with riak among the stores and no address the script refuses (one line, exit 2).
#                            Fresh buckets per run of the script.
#   EXTRA="-p key=value ..." more properties for every load and run
#   OUT=work/bench/fhir-<date>   where result directories and the table go
#
# Prints a markdown table per store: threads, overall throughput as seed 003 defines it (operations / first start
# to last end, ops/s) and mean / p95 latency (us) of each operation, averaged over the repeats.
set -euo pipefail
HOME_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
RIAK_HOSTS="${RIAK_HOSTS:-${SCIYCSB_RIAK_HOSTS:-}}"
case "${1:-}" in
  --riak) [ $# -ge 2 ] || { echo "bench/fhir.sh: --riak needs HOST:PORT" >&2; exit 2; }; RIAK_HOSTS="$2"; shift 2 ;;
  --riak=*) RIAK_HOSTS="${1#--riak=}"; shift ;;
esac
STORES="${1:-jdbc mongodb}"
if [[ " $STORES " == *" riak "* ]] && [ -z "$RIAK_HOSTS" ]; then
  echo "bench/fhir.sh: no Riak KV to run against (no package registry ships one): give --riak HOST:PORT or RIAK_HOSTS" >&2
  exit 2
fi
PATIENTS="${PATIENTS:-100000}"
OPS="${OPS:-20000}"
THREADS="${THREADS:-1 2 5 10 25 50 100}"
REPEATS="${REPEATS:-3}"
CONSISTENCY="${CONSISTENCY:-none}"
DISTRIBUTION="${DISTRIBUTION:-uniform}"
MONGODB_URL="${MONGODB_URL:-$("$HOME_DIR/bin/servers" url mongodb)}"
. "$HOME_DIR/bench/lib.sh" # mongo_url
CASSANDRA_HOSTS="${CASSANDRA_HOSTS:-127.0.0.1}"
STAMP="$(date -u +%Y%m%d-%H%M%S)"
OUT="${OUT:-${SCIYCSB_WORK:-$HOME_DIR/work}/bench/fhir-$STAMP}"
read -r -a extra <<< "${EXTRA:-}"
mkdir -p "$OUT"
YCSB="$HOME_DIR/bin/ycsb"

store_props() {
  case "$1" in
    jdbc) echo "-p db.url=jdbc:h2:file:$OUT/h2/fhir -p db.batchsize=100" ;;
    mongodb) echo "-p mongodb.url=$(mongo_url "sciycsb_fhir_bench_$STAMP") -p mongodb.batchsize=100" ;;
    cassandra) echo "-p cassandra.hosts=$CASSANDRA_HOSTS -p cassandra.keyspace=sciycsb_fhir_bench_${STAMP//-/_}" ;;
    riak) echo "-p riak.hosts=$RIAK_HOSTS -p fhir.patienttable=patient_${STAMP//-/_} -p fhir.observationtable=observation_${STAMP//-/_}" ;;
    *) echo "bench/fhir.sh: unknown store '$1' (jdbc, mongodb, cassandra, riak)" >&2; exit 2 ;;
  esac
}

echo "FHIR 80/20, $PATIENTS patients, $OPS ops per run, $REPEATS repeats, consistency $CONSISTENCY," \
  "$DISTRIBUTION; $(nproc) cores; $(date -u +%Y-%m-%d); results in $OUT" >&2
for store in $STORES; do
  read -r -a sp <<< "$(store_props "$store")"
  common=(-P "$HOME_DIR/workloads/fhir-8020" -p fhir.patients="$PATIENTS" -p fhir.consistency="$CONSISTENCY"
    -p requestdistribution="$DISTRIBUTION" -p status.interval=60 "${sp[@]}" "${extra[@]}")
  echo "[$store] load ..." >&2
  "$YCSB" load "$store" "${common[@]}" -threads 8 -p results.dir="$OUT/$store-load" \
    >"$OUT/$store-load.txt" 2>"$OUT/$store-load.err" || { tail -3 "$OUT/$store-load.err" >&2; exit 1; }
  for t in $THREADS; do
    for r in $(seq 1 "$REPEATS"); do
      echo "[$store] threads $t run $r ..." >&2
      "$YCSB" run "$store" "${common[@]}" -p operationcount="$OPS" -threads "$t" \
        -p results.dir="$OUT/$store-t$t-r$r" >"$OUT/$store-t$t-r$r.txt" 2>"$OUT/$store-t$t-r$r.err" \
        || echo "[$store] threads $t run $r failed: $(tail -1 "$OUT/$store-t$t-r$r.err")" >&2
    done
  done
  python3 - "$OUT" "$store" "$THREADS" "$REPEATS" <<'PY' | tee "$OUT/$store.md"
import json, sys, os
out, store, threads, repeats = sys.argv[1], sys.argv[2], sys.argv[3].split(), int(sys.argv[4])
store_name = None
print()
rows = []
for t in threads:
    vals = {"tput": [], "rm": [], "r95": [], "wm": [], "w95": [], "err": 0}
    for r in range(1, repeats + 1):
        f = os.path.join(out, "%s-t%s-r%d" % (store, t, r), "results.json")
        if not os.path.exists(f):
            continue
        d = json.load(open(f))
        st = d["metadata"].get("store") or {}
        store_name = "%s %s" % (st.get("product"), st.get("version"))
        tp = d.get("extra", {}).get("fhir", {}).get("throughput", {}).get("opsPerSec")
        if tp is not None:
            vals["tput"].append(tp)
        for op in d["operations"]:
            vals["err"] += op.get("errors", 0) if op["name"] == "OVERALL" else 0
            if op["name"] == "FHIR_RECENT":
                vals["rm"].append(op["response"]["mean"]); vals["r95"].append(op["response"]["p95"])
            if op["name"] == "FHIR_INSERT_OBS":
                vals["wm"].append(op["response"]["mean"]); vals["w95"].append(op["response"]["p95"])
    avg = lambda xs: ("%.0f" % (sum(xs) / len(xs))) if xs else "-"
    rows.append("| %s | %s | %s | %s | %s | %s | %d | %d |" % (t, avg(vals["tput"]), avg(vals["rm"]), avg(vals["r95"]),
        avg(vals["wm"]), avg(vals["w95"]), len(vals["tput"]), vals["err"]))
print("%s (%s):" % (store, store_name))
print()
print("| threads | throughput (ops/s) | FHIR_RECENT mean (us) | FHIR_RECENT p95 (us) | FHIR_INSERT_OBS mean (us) | FHIR_INSERT_OBS p95 (us) | runs | errors |")
print("|---:|---:|---:|---:|---:|---:|---:|---:|")
for r in rows:
    print(r)
PY
done
