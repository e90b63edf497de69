package org.sciycsb.mongodb;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.sciycsb.api.AsyncDb;
import org.sciycsb.engine.Benchmark;

/** The binding says it sends asynchronously, its DB has the calls, and the engine's refusal message names it. */
class MongoDbAsyncDeclarationTest {
  @Test
  void declaredImplementedAndNamed() {
    assertThat(new MongoDbBinding().supportsAsync()).isTrue();
    assertThat(AsyncDb.class).isAssignableFrom(MongoDbClient.class);
    assertThat(Benchmark.ASYNC_BINDINGS.split(", ")).contains("mongodb");
    assertThat(new MongoDbBinding().supportsAsync(org.sciycsb.api.access.SubjectTimeline.class)).isTrue();
    assertThat(org.sciycsb.api.access.AsyncSubjectTimeline.class).isAssignableFrom(MongoDbSubjectTimeline.class);
    assertThat(Benchmark.ASYNC_ACCESS_PATH_BINDINGS.split(", ")).contains("mongodb");
    assertThat(new MongoDbBinding().supportsAsync(org.sciycsb.api.access.DocumentStore.class)).isTrue();
    assertThat(org.sciycsb.api.access.AsyncDocumentStore.class).isAssignableFrom(MongoDbDocumentStore.class);
  }
}
