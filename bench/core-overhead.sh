#!/usr/bin/env bash
# Client overhead: our engine with the no-op `basic` binding vs upstream YCSB 0.17.0 (site.ycsb.Client with
# site.ycsb.BasicDB), workload A, the two tools in interleaved pairs at each thread count, in one run.
# Ours records both time kinds (response and service) for every operation; upstream records its default.
#
#   bench/core-overhead.sh [ops per run, default 20000000] [thread counts, default "1 2 4 16"] [min pairs, default 3]
#
# Repeat until decided: at each thread count the pairs (upstream, then ours) go on until the 95 % interval of
# ours/upstream (the geometric mean of the pairs' ratios, Student's t on their logs: bench/until.py) lies entirely
# above or below GOAL, the issue's goal of 2x upstream's throughput (default 2), or MAX_PAIRS pairs have run
# (default 10); from the minimum on, the rule is applied after every pair. MAX_PAIRS equal to the minimum gives a
# fixed number of pairs.
#
# Prints a markdown table: mean throughput of each tool (ops/s) over the pairs, the ratio ours/upstream with its
# interval, the verdict against the goal (met, not met, or undecided) and which ended the pairs ("decided after N
# pairs" or "undecided: reached the maximum of N pairs").
# BASELINE_CP=<classpath> adds a third tool to every pair: an earlier build of ours (its jars; main class
# org.sciycsb.cli.Main), e.g. to show that a change did not slow the measured hot path, with the ratio
# ours/baseline judged against the no-difference band BASELINE_BAND (default "0.95 1.05": within 5 %); the pairs then
# go on until both ratios are decided. BASELINE_LABEL names it in the table (default "baseline").
set -euo pipefail
HOME_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
OPS="${1:-20000000}"
THREADS="${2:-1 2 4 16}"
MIN_PAIRS="${3:-3}"
MAX_PAIRS="${MAX_PAIRS:-10}"
GOAL="${GOAL:-2}"
read -r BAND_LOW BAND_HIGH <<<"${BASELINE_BAND:-0.95 1.05}"
WORK="${SCIYCSB_WORK:-$HOME_DIR/work}/bench/core-overhead"
mkdir -p "$WORK"
# shellcheck source=../bin/lib/java.sh
. "$HOME_DIR/bin/lib/java.sh"
# shellcheck source=lib.sh
. "$HOME_DIR/bench/lib.sh"
JAVA="$(find_java 17 || echo java)"
UNTIL="$HOME_DIR/bench/until.py"

mvn -q -B -f "$HOME_DIR/bench/upstream-ycsb/pom.xml" dependency:build-classpath \
  -Dmdep.outputFile="$WORK/upstream.classpath" >/dev/null
UCP="$(cat "$WORK/upstream.classpath")"
"$HOME_DIR/bin/ycsb" help >/dev/null # builds on first use

tput_of() { grep -F '[OVERALL], Throughput(ops/sec)' "$1" | awk -F', ' '{print $3}'; }

pair() { # one pair at thread count $t: upstream, ours (and the baseline); appends "up ours base" to $PAIRS
  local r="$1" up us base=""
  # upstream's BasicDB prints every operation unless basicdb.verbose=false (ours never does by default)
  "$JAVA" -cp "$UCP" site.ycsb.Client -t -db site.ycsb.BasicDB -P "$HOME_DIR/workloads/workloada" \
    -p basicdb.verbose=false -p operationcount="$OPS" -threads "$t" >"$WORK/up-$t-$r.txt" 2>"$WORK/up-$t-$r.err"
  up=$(tput_of "$WORK/up-$t-$r.txt" || echo 0)
  "$HOME_DIR/bin/ycsb" run basic -P "$HOME_DIR/workloads/workloada" -p operationcount="$OPS" -threads "$t" \
    -p results.dir="$WORK/ours-$t-$r" -p status.interval=60 >"$WORK/ours-$t-$r.txt" 2>"$WORK/ours-$t-$r.err"
  us=$(tput_of "$WORK/ours-$t-$r.txt" || echo 0)
  if [ -n "${BASELINE_CP:-}" ]; then
    "$JAVA" -Dsciycsb.home="$HOME_DIR" -cp "$BASELINE_CP" org.sciycsb.cli.Main run basic \
      -P "$HOME_DIR/workloads/workloada" -p operationcount="$OPS" -threads "$t" -p results.dir="$WORK/base-$t-$r" \
      -p status.interval=60 >"$WORK/base-$t-$r.txt" 2>"$WORK/base-$t-$r.err"
    base=$(tput_of "$WORK/base-$t-$r.txt" || echo 0)
  fi
  echo "threads $t pair $r: upstream $up, ours $us${base:+, $BASE_LABEL $base}" >&2
  echo "$up $us ${base:-0}" >>"$PAIRS"
}

ratios() { awk -v a="$1" -v b="$2" '$a > 0 && $b > 0 {print $a / $b}' "$PAIRS"; } # column a / column b per pair

decided() { # the rule after the pairs so far: ours/upstream against the goal (and ours/baseline against its band)
  local s
  s=$(python3 "$UNTIL" decide "$GOAL" "$GOAL" $(ratios 2 1)) || { echo "  ours/upstream: $s" >&2; return 1; }
  if [ -n "${BASELINE_CP:-}" ]; then
    s=$(python3 "$UNTIL" decide "$BAND_LOW" "$BAND_HIGH" $(ratios 2 3)) || { echo "  ours/$BASE_LABEL: $s" >&2; return 1; }
  fi
}

cell() { # ratio cell "1.95x [1.80, 2.11]" and the verdict word, from "STATE GEO LOW HIGH N"
  read -r st g lo hi _ <<<"$1"
  printf '%.2fx [%.2f, %.2f] | %s' "$g" "$lo" "$hi" "$2"
}

echo "workload A, $OPS operations per run, interleaved pairs until decided ($MIN_PAIRS to $MAX_PAIRS); goal: ours" \
  "at least ${GOAL}x upstream; $(nproc) cores; $(date -u +%Y-%m-%d)" >&2
BASE_LABEL="${BASELINE_LABEL:-baseline}"
rows=()
for t in $THREADS; do
  PAIRS="$WORK/pairs-$t.txt"; : >"$PAIRS"
  repeat_until_decided "$MIN_PAIRS" "$MAX_PAIRS" pair decided pairs
  echo "threads $t: $UNTIL_ENDED" >&2
  means=$(awk '{u += $1; o += $2; b += $3} END {printf "%.0f %.0f %.0f", u / NR, o / NR, b / NR}' "$PAIRS")
  read -r mu mo mb <<<"$means"
  g=$(python3 "$UNTIL" decide "$GOAL" "$GOAL" $(ratios 2 1) || true)
  case "${g%% *}" in above) v="met" ;; below) v="not met" ;; *) v="undecided" ;; esac
  row="| $t | $mu | $mo | $(cell "$g" "$v")"
  if [ -n "${BASELINE_CP:-}" ]; then
    bg=$(python3 "$UNTIL" decide "$BAND_LOW" "$BAND_HIGH" $(ratios 2 3) || true)
    case "${bg%% *}" in within) bv="no difference" ;; above) bv="faster" ;; below) bv="slower" ;; *) bv="undecided" ;; esac
    row="| $t | $mu | $mb | $mo | $(cell "$g" "$v") | $(cell "$bg" "$bv")"
  fi
  rows+=("$row | $UNTIL_ENDED |")
done
if [ -n "${BASELINE_CP:-}" ]; then
  echo "| threads | upstream YCSB 0.17.0 (ops/s) | $BASE_LABEL (ops/s) | sciycsb basic (ops/s) | ours/upstream [95 % interval] | goal >= ${GOAL}x | ours/$BASE_LABEL [95 % interval] | within [$BAND_LOW, $BAND_HIGH] | pairs |"
  echo "|---:|---:|---:|---:|---:|---|---:|---|---|"
else
  echo "| threads | upstream YCSB 0.17.0 (ops/s) | sciycsb basic (ops/s) | ours/upstream [95 % interval] | goal >= ${GOAL}x | pairs |"
  echo "|---:|---:|---:|---:|---|---|"
fi
printf '%s\n' "${rows[@]}"
echo "ops/s: the mean over the pairs; a ratio: the geometric mean of the pairs' ratios with its 95 % interval" \
  "(Student's t on the logs); met / not met only when the whole interval lies on one side of the goal"
