package org.sciycsb.fasta.m10;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * What went wrong while parsing one input (file): problems counted by kind with their line numbers, plus the counts
 * of what was read. Bad content never throws; the parser records it here and goes on with the next alignment or
 * query. Only the first {@value #MAX_KEPT} problems are kept in detail; the counts are always exact.
 */
public final class ParseProblems {
  /** Kinds of problems. */
  public enum Kind {
    /** A {@code >>>} query line that does not read {@code NAME, LEN nt|aa vs LIBRARY library}: the query is skipped. */
    BAD_HEADER,
    /** A field whose value is not what it must be (a number): the alignment is dropped. */
    BAD_VALUE,
    /** A required field or block missing when the alignment ended: the alignment is dropped. */
    MISSING_FIELD,
    /** A line that does not belong where it is: ignored (the alignment is kept if otherwise complete). */
    UNEXPECTED_LINE,
    /** The input ended inside a query or alignment (no {@code >>><<<} / {@code >>>///} end marker). */
    TRUNCATED
  }

  /** One problem: 1-based line number, kind and a short message. */
  public record Problem(long line, Kind kind, String message) {
    @Override
    public String toString() {
      return "line " + line + ": " + kind + ": " + message;
    }
  }

  public static final int MAX_KEPT = 1000;

  private final String source;
  private final List<Problem> kept = new ArrayList<>();
  private final EnumMap<Kind, Long> counts = new EnumMap<>(Kind.class);
  private long total;
  long queries;
  long alignments;
  long droppedAlignments;
  long lines;

  public ParseProblems(String source) {
    this.source = source;
  }

  void add(long line, Kind kind, String message) {
    total++;
    counts.merge(kind, 1L, Long::sum);
    if (kept.size() < MAX_KEPT) {
      kept.add(new Problem(line, kind, message));
    }
  }

  /** The input's name as given to the parser (file name). */
  public String source() {
    return source;
  }

  /** Number of problems of all kinds. */
  public long total() {
    return total;
  }

  public boolean isEmpty() {
    return total == 0;
  }

  public long count(Kind kind) {
    return counts.getOrDefault(kind, 0L);
  }

  public Map<Kind, Long> counts() {
    return Collections.unmodifiableMap(counts);
  }

  /** The first {@value #MAX_KEPT} problems, in input order. */
  public List<Problem> problems() {
    return Collections.unmodifiableList(kept);
  }

  /** Queries whose header was read (and passed to the handler). */
  public long queries() {
    return queries;
  }

  /** Valid alignments passed to the handler. */
  public long alignments() {
    return alignments;
  }

  /** Alignments that were started but dropped because of a problem. */
  public long droppedAlignments() {
    return droppedAlignments;
  }

  /** Lines read. */
  public long lines() {
    return lines;
  }

  /** One line: {@code source: N problems (KIND n, ...), first: line L: ...} or {@code source: ok}. */
  public String summary() {
    StringBuilder sb = new StringBuilder(source).append(": ");
    sb.append(queries).append(" queries, ").append(alignments).append(" alignments");
    if (total == 0) {
      return sb.append(", no problems").toString();
    }
    sb.append(", ").append(droppedAlignments).append(" dropped, ").append(total).append(" problems ").append(counts);
    if (!kept.isEmpty()) {
      sb.append(", first: ").append(kept.get(0));
    }
    return sb.toString();
  }

  @Override
  public String toString() {
    return summary();
  }
}
