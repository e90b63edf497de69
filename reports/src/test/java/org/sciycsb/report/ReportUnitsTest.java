package org.sciycsb.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.sciycsb.api.ConfigException;

/** The small parts: SLA key parsing, span unions, tags, formats (the help: the command line's ReportHelpTest). */
class ReportUnitsTest {
  @Test
  void slaKeysAndValues() throws Exception {
    List<Sla.Check> c = Sla.parse(Map.of("sla.read.p999", "2.5", "sla.UPDATE.errors", "1%", "sla.throughput", "10",
        "sla.SCAN.max", "1s", "other", "x"));
    assertThat(c).hasSize(4);
    Sla.Check read = c.stream().filter(x -> x.op().equals("READ")).findFirst().orElseThrow();
    assertThat(read.metric()).isEqualTo("p99.9");
    assertThat(read.limit()).as("a bare number is milliseconds, limits are in us").isEqualTo(2500.0);
    assertThat(c.stream().filter(x -> x.metric().equals("errors")).findFirst().orElseThrow().limit())
        .isEqualTo(0.01);
    assertThat(c.stream().filter(x -> x.op().equals("SCAN")).findFirst().orElseThrow().limit()).isEqualTo(1e6);
    assertThatThrownBy(() -> Sla.parse(Map.of("sla.READ", "5ms"))).isInstanceOf(ConfigException.class)
        .hasMessageContaining("sla.<OPERATION>.<metric>");
    assertThatThrownBy(() -> Sla.parse(Map.of("sla.READ.errors", "2"))).isInstanceOf(ConfigException.class)
        .hasMessageContaining("error rate");
    assertThatThrownBy(() -> Sla.parse(Map.of("sla.throughput", "-1"))).isInstanceOf(ConfigException.class);
  }

  @Test
  void unionOfSpans() {
    assertThat(Merge.unionLength(List.of(new long[] {0, 60}, new long[] {0, 60}))).isEqualTo(60);
    assertThat(Merge.unionLength(List.of(new long[] {0, 60}, new long[] {60, 120}))).isEqualTo(120);
    assertThat(Merge.unionLength(List.of(new long[] {100, 150}, new long[] {0, 60}, new long[] {30, 70})))
        .isEqualTo(120);
  }

  @Test
  void tags() {
    assertThat(Hlog.TagParts.of("READ-MODIFY-WRITE-FAILED.service"))
        .isEqualTo(new Hlog.TagParts("READ-MODIFY-WRITE", true, true));
    assertThat(Hlog.TagParts.of("OVERALL.response")).isEqualTo(new Hlog.TagParts("OVERALL", false, false));
  }

  @Test
  void formats() {
    assertThat(Fmt.us(850)).isEqualTo("850us");
    assertThat(Fmt.us(12_345)).isEqualTo("12.35ms");
    assertThat(Fmt.pct(200, 150)).isEqualTo("-25%");
  }
}
