package org.sciycsb.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.sciycsb.api.BenchmarkException;
import org.sciycsb.api.ConfigException;
import org.sciycsb.api.Phase;
import org.sciycsb.api.SecretFilter;
import org.sciycsb.api.Secrets;
import org.sciycsb.engine.Benchmark;
import org.sciycsb.engine.Engine;
import org.sciycsb.engine.Manifest;
import org.sciycsb.report.compare.ManifestDiff;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code bin/ycsb rerun RESULTS_DIR [-p key=value]...}: the run whose folder that is, again, into a new folder:
 * its phase, binding and properties from its {@code results.json} ({@code results.dir} left out), the {@code -p}
 * overrides on top. A property that held a secret was masked when written and must be given again. Afterwards it
 * prints what the new run differs in from the original ({@link ManifestDiff}): the overrides, marked asked, and
 * anything else (a changed default, another kernel, another driver jar).
 */
@Command(name = "rerun", description = {"run a finished run's configuration again into a new folder (its "
    + "results.json: phase, binding, properties, manifest); then what differs from the original",
    "Bad input (no results.json, not sciycsb results, a newer format, no manifest, a masked secret not given "
    + "again) is one line, exit 2, and nothing runs."})
final class RerunCommand implements Commands.Action {
  static final int RESULTS_FORMAT = 1;

  @Parameters(index = "0", paramLabel = "<results-dir>", description = "the folder of the run to run again")
  String dir;
  @Parameters(index = "1..*", arity = "0..*", hidden = true)
  List<String> unexpected;
  @Option(names = {"--debug", "-debug"}, description = "stack traces on errors")
  boolean debug;
  private final Map<String, String> overrides = new LinkedHashMap<>();

  @Option(names = "-p", paramLabel = "<key>=<value>", description = "override a property of the original run "
      + "(results.dir = the new folder)")
  void property(String kv) throws ConfigException {
    String[] x = Args.keyValue(kv);
    overrides.put(x[0], x[1]);
  }

  @Override
  public int run(PrintStream out, PrintStream err, SecretFilter filter) throws BenchmarkException {
    if (unexpected != null && !unexpected.isEmpty()) {
      throw new ConfigException("rerun takes one results folder, not also '" + unexpected.get(0) + "'");
    }
    Path file = Path.of(dir).resolve("results.json");
    JsonNode original = read(file);
    JsonNode md = original.path("metadata");
    Phase phase = md.path("phase").asText().equals("load") ? Phase.LOAD : Phase.RUN;
    Map<String, String> props = properties(file, md);
    filter.addFrom(props, java.util.Set.of());
    Map<String, Object> rerunOf = new LinkedHashMap<>();
    rerunOf.put("dir", Path.of(dir).toAbsolutePath().normalize().toString());
    rerunOf.put("started", md.path("started").asText(null));
    rerunOf.put("gitRevision", md.path("gitRevision").asText(null));
    Benchmark.Prepared p = Benchmark.prepare(Main.builder(phase, md.path("binding").asText(), props, debug, out, err)
        .launch("rerunOf", rerunOf).launch("overrides", Secrets.mask(overrides, java.util.Set.of())).build());
    filter.addFrom(p.config().asMap(), p.secrets());
    err.println("rerun: " + phase.name().toLowerCase(java.util.Locale.ROOT) + " " + md.path("binding").asText()
        + " as in " + file + (overrides.isEmpty() ? "" : ", with " + String.join(", ", overrides.keySet())));
    Engine.Outcome o = Benchmark.run(p);
    printDifferences(original, o.resultsDir(), err);
    return o.exitCode();
  }

  /** The original's results.json, checked: sciycsb results of a known format, with a manifest. */
  static JsonNode read(Path file) throws ConfigException {
    if (!Files.isRegularFile(file)) {
      throw new ConfigException("rerun: " + file.getParent() + " is not a results folder (no results.json)");
    }
    JsonNode j;
    try {
      j = new ObjectMapper().readTree(file.toFile());
    } catch (IOException e) {
      throw new ConfigException("rerun: " + file + " is not JSON (" + e.getMessage().lines().findFirst().orElse("")
          + ")");
    }
    if (j == null || !"sciycsb-results".equals(j.path("format").asText())) {
      throw new ConfigException("rerun: " + file + " is not a sciycsb results document");
    }
    int v = j.path("formatVersion").asInt(-1);
    JsonNode manifest = j.path("metadata").path("manifest");
    if (v > RESULTS_FORMAT || manifest.path("formatVersion").asInt(0) > Manifest.VERSION) {
      throw new ConfigException("rerun: " + file + " was written by a newer sciycsb (results format " + v
          + ", manifest " + manifest.path("formatVersion").asInt(0) + "; this one reads up to " + RESULTS_FORMAT
          + " and " + Manifest.VERSION + ")");
    }
    if (manifest.isMissingNode() || !j.path("metadata").path("binding").isTextual()) {
      throw new ConfigException("rerun: " + file + " has no manifest (written before sciycsb recorded one): run "
          + "it again with bin/ycsb " + j.path("metadata").path("commandLine").asText("load|run ..."));
    }
    return j;
  }

  /** The original's properties without results.dir, the overrides on top; a masked one not given again is refused. */
  Map<String, String> properties(Path file, JsonNode md) throws ConfigException {
    Map<String, String> props = new LinkedHashMap<>();
    md.path("properties").fields().forEachRemaining(e -> props.put(e.getKey(), e.getValue().asText()));
    props.remove("results.dir");
    props.putAll(overrides);
    List<String> masked = new ArrayList<>();
    props.forEach((k, v) -> {
      if (v.contains(Secrets.MASK) && !overrides.containsKey(k)) {
        masked.add(k);
      }
    });
    if (!masked.isEmpty()) {
      throw new ConfigException("rerun: " + String.join(", ", masked) + " held a secret, masked in " + file
          + ": give it again with -p " + masked.get(0) + "=...");
    }
    return props;
  }

  /** The new run's differences from the original, overrides marked asked. */
  private void printDifferences(JsonNode original, Path newDir, PrintStream err) {
    try {
      JsonNode now = new ObjectMapper().readTree(newDir.resolve("results.json").toFile());
      List<ManifestDiff.Diff> d = ManifestDiff.of(original, now, overrides.keySet());
      if (d.isEmpty()) {
        err.println("rerun: the same configuration, environment and jars as the original");
      }
      for (ManifestDiff.Diff x : d) {
        err.println("rerun: differs: " + Secrets.maskText(x.line()));
      }
    } catch (IOException e) {
      err.println("rerun: cannot read the new results.json to compare: " + e.getMessage());
    }
  }
}
