#!/usr/bin/env bash
# Sizing of the census MongoDB-side STAND-IN (mongo-java-server, NOT MongoDB): for each size, a fresh stand-in
# (stopped, its data deleted, started again), bin/census load of N full census records (mongo-hadoop's 3.x driver),
# a count with a client (countDocuments, driver 3.12), the raw read (bin/census read), and the stand-in's peak RSS
# (VmHWM) after the load and after the read, the largest heap left after a garbage collection (-Xlog:gc), and the
# data folder's size on disk.
#
#   bench/census-standin.sh [sizes, default "25000 50000 100000 200000"]
#
# Environment: SCIYCSB_STANDIN_BACKEND=h2|memory (default h2), SCIYCSB_STANDIN_HEAP (default 6g),
# SCIYCSB_STANDIN_PORT (default 27118: this script starts its own instance, mongo-standin@sizing, and stops it at
# the end; it never touches a stand-in it did not start), FILTER=1 also runs the filter job (stand-in -> file://)
# at each size, with FILTER_SPLIT MB splits (default: the connector's 8 MB; the stand-in answers a split's query
# in one reply, which the 3.x driver refuses over 48 MB: 128 MB splits of more than ~18,000 census records read
# nothing, census-workload/README.md). Output: a markdown table on stdout and in results/bench-census-standin-<time>/,
# every run's results.json beside it. Exit 1 when a run failed.
set -euo pipefail
HOME_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
SIZES="${1:-25000 50000 100000 200000}"
export SCIYCSB_WORK="${SCIYCSB_WORK:-$HOME_DIR/work}"
export SCIYCSB_STANDIN_BACKEND="${SCIYCSB_STANDIN_BACKEND:-h2}"
export SCIYCSB_STANDIN_HEAP="${SCIYCSB_STANDIN_HEAP:-6g}"
export SCIYCSB_STANDIN_PORT="${SCIYCSB_STANDIN_PORT:-27118}"
NAME=mongo-standin@sizing
DIR="$SCIYCSB_WORK/servers/$NAME"
URL="mongodb://127.0.0.1:$SCIYCSB_STANDIN_PORT"
OUT="$HOME_DIR/results/bench-census-standin-$(date -u +%Y%m%d-%H%M%S)"
mkdir -p "$OUT"
servers() { "$HOME_DIR/bin/servers" "$@"; }
if servers status "$NAME" >/dev/null 2>&1; then echo "bench/census-standin.sh: $NAME is already running; stop it first" >&2; exit 2; fi
trap 'servers stop "$NAME" >/dev/null 2>&1 || true' EXIT

# a client count with the census jobs' own driver (3.12), a single-file Java program
cat >"$OUT/Count.java" <<'JAVA'
public class Count {
  public static void main(String[] a) {
    try (com.mongodb.MongoClient c = new com.mongodb.MongoClient(new com.mongodb.MongoClientURI(a[0]))) {
      System.out.println(c.getDatabase(a[1]).getCollection(a[2]).countDocuments());
    }
  }
}
JAVA
CP="$(cat "$HOME_DIR/census-workload/target/census-classpath.txt")"
field() { python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["summary"][sys.argv[2]])' "$1" "$2"; }
hwm() { awk '/VmHWM/{printf "%.0f", $2/1024}' "/proc/$1/status"; }
maxheap() { # the largest heap after a collection in a -Xlog:gc file, MB ("Pause ... 1234M->567M(2048M)")
  grep -o '[0-9]*M->[0-9]*M' "$1" | sed 's/.*->\([0-9]*\)M/\1/' | sort -n | tail -1; }
failed=0
label=""
rows=()
for n in $SIZES; do
  servers stop "$NAME" >/dev/null 2>&1 || true
  servers clean "$NAME" >/dev/null 2>&1 || true
  mkdir -p "$DIR"
  SCIYCSB_STANDIN_JAVA_OPTS="-Xlog:gc:file=$OUT/gc-$n.log" servers start "$NAME" 2>"$OUT/start-$n.log" \
    || { cat "$OUT/start-$n.log" >&2; exit 1; }
  pid=$(servers pids "$NAME")
  label=$(servers status "$NAME" | sed 's/^[^,]*, //; s/)$//')
  echo "== $n records, $label" >&2
  if ! "$HOME_DIR/bin/census" load -p census.records="$n" -p census.output="$URL/census.in" -p census.overwrite=true \
      -p census.results="$OUT/load-$n" >"$OUT/load-$n.log" 2>&1; then
    echo "FAILED: load $n (log: $OUT/load-$n.log)" >&2; tail -2 "$OUT/load-$n.log" >&2; failed=$((failed + 1)); continue
  fi
  rss_load=$(hwm "$pid")
  count=$(java -cp "$CP" "$OUT/Count.java" "$URL" census in 2>"$OUT/count-$n.log" || echo "?")
  disk=$(du -sm "$DIR" | cut -f1)
  if ! "$HOME_DIR/bin/census" read -p census.input="$URL/census.in" -p census.results="$OUT/read-$n" \
      >"$OUT/read-$n.log" 2>&1; then
    echo "FAILED: read $n (log: $OUT/read-$n.log)" >&2; tail -2 "$OUT/read-$n.log" >&2; failed=$((failed + 1)); read_n="-"; read_rate="-"; read_ms="-"
  else
    read_n=$(field "$OUT/read-$n/results.json" recordsRead); read_ms=$(field "$OUT/read-$n/results.json" totalMs)
    read_rate=$(field "$OUT/read-$n/results.json" recordsPerMinute)
  fi
  rss_read=$(hwm "$pid")
  filt="-"
  if [ "${FILTER:-0}" = 1 ]; then
    sp=(); [ -z "${FILTER_SPLIT:-}" ] || sp=(-p census.splitsize="$FILTER_SPLIT")
    if "$HOME_DIR/bin/census" filter "${sp[@]}" -p census.input="$URL/census.in" \
        -p census.output="file://$OUT/filter-out-$n" -p census.results="$OUT/filter-$n" >"$OUT/filter-$n.log" 2>&1; then
      filt="$(field "$OUT/filter-$n/results.json" totalMs) ms, $(field "$OUT/filter-$n/results.json" splits) splits, $(field "$OUT/filter-$n/results.json" recordsWritten) written"
    else
      echo "FAILED: filter $n (log: $OUT/filter-$n.log)" >&2; failed=$((failed + 1)); filt="failed"
    fi
  fi
  servers stop "$NAME" >/dev/null 2>&1
  disk_closed=$(du -sm "$DIR" | cut -f1)
  rows+=("| $n | $(field "$OUT/load-$n/results.json" recordsWritten) | $count | $(field "$OUT/load-$n/results.json" totalMs) | $(printf %.0f "$(field "$OUT/load-$n/results.json" recordsPerMinute)") | $read_n | $read_ms | $(printf %.0f "$read_rate" 2>/dev/null || echo "$read_rate") | $rss_load | $rss_read | $(maxheap "$OUT/gc-$n.log") | $disk / $disk_closed | $filt |")
done
{
  echo "# census stand-in sizing: $label"
  echo
  echo "heap -Xmx$SCIYCSB_STANDIN_HEAP; $(nproc) cores, load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
  echo
  echo "| records | loaded | counted | load ms | load records/min | read | read ms | read records/min | peak RSS MB after load | after read | largest heap after GC, MB | disk MB (open / closed) | filter (splits ${FILTER_SPLIT:-8} MB) |"
  echo "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|"
  printf '%s\n' "${rows[@]}"
} | tee "$OUT/summary.md"
echo "results: $OUT" >&2
[ "$failed" = 0 ] || { echo "bench/census-standin.sh: $failed run(s) failed" >&2; exit 1; }
