package org.sciycsb.report.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The sampler on this host (OSHI): the test JVM itself for a few intervals, and a PID without a process. */
class ResourceSamplerTest {
  private static final long INTERVAL_MS = 150;

  @BeforeAll
  static void oshiReadsThisSystem() {
    // the project's machines are Linux, which OSHI reads: a sampler that cannot start here is a failure, not a skip
    assertThat(ResourceSampler.available()).as("OSHI reads this system").isTrue();
  }

  /** Samples for about four intervals, burning some CPU so the JVM's own figures are not all zero. */
  private static List<ResourceSampler.Sample> sample(ResourceSampler s) {
    s.start();
    long start = System.currentTimeMillis();
    long end = start + 4 * INTERVAL_MS + 50;
    double sink = 0;
    while (System.currentTimeMillis() < end) {
      sink += Math.sqrt(sink + 1);
    }
    assertThat(sink).isPositive();
    return s.stop(start);
  }

  @Test
  void samplesTheHostAndTheClientJvm() {
    ResourceSampler sampler = new ResourceSampler(INTERVAL_MS);
    List<ResourceSampler.Sample> samples = sample(sampler);
    assertThat(samples).hasSizeGreaterThanOrEqualTo(3);
    long hostMemory = samples.get(0).memUsed() + samples.get(0).memAvailable();
    long pid = ProcessHandle.current().pid();
    for (ResourceSampler.Sample s : samples) {
      assertThat(s.cpuUser() + s.cpuSys() + s.cpuIowait()).isBetween(0.0, 100.5);
      assertThat(s.memAvailable()).isPositive();
      assertThat(s.memUsed()).isPositive();
      for (double[] d : s.disks().values()) {
        assertThat(d).hasSize(4);
        assertThat(Arrays.stream(d).min().orElseThrow()).isGreaterThanOrEqualTo(0);
      }
      for (double[] n : s.nets().values()) {
        assertThat(n).hasSize(2);
        assertThat(Arrays.stream(n).min().orElseThrow()).isGreaterThanOrEqualTo(0);
      }
      ResourceSampler.ProcessSample me = s.processes().get(ResourceSampler.CLIENT);
      assertThat(me).as("the client JVM in every sample").isNotNull();
      assertThat(me.pid()).isEqualTo(pid);
      assertThat(me.rssBytes()).isPositive().isLessThan(hostMemory);
      assertThat(me.cpuUser()).isBetween(0.0, 100.5);
      assertThat(me.cpuSys()).isBetween(0.0, 100.5);
    }
    // the loop above keeps one CPU busy: the host and the JVM both show it over the run
    assertThat(samples.stream().mapToDouble(ResourceSampler.Sample::cpuUser).sum()).isPositive();
    assertThat(samples.stream().mapToDouble(s -> s.processes().get(ResourceSampler.CLIENT).cpuUser()).sum())
        .isPositive();
    assertThat(sampler.processes()).singleElement().satisfies(w -> {
      assertThat(w.name()).isEqualTo("client");
      assertThat(w.pid()).isEqualTo(pid);
      assertThat(w.command()).isNotBlank();
      assertThat(w.problem()).isNull();
    });
  }

  @Test
  void aPidWithoutAProcessIsReportedNotThrown() {
    long dead = deadPid();
    ResourceSampler sampler = new ResourceSampler(INTERVAL_MS, List.of(ProcessHandle.current().pid(), dead));
    List<ResourceSampler.Sample> samples = sample(sampler);
    assertThat(samples).isNotEmpty().allSatisfy(s -> {
      assertThat(s.processes()).containsOnlyKeys("client");
      assertThat(s.memAvailable()).isPositive(); // the host is still sampled
    });
    assertThat(sampler.processes()).extracting(ResourceSampler.Watched::name).containsExactly("client", "server");
    ResourceSampler.Watched w = sampler.processes().get(1);
    assertThat(w.command()).isNull();
    assertThat(w.problem()).isEqualTo("no process with pid " + dead);
    Map<String, Object> section = ResourceWriter.section(INTERVAL_MS, samples, sampler.processes());
    assertThat(section.get("processes").toString()).contains("problem=no process with pid " + dead);
    String header = ResourceWriter.csv(samples).lines().findFirst().orElseThrow();
    assertThat(header).endsWith(",client_cpu_user_pct,client_cpu_sys_pct,client_rss_bytes")
        .doesNotContain("server");
  }

  /** The CSV and JSON sections of real samples have the shape of the golden files: fixed columns, then devices. */
  @Test
  void realSamplesKeepTheShapeOfTheFiles() {
    ResourceSampler sampler = new ResourceSampler(INTERVAL_MS);
    List<ResourceSampler.Sample> samples = sample(sampler);
    String[] lines = ResourceWriter.csv(samples).split("\n");
    assertThat(lines).hasSize(samples.size() + 1);
    assertThat(lines[0]).startsWith("t_ms,cpu_user_pct,cpu_sys_pct,cpu_iowait_pct,mem_used_bytes,mem_available_bytes")
        .endsWith(",client_cpu_user_pct,client_cpu_sys_pct,client_rss_bytes");
    int columns = lines[0].split(",", -1).length;
    for (int i = 1; i < lines.length; i++) {
      assertThat(lines[i].split(",", -1)).hasSize(columns);
    }
    Map<String, Object> section = ResourceWriter.section(INTERVAL_MS, samples, sampler.processes());
    assertThat(section).containsOnlyKeys("source", "intervalMs", "units", "processes", "samples", "summary");
    @SuppressWarnings("unchecked")
    Map<String, Object> first = ((List<Map<String, Object>>) section.get("samples")).get(0);
    assertThat(first.keySet()).containsExactly("tMs", "cpu", "memory", "disks", "network", "processes");
  }

  /**
   * A server process's figures include its descendants': a shell that only waits for a child that spins counts
   * the child's CPU (PostgreSQL's work is in the postmaster's backends).
   */
  @Test
  void aServerProcessCountsItsDescendants() throws Exception {
    Process shell = new ProcessBuilder("bash", "-c", "bash -c 'while :; do :; done' & wait").start();
    try {
      Thread.sleep(200);
      ResourceSampler sampler = new ResourceSampler(INTERVAL_MS, List.of(ProcessHandle.current().pid(),
          shell.pid()));
      List<ResourceSampler.Sample> samples = sample(sampler);
      double cpu = samples.stream().filter(x -> x.processes().containsKey("server"))
          .mapToDouble(x -> x.processes().get("server").cpuUser() + x.processes().get("server").cpuSys())
          .average().orElse(0);
      // one spinning core is 100 / CPUs % of all CPUs; on a busy machine it gets less, but far above the idle shell
      assertThat(cpu).as("the waiting shell with its spinning child").isGreaterThan(10);
    } finally {
      shell.descendants().forEach(ProcessHandle::destroyForcibly);
      shell.destroyForcibly();
    }
  }

  /** A PID no process has: above the kernel's pid_max where it can be read, else one that is not running. */
  private static long deadPid() {
    long pid = 4_194_304L + 1; // above Linux's largest pid_max
    while (ProcessHandle.of(pid).isPresent()) {
      pid++;
    }
    return pid;
  }
}
