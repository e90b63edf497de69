#!/usr/bin/env bash
# Riak binding against a real Riak KV cluster (leveled or leveldb backend: the post-load count check uses 2i) that
# you bring: no package registry ships Riak KV, so bin/servers cannot set one up and this script starts none.
#   bench/riak.sh --riak HOST:PORT[,HOST:PORT...] [--sc] [records, default 100000] [operations, default 50000]
#                 [threads, default 8]
# The address (protocol buffers, riak.hosts) is --riak, else $SCIYCSB_RIAK_HOSTS; without one the script refuses
# (one line, exit 2). The load (one put per record, post-load count check through key_bin), then workloads A and C
# with the SEI "strong" preset (r/w quorum); with --sc also workload A on the strongly consistent bucket type
# "strong" (the cluster needs the bucket types "strong", consistent = true, and "eventual"). Prints a markdown table.
set -euo pipefail
HOME_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
HOSTS="${SCIYCSB_RIAK_HOSTS:-}"
SC=no
args=()
while [ $# -gt 0 ]; do
  case "$1" in
    --riak) [ $# -ge 2 ] || { echo "bench/riak.sh: --riak needs HOST:PORT" >&2; exit 2; }; HOSTS="$2"; shift 2 ;;
    --riak=*) HOSTS="${1#--riak=}"; shift ;;
    --sc) SC=yes; shift ;;
    -*) echo "bench/riak.sh: unknown option '$1'" >&2; exit 2 ;;
    *) args+=("$1"); shift ;;
  esac
done
[ -n "$HOSTS" ] || { echo "bench/riak.sh: no Riak KV to run against (no package registry ships one): give --riak HOST:PORT or SCIYCSB_RIAK_HOSTS" >&2; exit 2; }
N="${args[0]:-100000}"; OPS="${args[1]:-50000}"; T="${args[2]:-8}"
WORK="${SCIYCSB_WORK:-$HOME_DIR/work}/bench/riak/$(date -u +%Y%m%d-%H%M%S)"
mkdir -p "$WORK"
TABLE="bench$(date -u +%s)"
run() { # name ycsb args...
  local name="$1"; shift
  "$HOME_DIR/bin/ycsb" "$@" -p riak.hosts="$HOSTS" -p recordcount="$N" -threads "$T" -p results.dir="$WORK/$name" \
    -p status.interval=30 >"$WORK/$name.txt" 2>"$WORK/$name.err" \
    || { echo "$name failed: $(grep '^error' "$WORK/$name.err" | tail -1)" >&2; return 1; }
}
run load load riak -P "$HOME_DIR/workloads/workloada" -p table="$TABLE" -p riak.consistency=strong
run a run riak -P "$HOME_DIR/workloads/workloada" -p table="$TABLE" -p operationcount="$OPS" -p riak.consistency=strong
run c run riak -P "$HOME_DIR/workloads/workloadc" -p table="$TABLE" -p operationcount="$OPS" -p riak.consistency=strong
rows=(load:INSERT a:READ a:UPDATE c:READ)
if [ "$SC" = yes ]; then
  SCP=(-p table="${TABLE}sc" -p riak.bucket_type=strong -p riak.strong_consistency=true
       -p riak.scan_bucket_type=eventual -p riak.retries=5)
  run sc-load load riak -P "$HOME_DIR/workloads/workloada" "${SCP[@]}"
  run sc-a run riak -P "$HOME_DIR/workloads/workloada" -p operationcount="$OPS" "${SCP[@]}"
  rows+=(sc-load:INSERT sc-a:READ sc-a:UPDATE)
fi
val() { grep -F "[$2], $3" "$WORK/$1.txt" | head -1 | awk -F', ' '{print $3}' || true; }
version="$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["metadata"]["store"]["version"])' \
  "$WORK/load/results.json" 2>/dev/null || true)"
echo "Riak KV ${version:-?} at $HOSTS; $T client threads, $N records, $(nproc) client cores, $(date -u +%Y-%m-%d)."
echo "Preset strong = r/w quorum; sc = the strongly consistent bucket type."
echo "| run | op | throughput (ops/s) | p50 (us) | p95 (us) | p99 (us) | failed |"
echo "|---|---|---:|---:|---:|---:|---:|"
for r in "${rows[@]}"; do
  name="${r%%:*}"; op="${r##*:}"
  failed="$(grep -F "[$op-FAILED], Operations" "$WORK/$name.txt" | awk -F', ' '{print $3}' || true)"
  echo "| $name | $op | $(val "$name" OVERALL 'Throughput(ops/sec)') | $(val "$name" "$op" '50thPercentileLatency(us)') | $(val "$name" "$op" '95thPercentileLatency(us)') | $(val "$name" "$op" '99thPercentileLatency(us)') | ${failed:-0} |"
done
echo "results: $WORK" >&2
