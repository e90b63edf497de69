package org.sciycsb.measure;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Everything a collector writes, against a golden file: the {@code .hlog} lines, the status lines, the summaries,
 * the time series and the stats' keys, from operations recorded on made-up clocks (so the output is the same on
 * every run). Only what reads the wall clock is masked: the log's start time, and each status line's date, elapsed
 * seconds, rate and ETA. To accept a deliberate change: {@code -Dtest=CollectorOutputTest -Dgolden.update=true}.
 */
class CollectorOutputTest {
  private static final Path GOLDEN = Path.of("src/test/resources/golden/collector");
  private static final long G = 1_000_000_000L;

  @TempDir
  Path tmp;
  private final OperationRegistry registry = registry();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();

  /** Intervals aligned on the measured start, handed over by the recorders as their operations cross them. */
  @Test
  void alignedIntervals() throws IOException {
    List<ThreadRecorder> recs = recorders(registry, 2, 3);
    long t0 = System.nanoTime();
    Collector c = new Collector(registry, new StatusCodes(), recs, 3, tmp.resolve("a.hlog"), stream(err), () -> 4000,
        0, G);
    c.setStatusInterval(4 * G);
    recs.get(0).record(0, t0 - 5000, t0 - 1000, 0); // warmup: dropped
    c.collect(t0 + 4 * G); // before the measured part: a "warming up" line
    long tm = t0 + 4 * G;
    c.beginMeasurement(tm);
    for (ThreadRecorder r : recs) {
      r.beginIntervals();
    }
    long end = record(recs, tm, 12 * G, 4000, 7);
    c.collect(end);
    golden("aligned.txt", output(c, err, tmp.resolve("a.hlog"), 12.0));
  }

  /** No aligned intervals: each collect call ends an interval and reads every recorder. */
  @Test
  void intervalsEndingAtEachCollection() throws IOException {
    List<ThreadRecorder> recs = recorders(registry, 3, 2);
    long t0 = System.nanoTime();
    Collector c = new Collector(registry, new StatusCodes(), recs, 2, tmp.resolve("b.hlog"), stream(err), () -> -1,
        t0 + 30 * G);
    c.setStatusInterval(G);
    c.beginMeasurement(t0);
    long end = t0;
    for (int k = 0; k < 5; k++) {
      end = record(recs, end, 7 * G / 10, 300, -1);
      c.collect(end);
      assertThat(c.errorsSoFar()).isGreaterThan(0);
    }
    // the deadline decides the % done, and the final line comes at the wall clock's now: masked
    golden("each-collection.txt", output(c, err, tmp.resolve("b.hlog"), 3.5).replaceAll("(?m); [0-9.]+% done$",
        "; <percent> done"));
  }

  private static OperationRegistry registry() {
    OperationRegistry registry = new OperationRegistry();
    registry.register("CUSTOM", false);
    registry.freeze();
    return registry;
  }

  private static List<ThreadRecorder> recorders(OperationRegistry registry, int n, int digits) {
    List<ThreadRecorder> recs = new ArrayList<>();
    SparseCounts.Layout layout = new SparseCounts.Layout(digits);
    for (int i = 0; i < n; i++) {
      recs.add(new ThreadRecorder(i, registry.size(), new StatusCodes(), layout));
    }
    return recs;
  }

  private static PrintStream stream(ByteArrayOutputStream out) {
    return new PrintStream(out, true, StandardCharsets.UTF_8);
  }

  /**
   * Records {@code n} operations ending evenly over {@code span} from {@code from}, round robin on the recorders,
   * none in second {@code idle} (an empty interval); some failed, some with a response time above the service time.
   * Returns the last end.
   */
  private static long record(List<ThreadRecorder> recs, long from, long span, int n, int idle) {
    SplittableRandom rnd = new SplittableRandom(42);
    int[] ops = {0, 1, 2, 5, 6}; // READ, UPDATE, INSERT, READ-MODIFY-WRITE (composite), CUSTOM
    long end = from;
    for (int i = 0; i < n; i++) {
      end = from + (i + 1) * (span / n);
      long service = 100 + rnd.nextInt(2_000_000);
      int op = ops[rnd.nextInt(ops.length)];
      if ((end - from) / G == idle) {
        continue;
      }
      ThreadRecorder r = recs.get(i % recs.size());
      r.setIntendedStart(i % 3 == 0 ? end - service - rnd.nextInt(50_000) : 0);
      r.record(op, end - service, end, i % 37 == 0 ? 1 : i % 101 == 0 ? 2 : 0);
      r.opDone();
    }
    return end;
  }

  private static String output(Collector c, ByteArrayOutputStream err, Path hlog, double seconds) throws IOException {
    StringBuilder sb = new StringBuilder();
    List<OpSummary> summaries = c.summaries(seconds); // prints the final status line
    c.close();
    sb.append("== status\n").append(maskStatus(err.toString(StandardCharsets.UTF_8)));
    sb.append("== hlog\n").append(Files.readString(hlog).replaceAll("#\\[StartTime: .*]", "#[StartTime: (masked)]"));
    sb.append("== summaries\n");
    summaries.forEach(s -> sb.append(s).append('\n'));
    sb.append("== series\n");
    c.series().forEach(p -> sb.append(p).append('\n'));
    sb.append("== stats\n").append(c.stats().keySet()).append('\n');
    return sb.toString();
  }

  private static String maskStatus(String lines) {
    return lines.replaceAll("(?m)^\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d:\\d{3} \\d+ sec: ", "<date> <n> sec: ")
        .replaceAll("[-0-9.∞]+ current ops/sec", "<rate> current ops/sec")
        .replaceAll("; est completion in (\\d+ [a-z]+ )+", "; est completion in <eta> ");
  }

  private static void golden(String name, String actual) throws IOException {
    Path file = GOLDEN.resolve(name);
    if (Boolean.getBoolean("golden.update")) {
      Files.createDirectories(GOLDEN);
      Files.writeString(file, actual, StandardCharsets.UTF_8);
    }
    assertThat(actual).as("output differs from %s", file).isEqualTo(Files.readString(file, StandardCharsets.UTF_8));
  }
}
