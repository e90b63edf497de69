package org.sciycsb.hdfs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class RecordFormatTest {
  @Test
  void roundTripsAwkwardCharacters() {
    Map<String, String> f = new LinkedHashMap<>();
    f.put("field0", "a=b\tc\\d\ne\rf");
    f.put("we=ird", "");
    String line = RecordFormat.line("user\t1", f);
    assertThat(line).endsWith("\n").doesNotContain("\t\t");
    assertThat(line.substring(0, line.length() - 1)).doesNotContain("\n");
    String body = line.substring(0, line.length() - 1);
    assertThat(RecordFormat.key(body)).isEqualTo("user\t1");
    assertThat(RecordFormat.fields(body, null)).containsExactlyEntriesOf(f);
    assertThat(RecordFormat.fields(body, Set.of("field0"))).containsOnlyKeys("field0");
  }

  @Test
  void rejectsLinesOfAnotherFormat() {
    assertThatThrownBy(() -> RecordFormat.fields("k\tnoequals", null)).isInstanceOf(IllegalArgumentException.class);
  }
}
