package org.sciycsb.hdfs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.PrintStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.sciycsb.api.BindingException;
import org.sciycsb.api.BindingRun;
import org.sciycsb.api.Config;
import org.sciycsb.api.ConfigException;
import org.sciycsb.api.Phase;
import org.sciycsb.api.RunContext;
import org.sciycsb.testkit.TestServers;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;

/** Against the server of {@code bin/servers start hdfs}; fails when it is not running. */
@Tag("server-hdfs")
class HdfsBindingIT {
  static final String URL = url();
  static final String BASE = "/sciycsb-it-" + System.nanoTime();

  static String url() {
    return TestServers.hdfs();
  }

  static RunContext context(Phase phase, String... kv) throws Exception {
    Map<String, String> m = new HashMap<>();
    m.put("hdfs.url", URL);
    m.put("hdfs.basepath", BASE);
    for (int i = 0; i < kv.length; i += 2) {
      m.put(kv[i], kv[i + 1]);
    }
    Path dir = Files.createTempDirectory("hdfs-it");
    return new RunContext(new Config(m), phase, 2, dir, dir, new PrintStream(System.err, true));
  }

  static Map<String, ByteIterator> record(int i) {
    Map<String, ByteIterator> r = new LinkedHashMap<>();
    for (int f = 0; f < 3; f++) {
      r.put("field" + f, new StringByteIterator("v" + i + "-" + f + (f == 2 ? "\tx=y\n" : "")));
    }
    return r;
  }

  @AfterAll
  static void removeBase() throws Exception {
    try (FileSystem fs = FileSystem.newInstance(new URI(URL), new Configuration())) {
      fs.delete(new org.apache.hadoop.fs.Path(BASE), true);
    }
  }

  @Test
  void loadsCountsReadsAndScans() throws Exception {
    String table = "t1";
    try (BindingRun run = new HdfsBinding().open(context(Phase.LOAD))) {
      DB a = run.newDb(0);
      DB b = run.newDb(1);
      a.init();
      b.init();
      for (int i = 0; i < 100; i++) {
        assertThat((i % 2 == 0 ? a : b).insert(table, "user" + i, record(i))).isEqualTo(Status.OK);
      }
      a.cleanup();
      b.cleanup();
      assertThat(run.count(table)).hasValue(100);
      assertThat(run.storeInfo().product()).isEqualTo("HDFS");
      assertThat(run.storeInfo().details()).containsEntry("liveDatanodes", "1");
    }
    try (BindingRun run = new HdfsBinding().open(context(Phase.RUN))) {
      DB db = run.newDb(0);
      db.init();
      Map<String, ByteIterator> out = new HashMap<>();
      assertThat(db.read(table, "user7", null, out)).isEqualTo(Status.OK);
      assertThat(out).hasSize(3);
      assertThat(out.get("field2").toString()).isEqualTo("v7-2\tx=y\n");
      out.clear();
      assertThat(db.read(table, "user8", Set.of("field1"), out)).isEqualTo(Status.OK);
      assertThat(out).containsOnlyKeys("field1");
      assertThat(out.get("field1").toString()).isEqualTo("v8-1");
      assertThat(db.read(table, "nobody", null, new HashMap<>())).isEqualTo(Status.NOT_FOUND);

      // thread 0's file holds the even keys in order, then thread 1's file the odd ones
      Vector<HashMap<String, ByteIterator>> scanned = new Vector<>();
      assertThat(db.scan(table, "user94", 5, Set.of("field0"), scanned)).isEqualTo(Status.OK);
      assertThat(scanned).extracting(r -> r.get("field0").toString())
          .containsExactly("v94-0", "v96-0", "v98-0", "v1-0", "v3-0");
      assertThat(db.scan(table, "nobody", 5, null, new Vector<>())).isEqualTo(Status.NOT_FOUND);

      assertThat(db.update(table, "user1", record(1))).isEqualTo(Status.NOT_IMPLEMENTED);
      assertThat(db.delete(table, "user1")).isEqualTo(Status.NOT_IMPLEMENTED);
      db.cleanup();
    }
  }

  @Test
  void readWithoutIndexIsNotImplemented() throws Exception {
    try (BindingRun run = new HdfsBinding().open(context(Phase.RUN, "hdfs.index", "false"))) {
      DB db = run.newDb(0);
      assertThat(db.read("t1", "user1", null, new HashMap<>())).isEqualTo(Status.NOT_IMPLEMENTED);
      assertThat(db.scan("t1", "user1", 2, null, new Vector<>())).isEqualTo(Status.NOT_IMPLEMENTED);
    }
  }

  @Test
  void emptyTableCountsZero() throws Exception {
    try (BindingRun run = new HdfsBinding().open(context(Phase.RUN))) {
      assertThat(run.count("absent")).hasValue(0);
    }
  }

  @Test
  void unreachableServerIsABindingException() throws Exception {
    RunContext ctx = context(Phase.LOAD, "hdfs.url", "hdfs://127.0.0.1:1");
    assertThatThrownBy(() -> new HdfsBinding().open(ctx)).isInstanceOf(BindingException.class)
        .hasMessageContaining("hdfs://127.0.0.1:1").hasMessageContaining("not reachable");
  }

  @Test
  void badOptionsAreConfigExceptions() throws Exception {
    RunContext ctx = context(Phase.LOAD, "hdfs.blocksize", "1000");
    assertThatThrownBy(() -> new HdfsBinding().open(ctx)).isInstanceOf(ConfigException.class)
        .hasMessageContaining("hdfs.blocksize");
    RunContext ctx2 = context(Phase.LOAD, "hdfs.basepath", "relative");
    assertThatThrownBy(() -> new HdfsBinding().open(ctx2)).isInstanceOf(ConfigException.class)
        .hasMessageContaining("hdfs.basepath");
  }
}
