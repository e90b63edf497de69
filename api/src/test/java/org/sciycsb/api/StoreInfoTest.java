package org.sciycsb.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** What reports name a store by. */
class StoreInfoTest {
  @Test
  void theLabelDetailNamesTheStoreWhenGivenElseProductAndVersion() {
    assertThat(StoreInfo.of("PostgreSQL", "15.18").label()).isEqualTo("PostgreSQL 15.18");
    assertThat(new StoreInfo("FerretDB", "v1.24.0", Map.of(StoreInfo.LABEL,
        "FerretDB 1.24.0 on PostgreSQL, NOT MongoDB", "topology", "standalone")).label())
        .isEqualTo("FerretDB 1.24.0 on PostgreSQL, NOT MongoDB");
    assertThat(new StoreInfo("H2", "2.3", Map.of(StoreInfo.LABEL, " ")).label()).as("a blank label")
        .isEqualTo("H2 2.3");
  }
}
