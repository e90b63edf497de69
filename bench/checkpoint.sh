#!/usr/bin/env bash
# Seed 000's checkpoint experiment (section 6.1, figures 2 and 3), scaled for the machine at hand, on one binding.
#
#   bench/checkpoint.sh [binding] [task scale] [D] [-p key=value ...]
#
#   binding     default mongodb (the seed's store; the test server is FerretDB: bin/servers start mongodb)
#   task scale  fraction of the seed's task counts, default 0.1 (768 -> 77 tasks); 1 = the seed's counts
#   D           task duration, default 60s (the seed: 600s)
#   -p ...      passed to every run (e.g. -p mongodb.url=...; for mongodb the default is the test server's URL
#               from "bin/servers url mongodb", database ycsb, with the test role's credentials)
#
# Environment: FIGURES="2 3" (which tables), FIG2_INTERVALS="0 1 2 3 4 5" (0 = no checkpoint, the baseline),
# FIG3_TASKS="24 192 384 768 1152 1344 1920", FIG3_SIZES="64k 1m", CONNECTIONS=perthread|shared (default: perthread,
# one connection per task as the seed's tasks had, for the bindings that can open a client per thread: mongodb, jdbc,
# basic; shared for the others, whose client keeps its own pool).
#
# Figure 2: 768 tasks (x scale), 1 MB checkpoints, intervals 1..5 s. Figure 3: 24..1920 tasks (x scale), 10 s interval,
# 64 KB and 1 MB. Each run is `bin/ycsb run <binding> -P workloads/checkpoint-i10-<size> -threads <tasks>
# -p checkpoint.interval=<I> -p checkpoint.duration=<D>`; its results folder is under $SCIYCSB_WORK/bench/checkpoint.
# Prints one markdown table per figure: the job's overhead (application time - D, the seed's figure), the tasks'
# overhead, the CHECKPOINT latency, and the connections (client-side, and the server's own count when it says).
set -euo pipefail
HOME_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BINDING="${1:-mongodb}"
SCALE="${2:-0.1}"
DURATION="${3:-60s}"
shift $(( $# < 3 ? $# : 3 ))
EXTRA=("$@")
if [ "$BINDING" = mongodb ] && [[ " ${EXTRA[*]:-} " != *"mongodb.url="* ]]; then
  u="$("$HOME_DIR/bin/servers" url mongodb)"; q=""
  case "$u" in *\?*) q="?${u#*\?}"; u="${u%%\?*}" ;; esac
  rest="${u#mongodb://}"
  EXTRA+=(-p "mongodb.url=mongodb://${rest%%/*}/ycsb$q")
fi
FIGURES="${FIGURES:-2 3}"
FIG2_INTERVALS="${FIG2_INTERVALS:-0 1 2 3 4 5}"
FIG3_TASKS="${FIG3_TASKS:-24 192 384 768 1152 1344 1920}"
FIG3_SIZES="${FIG3_SIZES:-64k 1m}"
case "$BINDING" in mongodb|jdbc|basic) CONNECTIONS="${CONNECTIONS:-perthread}" ;; *) CONNECTIONS="${CONNECTIONS:-shared}" ;; esac
WORK="${SCIYCSB_WORK:-$HOME_DIR/work}/bench/checkpoint/$(date +%Y%m%d-%H%M%S)"
mkdir -p "$WORK"

scaled() { python3 -c "import math,sys; print(max(1, math.ceil($1 * $SCALE)))"; }

# one run; prints its table row
run() { # tasks interval size label
  local tasks="$1" interval="$2" size="$3" dir="$WORK/$4"
  local rc=0
  "$HOME_DIR/bin/ycsb" run "$BINDING" -P "$HOME_DIR/workloads/checkpoint-i10-$size" -threads "$tasks" \
    -p checkpoint.interval="$interval" -p checkpoint.duration="$DURATION" -p connections="$CONNECTIONS" \
    -p results.dir="$dir" "${EXTRA[@]}" >"$dir.out" 2>"$dir.err" || rc=$?
  python3 - "$dir" "$rc" "$tasks" "$interval" "$size" <<'PY'
import json, sys, os
d, rc, tasks, interval, size = sys.argv[1:]
def op(j, name):
    for o in j.get("operations", []):
        if o["name"] == name:
            return o
    return None
try:
    j = json.load(open(os.path.join(d, "results.json")))
except Exception as e:
    print(f"| {tasks} | {interval} | {size} | run failed (exit {rc}, see {d}.err) | | | | |")
    sys.exit(0)
ck = j["extra"].get("checkpoint", {})
o = ck.get("overhead", {})
c = op(j, "CHECKPOINT")
lat = "-" if c is None else "%.1f / %.1f / %.1f" % (c["response"]["p50"] / 1000, c["response"]["p95"] / 1000,
                                                     c["response"]["p99"] / 1000)
conn = j["metadata"].get("connections", {})
server = conn.get("server")
server = server.get("max") if isinstance(server, dict) else "unknown"
failed = ck.get("checkpointsFailed", 0) + ck.get("taskStartsFailed", 0)
note = "" if rc == "0" else f" (exit {rc})"
print("| %s | %s | %s | %.2f%s | %.2f / %.2f | %s | %s | %s | %s |" % (
    tasks, interval, size, o.get("jobS", float("nan")), note, o.get("taskP50S", float("nan")),
    o.get("taskP95S", float("nan")), lat, ck.get("checkpointsWritten", 0), failed,
    f"{conn.get('clientOpened', '?')} / {server}"))
PY
}

header() {
  echo "| tasks | I | S | job overhead (s) | task overhead p50 / p95 (s) | CHECKPOINT p50 / p95 / p99 (ms) | checkpoints | failed | connections client / server |"
  echo "|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
}

echo "binding $BINDING, D = $DURATION, tasks x $SCALE, connections=$CONNECTIONS; $(nproc) cores; $(date -u +%Y-%m-%d)" >&2
echo "results under $WORK" >&2
for fig in $FIGURES; do
  if [ "$fig" = 2 ]; then
    t=$(scaled 768)
    echo
    echo "Figure 2: $t tasks (768 x $SCALE), 1 MB checkpoints, interval I (0 = no checkpoint); D = $DURATION"
    echo
    header
    for i in $FIG2_INTERVALS; do
      run "$t" "${i}s" 1m "fig2-i$i"
    done
  elif [ "$fig" = 3 ]; then
    echo
    echo "Figure 3: tasks (seed's x $SCALE), 10 s interval, 64 KB and 1 MB checkpoints; D = $DURATION"
    echo
    header
    for size in $FIG3_SIZES; do
      for n in $FIG3_TASKS; do
        t=$(scaled "$n")
        run "$t" 10s "$size" "fig3-$size-$n"
      done
    done
  fi
done
