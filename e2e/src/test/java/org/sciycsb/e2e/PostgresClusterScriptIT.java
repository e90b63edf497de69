package org.sciycsb.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * bin/lib/postgres-cluster.sh's {@code replaced_binary}: the check with which {@code bin/servers start postgres} and
 * {@code start mongodb} restart a PostgreSQL server whose executable a package upgrade replaced since it started
 * (seen here: mongodb's setup upgraded postgresql-15 under the running jdbc test server, whose new sessions then
 * failed with "could not load library plpgsql.so: undefined symbol"). Checked on a process started from a copy of
 * {@code sleep} that is then deleted, as dpkg replaces a binary.
 */
class PostgresClusterScriptIT {
  @TempDir Path tmp;

  @Test
  void aProcessWhoseExecutableWasReplacedIsRecognised() throws Exception {
    Path exe = Files.copy(Path.of("/bin/sleep"), tmp.resolve("postgres"));
    exe.toFile().setExecutable(true);
    Process p = new ProcessBuilder(exe.toString(), "60").start();
    try {
      assertThat(replaced(p.pid())).as("the executable is still on disk").isFalse();
      Files.delete(exe);
      assertThat(replaced(p.pid())).as("the executable was deleted after the process started").isTrue();
      assertThat(replaced(Long.MAX_VALUE)).as("no such process").isFalse();
    } finally {
      p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
    }
  }

  private static boolean replaced(long pid) throws Exception {
    Process sh = new ProcessBuilder("bash", "-c", ". \"$0\"; replaced_binary \"$1\"",
        Launcher.HOME.resolve("bin/lib/postgres-cluster.sh").toString(), Long.toString(pid)).inheritIO().start();
    assertThat(sh.waitFor(30, TimeUnit.SECONDS)).isTrue();
    return sh.exitValue() == 0;
  }
}
