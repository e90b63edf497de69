package org.sciycsb.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

/** The store's name in reports, from a results file's {@code metadata.store}. */
class StoreLabelTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void detailsLabelFirstThenProductAndVersionElseNothing() throws Exception {
    assertThat(ResultData.storeLabel(JSON.readTree("{\"product\":\"FerretDB\",\"version\":\"v1.24.0\",\"details\":"
        + "{\"label\":\"FerretDB 1.24.0 on PostgreSQL, NOT MongoDB\"}}")))
        .isEqualTo("FerretDB 1.24.0 on PostgreSQL, NOT MongoDB");
    assertThat(ResultData.storeLabel(JSON.readTree("{\"product\":\"Apache Cassandra\",\"version\":\"5.0.9\","
        + "\"details\":{}}"))).isEqualTo("Apache Cassandra 5.0.9");
    assertThat(ResultData.storeLabel(JSON.readTree("{\"product\":\"H2\"}"))).isEqualTo("H2");
    assertThat(ResultData.storeLabel(JSON.readTree("{}"))).isNull();
    assertThat(ResultData.storeLabel(JSON.missingNode())).isNull();
  }
}
