package org.sciycsb.fasta;

import java.util.Map;
import org.sciycsb.api.Config;
import org.sciycsb.api.ConfigException;
import org.sciycsb.api.Phase;
import org.sciycsb.api.Shares;

/**
 * How the fasta workload divides between the clients of a cluster run (bin/ycsb --clients N): the load reads
 * fasta.input's files in one process and is not divided; a run divides fasta.reads and needs fasta.ids, since the
 * default (the last load in the local work folder) is not on the cluster's nodes.
 */
final class FastaClientShare {
  private FastaClientShare() {}

  /** The properties of client {@code index} of {@code clients}. */
  static Map<String, String> of(Phase p, Config config, int clients, int index) throws ConfigException {
    if (p == Phase.LOAD) {
      if (clients > 1) {
        throw new ConfigException("the fasta load reads the files of fasta.input in one process and cannot be "
            + "divided between clients: load with --clients 1");
      }
      return Map.of();
    }
    if (config.get(FastaOptions.IDS) == null) {
      throw new ConfigException("a fasta run on a cluster needs -p fasta.ids=<results folder of the load>, a path "
          + "every client can read (the default, the last load in the local work folder, is not on the cluster)");
    }
    long reads = config.get(FastaOptions.READS);
    if (reads < clients) {
      throw new ConfigException("--clients " + clients + " is more than fasta.reads (" + reads
          + "): every client needs at least one read");
    }
    return Map.of(FastaOptions.READS.name(), Long.toString(Shares.share(reads, clients, index)));
  }
}
