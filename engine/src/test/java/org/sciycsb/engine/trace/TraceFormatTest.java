package org.sciycsb.engine.trace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import site.ycsb.ByteIterator;
import site.ycsb.StringByteIterator;

/** Record lines: any table, key or field name survives the trip through a line, and bad lines are refused. */
class TraceFormatTest {
  private static final List<String> ODD = List.of("plain", "with space", "a,b", "k:v", "100%", "*", "-", "",
      "tab\there", "new\nline", "ünïcødé", "%41", "user-1");

  @Test
  void oddNamesSurviveEveryOperation() throws Exception {
    for (String name : ODD) {
      StringBuilder b = new StringBuilder();
      TraceFormat.escape(b, name);
      assertThat(b.toString()).as("'%s' escaped", name).doesNotContain(" ", ",", ":", "\n", "\t");
      assertThat(TraceFormat.unescape(b.toString())).as("'%s' back", name).isEqualTo(name);

      Map<String, ByteIterator> values = new LinkedHashMap<>();
      values.put(name, new StringByteIterator("x".repeat(7)));
      values.put("f2", new StringByteIterator(""));
      for (char op : new char[] {'R', 'S', 'U', 'I', 'D'}) {
        StringBuilder line = new StringBuilder("m 12 ").append(op).append(' ');
        TraceFormat.escape(line, name);
        line.append(' ');
        TraceFormat.escape(line, name);
        switch (op) {
          case 'R' -> TraceFormat.fieldSet(line.append(' '), new LinkedHashSet<>(List.of(name, "f2")));
          case 'S' -> TraceFormat.fieldSet(line.append(" 5 "), null);
          case 'U', 'I' -> TraceFormat.values(line.append(' '), values);
          default -> { }
        }
        TraceRecord r = TraceFormat.parse(line.toString());
        assertThat(r.op()).isEqualTo(op);
        assertThat(r.table()).as("table '%s' in %s", name, op).isEqualTo(name);
        assertThat(r.key()).isEqualTo(name);
        assertThat(r.intended()).isEqualTo(12);
        assertThat(r.line()).as("the record writes the line it was read from").isEqualTo(line.toString());
        if (op == 'R' || op == 'U' || op == 'I') {
          assertThat(r.fields()).containsExactly(name, "f2");
        }
        if (op == 'U' || op == 'I') {
          assertThat(r.lengths()).containsExactly(7, 0);
        }
        if (op == 'S') {
          assertThat(r.fields()).as("all fields").isNull();
          assertThat(r.count()).isEqualTo(5);
        }
      }
    }
  }

  @Test
  void anEmptyFieldSetIsNotAllFields() throws Exception {
    assertThat(TraceFormat.parse("w - R t k -").fields()).isEmpty();
    assertThat(TraceFormat.parse("w - R t k *").fields()).isNull();
    assertThat(TraceFormat.parse("w - R t k %2A").fields()).containsExactly("*");
    assertThat(TraceFormat.parse("w - I t k -").fields()).isEmpty();
  }

  @Test
  void badLinesAreRefused() {
    for (String bad : new String[] {"", "m - R t", "x - R t k *", "m - Q t k *", "m -5 R t k *", "m - R t k * extra",
        "m - U t k f", "m - U t k f:-1", "m - S t k many *", "m - R t%4 k *", "m - R t%zz k *"}) {
      assertThatThrownBy(() -> TraceFormat.parse(bad)).as("'%s'", bad).isInstanceOf(TraceFormat.BadLine.class);
    }
  }
}
