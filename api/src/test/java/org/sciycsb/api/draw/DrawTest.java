package org.sciycsb.api.draw;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** The parts of the generators that upstream's equivalence test (engine) cannot see. */
class DrawTest {
  @Test
  void seededRandomIsSplitMix64AndTheSameOnEveryJvm() {
    // SplitMix64's published first outputs for seed 0 (Vigna's reference implementation)
    SeededRandom r = new SeededRandom(0);
    assertThat(r.nextLong()).isEqualTo(0xe220a8397b1dcdafL);
    assertThat(r.nextLong()).isEqualTo(0x6e789e6aa1b965f4L);
    assertThat(SeededRandom.key(42, 0, 1, 3)).as("a stream's start depends on every path element")
        .isNotEqualTo(SeededRandom.key(42, 0, 1, 2)).isNotEqualTo(SeededRandom.key(42, 1, 0, 3))
        .isNotEqualTo(SeededRandom.key(43, 0, 1, 3));
  }

  @Test
  void boundedDrawsAreUniform() {
    SeededRandom r = new SeededRandom(7);
    long[] counts = new long[3];
    for (int i = 0; i < 300_000; i++) {
      counts[(int) r.nextLong(3)]++;
    }
    for (long c : counts) {
      assertThat(c).isBetween(98_500L, 101_500L); // 100,000 expected, sd about 260
    }
    assertThat(r.nextDouble()).isBetween(0.0, 1.0);
  }

  @Test
  void zetaOfTenBillionItemsIsYcsbsConstant() {
    assertThat(Zipfian.zeta(ScrambledZipfian.ITEM_COUNT, 0.99)).as("Euler-Maclaurin tail")
        .isCloseTo(ScrambledZipfian.ZETAN, within(1e-9));
    double exact = 0;
    for (long i = 1; i <= 3_000_000; i++) {
      exact += 1 / Math.pow(i, 0.8);
    }
    assertThat(Zipfian.zeta(3_000_000, 0.8)).isCloseTo(exact, within(exact * 1e-12));
  }

  @Test
  void aRandomValueIsAFunctionOfItsSeed() {
    RandomValue v = new RandomValue(123, 1000);
    byte[] a = v.toArray();
    assertThat(a).hasSize(1000);
    assertThat(v.copy().toArray()).isEqualTo(a);
    assertThat(new RandomValue(124, 1000).toArray()).isNotEqualTo(a);
    RandomValue bytewise = new RandomValue(123, 1000);
    for (int i = 0; i < 1000; i++) {
      assertThat(bytewise.nextByte()).isEqualTo(a[i]);
    }
    assertThat(bytewise.hasNext()).isFalse();
    RandomValue mixed = new RandomValue(123, 1000);
    byte[] m = new byte[1000];
    for (int i = 0; i < 4; i++) {
      m[i] = mixed.nextByte();
    }
    assertThat(mixed.nextBuf(m, 4)).isEqualTo(1000);
    assertThat(m).as("four bytes one by one, then the rest at once").isEqualTo(a);
    mixed.reset();
    assertThat(mixed.toArray()).as("after reset").isEqualTo(a);
    for (byte b : a) {
      assertThat(b).isBetween((byte) ' ', (byte) (' ' + 95));
    }
  }

  @Test
  void threadKeysTogetherAreTheWarmupsThenTheMeasuredRange() {
    java.util.Set<Long> all = new java.util.TreeSet<>();
    for (int t = 0; t < 3; t++) {
      ThreadKeys k = new ThreadKeys(100, t, 3, 7);
      long n = org.sciycsb.api.Shares.share(7, 3, t) + org.sciycsb.api.Shares.share(20, 3, t);
      for (long j = 0; j < n; j++) {
        assertThat(all.add(k.next())).isTrue();
      }
    }
    assertThat(all).hasSize(27).first().isEqualTo(100L);
    assertThat(all).last().isEqualTo(126L);
  }
}
