package org.sciycsb.study.report;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Field paths into a results document. */
class FieldsTest {
  @Test
  void fieldPathsSelectOperationsByName() throws Exception {
    var j = new com.fasterxml.jackson.databind.ObjectMapper().readTree(
        "{\"summary\":{\"throughput\":5},\"operations\":[{\"name\":\"OVERALL\",\"response\":{\"p95\":1}},"
            + "{\"name\":\"READ\",\"response\":{\"p95\":7.5}}],\"extra\":{\"a.b\":1}}");
    assertThat(Fields.number(j, "summary.throughput")).isEqualTo(5);
    assertThat(Fields.number(j, "operations[READ].response.p95")).isEqualTo(7.5);
    assertThat(Fields.number(j, "operations[UPDATE].response.p95")).isNaN();
  }
}
