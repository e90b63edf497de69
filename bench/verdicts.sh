#!/usr/bin/env bash
# Calibration of compare's verdicts on real runs (issue 19): the basic binding with a busy-wait service time of
# BASE microseconds (A and its twin C) and 10 % more (B), workload A, one client thread, each configuration repeated
# REPEATS times, the three run alternately, round after round (bin/ycsb compare --run: A B C A B C ...). Then compare
# A B and A C: with repeats (compare --run's rounds: the paired t on the logs of the rounds' ratios) and single
# runs (repeat-1 of each: the block bootstrap of the intervals). All of it twice (issue 36): with compare.seeds=paired (the sides of a round run with the same -p seed,
# so they replay the same operations; the rounds' seeds differ) and with compare.seeds=independent (every run its
# own random operations), one invocation after the other, to show what equal seeds do to the intervals' width.
#
#   bench/verdicts.sh [BASE us, default 100] [REPEATS, default 5] [seconds per repeat, default 3]
#
# Prints a markdown table: OVERALL throughput and p95 of each comparison, ratio, 95 % interval, its width and the
# verdict (better/worse: the interval excludes 1; same: it lies inside 1 +- compare.threshold %, default 5;
# undecided: it holds 1 but reaches past that band, or there is none), paired seeds beside independent ones. Expected
# on a quiet machine: A vs B worse, A vs C same with repeats; a busy one widens the intervals to undecided, and a
# `same` for A vs B (or `better`/`worse` for A vs C) is the wrong answer the script is there to catch.
set -euo pipefail
HOME_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BASE="${1:-100}"
REPEATS="${2:-5}"
SECONDS_PER="${3:-3}"
WORK="${SCIYCSB_WORK:-$HOME_DIR/work}/bench/verdicts"
rm -rf "$WORK"; mkdir -p "$WORK"
"$HOME_DIR/bin/ycsb" help >/dev/null # builds on first use

SLOW=$(( BASE * 11 / 10 ))
echo "basic binding, busy-wait $BASE us (A, C) vs $SLOW us (B), $REPEATS repeats of $SECONDS_PER s, 1 thread;" \
  "$(nproc) cores; $(date -u +%Y-%m-%d)" >&2
for SEEDS in paired independent; do
  "$HOME_DIR/bin/ycsb" compare --run basic -P "$HOME_DIR/workloads/workloada" -p operationcount=0 \
    -p maxexecutiontime="$SECONDS_PER" -p timeseries.granularity=100 -p status.interval=60 -p repeats="$REPEATS" \
    --side A:basicdb.busywait="$BASE" --side B:basicdb.busywait="$SLOW" --side C:basicdb.busywait="$BASE" \
    -p compare.seeds="$SEEDS" -p report.png=false -p results.dir="$WORK/$SEEDS" \
    >"$WORK/$SEEDS.txt" 2>"$WORK/$SEEDS.err"
  grep '^seeds: ' "$WORK/$SEEDS.err" >&2
done

compare() { # folder baseline contender: compare.json in folder
  mkdir -p "$1"
  "$HOME_DIR/bin/ycsb" compare "$2" "$3" -p report.out="$1" -p report.png=false >/dev/null 2>"$1/err" || true
}
ROWS=("A vs B (+10 %), $REPEATS repeats a side|A|B|"
      "A vs C (identical), $REPEATS repeats a side|A|C|"
      "A vs B (+10 %), one run a side|A|B|/repeat-1"
      "A vs C (identical), one run a side|A|C|/repeat-1")
for i in "${!ROWS[@]}"; do
  IFS='|' read -r label base contender sub <<<"${ROWS[$i]}"
  for SEEDS in paired independent; do
    compare "$WORK/cmp-$i-$SEEDS" "$WORK/$SEEDS/$base$sub" "$WORK/$SEEDS/$contender$sub"
  done
done
python3 - "$WORK" "${ROWS[@]}" <<'PY'
import json, sys
work, rows = sys.argv[1], sys.argv[2:]
def row(i, seeds, metric):
    for r in json.load(open("%s/cmp-%d-%s/compare.json" % (work, i, seeds)))["rows"]:
        if r["operation"] == "OVERALL" and r["metric"] == metric:
            return r
def cell(r):
    ci = r["ci95"]
    if not ci:
        return "%.3fx | none | - | **%s**" % (r["ratio"], r["verdict"])
    return "%.3fx | [%.3f, %.3f] | %.3f | **%s**" % (r["ratio"], ci[0], ci[1], ci[1] - ci[0], r["verdict"])
print("| comparison | metric | method | paired seeds: ratio | 95 % interval | width | verdict "
      "| independent: ratio | 95 % interval | width | verdict |")
print("|---|---|---|---:|---|---:|---|---:|---|---:|---|")
for i, spec in enumerate(rows):
    label = spec.split("|")[0]
    for metric in ("throughput", "p95"):
        p, n = row(i, "paired", metric), row(i, "independent", metric)
        method = "paired t (rounds)" if p["method"].startswith("paired") else (
            "Welch t (repeats)" if p["method"].startswith("Welch") else (
            "block bootstrap (one run)" if "bootstrap" in p["method"] else "none"))
        print("| %s | %s | %s | %s | %s |" % (label, metric, method, cell(p), cell(n)))
PY
