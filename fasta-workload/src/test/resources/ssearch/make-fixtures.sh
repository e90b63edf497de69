#!/usr/bin/env bash
# Regenerates the real ssearch36 -m 10 fixtures of the FASTA workload tests.
#
#   make-fixtures.sh [OUT_DIR]     (default: the directory of this script)
#
# Needs ssearch36 from Debian's fasta3 package (installed here with apt-get when missing;
# the fixtures committed were made with fasta3 36.3.8i.14-Nov-2020-1, Debian 12).
# ssearch36 estimates its statistics from random shuffles without a fixed seed, so a rerun
# gives the same hits, coordinates and sequences but slightly different z-scores, bits and
# E() values (and, near the E() threshold, sometimes one more or one less alternative
# alignment ">--"); the tests assert on the committed files.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
out="${1:-$here}"
mkdir -p "$out"

if ! command -v ssearch36 >/dev/null 2>&1; then
  echo "ssearch36 not found: installing Debian package fasta3" >&2
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq fasta3 >/dev/null
fi
SEQ=/usr/share/doc/fasta3/examples/seq
for f in mgstm1.nt mgstm1.aa gst.nlib dna_test_s.nlib prot_test.lib; do
  # some Debian versions ship the examples gzipped
  if [ ! -f "$SEQ/$f" ] && [ -f "$SEQ/$f.gz" ]; then
    mkdir -p "$out/.seq" && gzip -dc "$SEQ/$f.gz" > "$out/.seq/$f"
  fi
done
seq() { if [ -f "$SEQ/$1" ]; then echo "$SEQ/$1"; else echo "$out/.seq/$1"; fi; }

# 1. nucleotide query (mouse GST mu cDNA, 657 nt) vs a 6-sequence nucleotide library,
#    default display (30 residues of context, al_cons lines), 3 best hits.
ssearch36 -q -m 10 -b 3 -d 3 "$(seq mgstm1.nt)" "$(seq gst.nlib)" > "$out/nt_mgstm1_vs_gst.m10"

# 2. protein query (GSTM1_MOUSE, 218 aa) vs an 11-sequence protein library, 4 best hits.
ssearch36 -q -m 10 -b 4 -d 4 "$(seq mgstm1.aa)" "$(seq prot_test.lib)" > "$out/aa_mgstm1_vs_prot_test.m10"

# 3. six nucleotide queries in one file vs a 3-sequence library, with seed 001's flags
#    (-H no histogram, -W 0 no context: the aligned fragments only) and E() <= 10,
#    which also shows alternative alignments (">--") of the same library sequence.
ssearch36 -q -H -m 10 -W 0 -E 10 -b 2 -d 2 "$(seq gst.nlib)" "$(seq dna_test_s.nlib)" > "$out/nt_multi_gst_vs_dna_test.m10"

# 4. truncated: the multi-query file cut in the middle of the second query's first hit
#    (inside the query alignment block's sequence lines).
awk '/^>>>/ && !/^>>>(<<<|\/\/\/)/ {q++} q==2 && /^; al_display_start/ {n++} {print} q==2 && n==1 && /^[A-Z-]+$/ {c++; if (c==2) exit}' \
  "$out/nt_multi_gst_vs_dna_test.m10" > "$out/truncated.m10"

# 5. malformed: the nucleotide file with three faults in its three hits
#    - hit 1: sw_expect is not a number
#    - hit 2: the query block's sq_len line is missing
#    - hit 3: a stray line between its sw_ fields
awk '
  /^>>[^>]/ {hit++}
  hit==1 && /^; sw_expect:/ {print "; sw_expect: n/a"; next}
  hit==2 && /^; sq_len:/ && !dropped {dropped=1; next}
  hit==3 && /^; sw_bits:/ {print; print "#### stray line ####"; next}
  {print}' "$out/nt_mgstm1_vs_gst.m10" > "$out/malformed.m10"
rm -rf "$out/.seq"
ls -l "$out"/*.m10
