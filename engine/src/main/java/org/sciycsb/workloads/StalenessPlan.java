package org.sciycsb.workloads;

import org.sciycsb.api.Config;
import org.sciycsb.api.ConfigException;
import org.sciycsb.api.Operation;
import org.sciycsb.api.Phase;
import org.sciycsb.api.WorkloadContext;
import org.sciycsb.measure.OperationRegistry;

/**
 * A run's {@code staleness=true}: the judge of its reads, for each judged operation (READ, and the read of a
 * READ-MODIFY-WRITE when the mix has them) its counts and the operation its stale reads are recorded as
 * ({@code READ-STALE}, {@code READ-MODIFY-WRITE-STALE}; latency = lag), and with {@code staleness.readers=N} the
 * read-only mix of threads {@code 0..N-1} and the write-only mix (the others' proportions without reads) of the
 * rest.
 */
record StalenessPlan(Staleness judge, Judged read, Judged rmw, int readers, OperationMix readOnly,
    OperationMix writeOnly) {
  /** The suffix of a judged operation's stale-read operation. */
  static final String STALE = "-STALE";
  static final String STALE_OP = OperationRegistry.READ + STALE;

  /** One judged operation: its name, its counts and the operation its stale results are recorded as. */
  record Judged(String name, Staleness.Tally tally, Operation staleOp) {}

  /** results.json's {@code extra.staleness}: each judged operation's figures by its name. */
  java.util.Map<String, Object> summary() {
    java.util.Map<String, Object> m = new java.util.LinkedHashMap<>();
    for (Judged j : rmw == null ? java.util.List.of(read) : java.util.List.of(read, rmw)) {
      m.put(j.name(), judge.summary(j.tally()));
    }
    return m;
  }

  /** The plan of a run with staleness=true, else null (a load ignores it: it has no reads). */
  static StalenessPlan of(WorkloadContext ctx) throws ConfigException {
    Config p = ctx.run().config();
    if (!p.get(CoreWorkloadOptions.STALENESS) || ctx.run().phase() != Phase.RUN) {
      return null;
    }
    int readers = p.get(CoreWorkloadOptions.STALENESS_READERS);
    double[] w = OperationMix.weights(p);
    double[] writes = w.clone();
    writes[OperationMix.OP_READ] = 0;
    int tag = (int) (ProcessHandle.current().pid() * 0x9E37 ^ System.nanoTime());
    Judged read = new Judged(OperationRegistry.READ, new Staleness.Tally(), ctx.operation(STALE_OP, true));
    Judged rmw = w[OperationMix.OP_RMW] <= 0 ? null : new Judged(OperationRegistry.READ_MODIFY_WRITE,
        new Staleness.Tally(), ctx.operation(OperationRegistry.READ_MODIFY_WRITE + STALE, true));
    return new StalenessPlan(new Staleness(p.get(CoreWorkloadOptions.STALENESS_HISTORY), tag), read, rmw, readers,
        OperationMix.of(new double[] {1, 0, 0, 0, 0}), readers > 0 ? OperationMix.of(writes) : null);
  }

  /**
   * The checks of a run with staleness=true that need no store: reads to judge, writes to judge them by when the
   * threads are split, fields a version fits in, and no data-integrity values in their place.
   */
  static void validate(Config p, Phase phase) throws ConfigException {
    if (!p.get(CoreWorkloadOptions.STALENESS) || phase != Phase.RUN) {
      return;
    }
    double[] w = OperationMix.weights(p);
    int readers = p.get(CoreWorkloadOptions.STALENESS_READERS);
    int threads = p.get(org.sciycsb.api.CommonOptions.THREADS);
    if (readers > 0 && readers >= threads) {
      throw new ConfigException("bad combination: staleness.readers=" + readers + " leaves no writer among "
          + threads + " thread" + (threads == 1 ? "" : "s")
          + " (the other threads write: -threads must be more than staleness.readers)");
    }
    if (w[OperationMix.OP_READ] <= 0 && w[OperationMix.OP_RMW] <= 0) {
      throw new ConfigException("staleness=true judges reads (READ, and the read of a READ-MODIFY-WRITE), and this"
          + " workload has none (readproportion=" + w[OperationMix.OP_READ] + ", readmodifywriteproportion="
          + w[OperationMix.OP_RMW] + ")");
    }
    if (p.get(CoreWorkloadOptions.STALENESS_READERS) > 0
        && w[OperationMix.OP_UPDATE] + w[OperationMix.OP_INSERT] + w[OperationMix.OP_RMW] <= 0) {
      throw new ConfigException("staleness.readers needs writes for the other threads, and this workload has none"
          + " (updateproportion, insertproportion and readmodifywriteproportion are 0)");
    }
    if (p.get(CoreWorkloadOptions.DATA_INTEGRITY)) {
      throw new ConfigException("bad combination: dataintegrity=true writes YCSB's deterministic values and"
          + " staleness=true values stamped with their write's version: choose one");
    }
    if (p.get(CoreWorkloadOptions.FIELD_COUNT) > Staleness.MAX_FIELDS) {
      throw new ConfigException("staleness=true judges records of at most " + Staleness.MAX_FIELDS
          + " fields (fieldcount=" + p.get(CoreWorkloadOptions.FIELD_COUNT) + ")");
    }
    String dist = p.get(CoreWorkloadOptions.FIELD_LENGTH_DISTRIBUTION);
    int shortest = dist.equals("constant") ? p.get(CoreWorkloadOptions.FIELD_LENGTH)
        : dist.equals("histogram") ? StampedValue.LENGTH : p.get(CoreWorkloadOptions.MIN_FIELD_LENGTH);
    if (shortest < StampedValue.LENGTH) {
      throw new ConfigException("staleness=true stamps each value with its write's version in its first "
          + StampedValue.LENGTH + " bytes: " + (dist.equals("constant") ? "fieldlength" : "minfieldlength")
          + " must be at least " + StampedValue.LENGTH + " (is " + shortest + ")");
    }
  }
}
