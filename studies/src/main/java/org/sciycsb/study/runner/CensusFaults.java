package org.sciycsb.study.runner;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.sciycsb.api.AtomicFiles;
import org.sciycsb.api.Config;
import org.sciycsb.api.ConfigException;
import org.sciycsb.api.OptionSet;
import org.sciycsb.engine.fault.FaultSchedule;
import org.sciycsb.study.plan.Step;

/**
 * A census step's fault schedule ({@link Step#fault}): placed in time (at a fraction of its baseline job's time,
 * or at its own {@code fault.at}), run around the {@code bin/census} job (times counted from the job's start,
 * which the job signals through {@code census.startfile}), and written into the job's {@code results.json} as {@code metadata.faults}, each entry with
 * {@code atJobMs}: when it ran, counted from the job's submission ({@code metadata.jobStartEpochMs}); the first
 * fault's also as {@code metadata.faultAtJobMs}.
 */
final class CensusFaults {
  private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private final FaultSchedule schedule;
  private final String at;
  private long startedEpochMs;

  private CensusFaults(FaultSchedule schedule, String at) {
    this.schedule = schedule;
    this.at = at;
  }

  /**
   * Checks a step's fault properties before anything runs (a fault placed by its baseline: at any time); with
   * {@code servers}, also that the test server it kills nodes of runs and has them (not for a dry run).
   */
  static void validate(Step s, boolean servers) throws ConfigException {
    if (s.fault().isEmpty()) {
      return;
    }
    Map<String, String> p = s.fault();
    if (s.faultBaseline() != null) {
      p.put(FaultSchedule.AT.name(), "1s");
    }
    try {
      if (servers) {
        FaultSchedule.EXTENSION.validate(config(p));
      } else {
        FaultSchedule.validateWithoutServers(config(p));
      }
    } catch (ConfigException e) {
      throw new ConfigException("step " + s.name() + ": " + e.getMessage());
    }
  }

  private static Config config(Map<String, String> p) throws ConfigException {
    OptionSet set = FaultSchedule.EXTENSION.options();
    for (String k : p.keySet()) {
      if (!set.declares(k)) {
        throw new ConfigException("unknown fault option " + k + " (bin/ycsb help faults)");
      }
    }
    return new Config(p);
  }

  /**
   * The step's schedule, its fault placed in time from the baseline's job ({@code jobMs}: each finished census
   * step's job time, by name): the fraction of that time after this job's start; empty when the step has no fault.
   */
  static Optional<CensusFaults> open(Step s, Map<String, Long> jobMs, Path stepDir) throws ConfigException {
    if (s.fault().isEmpty()) {
      return Optional.empty();
    }
    Map<String, String> p = s.fault();
    if (s.faultBaseline() != null) {
      Long base = jobMs.get(s.faultBaseline());
      if (base == null) {
        throw new ConfigException("the fault of step " + s.name() + " is placed in time by step "
            + s.faultBaseline() + ", which has no time (it did not run)");
      }
      p.put(FaultSchedule.AT.name(), Math.max(1, Math.round(base * s.faultFraction())) + "ms");
    }
    try {
      Files.createDirectories(stepDir);
    } catch (IOException e) {
      throw new ConfigException("cannot create " + stepDir + ": " + e.getMessage());
    }
    String at = p.get(FaultSchedule.AT.name());
    return FaultSchedule.around(config(p), stepDir.resolve("fault.log")).map(f -> new CensusFaults(f, at));
  }

  /** When the fault comes, counted from the job's start (for the step's log). */
  String at() {
    return at;
  }

  /** The census job has started: the schedule's clock starts. */
  void started() {
    startedEpochMs = System.currentTimeMillis();
    schedule.beforeThreadsStart();
  }

  /**
   * The process ended: stops the schedule (a restore due at the end runs now), records what ran in the step's
   * record and in the job's results.json (when the job wrote one); returns what went wrong with the schedule.
   */
  Optional<String> ended(Path resultsJson, Map<String, Object> rec) {
    schedule.measurementEnded(startedEpochMs);
    List<Map<String, Object>> faults = faults();
    rec.put("faults", faults);
    if (faults.stream().noneMatch(f -> "fault".equals(f.get("what")))) {
      return Optional.of("the job ended before its fault (at " + at + " into the job) came: it measured nothing;"
          + " place the fault earlier (faults.at) or give the job more records (--scale)");
    }
    if (Files.isRegularFile(resultsJson)) {
      try {
        ObjectNode root = (ObjectNode) MAPPER.readTree(resultsJson.toFile());
        ObjectNode meta = root.with("metadata");
        long jobStart = meta.path("jobStartEpochMs").asLong(-1);
        List<Map<String, Object>> withJob = new ArrayList<>();
        for (Map<String, Object> f : faults) {
          Map<String, Object> m = new LinkedHashMap<>(f);
          if (jobStart > 0 && f.get("startedEpochMs") instanceof Long st) {
            m.put("atJobMs", st - jobStart);
            if ("fault".equals(f.get("what")) && !meta.has("faultAtJobMs")) {
              meta.put("faultAtJobMs", st - jobStart); // the first fault, for the study's report
            }
          }
          withJob.add(m);
        }
        meta.set("faults", MAPPER.valueToTree(withJob));
        AtomicFiles.write(resultsJson, MAPPER.writeValueAsString(root) + "\n");
        long jobEnd = meta.path("jobEndEpochMs").asLong(-1);
        if (meta.has("faultAtJobMs") && jobEnd > 0 && jobStart + meta.path("faultAtJobMs").asLong() > jobEnd) {
          return Optional.of("the fault came after the job had ended (" + meta.path("faultAtJobMs").asLong()
              + " ms into a " + (jobEnd - jobStart) + " ms job): it measured nothing; place it earlier");
        }
      } catch (IOException | ClassCastException e) {
        return Optional.of("cannot add the faults to " + resultsJson + ": " + e.getMessage());
      }
    }
    return schedule.problem();
  }

  @SuppressWarnings("unchecked")
  private List<Map<String, Object>> faults() {
    Object f = schedule.metadata().get("faults");
    return f instanceof List<?> l ? (List<Map<String, Object>>) l : List.of();
  }
}
