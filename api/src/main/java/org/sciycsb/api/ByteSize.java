package org.sciycsb.api;

import java.math.BigDecimal;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Sizes as people write them, the one parser of the Java code ({@code bin/lib/size.sh} is the shell's): a bare
 * number is bytes; {@code k}, {@code m}, {@code g}, {@code t}, {@code p} in either case, alone or with {@code iB}
 * ({@code 512k}, {@code 256M}, {@code 3g}, {@code 3GiB}), are powers of 1024; {@code KB}, {@code MB}, {@code GB},
 * {@code TB}, {@code PB} in either case are powers of 1000 ({@code 3GB} = 3,000,000,000 bytes); {@code B} alone is
 * bytes. A number with a unit may have a fraction ({@code 1.5g}), and a space may stand before the unit; the result
 * is rounded to a whole byte.
 */
public final class ByteSize {
  private ByteSize() {}

  /** The forms accepted, for messages. */
  public static final String FORMS = "a number of bytes, or with a unit: 512k, 256m, 256M, 3g, 3GiB, 3GB";

  private static final Pattern SIZE = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(?:([kmgtp])(i?b)?|(b))?",
      Pattern.CASE_INSENSITIVE);

  /**
   * The bytes of {@code text}.
   *
   * @throws IllegalArgumentException when it is not such a size, or too large for a long (the message does not repeat
   *     the text)
   */
  public static long parse(String text) {
    Matcher m = SIZE.matcher(text == null ? "" : text.trim());
    if (!m.matches()) {
      throw new IllegalArgumentException("expected a size: " + FORMS);
    }
    BigDecimal n = new BigDecimal(m.group(1));
    if (m.group(2) == null && n.scale() > 0) {
      throw new IllegalArgumentException("expected a size (a fraction of a byte is none): " + FORMS);
    }
    if (m.group(2) != null) {
      int power = "kmgtp".indexOf(Character.toLowerCase(m.group(2).charAt(0))) + 1;
      boolean decimal = m.group(3) != null && m.group(3).equalsIgnoreCase("b");
      n = n.multiply(BigDecimal.valueOf(decimal ? 1000 : 1024).pow(power));
    }
    BigDecimal rounded = n.setScale(0, java.math.RoundingMode.HALF_UP);
    if (rounded.compareTo(BigDecimal.valueOf(Long.MAX_VALUE)) > 0) {
      throw new IllegalArgumentException("too large a size (at most 8 EiB)");
    }
    return rounded.longValueExact();
  }

  /** {@code bytes} in the largest binary unit that holds it exactly ({@code 128MiB}, {@code 1536KiB}), else bytes. */
  public static String format(long bytes) {
    String[] units = {"PiB", "TiB", "GiB", "MiB", "KiB"};
    for (int i = 0; i < units.length; i++) {
      long unit = 1L << (10 * (units.length - i));
      if (bytes != 0 && bytes % unit == 0) {
        return bytes / unit + units[i];
      }
    }
    return Long.toString(bytes);
  }
}
