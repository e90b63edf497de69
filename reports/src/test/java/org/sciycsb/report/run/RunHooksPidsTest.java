package org.sciycsb.report.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sciycsb.api.ConfigException;

/** resources.pids: PIDs and pid files (the first line, as PostgreSQL writes it); anything else is one line. */
class RunHooksPidsTest {
  @TempDir
  Path tmp;

  @Test
  void pidsAndPidFiles() throws Exception {
    Path postmaster = Files.writeString(tmp.resolve("postmaster.pid"), "4242\n/var/lib/data\n1700000000\n5433\n");
    assertThat(RunHooks.pids("17, " + postmaster + ",")).containsExactly(17L, 4242L);
    assertThat(RunHooks.pids(null)).isEmpty();
  }

  @Test
  void anythingElseIsOneLine() {
    assertThatThrownBy(() -> RunHooks.pids("12,nosuchfile")).isInstanceOf(ConfigException.class)
        .hasMessage("bad value for resources.pids: 'nosuchfile' is neither a PID nor a readable pid file");
    assertThatThrownBy(() -> RunHooks.pids(tmp.toString())).isInstanceOf(ConfigException.class);
    // no bin/servers where sciycsb.home points (a release; here the module's folder)
    assertThatThrownBy(() -> RunHooks.pids("servers:mongodb")).isInstanceOf(ConfigException.class)
        .hasMessageStartingWith("resources.pids=servers:mongodb acts on this checkout's test servers through");
  }
}
