package org.sciycsb.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Results files go through a temporary file and one atomic rename: a reader never sees half a file. */
class AtomicFilesTest {
  @TempDir
  Path tmp;

  private List<String> names() throws IOException {
    try (Stream<Path> s = Files.list(tmp)) {
      return s.map(p -> p.getFileName().toString()).sorted().toList();
    }
  }

  @Test
  void whileWritingTheTargetKeepsItsOldContentAndTheBytesGoToAHiddenTemporaryFile() throws Exception {
    Path target = tmp.resolve("results.json");
    Files.writeString(target, "{\"old\":true}");
    AtomicFiles.write(target, out -> {
      out.write("{\"new\":".getBytes(StandardCharsets.UTF_8));
      out.flush();
      // half written: the target is untouched, a temporary file beside it holds the bytes so far
      assertThat(Files.readString(target)).isEqualTo("{\"old\":true}");
      assertThat(names()).hasSize(2).anyMatch(n -> n.startsWith(".results.json.") && n.endsWith(".tmp"));
      out.write("true}".getBytes(StandardCharsets.UTF_8));
    });
    assertThat(Files.readString(target)).isEqualTo("{\"new\":true}");
    assertThat(names()).containsExactly("results.json");
  }

  @Test
  void aWriterThatFailsLeavesTheOldFileAndNoTemporaryFile() throws Exception {
    Path target = tmp.resolve("results.txt");
    Files.writeString(target, "old");
    assertThatThrownBy(() -> AtomicFiles.write(target, out -> {
      out.write("partial".getBytes(StandardCharsets.UTF_8));
      throw new IOException("disk full");
    })).hasMessage("disk full");
    assertThat(Files.readString(target)).isEqualTo("old");
    assertThat(names()).containsExactly("results.txt");
  }

  @Test
  void aConcurrentReaderOnlyEverSeesWholeVersions() throws Exception {
    Path target = tmp.resolve("results.json");
    AtomicFiles.write(target, version(0));
    AtomicBoolean done = new AtomicBoolean();
    AtomicLong reads = new AtomicLong();
    Throwable[] failure = new Throwable[1];
    Thread reader = new Thread(() -> {
      while (!done.get()) {
        try {
          String s = Files.readString(target);
          // every version is 'v<n>;' repeated, then 'end': a torn read breaks the pattern
          String unit = s.substring(0, s.indexOf(';') + 1);
          int times = (s.length() - 3) / unit.length();
          if (!s.equals(unit.repeat(times) + "end")) {
            throw new AssertionError("torn read of " + s.length() + " chars");
          }
          reads.incrementAndGet();
        } catch (IOException | RuntimeException e) {
          throw new AssertionError(e);
        }
      }
    });
    reader.setUncaughtExceptionHandler((t, e) -> failure[0] = e);
    reader.start();
    for (int v = 1; v <= 200; v++) {
      AtomicFiles.write(target, version(v));
    }
    done.set(true);
    reader.join();
    assertThat(failure[0]).as("the reader saw a half-written file").isNull();
    assertThat(reads.get()).isPositive();
    assertThat(names()).containsExactly("results.json");
  }

  private static String version(int v) {
    return ("v" + v + ";").repeat(5000 + v) + "end";
  }
}
