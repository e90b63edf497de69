package org.sciycsb.fasta;

import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;
import org.sciycsb.api.BenchmarkException;
import org.sciycsb.api.WorkloadContext;
import org.sciycsb.api.access.DocumentStore;
import org.sciycsb.fasta.doc.DocType;

/**
 * The load's collections before and after it ({@code fasta.checkcount}): prepared and counted before the threads
 * start (a warning when one already holds documents), counted again at the end, where each must have grown by the
 * documents written to it.
 */
final class LoadCountCheck {
  private final String[] collections;
  private final boolean enabled;
  private final long[] before = new long[FastaWorkload.TYPES.length];

  LoadCountCheck(String[] collections, boolean enabled) {
    this.collections = collections;
    this.enabled = enabled;
  }

  /** Prepares the collections and counts them (when the check is on). */
  void prepare(WorkloadContext ctx, PrintStream log) throws BenchmarkException {
    try (DocumentStore admin = ctx.binding().accessPath(DocumentStore.class, -1)) {
      admin.prepare(List.of(collections));
      for (int i = 0; i < FastaWorkload.TYPES.length; i++) {
        before[i] = enabled ? admin.count(collections[i]) : -1;
        if (before[i] > 0) {
          log.println("fasta: warning: " + collections[i] + " already holds " + before[i] + " documents;"
              + " ids are derived from the file names, so reloading the same input fails on existing ids (SQL,"
              + " MongoDB) or overwrites them (Cassandra, mongodb.upsert=true): use a new fasta.table.prefix or"
              + " empty the collections");
        }
      }
    }
  }

  /**
   * Counts the collections again when the check is on: puts {@code countCheck} and {@code countGrowth} into
   * {@code f}; the first collection whose growth is not what was written to it, null when none (or when off).
   */
  String check(WorkloadContext ctx, LongAdder[] written, Map<String, Object> f) throws BenchmarkException {
    if (!enabled) {
      return null;
    }
    String mismatch = null;
    Map<String, Object> counts = new LinkedHashMap<>();
    try (DocumentStore admin = ctx.binding().accessPath(DocumentStore.class, -1)) {
      for (DocType t : FastaWorkload.TYPES) {
        int i = t.ordinal();
        long after = before[i] < 0 ? -1 : admin.count(collections[i]);
        if (after < 0) {
          counts.put(t.code(), "not counted (the binding cannot count)");
          continue;
        }
        long grown = after - before[i];
        counts.put(t.code(), grown);
        if (grown != written[i].sum() && mismatch == null) {
          mismatch = "fasta count check failed: " + collections[i] + " grew by " + grown + " documents but "
              + written[i].sum() + " were written (before " + before[i] + ", after " + after + ")";
        }
      }
    }
    f.put("countCheck", mismatch == null ? "ok" : mismatch);
    f.put("countGrowth", counts);
    return mismatch;
  }
}
