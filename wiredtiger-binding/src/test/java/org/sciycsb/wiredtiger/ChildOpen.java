package org.sciycsb.wiredtiger;

import java.nio.file.Path;
import java.util.Map;
import org.sciycsb.api.BenchmarkException;

/**
 * A second process on a data folder, for {@link WiredTigerBadInputTest}: opens the binding on {@code args[0]} and
 * prints "opened", or the refusal's line and exit code as bin/ycsb would show them.
 */
public final class ChildOpen {
  private ChildOpen() {}

  public static void main(String[] args) throws Exception {
    Path dir = Path.of(args[0]);
    try (WiredTigerRun run = Runs.open(dir.getParent(), Map.of("wiredtiger.dir", dir.toString()))) {
      System.out.println("opened");
    } catch (BenchmarkException e) {
      System.out.println("error: " + e.getMessage());
      System.out.println("exit " + e.exitCode());
    }
  }
}
