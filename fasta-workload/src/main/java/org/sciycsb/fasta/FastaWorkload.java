package org.sciycsb.fasta;

import java.io.BufferedInputStream;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Properties;
import java.util.SplittableRandom;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import org.sciycsb.api.AccessPath;
import org.sciycsb.api.AsyncOps;
import org.sciycsb.api.BenchWorkload;
import org.sciycsb.api.Binding;
import org.sciycsb.api.BenchmarkException;
import org.sciycsb.api.Config;
import org.sciycsb.api.ConfigException;
import org.sciycsb.api.Meter;
import org.sciycsb.api.Operation;
import org.sciycsb.api.OptionSet;
import org.sciycsb.api.Phase;
import org.sciycsb.api.RunContext;
import org.sciycsb.api.ThreadContext;
import org.sciycsb.api.WorkloadContext;
import org.sciycsb.api.WorkloadThread;
import org.sciycsb.api.access.AsyncDocumentStore;
import org.sciycsb.api.access.DocumentStore;
import site.ycsb.Status;

/**
 * Seed 001's benchmark program as a workload ({@code -p workload=fasta}).
 *
 * <p>Load (write phase): the client threads are the workers. They take whole input files from one shared queue,
 * parse each ({@link SsearchParser} + {@link DocumentBuilder}, one per thread) and write its documents through the
 * binding's {@link DocumentStore}, one measured operation per document ({@code FASTA_WRITE_TASK|RNA|GS|ALIGN}); the
 * parse of a file is the composite operation {@code FASTA_PARSE}, the final flush of a thread's batches
 * {@code FASTA_FLUSH}. The ids written are kept in the results folder ({@code ids/<type>.txt}); malformed or
 * truncated files are reported per file in the results' {@code extra.fasta.problemFiles} and the run goes on.
 *
 * <p>Run (read phase): {@code fasta.reads} reads of ids chosen at random among all written ones (so the types
 * come in the proportions written), {@code FASTA_READ_<TYPE>}; a read that finds nothing counts as NOT_FOUND, one
 * whose document does not carry the id as MISMATCH.
 */
public final class FastaWorkload implements BenchWorkload {
  static final DocType[] TYPES = DocType.values();
  static final String WRITE = "FASTA_WRITE_";
  static final String READ = "FASTA_READ_";
  static final String PARSE = "FASTA_PARSE";
  static final String FLUSH = "FASTA_FLUSH";
  static final String IDS_DIR = "ids";
  static final String MANIFEST = "fasta-load.properties";
  static final Status MISMATCH = new Status("MISMATCH", "the document read does not carry the id asked for");

  private RunContext run;
  private Phase phase;
  private String prefix;
  private final String[] collections = new String[TYPES.length];
  private final Operation[] writeOps = new Operation[TYPES.length];
  private final Operation[] readOps = new Operation[TYPES.length];
  private Operation parseOp;
  private Operation flushOp;

  // ---- load
  private final ConcurrentLinkedQueue<Path> queue = new ConcurrentLinkedQueue<>();
  private String inputText;
  private int fileCount;
  private long planned = -1;
  private long[] countBefore;
  private int problemsShown;
  private boolean checkCount;
  private Path idsDir;
  private final LongAdder[] written = adders();
  private final LongAdder[] failed = adders();
  private final LongAdder[] parsed = adders();
  private final LongAdder filesRead = new LongAdder();
  private final ConcurrentLinkedQueue<Map<String, Object>> problemFiles = new ConcurrentLinkedQueue<>();
  private final AtomicLong firstNanos = new AtomicLong(Long.MAX_VALUE);
  private final AtomicLong lastNanos = new AtomicLong(Long.MIN_VALUE);
  private final List<long[]> perSecond = new java.util.concurrent.CopyOnWriteArrayList<>();
  private final AtomicLong epoch = new AtomicLong(Long.MIN_VALUE);

  // ---- run
  private Path loadDir;
  private long[][] ids;
  private long[] cumulative;
  private long totalIds;
  private long reads;
  private Long readSeed;
  private final LongAdder[] found = adders();
  private final LongAdder[] notFound = adders();
  private final LongAdder[] mismatched = adders();
  private final LongAdder[] readErrors = adders();

  private static LongAdder[] adders() {
    LongAdder[] a = new LongAdder[TYPES.length];
    for (int i = 0; i < a.length; i++) {
      a[i] = new LongAdder();
    }
    return a;
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
    Path dir = Path.of(input);
    List<Path> files = listInput(dir);
    for (Path f : files) {
      if (holdsQuery(f)) {
        return;
      }
    }
    throw new ConfigException("fasta.input " + dir + ": none of its " + files.size() + " file(s) holds an ssearch36"
        + " -m 10 result (no '>>>' query line): nothing to load");
  }

  /** True when the file has a line starting with {@code >>>} (read until the first one). */
  static boolean holdsQuery(Path f) {
    try (InputStream raw = Files.newInputStream(f);
        InputStream in = f.getFileName().toString().endsWith(".gz")
            ? new GZIPInputStream(new BufferedInputStream(raw, 1 << 16), 1 << 16) : new BufferedInputStream(raw)) {
      int col = 0;
      int b;
      while ((b = in.read()) >= 0) {
        if (b == '\n') {
          col = 0;
        } else if (col >= 0 && col < 3) {
          col = b == '>' ? col + 1 : -1;
          if (col == 3) {
            return true;
          }
        }
      }
      return false;
    } catch (IOException e) {
      return false; // unreadable: a per-file problem if another file is usable
    }
  }

  @Override
  public void init(WorkloadContext ctx) throws BenchmarkException {
    run = ctx.run();
    phase = run.phase();
    Config cfg = run.config();
    if (phase == Phase.LOAD) {
      prefix = cfg.get(FastaOptions.PREFIX);
      initLoad(ctx, cfg);
    } else {
      initRun(cfg);
    }
    for (DocType t : TYPES) {
      collections[t.ordinal()] = prefix + t.code();
      String suffix = t.name();
      writeOps[t.ordinal()] = phase == Phase.LOAD ? ctx.operation(WRITE + suffix, false) : null;
      readOps[t.ordinal()] = phase == Phase.RUN ? ctx.operation(READ + suffix, false) : null;
    }
    if (phase == Phase.LOAD) {
      parseOp = ctx.operation(PARSE, true);
      flushOp = ctx.operation(FLUSH, true);
      prepareStore(ctx);
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
   * On a cluster (bin/ycsb --clients N): the load reads fasta.input's files in one process and is not divided; a
   * run divides fasta.reads and needs fasta.ids, since the default (the last load in the local work folder) is
   * not on the cluster's nodes.
   */
  @Override
  public java.util.Optional<Map<String, String>> clientShare(Phase p, Config config, int clients, int index)
      throws ConfigException {
    if (p == Phase.LOAD) {
      if (clients > 1) {
        throw new ConfigException("the fasta load reads the files of fasta.input in one process and cannot be "
            + "divided between clients: load with --clients 1");
      }
      return java.util.Optional.of(Map.of());
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
    return java.util.Optional.of(Map.of(FastaOptions.READS.name(),
        Long.toString(reads / clients + (index < reads % clients ? 1 : 0))));
  }

  @Override
  public OptionalLong plannedOperations(Phase p) {
    return p == Phase.LOAD ? OptionalLong.of(planned) : OptionalLong.of(reads);
  }

  @Override
  public WorkloadThread newThread(ThreadContext ctx) throws BenchmarkException {
    DocumentStore store = ctx.accessPath(DocumentStore.class);
    return phase == Phase.LOAD ? new LoadThread(ctx, store) : new ReadThread(ctx, store);
  }

  @Override
  public Map<String, Object> finish(WorkloadContext ctx) throws BenchmarkException {
    return phase == Phase.LOAD ? finishLoad(ctx) : finishRun();
  }

  // ============================================================================================ load: setup

  private void initLoad(WorkloadContext ctx, Config cfg) throws BenchmarkException {
    problemsShown = cfg.get(FastaOptions.PROBLEMS_SHOWN);
    checkCount = cfg.get(FastaOptions.CHECK_COUNT);
    String input = cfg.get(FastaOptions.INPUT);
    List<Path> files;
    if (input != null && !input.isBlank()) {
      Path dir = Path.of(input);
      files = listInput(dir);
      planned = estimateDocuments(files);
      inputText = dir.toAbsolutePath().toString();
    } else {
      CorpusGenerator.Settings s = new CorpusGenerator.Settings(cfg.get(FastaOptions.CORPUS_SEED),
          cfg.get(FastaOptions.CORPUS_FILES), cfg.get(FastaOptions.CORPUS_QUERIES), cfg.get(FastaOptions.CORPUS_HITS),
          CorpusGenerator.Settings.defaults().alternativeRate());
      String base = cfg.get(FastaOptions.CORPUS_DIR);
      Path root = base == null ? run.workDir().resolve("fasta").resolve("corpus") : Path.of(base);
      Corpus c = Corpus.ensure(root, s, run.log());
      files = listInput(c.dir());
      planned = c.documents();
      inputText = "generated corpus " + c.dir().toAbsolutePath() + " (seed " + s.seed() + ", " + s.files()
          + " files x " + s.queriesPerFile() + " queries x " + s.hitsPerQuery() + " hits)";
    }
    fileCount = files.size();
    queue.addAll(files);
    idsDir = run.resultsDir().resolve(IDS_DIR);
    try {
      Files.createDirectories(idsDir);
    } catch (IOException e) {
      throw new ConfigException("cannot create " + idsDir + ": " + e.getMessage());
    }
  }

  private void prepareStore(WorkloadContext ctx) throws BenchmarkException {
    try (DocumentStore admin = ctx.binding().accessPath(DocumentStore.class, -1)) {
      admin.prepare(List.of(collections));
      countBefore = new long[TYPES.length];
      for (int i = 0; i < TYPES.length; i++) {
        countBefore[i] = checkCount ? admin.count(collections[i]) : -1;
        if (countBefore[i] > 0) {
          run.log().println("fasta: warning: " + collections[i] + " already holds " + countBefore[i] + " documents;"
              + " ids are derived from the file names, so reloading the same input fails on existing ids (SQL,"
              + " MongoDB) or overwrites them (Cassandra, mongodb.upsert=true): use a new fasta.table.prefix or"
              + " empty the collections");
        }
      }
    }
  }

  static List<Path> listInput(Path dir) throws ConfigException {
    if (!Files.isDirectory(dir)) {
      throw new ConfigException("fasta.input " + dir + " is not a folder (it must hold ssearch36 -m 10 output files)");
    }
    List<Path> files;
    try (Stream<Path> s = Files.list(dir)) {
      files = s.filter(Files::isRegularFile).filter(p -> !p.getFileName().toString().startsWith("."))
          .sorted(Comparator.comparing(p -> p.getFileName().toString())).toList();
    } catch (IOException e) {
      throw new ConfigException("cannot list fasta.input " + dir + ": " + e.getMessage());
    }
    if (files.isEmpty()) {
      throw new ConfigException("fasta.input " + dir + " holds no files");
    }
    return files;
  }

  /**
   * The documents the files should make, from a quick scan of their lines ({@code >>>} query headers, {@code >>}
   * hits and {@code >--} alternative alignments): exact for intact files, more than parsed when some are faulty.
   * For progress and ETA only.
   */
  static long estimateDocuments(List<Path> files) throws ConfigException {
    long n = 0;
    byte[] buf = new byte[1 << 16];
    for (Path f : files) {
      try (InputStream raw = Files.newInputStream(f);
          InputStream in = f.getFileName().toString().endsWith(".gz")
              ? new GZIPInputStream(new BufferedInputStream(raw, 1 << 16), 1 << 16) : raw) {
        byte[] head = new byte[4];
        int len = 0;
        for (int r; (r = in.read(buf)) > 0; ) {
          for (int i = 0; i < r; i++) {
            byte b = buf[i];
            if (b == '\n') {
              n += lineDocs(head, len);
              len = 0;
            } else if (len < 4) {
              head[len++] = b;
            }
          }
        }
        n += lineDocs(head, len);
      } catch (IOException e) {
        // the worker that takes the file reports it
      }
    }
    return n;
  }

  /** Documents a line starting with {@code head[0..len)} announces: 1 for a query, 3 for an alignment. */
  static int lineDocs(byte[] head, int len) {
    if (len < 2 || head[0] != '>') {
      return 0;
    }
    if (head[1] == '-') {
      return len >= 3 && head[2] == '-' ? 3 : 0; // >-- alternative alignment
    }
    if (head[1] != '>') {
      return 0;
    }
    if (len >= 3 && head[2] == '>') {
      return len >= 4 && (head[3] == '<' || head[3] == '/') ? 0 : 1; // >>>query, not >>><<< nor >>>///
    }
    return 3; // >>hit
  }

  // ============================================================================================ load: threads

  private final class LoadThread implements WorkloadThread {
    private final ThreadContext ctx;
    private final DocumentStore store;
    private final Meter meter;
    private final SsearchParser parser = new SsearchParser();
    private final ArrayList<Document> buffer = new ArrayList<>();
    private final DocumentBuilder builder = new DocumentBuilder(buffer::add);
    private final Writer[] idOut = new Writer[TYPES.length];
    private final long[] ok = new long[TYPES.length];
    private final long[] bad = new long[TYPES.length];
    private final long[] made = new long[TYPES.length];
    private long[] seconds = new long[64];
    private int pos;
    private long first = Long.MAX_VALUE;
    private long last = Long.MIN_VALUE;

    LoadThread(ThreadContext ctx, DocumentStore store) {
      this.ctx = ctx;
      this.store = store;
      this.meter = ctx.meter();
    }

    @Override
    public boolean doInsert() {
      if (pos >= buffer.size() && !refill(meter)) {
        return false; // no file left for this thread
      }
      Document d = buffer.get(pos);
      buffer.set(pos++, null);
      write(d);
      return pos < buffer.size() || refill(meter);
    }

    /**
     * Sends the next document without waiting (parsing the next file first when the last one is used up); null
     * when no file is left. The parse is measured on this thread, the write when its stage completes.
     */
    @Override
    public CompletionStage<?> doInsertAsync(AsyncOps ops) {
      if (pos >= buffer.size() && !refill(ops)) {
        return null;
      }
      Document d = buffer.get(pos);
      buffer.set(pos++, null);
      int t = d.type().ordinal();
      String id = d.id();
      long s = System.nanoTime(); // before the call: the service time runs from the send
      return ((AsyncDocumentStore) store).insertAsync(collections[t], id, d.json()).handle((st, x) -> {
        long e = System.nanoTime();
        Status status = x != null || st == null ? Status.ERROR : st;
        ops.record(writeOps[t], s, e, status);
        written(t, id, status, e);
        return status;
      });
    }

    /** Parses the next file of the queue into the buffer; false when the queue is empty. */
    private boolean refill(Meter m) {
      buffer.clear();
      pos = 0;
      while (buffer.isEmpty()) {
        Path f = queue.poll();
        if (f == null) {
          return false;
        }
        long s = System.nanoTime();
        start(s);
        Status st = Status.OK;
        ParseProblems p = null;
        String ioError = null;
        try {
          p = builder.parse(parser, f);
        } catch (IOException | RuntimeException e) {
          ioError = e.getClass().getSimpleName() + ": " + e.getMessage();
          st = Status.ERROR;
          buffer.clear(); // documents of a file that could not be read to its end are dropped as a whole
        }
        long e = System.nanoTime();
        m.record(parseOp, s, e, st);
        filesRead.increment();
        for (Document d : buffer) {
          made[d.type().ordinal()]++;
        }
        if (ioError != null || !p.isEmpty()) {
          problemFiles.add(report(f, p, ioError));
        }
      }
      return true;
    }

    private void write(Document d) {
      int t = d.type().ordinal();
      String id = d.id();
      long s = System.nanoTime();
      Status st = store.insert(collections[t], id, d.json());
      long e = System.nanoTime();
      meter.record(writeOps[t], s, e, st);
      written(t, id, st, e);
    }

    /** Counts a finished write and keeps its id; completions of asynchronous writes call it from driver threads. */
    private synchronized void written(int t, String id, Status st, long e) {
      if (st != null && st.isOk()) {
        ok[t]++;
        try {
          ids(t).append(id).append('\n');
        } catch (IOException x) {
          throw new java.io.UncheckedIOException("cannot write the ids file of " + TYPES[t].code(), x);
        }
      } else {
        bad[t]++;
      }
      tick(e);
    }

    private synchronized void start(long now) {
      if (first == Long.MAX_VALUE) {
        first = now;
        epoch.compareAndSet(Long.MIN_VALUE, now);
      }
    }

    private void tick(long now) {
      last = now;
      long sec = (now - epoch.get()) / 1_000_000_000L;
      if (sec < 0) {
        sec = 0;
      }
      if (sec >= seconds.length) {
        seconds = java.util.Arrays.copyOf(seconds, (int) Math.max(sec + 1, seconds.length * 2L));
      }
      seconds[(int) sec]++;
    }

    private Writer ids(int t) throws IOException {
      Writer w = idOut[t];
      if (w == null) {
        w = Files.newBufferedWriter(idsDir.resolve(TYPES[t].code() + "." + ctx.threadId() + ".part"),
            StandardCharsets.US_ASCII);
        idOut[t] = w;
      }
      return w;
    }

    @Override
    public void close() throws BenchmarkException {
      try {
        long s = System.nanoTime();
        Status st = store.flush();
        long e = System.nanoTime();
        meter.record(flushOp, s, e, st == null ? Status.ERROR : st);
        if (st != null && !st.isOk()) {
          throw new BenchmarkException(BenchmarkException.EXIT_RUN_FAILED, "fasta: flushing the last batches of"
              + " thread " + ctx.threadId() + " failed (" + st.getName() + ")");
        }
      } finally {
        store.close();
        addCounts();
      }
    }

    /** Adds the thread's counts to the workload's (synchronized: asynchronous writes counted on driver threads). */
    private synchronized void addCounts() {
      for (int t = 0; t < TYPES.length; t++) {
        written[t].add(ok[t]);
        failed[t].add(bad[t]);
        parsed[t].add(made[t]);
        if (idOut[t] != null) {
          try {
            idOut[t].close();
          } catch (IOException e) {
            run.log().println("fasta: cannot close an ids file: " + e.getMessage());
          }
        }
      }
      if (first != Long.MAX_VALUE) {
        firstNanos.accumulateAndGet(first, Math::min);
        lastNanos.accumulateAndGet(Math.max(last, first), Math::max);
      }
      perSecond.add(seconds);
    }

    @Override
    public boolean doTransaction() {
      throw new IllegalStateException("the fasta load threads only load");
    }
  }

  private Map<String, Object> report(Path f, ParseProblems p, String ioError) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("file", f.getFileName().toString());
    if (ioError != null) {
      m.put("readError", ioError);
      return m;
    }
    m.put("problems", p.total());
    Map<String, Long> kinds = new LinkedHashMap<>();
    p.counts().forEach((k, v) -> kinds.put(k.name(), v));
    m.put("kinds", kinds);
    m.put("queries", p.queries());
    m.put("alignments", p.alignments());
    m.put("droppedAlignments", p.droppedAlignments());
    List<String> lines = new ArrayList<>();
    for (ParseProblems.Problem pr : p.problems()) {
      if (lines.size() >= problemsShown) {
        break;
      }
      lines.add(pr.toString());
    }
    m.put("first", lines);
    return m;
  }

  // ============================================================================================ load: finish

  private Map<String, Object> finishLoad(WorkloadContext ctx) throws BenchmarkException {
    Map<String, Object> f = new LinkedHashMap<>();
    f.put("phase", "load");
    f.put("input", inputText);
    f.put("collections", List.of(collections));
    f.put("files", fileCount);
    f.put("filesRead", filesRead.sum());
    List<Map<String, Object>> problems = new ArrayList<>(problemFiles);
    problems.sort(Comparator.comparing(m -> String.valueOf(m.get("file"))));
    f.put("filesWithProblems", problems.size());
    Map<String, Long> docs = new LinkedHashMap<>();
    Map<String, Long> fails = new LinkedHashMap<>();
    Map<String, Long> made = new LinkedHashMap<>();
    long total = 0;
    for (DocType t : TYPES) {
      docs.put(t.code(), written[t.ordinal()].sum());
      fails.put(t.code(), failed[t.ordinal()].sum());
      made.put(t.code(), parsed[t.ordinal()].sum());
      total += written[t.ordinal()].sum();
    }
    f.put("documentsParsed", made);
    f.put("documentsWritten", docs);
    f.put("documentsFailed", fails);
    f.put("documentsPlanned", planned);
    f.put("docsPerSecond", docsPerSecond(total));
    f.put("idsDir", idsDir.toString());
    try {
      mergeIds();
    } catch (IOException e) {
      throw new BenchmarkException(BenchmarkException.EXIT_RUN_FAILED, "fasta: cannot write the ids files in "
          + idsDir + ": " + e.getMessage(), e);
    }
    writeManifest(docs);
    f.put("problemFiles", problems);
    String mismatch = null;
    if (checkCount) {
      Map<String, Object> counts = new LinkedHashMap<>();
      try (DocumentStore admin = ctx.binding().accessPath(DocumentStore.class, -1)) {
        for (DocType t : TYPES) {
          int i = t.ordinal();
          long before = countBefore[i];
          long after = before < 0 ? -1 : admin.count(collections[i]);
          if (after < 0) {
            counts.put(t.code(), "not counted (the binding cannot count)");
            continue;
          }
          long grown = after - before;
          counts.put(t.code(), grown);
          if (grown != written[i].sum() && mismatch == null) {
            mismatch = "fasta count check failed: " + collections[i] + " grew by " + grown + " documents but "
                + written[i].sum() + " were written (before " + before + ", after " + after + ")";
          }
        }
      }
      f.put("countCheck", mismatch == null ? "ok" : mismatch);
      f.put("countGrowth", counts);
    }
    if (mismatch != null) {
      throw new org.sciycsb.api.CheckFailedException(mismatch, Map.of("fasta", f));
    }
    long parsedTotal = 0;
    for (DocType t : TYPES) {
      parsedTotal += parsed[t.ordinal()].sum();
    }
    if (filesRead.sum() > 0 && parsedTotal == 0) {
      // every file was read and none gave a document: nothing usable (each file's problem is in problemFiles)
      throw new org.sciycsb.api.CheckFailedException("fasta: none of the " + filesRead.sum() + " input files gave a"
          + " document (" + problems.size() + " with problems, listed in extra.fasta.problemFiles)",
          Map.of("fasta", f));
    }
    return Map.of("fasta", f);
  }

  private Map<String, Object> docsPerSecond(long total) {
    Map<String, Object> m = new LinkedHashMap<>();
    long first = firstNanos.get();
    long last = lastNanos.get();
    double secs = first == Long.MAX_VALUE ? 0 : Math.max(1e-9, (last - first) / 1e9);
    m.put("mean", secs == 0 ? 0 : Math.round(total / secs * 10) / 10.0);
    int len = 0;
    for (long[] s : perSecond) {
      for (int i = s.length - 1; i >= 0; i--) {
        if (s[i] != 0) {
          len = Math.max(len, i + 1);
          break;
        }
      }
    }
    long[] sum = new long[len];
    for (long[] s : perSecond) {
      for (int i = 0; i < Math.min(len, s.length); i++) {
        sum[i] += s[i];
      }
    }
    long peak = 0;
    List<Long> series = new ArrayList<>(len);
    for (long v : sum) {
      peak = Math.max(peak, v);
      series.add(v);
    }
    m.put("peak", peak);
    m.put("note", "documents written in each whole second since the first file was taken (the last second is"
        + " partial); the engine's time series (timeseries.csv, timeseries.granularity=1000) has the same per"
        + " interval and operation");
    m.put("perSecond", series);
    return m;
  }

  /** Concatenates the threads' {@code <type>.<thread>.part} files into {@code ids/<type>.txt}. */
  private void mergeIds() throws IOException {
    for (DocType t : TYPES) {
      Path out = idsDir.resolve(t.code() + ".txt");
      List<Path> parts;
      try (Stream<Path> s = Files.list(idsDir)) {
        parts = s.filter(p -> {
          String n = p.getFileName().toString();
          return n.startsWith(t.code() + ".") && n.endsWith(".part");
        }).sorted(Comparator.comparingInt(FastaWorkload::partThread)).toList();
      }
      org.sciycsb.api.AtomicFiles.write(out, os -> {
        for (Path p : parts) {
          Files.copy(p, os);
        }
      });
      for (Path p : parts) {
        Files.delete(p);
      }
    }
  }

  private static int partThread(Path p) {
    String n = p.getFileName().toString();
    String mid = n.substring(n.indexOf('.') + 1, n.length() - ".part".length());
    try {
      return Integer.parseInt(mid);
    } catch (NumberFormatException e) {
      return Integer.MAX_VALUE;
    }
  }

  private void writeManifest(Map<String, Long> docs) throws BenchmarkException {
    Properties p = new Properties();
    p.setProperty("prefix", prefix);
    p.setProperty("input", inputText);
    docs.forEach((k, v) -> p.setProperty("written." + k, Long.toString(v)));
    Path results = run.resultsDir().toAbsolutePath();
    try {
      org.sciycsb.api.AtomicFiles.write(results.resolve(MANIFEST), os -> {
        Writer w = new java.io.OutputStreamWriter(os, StandardCharsets.UTF_8);
        p.store(w, "fasta load: ids in ids/<type>.txt, one 16-hex-digit id a line");
        w.flush();
      });
      Path pointer = run.workDir().resolve("fasta").resolve("last-load");
      Files.createDirectories(pointer.getParent());
      Path tmp = pointer.resolveSibling(".last-load.tmp");
      Files.writeString(tmp, results + "\n", StandardCharsets.UTF_8);
      Files.move(tmp, pointer, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException e) {
      throw new BenchmarkException(BenchmarkException.EXIT_RUN_FAILED, "fasta: cannot record the load in "
          + results + " / the work folder: " + e.getMessage(), e);
    }
  }

  // ============================================================================================ run: setup

  private void initRun(Config cfg) throws BenchmarkException {
    reads = cfg.get(FastaOptions.READS);
    readSeed = cfg.get(FastaOptions.READ_SEED);
    String given = cfg.get(FastaOptions.IDS);
    if (given != null && !given.isBlank()) {
      loadDir = Path.of(given);
    } else {
      Path pointer = run.workDir().resolve("fasta").resolve("last-load");
      if (!Files.isRegularFile(pointer)) {
        throw new ConfigException("fasta: no ids to read: set fasta.ids=<results folder of a fasta load>, or run"
            + " bin/ycsb load <binding> -p workload=fasta first (it records itself in " + pointer + ")");
      }
      try {
        loadDir = Path.of(Files.readString(pointer, StandardCharsets.UTF_8).trim());
      } catch (IOException e) {
        throw new ConfigException("fasta: cannot read " + pointer + ": " + e.getMessage());
      }
    }
    Path dir = loadDir.resolve(IDS_DIR);
    if (!Files.isDirectory(dir)) {
      throw new ConfigException("fasta.ids " + loadDir + " is not the results folder of a fasta load (no "
          + IDS_DIR + "/ folder in it)");
    }
    Properties manifest = new Properties();
    Path mf = loadDir.resolve(MANIFEST);
    if (Files.isRegularFile(mf)) {
      try (Reader r = Files.newBufferedReader(mf, StandardCharsets.UTF_8)) {
        manifest.load(r);
      } catch (IOException e) {
        throw new ConfigException("fasta: cannot read " + mf + ": " + e.getMessage());
      }
    }
    prefix = cfg.isSet(FastaOptions.PREFIX) || manifest.getProperty("prefix") == null
        ? cfg.get(FastaOptions.PREFIX) : manifest.getProperty("prefix");
    ids = new long[TYPES.length][];
    cumulative = new long[TYPES.length];
    for (DocType t : TYPES) {
      Path f = dir.resolve(t.code() + ".txt");
      try {
        ids[t.ordinal()] = Files.isRegularFile(f) ? IdFile.read(f) : new long[0];
      } catch (IOException | IllegalArgumentException e) {
        throw new ConfigException("fasta: cannot read the ids in " + f + ": " + e.getMessage());
      }
      totalIds += ids[t.ordinal()].length;
      cumulative[t.ordinal()] = totalIds;
    }
    if (totalIds == 0 && reads > 0) {
      throw new ConfigException("fasta: the load in " + loadDir + " wrote no documents: nothing to read");
    }
  }

  // ============================================================================================ run: threads

  private final class ReadThread implements WorkloadThread {
    private final DocumentStore store;
    private final Meter meter;
    private final SplittableRandom random;
    private final long[] hit = new long[TYPES.length];
    private final long[] missing = new long[TYPES.length];
    private final long[] wrong = new long[TYPES.length];
    private final long[] errors = new long[TYPES.length];
    /** The draw of the read being chosen (on the thread only). */
    private long draw;

    ReadThread(ThreadContext ctx, DocumentStore store) {
      this.store = store;
      this.meter = ctx.meter();
      this.random = readSeed != null ? new SplittableRandom(readSeed * 0x9E3779B97F4A7C15L + ctx.threadId())
          : new SplittableRandom();
    }

    @Override
    public boolean doTransaction() {
      int t = nextType();
      String hex = Ids.hex(nextId(t));
      long s = System.nanoTime();
      DocumentStore.Result res = store.read(collections[t], hex);
      long e = System.nanoTime();
      Status st = checked(res, hex);
      meter.record(readOps[t], s, e, st);
      count(t, st);
      return true;
    }

    /** One read without waiting; measured and checked when its stage completes. */
    @Override
    public CompletionStage<?> doTransactionAsync(AsyncOps ops) {
      int t = nextType();
      String hex = Ids.hex(nextId(t));
      long s = System.nanoTime();
      return ((AsyncDocumentStore) store).readAsync(collections[t], hex).handle((res, x) -> {
        long e = System.nanoTime();
        Status st = x != null ? Status.ERROR : checked(res, hex);
        ops.record(readOps[t], s, e, st);
        count(t, st);
        return st;
      });
    }

    /** The type of the next read, in the proportions written (the random draw picks an id among all). */
    private int nextType() {
      draw = random.nextLong(totalIds);
      int t = 0;
      while (draw >= cumulative[t]) {
        t++;
      }
      return t;
    }

    private long nextId(int t) {
      return ids[t][(int) (draw - (t == 0 ? 0 : cumulative[t - 1]))];
    }

    /** A read's status: MISMATCH when the document found does not carry the id asked for. */
    private static Status checked(DocumentStore.Result res, String hex) {
      Status st = res == null ? Status.ERROR : res.status();
      if (st == Status.OK && (res.json() == null || !res.json().contains(hex))) {
        st = MISMATCH;
      }
      return st;
    }

    /** Completions of asynchronous reads call it from driver threads. */
    private synchronized void count(int t, Status st) {
      if (st == Status.OK) {
        hit[t]++;
      } else if (st == Status.NOT_FOUND) {
        missing[t]++;
      } else if (st == MISMATCH) {
        wrong[t]++;
      } else {
        errors[t]++;
      }
    }

    @Override
    public boolean doInsert() {
      throw new IllegalStateException("the fasta run threads only read");
    }

    @Override
    public synchronized void close() {
      store.close();
      for (int t = 0; t < TYPES.length; t++) {
        found[t].add(hit[t]);
        notFound[t].add(missing[t]);
        mismatched[t].add(wrong[t]);
        readErrors[t].add(errors[t]);
      }
    }
  }

  private Map<String, Object> finishRun() {
    Map<String, Object> f = new LinkedHashMap<>();
    f.put("phase", "run");
    f.put("ids", loadDir.toAbsolutePath().toString());
    f.put("collections", List.of(collections));
    Map<String, Long> avail = new LinkedHashMap<>();
    Map<String, Object> per = new LinkedHashMap<>();
    for (DocType t : TYPES) {
      int i = t.ordinal();
      avail.put(t.code(), (long) ids[i].length);
      Map<String, Long> m = new LinkedHashMap<>();
      m.put("found", found[i].sum());
      m.put("notFound", notFound[i].sum());
      m.put("mismatched", mismatched[i].sum());
      m.put("errors", readErrors[i].sum());
      per.put(t.code(), m);
    }
    f.put("idsAvailable", avail);
    f.put("reads", per);
    return Map.of("fasta", f);
  }

  /** For messages: "1,234". */
  static String n(long v) {
    return String.format(Locale.ROOT, "%,d", v);
  }

  /** Writes ids as text, for tests and tools. */
  static void writeIds(Path f, long[] ids) throws IOException {
    try (BufferedWriter w = Files.newBufferedWriter(f, StandardCharsets.US_ASCII)) {
      for (long id : ids) {
        w.write(Ids.hex(id));
        w.write('\n');
      }
    }
  }
}
