package org.sciycsb.engine.run;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import org.sciycsb.api.BenchWorkload;
import org.sciycsb.api.Config;
import org.sciycsb.api.ConfigException;
import org.sciycsb.api.Phase;
import org.sciycsb.engine.config.EngineOptions;
import org.sciycsb.engine.schedule.ArrivalProcess;
import org.sciycsb.output.OutputSettings;

/** The engine options a run reads, parsed once before anything starts. */
record Settings(int threads, double target, ArrivalProcess arrival, long warmupOps, Duration warmupTime,
    long maxSeconds, int digits, int granularityMs, int statusSeconds, List<Double> percentiles, String label, boolean perThread,
    long errorsMax, boolean checkCount, OutputSettings output, int inflight) {

  static Settings of(Config cfg) throws ConfigException {
    List<Double> percentiles = parsePercentiles(cfg.get(EngineOptions.PERCENTILES));
    return new Settings(cfg.get(EngineOptions.THREADS), cfg.get(EngineOptions.TARGET), ArrivalProcess.of(cfg),
        cfg.get(EngineOptions.WARMUP_OPS), cfg.get(EngineOptions.WARMUP_TIME),
        cfg.get(EngineOptions.MAX_EXECUTION_TIME), cfg.get(EngineOptions.DIGITS), cfg.get(EngineOptions.GRANULARITY),
        cfg.get(EngineOptions.STATUS_INTERVAL), percentiles,
        cfg.get(EngineOptions.LABEL), cfg.get(EngineOptions.CONNECTIONS).equals("perthread"),
        cfg.get(EngineOptions.ERRORS_MAX), cfg.get(EngineOptions.CHECK_COUNT),
        OutputSettings.of(cfg, percentiles, cfg.get(EngineOptions.GRANULARITY)),
        cfg.isSet(EngineOptions.INFLIGHT) ? cfg.get(EngineOptions.INFLIGHT) : 0);
  }

  boolean warmup() {
    return warmupOps > 0 || !warmupTime.isZero();
  }

  /** The warmup asked for, as its option, for the validity's evidence. */
  String warmupWords() {
    if (!warmupTime.isZero()) {
      return EngineOptions.WARMUP_TIME.name() + "=" + warmupTime.toMillis() + "ms";
    }
    return warmupOps > 0 ? EngineOptions.WARMUP_OPS.name() + "=" + warmupOps : "none";
  }

  /** The operations the phase plans (the workload's own count, else the options'); -1 for no limit. */
  static long plannedOperations(BenchWorkload w, Config cfg, boolean load) throws ConfigException {
    OptionalLong own = w.plannedOperations(load ? Phase.LOAD : Phase.RUN);
    if (own.isPresent()) {
      return own.getAsLong();
    }
    if (load) {
      Long ic = cfg.get(EngineOptions.INSERT_COUNT);
      return ic != null ? ic : cfg.get(EngineOptions.RECORD_COUNT);
    }
    long oc = cfg.get(EngineOptions.OPERATION_COUNT);
    return oc == 0 ? -1 : oc;
  }

  static List<Double> parsePercentiles(String s) throws ConfigException {
    List<Double> out = new ArrayList<>();
    for (String p : s.split(",")) {
      if (p.isBlank()) {
        continue;
      }
      try {
        double d = Double.parseDouble(p.trim());
        if (d <= 0 || d >= 100) {
          throw new NumberFormatException();
        }
        out.add(d);
      } catch (NumberFormatException e) {
        throw new ConfigException("bad value for hdrhistogram.percentiles: '" + p.trim()
            + "' is not a percentile between 0 and 100");
      }
    }
    return out;
  }
}
