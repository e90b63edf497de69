package org.sciycsb.report;

import java.util.List;
import org.sciycsb.results.RunReport;
import org.sciycsb.measure.LatencySummary;
import org.sciycsb.measure.OpSummary;

/**
 * Taurus "final-stats" XML ({@code final-status.xml}), the format the Jenkins Performance plugin's Taurus parser
 * reads: a {@code FinalStatus} root on the second line (the plugin detects the format from it), {@code TestDuration}
 * in seconds, and one {@code Group} per operation, the unlabelled one being the overall summary. Every element has
 * its value in a {@code value} attribute; times in seconds; {@code throughput} a whole number (ops/s), as the plugin
 * parses it with {@code Long.valueOf}; {@code succ}/{@code fail} whole counts.
 */
public final class FinalStatus {
  private FinalStatus() {}

  public static String xml(RunReport r) {
    StringBuilder sb = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<FinalStatus>\n");
    Object threads = r.metadata().get("threads");
    String concurrency = threads == null ? "0" : threads.toString();
    for (OpSummary op : r.ops()) {
      String label = op.name().equals("OVERALL") ? "" : op.name();
      double tput = op.name().equals("OVERALL") ? r.throughput() : op.throughput();
      group(sb, label, tput, concurrency, op.operations(), op.errors(), op.response());
    }
    sb.append("  <TestDuration>").append(Fmt.num(r.runtimeMs() / 1000.0, 3)).append("</TestDuration>\n");
    sb.append("</FinalStatus>\n");
    return sb.toString();
  }

  private static void group(StringBuilder sb, String label, double tput, String concurrency, long succ, long fail,
      LatencySummary l) {
    sb.append("  <Group label=\"").append(Fmt.xml(label)).append("\">\n");
    value(sb, "throughput", Long.toString(Math.round(tput)), null);
    value(sb, "concurrency", concurrency, null);
    value(sb, "succ", Long.toString(succ), null);
    value(sb, "fail", Long.toString(fail), null);
    value(sb, "avg_rt", sec(l.meanUs()), null);
    value(sb, "avg_lt", "0", null);
    value(sb, "avg_ct", "0", null);
    value(sb, "bytes", "0", null);
    for (Object[] p : List.of(new Object[] {"0.0", l.minUs()}, new Object[] {"50.0", l.p50Us()},
        new Object[] {"90.0", l.p90Us()}, new Object[] {"95.0", l.p95Us()}, new Object[] {"99.0", l.p99Us()},
        new Object[] {"99.9", l.p999Us()}, new Object[] {"100.0", l.maxUs()})) {
      value(sb, "perc", sec((Double) p[1]), (String) p[0]);
    }
    sb.append("  </Group>\n");
  }

  private static String sec(double us) {
    return Fmt.num(us / 1_000_000.0, 9);
  }

  private static void value(StringBuilder sb, String name, String value, String param) {
    sb.append("    <").append(name).append(" value=\"").append(value).append("\" name=\"").append(name).append('"');
    if (param != null) {
      sb.append(" param=\"").append(param).append('"');
    }
    sb.append("/>\n");
  }
}
