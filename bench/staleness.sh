#!/usr/bin/env bash
# What judging stale reads costs the hot path: the same run with -p staleness=true and without it, in interleaved
# pairs (off, then on), at each thread count, in one run, on two stores:
#   basic  the no-op binding (the client alone: every read returns no value, so every read of a written key is
#          judged and found stale, the judge's dearest path);
#   h2     jdbc's embedded H2 (a file database under the work folder, loaded once, every run on it), a real store
#          that returns what was written (reads judged fresh or stale by their stamps).
# Workload A (half reads, half updates) on 10,000 records, so that most reads meet keys the run wrote.
#
#   bench/staleness.sh [ops per run, default 2000000] [thread counts, default "1 4 16"] [min pairs, default 3]
#
# Repeat until decided: the pairs go on until the 95 % interval of on/off (the geometric mean of the pairs' ratios,
# Student's t on their logs: bench/until.py) lies within the no-difference band BAND (default "0.95 1.05"), or
# entirely outside it, or MAX_PAIRS pairs have run (default 8). STORES chooses the stores (default "basic h2").
# Prints a markdown table: mean throughput off and on (ops/s), on/off with its interval, the verdict (no
# difference, slower, faster, undecided) and which ended the pairs.
set -euo pipefail
HOME_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
OPS="${1:-2000000}"
THREADS="${2:-1 4 16}"
MIN_PAIRS="${3:-3}"
MAX_PAIRS="${MAX_PAIRS:-8}"
STORES="${STORES:-basic h2}"
read -r BAND_LOW BAND_HIGH <<<"${BAND:-0.95 1.05}"
WORK="${SCIYCSB_WORK:-$HOME_DIR/work}/bench/staleness"
mkdir -p "$WORK"
# shellcheck source=lib.sh
. "$HOME_DIR/bench/lib.sh"
UNTIL="$HOME_DIR/bench/until.py"
"$HOME_DIR/bin/ycsb" help >/dev/null # builds on first use

tput_of() { grep -F '[OVERALL], Throughput(ops/sec)' "$1" | awk -F', ' '{print $3}'; }

binding() { # the binding's arguments for store $1
  case "$1" in
    basic) echo "basic" ;;
    h2) echo "jdbc -p db.url=jdbc:h2:file:$WORK/h2/stale" ;;
    *) echo "bench/staleness.sh: unknown store '$1' (basic, h2)" >&2; exit 2 ;;
  esac
}

load() { # the records of store $1, once (basic keeps nothing)
  [ "$1" != basic ] || return 0
  local b; read -r -a b <<<"$(binding "$1")"
  rm -rf "$WORK/h2"
  "$HOME_DIR/bin/ycsb" load "${b[@]}" -P "$HOME_DIR/workloads/workloada" -p recordcount=10000 -threads 4 \
    -p results.dir="$WORK/$1-load" >"$WORK/$1-load.txt" 2>&1
}

one() { # one run: store $1, threads $2, staleness $3 (true/false), name $4; prints its throughput
  local b; read -r -a b <<<"$(binding "$1")"
  "$HOME_DIR/bin/ycsb" run "${b[@]}" -P "$HOME_DIR/workloads/workloada" -p recordcount=10000 \
    -p operationcount="$OPS" -threads "$2" -p staleness="$3" -p results.dir="$WORK/$4" -p status.interval=60 \
    >"$WORK/$4.txt" 2>"$WORK/$4.err"
  tput_of "$WORK/$4.txt" || echo 0
}

pair() { # one pair at store $s, thread count $t: off, then on; appends "off on" to $PAIRS
  local r="$1" off on
  off=$(one "$s" "$t" false "$s-$t-off-$r")
  on=$(one "$s" "$t" true "$s-$t-on-$r")
  echo "$s threads $t pair $r: off $off, on $on" >&2
  echo "$off $on" >>"$PAIRS"
}

ratios() { awk '$1 > 0 && $2 > 0 {print $2 / $1}' "$PAIRS"; }

decided() {
  local st
  st=$(python3 "$UNTIL" decide "$BAND_LOW" "$BAND_HIGH" $(ratios)) || { echo "  on/off: $st" >&2; return 1; }
}

echo "workload A, 10,000 records, $OPS operations per run, staleness off then on in interleaved pairs until decided" \
  "($MIN_PAIRS to $MAX_PAIRS); $(nproc) cores; $(date -u +%Y-%m-%d)" >&2
rows=()
for s in $STORES; do
  load "$s"
  for t in $THREADS; do
    PAIRS="$WORK/pairs-$s-$t.txt"; : >"$PAIRS"
    repeat_until_decided "$MIN_PAIRS" "$MAX_PAIRS" pair decided pairs
    read -r moff mon <<<"$(awk '{a += $1; b += $2} END {printf "%.0f %.0f", a / NR, b / NR}' "$PAIRS")"
    g=$(python3 "$UNTIL" decide "$BAND_LOW" "$BAND_HIGH" $(ratios) || true)
    case "${g%% *}" in within) v="no difference" ;; above) v="faster" ;; below) v="slower" ;; *) v="undecided" ;; esac
    read -r _ gm lo hi _ <<<"$g"
    rows+=("| $s | $t | $moff | $mon | $(printf '%.3fx [%.3f, %.3f]' "$gm" "$lo" "$hi") | $v | $UNTIL_ENDED |")
  done
done
echo "| store | threads | off (ops/s) | on (ops/s) | on/off [95 % interval] | within [$BAND_LOW, $BAND_HIGH] | pairs |"
echo "|---|---:|---:|---:|---:|---|---|"
printf '%s\n' "${rows[@]}"
echo "ops/s: the mean over the pairs; on/off: the geometric mean of the pairs' ratios with its 95 % interval" \
  "(Student's t on the logs); no difference only when the whole interval lies within the band"
