#!/usr/bin/env bash
# Many client threads in one process: peak resident memory (VmHWM) and throughput of the no-op `basic` binding at
# 1, 100, 1000 and 2000 threads (workload A), and the checkpoint workload with 1000 tasks on `basic`.
#
#   bench/threads.sh [seconds per run, default 30] [thread counts, default "1 100 1000 2000"] [checkpoint tasks, default 1000]
#
# Environment: CAPPED_HEAP (default 512m; empty = skip) adds a row at 1000 threads with -Xmx of that size: the
# process's memory at many threads is mostly the heap the JVM chooses to grow (the live data of a 1000-thread
# workload A run is about 45 MB), and this row shows the run with the heap capped.
#
# Prints a markdown table. Peak RSS is the java process's maximum resident set (GNU time's %M, the kernel's VmHWM).
# Also shown: how the collector kept up (metadata.collector: its longest collection and its CPU time; a longest
# collection far above the interval means the client threads starved it of CPU) and the time series' intervals.
set -euo pipefail
HOME_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
SECONDS_PER_RUN="${1:-30}"
THREADS="${2:-1 100 1000 2000}"
TASKS="${3:-1000}"
CAPPED_HEAP="${CAPPED_HEAP-512m}"
WORK="${SCIYCSB_WORK:-$HOME_DIR/work}/bench/threads/$(date +%Y%m%d-%H%M%S)"
mkdir -p "$WORK"
TIME=/usr/bin/time
[ -x "$TIME" ] || { echo "bench/threads.sh: GNU time (/usr/bin/time, Debian package 'time') is needed" >&2; exit 2; }
"$HOME_DIR/bin/ycsb" help >/dev/null # builds on first use

row() { # label threads dir
  python3 - "$1" "$2" "$3" <<'PY'
import json, sys, re
label, threads, d = sys.argv[1:]
err = open(d + ".err").read()
m = re.search(r"maxrss_kb (\d+) wall ([0-9.]+) exit (\d+)", err)
rss = int(m.group(1)) / 1024 if m else float("nan")
wall = float(m.group(2)) if m else float("nan")
code = m.group(3) if m else "?"
try:
    j = json.load(open(d + "/results.json"))
except Exception:
    print(f"| {label} | {threads} | {rss:.0f} | run failed (exit {code}) | | | |")
    sys.exit(0)
col = j["metadata"].get("collector", {})
ts = j.get("timeseries", [])
lens = [p["endMs"] - p["startMs"] for p in ts[:-1]] or [0]
ops = j["summary"]["operations"]
status = err.count(" sec: ")
print("| %s | %s | %.0f | %.0f | %d | %s / %s | %d x %d ms | %d | %.1f |" % (
    label, threads, rss, j["summary"]["throughput"], ops, col.get("maxMs", "?"), col.get("cpuMs", "?"), len(ts),
    max(lens), status, wall))
PY
}

echo "$SECONDS_PER_RUN s per run; $(nproc) cores, $(free -g | awk '/Mem:/{print $2}') GiB; $(date -u +%Y-%m-%d)" >&2
echo "| workload | threads | peak RSS (MB) | throughput (ops/s) | operations | collector longest / CPU (ms) | time series | status lines | wall (s) |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|"
for t in $THREADS; do
  d="$WORK/workloada-$t"
  "$TIME" -f "maxrss_kb %M wall %e exit %x" "$HOME_DIR/bin/ycsb" run basic -P "$HOME_DIR/workloads/workloada" \
    -threads "$t" -p operationcount=0 -p maxexecutiontime="$SECONDS_PER_RUN" -p status.interval=5 \
    -p results.dir="$d" >"$d.out" 2>"$d.err" || true
  row "basic, workload A" "$t" "$d"
done
if [ -n "$CAPPED_HEAP" ]; then
  d="$WORK/workloada-1000-xmx$CAPPED_HEAP"
  "$TIME" -f "maxrss_kb %M wall %e exit %x" "$HOME_DIR/bin/ycsb" run basic -P "$HOME_DIR/workloads/workloada" \
    -threads 1000 -p operationcount=0 -p maxexecutiontime="$SECONDS_PER_RUN" -p status.interval=5 \
    -p results.dir="$d" -jvm-args "-Xmx$CAPPED_HEAP" >"$d.out" 2>"$d.err" || true
  row "basic, workload A, -Xmx$CAPPED_HEAP" 1000 "$d"
fi
if [ "$TASKS" -gt 0 ]; then
  d="$WORK/checkpoint-$TASKS"
  # every task: D = the run's length, a 64 KB checkpoint every second, a client of its own (connections=perthread)
  "$TIME" -f "maxrss_kb %M wall %e exit %x" "$HOME_DIR/bin/ycsb" run basic -P "$HOME_DIR/workloads/checkpoint-i1-64k" \
    -threads "$TASKS" -p checkpoint.duration="${SECONDS_PER_RUN}s" -p status.interval=5 \
    -p results.dir="$d" >"$d.out" 2>"$d.err" || true
  row "basic, checkpoint (1 s, 64 KB)" "$TASKS" "$d"
fi
echo "results under $WORK" >&2
