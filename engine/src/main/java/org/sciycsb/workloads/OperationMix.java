package org.sciycsb.workloads;

import java.util.random.RandomGenerator;
import org.sciycsb.api.Config;
import org.sciycsb.api.ConfigException;

/**
 * The core workload's transaction mix: the five proportions, as weights normalised into a table the next
 * transaction's operation is drawn from (a precomputed table instead of upstream's choice by string).
 */
final class OperationMix {
  static final int OP_READ = 0;
  static final int OP_UPDATE = 1;
  static final int OP_INSERT = 2;
  static final int OP_SCAN = 3;
  static final int OP_RMW = 4;

  /** The proportions' option names, in the order of the operation codes. */
  static final String[] NAMES = {"readproportion", "updateproportion", "insertproportion", "scanproportion",
      "readmodifywriteproportion"};

  private final double[] cumulative;
  private final int[] codes;

  private OperationMix(double[] cumulative, int[] codes) {
    this.cumulative = cumulative;
    this.codes = codes;
  }

  /** The proportions as given, in the order of the operation codes. */
  static double[] weights(Config p) throws ConfigException {
    return new double[] {p.get(CoreWorkloadOptions.READ_PROPORTION), p.get(CoreWorkloadOptions.UPDATE_PROPORTION),
        p.get(CoreWorkloadOptions.INSERT_PROPORTION), p.get(CoreWorkloadOptions.SCAN_PROPORTION),
        p.get(CoreWorkloadOptions.RMW_PROPORTION)};
  }

  static OperationMix of(Config p) throws ConfigException {
    return of(weights(p));
  }

  /** The mix of these weights (in the order of the operation codes); at least one must be positive. */
  static OperationMix of(double[] weights) {
    double sum = 0;
    int n = 0;
    for (double w : weights) {
      if (w > 0) {
        sum += w;
        n++;
      }
    }
    double[] cumulative = new double[n];
    int[] codes = new int[n];
    // the same arithmetic as upstream's DiscreteGenerator: subtract normalised weights in order
    int k = 0;
    double acc = 0;
    for (int op = 0; op < weights.length; op++) {
      if (weights[op] > 0) {
        acc += weights[op] / sum;
        cumulative[k] = acc;
        codes[k] = op;
        k++;
      }
    }
    if (n > 0) {
      cumulative[n - 1] = Double.POSITIVE_INFINITY;
    }
    return new OperationMix(cumulative, codes);
  }

  /** The next transaction's operation, drawn by the proportions from the thread's generator. */
  int next(RandomGenerator random) {
    double r = random.nextDouble();
    int i = 0;
    while (r >= cumulative[i]) {
      i++;
    }
    return codes[i];
  }
}
