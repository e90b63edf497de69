package org.sciycsb.study.server;

import java.util.Locale;

/** Sizes as {@code numfmt --to=iec} prints them ({@code 512M}, {@code 1.0G}, {@code 4096}). */
final class Sizes {
  private Sizes() {}

  /** The bytes of such a size, or -1 when it is not one. */
  static long parse(String s) {
    String t = s.trim().toUpperCase(Locale.ROOT);
    if (!t.matches("[0-9]+(\\.[0-9]+)?[KMGTP]?")) {
      return -1;
    }
    char last = t.charAt(t.length() - 1);
    int shift = switch (last) {
      case 'K' -> 10;
      case 'M' -> 20;
      case 'G' -> 30;
      case 'T' -> 40;
      case 'P' -> 50;
      default -> 0;
    };
    String num = shift == 0 ? t : t.substring(0, t.length() - 1);
    return (long) (Double.parseDouble(num) * (1L << shift));
  }
}
