package org.sciycsb.yarn;

import java.time.Duration;
import org.sciycsb.api.Option;
import org.sciycsb.api.OptionSet;

/** The options of a cluster run ({@code bin/ycsb load|run ... --yarn DIR --clients N}), declared once. */
public final class YarnOptions {
  private YarnOptions() {}

  public static final Option<Integer> MEMORY_MB = Option.integer("yarn.memory.mb", 2048,
      "memory of each client's container in MB: the task JVM (200 MB heap) and the client JVM, whose heap (-Xmx) is "
          + "this less 512 MB").check(v -> v >= 768, "must be at least 768");
  public static final Option<Integer> VCORES = Option.integer("yarn.vcores", 1,
      "virtual cores of each client's container (mapreduce.map.cpu.vcores)").check(v -> v >= 1, "must be at least 1");
  public static final Option<String> QUEUE = Option.string("yarn.queue", null,
      "YARN queue of the job (mapreduce.job.queuename)").defaultShownAs("the cluster's default");
  public static final Option<String> STAGING = Option.string("yarn.staging", ".sciycsb",
      "folder on the cluster's default file system for the shipped jars (jars/, reused between jobs) and each "
          + "job's client results (runs/<id>/); relative paths are under the user's home folder there");
  public static final Option<Duration> BARRIER = Option.duration("yarn.barrier", Duration.ofMinutes(5), "s",
      "each client waits up to this long for every client's task to start before it starts its engine, so that "
          + "the measured phases overlap; 0 = no wait (bare number: seconds)");
  public static final Option<Duration> START_LEAD = Option.duration("yarn.start.lead", Duration.ofSeconds(10), "s",
      "once every client's task has started, all clients begin together (start.at) this long after the last one "
          + "started: time for the JVM, the binding and the threads to get ready (a client not ready by then begins "
          + "when it is); 0 = each at once (bare number: seconds)");
  public static final Option<Boolean> KEEP = Option.bool("yarn.keep", false,
      "keep the job's folder (runs/<id>/: every client's results and log) on the cluster file system after "
          + "downloading it");
  public static final Option<String> JAVA_HOME = Option.string("yarn.java.home", null,
      "a JDK 17 (or newer) on the cluster's nodes for the client JVMs").defaultShownAs("the task JVM's java.home");

  public static OptionSet all() {
    return OptionSet.builder("yarn")
        .add(MEMORY_MB, VCORES, QUEUE, STAGING, BARRIER, START_LEAD, KEEP, JAVA_HOME)
        .ownPrefix("yarn.")
        .build();
  }
}
