package org.sciycsb.fasta.m10;

/**
 * One alignment of an {@code -m 10} result: a hit ({@code >>DESCRIPTION}) or an alternative alignment of the same
 * library sequence ({@code >--}), its {@code sw_*} scores and its query and hit blocks. Mutable and reused by the
 * parser for the next alignment: copy what must outlive the handler call.
 */
public final class Alignment {
  static final int FRAME = 1;
  static final int SW_OPT = 2;
  static final int Z_SCORE = 4;
  static final int BITS = 8;
  static final int EXPECT = 16;
  static final int SCORE = 32;
  static final int IDENT = 64;
  static final int SIM = 128;
  static final int OVERLAP = 256;
  static final int ALL = 511;
  static final String[] NAMES = {
      "sw_frame", "sw_s-w opt", "sw_z-score", "sw_bits", "sw_expect", "sw_score", "sw_ident", "sw_sim", "sw_overlap"};

  String hitDescription;
  int hitIndex;
  int alternative;
  long ordinal;
  long line;
  boolean bad;
  int present;
  char frame;
  int swOpt;
  int score;
  int overlap;
  final RawValue zScore = new RawValue();
  final RawValue bits = new RawValue();
  final RawValue expect = new RawValue();
  final RawValue ident = new RawValue();
  final RawValue sim = new RawValue();
  final SeqBlock query = new SeqBlock();
  final SeqBlock hit = new SeqBlock();
  int consensusLines;

  void reset() {
    present = 0;
    bad = false;
    consensusLines = 0;
    query.reset();
    hit.reset();
  }

  /** The hit's {@code >>} line without the {@code >>} (same for its {@code >--} alternative alignments). */
  public String hitDescription() {
    return hitDescription;
  }

  /** The hit's id: the first word of its description. */
  public String hitId() {
    int sp = hitDescription.indexOf(' ');
    return sp < 0 ? hitDescription : hitDescription.substring(0, sp);
  }

  /** 0-based index of the hit ({@code >>} line) within its query. */
  public int hitIndex() {
    return hitIndex;
  }

  /** 0 for the hit's first alignment, 1, 2... for its {@code >--} alternative alignments. */
  public int alternative() {
    return alternative;
  }

  /** 0-based index of this alignment within the input (all queries), counting dropped ones. */
  public long ordinal() {
    return ordinal;
  }

  /** 1-based line of the {@code >>} or {@code >--} line. */
  public long line() {
    return line;
  }

  /** {@code sw_frame}: {@code f} forward, {@code r} reverse. */
  public char frame() {
    return frame;
  }

  /** {@code sw_s-w opt}. */
  public int swOpt() {
    return swOpt;
  }

  /** {@code sw_score}. */
  public int score() {
    return score;
  }

  /** {@code sw_overlap}: aligned columns. */
  public int overlap() {
    return overlap;
  }

  /** {@code sw_z-score} as printed. */
  public RawValue zScore() {
    return zScore;
  }

  /** {@code sw_bits} as printed. */
  public RawValue bits() {
    return bits;
  }

  /** {@code sw_expect} as printed. */
  public RawValue expect() {
    return expect;
  }

  /** {@code sw_ident} (fraction) as printed. */
  public RawValue ident() {
    return ident;
  }

  /** {@code sw_sim} (fraction) as printed. */
  public RawValue sim() {
    return sim;
  }

  /** The query's block (the first {@code >NAME ..} block). */
  public SeqBlock query() {
    return query;
  }

  /** The library sequence's block (the second {@code >NAME ..} block). */
  public SeqBlock hit() {
    return hit;
  }

  /** Lines of the {@code ; al_cons:} consensus (0 when absent). */
  public int consensusLines() {
    return consensusLines;
  }

  String missing() {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < NAMES.length; i++) {
      if ((present & (1 << i)) == 0) {
        sb.append(sb.length() == 0 ? "" : ", ").append(NAMES[i]);
      }
    }
    return sb.toString();
  }
}
