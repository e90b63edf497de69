package org.sciycsb.engine;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.sciycsb.api.BenchWorkload;
import org.sciycsb.api.Config;
import org.sciycsb.api.ConfigException;
import org.sciycsb.api.Phase;

/**
 * How one phase divides between several client processes ({@code bin/ycsb ... --clients N}): the properties each
 * client runs with on top of the common ones. The workload decides first ({@link BenchWorkload#clientShare});
 * otherwise the split is the one YCSB users make by hand: a load divides the range
 * [insertstart, insertstart + insertcount) into contiguous blocks, a run divides operationcount; and a target
 * rate is divided evenly. Threads are per client: {@code -threads 64} gives every client 64 threads.
 */
public final class ClientShares {
  private ClientShares() {}

  /** The overrides of every client, index 0 to clients - 1. */
  public static List<Map<String, String>> of(BenchWorkload workload, Phase phase, Config config, int clients)
      throws ConfigException {
    if (clients < 1) {
      throw new ConfigException("bad value for --clients: " + clients + " (must be at least 1)");
    }
    double target = config.get(EngineOptions.TARGET);
    List<Map<String, String>> out = new ArrayList<>();
    for (int i = 0; i < clients; i++) {
      Optional<Map<String, String>> own = workload.clientShare(phase, config, clients, i);
      Map<String, String> m = new LinkedHashMap<>(own.isPresent() ? own.get() : ycsb(phase, config, clients, i));
      if (target > 0) {
        m.put(EngineOptions.TARGET.name(), Double.toString(target / clients));
      }
      out.add(m);
    }
    return out;
  }

  /** YCSB's split by hand: the load's record range, or the run's operationcount. */
  public static Map<String, String> ycsb(Phase phase, Config config, int clients, int index) throws ConfigException {
    if (phase == Phase.LOAD) {
      return loadRange(config, config.get(EngineOptions.RECORD_COUNT), "records", clients, index);
    }
    long ops = config.get(EngineOptions.OPERATION_COUNT);
    if (ops == 0) {
      return Map.of(); // no operation limit: every client runs until maxexecutiontime
    }
    if (ops < clients) {
      throw new ConfigException("--clients " + clients + " is more than operationcount (" + ops
          + "): every client needs at least one operation");
    }
    return Map.of(EngineOptions.OPERATION_COUNT.name(), Long.toString(Engine.share(ops, clients, index)));
  }

  /**
   * Divides the load range [insertstart, insertstart + insertcount) into contiguous blocks, insertcount defaulting
   * to {@code size - insertstart} ({@code size}: recordcount for YCSB's workloads, a workload's own entity count
   * for others).
   */
  public static Map<String, String> loadRange(Config config, long size, String what, int clients, int index)
      throws ConfigException {
    long start = config.get(EngineOptions.INSERT_START);
    Long ic = config.get(EngineOptions.INSERT_COUNT);
    long count = ic != null ? ic : size - start;
    if (count < clients) {
      throw new ConfigException("--clients " + clients + " is more than the " + Math.max(0, count) + " " + what
          + " to load: every client needs at least one");
    }
    long first = start;
    for (int j = 0; j < index; j++) {
      first += Engine.share(count, clients, j);
    }
    Map<String, String> m = new LinkedHashMap<>();
    m.put(EngineOptions.INSERT_START.name(), Long.toString(first));
    m.put(EngineOptions.INSERT_COUNT.name(), Long.toString(Engine.share(count, clients, index)));
    return m;
  }
}
