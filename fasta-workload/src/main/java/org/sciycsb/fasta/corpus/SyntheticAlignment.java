package org.sciycsb.fasta.corpus;

import java.util.SplittableRandom;

/**
 * One local alignment of the synthetic corpus ({@link SyntheticCorpus}): a stretch of the query aligned with a
 * related library fragment at a chosen identity, with gaps, its Smith-Waterman score from the columns (+5/-4, gap
 * -12/-4), its bits and E() from the query's Lambda and K, and its coordinates as ssearch36 prints them.
 */
final class SyntheticAlignment {
  private static final byte[] BASES = {'A', 'C', 'G', 'T'};
  private static final int MATCH = 5;
  private static final int MISMATCH = -4;
  private static final int GAP_OPEN = 12;
  private static final int GAP_EXT = 4;

  int hitIndex;
  int alternative;
  char frame;
  int score;
  int overlap;
  int matches;
  int qStart;
  int qStop;
  int hStart;
  int hStop;
  byte[] q;
  byte[] h;
  byte[] cons;
  double z;
  double bits;
  double expect;

  /** {@code n} random bases. */
  static byte[] randomSequence(SplittableRandom r, int n) {
    byte[] s = new byte[n];
    for (int i = 0; i < n; i++) {
      s[i] = BASES[r.nextInt(4)];
    }
    return s;
  }

  private static byte complement(byte b) {
    return switch (b) {
      case 'A' -> (byte) 'T';
      case 'C' -> (byte) 'G';
      case 'G' -> (byte) 'C';
      default -> (byte) 'A';
    };
  }

  /** One local alignment of a stretch of the query with a related library fragment. */
  static SyntheticAlignment random(SplittableRandom r, byte[] query, double lambda, double k, long libResidues) {
    int qLen = query.length;
    // aligned query residues: log-normal around 100 (mean about 115), 20 to the query length
    int len = (int) Math.round(Math.exp(Math.log(100) + 0.55 * gaussian(r)));
    len = Math.max(20, Math.min(len, qLen));
    int lo = 1 + r.nextInt(qLen - len + 1);
    int hi = lo + len - 1;
    SyntheticAlignment a = new SyntheticAlignment();
    a.frame = r.nextDouble() < 0.5 ? 'f' : 'r';
    byte[] src = source(query, a.frame, lo, hi);
    double identity = 0.55 + 0.4 * Math.pow(r.nextDouble(), 2);
    int cap = len * 2 + 8;
    byte[] q = new byte[cap];
    byte[] h = new byte[cap];
    byte[] cons = new byte[cap];
    int col = 0;
    int matches = 0;
    int score = 0;
    int hResidues = 0;
    int i = 0;
    while (i < len) {
      boolean edge = i == 0 || i == len - 1;
      double g = r.nextDouble();
      if (!edge && g < 0.012) {
        // gap in the query: library residues opposite '-'
        int n = 1 + r.nextInt(3);
        for (int j = 0; j < n; j++) {
          q[col] = '-';
          h[col] = BASES[r.nextInt(4)];
          cons[col++] = '-';
          hResidues++;
        }
        score -= GAP_OPEN + GAP_EXT * n;
        continue;
      }
      if (!edge && g < 0.024 && len - i > 4) {
        // gap in the library fragment: query residues opposite '-'
        int n = 1 + r.nextInt(3);
        for (int j = 0; j < n; j++) {
          q[col] = src[i++];
          h[col] = '-';
          cons[col++] = '-';
        }
        score -= GAP_OPEN + GAP_EXT * n;
        continue;
      }
      byte b = src[i++];
      q[col] = b;
      if (edge || r.nextDouble() < identity) {
        h[col] = b;
        cons[col++] = ':';
        matches++;
        score += MATCH;
      } else {
        byte m = BASES[r.nextInt(4)];
        while (m == b) {
          m = BASES[r.nextInt(4)];
        }
        h[col] = m;
        cons[col++] = ' ';
        score += MISMATCH;
      }
      hResidues++;
    }
    a.q = q;
    a.h = h;
    a.cons = cons;
    a.overlap = col;
    a.matches = matches;
    a.score = Math.max(score, 1);
    place(a, r, lo, hi, hResidues);
    a.bits = (lambda * a.score - Math.log(k)) / Math.log(2);
    a.expect = (double) qLen * libResidues * Math.pow(2, -a.bits);
    a.z = a.score * lambda / 0.125 - 25 + 3 * gaussian(r);
    return a;
  }

  /** The aligned stretch {@code lo..hi} (1-based) of the query, reverse-complemented on the reverse frame. */
  private static byte[] source(byte[] query, char frame, int lo, int hi) {
    int len = hi - lo + 1;
    byte[] src = new byte[len];
    for (int i = 0; i < len; i++) {
      src[i] = frame == 'f' ? query[lo - 1 + i] : complement(query[hi - 1 - i]);
    }
    return src;
  }

  /** The alignment's coordinates: on the query (reversed on the reverse frame) and on a random library spot. */
  private static void place(SyntheticAlignment a, SplittableRandom r, int lo, int hi, int hResidues) {
    if (a.frame == 'f') {
      a.qStart = lo;
      a.qStop = hi;
    } else {
      a.qStart = hi;
      a.qStop = lo;
    }
    a.hStart = 1 + r.nextInt(4000);
    a.hStop = a.hStart + hResidues - 1;
  }

  /** A standard normal draw. */
  static double gaussian(SplittableRandom r) {
    // Box-Muller from SplittableRandom (java.util.Random's gaussian would need another generator)
    double u = 1 - r.nextDouble();
    double v = r.nextDouble();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }
}
