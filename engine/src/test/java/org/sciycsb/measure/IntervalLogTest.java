package org.sciycsb.measure;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The .hlog: its tags, its times relative to the measured start, and nothing for empty histograms. */
class IntervalLogTest {
  @TempDir
  Path tmp;

  @Test
  void tagsNameOperationOutcomeAndTimeKind() {
    assertThat(IntervalLog.tag("READ", false, false)).isEqualTo("READ.response");
    assertThat(IntervalLog.tag("READ", true, true)).isEqualTo("READ-FAILED.service");
    assertThat(Collector.tag("SCAN", true, false)).isEqualTo("SCAN-FAILED.response");
  }

  @Test
  void writesHeaderAndOneLinePerNonEmptyHistogramReadableByHdrHistogram() throws IOException {
    Path file = tmp.resolve("latency.hlog");
    IntervalLog log = new IntervalLog(file);
    long start = 1_700_000_000_000L;
    log.begin(start);
    Histogram h = new Histogram(3);
    h.recordValue(1500);
    h.recordValue(2500);
    log.write("UPDATE", true, true, h, 2000, 3000);
    log.write("READ", false, false, new Histogram(3), 2000, 3000); // empty: no line
    log.close();
    List<String> lines = Files.readAllLines(file);
    assertThat(lines.get(0)).isEqualTo("#[Histogram log format version 1.3]");
    assertThat(lines.get(1)).isEqualTo("#sciycsb interval log: values in nanoseconds; tags are <OPERATION>.response|service");
    assertThat(lines.get(2)).startsWith("#[StartTime: 1700000000.000 ");
    assertThat(lines).filteredOn(l -> !l.startsWith("#") && !l.startsWith("\"")).singleElement()
        .asString().startsWith("Tag=UPDATE-FAILED.service,2.000,1.000,0.003,");
    try (HistogramLogReader r = new HistogramLogReader(file.toFile())) {
      Histogram back = (Histogram) r.nextIntervalHistogram();
      assertThat(back.getTag()).isEqualTo("UPDATE-FAILED.service");
      assertThat(back.getTotalCount()).isEqualTo(2);
      assertThat(back.getStartTimeStamp()).isEqualTo(start + 2000);
      assertThat(r.nextIntervalHistogram()).isNull();
    }
  }

  @Test
  void withoutAFileEveryCallDoesNothing() throws IOException {
    IntervalLog log = new IntervalLog(null);
    log.begin(1);
    Histogram h = new Histogram(3);
    h.recordValue(1);
    log.write("READ", false, false, h, 0, 1000);
    log.close();
    assertThat(h.getTag()).isNull();
  }
}
