#!/usr/bin/env bash
# Parser throughput of the FASTA workload with no store (seed 001: the whole parse-and-write program made
# 21,444 documents/s; the goal for the parser is >= 500,000 documents/s per core).
#
#   bench/fasta-parser.sh [key=value ...]
#
# Settings (all optional): files=4 queries=1 hits=10000 seed=1 (the generated corpus, kept under
# fasta-workload/target/ and reused), dir=DIR (parse a folder of real ssearch36 -m 10 files instead),
# threads=1, seconds=10 (measured time), warmup=3 (passes before measuring), preload=true (read the files
# into memory first, so the figure is the parser's and not the disk's).
# "per core" = documents per CPU-second of the parsing threads, which stays meaningful on a shared machine.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
module="$root/fasta-workload"
if [ ! -f "$module/target/classpath.txt" ] || [ -z "$(ls "$module"/target/sciycsb-fasta-workload-*-SNAPSHOT.jar 2>/dev/null)" ] \
   || [ -n "$(find "$module/src/main" "$root/core/src/main" -newer "$module/target/classpath.txt" -type f 2>/dev/null | head -1)" ]; then
  echo "building fasta-workload ..." >&2
  (cd "$root" && mvn -q -B -pl fasta-workload -am package -DskipTests)
fi
jar="$(ls "$module"/target/sciycsb-fasta-workload-*-SNAPSHOT.jar | head -1)"  # not *-SNAPSHOT-tests.jar
cd "$module"
exec java ${FASTA_BENCH_JVM_OPTS:--Xms1g -Xmx2g} -cp "$jar:$(cat target/classpath.txt)" \
  org.sciycsb.fasta.ParserBenchmark "$@"
