package org.sciycsb.measure;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** The status line's text against upstream YCSB 0.17.0's, as it printed it. */
class StatusLineTest {
  @Test
  void upstreamsOwnLinesMatchThePattern() {
    String a = "mylabel2026-12-03 14:16:06:454 1 sec: 300 operations; 279.72 current ops/sec; est completion in 3 "
        + "second [READ: Count=134, Max=4, Min=0, Avg=1.9, 90=3, 99=4, 99.9=4, 99.99=4] [UPDATE: Count=144, Max=3, "
        + "Min=0, Avg=1.88, 90=3, 99=3, 99.9=3, 99.99=3] ";
    var m = UpstreamStatusLine.PATTERN.matcher(a);
    assertThat(m.matches()).isTrue();
    assertThat(m.group(1)).isEqualTo("mylabel");
    assertThat(m.group(5)).isEqualTo("3 second ");
  }

  @Test
  void remainingAsUpstreamsFormatterWritesIt() {
    assertThat(StatusLine.remaining(0)).isEqualTo("0 second ");
    assertThat(StatusLine.remaining(3)).isEqualTo("3 second ");
    assertThat(StatusLine.remaining(45)).isEqualTo("45 seconds "); // upstream's quirk: two digits, plural
    assertThat(StatusLine.remaining(60)).isEqualTo("1 minute ");
    assertThat(StatusLine.remaining(150)).isEqualTo("2 minutes "); // seconds only when nothing else
    assertThat(StatusLine.remaining(3600 + 120)).isEqualTo("1 hour 2 minutes ");
    assertThat(StatusLine.remaining(172 * 3600)).isEqualTo("7 days 4 hours "); // no minutes from a day on
    assertThat(StatusLine.remaining(86_400 + 59)).isEqualTo("1 day ");
  }

  @Test
  void headAsUpstreamsStatusThread() {
    assertThat(StatusLine.head("", "D", 3, 1000, 298.514, -1).toString())
        .isEqualTo("D 3 sec: 1000 operations; 298.51 current ops/sec; ");
    assertThat(StatusLine.head("x", "D", 0, 20, Double.POSITIVE_INFINITY, 0).toString())
        .isEqualTo("xD 0 sec: 20 operations; ∞ current ops/sec; est completion in 0 second ");
    assertThat(StatusLine.head("", "D", 0, 0, 0, 12).toString())
        .isEqualTo("D 0 sec: 0 operations; est completion in 12 seconds "); // no rate before any operation
  }

  @Test
  void ourLinesMatchUpstreamsPatternWithTheExtrasAfter() {
    Histogram h = new Histogram(3);
    h.recordValue(1_900);
    h.recordValue(4_100);
    StringBuilder sb = StatusLine.head("", "2026-12-03 14:16:06:454", 1, 300, 279.7222, 3);
    StatusLine.appendFigures(sb, StatusStyle.Kind.HDR, List.of(new StatusLine.Figures("READ", h),
        new StatusLine.Figures("UPDATE", new Histogram(3))));
    StatusLine.appendExtras(sb, List.of("42.0% done", "warming up"));
    var m = UpstreamStatusLine.PATTERN.matcher(sb);
    assertThat(m.lookingAt()).as(sb.toString()).isTrue();
    assertThat(m.group(6)).isEqualTo("[READ: Count=2, Max=4, Min=2, Avg=3, 90=4.1, 99=4.1, 99.9=4.1, 99.99=4.1] "
        + "[UPDATE: Count=0, Max=0, Min=9223372036854775807, Avg=NaN, 90=0, 99=0, 99.9=0, 99.99=0] ");
    assertThat(sb.substring(m.end())).isEqualTo("; 42.0% done; warming up");
  }

  @Test
  void extrasAfterALineEndingInItsSeparatorAddNoSecondOne() {
    StringBuilder sb = StatusLine.head("", "D", 3, 10, 1, -1);
    StatusLine.appendExtras(sb, List.of("warming up"));
    assertThat(sb).hasToString("D 3 sec: 10 operations; 1 current ops/sec; warming up");
  }
}
