package org.sciycsb.api;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * How work divides between client threads or client processes, the way upstream YCSB divides it: for workloads
 * that split a load range themselves ({@link BenchWorkload#clientShare}).
 */
public final class Shares {
  private Shares() {}

  /** The i-th of n shares of total, as upstream YCSB splits operationcount between threads. */
  public static long share(long total, int n, int i) {
    return total / n + (i < total % n ? 1 : 0);
  }

  /**
   * Divides the load range [insertstart, insertstart + insertcount) into contiguous blocks, insertcount defaulting
   * to {@code size - insertstart} ({@code size}: recordcount for YCSB's workloads, a workload's own entity count
   * for others).
   */
  public static Map<String, String> loadRange(Config config, long size, String what, int clients, int index)
      throws ConfigException {
    long start = config.get(CommonOptions.INSERT_START);
    Long ic = config.get(CommonOptions.INSERT_COUNT);
    long count = ic != null ? ic : size - start;
    if (count < clients) {
      throw new ConfigException("--clients " + clients + " is more than the " + Math.max(0, count) + " " + what
          + " to load: every client needs at least one");
    }
    long first = start;
    for (int j = 0; j < index; j++) {
      first += share(count, clients, j);
    }
    Map<String, String> m = new LinkedHashMap<>();
    m.put(CommonOptions.INSERT_START.name(), Long.toString(first));
    m.put(CommonOptions.INSERT_COUNT.name(), Long.toString(share(count, clients, index)));
    return m;
  }

  /** A run's operations divided as YCSB users divide them by hand: none set (0) leaves every client unlimited. */
  public static Map<String, String> operations(Config config, int clients, int index) throws ConfigException {
    long ops = config.get(CommonOptions.OPERATION_COUNT);
    if (ops == 0) {
      return Map.of(); // no operation limit: every client runs until maxexecutiontime
    }
    if (ops < clients) {
      throw new ConfigException("--clients " + clients + " is more than operationcount (" + ops
          + "): every client needs at least one operation");
    }
    return Map.of(CommonOptions.OPERATION_COUNT.name(), Long.toString(share(ops, clients, index)));
  }
}
