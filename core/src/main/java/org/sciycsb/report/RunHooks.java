package org.sciycsb.report;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.sciycsb.api.Config;
import org.sciycsb.api.ConfigException;
import org.sciycsb.engine.EngineOptions;
import org.sciycsb.engine.ResultsDir;
import org.sciycsb.engine.RunReport;

/**
 * What a run adds for the reports, kept out of the engine's code: resource sampling while it runs, the storage
 * device in the metadata, and at the end {@code resources.csv}, {@code final-status.xml} (Taurus, for the Jenkins
 * Performance plugin) and, when {@code sla.*} thresholds are set, {@code junit.xml} and exit code 5 on a breach.
 */
public final class RunHooks {
  private final Config cfg;
  private final Path resultsDir;
  private final List<Sla.Check> checks;
  private final long intervalMs;
  private ResourceSampler sampler;
  private List<ResourceSampler.Sample> samples = List.of();

  private RunHooks(Config cfg, Path resultsDir, List<Sla.Check> checks, long intervalMs) {
    this.cfg = cfg;
    this.resultsDir = resultsDir;
    this.checks = checks;
    this.intervalMs = intervalMs;
  }

  /** Validates the options; nothing starts yet. */
  public static RunHooks of(Config cfg, Path resultsDir) throws ConfigException {
    List<Sla.Check> checks = Sla.parse(cfg.asMap());
    long interval = cfg.get(ReportOptions.RESOURCES_INTERVAL).toMillis();
    RunHooks h = new RunHooks(cfg, resultsDir, checks, interval);
    if (cfg.get(ReportOptions.RESOURCES_SAMPLE) && ResourceSampler.available()) {
      h.sampler = new ResourceSampler(interval);
    }
    return h;
  }

  /** Starts sampling (call before the client threads start). */
  public void start() {
    if (sampler != null) {
      sampler.start();
    }
  }

  /** Stops sampling; sample times become relative to the measured start. */
  public Map<String, Object> stop(long measuredStartEpochMs) {
    if (sampler == null) {
      return null;
    }
    samples = sampler.stop(measuredStartEpochMs);
    return ResourceSampler.section(intervalMs, samples);
  }

  /** Stops the sampler thread if it still runs (the run ended by an exception). */
  public void close() {
    if (sampler != null) {
      sampler.close();
    }
  }

  /** The data device of the results directory (or of {@code label.device}), for the metadata. */
  public Map<String, Object> storage() throws ConfigException {
    String device = cfg.get(ReportOptions.LABEL_DEVICE);
    return StorageDevice.describe(device != null ? Path.of(device) : resultsDir, cfg.get(EngineOptions.LABEL_STORAGE));
  }

  public boolean hasChecks() {
    return !checks.isEmpty();
  }

  /**
   * Writes the extra files and checks the thresholds.
   *
   * @return a one-line failure when a threshold is breached, else null
   */
  public String finish(RunReport report, ResultsDir dir, PrintStream err) {
    String failure = null;
    try {
      if (sampler != null) {
        dir.writeAtomically("resources.csv", ResourceSampler.csv(samples));
      }
      dir.writeAtomically("final-status.xml", FinalStatus.xml(report));
      if (!checks.isEmpty()) {
        List<Sla.Result> results = Sla.check(checks, report);
        dir.writeAtomically("junit.xml", Sla.junitXml("sciycsb.sla", results));
        long breached = results.stream().filter(r -> !r.passed()).count();
        for (Sla.Result r : results) {
          err.println((r.passed() ? "sla ok: " : "SLA BREACHED: ") + r.message());
        }
        if (breached > 0) {
          String first = results.stream().filter(r -> !r.passed()).findFirst().map(Sla.Result::message).orElse("");
          failure = breached + " of " + results.size() + " SLA checks breached: " + first + " (see "
              + dir.file("junit.xml") + ")";
        }
      }
    } catch (IOException e) {
      err.println("error: could not write report files to " + dir.path() + ": " + e.getMessage());
    }
    return failure;
  }
}
