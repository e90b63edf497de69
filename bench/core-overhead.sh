#!/usr/bin/env bash
# Client overhead: our engine with the no-op `basic` binding vs upstream YCSB 0.17.0 (site.ycsb.Client with
# site.ycsb.BasicDB), workload A, alternating the two tools at each thread count, in one run.
# Ours records both time kinds (response and service) for every operation; upstream records its default.
#
#   bench/core-overhead.sh [ops per run, default 20000000] [thread counts, default "1 2 4 16"] [rounds, default 2]
#
# Prints a markdown table of throughput (ops/s, best of the rounds) and the ratio ours/upstream.
# BASELINE_CP=<classpath> adds a third tool in the same rounds: an earlier build of ours (its jars; main class
# org.sciycsb.cli.Main), e.g. to show that a change did not slow the measured hot path, with the ratio
# ours/baseline. BASELINE_LABEL names it in the table (default "baseline").
set -euo pipefail
HOME_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
OPS="${1:-20000000}"
THREADS="${2:-1 2 4 16}"
ROUNDS="${3:-2}"
WORK="${SCIYCSB_WORK:-$HOME_DIR/work}/bench/core-overhead"
mkdir -p "$WORK"
# shellcheck source=../bin/lib/java.sh
. "$HOME_DIR/bin/lib/java.sh"
JAVA="$(find_java 17 || echo java)"

mvn -q -B -f "$HOME_DIR/bench/upstream-ycsb/pom.xml" dependency:build-classpath \
  -Dmdep.outputFile="$WORK/upstream.classpath" >/dev/null
UCP="$(cat "$WORK/upstream.classpath")"
"$HOME_DIR/bin/ycsb" help >/dev/null # builds on first use

tput_of() { grep -F '[OVERALL], Throughput(ops/sec)' "$1" | awk -F', ' '{print $3}'; }

echo "workload A, $OPS operations per run, best of $ROUNDS rounds; $(nproc) cores; $(date -u +%Y-%m-%d)" >&2
BASE_LABEL="${BASELINE_LABEL:-baseline}"
if [ -n "${BASELINE_CP:-}" ]; then
  echo "| threads | upstream YCSB 0.17.0 (ops/s) | $BASE_LABEL (ops/s) | sciycsb basic (ops/s) | ours/upstream | ours/$BASE_LABEL |"
  echo "|---:|---:|---:|---:|---:|---:|"
else
  echo "| threads | upstream YCSB 0.17.0 (ops/s) | sciycsb basic (ops/s) | ratio |"
  echo "|---:|---:|---:|---:|"
fi
for t in $THREADS; do
  best_up=0; best_us=0; best_base=0
  for r in $(seq 1 "$ROUNDS"); do
    # upstream's BasicDB prints every operation unless basicdb.verbose=false (ours never does by default)
    "$JAVA" -cp "$UCP" site.ycsb.Client -t -db site.ycsb.BasicDB -P "$HOME_DIR/workloads/workloada" \
      -p basicdb.verbose=false -p operationcount="$OPS" -threads "$t" >"$WORK/up-$t-$r.txt" 2>"$WORK/up-$t-$r.err"
    up=$(tput_of "$WORK/up-$t-$r.txt")
    "$HOME_DIR/bin/ycsb" run basic -P "$HOME_DIR/workloads/workloada" -p operationcount="$OPS" -threads "$t" \
      -p results.dir="$WORK/ours-$t-$r" -p status.interval=60 >"$WORK/ours-$t-$r.txt" 2>"$WORK/ours-$t-$r.err"
    us=$(tput_of "$WORK/ours-$t-$r.txt")
    base=""
    if [ -n "${BASELINE_CP:-}" ]; then
      "$JAVA" -Dsciycsb.home="$HOME_DIR" -cp "$BASELINE_CP" org.sciycsb.cli.Main run basic \
        -P "$HOME_DIR/workloads/workloada" -p operationcount="$OPS" -threads "$t" -p results.dir="$WORK/base-$t-$r" \
        -p status.interval=60 >"$WORK/base-$t-$r.txt" 2>"$WORK/base-$t-$r.err"
      base=$(tput_of "$WORK/base-$t-$r.txt")
      best_base=$(awk -v a="$best_base" -v b="$base" 'BEGIN{print (b>a)?b:a}')
    fi
    echo "threads $t round $r: upstream $up, ours $us${base:+, $BASE_LABEL $base}" >&2
    best_up=$(awk -v a="$best_up" -v b="$up" 'BEGIN{print (b>a)?b:a}')
    best_us=$(awk -v a="$best_us" -v b="$us" 'BEGIN{print (b>a)?b:a}')
  done
  if [ -n "${BASELINE_CP:-}" ]; then
    awk -v t="$t" -v u="$best_up" -v b="$best_base" -v o="$best_us" \
      'BEGIN{printf "| %d | %.0f | %.0f | %.0f | %.2fx | %.2fx |\n", t, u, b, o, o/u, o/b}'
  else
    awk -v t="$t" -v u="$best_up" -v o="$best_us" 'BEGIN{printf "| %d | %.0f | %.0f | %.2fx |\n", t, u, o, o/u}'
  fi
done
