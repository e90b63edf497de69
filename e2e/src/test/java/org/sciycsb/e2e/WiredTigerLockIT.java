package org.sciycsb.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two client processes on one WiredTiger data folder: the second gets one line naming the process that holds it
 * (WiredTiger's lock) and exit 3; the first goes on to the end of its run, and the folder
 * then holds everything it wrote (the post-load count check, and a read of every record).
 */
class WiredTigerLockIT {
  @TempDir
  Path tmp;

  @Test
  void aSecondProcessOnTheFolderIsRefusedInOneLineAndTheFirstIsUnharmed() throws Exception {
    Path data = tmp.resolve("wt");
    String[] common = {"-P", "workloads/workloada", "-p", "wiredtiger.dir=" + data, "-p",
        "wiredtiger.cache_size=64m", "-p", "wiredtiger.journal.file_max=1m"};
    // the first: a load of 20,000 records at 1,000 a second, so that it holds the folder for about 20 s
    Launcher.Running first = Launcher.start(tmp, "first", Map.of(), "ycsb", concat(new String[] {"load",
        "wiredtiger", "-threads", "1", "-target", "1000", "-s", "-p", "status.interval=1", "-p",
        "recordcount=20000", "-p", "results.dir=" + tmp.resolve("first")}, common));
    long deadline = System.nanoTime() + Duration.ofMinutes(5).toNanos();
    while (!first.errSoFar().contains("current ops/sec")) {
      assertThat(first.process.isAlive()).as("the first run is going: %s", first.errSoFar()).isTrue();
      assertThat(System.nanoTime()).as("the first run's first status line").isLessThan(deadline);
      Thread.sleep(100);
    }

    Launcher.Result second = Launcher.ycsb(tmp, concat(new String[] {"run", "wiredtiger", "-p",
        "operationcount=100", "-p", "results.dir=" + tmp.resolve("second")}, common));
    assertThat(second.exit()).as(second.toString()).isEqualTo(3);
    assertThat(second.errorLines()).as(second.toString()).hasSize(1);
    assertThat(second.errorLines().get(0)).contains(data.toString()).contains("in use")
        .contains("process " + first.process.pid());
    assertThat(second.err()).doesNotContain("\tat ").doesNotContain("Exception");

    Launcher.Result done = first.await(Duration.ofMinutes(5));
    assertThat(done.exit()).as(done.toString()).isZero();
    assertThat(done.text("INSERT", "Operations")).isEqualTo("20000");
    assertThat(Launcher.json(tmp.resolve("first/results.json")).path("extra").path("countCheck").asText())
        .isEqualTo("ok");
    Launcher.Result read = Launcher.ycsb(tmp, concat(new String[] {"run", "wiredtiger", "-threads", "1", "-p",
        "recordcount=20000", "-p", "operationcount=20000", "-p", "readproportion=1", "-p", "updateproportion=0",
        "-p", "requestdistribution=sequential", "-p", "results.dir=" + tmp.resolve("read")}, common));
    assertThat(read.exit()).as(read.toString()).isZero();
    assertThat(read.text("READ", "Return=OK")).as("every record the first run wrote").isEqualTo("20000");
  }

  private static String[] concat(String[] a, String[] b) {
    String[] r = java.util.Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, r, a.length, b.length);
    return r;
  }
}
