package org.sciycsb.study.server;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** How a client's cap is shared by the JVM, the embedded store's cache and the page cache. */
class MemoryBudgetTest {
  @Test
  void aNativeCacheGetsHalfOfWhatTheJvmLeaves() {
    MemoryBudget b = MemoryBudget.of(320L << 20, false);
    assertThat(b.cacheBytes()).isEqualTo(80L << 20);
    assertThat(b.xmx()).isEqualTo("-Xmx64m");
    assertThat(b.pageCacheBytes()).isEqualTo(80L << 20);
    assertThat(b.heapBytes() + b.jvmNativeBytes() + b.cacheBytes() + b.pageCacheBytes()).isEqualTo(320L << 20);
  }

  @Test
  void aHeapCacheIsAddedToTheHeap() {
    MemoryBudget b = MemoryBudget.of(1L << 30, true);
    assertThat(b.cacheBytes()).isEqualTo(432L << 20);
    assertThat(b.xmx()).isEqualTo("-Xmx496m");
    assertThat(b.pageCacheBytes()).isEqualTo(432L << 20);
  }

  @Test
  void aCapBelowTheJvmsNeedsStillGivesWiredTigersMinimum() {
    assertThat(MemoryBudget.of(100L << 20, false).cacheBytes()).isEqualTo(1L << 20);
  }

  @Test
  void theEmbeddedEntriesNameTheirKeys() throws Exception {
    EmbeddedStore wt = EmbeddedStore.of("wiredtiger").orElseThrow();
    assertThat(wt.dirKey()).isEqualTo("wiredtiger.dir");
    assertThat(wt.cacheKey()).isEqualTo("wiredtiger.cache_size");
    assertThat(wt.cacheInHeap()).isFalse();
    assertThat(wt.props("/m/x", 5L << 20)).containsEntry("wiredtiger.dir", "/m/x")
        .containsEntry("wiredtiger.cache_size", Long.toString(5L << 20));
    EmbeddedStore h2 = EmbeddedStore.of("jdbc").orElseThrow();
    assertThat(h2.cacheInHeap()).isTrue();
    assertThat(h2.props("/m/y", 8L << 20)).containsEntry("db.url", "jdbc:h2:file:/m/y/study;CACHE_SIZE=8192");
    assertThat(EmbeddedStore.of("cassandra")).isEmpty();
  }
}
