package org.sciycsb.engine;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.sciycsb.api.ConfigException;

/**
 * Questions to this checkout's test servers, {@code bin/servers <action> <server>} under {@code sciycsb.home}: how
 * many nodes a running server has (a kill-node fault's check), the PIDs of its processes
 * ({@code resources.pids=servers:<name>}). A server that is not running, or no {@code bin/servers} (a release), is
 * a {@link ConfigException}: one line, exit 2, before the run starts.
 */
public final class ServersScript {
  private ServersScript() {}

  /** {@code bin/servers} of this checkout. */
  public static Path path() {
    return Path.of(System.getProperty("sciycsb.home", ".")).resolve("bin").resolve("servers");
  }

  /**
   * The lines {@code bin/servers <action> <server>} printed on success.
   *
   * @param what the setting that asks, for the error line (e.g. "fault.server=cassandra@cluster3")
   */
  public static List<String> ask(String action, String server, String what) throws ConfigException {
    Path script = path();
    if (!Files.isExecutable(script)) {
      throw new ConfigException(what + " acts on this checkout's test servers through " + script + ", which is not"
          + " there");
    }
    try {
      Process p = new ProcessBuilder(script.toString(), action, server).redirectError(ProcessBuilder.Redirect.PIPE)
          .start();
      String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
      String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8).strip();
      int exit = p.waitFor(1, TimeUnit.MINUTES) ? p.exitValue() : -1;
      if (exit != 0 || out.isEmpty()) {
        String last = err.lines().reduce((a, b) -> b).orElse("exit " + exit);
        throw new ConfigException(what + ": " + server + " is not a running test server (bin/servers " + action + " "
            + server + ": " + last + ")");
      }
      return out.lines().map(String::strip).filter(l -> !l.isEmpty()).toList();
    } catch (IOException e) {
      throw new ConfigException(what + ": cannot run " + script + ": " + e.getMessage());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new ConfigException(what + ": interrupted while asking " + script + " about " + server);
    }
  }
}
