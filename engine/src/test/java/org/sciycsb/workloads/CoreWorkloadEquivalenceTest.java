package org.sciycsb.workloads;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.Vector;
import org.junit.jupiter.api.Test;
import org.sciycsb.api.BindingRun;
import org.sciycsb.api.Config;
import org.sciycsb.api.Meter;
import org.sciycsb.api.Operation;
import org.sciycsb.api.Phase;
import org.sciycsb.api.RunContext;
import org.sciycsb.api.StoreInfo;
import org.sciycsb.api.ThreadContext;
import org.sciycsb.api.WorkloadContext;
import org.sciycsb.api.WorkloadThread;
import org.sciycsb.measure.OperationRegistry;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;

/**
 * Our CoreWorkload against upstream's: the same properties must give the same operation mix, key distribution,
 * field choice, scan lengths and load keys. Distributions are compared by total variation distance between the two
 * empirical distributions, with a bound well above sampling noise and well below the distance between two
 * different request distributions (checked too, so the comparison can fail).
 */
class CoreWorkloadEquivalenceTest {
  static final int OPS = 600_000;

  /** Records what a workload asks of the store. */
  static final class Recorder extends DB {
    final Map<String, Long> ops = new HashMap<>();
    final Map<String, Long> keys = new HashMap<>();
    final Map<String, Long> fields = new HashMap<>();
    final List<String> inserted = new ArrayList<>();
    /** Value lengths; with {@link #bytesToo} also every value byte (read through the iterator). */
    final Map<String, Long> lengths = new HashMap<>();
    final Map<String, Long> bytes = new HashMap<>();
    static boolean bytesToo;
    long scanLengthSum;
    long scans;

    private void values(Map<String, ByteIterator> v) {
      for (ByteIterator b : v.values()) {
        if (bytesToo) {
          byte[] a = b.toArray();
          lengths.merge(Integer.toString(a.length), 1L, Long::sum);
          for (byte x : a) {
            bytes.merge(Byte.toString(x), 1L, Long::sum);
          }
        } else {
          lengths.merge(Long.toString(b.bytesLeft()), 1L, Long::sum);
        }
      }
    }

    private void op(String name, String key) {
      ops.merge(name, 1L, Long::sum);
      keys.merge(key, 1L, Long::sum);
    }

    @Override
    public Status read(String t, String k, Set<String> f, Map<String, ByteIterator> r) {
      op("READ", k);
      if (f != null) {
        f.forEach(x -> fields.merge(x, 1L, Long::sum));
      }
      return Status.OK;
    }

    @Override
    public Status scan(String t, String k, int n, Set<String> f, Vector<HashMap<String, ByteIterator>> r) {
      op("SCAN", k);
      scanLengthSum += n;
      scans++;
      return Status.OK;
    }

    @Override
    public Status update(String t, String k, Map<String, ByteIterator> v) {
      op("UPDATE", k);
      v.keySet().forEach(x -> fields.merge(x, 1L, Long::sum));
      values(v);
      return Status.OK;
    }

    @Override
    public Status insert(String t, String k, Map<String, ByteIterator> v) {
      op("INSERT", k);
      inserted.add(k);
      assertThat(v).hasSize(10);
      values(v);
      return Status.OK;
    }

    @Override
    public Status delete(String t, String k) {
      op("DELETE", k);
      return Status.OK;
    }
  }

  static Map<String, String> props(String... kv) {
    Map<String, String> m = new HashMap<>();
    m.put("recordcount", "1000");
    m.put("operationcount", Integer.toString(OPS));
    for (int i = 0; i < kv.length; i += 2) {
      m.put(kv[i], kv[i + 1]);
    }
    return m;
  }

  static Recorder upstream(Map<String, String> m, boolean load, int n) throws Exception {
    Properties p = new Properties();
    p.putAll(m);
    site.ycsb.measurements.Measurements.setProperties(p);
    site.ycsb.workloads.CoreWorkload w = new site.ycsb.workloads.CoreWorkload();
    w.init(p);
    Object state = w.initThread(p, 0, 1);
    Recorder db = new Recorder();
    for (int i = 0; i < n; i++) {
      if (load) {
        w.doInsert(db, state);
      } else {
        w.doTransaction(db, state);
      }
    }
    return db;
  }

  static Recorder ours(Map<String, String> m, boolean load, int n) throws Exception {
    Config cfg = new Config(m);
    OperationRegistry reg = new OperationRegistry();
    RunContext rc = new RunContext(cfg, load ? Phase.LOAD : Phase.RUN, 1, Path.of("."), Path.of("."),
        new PrintStream(System.err));
    BindingRun run = new BindingRun() {
      @Override
      public DB newDb(int threadId) {
        return null;
      }

      @Override
      public StoreInfo storeInfo() {
        return StoreInfo.of("x", "y");
      }

      @Override
      public void close() {}
    };
    CoreWorkload w = new CoreWorkload();
    w.init(new WorkloadContext() {
      @Override
      public RunContext run() {
        return rc;
      }

      @Override
      public BindingRun binding() {
        return run;
      }

      @Override
      public Operation operation(String name, boolean composite) {
        return reg.register(name, composite);
      }
    });
    Recorder db = new Recorder();
    Meter meter = new Meter() {
      @Override
      public long intendedStartNanos() {
        return 0;
      }

      @Override
      public void record(Operation op, long s, long e, Status st) {}
    };
    WorkloadThread t = w.newThread(new ThreadContext(0, 1, db, meter, run));
    for (int i = 0; i < n; i++) {
      if (load) {
        t.doInsert();
      } else {
        t.doTransaction();
      }
    }
    return db;
  }

  static double tvd(Map<String, Long> a, Map<String, Long> b) {
    double na = a.values().stream().mapToLong(Long::longValue).sum();
    double nb = b.values().stream().mapToLong(Long::longValue).sum();
    java.util.Set<String> all = new java.util.HashSet<>(a.keySet());
    all.addAll(b.keySet());
    double d = 0;
    for (String k : all) {
      d += Math.abs(a.getOrDefault(k, 0L) / na - b.getOrDefault(k, 0L) / nb);
    }
    return d / 2;
  }

  @Test
  void workloadAZipfianMatches() throws Exception {
    Map<String, String> m = props("readproportion", "0.5", "updateproportion", "0.5", "requestdistribution",
        "zipfian");
    Recorder up = upstream(m, false, OPS);
    Recorder us = ours(m, false, OPS);
    assertThat(tvd(up.ops, us.ops)).as("operation mix").isLessThan(0.005);
    assertThat(tvd(up.keys, us.keys)).as("key distribution").isLessThan(0.03);
    assertThat(tvd(up.fields, us.fields)).as("field choice").isLessThan(0.01);
    assertThat(up.keys.keySet()).as("the same key names").containsAll(topKeys(us.keys, 20));
    // the comparison has teeth: uniform requests are far from zipfian ones (about 0.2, five times the tolerance)
    Recorder uniform = ours(props("readproportion", "0.5", "updateproportion", "0.5"), false, OPS);
    assertThat(tvd(up.keys, uniform.keys)).isGreaterThan(0.15);
  }

  @Test
  void workloadEScansMatch() throws Exception {
    Map<String, String> m = props("readproportion", "0", "scanproportion", "0.95", "insertproportion", "0.05",
        "requestdistribution", "zipfian", "maxscanlength", "100", "updateproportion", "0");
    Recorder up = upstream(m, false, OPS / 3);
    Recorder us = ours(m, false, OPS / 3);
    assertThat(tvd(up.ops, us.ops)).isLessThan(0.005);
    assertThat((double) us.scanLengthSum / us.scans).isCloseTo((double) up.scanLengthSum / up.scans,
        org.assertj.core.data.Offset.offset(1.0));
    assertThat(us.inserted.subList(0, 50)).isEqualTo(up.inserted.subList(0, 50));
  }

  @Test
  void workloadDLatestMatches() throws Exception {
    // ordered keys, so that reads can be grouped by record number: the newest records are read the most
    Map<String, String> m = props("readproportion", "0.95", "insertproportion", "0.05", "updateproportion", "0",
        "requestdistribution", "latest", "insertorder", "ordered");
    Recorder up = upstream(m, false, OPS);
    Recorder us = ours(m, false, OPS);
    assertThat(tvd(up.ops, us.ops)).isLessThan(0.005);
    assertThat(tvd(byThousand(up.keys), byThousand(us.keys))).isLessThan(0.02);
    Recorder zipf = ours(props("readproportion", "0.95", "insertproportion", "0.05", "updateproportion", "0",
        "requestdistribution", "zipfian", "insertorder", "ordered"), false, OPS);
    assertThat(tvd(byThousand(up.keys), byThousand(zipf.keys))).isGreaterThan(0.2);
  }

  @Test
  void workloadFAndUniformAndOneFieldReadsMatch() throws Exception {
    Map<String, String> m = props("readproportion", "0.5", "readmodifywriteproportion", "0.5",
        "updateproportion", "0", "readallfields", "false");
    Recorder up = upstream(m, false, OPS);
    Recorder us = ours(m, false, OPS);
    assertThat(tvd(up.ops, us.ops)).isLessThan(0.005);
    assertThat(tvd(up.keys, us.keys)).isLessThan(0.04);
    assertThat(tvd(up.fields, us.fields)).isLessThan(0.01);
  }

  @Test
  void hotspotMatches() throws Exception {
    Map<String, String> m = props("requestdistribution", "hotspot");
    assertThat(tvd(upstream(m, false, OPS).keys, ours(m, false, OPS).keys)).isLessThan(0.04);
  }

  @Test
  void loadInsertsTheSameKeysInTheSameOrder() throws Exception {
    Map<String, String> m = props("insertstart", "100", "insertcount", "500");
    assertThat(ours(m, true, 500).inserted).isEqualTo(upstream(m, true, 500).inserted);
    Map<String, String> ordered = props("insertorder", "ordered", "zeropadding", "8");
    List<String> keys = ours(ordered, true, 3).inserted;
    assertThat(keys).containsExactly("user00000000", "user00000001", "user00000002")
        .isEqualTo(upstream(ordered, true, 3).inserted);
  }

  @Test
  void exponentialAndSequentialKeysMatch() throws Exception {
    Map<String, String> m = props("requestdistribution", "exponential", "insertorder", "ordered");
    Recorder up = upstream(m, false, OPS / 2);
    assertThat(tvd(up.keys, ours(m, false, OPS / 2).keys)).as("exponential keys").isLessThan(0.04);
    assertThat(tvd(up.keys, ours(props("insertorder", "ordered"), false, OPS / 2).keys)).as("against uniform")
        .isGreaterThan(0.2);
    Map<String, String> seq = props("requestdistribution", "sequential", "readproportion", "1",
        "updateproportion", "0", "insertorder", "ordered", "recordcount", "30");
    assertThat(ours(seq, false, 70).keys).isEqualTo(upstream(seq, false, 70).keys);
  }

  @Test
  void fieldLengthsScanLengthsAndValueBytesMatch(@org.junit.jupiter.api.io.TempDir Path tmp) throws Exception {
    Path hist = tmp.resolve("hist.txt");
    java.nio.file.Files.writeString(hist, "BlockSize\t8\n0\t5\n1\t20\n2\t0\n3\t75\n");
    for (String[] d : new String[][] {{"fieldlengthdistribution", "uniform"}, {"fieldlengthdistribution", "zipfian"},
        {"fieldlengthdistribution", "histogram", "fieldlengthhistogram", hist.toString()}}) {
      String[] kv = new String[d.length + 4];
      System.arraycopy(d, 0, kv, 0, d.length);
      System.arraycopy(new String[] {"readproportion", "0", "updateproportion", "1"}, 0, kv, d.length, 4);
      Map<String, String> m = props(kv);
      Recorder up = upstream(m, false, OPS / 4);
      Recorder us = ours(m, false, OPS / 4);
      assertThat(tvd(up.lengths, us.lengths)).as(d[1] + " value lengths").isLessThan(0.03);
    }
    Map<String, String> zipfScans = props("readproportion", "0", "updateproportion", "0", "scanproportion", "1",
        "scanlengthdistribution", "zipfian", "maxscanlength", "100");
    Recorder up = upstream(zipfScans, false, OPS / 4);
    Recorder us = ours(zipfScans, false, OPS / 4);
    assertThat((double) us.scanLengthSum / us.scans).as("mean zipfian scan length")
        .isCloseTo((double) up.scanLengthSum / up.scans, org.assertj.core.data.Offset.offset(0.5));
    Recorder.bytesToo = true;
    try {
      Map<String, String> m = props("readproportion", "0", "updateproportion", "1", "fieldlength", "1000");
      Recorder upBytes = upstream(m, false, 2000);
      Recorder usBytes = ours(m, false, 2000);
      assertThat(usBytes.bytes.keySet()).as("the value alphabet").isEqualTo(upBytes.bytes.keySet());
      assertThat(tvd(upBytes.bytes, usBytes.bytes)).as("value byte frequencies").isLessThan(0.01);
      assertThat(usBytes.lengths).containsOnlyKeys("1000");
    } finally {
      Recorder.bytesToo = false;
    }
  }

  private static Map<String, Long> byThousand(Map<String, Long> keys) {
    Map<String, Long> out = new HashMap<>();
    keys.forEach((k, n) -> out.merge(Long.toString(Long.parseLong(k.substring(4)) / 1000), n, Long::sum));
    return out;
  }

  private static List<String> topKeys(Map<String, Long> m, int n) {
    return m.entrySet().stream().sorted((a, b) -> Long.compare(b.getValue(), a.getValue())).limit(n)
        .map(Map.Entry::getKey).toList();
  }
}
