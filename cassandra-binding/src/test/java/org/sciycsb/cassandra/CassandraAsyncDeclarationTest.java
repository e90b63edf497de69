package org.sciycsb.cassandra;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.sciycsb.api.AsyncDb;
import org.sciycsb.engine.Benchmark;

/** The binding says it sends asynchronously, its DB has the calls, and the engine's refusal message names it. */
class CassandraAsyncDeclarationTest {
  @Test
  void declaredImplementedAndNamed() {
    assertThat(new CassandraBinding().supportsAsync()).isTrue();
    assertThat(AsyncDb.class).isAssignableFrom(CassandraDb.class);
    assertThat(Benchmark.ASYNC_BINDINGS.split(", ")).contains("cassandra");
    assertThat(new CassandraBinding().supportsAsync(org.sciycsb.api.access.SubjectTimeline.class)).isTrue();
    assertThat(org.sciycsb.api.access.AsyncSubjectTimeline.class).isAssignableFrom(CassandraSubjectTimeline.class);
    assertThat(Benchmark.ASYNC_ACCESS_PATH_BINDINGS.split(", ")).contains("cassandra");
    assertThat(new CassandraBinding().supportsAsync(org.sciycsb.api.access.DocumentStore.class)).isTrue();
    assertThat(org.sciycsb.api.access.AsyncDocumentStore.class).isAssignableFrom(CassandraDocumentStore.class);
  }
}
