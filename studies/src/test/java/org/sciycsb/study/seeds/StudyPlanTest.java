package org.sciycsb.study.seeds;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sciycsb.api.ConfigException;
import org.sciycsb.api.Option;
import org.sciycsb.api.OptionSet;
import org.sciycsb.study.plan.Plan;
import org.sciycsb.study.plan.Step;
import org.sciycsb.study.plan.StudyOptions;
import org.sciycsb.study.report.Published;

/** Plan expansion and scaling of every study, from the real files under workloads/study-<name>/. */
class StudyPlanTest {
  static final Path HOME = Path.of("..").toAbsolutePath().normalize();
  static final OptionSet BATCHING = OptionSet.builder("fake").add(Option.integer("fake.batchsize", 0, "batch"))
      .add(Option.string("fake.consistency", null, "preset")).build();

  /** The plan as bin/ycsb study runs it without --repeat: the study's own number of repeats (sei: 3). */
  static Plan plan(String study, double scale, int maxThreads, OptionSet binding) throws ConfigException {
    Plan p = StudyPlans.expand(HOME, Studies.find(study), "fake", binding, scale, maxThreads, Map.of(), "t_");
    return p.repeated(p.defaultRepeats());
  }

  static Plan plan(String study, double scale, int repeats) throws ConfigException {
    return StudyPlans.expand(HOME, Studies.find(study), "fake", BATCHING, scale, 1000, Map.of(), "t_")
        .repeated(repeats);
  }

  @Test
  void seiRepeatsTheWholeMatrixRepeatMajorAndLoadsOnce() throws Exception {
    Plan p = plan("sei", 1e-3, 2);
    assertThat(p.repeats()).isEqualTo(2);
    assertThat(p.params()).containsEntry("repeats", 2);
    List<String> names = p.steps().stream().map(Step::name).toList();
    // repeat 1 runs every thread count of every mix, then repeat 2 does it all again
    int lastRun1 = names.lastIndexOf("eventual/8020/threads-100/run-1");
    int firstRun2 = names.indexOf("strong/readonly/threads-1/run-2");
    assertThat(lastRun1).isPositive().isLessThan(firstRun2);
    assertThat(names.subList(firstRun2, names.size())).allMatch(n -> n.endsWith("/run-2"));
    assertThat(names.stream().filter(n -> n.endsWith("/load"))).containsExactly("strong/load", "eventual/load");
    assertThat(names.indexOf("eventual/load")).isLessThan(lastRun1);
    Step r2 = p.step("strong/8020/threads-5/run-2");
    assertThat(r2.tag("repeat")).isEqualTo("2");
    assertThat(r2.tag("repeatOf")).isEqualTo("strong/8020/threads-5");
    assertThat(r2.tag("threads")).isEqualTo("5");
    assertThat(r2.dependsOn()).containsExactly("strong/load");
    // the study file's repeats (the paper's 3) is the default; --repeat 1 runs each point once, no run-<k> folder
    assertThat(plan("sei", 1e-3, 1000, BATCHING).repeats()).isEqualTo(3);
    Plan once = plan("sei", 1e-3, 1);
    assertThat(once.step("strong/8020/threads-5")).isNotNull();
    assertThat(once.steps()).noneMatch(s -> s.name().contains("/run-"));
  }

  @Test
  void repeatedLoadsWriteFreshTablesAndTheirReadsFollowThem() throws Exception {
    // niec's write test is a measured load: repeated, each repeat into fresh tables, its read after it
    Plan n = plan("niec", 1e-3, 2);
    Step w2 = n.step("workers-20/write/run-2");
    assertThat(w2.prop("fasta.table.prefix")).isEqualTo("t_n20_r2_");
    assertThat(w2.properties()).containsEntry("fasta.table.prefix", "t_n20_r2_");
    Step r2 = n.step("workers-20/read/run-2");
    assertThat(r2.prop("fasta.ids")).isEqualTo("${dir:workers-20/write/run-2}");
    assertThat(r2.properties()).containsEntry("fasta.ids", "${dir:workers-20/write/run-2}");
    assertThat(r2.dependsOn()).containsExactly("workers-20/write/run-2");
    // bankmark: loads and their pauses once; warmups and measured runs repeated
    Plan b = plan("bankmark", 1e-6, 2);
    assertThat(b.step("tcI/workload1/load")).isNotNull();
    assertThat(b.step("tcI/workload1/warmup/run-2").dependsOn()).contains("tcI/workload1/load");
    assertThat(b.step("tcI/workload1/run/run-2")).isNotNull();
    assertThat(b.steps()).noneMatch(s -> s.kind() == Step.Kind.LOAD && s.name().contains("/run-"));
    // sandisk: one load per size, every run repeated
    Plan sd = plan("sandisk", 1e-6, 3);
    assertThat(count(sd, Step.Kind.LOAD)).isEqualTo(3);
    assertThat(count(sd, Step.Kind.RUN)).isEqualTo(27 * 3);
  }

  static long count(Plan p, Step.Kind kind) {
    return p.steps().stream().filter(s -> s.kind() == kind).count();
  }

  @Test
  void sandiskTurnsDatasetBytesIntoRecordCounts() throws Exception {
    // 32 GiB of 1024-byte records = 33,554,432 records at the paper's scale
    assertThat(SandiskStudy.records(32L << 30, 1.0, 1024)).isEqualTo(33_554_432L);
    assertThat(SandiskStudy.records(1L << 40, 1e-3, 1024)).isEqualTo(Math.round((1L << 40) * 1e-3) / 1024);
    assertThat(SandiskStudy.records(32L << 30, 1e-12, 1024)).as("at least one record").isEqualTo(1);
    Plan p = plan("sandisk", 1e-4, 1000, BATCHING);
    // 3 sizes, each: a load, then A, B, C x uniform/zipfian and read-latest x latest/uniform/zipfian
    assertThat(count(p, Step.Kind.LOAD)).isEqualTo(3);
    assertThat(count(p, Step.Kind.RUN)).isEqualTo(27);
    Step load = p.step("256GB/load");
    assertThat(load.prop("recordcount")).isEqualTo(Long.toString(Math.round((256L << 30) * 1e-4) / 1024));
    Step run = p.step("1TB/workloadb-zipfian");
    assertThat(run.prop("requestdistribution")).isEqualTo("zipfian");
    assertThat(run.prop("recordcount")).isEqualTo(Long.toString(Math.round((1L << 40) * 1e-4) / 1024));
    assertThat(run.prop("operationcount")).isEqualTo("1000"); // 10,000,000 x 1e-4
    assertThat(run.prop("warmupops")).isEqualTo("100");
    assertThat(run.prop("table")).isEqualTo(load.prop("table").replace("256gb", "1tb"));
    assertThat(run.dependsOn()).containsExactly("1TB/load");
    assertThat(run.argv()).contains(HOME.resolve("workloads/study-sandisk/workloadb").toString());
    assertThat(p.step("32GB/readlatest-latest").prop("requestdistribution")).isEqualTo("latest");
    assertThat(p.steps().get(p.steps().size() - 1).name()).as("inserting runs last per size")
        .isEqualTo("1TB/readlatest-zipfian");
  }

  @Test
  void bankmarkHasWarmupsPausesAndABulkLoadOnlyWhereTheBindingBatches() throws Exception {
    Plan p = plan("bankmark", 1e-3, 1000, BATCHING);
    // 2 test cases x 5 workloads x (load, pause, warmup, run) + 2 bulk loads
    assertThat(p.steps()).hasSize(2 * 5 * 4 + 2);
    Step warm = p.step("tcI/workload5/warmup");
    assertThat(warm.argv()).contains(HOME.resolve("workloads/study-bankmark/workload5-warmup").toString());
    assertThat(warm.prop("maxexecutiontime")).isEqualTo("2"); // 1800 s x 1e-3 = 1.8 -> 2
    assertThat(warm.prop("operationcount")).isEqualTo("0");
    assertThat(p.step("tcI/workload5/run").argv())
        .contains(HOME.resolve("workloads/study-bankmark/workload5").toString());
    assertThat(p.step("tcI/workload1/pause").seconds()).isEqualTo(2);
    assertThat(p.step("tcII/workload3/load").prop("recordcount")).isEqualTo("100000");
    assertThat(p.step("tcI/bulkload").prop("fake.batchsize")).isEqualTo("1000");
    assertThat(p.step("tcI/bulkload").prop("recordcount")).isEqualTo("200000");
    // tiny: pauses disappear, runs last at least one second
    Plan tiny = plan("bankmark", 1e-6, 1000, OptionSet.empty("nobatch"));
    assertThat(count(tiny, Step.Kind.PAUSE)).isZero();
    assertThat(tiny.step("tcI/workload1/run").prop("maxexecutiontime")).isEqualTo("1");
    assertThat(tiny.step("tcI/bulkload")).isNull();
    assertThat(tiny.notes()).anyMatch(n -> n.contains("no bulk load"));
    assertThat(tiny.step("tcI/workload1/load").prop("threadcount")).as("64 threads capped by 200 records")
        .isEqualTo("64");
  }

  @Test
  void seiCapsThreadCountsTheMachineCannotHoldAndSaysSo() throws Exception {
    Plan p = plan("sei", 1.0, 100, BATCHING);
    // strong: 3 mixes, eventual: 1 mix; thread counts 1..100 then 200, 500, 1000 -> 100 (one point); and the
    // 80/20 mix of both at 32 threads (§4.2's consistency costs)
    long runs = count(p, Step.Kind.RUN);
    assertThat(runs).isEqualTo((4 * 7 + 2) * 3);
    assertThat(p.step("strong/8020/threads-100/run-3").tag("nominalThreads")).isEqualTo("100,200,500,1000");
    assertThat(p.step("strong/8020/threads-200/run-1")).isNull();
    assertThat(p.notes()).anyMatch(n -> n.contains("1000 -> 100") && n.contains("--max-threads 100"));
    assertThat(p.step("eventual/load").argv()).contains(HOME.resolve("workloads/study-sei/eventual").toString());
    assertThat(p.step("strong/readonly/threads-1/run-1").prop("fhir.patients")).isEqualTo("1000000");
    assertThat(p.notes()).noneMatch(n -> n.contains("declares no"));
    // without a consistency option the two presets are the same configuration: said in the plan
    Plan none = plan("sei", 1e-4, 100, OptionSet.empty("x"));
    assertThat(none.notes()).anyMatch(n -> n.contains("declares no fake.consistency"));
    // at 1e-4 a run has 10 operations: at most 10 threads
    assertThat(none.step("strong/8020/threads-10/run-1").tag("nominalThreads")).isEqualTo("10,25,50,100,200,500,1000");
  }

  @Test
  void niecWritesThenReadsTheSameIdsPerWorkerCount() throws Exception {
    Plan p = plan("niec", 1e-3, 1000, BATCHING);
    assertThat(count(p, Step.Kind.LOAD)).as("7 worker counts and the client alone").isEqualTo(8);
    Step write = p.step("workers-20/write");
    assertThat(write.prop("fasta.corpus.hits")).isEqualTo("17"); // 16,700 x 1e-3
    assertThat(write.prop("fasta.corpus.files")).isEqualTo("80");
    assertThat(write.prop("fasta.table.prefix")).isEqualTo("t_n20_");
    Step read = p.step("workers-20/read");
    assertThat(read.prop("fasta.ids")).isEqualTo("${dir:workers-20/write}");
    assertThat(read.prop("fasta.reads")).isEqualTo("80");
    assertThat(read.dependsOn()).containsExactly("workers-20/write");
  }

  @Test
  void dedeRunsCensusJobsAgainstTheNamedServersAndLabelsTheStandIn() throws Exception {
    Plan p = StudyPlans.expand(HOME, Studies.find("dede"), "fake", BATCHING, 1e-3, 100,
        Map.of("study.hdfs", "hdfs://127.0.0.1:9999", "study.mongo", "mongodb://127.0.0.1:27999"), "t_");
    // 36 census steps, 2 DataNodes killed on both paths, and Figure 11 at replication 2 and 1: a load and 3 jobs each
    assertThat(p.steps()).filteredOn(s -> !s.name().startsWith("checkpoint/"))
        .allMatch(s -> s.kind() == Step.Kind.CENSUS).hasSize(36 + 2 + 2 * 4);
    assertThat(checkpointSteps(p, "checkpoint/")).hasSize(6 + 2 * 2).allMatch(s -> s.kind() == Step.Kind.RUN);
    Step raw = p.step("raw/read-mongo");
    assertThat(raw.argv()).startsWith("read");
    assertThat(raw.prop("census.input")).isEqualTo("mongodb://127.0.0.1:27999/t.in_37200");
    assertThat(p.step("raw/write-hdfs").prop("census.layout")).isEqualTo("onefield");
    assertThat(p.step("raw/write-hdfs").prop("census.records")).isEqualTo("19000");
    // the 37.2 M load is shared by the raw read and the filter at that size
    assertThat(p.steps().stream().filter(s -> s.name().equals("data/hdfs-37200")).count()).isEqualTo(1);
    // --repeat: the census inputs are prepared once, the measured jobs (and the write tests) repeated
    Plan r = p.repeated(2);
    assertThat(r.step("data/hdfs-37200")).isNotNull();
    assertThat(r.step("raw/read-mongo/run-2").dependsOn()).containsExactly("data/mongo-37200");
    assertThat(r.step("raw/write-hdfs/run-2")).isNotNull();
    assertThat(r.steps()).noneMatch(s -> s.name().startsWith("data/") && s.name().contains("/run-"));
    Step three = p.step("filter/37.2M/threestage");
    assertThat(three.argv()).startsWith("threestage", "filter");
    assertThat(three.prop("census.staging")).isEqualTo("hdfs://127.0.0.1:9999/sciycsb-study/t/stage");
    assertThat(p.step("filter/4.6M/hdfs-mongo").prop("census.output")).isEqualTo("mongodb://127.0.0.1:27999/t.out_hdfs_mongo");
    assertThat(p.step("splits/8MB").prop("census.splitsize")).isEqualTo("8");
    assertThat(p.step("splits/256MB").prop("census.input")).isEqualTo("mongodb://127.0.0.1:27999/t.in_9300");
    assertThat(p.notes()).anyMatch(n -> n.contains("stand-in") && n.contains("never MongoDB"));
    assertThat(p.notes()).noneMatch(n -> n.contains("not in this build") || n.contains("not in this study"));
    assertThat(p.params().get("mongoLabel")).isEqualTo(StudyOptions.STANDIN_LABEL);
    assertThatThrownBy(() -> StudyPlans.expand(HOME, Studies.find("dede"), "fake", BATCHING, 1, 100,
        Map.of("study.mongo", "mongodb://h:1/db"), "t_")).hasMessageContaining("server only");
  }

  @Test
  void dedeFaultStepsKillDataNodesMidJobAtAFractionOfTheirBaselineAndRestoreThemAfter() throws Exception {
    Plan p = StudyPlans.expand(HOME, Studies.find("dede"), "fake", BATCHING, 1e-3, 100,
        Map.of("study.hdfs", "hdfs://127.0.0.1:9999", "study.mongo", "mongodb://127.0.0.1:27999",
            "study.fault.hdfs", "hdfs://127.0.0.1:9200"), "t_");
    assertThat(checkpointSteps(p, "faults/").stream().map(Step::name)).containsExactly("faults/hdfs-hdfs/0-killed",
        "faults/hdfs-hdfs/1-killed", "faults/hdfs-hdfs/2-killed", "faults/hdfs-hdfs-r2/0-killed",
        "faults/hdfs-hdfs-r2/1-killed", "faults/hdfs-hdfs-r2/2-killed", "faults/hdfs-hdfs-r1/0-killed",
        "faults/hdfs-hdfs-r1/1-killed", "faults/hdfs-hdfs-r1/2-killed", "faults/mongo-hdfs/0-killed",
        "faults/mongo-hdfs/1-killed", "faults/mongo-hdfs/2-killed");
    assertThat(p.step("faults/hdfs-hdfs/2-killed").fault()).containsEntry("fault.action", "kill-node:2,3");
    Step base = p.step("faults/hdfs-hdfs/0-killed");
    assertThat(base.fault()).isEmpty();
    assertThat(base.prop("census.input")).isEqualTo("hdfs://127.0.0.1:9200/sciycsb-study/t/in-37200");
    assertThat(base.prop("census.output")).isEqualTo("hdfs://127.0.0.1:9200/sciycsb-study/t/out/faults-hdfs-hdfs");
    assertThat(base.dependsOn()).containsExactly("data/faults-hdfs-37200");
    Step k1 = p.step("faults/hdfs-hdfs/1-killed");
    assertThat(k1.fault()).containsEntry("fault.action", "kill-node:2").containsEntry("fault.server", "hdfs@dn3")
        .containsEntry("fault.restoreatend", "true").doesNotContainKey("fault.at");
    assertThat(k1.faultBaseline()).isEqualTo("faults/hdfs-hdfs/0-killed");
    assertThat(k1.faultFraction()).isEqualTo(0.3);
    assertThat(k1.dependsOn()).contains("data/faults-hdfs-37200", "faults/hdfs-hdfs/0-killed");
    // HDFS input at replication 1 and 2 (census.replication), each loaded once into a folder of its own; at
    // replication 1 one killed DataNode may hold the only copy of a block: the job's failure is the result
    assertThat(p.step("data/faults-hdfs-37200").prop("census.replication")).isNull();
    for (long r : new long[] {1, 2}) {
      Step load = p.step("data/faults-hdfs-37200-r" + r);
      assertThat(load.prop("census.replication")).isEqualTo("" + r);
      assertThat(load.prop("census.output")).isEqualTo("hdfs://127.0.0.1:9200/sciycsb-study/t/in-37200-r" + r);
      Step job = p.step("faults/hdfs-hdfs-r" + r + "/1-killed");
      assertThat(job.prop("census.input")).isEqualTo(load.prop("census.output"));
      assertThat(job.dependsOn()).contains(load.name(), "faults/hdfs-hdfs-r" + r + "/0-killed");
      assertThat(job.tag("replication")).isEqualTo("" + r);
      assertThat(job.fault()).containsEntry("fault.action", "kill-node:2");
    }
    assertThat(p.step("faults/hdfs-hdfs-r1/1-killed").failureIsAResult()).contains("replication 1 with 1 DataNode");
    assertThat(p.step("faults/hdfs-hdfs-r1/1-killed").failureMarker()).isEqualTo("Could not obtain block");
    assertThat(p.step("faults/hdfs-hdfs-r2/1-killed").failureIsAResult()).as("a second copy survives").isNull();
    assertThat(p.step("faults/hdfs-hdfs-r2/2-killed").failureIsAResult()).contains("replication 2 with 2 DataNode");
    assertThat(p.step("faults/hdfs-hdfs/2-killed").failureIsAResult()).as("a third copy survives").isNull();
    assertThat(p.step("faults/mongo-hdfs/2-killed").failureIsAResult()).as("mongo-hadoop input").isNull();
    assertThat(p.step("faults/hdfs-hdfs/1-killed").failureIsAResult()).isNull();
    assertThat(p.step("faults/hdfs-hdfs-r1/0-killed").failureIsAResult()).as("no fault: a failure fails").isNull();
    assertThat(p.repeated(2).step("faults/hdfs-hdfs-r1/1-killed/run-2").failureIsAResult()).isNotNull();
    assertThat(p.params().get("faultReplication")).isEqualTo(Map.of("hdfs-hdfs", 3L, "hdfs-hdfs-r2", 2L,
        "hdfs-hdfs-r1", 1L));
    // the mongo-hadoop input is the 37.2 M load the filter runs share
    assertThat(p.step("faults/mongo-hdfs/1-killed").dependsOn()).contains("data/mongo-37200");
    // repeats: each repeat's fault is placed by that repeat's baseline
    Step r2 = p.repeated(2).step("faults/mongo-hdfs/1-killed/run-2");
    assertThat(r2.faultBaseline()).isEqualTo("faults/mongo-hdfs/0-killed/run-2");
    assertThat(r2.fault()).containsEntry("fault.action", "kill-node:2");
    // the user's own cluster: their commands, {killed} replaced
    Plan own = StudyPlans.expand(HOME, Studies.find("dede"), "fake", BATCHING, 1e-3, 100,
        Map.of("study.fault.command", "ssh dn kill {killed}", "study.fault.restorecommand", "ssh dn start"), "t_");
    assertThat(own.step("faults/hdfs-hdfs/1-killed").fault()).containsEntry("fault.action",
        "command:ssh dn kill 1").containsEntry("fault.restorecommand", "ssh dn start")
        .doesNotContainKey("fault.server");
    assertThatThrownBy(() -> StudyPlans.expand(HOME, Studies.find("dede"), "fake", BATCHING, 1e-3, 100,
        Map.of("study.fault.command", "ssh dn kill"), "t_")).hasMessageContaining("needs study.fault.restorecommand");
    assertThatThrownBy(() -> StudyPlans.expand(HOME, Studies.find("dede"), "fake", BATCHING, 1e-3, 100,
        Map.of("study.fault.hdfs", "file:///tmp"), "t_")).hasMessageContaining("study.fault.hdfs must be an hdfs://");
  }

  @Test
  void seiAndNiecApplyThePapersShardKeysToMongodbOnly() throws Exception {
    Plan sei = StudyPlans.expand(HOME, Studies.find("sei"), "mongodb", BATCHING, 1e-3, 100, Map.of(), "t_");
    assertThat(sei.steps()).allSatisfy(s -> assertThat(s.files()).last().asString()
        .endsWith("study-sei/preset-mongodb"));
    assertThat(sei.notes()).anyMatch(n -> n.contains("mongodb.shardkey=range"));
    Plan niec = StudyPlans.expand(HOME, Studies.find("niec"), "mongodb", BATCHING, 1e-3, 100, Map.of(), "t_");
    assertThat(niec.steps()).filteredOn(s -> !s.name().startsWith("client/")).hasSize(14)
        .allSatisfy(s -> assertThat(s.files()).last().asString().endsWith("study-niec/preset-mongodb"));
    assertThat(niec.steps()).filteredOn(s -> s.name().startsWith("client/")).hasSize(2)
        .allSatisfy(s -> assertThat(s.files()).noneMatch(f -> f.contains("preset-")));
    assertThat(niec.notes()).anyMatch(n -> n.contains("mongodb.shardkey=hashed"));
    Plan other = StudyPlans.expand(HOME, Studies.find("sei"), "cassandra", BATCHING, 1e-3, 100, Map.of(), "t_");
    assertThat(other.steps()).allSatisfy(s -> assertThat(s.files()).noneMatch(f -> f.contains("preset-")));
    assertThat(other.notes()).noneMatch(n -> n.contains("shardkey"));
  }

  /** Figure 4.1: the write and read tests by one worker on the no-op binding, before the matrix, no store preset. */
  @Test
  void niecRunsTheClientAloneOnTheNoOpBinding() throws Exception {
    Plan p = plan("niec", 1e-3, 1000, BATCHING);
    Step write = p.step("client/write");
    assertThat(write.kind()).isEqualTo(Step.Kind.LOAD);
    assertThat(write.binding()).isEqualTo("basic");
    assertThat(write.prop("threadcount")).isEqualTo("1");
    assertThat(write.prop("fasta.corpus.files")).isEqualTo("80");
    assertThat(write.prop("fasta.corpus.hits")).isEqualTo(p.step("workers-20/write").prop("fasta.corpus.hits"));
    assertThat(write.prop("fasta.table.prefix")).isEqualTo("t_client_");
    assertThat(write.tag("phase")).isEqualTo("write");
    Step read = p.step("client/read");
    assertThat(read.binding()).isEqualTo("basic");
    assertThat(read.prop("fasta.ids")).isEqualTo("${dir:client/write}");
    assertThat(read.prop("fasta.reads")).isEqualTo("80");
    assertThat(read.dependsOn()).containsExactly("client/write");
    assertThat(p.steps().get(0).name()).isEqualTo("client/write");
    assertThat(p.params()).containsEntry("clientBinding", "basic").containsEntry("clientWorkers", 1);
    // repeated as the worker points are, each repeat into fresh tables
    Plan twice = plan("niec", 1e-3, 2);
    assertThat(twice.step("client/write/run-2").prop("fasta.table.prefix")).isEqualTo("t_client_r2_");
    assertThat(twice.step("client/read/run-2").prop("fasta.ids")).isEqualTo("${dir:client/write/run-2}");
  }

  /** §4.2's costs are at 32 client sessions: the 80/20 mix of each consistency runs at 32 threads too. */
  @Test
  void seiRunsThe8020MixAt32ThreadsForThePublishedConsistencyCosts() throws Exception {
    Plan p = plan("sei", 1e-2, 1);
    for (String con : new String[] {"strong", "eventual"}) {
      Step s = p.step(con + "/8020/threads-32");
      assertThat(s).as(con).isNotNull();
      assertThat(s.prop("threadcount")).isEqualTo("32");
      assertThat(s.tag("consistency")).isEqualTo(con);
      assertThat(s.tag("mix")).isEqualTo("8020");
      assertThat(s.dependsOn()).containsExactly(con + "/load");
      assertThat(s.argv()).contains(HOME.resolve("workloads/study-sei/" + con).toString());
    }
    assertThat(p.step("strong/readonly/threads-32")).as("the costs are the read/write workload's").isNull();
    assertThat(p.params()).containsEntry("costThreads", 32);
    // at 1e-4 a run has 10 operations: the point is capped to 10, which the list already holds
    Plan tiny = plan("sei", 1e-4, 1);
    assertThat(tiny.steps()).noneMatch(s -> s.name().contains("threads-32"));
    assertThat(tiny.params()).containsEntry("costThreads", 10);
  }

  /**
   * On the --dcs cluster: four consistency levels (the paper's strong and eventual, QUORUM and LOCAL_QUORUM), each
   * with its stale-read steps, the paused one pausing a node of the clients' data centre and expecting failures.
   */
  @Test
  void seiAcrossDataCentresRunsEveryLevelAndItsStaleReads() throws Exception {
    org.sciycsb.study.plan.DataCentres dc = new org.sciycsb.study.plan.DataCentres("cassandra@sei", 9, 3,
        "127.0.0", 40, null);
    Plan p = StudyPlans.expand(HOME, Studies.find("sei"), "cassandra", BATCHING, 1e-2, 100, Map.of(), "t_", 1, dc);
    assertThat(p.steps().stream().map(s -> s.tag("consistency")).distinct().toList())
        .containsExactly("strong", "quorum", "localquorum", "eventual");
    Step q = p.step("quorum/8020/threads-32");
    assertThat(q.prop("cassandra.readconsistency")).isEqualTo("QUORUM");
    assertThat(q.prop("cassandra.writeconsistency")).isEqualTo("QUORUM");
    assertThat(p.step("strong/8020/threads-32").argv()).contains(HOME.resolve("workloads/study-sei/strong")
        .toString());
    assertThat(p.step("quorum/readonly/threads-1")).as("the extra levels run the 80/20 mix only").isNull();
    assertThat(q.prop("cassandra.keyspace")).isEqualTo("t_sei");
    assertThat(q.prop("cassandra.replication.dcs")).isEqualTo("datacenter1:1,datacenter2:1,datacenter3:1");
    for (String con : new String[] {"strong", "quorum", "localquorum", "eventual"}) {
      for (int k : new int[] {1, 3}) {
        Step steady = p.step(con + "/stale/copies-" + k + "/steady");
        Step paused = p.step(con + "/stale/copies-" + k + "/paused");
        assertThat(steady.dependsOn()).containsExactly(con + "/stale/copies-" + k + "/load-steady");
        assertThat(paused.dependsOn()).containsExactly(con + "/stale/copies-" + k + "/load-paused");
        assertThat(p.step(con + "/stale/copies-" + k + "/load-paused").properties())
            .containsEntry("staleness", "false").containsEntry("table", con + "_paused");
        assertThat(steady.properties()).doesNotContainKey("fault.action").containsEntry("staleness.readers", "2")
            .containsEntry("maxexecutiontime", "30").containsEntry("table", con + "_steady")
            .containsEntry("cassandra.keyspace", "t_sei_stale" + k)
            .containsEntry("cassandra.replication.dcs", "datacenter1:K,datacenter2:K,datacenter3:K"
                .replace("K", "" + k));
        assertThat(steady.failuresExpected()).isFalse();
        assertThat(paused.properties()).containsEntry("fault.action", "pause-node:2")
            .containsEntry("fault.server", "cassandra@sei").containsEntry("fault.at", "4s")
            .containsEntry("fault.restore", "16s");
        assertThat(paused.failuresExpected()).isTrue();
        assertThat(paused.tag("fault")).isEqualTo("pause-node:2");
        assertThat(paused.tag("copies")).isEqualTo("" + k);
      }
    }
    assertThat(p.step("strong/stale/copies-1/paused").properties())
        .containsEntry("cassandra.readconsistency", "LOCAL_QUORUM")
        .containsEntry("cassandra.writeconsistency", "EACH_QUORUM");
    assertThat(p.step("eventual/stale/copies-3/paused").properties()).containsEntry("cassandra.readconsistency",
        "ONE");
    // one node a data centre holds one copy: the copies are capped, each once
    Plan small = StudyPlans.expand(HOME, Studies.find("sei"), "cassandra", BATCHING, 1e-2, 100, Map.of(), "t_", 1,
        new org.sciycsb.study.plan.DataCentres("cassandra@sei", 3, 3, "127.0.0", 40, "small host"));
    assertThat(small.steps()).noneMatch(s -> s.name().contains("copies-3"));
    assertThat(small.step("eventual/stale/copies-1/paused")).isNotNull();
    assertThat(p.params()).containsKeys("dataCentres", "levels", "staleness");
    // on one server: the paper's two levels and no stale-read steps
    Plan one = StudyPlans.expand(HOME, Studies.find("sei"), "cassandra", BATCHING, 1e-2, 100, Map.of(), "t_");
    assertThat(one.steps()).noneMatch(s -> s.name().contains("/stale/") || s.name().startsWith("quorum/"));
    assertThat(one.params()).doesNotContainKeys("dataCentres", "staleness");
  }

  /** Settings that mean something only on a cluster are noted in the plan with the steps that read them. */
  @Test
  void clusterOnlySettingsAreNotedInThePlan() throws Exception {
    Plan bank = StudyPlans.expand(HOME, Studies.find("bankmark"), "cassandra", BATCHING, 1e-6, 100, Map.of(), "t_");
    assertThat(bank.notes()).anyMatch(n -> n.startsWith("preset-cassandra: cassandra.replication.factor=3 has an "
        + "effect only on a cluster of >= 3 nodes"));
    @SuppressWarnings("unchecked")
    List<Map<String, Object>> marked = (List<Map<String, Object>>) bank.params().get("clusterOnly");
    assertThat(marked).hasSize(1);
    assertThat(marked.get(0)).containsEntry("needs", "nodes").containsEntry("nodes", 3).containsEntry("value", "3");
    assertThat(marked.get(0).get("steps")).asList().contains("tcI/workload1/load");
    Plan sei = StudyPlans.expand(HOME, Studies.find("sei"), "mongodb", BATCHING, 1e-3, 100, Map.of(), "t_");
    assertThat(sei.notes()).anyMatch(n -> n.startsWith("preset-mongodb: mongodb.shardkey=range has an effect only "
        + "on a sharded MongoDB")).anyMatch(n -> n.startsWith("strong: fhir.consistency=strong has an effect only"));
    Plan jdbc = StudyPlans.expand(HOME, Studies.find("bankmark"), "jdbc", BATCHING, 1e-6, 100, Map.of(), "t_");
    assertThat(jdbc.notes()).as("no preset read, nothing to mark").noneMatch(n -> n.contains("effect only"));
    assertThat(jdbc.params()).doesNotContainKey("clusterOnly");
  }

  static List<Step> checkpointSteps(Plan p, String prefix) {
    return p.steps().stream().filter(s -> s.name().startsWith(prefix)).toList();
  }

  @Test
  void dedeCheckpointGridScalesTasksAndDurationCapsTasksAtMaxThreadsAndMergesEqualPoints() throws Exception {
    // scale 0.1: the paper's tasks x 0.1 (rounded), D = 600 s x 0.1; intervals and sizes as the paper's (the plan
    // before its repeats: seed 000 repeated every experiment three times, the study's default)
    Plan p = StudyPlans.expand(HOME, Studies.find("dede"), "fake", BATCHING, 0.1, 1000, Map.of(), "t_");
    assertThat(p.defaultRepeats()).isEqualTo(3);
    // a binding that cannot open a client per write connects once per task, and the plan says so
    assertThat(p.params()).containsEntry("checkpointConnect", "task");
    assertThat(p.notes()).anyMatch(n -> n.contains("checkpoint.connect=task (binding fake cannot open a client"));
    List<Step> f2 = checkpointSteps(p, "checkpoint/fig2/");
    assertThat(f2).extracting(Step::name).containsExactly("checkpoint/fig2/interval-0s", "checkpoint/fig2/interval-1s",
        "checkpoint/fig2/interval-2s", "checkpoint/fig2/interval-3s", "checkpoint/fig2/interval-4s",
        "checkpoint/fig2/interval-5s");
    for (Step s : f2) {
      assertThat(s.kind()).isEqualTo(Step.Kind.RUN);
      assertThat(s.argv()).startsWith("run", "fake", "-P", HOME.resolve("workloads/checkpoint-i10-1m").toString());
      assertThat(s.prop("threadcount")).isEqualTo("77");
      assertThat(s.prop("checkpoint.duration")).isEqualTo("60s");
      assertThat(s.prop("checkpoint.interval")).isEqualTo(s.tag("intervalSeconds") + "s");
      assertThat(s.prop("table")).isEqualTo("t_checkpoint1m");
      assertThat(s.prop("checkpoint.connect")).isEqualTo("task");
      assertThat(s.tag("figure")).isEqualTo("2");
      assertThat(s.tag("paperTasks")).isEqualTo("768");
    }
    // Figure 3: cores x 4 tasks per core, x 0.1; both sizes; interval 10 s
    List<Step> f3 = checkpointSteps(p, "checkpoint/fig3/");
    assertThat(f3).hasSize(14);
    assertThat(checkpointSteps(p, "checkpoint/fig3/64k/")).extracting(s -> s.prop("threadcount"))
        .containsExactly("10", "19", "38", "77", "115", "134", "192");
    assertThat(checkpointSteps(p, "checkpoint/fig3/64k/")).extracting(s -> s.tag("cores"))
        .containsExactly("24", "48", "96", "192", "288", "336", "480");
    Step big = p.step("checkpoint/fig3/1m/tasks-192");
    assertThat(big.argv()).contains(HOME.resolve("workloads/checkpoint-i10-1m").toString());
    assertThat(big.prop("checkpoint.interval")).isEqualTo("10s");
    assertThat(p.step("checkpoint/fig3/64k/tasks-10").prop("table")).isEqualTo("t_checkpoint64k");
    assertThat(p.params().get("checkpointDurationS")).isEqualTo(60L);
    assertThat(p.notes()).noneMatch(n -> n.startsWith("thread counts capped"));

    // scale 1 on a machine that holds 100 threads: every task count above 100 is capped, equal points run once
    Plan one = StudyPlans.expand(HOME, Studies.find("dede"), "fake", BATCHING, 1, 100, Map.of(), "t_");
    assertThat(one.step("checkpoint/fig2/interval-1s").prop("threadcount")).isEqualTo("100");
    assertThat(one.step("checkpoint/fig2/interval-1s").prop("checkpoint.duration")).isEqualTo("600s");
    assertThat(checkpointSteps(one, "checkpoint/fig3/64k/")).extracting(Step::name)
        .containsExactly("checkpoint/fig3/64k/tasks-96", "checkpoint/fig3/64k/tasks-100");
    assertThat(one.step("checkpoint/fig3/1m/tasks-100").tag("cores")).isEqualTo("48,96,192,288,336,480");
    assertThat(one.notes()).anyMatch(n -> n.startsWith("thread counts capped (checkpoint tasks")
        && n.contains("768 -> 100") && n.contains("1920 -> 100"));
    // the basic binding opens a client per write: seed 000's connection per checkpoint
    Plan basic = StudyPlans.expand(HOME, Studies.find("dede"), "basic", BATCHING, 0.1, 1000, Map.of(), "t_");
    assertThat(checkpointSteps(basic, "checkpoint/")).allMatch(s -> "checkpoint".equals(s.prop("checkpoint.connect")));
    assertThat(basic.notes()).anyMatch(n -> n.startsWith("checkpoint grid: checkpoint.connect=checkpoint (a new "));

    // a tiny scale: at least one task and D = 1 s, and the plan says that D is shorter than the intervals
    Plan tiny = StudyPlans.expand(HOME, Studies.find("dede"), "fake", BATCHING, 1e-4, 100, Map.of(), "t_");
    assertThat(tiny.step("checkpoint/fig2/interval-5s").prop("threadcount")).isEqualTo("1");
    assertThat(tiny.step("checkpoint/fig2/interval-5s").prop("checkpoint.duration")).isEqualTo("1s");
    assertThat(checkpointSteps(tiny, "checkpoint/fig3/")).hasSize(2);
    assertThat(tiny.notes()).anyMatch(n -> n.contains("D = 1 s, less than the longest interval (10 s)"));
  }

  @Test
  void dedeRefusesACheckpointSizeWithoutAWorkloadFile(@TempDir Path tmp) throws Exception {
    Path dir = tmp.resolve("workloads/study-dede");
    Files.createDirectories(dir);
    Files.copy(HOME.resolve("workloads/study-dede/published.json"), dir.resolve("published.json"));
    Files.writeString(dir.resolve("study.properties"), Files.readString(HOME.resolve(
        "workloads/study-dede/study.properties")).replace("checkpoint.fig3.sizes=64k,1m",
        "checkpoint.fig3.sizes=64k,4m"));
    assertThatThrownBy(() -> StudyPlans.expand(tmp, Studies.find("dede"), "fake", BATCHING, 1, 10, Map.of(), "t_"))
        .isInstanceOf(ConfigException.class).hasMessageContaining("checkpoint.fig3.sizes has '4m'");
  }

  @Test
  void everyStudyFileIsReadWholeAndEveryPublishedValueHasASource() throws Exception {
    for (StudyDef d : Studies.all()) {
      Plan p = plan(d.name(), 1e-3, 100, BATCHING);
      assertThat(p.steps()).as(d.name()).isNotEmpty();
      Published pub = StudyPlans.published(HOME, d);
      assertThat(pub.root().path("seed").asText()).isEqualTo(d.seed());
      assertThat(pub.hardware()).isNotBlank();
      pub.root().path("values").forEach(v -> assertThat(v.path("source").asText()).startsWith("seed " + d.seed()));
      pub.statements().forEach(v -> assertThat(v.path("source").asText()).startsWith("seed " + d.seed()));
    }
  }

  /** Seed 003's 10 million observations for one million patients at a mean of seven is flagged, not copied. */
  @Test
  void seiFlagsItsObservationCountContradiction() throws Exception {
    Published pub = StudyPlans.published(HOME, Studies.find("sei"));
    assertThat(pub.statements()).anySatisfy(v -> assertThat(v.path("text").asText()).contains("10 million")
        .contains("average of seven").contains("about 7 million"));
  }

  @Test
  void aMisspelledKeyInAStudyFileIsAnError(@TempDir Path tmp) throws Exception {
    Path dir = tmp.resolve("workloads/study-niec");
    Files.createDirectories(dir);
    for (String f : new String[] {"fasta", "published.json"}) {
      Files.copy(HOME.resolve("workloads/study-niec").resolve(f), dir.resolve(f));
    }
    Files.writeString(dir.resolve("study.properties"), Files.readString(HOME.resolve(
        "workloads/study-niec/study.properties")) + "\nreadz=5\n");
    assertThatThrownBy(() -> StudyPlans.expand(tmp, Studies.find("niec"), "fake", BATCHING, 1, 10, Map.of(), "t_"))
        .isInstanceOf(ConfigException.class).hasMessageContaining("unknown key readz");
  }

  @Test
  void onlyKeepsTheMatchingStepsAndWhatTheyNeed() throws Exception {
    Plan p = StudyPlans.filter(plan("sandisk", 1e-4, 100, BATCHING), List.of("256GB/workloada-*"));
    assertThat(p.steps()).extracting(Step::name)
        .containsExactly("256GB/load", "256GB/workloada-uniform", "256GB/workloada-zipfian");
    assertThatThrownBy(() -> StudyPlans.filter(plan("sandisk", 1e-4, 100, BATCHING), List.of("nothing*")))
        .hasMessageContaining("matches no step");
  }

  /** bankmark applies seed 004's settings of the store it runs on (section 5.2) to every engine step. */
  @Test
  void bankmarkAppliesThePapersSettingsOfItsStore() throws Exception {
    for (String binding : List.of("cassandra", "mongodb")) {
      Plan p = StudyPlans.expand(HOME, Studies.find("bankmark"), binding, BATCHING, 1e-5, 100, Map.of(), "t_");
      String preset = HOME.resolve("workloads/study-bankmark/preset-" + binding).toString();
      for (Step s : p.steps()) {
        if (s.kind() == Step.Kind.LOAD || s.kind() == Step.Kind.RUN) {
          assertThat(s.files()).as(s.name()).contains(preset);
          assertThat(s.files().indexOf(preset)).as(s.name() + ": after base").isEqualTo(1);
        }
      }
      assertThat(p.notes()).anyMatch(n -> n.startsWith("the paper's settings for " + binding));
    }
    Plan cassandra = StudyPlans.expand(HOME, Studies.find("bankmark"), "cassandra", BATCHING, 1e-5, 100, Map.of(),
        "t_");
    assertThat(cassandra.notes()).anyMatch(n -> n.contains("cassandra.replication.factor=3")
        && n.contains("cassandra.readconsistency=ONE") && n.contains("cassandra.writeconsistency=ONE"));
    Plan other = plan("bankmark", 1e-5, 1);
    assertThat(other.steps()).allMatch(s -> s.files().stream().noneMatch(f -> f.contains("preset-")));
    assertThat(other.notes()).anyMatch(n -> n.startsWith("no preset of the paper's settings for binding fake"));
  }
}
