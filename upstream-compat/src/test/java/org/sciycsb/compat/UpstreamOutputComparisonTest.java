package org.sciycsb.compat;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.sciycsb.testkit.InProcessRun;

/**
 * Upstream YCSB 0.17.0 (site.ycsb.BasicDB) and this tool (the {@code basic} binding) on the same workload files
 * with the same properties: their outputs (stdout, or the exportfile) have the same structure line by line
 * ({@link OutputStructure}: sections, metric names, order, integer or decimal values). Workloads A-F, the load
 * phase, every measurementtype, every measurement.interval, verbose histograms, any percentiles, JVM tracking, and
 * upstream's three exporters.
 */
class UpstreamOutputComparisonTest {
  private static final Path WORKLOADS = Path.of("../workloads");
  private static final String EXPORTERS = "site.ycsb.measurements.exporter.";

  @TempDir
  Path tmp;

  static Stream<Arguments> cases() {
    List<Arguments> c = new ArrayList<>();
    for (String w : List.of("a", "b", "c", "d", "e", "f")) {
      c.add(Arguments.of("workload" + w, false, List.of()));
    }
    c.add(Arguments.of("workloada", true, List.of()));
    for (String t : List.of("histogram", "timeseries", "raw", "hdrhistogram+histogram", "hdrhistogram+raw")) {
      c.add(Arguments.of("workloadf", false, List.of("measurementtype=" + t)));
    }
    for (String i : List.of("op", "intended", "both")) {
      c.add(Arguments.of("workloada", false, List.of("measurement.interval=" + i, "target=5000")));
      c.add(Arguments.of("workloadb", false, List.of("measurement.interval=" + i, "measurementtype=timeseries")));
    }
    c.add(Arguments.of("workloadb", false, List.of("measurement.histogram.verbose=true")));
    c.add(Arguments.of("workloadb", false, List.of("measurement.histogram.verbose=true", "measurementtype=histogram",
        "histogram.buckets=20")));
    c.add(Arguments.of("workloade", false, List.of("hdrhistogram.percentiles=50,90,99.9,99.99,1,2,3,11,21")));
    c.add(Arguments.of("workloadc", false, List.of("measurementtype=raw", "measurement.raw.no_summary=true")));
    for (String e : List.of("TextMeasurementsExporter", "JSONMeasurementsExporter", "JSONArrayMeasurementsExporter")) {
      c.add(Arguments.of("workloada", false, List.of("exporter=" + EXPORTERS + e, "exportfile=EXPORT")));
    }
    c.add(Arguments.of("workloada", false, List.of("measurement.trackjvm=true")));
    c.add(Arguments.of("workloadf", false, List.of("measurement.trackjvm=true", "measurement.interval=both",
        "measurementtype=hdrhistogram+raw")));
    c.add(Arguments.of("workloadd", false, List.of("exporter=" + EXPORTERS + "JSONArrayMeasurementsExporter",
        "measurementtype=hdrhistogram+histogram", "measurement.interval=both")));
    return c.stream();
  }

  @ParameterizedTest(name = "{0} load={1} {2}")
  @MethodSource("cases")
  void sameStructureAsUpstream(String workload, boolean load, List<String> props) throws Exception {
    Path file = WORKLOADS.resolve(workload);
    Path upExport = tmp.resolve("upstream.export");
    Path ourExport = tmp.resolve("ours.export");
    List<String> common = new ArrayList<>(List.of("operationcount=1000", "recordcount=1000"));
    String upstream = UpstreamYcsb.run(load, file, with(common, props, upExport));
    List<String> argv = new ArrayList<>(List.of(load ? "load" : "run", "basic", "-P", file.toString(),
        "-p", "results.dir=" + tmp.resolve("results")));
    for (String p : with(common, props, ourExport)) {
      argv.add("-p");
      argv.add(p);
    }
    InProcessRun ours = InProcessRun.run(argv.toArray(String[]::new));
    assertThat(ours.exit).as(ours.toString()).isZero();
    String our = ours.out;
    if (props.stream().anyMatch(p -> p.startsWith("exportfile="))) {
      assertThat(ours.out).as("exportfile: nothing on stdout").isEmpty();
      assertThat(upstream).isEmpty();
      upstream = Files.readString(upExport, StandardCharsets.UTF_8);
      our = Files.readString(ourExport, StandardCharsets.UTF_8);
    }
    assertThat(OutputStructure.of(our)).as("upstream's output:%n%s%nours:%n%s", upstream, our)
        .containsExactlyElementsOf(OutputStructure.of(upstream));
  }

  private static List<String> with(List<String> common, List<String> props, Path export) {
    List<String> all = new ArrayList<>(common);
    props.forEach(p -> all.add(p.replace("EXPORT", export.toString())));
    return all;
  }
}
