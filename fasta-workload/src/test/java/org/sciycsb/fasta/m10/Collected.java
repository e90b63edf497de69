package org.sciycsb.fasta.m10;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Test helper: parses an input and keeps copies of everything the parser reported. */
public final class Collected implements SsearchHandler {
  public record Block(String name, int sqLen, int sqOffset, char sqType, int alStart, int alStop, int alDisplayStart,
               String sequence, int residues) {
    static Block of(SeqBlock s) {
      return new Block(s.name(), s.sqLen(), s.sqOffset(), s.sqType(), s.alStart(), s.alStop(), s.alDisplayStart(),
          s.sequence(), s.residues());
    }
  }

  public record Al(String query, String hit, int hitIndex, int alternative, long line, char frame, int swOpt, String z,
            String bits, String expect, int score, String ident, String sim, int overlap, Block q, Block h,
            int consensusLines) {
  }

  public final List<QueryHeader> queries = new ArrayList<>();
  public final List<Al> alignments = new ArrayList<>();
  public final List<String> ends = new ArrayList<>();
  public ParseProblems problems;

  public static Collected parse(Path file) throws IOException {
    Collected c = new Collected();
    c.problems = SsearchParser.parse(file, c);
    return c;
  }

  public static Collected parse(InputStream in, String name) throws IOException {
    Collected c = new Collected();
    c.problems = new SsearchParser().parse(in, name, c);
    return c;
  }

  @Override
  public void query(QueryHeader header) {
    queries.add(header);
  }

  @Override
  public void alignment(QueryHeader header, Alignment a) {
    alignments.add(new Al(header.name(), a.hitDescription(), a.hitIndex(), a.alternative(), a.line(), a.frame(),
        a.swOpt(), a.zScore().text(), a.bits().text(), a.expect().text(), a.score(), a.ident().text(), a.sim().text(),
        a.overlap(), Block.of(a.query()), Block.of(a.hit()), a.consensusLines()));
  }

  @Override
  public void queryEnd(QueryHeader header, boolean complete) {
    ends.add(header.name() + (complete ? "" : " (incomplete)"));
  }
}
