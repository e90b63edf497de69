package org.sciycsb.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The engine names no store: no string literal of its main sources holds a store's name (comments may, and
 * {@code project-bindings.properties} holds what the engine says about this project's stores).
 */
class NoStoreNamesTest {
  static final Pattern STORE = Pattern.compile("(?i)\\b(cassandra|hdfs|riak|mongodb|sequoiadb|jdbc)\\b");

  @Test
  void noStringLiteralOfTheEngineNamesAStore() throws IOException {
    List<String> found = new ArrayList<>();
    int literals = 0;
    try (Stream<Path> files = Files.walk(Path.of("src/main/java"))) {
      for (Path f : files.filter(p -> p.toString().endsWith(".java")).sorted().toList()) {
        for (String s : literals(Files.readString(f))) {
          literals++;
          if (STORE.matcher(s).find()) {
            found.add(f + ": \"" + s + "\"");
          }
        }
      }
    }
    assertThat(literals).as("string literals read").isGreaterThan(500);
    assertThat(found).isEmpty();
  }

  @Test
  void literalsAreReadWithoutComments() {
    String src = "String a = \"x // y\"; // \"cassandra\"\n/* \"hdfs\" */ char c = '\"'; char d = '\\'';"
        + " String e = \"q\\\"r\"; String t = \"\"\"\n  riak\n  \"\"\";";
    assertThat(literals(src)).containsExactly("x // y", "q\\\"r", "  riak\n  ");
  }

  /** The contents of the string literals and text blocks of Java source, comments and char literals skipped. */
  static List<String> literals(String src) {
    List<String> out = new ArrayList<>();
    int i = 0;
    int n = src.length();
    while (i < n) {
      char c = src.charAt(i);
      if (src.startsWith("//", i)) {
        i = src.indexOf('\n', i) < 0 ? n : src.indexOf('\n', i);
      } else if (src.startsWith("/*", i)) {
        i = src.indexOf("*/", i + 2) + 2;
      } else if (src.startsWith("\"\"\"", i)) {
        int end = src.indexOf("\"\"\"", i + 3);
        out.add(src.substring(src.indexOf('\n', i) + 1, end));
        i = end + 3;
      } else if (c == '"' || c == '\'') {
        int j = i + 1;
        while (src.charAt(j) != c) {
          j += src.charAt(j) == '\\' ? 2 : 1;
        }
        if (c == '"') {
          out.add(src.substring(i + 1, j));
        }
        i = j + 1;
      } else {
        i++;
      }
    }
    return out;
  }
}
