package org.sciycsb.workloads;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.sciycsb.api.Config;

/** The key cache: bounded by the records, by coreworkload.keycache and by the heap the JVM may use. */
class KeyNamesTest {
  private static final long MIB = 1L << 20;

  @Test
  void aSmallHeapKeepsAnEighthOfItInKeys() throws Exception {
    // a study's embedded store runs its client at -Xmx64m; 885,837 records (seed 002's 256GB at scale 0.0033)
    // once filled about 57 MB of a 64 MiB heap with cached keys and the load ran out of memory
    KeyNames k = KeyNames.of(new Config(Map.of()), 885_837, 64 * MIB);
    assertThat(k.cacheSize()).isEqualTo(64 * MIB / 8 / KeyNames.KEY_BYTES).isEqualTo(116_508);
  }

  @Test
  void aLargeHeapIsBoundedByTheRecordsAndTheOption() throws Exception {
    assertThat(KeyNames.of(new Config(Map.of()), 885_837, 6L << 30).cacheSize()).isEqualTo(885_837);
    assertThat(KeyNames.of(new Config(Map.of()), 5_000_000, 6L << 30).cacheSize()).isEqualTo(1_000_000);
    assertThat(KeyNames.of(new Config(Map.of("coreworkload.keycache", "0")), 100, 6L << 30).cacheSize()).isZero();
  }

  @Test
  void keysPastTheCacheAreTheSameKeys() throws Exception {
    KeyNames small = KeyNames.of(new Config(Map.of()), 10_000, 8 * 1024 * KeyNames.KEY_BYTES);
    KeyNames none = KeyNames.of(new Config(Map.of("coreworkload.keycache", "0")), 10_000, 6L << 30);
    assertThat(small.cacheSize()).isEqualTo(1024);
    for (long n : new long[] {0, 1, 1023, 1024, 5_000, 9_999}) {
      assertThat(small.buildKeyName(n)).isEqualTo(none.buildKeyName(n)).isEqualTo(small.buildKeyName(n))
          .startsWith("user");
    }
  }

  @Test
  void aCachedKeyCostsNoMoreThanItsBudget() {
    // "user" + the widest key number (19 digits) is 23 Latin-1 characters; on a 64-bit JVM with compressed
    // references: the String 24 bytes, its byte[] 16 + 23 rounded up to 40, the cache's slot 4
    String widest = "user" + Long.MAX_VALUE;
    long bytes = 24 + align(16 + widest.length()) + 4;
    assertThat(bytes).isLessThanOrEqualTo(KeyNames.KEY_BYTES);
  }

  private static long align(long n) {
    return (n + 7) / 8 * 8;
  }
}
