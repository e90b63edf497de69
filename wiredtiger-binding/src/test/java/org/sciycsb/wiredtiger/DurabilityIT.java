package org.sciycsb.wiredtiger;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The embedded store's durability, tested for real: a client process ({@link DurabilityChild}) inserting as fast as
 * it can is killed with SIGKILL, and a new process opens the folder (WiredTiger's recovery) and reads every key back.
 * What the parent saw acknowledged ({@code ok N} printed after the binding returned OK) is what must survive: all of
 * it with the journal synced at each commit; all but the last interval's with the background flush; up to the last
 * checkpoint with the journal off, as the binding says at open.
 */
class DurabilityIT {
  private static final int ACKED_BEFORE_KILL = 3000;

  @TempDir
  Path tmp;

  /** A child process's output, read as it comes, with when each acknowledgement was read. */
  static final class Child {
    final Process process;
    final Map<Long, Long> ackedAtNanos = new ConcurrentHashMap<>();
    final List<String> lines = java.util.Collections.synchronizedList(new ArrayList<>());
    final Thread reader;
    final Path stderr;

    Child(Process process, Path stderr) {
      this.process = process;
      this.stderr = stderr;
      this.reader = new Thread(() -> {
        try (BufferedReader r = new BufferedReader(new InputStreamReader(process.getInputStream(),
            StandardCharsets.UTF_8))) {
          for (String l = r.readLine(); l != null; l = r.readLine()) {
            if (l.startsWith("ok ")) {
              ackedAtNanos.put(Long.parseLong(l.substring(3)), System.nanoTime());
            } else {
              lines.add(l);
            }
          }
        } catch (java.io.IOException e) {
          lines.add("read failed: " + e);
        }
      });
      reader.start();
    }

    void waitForAcks(int n) throws InterruptedException {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(180);
      while (ackedAtNanos.size() < n) {
        assertThat(process.isAlive()).as("the child died early: %s %s", lines, err()).isTrue();
        assertThat(System.nanoTime()).as("%d acknowledged inserts within 180 s", n).isLessThan(deadline);
        Thread.sleep(20);
      }
    }

    /** SIGKILL (Process.destroyForcibly on Linux), then the rest of its output. */
    long kill() throws InterruptedException {
      long at = System.nanoTime();
      process.destroyForcibly();
      assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
      reader.join(60_000);
      assertThat(process.exitValue()).as("killed by SIGKILL").isEqualTo(137);
      return at;
    }

    int finish() throws InterruptedException {
      assertThat(process.waitFor(180, TimeUnit.SECONDS)).as("the child ends").isTrue();
      reader.join(60_000);
      return process.exitValue();
    }

    String err() {
      try {
        return Files.readString(stderr);
      } catch (java.io.IOException e) {
        return "";
      }
    }
  }

  private Child start(String... args) throws Exception {
    List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-Xmx256m", "-cp", System.getProperty("java.class.path"),
        "-Djava.library.path=" + System.getProperty("java.library.path"), DurabilityChild.class.getName()));
    cmd.addAll(List.of(args));
    Path err = Files.createTempFile(tmp, "child", ".err");
    Process p = new ProcessBuilder(cmd).redirectError(err.toFile()).start();
    return new Child(p, err);
  }

  private String dir() {
    return "wiredtiger.dir=" + tmp.resolve("data");
  }

  private static final String[] SMALL = {"wiredtiger.cache_size=64m", "wiredtiger.journal.file_max=1m"};

  private String[] args(String mode, String... more) {
    List<String> a = new ArrayList<>(List.of(mode));
    a.addAll(List.of(more));
    a.add(dir());
    a.addAll(List.of(SMALL));
    return a.toArray(String[]::new);
  }

  /** Reopens the folder in a new process: the keys it holds, and what WiredTiger said while recovering. */
  private Set<Long> reopen(List<String> said) throws Exception {
    Child c = start(args("count", "wiredtiger.config=verbose=[recovery]"));
    assertThat(c.finish()).as("the reopening process: %s", c.err()).isZero();
    said.addAll(c.lines);
    return c.lines.stream().filter(l -> l.startsWith("present ")).map(l -> Long.parseLong(l.substring(8)))
        .collect(Collectors.toCollection(TreeSet::new));
  }

  @Test
  void journalSyncedAtEachCommitKeepsEveryAcknowledgedInsert() throws Exception {
    // no checkpoint during the run: what survives, survives through the log's replay
    Child c = start(args("insert", "-1", "wiredtiger.journal.sync=commit", "wiredtiger.checkpoint.wait=0"));
    c.waitForAcks(ACKED_BEFORE_KILL);
    c.kill();
    Set<Long> acked = c.ackedAtNanos.keySet();
    List<String> said = new ArrayList<>();
    Set<Long> present = reopen(said);
    assertThat(present).as("every acknowledged insert is there").containsAll(acked);
    // WiredTiger's own verbose=[recovery] lines: "txn-recover: Applying op 4 to file 2 at LSN 1/1408"
    assertThat(said).as("WiredTiger replayed its log when the folder was reopened")
        .anyMatch(l -> l.contains("txn-recover: Applying op"));
  }

  @Test
  void backgroundFlushLosesAtMostTheLastInterval() throws Exception {
    Child c = start(args("insert", "-1", "wiredtiger.journal.sync=background", "wiredtiger.journal.interval=100ms",
        "wiredtiger.checkpoint.wait=0"));
    c.waitForAcks(ACKED_BEFORE_KILL);
    long killedAt = c.kill();
    Set<Long> present = reopen(new ArrayList<>());
    // 100 ms is the bound; a second, ten intervals, is the margin for a loaded 2-core host
    List<Long> lostEarly = c.ackedAtNanos.entrySet().stream()
        .filter(e -> killedAt - e.getValue() > TimeUnit.SECONDS.toNanos(1) && !present.contains(e.getKey()))
        .map(Map.Entry::getKey).sorted().toList();
    assertThat(lostEarly).as("inserts acknowledged over a second before the kill are all there").isEmpty();
    assertThat(present).as("nothing that was not written").allMatch(c.ackedAtNanos::containsKey);
  }

  @Test
  void journalOffKeepsWhatTheLastCheckpointHeldAndSaysSo() throws Exception {
    int checkpointAt = 1000;
    Child c = start(args("insert", Integer.toString(checkpointAt), "wiredtiger.journal=false",
        "wiredtiger.checkpoint.wait=0"));
    c.waitForAcks(ACKED_BEFORE_KILL);
    c.kill();
    assertThat(c.lines).contains("checkpointed " + checkpointAt);
    assertThat(c.err()).as("the binding says what a crash loses").contains("journal is off")
        .contains("last checkpoint");
    Set<Long> present = reopen(new ArrayList<>());
    Set<Long> checkpointed = new TreeSet<>();
    for (long n = 0; n <= checkpointAt; n++) {
      checkpointed.add(n);
    }
    assertThat(present).as("everything the checkpoint held is there").containsAll(checkpointed);
    assertThat(present).as("nothing after the checkpoint survives without a journal").isEqualTo(checkpointed);
  }
}
