package org.sciycsb.compat;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The structure of an output, what must be the same whatever the run measured: each line with its decimals
 * replaced by {@code D} and its integers by {@code I} (in names too: {@code [READ], IthPercentileLatency(us), I}),
 * consecutive equal lines as one (the number of time-series units, verbose buckets and raw points follows the
 * run). So sections, metric names, their order and each value's type (integer or decimal) are compared.
 */
final class OutputStructure {
  private static final Pattern DECIMAL = Pattern.compile("-?\\d+\\.\\d+(E-?\\d+)?");
  private static final Pattern INTEGER = Pattern.compile("\\d+");

  private OutputStructure() {}

  static List<String> of(String output) {
    List<String> out = new ArrayList<>();
    for (String line : output.split("\\R")) {
      String s = INTEGER.matcher(DECIMAL.matcher(line).replaceAll("D")).replaceAll("I");
      if (out.isEmpty() || !out.get(out.size() - 1).equals(s)) {
        out.add(s);
      }
    }
    return out;
  }
}
