#!/usr/bin/env bash
# Calibration of compare's verdicts on real runs (issue 19): the basic binding with a busy-wait service time of
# BASE microseconds (A and its twin C) and 10 % more (B), workload A, one client thread, each configuration repeated
# REPEATS times, the three run alternately, round after round (bin/ycsb compare --run: A B C A B C ...). Then compare
# A B and A C: with repeats (Welch's t on the logs) and single runs (repeat-1 of each: the block bootstrap of the
# intervals).
#
#   bench/verdicts.sh [BASE us, default 100] [REPEATS, default 5] [seconds per repeat, default 3]
#
# Prints a markdown table: OVERALL throughput and p95, ratio, 95 % interval and verdict of each comparison.
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
"$HOME_DIR/bin/ycsb" compare --run basic -P "$HOME_DIR/workloads/workloada" -p operationcount=0 \
  -p maxexecutiontime="$SECONDS_PER" -p timeseries.granularity=100 -p status.interval=60 -p repeats="$REPEATS" \
  --side A:basicdb.busywait="$BASE" --side B:basicdb.busywait="$SLOW" --side C:basicdb.busywait="$BASE" \
  -p report.png=false -p results.dir="$WORK/run" >"$WORK/run.txt" 2>"$WORK/run.err"

compare() { # label baseline contender
  local out="$WORK/cmp-$1"; mkdir -p "$out"
  "$HOME_DIR/bin/ycsb" compare "$2" "$3" -p report.out="$out" -p report.png=false >/dev/null 2>"$out/err" || true
  python3 - "$out/compare.json" "$1" <<'PY'
import json, sys
rows = json.load(open(sys.argv[1]))["rows"]
for r in rows:
    if r["operation"] == "OVERALL" and r["metric"] in ("throughput", "p95"):
        ci = r["ci95"]
        iv = "[%.3f, %.3f]" % (ci[0], ci[1]) if ci else "none"
        method = "Welch t (repeats)" if r["method"].startswith("Welch") else (
            "block bootstrap (one run)" if "bootstrap" in r["method"] else "none")
        print("| %s | %s | %.3fx | %s | **%s** | %s |" % (sys.argv[2], r["metric"], r["ratio"], iv, r["verdict"], method))
PY
}
echo "| comparison | metric | ratio | 95 % interval | verdict | method |"
echo "|---|---|---:|---|---|---|"
compare "A vs B (+10 %), $REPEATS repeats a side" "$WORK/run/A" "$WORK/run/B"
compare "A vs C (identical), $REPEATS repeats a side" "$WORK/run/A" "$WORK/run/C"
compare "A vs B (+10 %), one run a side" "$WORK/run/A/repeat-1" "$WORK/run/B/repeat-1"
compare "A vs C (identical), one run a side" "$WORK/run/A/repeat-1" "$WORK/run/C/repeat-1"
