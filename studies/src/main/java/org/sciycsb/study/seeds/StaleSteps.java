package org.sciycsb.study.seeds;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.sciycsb.api.ConfigException;
import org.sciycsb.study.plan.DataCentres;
import org.sciycsb.study.plan.Plan;
import org.sciycsb.study.plan.Step;
import org.sciycsb.study.plan.StudyContext;
import org.sciycsb.study.plan.StudyProps;

/**
 * Seed 003 on a multi-data-centre cluster ({@code --dcs}): the stale-read steps of one consistency level, not in the
 * paper (it configured consistency, Tables 1-2, and measured only its cost). Per level and per number of copies in
 * each data centre ({@code stale.copies}: the paper's one, and three), in a keyspace of that replication: the core
 * workload of file {@code stale} (half reads, half one-field updates, {@code staleness=true}) twice, once without a
 * fault and once with a node paused (SIGSTOP, then SIGCONT) for a set time of the run, its failed operations part of
 * the experiment; each run on a table of its own, loaded without stamps, so that every read of a key this run wrote
 * is judged. Their sizes ({@code stale.*} of study.properties) are not scaled.
 */
final class StaleSteps {
  private final long records;
  private final int threads;
  private final int readers;
  private final int target;
  private final long seconds;
  private final long pauseAt;
  private final long pauseEnd;
  private final List<Integer> copies;

  private StaleSteps(long records, int threads, int readers, int target, long seconds, long pauseAt, long pauseEnd,
      List<Integer> copies) {
    this.records = records;
    this.threads = threads;
    this.readers = readers;
    this.target = target;
    this.seconds = seconds;
    this.pauseAt = pauseAt;
    this.pauseEnd = pauseEnd;
    this.copies = copies;
  }

  /** The {@code stale.*} settings, checked (read on every plan, so that a wrong one is an error on one server too). */
  static StaleSteps of(StudyProps p) throws ConfigException {
    long records = p.longValue("stale.records");
    int threads = p.ints("stale.threads").get(0);
    int readers = p.ints("stale.readers").get(0);
    int target = p.ints("stale.target").get(0);
    long seconds = p.seconds("stale.seconds");
    List<Long> pause = p.longs("stale.pause");
    List<Integer> copies = p.ints("stale.copies");
    if (readers < 1 || readers >= threads) {
      throw new ConfigException(p.file() + ": stale.readers must be 1 .. stale.threads - 1 (some threads read, the "
          + "others write), got " + readers + " of " + threads);
    }
    if (pause.size() != 2 || pause.get(0) < 1 || pause.get(0) >= pause.get(1) || pause.get(1) >= seconds) {
      throw new ConfigException(p.file() + ": stale.pause must be two seconds of the run, the pause's start and its "
          + "end, 0 < start < end < stale.seconds (" + seconds + "), got " + pause);
    }
    if (copies.isEmpty() || copies.stream().anyMatch(k -> k < 1)) {
      throw new ConfigException(p.file() + ": stale.copies must be copies in each data centre, 1 or more, got "
          + copies);
    }
    return new StaleSteps(records, threads, readers, target, seconds, pause.get(0), pause.get(1), copies);
  }

  /** The copies a data centre holds here: each of stale.copies, at most its nodes, each once. */
  List<Integer> copies(DataCentres dc) {
    Set<Integer> out = new LinkedHashSet<>();
    copies.forEach(k -> out.add(Math.min(k, dc.perDc())));
    return new ArrayList<>(out);
  }

  /** Adds consistency {@code con}'s loads and runs, at read/write levels {@code rw}, for each number of copies. */
  void add(StudyContext c, Plan plan, String con, String[] rw) throws ConfigException {
    DataCentres dc = c.dataCentres;
    String file = c.file("stale");
    for (int k : copies(dc)) {
      String base = con + "/stale/copies-" + k + "/";
      String ks = c.prefix + "sei_stale" + k;
      for (String run : new String[] {"steady", "paused"}) {
        String table = StudyContext.ident(con) + "_" + run;
        String load = base + "load-" + run;
        plan.add(levels(Step.load(load, c.binding).file(file), rw, ks, dc.replication(k)).p("table", table)
            .p("recordcount", records).p("threadcount", 2).p("staleness", false).tag("consistency", con)
            .tag("copies", k).tag("role", "stale-load"));
        Step s = levels(Step.run(base + run, c.binding).file(file), rw, ks, dc.replication(k)).p("table", table)
            .p("recordcount", records).p("operationcount", (long) target * seconds * 2).p("threadcount", threads)
            .p("staleness.readers", readers).p("target", target).p("maxexecutiontime", seconds)
            .tag("consistency", con).tag("copies", k).tag("role", "stale").after(load);
        if (run.equals("paused")) {
          s.p("fault.at", pauseAt + "s").p("fault.action", "pause-node:" + dc.pausedNode())
              .p("fault.server", dc.server()).p("fault.restore", pauseEnd + "s").expectFailures()
              .tag("fault", "pause-node:" + dc.pausedNode());
        } else {
          s.tag("fault", "none");
        }
        plan.add(s);
      }
    }
  }

  private static Step levels(Step s, String[] rw, String keyspace, String replication) {
    return s.p("cassandra.readconsistency", rw[0]).p("cassandra.writeconsistency", rw[1])
        .p("cassandra.keyspace", keyspace).p("cassandra.replication.dcs", replication);
  }

  /** The plan's {@code staleness} parameter: what the steps did, for the report. */
  Map<String, Object> toMap(DataCentres dc) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("records", records);
    m.put("threads", threads);
    m.put("readers", readers);
    m.put("target", target);
    m.put("seconds", seconds);
    m.put("pausedNode", dc.pausedNode());
    m.put("pausedFrom", pauseAt);
    m.put("pausedTo", pauseEnd);
    m.put("copies", copies(dc));
    m.put("pauseSeesLocalCopies", dc.pauseSeesLocalCopies());
    return m;
  }
}
