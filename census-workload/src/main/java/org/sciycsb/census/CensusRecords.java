package org.sciycsb.census;

import java.util.ArrayList;
import java.util.List;

/** Parsing and rendering of census lines; no Hadoop or driver classes here (census-native uses it too). */
public final class CensusRecords {
  private CensusRecords() {}

  /** Splits a line on commas (no quoting: census fields never contain commas); trailing CR dropped. */
  public static String[] split(String line) {
    if (line.endsWith("\r")) {
      line = line.substring(0, line.length() - 1);
    }
    List<String> out = new ArrayList<>(CensusSchema.FIELDS);
    int start = 0;
    for (int i = 0; i < line.length(); i++) {
      if (line.charAt(i) == ',') {
        out.add(line.substring(start, i));
        start = i + 1;
      }
    }
    out.add(line.substring(start));
    return out.toArray(new String[0]);
  }

  /** True when the fields are a well-formed record: 111 fields, whole-number male and female totals. */
  public static boolean valid(String[] f) {
    if (f == null || f.length != CensusSchema.FIELDS) {
      return false;
    }
    return isLong(f[CensusSchema.MALE_TOTAL]) && isLong(f[CensusSchema.FEMALE_TOTAL])
        && !f[CensusSchema.RECORD_ID].isEmpty();
  }

  static boolean isLong(String s) {
    if (s.isEmpty() || s.length() > 18) {
      return false;
    }
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c < '0' || c > '9') {
        return false;
      }
    }
    return true;
  }

  /** The filter's predicate: more females than males (fields must be {@link #valid}). */
  public static boolean moreFemales(String[] f) {
    return Long.parseLong(f[CensusSchema.FEMALE_TOTAL]) > Long.parseLong(f[CensusSchema.MALE_TOTAL]);
  }

  /** The merge job's output: every field labelled, {@code name: value; name: value ...}. */
  public static String labelled(String[] f) {
    StringBuilder sb = new StringBuilder(f.length * 24);
    for (int i = 0; i < f.length; i++) {
      if (i > 0) {
        sb.append("; ");
      }
      sb.append(CensusSchema.COLUMNS.get(i)).append(": ").append(f[i]);
    }
    return sb.toString();
  }

  /** The fields joined with another separator (the reorder job). */
  public static String join(String[] f, String separator) {
    return String.join(separator, f);
  }

  /** A typed value for a document field: whole numbers as Long, decimals as Double, text as String. */
  public static Object typed(int column, String v) {
    if (CensusSchema.isText(column)) {
      return v;
    }
    if (isLong(v) || (v.startsWith("-") && isLong(v.substring(1)))) {
      return Long.parseLong(v);
    }
    try {
      return Double.parseDouble(v);
    } catch (NumberFormatException e) {
      return v;
    }
  }

  /** A document field value back as CSV text. */
  public static String text(Object v) {
    if (v == null) {
      return "";
    }
    if (v instanceof Double || v instanceof Float) {
      double d = ((Number) v).doubleValue();
      return d == Math.rint(d) && Math.abs(d) < 1e15 ? Long.toString((long) d) + ".0" : Double.toString(d);
    }
    return v.toString();
  }
}
