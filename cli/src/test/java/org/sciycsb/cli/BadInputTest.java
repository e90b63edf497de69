package org.sciycsb.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Bad input: one line naming the problem, exit code 2, no stack trace, nothing run. */
class BadInputTest {
  @TempDir
  Path tmp;

  private Cli bad(String... argv) {
    Cli c = Cli.run(argv);
    assertThat(c.exit).as(c.toString()).isEqualTo(2);
    assertThat(c.err.strip().lines().filter(l -> l.startsWith("error:")).count()).as(c.toString()).isEqualTo(1);
    assertThat(c.err).doesNotContain("\tat ").doesNotContain("Exception:");
    assertThat(c.out).isEmpty();
    return c;
  }

  @Test
  void badArrivalProcesses() {
    assertThat(bad("run", "basic", "-p", "arrival=ramp", "-p", "arrival.from=-10", "-p", "arrival.to=100",
        "-p", "arrival.duration=1m", "-p", "results.dir=" + tmp.resolve("r")).err)
        .contains("bad value for arrival.from: '-10' must not be negative");
    assertThat(bad("run", "basic", "-p", "arrival=steps", "-p", "arrival.steps=100:10s;200:10s").err)
        .contains("bad value for arrival.steps: step '100:10s;200:10s' is not <ops per second>:<duration>");
    assertThat(bad("run", "basic", "-p", "arrival=poisson").err).contains("arrival=poisson needs -target");
    assertThat(tmp.resolve("r")).doesNotExist();
  }

  @Test
  void unknownBinding() {
    assertThat(bad("run", "nosuchstore", "-P", "../workloads/workloada").err)
        .contains("unknown binding 'nosuchstore'").contains("basic").doesNotContain("did you mean");
    assertThat(bad("run", "basci", "-P", "../workloads/workloada").err)
        .contains("error: unknown binding 'basci': did you mean basic? (available: ");
    assertThat(bad("load", "jdcb").err).contains("unknown binding 'jdcb': did you mean jdbc?");
  }

  @Test
  void missingPropertyFile() {
    assertThat(bad("run", "basic", "-P", "workloads/nope").err).contains("property file not found: workloads/nope");
  }

  @Test
  void nonNumericValue() {
    assertThat(bad("run", "basic", "-P", "../workloads/workloada", "-p", "operationcount=lots").err)
        .contains("bad value for operationcount: 'lots' is not a valid long");
  }

  @Test
  void nonNumericThreads() {
    assertThat(bad("run", "basic", "-threads", "two").err).contains("threadcount");
  }

  @Test
  void zeroThreads() {
    assertThat(bad("run", "basic", "-P", "../workloads/workloada", "-threads", "0").err)
        .contains("bad value for threadcount: '0' must be at least 1");
  }

  @Test
  void aThreadCountTheHeapOrTheKernelCannotHoldIsRefusedBeforeAnythingStarts() {
    assertThat(bad("run", "basic", "-P", "../workloads/workloada", "-threads", "2000000000",
        "-p", "results.dir=" + tmp.resolve("r")).err)
        .contains("threadcount 2000000000 needs at least").contains("MB of heap");
    assertThat(tmp.resolve("r")).doesNotExist();
  }

  @Test
  void aHugePropertyFileIsRefusedWithoutLoadingIt() throws Exception {
    Path big = tmp.resolve("big.properties");
    try (java.io.RandomAccessFile f = new java.io.RandomAccessFile(big.toFile(), "rw")) {
      f.setLength(64L * 1024 * 1024 * 1024); // sparse: 64 GB that take no disk
    }
    assertThat(bad("run", "basic", "-P", big.toString()).err)
        .contains("property file " + big + " is larger than 16 MB: not a property file");
  }

  @Test
  void typoOfAKnownKeyGetsASuggestion() {
    assertThat(bad("run", "basic", "-P", "../workloads/workloada", "-p", "opreationcount=10").err)
        .contains("unknown property opreationcount: did you mean operationcount?");
    assertThat(bad("run", "basic", "-p", "readproportoin=0.5").err).contains("did you mean readproportion?");
  }

  @Test
  void unknownKeyUnderABindingsPrefix() {
    assertThat(bad("run", "basic", "-p", "basicdb.simulatedelya=3").err)
        .contains("unknown property basicdb.simulatedelya for basic: did you mean basicdb.simulatedelay?");
  }

  @Test
  void typoInAPropertyFile() throws Exception {
    Path f = tmp.resolve("w.properties");
    Files.writeString(f, "recordcount=10\nrequestdistributon=zipfian\n");
    assertThat(bad("load", "basic", "-P", f.toString()).err).contains("did you mean requestdistribution?");
  }

  @Test
  void propertyFilesAreReadStrictly() throws Exception {
    Path noSeparator = tmp.resolve("noeq.properties");
    Files.writeString(noSeparator, "# a comment\nrecordcount=10\n\nfieldcount\n");
    assertThat(bad("load", "basic", "-P", noSeparator.toString()).err)
        .contains("property file " + noSeparator + " line 4: 'fieldcount' is not key=value");
    Path escape = tmp.resolve("escape.properties");
    Files.writeString(escape, "recordcount=10\nlong=a \\\n  b\ntable=user\\u00zz\n");
    assertThat(bad("load", "basic", "-P", escape.toString()).err).contains("line 4: bad \\uXXXX escape");
    Path binary = tmp.resolve("binary.properties");
    Files.write(binary, new byte[] {(byte) 0xff, (byte) 0xfe, 0, 1, 2});
    assertThat(bad("load", "basic", "-P", binary.toString()).err).contains("is not UTF-8 text");
    assertThat(bad("load", "basic", "-P", "../workloads").err).contains("is a directory, not a property file");
    assertThat(bad("run", "basic", "-P", "-p", "x=y").err).contains("option -P needs a value");
  }

  @Test
  void proportionsAboveOneAndAnEmptyDataSetAreRefused() {
    assertThat(bad("run", "basic", "-P", "../workloads/workloada", "-p", "insertproportion=0.5").err)
        .contains("the operation proportions add up to more than 1: readproportion 0.5 + updateproportion 0.5"
            + " + insertproportion 0.5 = 1.5");
    assertThat(bad("run", "basic", "-p", "readproportion=0", "-p", "updateproportion=0").err)
        .contains("no operations: every *proportion property is 0");
    assertThat(bad("load", "basic", "-p", "recordcount=0").err)
        .contains("bad value for recordcount: '0' must be at least 1");
  }

  @Test
  void badChoice() {
    assertThat(bad("run", "basic", "-p", "requestdistribution=gaussian").err)
        .contains("bad value for requestdistribution: 'gaussian'").contains("zipfian");
  }

  @Test
  void proportionOutOfRange() {
    assertThat(bad("run", "basic", "-p", "readproportion=1.5").err).contains("must be between 0 and 1");
  }

  @Test
  void negativeTarget() {
    assertThat(bad("run", "basic", "-target", "-5").err).contains("target");
  }

  @Test
  void unknownCommandAndOption() {
    assertThat(bad("walk", "basic").err).contains("unknown command 'walk'").doesNotContain("did you mean");
    assertThat(bad("lod").err).contains("error: unknown command 'lod': did you mean load? use load, run,");
    assertThat(bad("findmx", "basic").err).contains("did you mean findmax?");
    assertThat(bad("run", "basic", "-thread", "4").err).contains("unknown option -thread");
    assertThat(bad("run", "basic", "-P").err).contains("option -P needs a value");
    assertThat(bad("run", "basic", "-p", "novalue").err).contains("expected key=value");
  }

  @Test
  void unknownWorkloadAndDbClass() {
    assertThat(bad("run", "basic", "-p", "workload=com.example.Nope").err).contains("unknown workload");
    assertThat(bad("run", "-db", "com.example.NoDb").err).contains("db class com.example.NoDb not found");
    assertThat(bad("run", "-db", "java.lang.String").err).contains("does not extend site.ycsb.DB");
    assertThat(bad("run", "basic", "-db", "site.ycsb.BasicDB").err).contains("not both");
  }

  @Test
  void inconsistentCounts() {
    assertThat(bad("load", "basic", "-p", "recordcount=10", "-p", "insertstart=5", "-p", "insertcount=10").err)
        .contains("insertstart (5) + insertcount (10) is more than recordcount (10)");
  }

  @Test
  void debugShowsTheStackTrace() {
    Cli c = Cli.run("run", "nosuchstore", "--debug");
    assertThat(c.exit).isEqualTo(2);
    assertThat(c.err).contains("\tat ");
  }

  @Test
  void unknownButUnrelatedKeysOnlyWarn() {
    Cli c = Cli.run("run", "basic", "-P", "../workloads/workloada", "-p", "operationcount=10",
        "-p", "mongodb.url=mongodb://x", "-p", "results.dir=" + tmp.resolve("r"));
    assertThat(c.exit).as(c.toString()).isZero();
    assertThat(c.err).contains("warning: property mongodb.url is not used");
  }

  @Test
  void helpListsUsageAndBindingOptions() {
    Cli c = Cli.run("help");
    assertThat(c.exit).isZero();
    assertThat(c.out).contains("usage: bin/ycsb load|run").contains("basic");
    Cli b = Cli.run("help", "basic");
    assertThat(b.out).contains("basicdb.simulatedelay").contains("default 0").contains("milliseconds");
    Cli e = Cli.run("help", "engine");
    assertThat(e.out).contains("operationcount").contains("default 1000");
    Cli m = Cli.run("help", "core", "--markdown");
    assertThat(m.out).contains("| `requestdistribution` | uniform\\|zipfian");
  }

  /** A trace.in that is missing, not a trace, truncated or newer: one line naming the file, exit 2, nothing run. */
  @Test
  void aTraceToReplayThatIsMissingNotATraceTruncatedOrNewer() throws Exception {
    String good = "sciycsb-trace 1\ntool sciycsb dev\nphase run\nthreads 1\ntables usertable\nthread 0 2\n"
        + "m - R usertable user1 *\nm - U usertable user1 field0:10\nend 2\n";
    Path r = tmp.resolve("r");
    Path missing = tmp.resolve("nope.trace");
    assertThat(bad("run", "basic", "-p", "trace.in=" + missing, "-p", "results.dir=" + r).err)
        .contains("trace.in " + missing + ": no such file");
    Path notATrace = Files.writeString(tmp.resolve("workloada"), "recordcount=10\n");
    assertThat(bad("run", "basic", "-p", "trace.in=" + notATrace, "-p", "results.dir=" + r).err)
        .contains("trace.in " + notATrace + " is not a trace");
    Path cut = Files.writeString(tmp.resolve("cut.trace"), good.substring(0, good.indexOf("end")));
    assertThat(bad("run", "basic", "-p", "trace.in=" + cut, "-p", "results.dir=" + r).err)
        .contains("trace.in " + cut + " is truncated");
    Path cutRecord = Files.writeString(tmp.resolve("cut2.trace"), good.substring(0, good.indexOf("m - U")));
    assertThat(bad("run", "basic", "-p", "trace.in=" + cutRecord, "-p", "results.dir=" + r).err)
        .contains("trace.in " + cutRecord + " is truncated");
    java.io.ByteArrayOutputStream gz = new java.io.ByteArrayOutputStream();
    try (java.util.zip.GZIPOutputStream z = new java.util.zip.GZIPOutputStream(gz)) {
      z.write(good.repeat(1).getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }
    byte[] zipped = gz.toByteArray();
    Path cutGz = Files.write(tmp.resolve("cut.trace.gz"), java.util.Arrays.copyOf(zipped, zipped.length - 12));
    assertThat(bad("run", "basic", "-p", "trace.in=" + cutGz, "-p", "results.dir=" + r).err)
        .contains("trace.in " + cutGz);
    Path newer = Files.writeString(tmp.resolve("newer.trace"), good.replace("sciycsb-trace 1", "sciycsb-trace 2"));
    assertThat(bad("run", "basic", "-p", "trace.in=" + newer, "-p", "results.dir=" + r).err)
        .contains("trace.in " + newer + " is a trace of format 2");
    Path ok = Files.writeString(tmp.resolve("ok.trace"), good);
    assertThat(bad("run", "basic", "-p", "trace.in=" + ok, "-threads", "3", "-p", "results.dir=" + r).err)
        .contains("holds the operations of 1 client threads: -threads 3 cannot replay it");
    assertThat(bad("run", "basic", "-P", "../workloads/workloada", "-p", "trace.out=" + tmp.resolve("no/such/t"),
        "-p", "results.dir=" + r).err).contains("trace.out " + tmp.resolve("no/such/t") + ": the folder");
    assertThat(bad("run", "basic", "-P", "../workloads/workloada", "-p", "trace.out=" + tmp,
        "-p", "results.dir=" + r).err).contains("trace.out " + tmp + " is a folder");
    assertThat(bad("run", "basic", "-p", "trace.in=" + ok, "-p", "trace.out=" + ok, "-p", "results.dir=" + r).err)
        .contains("trace.out " + ok + " is the trace being replayed");
    assertThat(r).as("nothing ran").doesNotExist();
    Path gzOk = Files.write(tmp.resolve("ok.trace.gz"), zipped);
    Cli replay = Cli.run("run", "basic", "-p", "trace.in=" + gzOk, "-p", "results.dir=" + r);
    assertThat(replay.exit).as(replay.toString()).isZero();
    assertThat(replay.out).contains("[READ], Operations, 1").contains("[UPDATE], Operations, 1");
  }
}
