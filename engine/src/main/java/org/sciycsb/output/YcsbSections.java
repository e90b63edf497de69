package org.sciycsb.output;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.HdrHistogram.Histogram;
import org.sciycsb.measure.OpHistograms;
import org.sciycsb.measure.OpSummary;
import org.sciycsb.results.RunReport;
import site.ycsb.Status;

/**
 * The sections of a run's YCSB measurements, in upstream 0.17's order. Upstream keeps two maps keyed by the
 * measurement name (operation, {@code <OP>-FAILED}, {@code CLEANUP}): the one of {@code measure} then the one of
 * {@code measureIntended}, each a {@link ConcurrentHashMap} printed in its iteration order. The names are put into
 * maps of the same kind here, in the order upstream first meets them, so that the order comes out the same.
 *
 * <p>{@code measurement.interval}: {@code op} fills the first map with service times; {@code intended} the second,
 * with response times and upstream's plain names; {@code both} the first with service times and the second with
 * response times named {@code Intended-<name>}; unset (this project's default) the first with response times. The
 * {@code Return=} counts go where upstream's {@code reportStatus} puts them: the operation's section of the first
 * map, or of the second with {@code intended}. Composite operations ({@code READ-MODIFY-WRITE}) carry none, as
 * upstream's core workload reports no status for them.
 */
final class YcsbSections {
  private YcsbSections() {}

  static List<YcsbSection> of(RunReport r, String interval) {
    boolean both = "both".equals(interval);
    boolean intendedOnly = "intended".equals(interval);
    boolean firstResponse = interval == null;
    Map<String, YcsbSection> first = new ConcurrentHashMap<>();
    Map<String, YcsbSection> second = new ConcurrentHashMap<>();
    Histogram cleanup = cleanupHistogram(r.detail().cleanupNanos());
    for (OpSummary op : r.ops()) {
      OpHistograms h = r.detail().histograms(op.name());
      if (op.name().equals("OVERALL") || h == null) {
        continue;
      }
      if (composite(op)) {
        h = asOne(h);
      }
      Map<String, Long> statuses = composite(op) ? Map.of() : returnOrder(op.statuses());
      boolean anyOk = h.response().getTotalCount() > 0 || !statuses.isEmpty();
      boolean anyFailed = h.failedResponse().getTotalCount() > 0;
      if (!intendedOnly) {
        boolean resp = firstResponse;
        put(first, anyOk, new YcsbSection(op.name(), op.name(), false, resp, pick(h, false, resp), statuses));
        put(first, anyFailed, new YcsbSection(op.name() + "-FAILED", op.name(), true, resp, pick(h, true, resp),
            Map.of()));
      }
      if (both || intendedOnly) {
        String prefix = both ? "Intended-" : "";
        Map<String, Long> st = both ? Map.of() : statuses;
        put(second, anyOk, new YcsbSection(prefix + op.name(), op.name(), false, true, pick(h, false, true), st));
        put(second, anyFailed, new YcsbSection(prefix + op.name() + "-FAILED", op.name(), true, true,
            pick(h, true, true), Map.of()));
      }
    }
    if (r.detail().jvm() != null && !intendedOnly) {
      // upstream's status thread samples these once the client threads have started: after their first operations
      r.detail().jvm().samples().forEach((name, points) -> first.put(name, YcsbSection.ofSamples(name, points)));
    }
    if (cleanup.getTotalCount() > 0) {
      long[][] points = cleanupPoints(r.detail().cleanupNanos());
      if (!intendedOnly) {
        first.put("CLEANUP", new YcsbSection("CLEANUP", "CLEANUP", false, false, cleanup, Map.of(), points));
      }
      if (both || intendedOnly) {
        second.put("CLEANUP", new YcsbSection(both ? "Intended-CLEANUP" : "CLEANUP", "CLEANUP", false, true,
            cleanup, Map.of(), points));
      }
    }
    List<YcsbSection> out = new ArrayList<>(first.values());
    out.addAll(second.values());
    return out;
  }

  /**
   * A composite operation's calls in one section whatever their outcome: upstream's core workload measures
   * {@code READ-MODIFY-WRITE} under its own name, with no {@code -FAILED} section.
   */
  private static OpHistograms asOne(OpHistograms h) {
    Histogram response = h.response().copy();
    response.add(h.failedResponse());
    Histogram service = h.service().copy();
    service.add(h.failedService());
    Histogram none = new Histogram(3);
    return new OpHistograms(h.name(), response, service, none, none);
  }

  /** Keys are the measurement names upstream uses: the operation's, or {@code <OP>-FAILED}. */
  private static void put(Map<String, YcsbSection> map, boolean present, YcsbSection s) {
    if (present) {
      map.put(s.failed() ? s.op() + "-FAILED" : s.op(), s);
    }
  }

  private static Histogram pick(OpHistograms h, boolean failed, boolean response) {
    if (failed) {
      return response ? h.failedResponse() : h.failedService();
    }
    return response ? h.response() : h.service();
  }

  /** An operation made of others (it shares no statuses with OVERALL): upstream reports no status for it. */
  private static boolean composite(OpSummary op) {
    return op.name().equals("READ-MODIFY-WRITE");
  }

  /** Each cleanup as a data point {epoch ms, us}: they end with the measured part, which ends now. */
  private static long[][] cleanupPoints(List<Long> nanos) {
    long now = System.currentTimeMillis();
    return nanos.stream().map(n -> new long[] {now, YcsbSectionWriter.us(n)}).toArray(long[][]::new);
  }

  static Histogram cleanupHistogram(List<Long> nanos) {
    Histogram h = new Histogram(3);
    for (long n : nanos) {
      h.recordValue(Math.max(0, n));
    }
    return h;
  }

  /**
   * The counts in the order upstream prints them: it keeps them in a {@link ConcurrentHashMap} keyed by
   * {@link Status} (whose hash is its name's and description's), so they are put into one here; a status name
   * that is none of upstream's constants gets an empty description.
   */
  static Map<String, Long> returnOrder(Map<String, Long> counts) {
    Map<Status, Long> byStatus = new ConcurrentHashMap<>();
    counts.forEach((name, n) -> byStatus.put(status(name), n));
    Map<String, Long> out = new LinkedHashMap<>();
    byStatus.forEach((st, n) -> out.put(st.getName(), n));
    return out;
  }

  private static final Status[] KNOWN = {Status.OK, Status.ERROR, Status.NOT_FOUND, Status.NOT_IMPLEMENTED,
      Status.UNEXPECTED_STATE, Status.BAD_REQUEST, Status.FORBIDDEN, Status.SERVICE_UNAVAILABLE, Status.BATCHED_OK};

  private static Status status(String name) {
    for (Status k : KNOWN) {
      if (k.getName().equals(name)) {
        return k;
      }
    }
    return new Status(name, "");
  }
}
