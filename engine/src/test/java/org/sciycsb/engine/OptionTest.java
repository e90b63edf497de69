package org.sciycsb.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.sciycsb.api.Config;
import org.sciycsb.api.ConfigException;
import org.sciycsb.api.Option;
import org.sciycsb.api.Secrets;
import org.sciycsb.engine.config.EngineOptions;

class OptionTest {
  @Test
  void typedValuesAndDefaults() throws Exception {
    Config c = new Config(Map.of("operationcount", "5_000_000_000", "warmuptime", "1500ms"));
    assertThat(c.get(EngineOptions.OPERATION_COUNT)).isEqualTo(5_000_000_000L);
    assertThat(c.get(EngineOptions.WARMUP_TIME)).isEqualTo(Duration.ofMillis(1500));
    assertThat(c.get(EngineOptions.THREADS)).isEqualTo(1);
  }

  @Test
  void durationsTakeUnitsAndBareNumbers() throws Exception {
    Option<Duration> d = Option.duration("x", Duration.ZERO, "s", "d");
    assertThat(d.parse("10")).isEqualTo(Duration.ofSeconds(10));
    assertThat(d.parse("2m")).isEqualTo(Duration.ofMinutes(2));
    assertThat(d.parse("250us")).isEqualTo(Duration.ofNanos(250_000));
    assertThatThrownBy(() -> d.parse("10 parsecs")).isInstanceOf(ConfigException.class)
        .hasMessageContaining("unknown time unit 'parsecs'");
    assertThat(Option.formatDuration(Duration.ofMillis(1500))).isEqualTo("1500ms");
  }

  @Test
  void booleansAreStrict() {
    Option<Boolean> b = Option.bool("flag", false, "f");
    assertThatThrownBy(() -> b.parse("maybe")).hasMessageContaining("bad value for flag: 'maybe'");
  }

  @Test
  void secretsAreMaskedInMessagesAndMaps() {
    Option<String> pw = Option.string("db.passwd", null, "p").secret().check(v -> v.length() > 3, "is too short");
    assertThatThrownBy(() -> pw.parse("abc")).hasMessageNotContaining("abc").hasMessageContaining("*****");
    assertThat(Secrets.maskText("mongodb://alice:s3cret@host:27017/db?authSource=admin"))
        .isEqualTo("mongodb://alice:*****@host:27017/db?authSource=admin");
    assertThat(Secrets.maskText("jdbc:postgresql://h/db?user=u&password=s3cret&ssl=true"))
        .doesNotContain("s3cret");
    assertThat(Secrets.mask(Map.of("db.passwd", "x", "cassandra.password", "y", "db.url", "jdbc:h2:mem"),
        Set.of("db.passwd"))).containsEntry("db.passwd", "*****").containsEntry("cassandra.password", "*****")
        .containsEntry("db.url", "jdbc:h2:mem");
  }
}
