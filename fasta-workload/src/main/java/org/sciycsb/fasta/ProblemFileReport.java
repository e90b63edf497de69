package org.sciycsb.fasta;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.sciycsb.fasta.m10.ParseProblems;

/** The report of one malformed, truncated or unreadable input file, as listed in {@code extra.fasta.problemFiles}. */
final class ProblemFileReport {
  private ProblemFileReport() {}

  /**
   * The file's entry: its read error, or its problems (total, by kind, the queries and alignments it gave, the
   * alignments dropped and the first {@code shown} problems).
   */
  static Map<String, Object> of(Path f, ParseProblems p, String ioError, int shown) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("file", f.getFileName().toString());
    if (ioError != null) {
      m.put("readError", ioError);
      return m;
    }
    m.put("problems", p.total());
    Map<String, Long> kinds = new LinkedHashMap<>();
    p.counts().forEach((k, v) -> kinds.put(k.name(), v));
    m.put("kinds", kinds);
    m.put("queries", p.queries());
    m.put("alignments", p.alignments());
    m.put("droppedAlignments", p.droppedAlignments());
    List<String> lines = new ArrayList<>();
    for (ParseProblems.Problem pr : p.problems()) {
      if (lines.size() >= shown) {
        break;
      }
      lines.add(pr.toString());
    }
    m.put("first", lines);
    return m;
  }
}
