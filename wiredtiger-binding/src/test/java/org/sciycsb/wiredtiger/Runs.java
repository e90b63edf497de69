package org.sciycsb.wiredtiger;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.sciycsb.api.BenchmarkException;
import org.sciycsb.api.Config;
import org.sciycsb.api.Phase;
import org.sciycsb.api.RunContext;

/** Opening the binding as the engine does, and a folder's state (to check that a refused open left it as it was). */
final class Runs {
  private Runs() {}

  static WiredTigerRun open(Path work, Map<String, String> extra) throws BenchmarkException {
    Map<String, String> props = TestProps.small();
    props.putAll(extra);
    return WiredTigerRun.open(new RunContext(new Config(props), Phase.LOAD, 1, work, work,
        new PrintStream(System.err, true)));
  }

  /** Every file under the folder with its size and modification time. */
  static Map<String, String> state(Path dir) {
    Map<String, String> out = new TreeMap<>();
    if (!Files.exists(dir)) {
      return out;
    }
    try (Stream<Path> s = Files.walk(dir)) {
      for (Path p : s.toList()) {
        out.put(dir.relativize(p).toString(), Files.size(p) + " " + Files.getLastModifiedTime(p).toMillis());
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out;
  }
}
