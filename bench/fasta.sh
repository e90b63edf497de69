#!/usr/bin/env bash
# The FASTA workload's write and read phases (seed 001, section 5.2 "number of concurrent workers") on the
# embedded store (jdbc binding, H2) and on the MongoDB-wire test server (FerretDB), for 1 to 40 workers.
#
#   bench/fasta.sh [key=value ...]
#
# Settings (all optional):
#   stores="jdbc mongodb"        bindings to run (cassandra works too: bin/servers start cassandra; hdfs:
#                                bin/servers start hdfs; riak: a real cluster, riak.hosts)
#   workers="1 2 5 10 20 40"     client threads (workers) per run; seed 001 ran 1 to 40 (and 80 for Riak)
#   files=80 queries=1 hits=500  the generated corpus (seed 001: 80 files of ~50,000 documents, 4,014,329 in all;
#                                its scale is files=80 hits=16700: slow here, and H2 then needs a few GB of disk)
#   seed=1                       corpus seed (the corpus is generated once and cached under the work folder)
#   input=DIR                    a folder of real ssearch36 -m 10 files instead of the generated corpus
#   reads=20000                  random reads per read phase (seed 001: 80,000)
#   batch=100                    db.batchsize / mongodb.batchsize of the write phase
#   repeats=1                    runs per (store, workers)
#   mongodb.url=<bin/servers url mongodb, database sciycsb_fasta_bench>   (bin/servers start mongodb; the URL
#                                carries the test user's credentials)
#   cassandra.hosts=127.0.0.1    keyspace sciycsb_fasta_bench
#   hdfs.url=$SCIYCSB_HDFS_URL or hdfs://127.0.0.1:9000   folders under /sciycsb-fasta-bench (remove when done)
#   riak.hosts=$RIAK_HOSTS or 127.0.0.1                    (a Riak KV of your own: no registry ships one)
#   out=results/bench-fasta-<time>
#
# Every load writes into fresh collections (fasta.table.prefix b<time>w<workers>r<repeat>_), so each starts
# empty and its count check is exact; the read phase reads the ids that load wrote. The H2 database lives in
# $out/h2 (delete $out when done). Prints a table (also $out/summary.md and summary.csv): documents written, write
# documents/s (mean over the run and best second), reads/s, p95 latencies. Label figures with the store that
# produced them: "FerretDB 1.24 on PostgreSQL 15" is not MongoDB.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

declare -A S=(
  [stores]="jdbc mongodb" [workers]="1 2 5 10 20 40" [files]=80 [queries]=1 [hits]=500 [seed]=1 [input]=""
  [reads]=20000 [batch]=100 [repeats]=1 [mongodb.url]=""
  [cassandra.hosts]=127.0.0.1 [hdfs.url]="${SCIYCSB_HDFS_URL:-hdfs://127.0.0.1:9000}"
  [riak.hosts]="${RIAK_HOSTS:-127.0.0.1}" [out]="results/bench-fasta-$(date +%Y%m%d-%H%M%S)"
)
for arg in "$@"; do
  k="${arg%%=*}"; v="${arg#*=}"
  [ "$k" != "$arg" ] && [ -n "${S[$k]+x}" ] || { echo "bench/fasta.sh: unknown setting '$arg' (known: ${!S[*]})" >&2; exit 2; }
  S[$k]="$v"
done
if [ -z "${S[mongodb.url]}" ] && [[ " ${S[stores]} " == *" mongodb "* ]]; then
  u="$("$root/bin/servers" url mongodb)"; q=""
  case "$u" in *\?*) q="?${u#*\?}"; u="${u%%\?*}" ;; esac
  rest="${u#mongodb://}"
  S[mongodb.url]="mongodb://${rest%%/*}/sciycsb_fasta_bench$q"
fi
out="${S[out]}"
mkdir -p "$out"
out="$(cd "$out" && pwd)"
stamp="$(date +%H%M%S)"

store_props() {
  case "$1" in
    jdbc) echo "-p db.url=jdbc:h2:file:$out/h2/fasta -p db.batchsize=${S[batch]}" ;;
    mongodb) echo "-p mongodb.url=${S[mongodb.url]} -p mongodb.batchsize=${S[batch]}" ;;
    cassandra) echo "-p cassandra.hosts=${S[cassandra.hosts]} -p cassandra.keyspace=sciycsb_fasta_bench" ;;
    hdfs) echo "-p hdfs.url=${S[hdfs.url]} -p hdfs.basepath=/sciycsb-fasta-bench" ;;
    riak) echo "-p riak.hosts=${S[riak.hosts]}" ;;
    *) echo "" ;;
  esac
}

if [ -n "${S[input]}" ]; then
  corpus=(-p "fasta.input=${S[input]}")
else
  corpus=(-p "fasta.corpus.files=${S[files]}" -p "fasta.corpus.queries=${S[queries]}" -p "fasta.corpus.hits=${S[hits]}"
          -p "fasta.corpus.seed=${S[seed]}")
fi

echo "bench/fasta.sh: stores=${S[stores]} workers=${S[workers]} results in $out" >&2
for store in ${S[stores]}; do
  for w in ${S[workers]}; do
    for r in $(seq 1 "${S[repeats]}"); do
      name="$store-w$w-r$r"
      prefix="b${stamp}w${w}r${r}_"
      # shellcheck disable=SC2046
      "$root/bin/ycsb" load "$store" -threads "$w" -p workload=fasta "${corpus[@]}" -p "fasta.table.prefix=$prefix" \
        $(store_props "$store") -p "label=$name" -p "results.dir=$out/$name-load" -s >"$out/$name-load.txt" \
        2>"$out/$name-load.err" || { echo "load $name failed: see $out/$name-load.err" >&2; tail -3 "$out/$name-load.err" >&2; exit 1; }
      # shellcheck disable=SC2046
      "$root/bin/ycsb" run "$store" -threads "$w" -p workload=fasta -p "fasta.ids=$out/$name-load" \
        -p "fasta.reads=${S[reads]}" $(store_props "$store") -p "label=$name" -p "results.dir=$out/$name-run" \
        >"$out/$name-run.txt" 2>"$out/$name-run.err" || { echo "run $name failed: see $out/$name-run.err" >&2; tail -3 "$out/$name-run.err" >&2; exit 1; }
      echo "  $name done" >&2
    done
  done
done

python3 - "$out" <<'PY'
import json, os, sys
out = sys.argv[1]
rows = []
for d in sorted(os.listdir(out)):
    if not d.endswith("-load") or not os.path.isfile(os.path.join(out, d, "results.json")):
        continue
    name = d[:-5]
    load = json.load(open(os.path.join(out, d, "results.json")))
    run_path = os.path.join(out, name + "-run", "results.json")
    run = json.load(open(run_path)) if os.path.isfile(run_path) else None
    f = load["extra"]["fasta"]
    written = sum(f["documentsWritten"].values())
    ops = {o["name"]: o for o in load["operations"]}
    w_p95 = ops.get("OVERALL", {}).get("response", {}).get("p95", "")
    store = load["metadata"].get("store", {})
    product = (store.get("product", "") + " " + store.get("version", "")).strip()
    reads = run_p95 = ""
    if run:
        rops = {o["name"]: o for o in run["operations"]}
        reads = rops.get("OVERALL", {}).get("throughput", "")
        run_p95 = rops.get("OVERALL", {}).get("response", {}).get("p95", "")
    store_name, w, r = name.rsplit("-", 2)
    rows.append([store_name, product, w[1:], r[1:], written, f["docsPerSecond"]["mean"], f["docsPerSecond"]["peak"],
                 w_p95, reads, run_p95, f["filesWithProblems"], f.get("countCheck", "")])
rows.sort(key=lambda x: (x[0], int(x[2]), int(x[3])))
head = ["binding", "store", "workers", "repeat", "docs written", "write docs/s (mean)", "write docs/s (best second)",
        "write p95 us", "reads/s", "read p95 us", "faulty files", "count check"]
md = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
for r in rows:
    md.append("| " + " | ".join(str(x) for x in r) + " |")
open(os.path.join(out, "summary.md"), "w").write("\n".join(md) + "\n")
with open(os.path.join(out, "summary.csv"), "w") as c:
    c.write(",".join(head) + "\n")
    for r in rows:
        c.write(",".join(str(x) for x in r) + "\n")
print("\n".join(md))
PY
