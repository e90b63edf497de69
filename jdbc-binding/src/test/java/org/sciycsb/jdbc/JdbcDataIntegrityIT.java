package org.sciycsb.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sciycsb.testkit.InProcessRun;

/** {@code dataintegrity=true} end to end on the embedded store: every value read back is the value written. */
class JdbcDataIntegrityIT {
  @TempDir
  Path tmp;

  @Test
  void valuesReadAreVerified() {
    String url = "db.url=jdbc:h2:file:" + tmp.resolve("h2/db");
    InProcessRun load = InProcessRun.run("load", "jdbc", "-P", "../workloads/workloada", "-p", url, "-p",
        "recordcount=500",
        "-p", "dataintegrity=true", "-p", "results.dir=" + tmp.resolve("load"));
    assertThat(load.exit).as(load.toString()).isZero();
    InProcessRun run = InProcessRun.run("run", "jdbc", "-P", "../workloads/workloada", "-p", url, "-p",
        "recordcount=500",
        "-p", "operationcount=2000", "-p", "dataintegrity=true", "-threads", "2",
        "-p", "results.dir=" + tmp.resolve("run"));
    assertThat(run.exit).as(run.toString()).isZero();
    assertThat(run.text("VERIFY", "Return=OK")).isEqualTo(run.text("READ", "Operations"));
    assertThat(run.text("VERIFY", "Return=UNEXPECTED_STATE")).isNull();
    assertThat(run.text("VERIFY", "Return=ERROR")).isNull();
  }
}
