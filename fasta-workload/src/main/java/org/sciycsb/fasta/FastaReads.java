package org.sciycsb.fasta;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;
import org.sciycsb.api.Config;
import org.sciycsb.api.ConfigException;
import org.sciycsb.api.Operation;
import org.sciycsb.api.WorkloadContext;
import org.sciycsb.fasta.doc.DocType;
import site.ycsb.Status;

/**
 * The run (read) phase of the fasta workload: the load it reads, its ids, the measured reads by type, and what
 * the reads found ({@code extra.fasta.reads}).
 */
final class FastaReads {
  static final Status MISMATCH = new Status("MISMATCH", "the document read does not carry the id asked for");

  private final LoadManifest load;
  private final WrittenIds ids;
  private final String[] collections;
  private final Operation[] readOps = new Operation[FastaWorkload.TYPES.length];
  private final long reads;
  private final Long seed;
  private final LongAdder[] found = FastaWorkload.adders();
  private final LongAdder[] notFound = FastaWorkload.adders();
  private final LongAdder[] mismatched = FastaWorkload.adders();
  private final LongAdder[] errors = FastaWorkload.adders();

  FastaReads(WorkloadContext ctx, Config cfg) throws ConfigException {
    reads = cfg.get(FastaOptions.READS);
    seed = cfg.get(FastaOptions.READ_SEED);
    load = LoadManifest.find(cfg, ctx.run());
    String prefix = cfg.isSet(FastaOptions.PREFIX) || load.prefix() == null
        ? cfg.get(FastaOptions.PREFIX) : load.prefix();
    ids = WrittenIds.read(load.idsDir());
    if (ids.total() == 0 && reads > 0) {
      throw new ConfigException("fasta: the load in " + load.loadDir() + " wrote no documents: nothing to read");
    }
    collections = FastaWorkload.collections(prefix);
    for (DocType t : FastaWorkload.TYPES) {
      readOps[t.ordinal()] = ctx.operation(FastaWorkload.READ + t.name(), false);
    }
  }

  long reads() {
    return reads;
  }

  Long seed() {
    return seed;
  }

  WrittenIds ids() {
    return ids;
  }

  String collection(int t) {
    return collections[t];
  }

  Operation readOp(int t) {
    return readOps[t];
  }

  /** Adds a thread's counts by type. */
  void add(long[] hit, long[] missing, long[] wrong, long[] failed) {
    for (int t = 0; t < FastaWorkload.TYPES.length; t++) {
      found[t].add(hit[t]);
      notFound[t].add(missing[t]);
      mismatched[t].add(wrong[t]);
      errors[t].add(failed[t]);
    }
  }

  /** {@code extra.fasta} of a run. */
  Map<String, Object> finish() {
    Map<String, Object> f = new LinkedHashMap<>();
    f.put("phase", "run");
    f.put("ids", load.loadDir().toAbsolutePath().toString());
    f.put("collections", List.of(collections));
    Map<String, Long> avail = new LinkedHashMap<>();
    Map<String, Object> per = new LinkedHashMap<>();
    for (DocType t : FastaWorkload.TYPES) {
      int i = t.ordinal();
      avail.put(t.code(), (long) ids.count(i));
      Map<String, Long> m = new LinkedHashMap<>();
      m.put("found", found[i].sum());
      m.put("notFound", notFound[i].sum());
      m.put("mismatched", mismatched[i].sum());
      m.put("errors", errors[i].sum());
      per.put(t.code(), m);
    }
    f.put("idsAvailable", avail);
    f.put("reads", per);
    return Map.of("fasta", f);
  }
}
