package org.sciycsb.study.server;

import org.sciycsb.api.ByteSize;

/** Sizes as {@code numfmt --to=iec} prints them ({@code 512M}, {@code 1.0G}, {@code 4096}), read by {@link ByteSize}. */
final class Sizes {
  private Sizes() {}

  /** The bytes of such a size, or -1 when it is not one. */
  static long parse(String s) {
    try {
      return ByteSize.parse(s);
    } catch (IllegalArgumentException e) {
      return -1;
    }
  }
}
