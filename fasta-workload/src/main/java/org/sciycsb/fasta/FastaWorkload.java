package org.sciycsb.fasta;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.atomic.LongAdder;
import org.sciycsb.api.AccessPath;
import org.sciycsb.api.BenchWorkload;
import org.sciycsb.api.BenchmarkException;
import org.sciycsb.api.Binding;
import org.sciycsb.api.Config;
import org.sciycsb.api.ConfigException;
import org.sciycsb.api.OptionSet;
import org.sciycsb.api.Phase;
import org.sciycsb.api.ThreadContext;
import org.sciycsb.api.WorkloadContext;
import org.sciycsb.api.WorkloadThread;
import org.sciycsb.api.access.DocumentStore;
import org.sciycsb.fasta.doc.DocType;

/**
 * Seed 001's benchmark program as a workload ({@code -p workload=fasta}).
 *
 * <p>Load (write phase, {@link FastaLoad}): the client threads are the workers ({@link LoadThread}). They take
 * whole input files ({@link FastaInput}) from one shared queue, parse each
 * ({@link org.sciycsb.fasta.m10.SsearchParser} + {@link org.sciycsb.fasta.doc.DocumentBuilder}, one per thread) and
 * write its documents through the binding's {@link DocumentStore}, one measured operation per document
 * ({@code FASTA_WRITE_TASK|RNA|GS|ALIGN}); the parse of a file is the composite operation {@code FASTA_PARSE}, the
 * final flush of a thread's batches {@code FASTA_FLUSH}. The ids written are kept in the results folder
 * ({@code ids/<type>.txt}, {@link IdFile}); malformed or truncated files are reported per file in the results'
 * {@code extra.fasta.problemFiles} ({@link ProblemFileReport}) and the run goes on.
 *
 * <p>Run (read phase, {@link FastaReads}): {@code fasta.reads} reads ({@link ReadThread}) of ids chosen at random
 * among all written ones (so the types come in the proportions written), {@code FASTA_READ_<TYPE>}; a read that
 * finds nothing counts as NOT_FOUND, one whose document does not carry the id as MISMATCH.
 */
public final class FastaWorkload implements BenchWorkload {
  static final DocType[] TYPES = DocType.values();
  static final String WRITE = "FASTA_WRITE_";
  static final String READ = "FASTA_READ_";
  static final String PARSE = "FASTA_PARSE";
  static final String FLUSH = "FASTA_FLUSH";

  private Phase phase;
  private FastaLoad load;
  private FastaReads reads;

  /** One counter per document type. */
  static LongAdder[] adders() {
    LongAdder[] a = new LongAdder[TYPES.length];
    for (int i = 0; i < a.length; i++) {
      a[i] = new LongAdder();
    }
    return a;
  }

  /** The collection of each document type: the prefix and the type's code. */
  static String[] collections(String prefix) {
    String[] c = new String[TYPES.length];
    for (DocType t : TYPES) {
      c[t.ordinal()] = prefix + t.code();
    }
    return c;
  }

  @Override
  public String name() {
    return "fasta";
  }

  @Override
  public OptionSet options() {
    return FastaOptions.all();
  }

  @Override
  public List<Class<? extends AccessPath>> requiredAccessPaths() {
    return List.of(DocumentStore.class);
  }

  /**
   * The whole-input checks of a load from {@code fasta.input}, before the binding opens: the folder exists, holds
   * files, and at least one of them holds an {@code ssearch36 -m 10} result (a {@code >>>} query line). A folder
   * with nothing usable is a configuration error (exit 2); a malformed or truncated file among usable ones is a
   * per-file problem, counted and reported in the results while the load goes on.
   */
  @Override
  public void validate(Config cfg, Phase p) throws ConfigException {
    String input = cfg.get(FastaOptions.INPUT);
    if (p != Phase.LOAD || input == null || input.isBlank()) {
      return;
    }
    FastaInput.checkUsable(Path.of(input));
  }

  @Override
  public void init(WorkloadContext ctx) throws BenchmarkException {
    phase = ctx.run().phase();
    Config cfg = ctx.run().config();
    if (phase == Phase.LOAD) {
      load = new FastaLoad(ctx, cfg);
    } else {
      reads = new FastaReads(ctx, cfg);
    }
  }

  /**
   * With {@code -p inflight=N} on a binding whose document store handles are asynchronous: each load operation
   * sends one document (the files are still parsed one at a time on the thread), each run operation one read.
   */
  @Override
  public boolean supportsAsync(Binding binding) {
    return binding.supportsAsync(DocumentStore.class);
  }

  @Override
  public boolean sharedWork(Phase p) {
    return p == Phase.LOAD;
  }

  /**
   * The run's reads draw their ids from the thread's stream (unless fasta.reads.seed gives them one of their own); a
   * load writes what its files hold, each file going to whichever thread is free.
   */
  @Override
  public boolean honoursSeed() {
    return true;
  }

  /** See {@link FastaClientShare}. */
  @Override
  public Optional<Map<String, String>> clientShare(Phase p, Config config, int clients, int index)
      throws ConfigException {
    return Optional.of(FastaClientShare.of(p, config, clients, index));
  }

  @Override
  public OptionalLong plannedOperations(Phase p) {
    if (p == Phase.LOAD) {
      return OptionalLong.of(load == null ? -1 : load.planned());
    }
    return OptionalLong.of(reads == null ? 0 : reads.reads());
  }

  @Override
  public WorkloadThread newThread(ThreadContext ctx) throws BenchmarkException {
    DocumentStore store = ctx.accessPath(DocumentStore.class);
    return phase == Phase.LOAD ? new LoadThread(ctx, store, load) : new ReadThread(ctx, store, reads);
  }

  @Override
  public Map<String, Object> finish(WorkloadContext ctx) throws BenchmarkException {
    return phase == Phase.LOAD ? load.finish(ctx) : reads.finish();
  }
}
