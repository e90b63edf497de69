package org.sciycsb.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class ByteSizeTest {
  @ParameterizedTest
  @CsvSource({"4096, 4096", "0, 0", "512k, 524288", "512K, 524288", "256m, 268435456", "256M, 268435456",
      "3g, 3221225472", "3G, 3221225472", "3GiB, 3221225472", "3gib, 3221225472", "3GB, 3000000000",
      "3gb, 3000000000", "1MB, 1000000", "1KiB, 1024", "2T, 2199023255552", "1p, 1125899906842624", "100B, 100",
      "1.5g, 1610612736", "0.5k, 512", "'256 MiB', 268435456", "' 32M ', 33554432", "007, 7", "1.0G, 1073741824"})
  void readsTheFormsPeopleWrite(String text, long bytes) {
    assertThat(ByteSize.parse(text)).isEqualTo(bytes);
  }

  @ParameterizedTest
  @ValueSource(strings = {"", "abc", "3x", "-1", "3gig", "1.5", "3iB", "99999999999999999999", "9000000P", "g"})
  void refusesWhatIsNotASize(String text) {
    assertThatThrownBy(() -> ByteSize.parse(text)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("size");
  }

  @Test
  void formatsInTheLargestExactBinaryUnit() {
    assertThat(ByteSize.format(128L << 20)).isEqualTo("128MiB");
    assertThat(ByteSize.format(1536L << 10)).isEqualTo("1536KiB");
    assertThat(ByteSize.format(65_536)).isEqualTo("64KiB");
    assertThat(ByteSize.format(1000)).isEqualTo("1000");
    assertThat(ByteSize.format(0)).isEqualTo("0");
    assertThat(ByteSize.parse(ByteSize.format(3L << 30))).isEqualTo(3L << 30);
  }

  @Test
  void anOptionOfSizesSaysWhatItExpectsInOneLine() throws ConfigException {
    Option<Long> o = Option.bytes("x.size", 1L << 20, "a size");
    assertThat(o.defaultText()).isEqualTo("1MiB");
    assertThat(o.type()).isEqualTo("size");
    assertThat(o.parse("3g")).isEqualTo(3L << 30);
    assertThatThrownBy(() -> o.parse("3q")).isInstanceOf(ConfigException.class)
        .hasMessage("bad value for x.size: '3q': expected a size: " + ByteSize.FORMS);
  }

  /** A value that fails one of an option's checks is told that one, not the list of every check it has. */
  @Test
  void aFailedCheckNamesOnlyTheRuleItBroke() throws ConfigException {
    Option<Long> o = Option.bytes("x.cache", null, "a cache").check(v -> v >= 1L << 20, "must be at least 1MiB")
        .check(v -> v % 2 == 0, "must be even");
    assertThat(o.parse("2m")).isEqualTo(2L << 20);
    assertThatThrownBy(() -> o.parse("100k")).hasMessage("bad value for x.cache: '100k' must be at least 1MiB");
    assertThatThrownBy(() -> o.parse("1048577")).hasMessage("bad value for x.cache: '1048577' must be even");
  }
}
