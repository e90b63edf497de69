package org.sciycsb.bindings;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.sciycsb.engine.Benchmark;
import org.sciycsb.engine.config.Registry;

/** The engine's list of asynchronous bindings matches those on this classpath that say so (basic). */
class BasicAsyncDeclarationTest {
  @Test
  void everyAsynchronousBindingHereIsNamedInTheEnginesList() {
    for (org.sciycsb.api.Binding b : Registry.bindings()) {
      if (b.supportsAsync() && !b.name().startsWith("test-")) {
        assertThat(Benchmark.ASYNC_BINDINGS.split(", ")).as(b.name()).contains(b.name());
      }
    }
    assertThat(new BasicBinding().supportsAsync()).isTrue();
  }
}
