package org.sciycsb.fasta.m10;

import java.nio.charset.StandardCharsets;

/**
 * One alignment block of an {@code -m 10} hit: the {@code >NAME ..} line, its {@code sq_*} and {@code al_*} fields
 * and the aligned sequence (residues and {@code -} gaps, lines joined). Mutable and reused by the parser: copy what
 * must outlive the handler call.
 */
public final class SeqBlock {
  static final int SQ_LEN = 1;
  static final int SQ_OFFSET = 2;
  static final int SQ_TYPE = 4;
  static final int AL_START = 8;
  static final int AL_STOP = 16;
  static final int AL_DISPLAY_START = 32;
  static final int ALL = 63;
  static final String[] NAMES = {"sq_len", "sq_offset", "sq_type", "al_start", "al_stop", "al_display_start"};

  private byte[] name = new byte[32];
  private int nameLength;
  boolean started;
  int present;
  int sqLen;
  int sqOffset;
  byte sqType;
  int alStart;
  int alStop;
  int alDisplayStart;
  byte[] seq = new byte[1024];
  int seqLength;
  int gaps;

  void reset() {
    started = false;
    present = 0;
    nameLength = 0;
    seqLength = 0;
    gaps = 0;
  }

  void setName(byte[] src, int from, int to) {
    int n = to - from;
    if (n > name.length) {
      name = new byte[Math.max(n, name.length * 2)];
    }
    System.arraycopy(src, from, name, 0, n);
    nameLength = n;
    started = true;
  }

  /**
   * Appends one sequence line (already trimmed); false if it holds a character that is not a residue letter, a gap
   * {@code -} or a stop {@code *}, in which case nothing is appended.
   */
  boolean append(byte[] src, int from, int to) {
    int n = to - from;
    if (seqLength + n > seq.length) {
      byte[] bigger = new byte[Math.max(seqLength + n, seq.length * 2)];
      System.arraycopy(seq, 0, bigger, 0, seqLength);
      seq = bigger;
    }
    byte[] dst = seq;
    int o = seqLength;
    int g = 0;
    boolean ok = true;
    for (int i = from; i < to; i++) {
      byte c = src[i];
      if (c == '-') {
        g++;
      } else if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '*')) {
        ok = false;
        break;
      }
      dst[o++] = c;
    }
    if (!ok) {
      return false;
    }
    seqLength = o;
    gaps += g;
    return true;
  }

  /** The block's name as printed after {@code >} (ssearch36 shortens it to 12 characters), without {@code ..}. */
  public String name() {
    return new String(name, 0, nameLength, StandardCharsets.ISO_8859_1);
  }

  /** {@code sq_len}: length of the whole sequence. */
  public int sqLen() {
    return sqLen;
  }

  /** {@code sq_offset}. */
  public int sqOffset() {
    return sqOffset;
  }

  /** {@code sq_type}: {@code D} for DNA, {@code p} for protein. */
  public char sqType() {
    return (char) sqType;
  }

  /** {@code al_start}: first aligned position (greater than al_stop on the reverse strand). */
  public int alStart() {
    return alStart;
  }

  /** {@code al_stop}: last aligned position. */
  public int alStop() {
    return alStop;
  }

  /** {@code al_display_start}: position of the first displayed residue. */
  public int alDisplayStart() {
    return alDisplayStart;
  }

  /** Number of positions covered by the alignment: {@code |al_stop - al_start| + 1}. */
  public int alignedLength() {
    return Math.abs(alStop - alStart) + 1;
  }

  /** The displayed sequence, gaps included. */
  public String sequence() {
    return new String(seq, 0, seqLength, StandardCharsets.ISO_8859_1);
  }

  /** Characters of the displayed sequence, gaps included. */
  public int sequenceLength() {
    return seqLength;
  }

  /**
   * The displayed sequence's bytes up to {@link #sequenceLength()}: the parser's buffer, reused for the next
   * alignment (for writers that copy it without a String).
   */
  public byte[] sequenceBytes() {
    return seq;
  }

  /** Residues of the displayed sequence (characters that are not gaps). */
  public int residues() {
    return seqLength - gaps;
  }

  byte[] nameBytes() {
    return name;
  }

  int nameLength() {
    return nameLength;
  }

  String missing() {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < NAMES.length; i++) {
      if ((present & (1 << i)) == 0) {
        sb.append(sb.length() == 0 ? "" : ", ").append(NAMES[i]);
      }
    }
    if (seqLength == 0) {
      sb.append(sb.length() == 0 ? "" : ", ").append("sequence");
    }
    return sb.toString();
  }
}
