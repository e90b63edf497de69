package org.sciycsb.checkpoint;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sciycsb.testkit.InProcessRun;

/**
 * The checkpoint workload end to end in-process (InProcessRun) on the embedded store, with tiny D and I: the
 * results hold the overhead and the CHECKPOINT percentiles, the store holds each task's status document.
 */
class CheckpointJdbcTest {
  @TempDir
  static Path tmp;
  private static String oldHome;

  @BeforeAll
  static void home() {
    oldHome = System.getProperty("sciycsb.home");
    System.setProperty("sciycsb.home", tmp.toString());
  }

  @AfterAll
  static void restore() {
    if (oldHome == null) {
      System.clearProperty("sciycsb.home");
    } else {
      System.setProperty("sciycsb.home", oldHome);
    }
  }

  static String url(String db) {
    return "jdbc:h2:file:" + tmp.resolve(db).resolve("ck");
  }

  /** The grid's workload file, shrunk: 2 KB payloads, D = 0.6 s, I = 0.2 s (3 checkpoints per task). */
  static InProcessRun cli(String db, String results, String... more) {
    List<String> a = new ArrayList<>(List.of("run", "jdbc", "-P", "../../workloads/checkpoint-i10-64k",
        "-p", "db.url=" + url(db), "-p", "checkpoint.duration=600ms", "-p", "checkpoint.interval=200ms",
        "-p", "checkpoint.size=2048", "-p", "fieldlength=2048", "-p", "table=ck", "-p", "status.interval=1",
        "-p", "results.dir=" + tmp.resolve(results)));
    a.addAll(List.of(more));
    return InProcessRun.run(a.toArray(new String[0]));
  }

  static long rows(String db, String where) throws Exception {
    try (Connection c = DriverManager.getConnection(url(db), "sa", "");
        Statement st = c.createStatement();
        ResultSet rs = st.executeQuery("SELECT COUNT(*) FROM ck" + where)) {
      rs.next();
      return rs.getLong(1);
    }
  }

  @Test
  void tasksWriteTheirStatusAndTheOverheadIsReported() throws Exception {
    // 5 tasks on 3 workers: two waves, each thread with a client of its own
    InProcessRun c = cli("db1", "run1", "-threads", "3", "-p", "checkpoint.tasks=5");
    assertThat(c.exit).as(c.toString()).isZero();
    JsonNode j = InProcessRun.results(tmp.resolve("run1"));
    JsonNode ck = j.path("extra").path("checkpoint");
    assertThat(ck.path("tasks").asInt()).isEqualTo(5);
    assertThat(ck.path("waves").asInt()).isEqualTo(2);
    assertThat(ck.path("checkpointsPerTask").asInt()).isEqualTo(3);
    assertThat(ck.path("tasksFinished").asInt()).isEqualTo(5);
    assertThat(ck.path("tasksIncomplete").asInt()).isZero();
    assertThat(ck.path("checkpointsWritten").asLong()).isEqualTo(15);
    assertThat(ck.path("checkpointsFailed").asLong()).isZero();
    assertThat(ck.path("bytesWritten").asLong()).isEqualTo(15 * 2048);
    // two waves of D = 0.6 s at least; the overhead is what the writes and late wake-ups added
    double app = ck.path("applicationTimeS").asDouble();
    assertThat(app).isGreaterThanOrEqualTo(1.2);
    JsonNode o = ck.path("overhead");
    assertThat(o.path("jobS").asDouble()).isGreaterThanOrEqualTo(0).isCloseTo(app - 1.2,
        org.assertj.core.data.Offset.offset(1e-6));
    assertThat(o.path("taskMinS").asDouble()).isPositive();
    assertThat(o.path("taskP50S").asDouble()).isBetween(o.path("taskMinS").asDouble(), o.path("taskMaxS").asDouble());
    assertThat(o.path("writesMeanS").asDouble()).isPositive().isLessThanOrEqualTo(o.path("taskMeanS").asDouble());

    // the engine's measured operations: percentiles, OVERALL without the composite TASK_OVERHEAD
    assertThat(c.text("CHECKPOINT", "Operations")).isEqualTo("15");
    assertThat(c.text("CHECKPOINT", "Return=OK")).isEqualTo("15");
    assertThat(c.text("TASK_START", "Operations")).isEqualTo("5");
    assertThat(c.text("TASK_OVERHEAD", "Operations")).isEqualTo("5");
    assertThat(c.text("OVERALL", "Operations")).isEqualTo("20");
    assertThat(c.text("UPDATE", "Operations")).as("store calls are not counted twice").isNull();
    JsonNode checkpoint = op(j, "CHECKPOINT");
    assertThat(checkpoint.path("response").path("p95").asDouble()).isPositive();
    assertThat(checkpoint.path("response").path("p99").asDouble())
        .isGreaterThanOrEqualTo(checkpoint.path("response").path("p50").asDouble());
    // TASK_OVERHEAD's values are the tasks' overheads: its max is the slowest task's (3 significant digits)
    assertThat(op(j, "TASK_OVERHEAD").path("response").path("max").asDouble() / 1e6)
        .isCloseTo(o.path("taskMaxS").asDouble(), org.assertj.core.data.Percentage.withPercentage(0.2));
    long inSeries = 0;
    for (JsonNode p : j.path("timeseries")) {
      inSeries += p.path("ops").path("CHECKPOINT").path("count").asLong();
    }
    assertThat(inSeries).isEqualTo(15);
    assertThat(Files.readString(tmp.resolve("run1").resolve("latency.hlog"), StandardCharsets.UTF_8))
        .contains("Tag=CHECKPOINT.response,").contains("Tag=TASK_OVERHEAD.response,");

    // connections: the shared client and one per thread; H2 counts the same sessions
    JsonNode conn = j.path("metadata").path("connections");
    assertThat(conn.path("mode").asText()).isEqualTo("perthread");
    assertThat(conn.path("clients").asInt()).isEqualTo(4);
    assertThat(conn.path("clientOpened").asLong()).isEqualTo(4); // the admin connection and one per thread
    assertThat(conn.path("server").path("max").asLong()).isEqualTo(4);

    // the store: one status document per task, at its last checkpoint, with the payload
    assertThat(rows("db1", "")).isEqualTo(5);
    assertThat(rows("db1", " WHERE field0 LIKE '%;checkpoint=3/3;state=done;%'")).isEqualTo(5);
    String expected = new String(CheckpointWorkload.payload(1, 2048), StandardCharsets.US_ASCII);
    try (Connection db = DriverManager.getConnection(url("db1"), "sa", "");
        Statement st = db.createStatement();
        ResultSet rs = st.executeQuery("SELECT YCSB_KEY, field1 FROM ck ORDER BY YCSB_KEY")) {
      List<String> keys = new ArrayList<>();
      while (rs.next()) {
        keys.add(rs.getString(1));
        assertThat(rs.getString(2)).isEqualTo(expected);
      }
      assertThat(keys).containsExactly("task0", "task1", "task2", "task3", "task4");
    }

    // a rerun registers the same tasks again (update), and a second client's tasks come after them
    InProcessRun again = cli("db1", "run2", "-threads", "2", "-p", "checkpoint.firsttask=3");
    assertThat(again.exit).as(again.toString()).isZero();
    JsonNode ck2 = InProcessRun.results(tmp.resolve("run2")).path("extra").path("checkpoint");
    assertThat(ck2.path("taskStartsFailed").asLong()).isZero();
    assertThat(ck2.path("checkpointsWritten").asLong()).isEqualTo(6);
    assertThat(rows("db1", "")).isEqualTo(5);
  }

  @Test
  void insertModeWritesADocumentPerCheckpointAndSharedConnectionsAreReported() throws Exception {
    InProcessRun c = cli("db2", "ins", "-threads", "2", "-p", "checkpoint.mode=insert", "-p", "connections=shared");
    assertThat(c.exit).as(c.toString()).isZero();
    assertThat(rows("db2", "")).isEqualTo(6);
    assertThat(c.text("TASK_START", "Operations")).isNull();
    assertThat(c.text("OVERALL", "Operations")).isEqualTo("6");
    JsonNode conn = InProcessRun.results(tmp.resolve("ins")).path("metadata").path("connections");
    assertThat(conn.path("mode").asText()).isEqualTo("shared");
    assertThat(conn.path("clients").asInt()).isEqualTo(1);
    assertThat(conn.path("clientOpened").asLong()).isEqualTo(3);
  }

  /**
   * checkpoint.connect=checkpoint (seed 000's workers): every write opens a client and connection of its own and
   * closes it, so the connections opened are the writes plus the threads' and the admin one, and every write is
   * still stored.
   */
  @Test
  void aConnectionPerCheckpoint() throws Exception {
    InProcessRun c = cli("db5", "conn", "-threads", "2", "-p", "checkpoint.connect=checkpoint");
    assertThat(c.exit).as(c.toString()).isZero();
    JsonNode j = InProcessRun.results(tmp.resolve("conn"));
    JsonNode ck = j.path("extra").path("checkpoint");
    assertThat(ck.path("checkpointsWritten").asLong()).isEqualTo(6);
    assertThat(ck.path("checkpointsFailed").asLong()).isZero();
    assertThat(ck.path("taskStartsFailed").asLong()).isZero();
    // 2 TASK_START writes (update, then insert: one connection each) + 6 checkpoints, + admin + 2 threads
    JsonNode conn = j.path("metadata").path("connections");
    assertThat(conn.path("clientOpened").asLong()).isEqualTo(2 * 2 + 6 + 3);
    assertThat(rows("db5", " WHERE field0 LIKE '%;checkpoint=3/3;state=done;%'")).isEqualTo(2);
    InProcessRun shared = cli("db5", "conn-shared", "-threads", "2", "-p", "checkpoint.connect=checkpoint", "-p",
        "connections=shared");
    assertThat(shared.exit).as(shared.toString()).isZero();
  }

  @Test
  void noIntervalIsTheBaselineWithoutWrites() throws Exception {
    InProcessRun c = cli("db3", "base", "-threads", "2", "-p", "checkpoint.interval=0");
    assertThat(c.exit).as(c.toString()).isZero();
    JsonNode ck = InProcessRun.results(tmp.resolve("base")).path("extra").path("checkpoint");
    assertThat(ck.path("checkpointsPerTask").asInt()).isZero();
    assertThat(ck.path("checkpointsWritten").asLong()).isZero();
    assertThat(ck.path("tasksFinished").asInt()).isEqualTo(2);
    assertThat(c.text("CHECKPOINT", "Operations")).isNull();
    assertThat(c.text("TASK_START", "Operations")).as("no status document at all").isNull();
    assertThat(ck.path("overhead").path("writesMeanS").asDouble()).isZero();
  }

  @Test
  void badSettingsEndWithOneClearLine() {
    InProcessRun small = cli("db4", "bad1", "-p", "fieldlength=100");
    assertThat(small.exit).as(small.toString()).isEqualTo(2);
    assertThat(small.err).contains("checkpoint.size (2048 bytes) needs fieldlength >= 2048");
    InProcessRun idle = cli("db4", "bad2", "-threads", "4", "-p", "checkpoint.tasks=2");
    assertThat(idle.exit).isEqualTo(2);
    assertThat(idle.err).contains("checkpoint.tasks (2) is less than threadcount (4)");
    InProcessRun load = InProcessRun.run("load", "jdbc", "-P", "../../workloads/checkpoint-i10-64k", "-p",
        "db.url=" + url("db4"),
        "-p", "results.dir=" + tmp.resolve("bad3"));
    assertThat(load.exit).isEqualTo(2);
    assertThat(load.err).contains("nothing to load");
    InProcessRun target = cli("db4", "bad4", "-target", "100");
    assertThat(target.exit).isEqualTo(2);
    assertThat(target.err).contains("-target does not apply");
  }

  static JsonNode op(JsonNode results, String name) {
    for (JsonNode o : results.path("operations")) {
      if (o.path("name").asText().equals(name)) {
        return o;
      }
    }
    throw new AssertionError("no operation " + name + " in " + results.path("operations"));
  }
}
