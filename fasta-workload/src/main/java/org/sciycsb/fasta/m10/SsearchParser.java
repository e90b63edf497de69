package org.sciycsb.fasta.m10;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.GZIPInputStream;
import org.sciycsb.fasta.m10.ParseProblems.Kind;

/**
 * Streaming parser of {@code ssearch36 -m 10} output (FASTA 36, Debian package {@code fasta3}).
 *
 * <p>Reads bytes line by line from a 64 KB buffer (no per-line strings, no regular expressions on the hot path),
 * keeps one reusable {@link Alignment}, and calls a {@link SsearchHandler} for each query header and each complete
 * alignment: memory is constant per hit, whatever the file size. Several queries per file are read in turn.
 *
 * <p>Bad content never throws: problems are counted with their line numbers in the returned {@link ParseProblems}
 * and the parser goes on with the next alignment (faulty alignment dropped) or the next query (bad {@code >>>}
 * line). Only I/O errors (and exceptions thrown by the handler) propagate.
 *
 * <p>Not thread-safe; one parser per thread, reusable for many inputs.
 */
public final class SsearchParser {
  private static final Pattern QUERY_LINE = Pattern.compile("^(.*?), +(\\d+) (nt|aa) vs (.*?) library\\s*$");

  private static final int OUTSIDE = 0;
  private static final int HEADER = 1;
  private static final int IN_QUERY = 2;
  private static final int SW = 3;
  private static final int QFIELDS = 4;
  private static final int QSEQ = 5;
  private static final int HFIELDS = 6;
  private static final int HSEQ = 7;
  private static final int CONS = 8;
  private static final int SKIP_QUERY = 9;

  private static final byte[] K_FRAME = ascii("sw_frame");
  private static final byte[] K_SW_OPT = ascii("sw_s-w opt");
  private static final byte[] K_Z = ascii("sw_z-score");
  private static final byte[] K_BITS = ascii("sw_bits");
  private static final byte[] K_EXPECT = ascii("sw_expect");
  private static final byte[] K_SCORE = ascii("sw_score");
  private static final byte[] K_IDENT = ascii("sw_ident");
  private static final byte[] K_SIM = ascii("sw_sim");
  private static final byte[] K_OVERLAP = ascii("sw_overlap");
  private static final byte[] K_SQ_LEN = ascii("sq_len");
  private static final byte[] K_SQ_OFFSET = ascii("sq_offset");
  private static final byte[] K_SQ_TYPE = ascii("sq_type");
  private static final byte[] K_AL_START = ascii("al_start");
  private static final byte[] K_AL_STOP = ascii("al_stop");
  private static final byte[] K_AL_DISPLAY_START = ascii("al_display_start");
  private static final byte[] K_AL_CONS = ascii("al_cons");
  private static final String NAME_ALG = "; pg_name_alg:";

  private final M10Lines lines = new M10Lines();
  /** The current line: {@code buf[ls..le)} (the reader's buffer, its trailing blanks cut). */
  private byte[] buf;
  private int ls;
  private int le;

  private SsearchHandler handler;
  private ParseProblems problems;
  private String source;
  private int state;
  private boolean sawEnd;
  private QueryHeader header;
  private int queryIndex;
  private String pendingName;
  private int pendingLength;
  private String pendingUnit;
  private String pendingLibrary;
  private long pendingLine;
  private Map<String, String> pendingFields;
  private final Alignment al = new Alignment();
  private boolean alOpen;
  private long alignmentOrdinal;
  private String lastHitDescription;
  private int hitIndex;
  /** The current {@code ; name: value} line's name and value. */
  private final M10Field field = new M10Field();

  /** Parses a file (gzip-compressed when its name ends in {@code .gz}); the source name is the file name. */
  public static ParseProblems parse(Path file, SsearchHandler handler) throws IOException {
    return new SsearchParser().parseFile(file, handler);
  }

  /** Parses a file (gzip-compressed when its name ends in {@code .gz}); the source name is the file name. */
  public ParseProblems parseFile(Path file, SsearchHandler handler) throws IOException {
    String name = file.getFileName().toString();
    try (InputStream raw = Files.newInputStream(file)) {
      InputStream src = name.endsWith(".gz") ? new GZIPInputStream(new BufferedInputStream(raw, 1 << 16), 1 << 16) : raw;
      return parse(src, name, handler);
    }
  }

  /**
   * Parses one input to its end. {@code source} names the input in problems and documents (the file name); the
   * stream is not closed.
   */
  public ParseProblems parse(InputStream input, String sourceName, SsearchHandler h) throws IOException {
    lines.open(input);
    this.handler = h;
    this.source = sourceName;
    this.problems = new ParseProblems(sourceName);
    state = OUTSIDE;
    sawEnd = false;
    header = null;
    queryIndex = 0;
    alOpen = false;
    alignmentOrdinal = 0;
    lastHitDescription = null;
    try {
      while (lines.next()) {
        buf = lines.buf();
        ls = lines.start();
        le = lines.end();
        line();
      }
      endOfInput();
      problems.lines = lines.number();
      return problems;
    } finally {
      lines.close();
      this.buf = null;
      this.handler = null;
      this.header = null;
      this.pendingFields = null;
    }
  }

  // ------------------------------------------------------------------------------------------------ lines

  private void line() {
    if (le == ls) {
      return; // blank lines carry nothing
    }
    byte c = buf[ls];
    if (state == HEADER && c != ';') {
      headerDone();
    }
    if (c == '>') {
      angleLine();
    } else if (c == ';') {
      fieldLine();
    } else {
      otherLine();
    }
  }

  // ------------------------------------------------------------------------------------------------ '>' lines

  private void angleLine() {
    int n = le - ls;
    byte[] b = buf;
    if (n >= 3 && b[ls + 1] == '>' && b[ls + 2] == '>') {
      if (n == 6 && b[ls + 3] == '<' && b[ls + 4] == '<' && b[ls + 5] == '<') {
        endQuery(true);
      } else if (n == 6 && b[ls + 3] == '/' && b[ls + 4] == '/' && b[ls + 5] == '/') {
        if (state != OUTSIDE && state != SKIP_QUERY) {
          problem(Kind.TRUNCATED, "query '" + header.name() + "' not ended by >>><<< before >>>///");
          endQuery(false);
        }
        sawEnd = true;
        state = OUTSIDE;
      } else {
        queryLine();
      }
    } else if (n >= 2 && b[ls + 1] == '>') {
      if (state == SKIP_QUERY) {
        return;
      }
      if (state == OUTSIDE) {
        problem(Kind.UNEXPECTED_LINE, "hit line outside a query");
        return;
      }
      finishAlignment();
      hitIndex++;
      lastHitDescription = text(ls + 2, le).trim();
      openAlignment(lastHitDescription, 0);
    } else if (n >= 3 && b[ls + 1] == '-' && b[ls + 2] == '-') {
      if (state == SKIP_QUERY) {
        return;
      }
      if (state == OUTSIDE) {
        problem(Kind.UNEXPECTED_LINE, "alternative alignment line outside a query");
        return;
      }
      int alternative = alOpen ? al.alternative + 1 : 1;
      finishAlignment();
      if (lastHitDescription == null) {
        problem(Kind.UNEXPECTED_LINE, "alternative alignment >-- before any hit of the query");
        openAlignment("", alternative);
        al.bad = true;
      } else {
        openAlignment(lastHitDescription, alternative);
      }
    } else {
      blockLine();
    }
  }

  private void queryLine() {
    if (state != OUTSIDE && state != SKIP_QUERY) {
      problem(Kind.TRUNCATED, "query '" + header.name() + "' not ended by >>><<< before the next query");
      endQuery(false);
    }
    String text = text(ls + 3, le);
    Matcher m = QUERY_LINE.matcher(text);
    int length = -1;
    if (m.matches()) {
      try {
        length = Integer.parseInt(m.group(2));
      } catch (NumberFormatException e) {
        length = -1;
      }
    }
    if (length < 0) {
      problem(Kind.BAD_HEADER, "query line does not read 'NAME, LENGTH nt|aa vs LIBRARY library': "
          + abbreviate(text));
      state = SKIP_QUERY;
      queryIndex++;
      return;
    }
    pendingName = m.group(1).trim();
    pendingLength = length;
    pendingUnit = m.group(3);
    pendingLibrary = m.group(4).trim();
    pendingLine = lines.number();
    pendingFields = new LinkedHashMap<>();
    state = HEADER;
  }

  private void headerDone() {
    header = new QueryHeader(source, queryIndex, pendingLine, pendingName, pendingLength, pendingUnit,
        pendingLibrary, pendingFields);
    pendingFields = null;
    queryIndex++;
    problems.queries++;
    hitIndex = -1;
    lastHitDescription = null;
    state = IN_QUERY;
    handler.query(header);
  }

  private void endQuery(boolean complete) {
    if (state == OUTSIDE || state == SKIP_QUERY) {
      if (complete && state == OUTSIDE) {
        problem(Kind.UNEXPECTED_LINE, "query end marker >>><<< outside a query");
      }
      state = OUTSIDE;
      return;
    }
    if (state == HEADER) {
      headerDone();
    }
    if (complete) {
      finishAlignment();
    } else if (alOpen) {
      dropAlignment();
    }
    state = OUTSIDE;
    handler.queryEnd(header, complete);
  }

  private void openAlignment(String description, int alternative) {
    al.reset();
    al.hitDescription = description;
    al.hitIndex = Math.max(hitIndex, 0);
    al.alternative = alternative;
    al.ordinal = alignmentOrdinal++;
    al.line = lines.number();
    alOpen = true;
    state = SW;
  }

  private void blockLine() {
    // ">NAME .." opens the query block after the sw_ fields, then the hit block after the query block
    int e = le;
    if (e - ls >= 3 && buf[e - 1] == '.' && buf[e - 2] == '.' && buf[e - 3] == ' ') {
      e -= 3;
    }
    switch (state) {
      case SW -> {
        al.query.setName(buf, ls + 1, e);
        state = QFIELDS;
      }
      case QFIELDS, QSEQ -> {
        al.hit.setName(buf, ls + 1, e);
        state = HFIELDS;
      }
      case SKIP_QUERY, OUTSIDE -> {
        if (state == OUTSIDE) {
          problem(Kind.UNEXPECTED_LINE, "sequence block line outside a query");
        }
      }
      default -> {
        problem(Kind.UNEXPECTED_LINE, "unexpected sequence block line " + abbreviate(text(ls, le)));
        if (alOpen) {
          al.bad = true;
        }
      }
    }
  }

  // ------------------------------------------------------------------------------------------------ ';' lines

  private void fieldLine() {
    if (state == OUTSIDE || state == SKIP_QUERY) {
      return;
    }
    if (!field.split(buf, ls, le)) {
      problem(Kind.UNEXPECTED_LINE, "not a '; name: value' field: " + abbreviate(text(ls, le)));
      return;
    }
    switch (state) {
      case HEADER -> headerField();
      case SW -> swField();
      case QFIELDS -> blockField(al.query);
      case HFIELDS -> blockField(al.hit);
      case HSEQ -> {
        if (field.keyIs(K_AL_CONS)) {
          state = CONS;
        } else {
          problem(Kind.UNEXPECTED_LINE, "field after the hit sequence: " + abbreviate(text(ls, le)));
        }
      }
      default -> problem(Kind.UNEXPECTED_LINE, "field out of place: " + abbreviate(text(ls, le)));
    }
  }

  private void headerField() {
    String key = field.key();
    String value = field.value();
    if (key.equals("pg_argv")) {
      // ssearch36 36.3.8 prints "; pg_argv: ARGS; pg_name_alg: ALG" on one line (or "ARGS;" alone)
      int at = value.indexOf(NAME_ALG);
      String alg = null;
      if (at >= 0) {
        alg = value.substring(at + NAME_ALG.length()).trim();
        value = value.substring(0, at);
      }
      value = value.trim();
      if (value.endsWith(";")) {
        value = value.substring(0, value.length() - 1).trim();
      }
      pendingFields.put(key, value);
      if (alg != null) {
        pendingFields.put("pg_name_alg", alg);
      }
    } else {
      pendingFields.put(key, value);
    }
  }

  private void swField() {
    Alignment a = al;
    if (field.keyIs(K_FRAME)) {
      if (field.valueLength() < 1 || !Character.isLetterOrDigit(field.firstValueByte())) {
        bad("sw_frame");
      } else {
        a.frame = (char) field.firstValueByte();
        a.present |= Alignment.FRAME;
      }
    } else if (field.keyIs(K_SW_OPT)) {
      a.swOpt = intValue("sw_s-w opt");
      a.present |= Alignment.SW_OPT;
    } else if (field.keyIs(K_Z)) {
      decimal(a.zScore, "sw_z-score", Alignment.Z_SCORE);
    } else if (field.keyIs(K_BITS)) {
      decimal(a.bits, "sw_bits", Alignment.BITS);
    } else if (field.keyIs(K_EXPECT)) {
      decimal(a.expect, "sw_expect", Alignment.EXPECT);
    } else if (field.keyIs(K_SCORE)) {
      a.score = intValue("sw_score");
      a.present |= Alignment.SCORE;
    } else if (field.keyIs(K_IDENT)) {
      decimal(a.ident, "sw_ident", Alignment.IDENT);
    } else if (field.keyIs(K_SIM)) {
      decimal(a.sim, "sw_sim", Alignment.SIM);
    } else if (field.keyIs(K_OVERLAP)) {
      a.overlap = intValue("sw_overlap");
      a.present |= Alignment.OVERLAP;
    }
    // other sw_ fields (other FASTA programs or versions) are ignored
  }

  private void blockField(SeqBlock s) {
    if (field.keyIs(K_SQ_LEN)) {
      s.sqLen = intValue("sq_len");
      s.present |= SeqBlock.SQ_LEN;
    } else if (field.keyIs(K_SQ_OFFSET)) {
      s.sqOffset = intValue("sq_offset");
      s.present |= SeqBlock.SQ_OFFSET;
    } else if (field.keyIs(K_SQ_TYPE)) {
      if (field.valueLength() != 1) {
        bad("sq_type");
      } else {
        s.sqType = field.firstValueByte();
        s.present |= SeqBlock.SQ_TYPE;
      }
    } else if (field.keyIs(K_AL_START)) {
      s.alStart = intValue("al_start");
      s.present |= SeqBlock.AL_START;
    } else if (field.keyIs(K_AL_STOP)) {
      s.alStop = intValue("al_stop");
      s.present |= SeqBlock.AL_STOP;
    } else if (field.keyIs(K_AL_DISPLAY_START)) {
      s.alDisplayStart = intValue("al_display_start");
      s.present |= SeqBlock.AL_DISPLAY_START;
    } else if (field.keyIs(K_AL_CONS)) {
      problem(Kind.UNEXPECTED_LINE, "al_cons before the hit sequence");
      al.bad = true;
    }
  }

  private int intValue(String name) {
    long v = field.intValue();
    if (v == M10Field.NOT_AN_INT) {
      bad(name);
      return 0;
    }
    return (int) v;
  }

  private void decimal(RawValue target, String name, int bit) {
    if (field.isNumber()) {
      field.copyTo(target);
      al.present |= bit;
    } else {
      bad(name);
    }
  }

  private void bad(String name) {
    problem(Kind.BAD_VALUE, name + " is not valid: '" + abbreviate(field.value()) + "'");
    al.bad = true;
  }

  // ------------------------------------------------------------------------------------------------ other lines

  private void otherLine() {
    switch (state) {
      case QFIELDS, QSEQ -> {
        state = QSEQ;
        if (!al.query.append(buf, ls, le)) {
          problem(Kind.UNEXPECTED_LINE, "not a sequence line: " + abbreviate(text(ls, le)));
        }
      }
      case HFIELDS, HSEQ -> {
        state = HSEQ;
        if (!al.hit.append(buf, ls, le)) {
          problem(Kind.UNEXPECTED_LINE, "not a sequence line: " + abbreviate(text(ls, le)));
        }
      }
      case CONS -> al.consensusLines++;
      case OUTSIDE, SKIP_QUERY -> {
        // program banner, query summary, best-scores list and trailer: not part of the -m 10 records
      }
      default -> problem(Kind.UNEXPECTED_LINE, "unexpected line: " + abbreviate(text(ls, le)));
    }
  }

  // ------------------------------------------------------------------------------------------------ ends

  private void finishAlignment() {
    if (!alOpen) {
      return;
    }
    alOpen = false;
    Alignment a = al;
    if (!a.bad) {
      StringBuilder missing = new StringBuilder();
      if (a.present != Alignment.ALL) {
        missing.append(a.missing());
      }
      blockMissing(missing, "query block", a.query);
      blockMissing(missing, "hit block", a.hit);
      if (missing.length() > 0) {
        problems.add(a.line, Kind.MISSING_FIELD, "alignment of '" + abbreviate(a.hitDescription) + "' lacks "
            + missing);
        a.bad = true;
      }
    }
    if (a.bad) {
      problems.droppedAlignments++;
      return;
    }
    problems.alignments++;
    handler.alignment(header, a);
  }

  private static void blockMissing(StringBuilder sb, String what, SeqBlock s) {
    if (!s.started) {
      sb.append(sb.length() == 0 ? "" : "; ").append(what);
    } else if (s.present != SeqBlock.ALL || s.seqLength == 0) {
      sb.append(sb.length() == 0 ? "" : "; ").append(what).append(' ').append(s.missing());
    }
  }

  private void dropAlignment() {
    alOpen = false;
    problems.droppedAlignments++;
  }

  private void endOfInput() {
    if (state != OUTSIDE && state != SKIP_QUERY) {
      String where = alOpen ? " inside the alignment of '" + abbreviate(al.hitDescription) + "' (line " + al.line
          + ")" : "";
      problem(Kind.TRUNCATED, "input ended in query '" + (state == HEADER ? pendingName : header.name()) + "'"
          + where);
      endQuery(false);
    } else if (!sawEnd) {
      problem(Kind.TRUNCATED, lines.number() == 0 ? "empty input" : "input ended without the >>>/// end marker");
    }
  }

  // ------------------------------------------------------------------------------------------------ helpers

  private void problem(Kind kind, String message) {
    problems.add(lines.number(), kind, message);
  }

  private String text(int from, int to) {
    return new String(buf, from, to - from, StandardCharsets.UTF_8);
  }

  private static String abbreviate(String s) {
    return s.length() <= 80 ? s : s.substring(0, 77) + "...";
  }

  private static byte[] ascii(String s) {
    return s.getBytes(StandardCharsets.US_ASCII);
  }
}
