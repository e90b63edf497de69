package org.sciycsb.workloads;

import org.sciycsb.api.CommonOptions;
import org.sciycsb.api.Config;
import org.sciycsb.api.ConfigException;
import org.sciycsb.api.Phase;

/** The core workload's checks of its options that need no store, made before any thread starts. */
final class CoreValidation {
  private CoreValidation() {}

  /**
   * The checks that need no store: counts, proportions, field lengths and the histogram file. Proportions are
   * weights, as in YCSB (a sum below 1 is normalised), but a sum above 1 is a mistake (two mixes merged, a typo),
   * and a run phase with every proportion 0 has nothing to do.
   */
  static void validate(Config p, Phase phase) throws ConfigException {
    long records = p.get(CommonOptions.RECORD_COUNT);
    long start = p.get(CommonOptions.INSERT_START);
    Long ic = p.get(CommonOptions.INSERT_COUNT);
    long count = ic != null ? ic : records - start;
    if (records < start + count || count < 0) {
      throw new ConfigException("bad combination: insertstart (" + start + ") + insertcount (" + count
          + ") is more than recordcount (" + records + ")");
    }
    if (p.get(CoreWorkloadOptions.CLIENT) >= p.get(CoreWorkloadOptions.CLIENTS)) {
      throw new ConfigException("bad combination: coreworkload.client (" + p.get(CoreWorkloadOptions.CLIENT)
          + ") must be less than coreworkload.clients (" + p.get(CoreWorkloadOptions.CLIENTS) + ")");
    }
    proportions(p, phase);
    if (p.get(CoreWorkloadOptions.DATA_INTEGRITY)
        && !p.get(CoreWorkloadOptions.FIELD_LENGTH_DISTRIBUTION).equals("constant")) {
      throw new ConfigException("dataintegrity=true needs fieldlengthdistribution=constant");
    }
    StalenessPlan.validate(p, phase);
    CoreGenerators.histogram(p); // reads the histogram file: a missing or bad one fails here
  }

  /** The proportions: a sum above 1 refused (naming the ones set), a run with none refused. */
  private static void proportions(Config p, Phase phase) throws ConfigException {
    String[] names = OperationMix.NAMES;
    double[] weights = OperationMix.weights(p);
    double sum = 0;
    StringBuilder set = new StringBuilder();
    for (int i = 0; i < weights.length; i++) {
      sum += weights[i];
      if (weights[i] > 0) {
        set.append(set.length() == 0 ? "" : " + ").append(names[i]).append(' ').append(weights[i]);
      }
    }
    if (sum > 1 + 1e-9) {
      throw new ConfigException("the operation proportions add up to more than 1: " + set + " = "
          + Math.round(sum * 1e6) / 1e6 + " (a workload file and -p settings that do not fit together?)");
    }
    if (phase == Phase.RUN && sum <= 0) {
      throw new ConfigException("no operations: every *proportion property is 0");
    }
  }
}
