package org.sciycsb.riak;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import site.ycsb.ByteIterator;
import site.ycsb.StringByteIterator;

class RecordCodecTest {
  final RecordCodec codec = new RecordCodec();

  @Test
  void roundTripAndProjection() throws Exception {
    Map<String, String> in = new LinkedHashMap<>();
    in.put("field0", "a\"b\\c");
    in.put("field1", "x y");
    Map<String, ByteIterator> values = new LinkedHashMap<>();
    in.forEach((k, v) -> values.put(k, new StringByteIterator(v)));
    byte[] json = codec.encode(values);
    assertThat(new String(json, StandardCharsets.UTF_8)).isEqualTo("{\"field0\":\"a\\\"b\\\\c\",\"field1\":\"x y\"}");
    assertThat(codec.decode(json, null)).isEqualTo(in);
    Map<String, ByteIterator> out = new HashMap<>();
    codec.decodeInto(json, Set.of("field1", "field9"), out);
    assertThat(StringByteIterator.getStringMap(out)).containsOnlyKeys("field1").containsEntry("field1", "x y");
  }

  @Test
  void foreignValuesAreRejected() {
    assertThatThrownBy(() -> codec.decode("[1]".getBytes(StandardCharsets.UTF_8), null))
        .isInstanceOf(IOException.class);
    assertThatThrownBy(() -> codec.decode("{\"a\":{}}".getBytes(StandardCharsets.UTF_8), null))
        .isInstanceOf(IOException.class);
    assertThatThrownBy(() -> codec.decode(new byte[] {0, 1, 2}, null)).isInstanceOf(IOException.class);
  }
}
