package org.sciycsb.study.server;

/**
 * What two device profiles predict of a workload's throughput on one device against another, to first order: the
 * store's memory cap caches the hottest part of the data set, every read or update of a record outside it costs one
 * random access of the device ({@code random_ms}), and the device serves {@code min(queues, threads)} accesses at a
 * time. A device's throughput is then at most the workload's throughput with the data in memory (measured: the
 * mean of the devices' runs at the smallest size) and at most
 * {@code min(queues, threads) / (accesses per operation x miss rate x
 * random_ms)}. Not modelled: writes' flushes (grouped by the store across threads), the store's own cache and its
 * files' overhead over the raw bytes, read-ahead, and a page holding several records.
 */
public final class ProfileModel {
  /** YCSB's zipfian constant. */
  static final double THETA = 0.99;

  private ProfileModel() {}

  /**
   * The share of accesses that miss a cache holding {@code cached} (0-1) of {@code records} records: uniform,
   * 1 - cached; zipfian and latest (the hottest records cached), 1 - H(cached x n) / H(n).
   */
  public static double missRate(String distribution, long records, double cached) {
    double c = Math.max(0, Math.min(1, cached));
    if (c >= 1) {
      return 0;
    }
    if (distribution.equals("uniform")) {
      return 1 - c;
    }
    long hot = (long) Math.floor(c * records);
    return 1 - harmonic(hot) / harmonic(records);
  }

  /** The generalised harmonic number H(k, 0.99): exact to 10,000 terms, then the integral. */
  static double harmonic(long k) {
    double h = 0;
    long exact = Math.min(k, 10_000);
    for (long i = 1; i <= exact; i++) {
      h += Math.pow(i, -THETA);
    }
    if (k > exact) {
      h += (Math.pow(k + 0.5, 1 - THETA) - Math.pow(exact + 0.5, 1 - THETA)) / (1 - THETA);
    }
    return h;
  }

  /**
   * A device's predicted throughput: {@code inMemory} ops/s with no misses, bounded by the device's accesses per
   * second over the accesses each operation makes of it.
   */
  public static double throughput(double inMemory, double accessesPerOp, double miss, double randomMs, int queues,
      int threads) {
    double perOp = accessesPerOp * miss * randomMs / 1000.0;
    if (!(perOp > 0)) {
      return inMemory;
    }
    return Math.min(inMemory, Math.max(1, Math.min(queues, threads)) / perOp);
  }
}
