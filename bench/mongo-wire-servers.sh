#!/usr/bin/env bash
# The MongoDB-wire servers the package registries serve, side by side on the same data and host in one run, measured
# with this tool's own mongodb binding (driver 5): which one serves the project's tests best (issue 45). NONE of them
# is MongoDB; every figure is labelled with the server's product, version and backend.
#
#   bench/mongo-wire-servers.sh [records, default 20000] [patients, default 2000]
#
# Servers (SERVERS, default all five, in this order):
#   pg         FerretDB 1.24.0 on PostgreSQL 15 as shipped: bin/servers start mongodb@wbstock with
#              SCIYCSB_MONGODB_INDEXES=off (no index added, plan_cache_mode PostgreSQL's default)
#   pg-gin     FerretDB 1.24.0 on PostgreSQL 15 with the GIN twins bin/servers adds behind FerretDB's back (the
#              default of bin/servers start mongodb since issue 45: mongodb-binding/README.md), mongodb@wbgin
#   sqlite     FerretDB 1.24.0 on its SQLite backend (the same binary, --handler=sqlite; no authentication)
#   mjs-memory mongo-java-server 1.47.0, memory backend (bench/mongo-java-server/pom.xml, Maven Central)
#   mjs-h2     mongo-java-server 1.47.0, H2 backend (an MVStore file under the results folder)
# Each server is started fresh by the script (the two PostgreSQL instances' folders under
# $SCIYCSB_WORK/servers/mongodb@wbstock and @wbgin are deleted first; it refuses when one of them runs) on its own
# port (PORT_BASE+1 ... +5, PORT_BASE default 27300; the PostgreSQL ports follow bin/servers' rule), and every server
# it started is stopped at the end, by PID.
#
# On each server: a load of N records (workload A's, batches of 1000) and of the FHIR data (workloads/fhir-8020,
# P patients, batches of 100), 8 threads; then REPEATS rounds (default 3), each round every server in turn, each
# server workload C (point reads), workload A (50 % reads, 50 % updates), workload E (scans; its 5 % inserts as
# upserts, -p mongodb.upsert=true, so a later round's inserts do not fail on the keys an earlier one wrote) and
# the FHIR 80/20 mix, THREADS client threads (default 8), each run bounded by maxexecutiontime=RUN_SECONDS (default 15).
# Rounds interleave the servers, so the machine's drift falls on all of them alike. The defaults took 23 minutes on
# 2 shared cores (2026-12-03; a run on FerretDB ends when its slowest scan does, up to 28 s of a 15 s bound).
#
# Prints a markdown table: ops/s per server and workload, the mean of the rounds with their lowest and highest, the
# number of runs and the operations that failed; then what the binding recorded of each server (its store label,
# which for mongo-java-server is "MongoDB <the version it claims>": it does not say what it is). Every run's
# output and results.json stay under OUT (default $SCIYCSB_WORK/bench/mongo-wire-servers-<time>).
set -euo pipefail
HOME_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
N="${1:-20000}"
PATIENTS="${2:-2000}"
SERVERS="${SERVERS:-pg pg-gin sqlite mjs-memory mjs-h2}"
REPEATS="${REPEATS:-3}"
SECONDS_RUN="${RUN_SECONDS:-15}"
THREADS="${THREADS:-8}"
PORT_BASE="${PORT_BASE:-27300}"
export SCIYCSB_WORK="${SCIYCSB_WORK:-$HOME_DIR/work}"
OUT="${OUT:-$SCIYCSB_WORK/bench/mongo-wire-servers-$(date -u +%Y%m%d-%H%M%S)}"
YCSB="$HOME_DIR/bin/ycsb"
FERRETDB="$SCIYCSB_WORK/cache/ferretdb-v1.24.0/ferretdb"
mkdir -p "$OUT"
. "$HOME_DIR/bench/lib.sh" # mongo_url
for v in "$N" "$PATIENTS" "$REPEATS" "$SECONDS_RUN" "$THREADS" "$PORT_BASE"; do
  [[ "$v" =~ ^[0-9]+$ ]] && [ "$v" -gt 0 ] || { echo "bench/mongo-wire-servers.sh: '$v' is not a positive number" >&2; exit 2; }
done
for s in $SERVERS; do
  case "$s" in pg|pg-gin|sqlite|mjs-memory|mjs-h2) ;;
    *) echo "bench/mongo-wire-servers.sh: unknown server '$s' (pg pg-gin sqlite mjs-memory mjs-h2)" >&2; exit 2 ;;
  esac
done

port_of() { case "$1" in pg) echo $((PORT_BASE + 1)) ;; pg-gin) echo $((PORT_BASE + 2)) ;; sqlite) echo $((PORT_BASE + 3)) ;;
  mjs-memory) echo $((PORT_BASE + 4)) ;; mjs-h2) echo $((PORT_BASE + 5)) ;; esac; }
instance_of() { case "$1" in pg) echo mongodb@wbstock ;; pg-gin) echo mongodb@wbgin ;; esac; }
indexes_of() { case "$1" in pg) echo off ;; *) echo gin ;; esac; }
servers() { # server, verb...: bin/servers for a FerretDB-on-PostgreSQL bench instance
  local s="$1"; shift
  SCIYCSB_MONGODB_PORT="$(port_of "$s")" SCIYCSB_MONGODB_INDEXES="$(indexes_of "$s")" \
    "$HOME_DIR/bin/servers" "$1" "$(instance_of "$s")" "${@:2}"
}

PIDS=()   # the processes this script started itself (FerretDB on SQLite, mongo-java-server)
STARTED=()  # the bin/servers instances it started
cleanup() {
  local p s
  for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null || true; done
  for p in "${PIDS[@]}"; do wait "$p" 2>/dev/null || true; done
  for s in "${STARTED[@]}"; do servers "$s" stop >/dev/null 2>&1 || true; done
}
trap cleanup EXIT

# ---- mongo-java-server 1.47.0: a single-file Java program on its jars (the memory or the H2 backend)
mjs_program() {
  cat >"$OUT/MjsServer.java" <<'JAVA'
import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.h2.H2Backend;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;

public class MjsServer {
  public static void main(String[] a) throws Exception {
    MongoServer s = new MongoServer(a[1].equals("h2") ? new H2Backend(a[2]) : new MemoryBackend());
    s.bind("127.0.0.1", Integer.parseInt(a[0]));
    Runtime.getRuntime().addShutdownHook(new Thread(s::shutdownNow));
    System.out.println("mongo-java-server " + MongoServer.class.getPackage().getImplementationVersion()
        + " (" + a[1] + " backend) on 127.0.0.1:" + a[0] + ", NOT MongoDB");
    Thread.currentThread().join();
  }
}
JAVA
  mvn -q -B -f "$HOME_DIR/bench/mongo-java-server/pom.xml" dependency:build-classpath \
    -Dmdep.outputFile="$OUT/mjs.classpath" >"$OUT/mjs-classpath.log" 2>&1 \
    || { echo "bench/mongo-wire-servers.sh: mongo-java-server's classpath: $(tail -1 "$OUT/mjs-classpath.log")" >&2; exit 1; }
}

wait_port() { # port, pid, log
  local i
  for i in $(seq 1 120); do
    if (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; then return 0; fi
    kill -0 "$2" 2>/dev/null || { echo "bench/mongo-wire-servers.sh: the server on $1 exited: $(tail -1 "$3")" >&2; exit 1; }
    sleep 0.5
  done
  echo "bench/mongo-wire-servers.sh: nothing answers on 127.0.0.1:$1 after 60 s (log: $3)" >&2; exit 1
}

# starts a server; sets URL_<server>
start_server() {
  local s="$1" port; port="$(port_of "$s")"
  if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
    echo "bench/mongo-wire-servers.sh: 127.0.0.1:$port is taken (another server?): set PORT_BASE" >&2; exit 2
  fi
  case "$s" in
    pg|pg-gin)
      if servers "$s" status >/dev/null 2>&1; then
        echo "bench/mongo-wire-servers.sh: $(instance_of "$s") is already running: stop it first" >&2; exit 2
      fi
      rm -rf "$SCIYCSB_WORK/servers/$(instance_of "$s")"
      STARTED+=("$s")
      servers "$s" start >"$OUT/start-$s.log" 2>&1 || { tail -3 "$OUT/start-$s.log" >&2; exit 1; }
      printf -v "URL_${s//-/_}" '%s' "$(servers "$s" url)" ;;
    sqlite)
      [ -x "$FERRETDB" ] || "$HOME_DIR/bin/servers" setup mongodb >/dev/null
      mkdir -p "$OUT/sqlite/data" "$OUT/sqlite/state"
      "$FERRETDB" --handler=sqlite --sqlite-url="file:$OUT/sqlite/data/" --listen-addr="127.0.0.1:$port" \
        --debug-addr=- --state-dir="$OUT/sqlite/state" --telemetry=disable --log-level=warn \
        >"$OUT/server-$s.log" 2>&1 </dev/null &
      PIDS+=($!); wait_port "$port" $! "$OUT/server-$s.log"
      printf -v "URL_${s//-/_}" '%s' "mongodb://127.0.0.1:$port/" ;;
    mjs-*)
      [ -f "$OUT/mjs.classpath" ] || mjs_program
      local backend="${s#mjs-}" args=()
      [ "$backend" = h2 ] && args=("$OUT/h2/mjs.mv.db") && mkdir -p "$OUT/h2"
      java -Xmx4g -cp "$(cat "$OUT/mjs.classpath")" "$OUT/MjsServer.java" "$port" "$backend" "${args[@]}" \
        >"$OUT/server-$s.log" 2>&1 </dev/null &
      PIDS+=($!); wait_port "$port" $! "$OUT/server-$s.log"
      printf -v "URL_${s//-/_}" '%s' "mongodb://127.0.0.1:$port/" ;;
  esac
}

url_of() { local v="URL_${1//-/_}"; echo "${!v}"; }

ycsb() { # name, ycsb args...: one run, its stdout in OUT/name.txt and results in OUT/name/
  local name="$1"; shift
  "$YCSB" "$@" -p results.dir="$OUT/$name" -p status.interval=60 >"$OUT/$name.txt" 2>"$OUT/$name.err" \
    || echo "[$name] failed: $(grep -v '^\s*$' "$OUT/$name.err" | tail -1)" >&2
}

core() { # server: the core workloads' properties
  echo "-p mongodb.url=$(mongo_url wire_bench "$(url_of "$1")") -p table=usertable -p recordcount=$N"
}
fhir() { # server: the FHIR workload's properties
  echo "-P $HOME_DIR/workloads/fhir-8020 -p mongodb.url=$(mongo_url wire_fhir "$(url_of "$1")") -p fhir.patients=$PATIENTS"
}

load() { # server
  local s="$1" c f
  read -r -a c <<<"$(core "$s")"; read -r -a f <<<"$(fhir "$s")"
  echo "[$s] load: $N records, $PATIENTS FHIR patients ..." >&2
  ycsb "$s-load" load mongodb -P "$HOME_DIR/workloads/workloada" "${c[@]}" -threads 8 -p mongodb.batchsize=1000
  ycsb "$s-load-fhir" load mongodb "${f[@]}" -threads 8 -p mongodb.batchsize=100
}

round() { # round number
  local r="$1" s c f w
  for s in $SERVERS; do
    read -r -a c <<<"$(core "$s")"; read -r -a f <<<"$(fhir "$s")"
    for w in c a e; do
      echo "[$s] round $r workload $w ..." >&2
      local up=(); [ "$w" = e ] && up=(-p mongodb.upsert=true)
      ycsb "$s-$w-r$r" run mongodb -P "$HOME_DIR/workloads/workload$w" "${c[@]}" "${up[@]}" -threads "$THREADS" \
        -p operationcount=100000000 -p maxexecutiontime="$SECONDS_RUN"
    done
    echo "[$s] round $r FHIR 80/20 ..." >&2
    ycsb "$s-fhir-r$r" run mongodb "${f[@]}" -threads "$THREADS" -p operationcount=100000000 \
      -p maxexecutiontime="$SECONDS_RUN"
  done
}

echo "MongoDB-wire servers ($SERVERS): $N records, $PATIENTS FHIR patients, $REPEATS rounds of ${SECONDS_RUN} s runs," \
  "$THREADS threads; $(nproc) cores; $(date -u '+%Y-%m-%d %H:%M') UTC; results in $OUT" >&2
for s in $SERVERS; do start_server "$s"; done
for s in $SERVERS; do load "$s"; done
for r in $(seq 1 "$REPEATS"); do round "$r"; done

python3 - "$OUT" "$REPEATS" "$N" "$PATIENTS" "$THREADS" "$SECONDS_RUN" $SERVERS <<'PY' | tee "$OUT/summary.md"
import json, os, sys
out, repeats, n, patients, threads, secs = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4], sys.argv[5], sys.argv[6]
servers = sys.argv[7:]
names = {"pg": "FerretDB 1.24.0 on PostgreSQL 15, as shipped",
         "pg-gin": "FerretDB 1.24.0 on PostgreSQL 15 + GIN twins (bin/servers' indexes, not shown by listIndexes)",
         "sqlite": "FerretDB 1.24.0 on SQLite (modernc.org/sqlite)",
         "mjs-memory": "mongo-java-server 1.47.0, memory backend",
         "mjs-h2": "mongo-java-server 1.47.0, H2 backend"}
work = [("c", "C: point reads"), ("a", "A: reads+updates"), ("e", "E: scans"), ("fhir", "FHIR 80/20")]

def load(path):
    try:
        return json.load(open(path))
    except (OSError, ValueError):
        return None

def figures(d):
    ops = {o["name"]: o for o in d.get("operations", [])}
    ov = ops.get("OVERALL", {})
    tput = ov.get("throughput") or ov.get("opsPerSec")
    if tput is None:
        s = d.get("summary", {})
        tput = s.get("throughput") or s.get("opsPerSec")
    errs = sum(o.get("errors", 0) for k, o in ops.items() if k != "OVERALL")
    return tput, errs

def cell(vals):
    if not vals:
        return "-"
    m = sum(vals) / len(vals)
    fmt = (lambda x: "%.1f" % x) if m < 100 else (lambda x: "{:,.0f}".format(x))
    if len(vals) == 1:
        return "**%s** (one run)" % fmt(m)
    return "**%s** (%s-%s, %d runs)" % (fmt(m), fmt(min(vals)), fmt(max(vals)), len(vals))

print()
print("%s records (1 KB), %s FHIR patients, %s threads, %s s per run, rounds interleaving the servers:" % (n, patients, threads, secs))
print()
print("| server | " + " | ".join(w[1] + " (ops/s)" for w in work) + " | failed ops |")
print("|---|" + "---:|" * len(work) + "---:|")
stores = {}
for s in servers:
    row, failed = [], 0
    for w, _ in work:
        vals = []
        for r in range(1, repeats + 1):
            d = load(os.path.join(out, "%s-%s-r%d" % (s, w, r), "results.json"))
            if d is None:
                continue
            t, e = figures(d)
            failed += e
            if t is not None:
                vals.append(float(t))
            st = d.get("metadata", {}).get("store") or {}
            stores[s] = "%s %s; label: %s" % (st.get("product"), st.get("version"),
                                              (st.get("details") or {}).get("label", "(none)"))
        row.append(cell(vals))
    print("| %s | %s | %d |" % (names[s], " | ".join(row), failed))
print()
print("What the mongodb binding recorded of each (metadata.store):")
print()
for s in servers:
    print("- %s: %s" % (names[s], stores.get(s, "(no run)")))
PY
echo "results: $OUT" >&2
