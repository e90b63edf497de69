package org.sciycsb.fasta.m10;

import java.math.BigDecimal;
import java.math.MathContext;

/** Numbers as ssearch36 prints them in {@code -m 10} output. */
public final class M10Numbers {
  private M10Numbers() {}

  /** {@code %.Nf} with a dot. */
  public static String fixed(double v, int decimals) {
    return BigDecimal.valueOf(v).setScale(decimals, java.math.RoundingMode.HALF_EVEN).toPlainString();
  }

  /** C's {@code %.2g} as ssearch36 prints E() values: {@code 0}, {@code 0.053}, {@code 3.4}, {@code 1.5e-209}. */
  public static String expect(double v) {
    if (v == 0 || !Double.isFinite(v)) {
      return "0";
    }
    BigDecimal d = new BigDecimal(v).round(new MathContext(2));
    int exponent = d.precision() - d.scale() - 1;
    if (exponent < -4 || exponent >= 2) {
      BigDecimal mantissa = d.movePointLeft(exponent).stripTrailingZeros();
      String m = mantissa.toPlainString();
      String e = Integer.toString(Math.abs(exponent));
      return m + (exponent < 0 ? "e-" : "e+") + (e.length() < 2 ? "0" + e : e);
    }
    String s = d.stripTrailingZeros().toPlainString();
    return s;
  }
}
