#!/usr/bin/env bash
# WiredTiger (the wiredtiger binding: Debian's WiredTiger 3.2.1 embedded in the client, records as mongod stores
# them) beside RocksDB (rocksdbjni from Maven Central, embedded as upstream YCSB's rocksdb binding does it: the
# reference site.ycsb.DB org.sciycsb.wiredtiger.reference.RocksDbReference, test scope of wiredtiger-binding), on
# the same data, through the same engine, workload and seed, in one run (issue 45, item 5).
#
#   bench/wiredtiger.sh [--quick] [--devices "hdd ssd"]
#
# On each emulated device (bin/servers device create wtb-<profile>-<pid> --profile hdd|ssd: docs/devices.md, removed
# at the end, also on failure) both stores load the same RECORDS records of 1 KB (workload C's 10 fields of 100
# bytes, -p seed=SEED), then point reads (workload C) and scans (workload E with its scans only,
# scanproportion=1: E's 5 % inserts would change the data between repeats), each a run of RUN seconds after WARMUP
# seconds, THREADS client threads:
#   in cache      the store's cache (wiredtiger.cache_size, rocksdb.cache_size) BIG_CACHE, above the data; the
#                 process uncapped, the page cache as the load left it
#   out of cache  the store's cache SMALL_CACHE; the process in a cgroup v1 memory cgroup of its own capped at CAP
#                 (page cache included; the data several times what the cap leaves), the page cache of the data
#                 folder dropped before every run (bin/servers drop-cache), so reads reach the device
# Every run is a bin/ycsb process with -jvm-args "-Xms$HEAP -Xmx$HEAP". The repeats are interleaved pairs
# (WiredTiger then RocksDB, then the other way round), REPEATS of them at each cell.
#
# Prints a markdown table per device: ops/s of each store (mean over the repeats, 95 % interval), the ratio
# WiredTiger/RocksDB (the geometric mean of the pairs' ratios, 95 % interval: bench/until.py ci), the client's CPU
# per operation of each (results.json metadata.clientCpu.cpuUsPerOp: the whole process's CPU time over the measured
# part, the embedded store's threads included, over its operations) and its ratio, and what each out-of-cache run
# read from the device per operation (the loop device's read sectors, /proc/diskstats).
#
# --quick (12 minutes on 2 shared cores, 2026-12-03): RECORDS=250000, REPEATS=3, RUN=6, WARMUP=2. The full run:
# RECORDS=1000000, REPEATS=5, RUN=30, WARMUP=10 (some 70 minutes, estimated from the quick run's). Each is
# overridden by the environment, as are THREADS (4), CAP (256M), HEAP (96m), SMALL_CACHE (16m), BIG_CACHE (2g) and
# SEED (45). Needs root (devices, cgroups).
set -euo pipefail
HOME_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
QUICK=no
DEVICES="hdd ssd"
while [ $# -gt 0 ]; do
  case "$1" in
    --quick) QUICK=yes; shift ;;
    --devices) [ $# -ge 2 ] || { echo "bench/wiredtiger.sh: --devices needs a list, e.g. \"hdd ssd\"" >&2; exit 2; }
      DEVICES="${2//,/ }"; shift 2 ;;
    *) echo "bench/wiredtiger.sh: unknown argument '$1' (--quick, --devices \"hdd ssd\")" >&2; exit 2 ;;
  esac
done
for d in $DEVICES; do
  case "$d" in hdd|ssd) ;; *) echo "bench/wiredtiger.sh: unknown device profile '$d' (hdd, ssd)" >&2; exit 2 ;; esac
done
[ "$(id -u)" -eq 0 ] || { echo "bench/wiredtiger.sh: needs root (emulated devices, memory cgroups)" >&2; exit 2; }
CG_ROOT=/sys/fs/cgroup/memory
[ -f "$CG_ROOT/memory.limit_in_bytes" ] || { echo "bench/wiredtiger.sh: no cgroup v1 memory controller at $CG_ROOT" >&2; exit 2; }
if [ "$QUICK" = yes ]; then
  RECORDS="${RECORDS:-250000}"; REPEATS="${REPEATS:-3}"; RUN="${RUN:-6}"; WARMUP="${WARMUP:-2}"
else
  RECORDS="${RECORDS:-1000000}"; REPEATS="${REPEATS:-5}"; RUN="${RUN:-30}"; WARMUP="${WARMUP:-10}"
fi
THREADS="${THREADS:-4}"; CAP="${CAP:-256M}"; HEAP="${HEAP:-96m}"; SEED="${SEED:-45}"
SMALL_CACHE="${SMALL_CACHE:-16m}"; BIG_CACHE="${BIG_CACHE:-2g}"
export SCIYCSB_WORK="${SCIYCSB_WORK:-$HOME_DIR/work}"
WORK="$SCIYCSB_WORK/bench/wiredtiger/$(date -u +%Y%m%d-%H%M%S)"
mkdir -p "$WORK"
FIGS="$WORK/figures.txt"; : >"$FIGS"   # device mode workload store repeat ops/s cpu-us/op device-KiB/op
bytes_of() { numfmt --from=iec "$(echo "$1" | tr a-z A-Z | sed 's/B$//; s/I$//')"; }
CAP_BYTES="$(bytes_of "$CAP")"; SMALL_BYTES="$(bytes_of "$SMALL_CACHE")"; BIG_BYTES="$(bytes_of "$BIG_CACHE")"

# ---- the reference's classpath: wiredtiger-binding's test classes and rocksdbjni (built when missing or older)
REF=org.sciycsb.wiredtiger.reference.RocksDbReference
RK_VERSION="$(sed -n 's:.*<rocksdbjni.version>\(.*\)</rocksdbjni.version>.*:\1:p' "$HOME_DIR/pom.xml")"
"$HOME_DIR/bin/ycsb" help wiredtiger >/dev/null # builds the binding (and sets WiredTiger up) on first use
REF_CLASS="$HOME_DIR/wiredtiger-binding/target/test-classes/${REF//.//}.class"
REF_CP_FILE="$HOME_DIR/wiredtiger-binding/target/bench-reference.classpath"
if [ ! -f "$REF_CLASS" ] || [ ! -f "$REF_CP_FILE" ] \
    || [ -n "$(find "$HOME_DIR/wiredtiger-binding/src/test" -newer "$REF_CLASS" -type f | head -1)" ]; then
  echo "building the RocksDB reference (wiredtiger-binding's test classes)" >&2
  (cd "$HOME_DIR" && mvn -B -q -pl wiredtiger-binding -am test-compile dependency:build-classpath \
    -Dmdep.includeScope=test -Dmdep.outputFile="$REF_CP_FILE.all") >"$WORK/build.log" 2>&1 \
    || { tail -20 "$WORK/build.log" >&2; echo "bench/wiredtiger.sh: building the reference failed" >&2; exit 1; }
  tr ':' '\n' <"$REF_CP_FILE.all" | grep -F "rocksdbjni-$RK_VERSION.jar" >"$REF_CP_FILE"
fi
REF_CP="$HOME_DIR/wiredtiger-binding/target/test-classes:$(cat "$REF_CP_FILE")"

# ---- devices and cgroups made here, removed at the end
MADE_DEVICES=()
CGROUP=""
cleanup() {
  [ -z "$CGROUP" ] || cgroup_remove
  local d
  for d in "${MADE_DEVICES[@]}"; do
    [ -n "$d" ] || continue
    "$HOME_DIR/bin/servers" device remove "$d" >>"$WORK/devices.log" 2>&1 \
      || echo "could not remove device $d (bin/servers device remove $d)" >&2
  done
}
trap cleanup EXIT
cgroup_make() { # a fresh memory cgroup capped at CAP_BYTES (memory and memory+swap)
  CGROUP="$CG_ROOT/sciycsb-wtbench-$$"
  mkdir "$CGROUP"
  echo "$CAP_BYTES" >"$CGROUP/memory.limit_in_bytes"
  [ ! -f "$CGROUP/memory.memsw.limit_in_bytes" ] || echo "$CAP_BYTES" >"$CGROUP/memory.memsw.limit_in_bytes"
}
cgroup_remove() { # its pages uncharged, then the cgroup removed
  echo 0 >"$CGROUP/memory.force_empty" 2>/dev/null || true
  rmdir "$CGROUP" 2>/dev/null || { sleep 1; rmdir "$CGROUP" 2>/dev/null; } \
    || echo "could not remove the cgroup $CGROUP" >&2
  CGROUP=""
}
loop_read_sectors() { # the device's loop device's read sectors so far
  local loop; loop="$(basename "$(cat "$SCIYCSB_WORK/devices/$DEV/loop")")"
  awk -v d="$loop" '$3 == d {print $6}' /proc/diskstats
}

# ---- one bin/ycsb process; its figures appended to $FIGS
ycsb() { # name store capped load|run ycsb-args...: bin/ycsb for store wt|rk, in a capped cgroup when capped=yes
  local name="$1" store="$2" capped="$3" command="$4"; shift 4
  local cmd=("$HOME_DIR/bin/ycsb" "$command")
  if [ "$store" = wt ]; then cmd+=(wiredtiger "$@" -p wiredtiger.dir="$MNT/wt")
  else cmd+=("$@" -db "$REF" -cp "$REF_CP" -p rocksdb.dir="$MNT/rocksdb"); fi
  cmd+=(-jvm-args "-Xms$HEAP -Xmx$HEAP" -p results.dir="$WORK/$name" -p status.interval=60)
  echo "${cmd[*]}" >>"$WORK/commands.txt"
  if [ "$capped" = yes ]; then
    cgroup_make
    if ! bash -c 'echo $$ >"$0/cgroup.procs" && exec "$@"' "$CGROUP" "${cmd[@]}" >"$WORK/$name.txt" 2>"$WORK/$name.err"; then
      echo "$name failed: $(grep -v '^\s*$' "$WORK/$name.err" | tail -1)" \
        "($(grep '^oom_kill ' "$CGROUP/memory.oom_control" || echo 'oom_kill ?') in its cgroup capped at $CAP)" >&2
      cgroup_remove; return 1
    fi
    echo "$name peak $(numfmt --to=iec "$(cat "$CGROUP/memory.max_usage_in_bytes")") of $CAP" >>"$WORK/caps.log"
    cgroup_remove
  else
    "${cmd[@]}" >"$WORK/$name.txt" 2>"$WORK/$name.err" \
      || { echo "$name failed: $(grep -v '^\s*$' "$WORK/$name.err" | tail -1)" >&2; return 1; }
  fi
}

cache_key() { [ "$1" = wt ] && echo wiredtiger.cache_size || echo rocksdb.cache_size; }

figures() { # results-dir: "ops/s cpu-us/op ops" (summary.throughput, metadata.clientCpu.cpuUsPerOp)
  python3 - "$1/results.json" <<'PY'
import json, sys
j = json.load(open(sys.argv[1]))
print(j["summary"]["throughput"], j["metadata"].get("clientCpu", {}).get("cpuUsPerOp", "nan"), j["summary"]["operations"])
PY
}

one() { # store mode workload repeat: one measured run, its figures appended
  local store="$1" mode="$2" wl="$3" r="$4"
  local name="$DEV_KIND-$mode-$wl-$store-$r" capped=no cache="$BIG_BYTES"
  local extra=()
  [ "$wl" = e ] && extra=(-p scanproportion=1 -p insertproportion=0)
  if [ "$mode" = out ]; then
    capped=yes; cache="$SMALL_BYTES"
    "$HOME_DIR/bin/servers" drop-cache "$MNT/$([ "$store" = wt ] && echo wt || echo rocksdb)" >>"$WORK/drop-cache.log"
  fi
  local before after
  before="$(loop_read_sectors)"
  ycsb "$name" "$store" "$capped" run -P "$HOME_DIR/workloads/workload$wl" "${extra[@]}" -p recordcount="$RECORDS" \
    -p operationcount=1000000000 -p maxexecutiontime="$RUN" -p warmuptime="$WARMUP" -p seed="$SEED" \
    -threads "$THREADS" -p "$(cache_key "$store")=$cache" || return 0
  after="$(loop_read_sectors)"
  local tput cpu ops kib
  read -r tput cpu ops <<<"$(figures "$WORK/$name")"
  kib="$(python3 -c "print(round(($after - $before) * 512 / 1024 / max(1, $ops), 2))")"
  echo "$DEV_KIND $mode $wl $store $r $tput $cpu $kib" >>"$FIGS"
  echo "  $name: $(printf '%.0f' "$tput") ops/s, $cpu us CPU/op, $kib KiB read from the device/op" >&2
}

load() { # store: the load of RECORDS records, uncapped, on the device
  local store="$1" name="$DEV_KIND-load-$1"
  ycsb "$name" "$store" no load -P "$HOME_DIR/workloads/workloadc" -p recordcount="$RECORDS" -p seed="$SEED" \
    -threads "$THREADS" -p "$(cache_key "$store")=$BIG_BYTES"
  read -r tput cpu _ <<<"$(figures "$WORK/$name")"
  echo "$DEV_KIND load - $store 1 $tput $cpu 0" >>"$FIGS"
  echo "  $name: $(printf '%.0f' "$tput") inserts/s, $cpu us CPU/insert" >&2
}

device_size_mb() { # both stores' data (about 1.3 KB a record each, measured), WiredTiger's log files, room
  echo $(( RECORDS * 3 / 1000 + 768 ))
}

started="$(date -u +%Y-%m-%dT%H:%MZ)"
echo "bench/wiredtiger.sh $([ "$QUICK" = yes ] && echo --quick) --devices \"$DEVICES\": $RECORDS records of 1 KB," \
  "$REPEATS pairs of ${RUN} s runs (after ${WARMUP} s warm-up), $THREADS threads, seed $SEED; $(nproc) cores," \
  "load average $(cut -d' ' -f1-3 /proc/loadavg); $started; results: $WORK" >&2
for DEV_KIND in $DEVICES; do
  DEV="wtb-$DEV_KIND-$$"
  MNT="$("$HOME_DIR/bin/servers" device create "$DEV" --profile "$DEV_KIND" --size "$(device_size_mb)M" 2>>"$WORK/devices.log")" \
    || { tail -3 "$WORK/devices.log" >&2; echo "bench/wiredtiger.sh: could not create device $DEV" >&2; exit 1; }
  MADE_DEVICES+=("$DEV")
  echo "device $DEV ($DEV_KIND, $(device_size_mb)M) at $MNT" >&2
  load wt
  load rk
  { echo "wt $(du -cb "$MNT"/wt/*.wt | tail -1 | cut -f1) $(du -cb "$MNT"/wt/WiredTiger*Log* | tail -1 | cut -f1)"
    echo "rk $(du -sb "$MNT/rocksdb" | cut -f1) 0"; } >"$WORK/$DEV_KIND-sizes.txt"
  for mode in in out; do
    for (( r = 1; r <= REPEATS; r++ )); do
      for wl in c e; do
        if (( r % 2 == 1 )); then one wt "$mode" "$wl" "$r"; one rk "$mode" "$wl" "$r"
        else one rk "$mode" "$wl" "$r"; one wt "$mode" "$wl" "$r"; fi
      done
    done
  done
  "$HOME_DIR/bin/servers" device remove "$DEV" >>"$WORK/devices.log" 2>&1 && MADE_DEVICES=("${MADE_DEVICES[@]/$DEV}")
done

# ---- the tables
WT_VERSION="$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["metadata"]["store"]["version"])' \
  "$WORK/${DEVICES%% *}-load-wt/results.json" 2>/dev/null || echo '?')"
python3 - "$FIGS" "$HOME_DIR/bench" "$WORK" "$WT_VERSION" "$RK_VERSION" "$CAP" "$SMALL_CACHE" "$BIG_CACHE" <<'PY'
import collections, math, os, sys
sys.path.insert(0, sys.argv[2])
from until import mean_ci, ratio_ci
figs, work, wtv, rkv, cap, small, big = sys.argv[1], *sys.argv[3:]
rows = collections.defaultdict(dict)  # (dev, mode, wl) -> {(store, r): (tput, cpu, kib)}
for line in open(figs):
    dev, mode, wl, store, r, t, c, k = line.split()
    rows[(dev, mode, wl)][(store, int(r))] = (float(t), float(c), float(k))

def mean(vals, fmt):
    m, h = mean_ci(vals)
    if m is None:
        return "-"
    return fmt.format(m) + ("" if h is None else " ± " + fmt.format(h))

def ratio(cell, i):
    rs = [cell[("wt", r)][i] / cell[("rk", r)][i] for (s, r) in cell if s == "wt" and ("rk", r) in cell
          and cell[("rk", r)][i] > 0]
    g, lo, hi = ratio_ci(rs)
    if math.isnan(g):
        return "-"
    return f"{g:.2f}x" + ("" if math.isnan(lo) else f" [{lo:.2f}, {hi:.2f}]")

names = {"c": "C point reads", "e": "E scans", "-": "load inserts"}
modes = {"in": f"in cache ({big})", "out": f"out of cache ({small}, cap {cap})", "load": "load"}
print(f"WiredTiger {wtv} (wiredtiger binding, embedded, Debian) beside RocksDB {rkv} (rocksdbjni, the reference "
      "site.ycsb.DB as upstream's rocksdb binding), same engine, workload, seed and records.")
for dev in sorted({k[0] for k in rows}, key=lambda d: ["hdd", "ssd"].index(d) if d in ("hdd", "ssd") else 9):
    sizes = {}
    try:
        for l in open(os.path.join(work, f"{dev}-sizes.txt")):
            st, b, logs = l.split()
            sizes[st] = int(b) / 2**20
            sizes[st + "logs"] = int(logs) / 2**20
    except OSError:
        pass
    print(f"\n{dev.upper()} (emulated); after the load: WiredTiger's tables {sizes.get('wt', 0):.0f} MiB (and its "
          f"log files {sizes.get('wtlogs', 0):.0f} MiB), RocksDB's folder {sizes.get('rk', 0):.0f} MiB")
    print("| case | workload | WiredTiger ops/s | RocksDB ops/s | WT/RocksDB [95 %] | WT CPU µs/op | RocksDB CPU µs/op "
          "| WT/RocksDB CPU [95 %] | device KiB/op WT / RocksDB | pairs |")
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    for mode in ("load", "in", "out"):
        for wl in ("-", "c", "e"):
            cell = rows.get((dev, mode, wl))
            if not cell:
                continue
            col = lambda s, i: [v[i] for (st, r), v in cell.items() if st == s]
            pairs = sum(1 for (s, r) in cell if s == "wt" and ("rk", r) in cell)
            kib = "-" if mode != "out" else f"{mean(col('wt', 2), '{:.1f}')} / {mean(col('rk', 2), '{:.1f}')}"
            print(f"| {modes[mode]} | {names[wl]} | {mean(col('wt', 0), '{:,.0f}')} | {mean(col('rk', 0), '{:,.0f}')} "
                  f"| {ratio(cell, 0)} | {mean(col('wt', 1), '{:.1f}')} | {mean(col('rk', 1), '{:.1f}')} "
                  f"| {ratio(cell, 1)} | {kib} | {pairs} |")
print("\nops/s and µs/op: the mean over the runs ± the half-width of its 95 % interval (Student's t); a ratio: the "
      "geometric mean of the pairs' ratios (each pair ran back to back) with its 95 % interval; CPU: the client "
      "process's CPU time (user + system, every thread: the embedded store's included) over its operations; device "
      "KiB/op: what the emulated device's loop device read during the run (warm-up included) over the measured operations.")
PY
total="$(ls "$WORK"/*.err | wc -l)"
suspect="$( (grep -l '^validity: suspect' "$WORK"/*.err || true) | wc -l)"
cpu_bound="$( (grep -l '^validity: suspect.*client bottleneck' "$WORK"/*.err || true) | wc -l)"
host_busy="$( (grep -h '^validity: suspect.*host busy' "$WORK"/*.err || true) \
  | (grep -o 'other processes kept [0-9.]*' || true) | awk '{print $4}' | sort -n)"
echo "validity: $suspect of $total runs suspect; client bottleneck (the client and its embedded store kept the" \
  "cores busy) in $cpu_bound; host busy in $(echo "$host_busy" | grep -c . || true)$( [ -z "$host_busy" ] || echo \
  " (other processes kept $(echo "$host_busy" | head -1)-$(echo "$host_busy" | tail -1) cores busy)"); every reason in" \
  "each run's .err (results.json validity)"
echo "results: $WORK" >&2
