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
import org.sciycsb.api.Shares;
import org.sciycsb.engine.config.EngineOptions;
import org.sciycsb.engine.schedule.ArrivalProcess;

/**
 * How one phase divides between several client processes ({@code bin/ycsb ... --clients N}): the properties each
 * client runs with on top of the common ones. The workload decides first ({@link BenchWorkload#clientShare});
 * otherwise the split is the one YCSB users make by hand: a load divides the range
 * [insertstart, insertstart + insertcount) into contiguous blocks, a run divides operationcount; and a target
 * rate, and every rate of an arrival process, is divided evenly. With {@code seed}, each client also gets its
 * {@code client.index}, from which its threads' streams derive. Threads are per client: {@code -threads 64} gives every client 64 threads.
 */
public final class ClientShares {
  private ClientShares() {}

  /** The overrides of every client, index 0 to clients - 1. */
  public static List<Map<String, String>> of(BenchWorkload workload, Phase phase, Config config, int clients)
      throws ConfigException {
    if (clients < 1) {
      throw new ConfigException("bad value for --clients: " + clients + " (must be at least 1)");
    }
    Map<String, String> rates = ArrivalProcess.shareOf(config, clients);
    List<Map<String, String>> out = new ArrayList<>();
    for (int i = 0; i < clients; i++) {
      Optional<Map<String, String>> own = workload.clientShare(phase, config, clients, i);
      Map<String, String> m = new LinkedHashMap<>(own.isPresent() ? own.get() : ycsb(phase, config, clients, i));
      m.putAll(rates);
      if (config.get(EngineOptions.SEED) != null) {
        m.put(EngineOptions.CLIENT_INDEX.name(), Integer.toString(i)); // each client's own streams
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
    return Shares.operations(config, clients, index);
  }

  /** As {@link Shares#loadRange}: the load range of one of several clients. */
  public static Map<String, String> loadRange(Config config, long size, String what, int clients, int index)
      throws ConfigException {
    return Shares.loadRange(config, size, what, clients, index);
  }
}
