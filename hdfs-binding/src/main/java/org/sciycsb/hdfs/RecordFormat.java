package org.sciycsb.hdfs;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * One record per line, UTF-8:
 *
 * <pre>key TAB name=value TAB name=value ... LF</pre>
 *
 * <p>In keys, names and values a backslash, tab, line feed, carriage return and '=' are escaped as
 * {@code \\}, {@code \t}, {@code \n}, {@code \r} and {@code \=}, so a line always holds exactly one record and the
 * first unescaped '=' of a field separates its name from its value.
 */
public final class RecordFormat {
  private RecordFormat() {}

  /** Appends one record, with its trailing line feed. */
  public static void append(StringBuilder sb, String key, Map<String, String> fields) {
    escape(sb, key);
    for (Map.Entry<String, String> e : fields.entrySet()) {
      sb.append('\t');
      escape(sb, e.getKey());
      sb.append('=');
      escape(sb, e.getValue());
    }
    sb.append('\n');
  }

  public static String line(String key, Map<String, String> fields) {
    StringBuilder sb = new StringBuilder(key.length() + 16 + fields.size() * 110);
    append(sb, key, fields);
    return sb.toString();
  }

  static void escape(StringBuilder sb, String s) {
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '\\': sb.append("\\\\"); break;
        case '\t': sb.append("\\t"); break;
        case '\n': sb.append("\\n"); break;
        case '\r': sb.append("\\r"); break;
        case '=': sb.append("\\="); break;
        default: sb.append(c);
      }
    }
  }

  /** The key of a line (without its line feed). */
  public static String key(String line) {
    StringBuilder sb = new StringBuilder(32);
    parseToken(line, 0, sb, false);
    return sb.toString();
  }

  /**
   * Parses a line (without its line feed) into its fields; {@code wanted} null means all fields.
   *
   * @throws IllegalArgumentException when the line is not in this format
   */
  public static Map<String, String> fields(String line, Set<String> wanted) {
    Map<String, String> out = new LinkedHashMap<>();
    StringBuilder sb = new StringBuilder(128);
    int i = parseToken(line, 0, sb, false); // the key
    while (i < line.length()) {
      if (line.charAt(i) != '\t') {
        throw new IllegalArgumentException("expected a tab at column " + i);
      }
      sb.setLength(0);
      i = parseToken(line, i + 1, sb, true);
      if (i >= line.length() || line.charAt(i) != '=') {
        throw new IllegalArgumentException("field without '=' at column " + i);
      }
      String name = sb.toString();
      sb.setLength(0);
      i = parseToken(line, i + 1, sb, false);
      if (wanted == null || wanted.contains(name)) {
        out.put(name, sb.toString());
      }
    }
    return out;
  }

  /** Reads an escaped token from {@code i}; stops at a tab, or at '=' when {@code stopAtEquals}. */
  private static int parseToken(String line, int i, StringBuilder sb, boolean stopAtEquals) {
    int n = line.length();
    while (i < n) {
      char c = line.charAt(i);
      if (c == '\t' || (stopAtEquals && c == '=')) {
        return i;
      }
      if (c == '\\' && i + 1 < n) {
        char d = line.charAt(i + 1);
        switch (d) {
          case 't': sb.append('\t'); break;
          case 'n': sb.append('\n'); break;
          case 'r': sb.append('\r'); break;
          default: sb.append(d);
        }
        i += 2;
      } else {
        sb.append(c);
        i++;
      }
    }
    return i;
  }
}
