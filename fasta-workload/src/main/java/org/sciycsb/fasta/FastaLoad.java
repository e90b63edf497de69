package org.sciycsb.fasta;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.LongAdder;
import org.sciycsb.api.BenchmarkException;
import org.sciycsb.api.CheckFailedException;
import org.sciycsb.api.Config;
import org.sciycsb.api.ConfigException;
import org.sciycsb.api.Operation;
import org.sciycsb.api.RunContext;
import org.sciycsb.api.WorkloadContext;
import org.sciycsb.fasta.doc.DocType;
import org.sciycsb.fasta.m10.ParseProblems;

/**
 * The load (write) phase of the fasta workload: its input files in one queue the {@link LoadThread}s share, the
 * measured operations, the counts the threads add at their end, and {@code extra.fasta} of a load.
 */
final class FastaLoad {
  private final RunContext run;
  private final String prefix;
  private final int problemsShown;
  private final FastaInput input;
  private final ConcurrentLinkedQueue<Path> queue = new ConcurrentLinkedQueue<>();
  private final Path idsDir;
  private final String[] collections;
  private final Operation[] writeOps = new Operation[FastaWorkload.TYPES.length];
  private final Operation parseOp;
  private final Operation flushOp;
  private final LoadCountCheck countCheck;
  private final LongAdder[] written = FastaWorkload.adders();
  private final LongAdder[] failed = FastaWorkload.adders();
  private final LongAdder[] parsed = FastaWorkload.adders();
  private final LongAdder filesRead = new LongAdder();
  private final ConcurrentLinkedQueue<Map<String, Object>> problemFiles = new ConcurrentLinkedQueue<>();
  private final WriteRate rate = new WriteRate();

  /** Finds the input, creates the ids folder, declares the operations and prepares the collections. */
  FastaLoad(WorkloadContext ctx, Config cfg) throws BenchmarkException {
    run = ctx.run();
    prefix = cfg.get(FastaOptions.PREFIX);
    problemsShown = cfg.get(FastaOptions.PROBLEMS_SHOWN);
    boolean checkCount = cfg.get(FastaOptions.CHECK_COUNT);
    input = FastaInput.of(cfg, run);
    queue.addAll(input.files());
    idsDir = run.resultsDir().resolve(LoadManifest.IDS_DIR);
    try {
      Files.createDirectories(idsDir);
    } catch (IOException e) {
      throw new ConfigException("cannot create " + idsDir + ": " + e.getMessage());
    }
    collections = FastaWorkload.collections(prefix);
    for (DocType t : FastaWorkload.TYPES) {
      writeOps[t.ordinal()] = ctx.operation(FastaWorkload.WRITE + t.name(), false);
    }
    parseOp = ctx.operation(FastaWorkload.PARSE, true);
    flushOp = ctx.operation(FastaWorkload.FLUSH, true);
    countCheck = new LoadCountCheck(collections, checkCount);
    countCheck.prepare(ctx, run.log());
  }

  long planned() {
    return input.planned();
  }

  /** The next file to parse, null when none is left. */
  Path nextFile() {
    return queue.poll();
  }

  String collection(int t) {
    return collections[t];
  }

  Operation writeOp(int t) {
    return writeOps[t];
  }

  Operation parseOp() {
    return parseOp;
  }

  Operation flushOp() {
    return flushOp;
  }

  Path idsDir() {
    return idsDir;
  }

  PrintStream log() {
    return run.log();
  }

  WriteRate.PerThread newRate() {
    return rate.new PerThread();
  }

  /** A file was read: with its problems, or its read error, when it had any. */
  void fileRead(Path f, ParseProblems p, String ioError) {
    filesRead.increment();
    if (ioError != null || !p.isEmpty()) {
      problemFiles.add(ProblemFileReport.of(f, p, ioError, problemsShown));
    }
  }

  /** Adds a thread's counts by type: documents written, failed, parsed. */
  void add(long[] ok, long[] bad, long[] made) {
    for (int t = 0; t < FastaWorkload.TYPES.length; t++) {
      written[t].add(ok[t]);
      failed[t].add(bad[t]);
      parsed[t].add(made[t]);
    }
  }

  /** {@code extra.fasta} of a load, after the ids files are merged, the load recorded and the count checked. */
  Map<String, Object> finish(WorkloadContext ctx) throws BenchmarkException {
    Map<String, Object> f = new LinkedHashMap<>();
    f.put("phase", "load");
    f.put("input", input.text());
    f.put("collections", List.of(collections));
    f.put("files", input.files().size());
    f.put("filesRead", filesRead.sum());
    List<Map<String, Object>> problems = new ArrayList<>(problemFiles);
    problems.sort(Comparator.comparing(m -> String.valueOf(m.get("file"))));
    f.put("filesWithProblems", problems.size());
    Map<String, Long> docs = byType(written);
    f.put("documentsParsed", byType(parsed));
    f.put("documentsWritten", docs);
    f.put("documentsFailed", byType(failed));
    f.put("documentsPlanned", input.planned());
    f.put("docsPerSecond", rate.summary(sum(written)));
    f.put("idsDir", idsDir.toString());
    try {
      IdFile.mergeParts(idsDir);
    } catch (IOException e) {
      throw new BenchmarkException(BenchmarkException.EXIT_RUN_FAILED, "fasta: cannot write the ids files in "
          + idsDir + ": " + e.getMessage(), e);
    }
    LoadManifest.write(run, prefix, input.text(), docs);
    f.put("problemFiles", problems);
    String mismatch = countCheck.check(ctx, written, f);
    if (mismatch != null) {
      throw new CheckFailedException(mismatch, Map.of("fasta", f));
    }
    if (filesRead.sum() > 0 && sum(parsed) == 0) {
      // every file was read and none gave a document: nothing usable (each file's problem is in problemFiles)
      throw new CheckFailedException("fasta: none of the " + filesRead.sum() + " input files gave a"
          + " document (" + problems.size() + " with problems, listed in extra.fasta.problemFiles)",
          Map.of("fasta", f));
    }
    return Map.of("fasta", f);
  }

  private static Map<String, Long> byType(LongAdder[] counts) {
    Map<String, Long> m = new LinkedHashMap<>();
    for (DocType t : FastaWorkload.TYPES) {
      m.put(t.code(), counts[t.ordinal()].sum());
    }
    return m;
  }

  private static long sum(LongAdder[] counts) {
    long n = 0;
    for (LongAdder c : counts) {
      n += c.sum();
    }
    return n;
  }
}
