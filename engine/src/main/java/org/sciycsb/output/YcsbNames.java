package org.sciycsb.output;

/** YCSB's names of percentiles: {@code 95th}, {@code 99th}, {@code 51st}, {@code 11th}; a fraction as is. */
final class YcsbNames {
  private YcsbNames() {}

  /** As upstream's OneMeasurementHdrHistogram names them: a whole number with its English suffix, else Double.toString. */
  static String ordinal(double p) {
    if (p % 1 != 0) {
      return Double.toString(p);
    }
    long i = (long) p;
    if (i % 100 >= 11 && i % 100 <= 13) {
      return i + "th";
    }
    return switch ((int) (i % 10)) {
      case 1 -> i + "st";
      case 2 -> i + "nd";
      case 3 -> i + "rd";
      default -> i + "th";
    };
  }
}
