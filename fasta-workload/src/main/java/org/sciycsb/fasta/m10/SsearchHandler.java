package org.sciycsb.fasta.m10;

/**
 * Callbacks of {@link SsearchParser}. The {@link Alignment} passed to {@link #alignment} is reused for the next
 * alignment: copy what must outlive the call. Only complete, valid alignments are passed; faulty ones are counted
 * in the file's {@link ParseProblems}.
 */
public interface SsearchHandler {
  /** A query's header block ({@code >>>} line, {@code pg_*} and {@code mp_*} fields) has been read. */
  default void query(QueryHeader header) {
  }

  /** One complete alignment (a {@code >>} hit or a {@code >--} alternative alignment of the same hit). */
  void alignment(QueryHeader header, Alignment alignment);

  /**
   * The query ended: {@code complete} is true when its {@code >>><<<} end marker was read, false when it was cut
   * short (next query or end of input without the marker).
   */
  default void queryEnd(QueryHeader header, boolean complete) {
  }
}
