package org.sciycsb.compat;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Upstream YCSB 0.17.0's {@code site.ycsb.Client} in a subprocess, on the classpath the build copied from Maven
 * Central into {@code target/upstream-ycsb/}, with the garbage collector of this JVM (the GC lines name it).
 */
final class UpstreamYcsb {
  static final Path LIB = Path.of("target/upstream-ycsb");

  private UpstreamYcsb() {}

  /** Its stdout for {@code -load|-t -db site.ycsb.BasicDB -P workload -p basicdb.verbose=false [args]}. */
  static String run(boolean load, Path workload, List<String> props) throws IOException, InterruptedException {
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    ManagementFactory.getRuntimeMXBean().getInputArguments().stream()
        .filter(a -> a.startsWith("-XX:") && a.contains("GC")).forEach(cmd::add);
    cmd.add("-cp");
    cmd.add(classpath());
    cmd.addAll(List.of("site.ycsb.Client", load ? "-load" : "-t", "-db", "site.ycsb.BasicDB", "-P",
        workload.toString(), "-p", "basicdb.verbose=false"));
    if (props.contains("measurement.trackjvm=true")) {
      cmd.add("-s"); // upstream samples the JVM in its status thread only; this tool samples it without -s too
    }
    for (String p : props) {
      cmd.add("-p");
      cmd.add(p);
    }
    Path out = Files.createTempFile("upstream", ".out");
    Path err = Files.createTempFile("upstream", ".err");
    try {
      Process proc = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
      if (!proc.waitFor(120, TimeUnit.SECONDS)) {
        proc.destroyForcibly();
        throw new IllegalStateException("upstream YCSB did not end within 120 s: " + cmd);
      }
      if (proc.exitValue() != 0) {
        throw new IllegalStateException("upstream YCSB exited " + proc.exitValue() + ": "
            + Files.readString(err, StandardCharsets.UTF_8));
      }
      return Files.readString(out, StandardCharsets.UTF_8);
    } finally {
      Files.deleteIfExists(out);
      Files.deleteIfExists(err);
    }
  }

  private static String classpath() throws IOException {
    try (Stream<Path> jars = Files.list(LIB)) {
      List<String> all = jars.filter(p -> p.toString().endsWith(".jar")).map(Path::toString).sorted().toList();
      if (all.stream().noneMatch(j -> j.contains("core-0.17.0"))) {
        throw new IllegalStateException("no site.ycsb core-0.17.0.jar in " + LIB.toAbsolutePath()
            + " (the build copies it there: mvn -pl upstream-compat -am test)");
      }
      return String.join(java.io.File.pathSeparator, all);
    }
  }
}
