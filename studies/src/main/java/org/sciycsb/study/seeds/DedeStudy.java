package org.sciycsb.study.seeds;

import org.sciycsb.api.ConfigException;
import org.sciycsb.study.plan.Plan;
import org.sciycsb.study.plan.StudyContext;
import org.sciycsb.study.plan.StudyOptions;
import org.sciycsb.study.report.ReportBuilder;

/**
 * Seed 000 (Dede et al., MongoDB + Hadoop): raw record reads and writes, HDFS vs the MongoDB side (§6.2); the
 * census filter job over the four input/output combinations and the three-stage path at three input sizes
 * (Figures 6 and 9); the split-size sweep on mongo-hadoop input (Figure 5). Census steps run {@code bin/census}
 * as child processes. The MongoDB side is whatever {@code -p study.mongo} names (default: the mongo-java-server
 * stand-in, labelled as such); its label comes from {@code -p study.mongo.label}.
 *
 * <p>The HPC checkpoint grid of §6.1 (Figures 2 and 3, {@link DedeCheckpointPlan}) runs the {@code checkpoint}
 * workload as engine steps on the study's binding (default jdbc: embedded H2; the paper's store: MongoDB).
 */
final class DedeStudy implements StudyDef {
  @Override
  public String name() {
    return "dede";
  }

  @Override
  public String seed() {
    return "000";
  }

  @Override
  public String title() {
    return "Dede: census MapReduce over HDFS and MongoDB (mongo-hadoop), raw reads/writes, split sizes, checkpoints";
  }

  @Override
  public String describe() {
    return String.join("\n",
        "matrix: raw reads of 37.2 M census records and writes of 19 M one-field records, HDFS vs the MongoDB side;",
        "the filter job at 4.6 M, 9.3 M and 37.2 M records over hdfs-hdfs, mongo-hdfs, hdfs-mongo, mongo-mongo and",
        "the three-stage path (128 MB splits, 1 reducer); split sizes 8 to 256 MB on 9.3 M records of mongo-hadoop",
        "input. Census steps run bin/census against -p study.hdfs and -p study.mongo (default: bin/servers hdfs",
        "and the mongo-standin, labelled stand-in, never MongoDB). --scale multiplies the record counts.",
        "report: records/min HDFS vs MongoDB side (§6.2), filter times per combination and size (Figures 6, 9),",
        "split size vs time and mappers (Figure 5); the paper's figures beside.",
        "checkpoint grid (§6.1, engine runs of the checkpoint workload on <binding>): Figure 2, 768 tasks of D = 10",
        "minutes, 1 MB checkpoints every 0 (none), 1, 2, 3, 4, 5 s; Figure 3, 24 to 480 cores x 4 tasks, 64 KB and",
        "1 MB every 10 s, a new connection per checkpoint where the binding can open one (mongodb, jdbc, basic).",
        "--scale multiplies tasks (capped at --max-threads) and D (at least 1 s); report: job and task overhead and",
        "CHECKPOINT latency by interval and by cores, the paper's overheads beside.",
        "Every measured step 3 times, as the paper (--repeat N; the census inputs prepared once), means with 95 %",
        "intervals. --only 'checkpoint/*' runs the grid alone (no census servers needed).",
        "Figure 11 (faults/*): the filter on 3 DataNodes (bin/servers hdfs@dn3) without and with a DataNode killed",
        "mid-job, HDFS input at replication 3, 2 and 1 (a job that fails where the killed DataNodes held the only",
        "copies is the paper's result) and mongo-hadoop input.",
        "Not reproduced (they need clusters): Figures 4, 7, 8 and 10; docs/studies.md lists every figure.");
  }

  @Override
  public void expand(StudyContext c, Plan plan) throws ConfigException {
    plan.defaultRepeats(c.props.ints("repeats").get(0));
    DedeCensusPlan census = new DedeCensusPlan(c, plan);
    census.addSteps();
    DedeFaults.addSteps(c, plan, census.inputs(), census.split(), census.reducers());
    DedeCheckpointPlan.addSteps(c, plan);
    census.addParams();
  }

  @Override
  public void report(ReportBuilder r) {
    String ml = r.params().path("mongoLabel").asText(StudyOptions.STANDIN_LABEL);
    DedeCensusReport.report(r, ml);
    DedeFaults.report(r, ml);
    DedeCheckpointReport.report(r);
  }
}
