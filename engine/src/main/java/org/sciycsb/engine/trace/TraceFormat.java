package org.sciycsb.engine.trace;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import site.ycsb.ByteIterator;

/**
 * The record lines of a trace (docs/trace-format.md):
 * {@code <w|m> <intended ns|-> <op> <table> <key> [<fields>|<count> <fields>|<name:length,...>]}. Names are
 * written as they are, except that {@code %}, {@code ,}, {@code :}, spaces and control characters become
 * {@code %XX}, a name that is exactly {@code *} or {@code -} is written {@code %2A} / {@code %2D}, and the empty
 * name is {@code %}.
 */
public final class TraceFormat {
  /** The first word of a trace's first line. */
  public static final String MAGIC = "sciycsb-trace";
  /** The format this code writes, and the newest it reads. */
  public static final int VERSION = 1;

  private TraceFormat() {}

  static void append(StringBuilder b, TraceRecord r) {
    b.append(r.warmup() ? 'w' : 'm').append(' ');
    if (r.intended() < 0) {
      b.append('-');
    } else {
      b.append(r.intended());
    }
    b.append(' ').append(r.op()).append(' ');
    escape(b, r.table());
    b.append(' ');
    escape(b, r.key());
    switch (r.op()) {
      case 'R' -> fieldSet(b.append(' '), r.fields());
      case 'S' -> fieldSet(b.append(' ').append(r.count()).append(' '), r.fields());
      case 'U', 'I' -> values(b.append(' '), r.fields(), r.lengths());
      default -> { }
    }
  }

  /** A read's or scan's field set: {@code *} for all, {@code -} for none, else the names. */
  static void fieldSet(StringBuilder b, Collection<String> fields) {
    if (fields == null) {
      b.append('*');
    } else if (fields.isEmpty()) {
      b.append('-');
    } else {
      boolean first = true;
      for (String f : fields) {
        if (!first) {
          b.append(',');
        }
        first = false;
        escape(b, f);
      }
    }
  }

  /** An update's or insert's values: {@code name:length,...}, or {@code -} for none. */
  static void values(StringBuilder b, Map<String, ByteIterator> values) {
    if (values == null || values.isEmpty()) {
      b.append('-');
      return;
    }
    boolean first = true;
    for (Map.Entry<String, ByteIterator> e : values.entrySet()) {
      if (!first) {
        b.append(',');
      }
      first = false;
      escape(b, e.getKey());
      ByteIterator v = e.getValue();
      b.append(':').append(v == null ? 0 : Math.max(0, v.bytesLeft()));
    }
  }

  private static void values(StringBuilder b, List<String> names, long[] lengths) {
    if (names == null || names.isEmpty()) {
      b.append('-');
      return;
    }
    for (int i = 0; i < names.size(); i++) {
      if (i > 0) {
        b.append(',');
      }
      escape(b, names.get(i));
      b.append(':').append(lengths[i]);
    }
  }

  static void escape(StringBuilder b, String s) {
    if (s == null || s.isEmpty()) {
      b.append('%');
      return;
    }
    if (s.equals("*") || s.equals("-")) {
      hex(b, s.charAt(0));
      return;
    }
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c <= ' ' || c == '%' || c == ',' || c == ':' || c == 0x7f) {
        hex(b, c);
      } else {
        b.append(c);
      }
    }
  }

  private static void hex(StringBuilder b, char c) {
    b.append('%').append(Character.forDigit(c >> 4, 16)).append(Character.forDigit(c & 15, 16));
  }

  /** A bad line: the reader turns it into one line naming the file and the line number. */
  static final class BadLine extends Exception {
    BadLine(String why) {
      super(why);
    }
  }

  static String unescape(String s) throws BadLine {
    if (s.equals("%")) {
      return "";
    }
    if (s.indexOf('%') < 0) {
      return s;
    }
    StringBuilder b = new StringBuilder(s.length());
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c != '%') {
        b.append(c);
        continue;
      }
      int hi = i + 2 < s.length() ? Character.digit(s.charAt(i + 1), 16) : -1;
      int lo = hi < 0 ? -1 : Character.digit(s.charAt(i + 2), 16);
      if (lo < 0) {
        throw new BadLine("bad escape in '" + s + "'");
      }
      b.append((char) (hi * 16 + lo));
      i += 2;
    }
    return b.toString();
  }

  /** Reads a record line back. */
  static TraceRecord parse(String line) throws BadLine {
    return parse(line, new java.util.HashMap<>());
  }

  /** Reads a record line back, table and field names shared through {@code names} (a trace repeats them). */
  static TraceRecord parse(String line, Map<String, String> names) throws BadLine {
    String[] p = line.split(" ", -1);
    if (p.length < 5 || !(p[0].equals("w") || p[0].equals("m")) || p[2].length() != 1) {
      throw new BadLine("not a record line");
    }
    long intended = p[1].equals("-") ? -1 : number(p[1]);
    char op = p[2].charAt(0);
    String table = names.computeIfAbsent(unescape(p[3]), t -> t);
    String key = unescape(p[4]);
    int want = switch (op) {
      case 'R', 'U', 'I' -> 6;
      case 'S' -> 7;
      case 'D' -> 5;
      default -> throw new BadLine("unknown operation " + op);
    };
    if (p.length != want) {
      throw new BadLine("operation " + op + " takes " + want + " words, this line has " + p.length);
    }
    List<String> fields = null;
    long[] lengths = null;
    int count = 0;
    if (op == 'R' || op == 'S') {
      count = op == 'S' ? (int) Math.min(Integer.MAX_VALUE, number(p[5])) : 0;
      fields = fieldList(p[want - 1], names);
    } else if (op != 'D') {
      fields = new ArrayList<>();
      lengths = valueList(p[5], fields, names);
    }
    return new TraceRecord(op, p[0].equals("w"), intended, table, key, fields, lengths, count);
  }

  private static List<String> fieldList(String s, Map<String, String> names) throws BadLine {
    if (s.equals("*")) {
      return null;
    }
    List<String> out = new ArrayList<>();
    if (!s.equals("-")) {
      for (String f : s.split(",", -1)) {
        out.add(names.computeIfAbsent(unescape(f), n -> n));
      }
    }
    return out;
  }

  private static long[] valueList(String s, List<String> out, Map<String, String> names) throws BadLine {
    if (s.equals("-")) {
      return new long[0];
    }
    String[] parts = s.split(",", -1);
    long[] lengths = new long[parts.length];
    for (int i = 0; i < parts.length; i++) {
      int colon = parts[i].lastIndexOf(':');
      if (colon < 0) {
        throw new BadLine("value '" + parts[i] + "' has no length");
      }
      out.add(names.computeIfAbsent(unescape(parts[i].substring(0, colon)), n -> n));
      lengths[i] = number(parts[i].substring(colon + 1));
    }
    return lengths;
  }

  static long number(String s) throws BadLine {
    try {
      long v = Long.parseLong(s);
      if (v < 0) {
        throw new NumberFormatException();
      }
      return v;
    } catch (NumberFormatException e) {
      throw new BadLine("'" + s + "' is not a count or a time");
    }
  }
}
