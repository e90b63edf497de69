package org.sciycsb.fasta;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import org.sciycsb.fasta.corpus.SyntheticCorpus;
import org.sciycsb.fasta.doc.DocType;
import org.sciycsb.fasta.doc.Document;
import org.sciycsb.fasta.doc.DocumentBuilder;
import org.sciycsb.fasta.doc.DocumentSink;
import org.sciycsb.fasta.m10.ParseProblems;
import org.sciycsb.fasta.m10.SsearchParser;

/**
 * Parser throughput with no store: parses a corpus of {@code -m 10} files into documents (JSON bytes built, then
 * dropped) and prints documents per second, overall and per core.
 *
 * <p>{@code ParserBenchmark [dir=DIR] [files=4] [queries=1] [hits=10000] [seed=1] [threads=1] [seconds=10]
 * [warmup=3] [preload=true]}: without {@code dir} (or when it holds no {@code .m10} files) a corpus is generated
 * into {@code corpus=DIR} (default {@code target/fasta-bench-corpus-...}). Each thread takes whole files from a shared
 * counter, as the workload's workers will. "Per core" is documents per second of CPU time used by the parsing
 * threads (measured with {@link ThreadMXBean}), which stays meaningful on a machine shared with other work.
 */
public final class ParserBenchmark {
  private ParserBenchmark() {
  }

  public static void main(String[] args) throws Exception {
    run(args, System.out);
  }

  /** Counting sink: sums sizes per type so nothing is optimised away. */
  static final class Counter implements DocumentSink {
    final long[] count = new long[DocType.values().length];
    final long[] bytes = new long[DocType.values().length];

    @Override
    public void accept(Document d) {
      int t = d.type().ordinal();
      count[t]++;
      bytes[t] += d.jsonBytes().length;
    }

    long documents() {
      long n = 0;
      for (long c : count) {
        n += c;
      }
      return n;
    }
  }

  /** The settings of a run, from its key=value arguments ({@code fasta.} and {@code fasta.corpus.} prefixes allowed). */
  private static final class Settings {
    Path dir;
    Path corpus;
    int files = 4;
    int queries = 1;
    int hits = 10_000;
    long seed = 1;
    int threads = 1;
    double seconds = 10;
    int warmup = 3;
    boolean preload = true;

    static Settings parse(String[] args) {
      Settings s = new Settings();
      for (String a : args) {
        int eq = a.indexOf('=');
        if (eq < 0) {
          throw new IllegalArgumentException("expected key=value, got " + a);
        }
        String k = a.substring(0, eq).replaceFirst("^fasta\\.(corpus\\.)?", "");
        String v = a.substring(eq + 1);
        switch (k) {
          case "dir", "input" -> s.dir = Path.of(v);
          case "corpus" -> s.corpus = Path.of(v);
          case "files" -> s.files = Integer.parseInt(v);
          case "queries" -> s.queries = Integer.parseInt(v);
          case "hits" -> s.hits = Integer.parseInt(v);
          case "seed" -> s.seed = Long.parseLong(v);
          case "threads" -> s.threads = Integer.parseInt(v);
          case "seconds" -> s.seconds = Double.parseDouble(v);
          case "warmup" -> s.warmup = Integer.parseInt(v);
          case "preload" -> s.preload = Boolean.parseBoolean(v);
          default -> throw new IllegalArgumentException("unknown setting " + k);
        }
      }
      return s;
    }
  }

  /**
   * The .m10 files of {@code dir}; without any, those of the corpus folder, generated first when it does not hold
   * the files asked for ({@code dir} then names the corpus).
   */
  private static List<Path> inputs(Settings s, PrintStream out) throws IOException {
    List<Path> inputs = s.dir == null ? List.of() : list(s.dir);
    if (inputs.isEmpty()) {
      if (s.corpus == null) {
        s.corpus = Path.of("target", String.format(Locale.ROOT, "fasta-bench-corpus-s%d-f%d-q%d-h%d", s.seed,
            s.files, s.queries, s.hits));
      }
      inputs = list(s.corpus);
      if (inputs.size() != s.files) {
        SyntheticCorpus.Stats g = new SyntheticCorpus(new SyntheticCorpus.Settings(s.seed, s.files, s.queries, s.hits,
            0.05)).generate(s.corpus, Math.max(1, Runtime.getRuntime().availableProcessors()));
        out.printf(Locale.ROOT, "generated %s: %d files, %.1f MB, %d documents%n", s.corpus, g.files(),
            g.bytes() / 1e6, g.documents());
        inputs = list(s.corpus);
      }
      s.dir = s.corpus;
    }
    return inputs;
  }

  static void run(String[] args, PrintStream out) throws Exception {
    Settings s = Settings.parse(args);
    List<Path> inputs = inputs(s, out);
    Path dir = s.dir;
    int threads = s.threads;
    double seconds = s.seconds;
    int warmup = s.warmup;
    boolean preload = s.preload;
    List<byte[]> data = new ArrayList<>();
    long totalBytes = 0;
    for (Path p : inputs) {
      long n = Files.size(p);
      totalBytes += n;
      if (preload) {
        data.add(Files.readAllBytes(p));
      }
    }
    out.printf(Locale.ROOT, "corpus %s: %d files, %.1f MB%s; %d thread(s), %d warm-up pass(es), >= %.0f s measured;"
        + " %d processors visible%n", dir, inputs.size(), totalBytes / 1e6, preload ? " (preloaded in memory)" : "",
        threads, warmup, seconds, Runtime.getRuntime().availableProcessors());

    List<Path> paths = inputs;
    AtomicLong problems = new AtomicLong();
    boolean fromMemory = preload;
    Counter check = new Counter();
    for (int w = 0; w < warmup; w++) {
      pass(paths, data, fromMemory, 1, new Counter[] {w == 0 ? check : new Counter()}, new long[1], problems);
    }
    long docsPerPass = check.documents();

    Counter[] counters = new Counter[threads];
    for (int i = 0; i < threads; i++) {
      counters[i] = new Counter();
    }
    long[] cpu = new long[threads];
    long t0 = System.nanoTime();
    int passes = 0;
    do {
      pass(paths, data, fromMemory, threads, counters, cpu, problems);
      passes++;
    } while (System.nanoTime() - t0 < seconds * 1e9);
    double wall = (System.nanoTime() - t0) / 1e9;
    long docs = 0;
    long cpuNanos = 0;
    for (int i = 0; i < threads; i++) {
      docs += counters[i].documents();
      cpuNanos += cpu[i];
    }
    double cpuSeconds = cpuNanos / 1e9;
    out.printf(Locale.ROOT, "documents per pass %d: %s%n", docsPerPass, sizes(check));
    if (problems.get() > 0) {
      out.printf(Locale.ROOT, "parse problems (all passes): %d (malformed or truncated input files)%n", problems.get());
    }
    out.printf(Locale.ROOT, "parsed %d passes, %d documents, %.1f MB in %.2f s wall, %.2f s CPU%n", passes, docs,
        passes * totalBytes / 1e6, wall, cpuSeconds);
    out.printf(Locale.ROOT, "throughput: %,.0f docs/s (%.1f MB/s), %,.0f docs/s per core (docs per CPU-second of"
        + " the %d parsing thread(s))%n", docs / wall, passes * totalBytes / 1e6 / wall, docs / cpuSeconds, threads);
  }

  private static String sizes(Counter c) {
    StringBuilder sb = new StringBuilder();
    for (DocType t : DocType.values()) {
      int i = t.ordinal();
      sb.append(sb.length() == 0 ? "" : ", ").append(t.code()).append(' ').append(c.count[i]).append(" x ")
          .append(c.count[i] == 0 ? 0 : Math.round((double) c.bytes[i] / c.count[i])).append(" B");
    }
    return sb.toString();
  }

  private static void pass(List<Path> paths, List<byte[]> data, boolean fromMemory, int threads, Counter[] counters,
                           long[] cpu, AtomicLong problems) throws Exception {
    AtomicInteger next = new AtomicInteger();
    ThreadMXBean mx = ManagementFactory.getThreadMXBean();
    Thread[] workers = new Thread[threads];
    Exception[] failure = new Exception[1];
    for (int t = 0; t < threads; t++) {
      int id = t;
      workers[t] = new Thread(() -> {
        long c0 = mx.getCurrentThreadCpuTime();
        SsearchParser parser = new SsearchParser();
        DocumentBuilder builder = new DocumentBuilder(counters[id]);
        try {
          for (int i = next.getAndIncrement(); i < paths.size(); i = next.getAndIncrement()) {
            ParseProblems p;
            if (fromMemory) {
              String name = paths.get(i).getFileName().toString();
              builder.reset(name);
              p = parser.parse(new ByteArrayInputStream(data.get(i)), name, builder);
            } else {
              p = builder.parse(parser, paths.get(i));
            }
            if (!p.isEmpty()) {
              problems.addAndGet(p.total());
            }
          }
        } catch (IOException | RuntimeException e) {
          synchronized (failure) {
            failure[0] = e instanceof IOException io ? io : new IllegalStateException(e);
          }
        }
        cpu[id] += mx.getCurrentThreadCpuTime() - c0;
      }, "fasta-parser-" + t);
      workers[t].start();
    }
    for (Thread w : workers) {
      w.join();
    }
    if (failure[0] != null) {
      throw failure[0];
    }
  }

  private static List<Path> list(Path dir) throws IOException {
    if (!Files.isDirectory(dir)) {
      return List.of();
    }
    try (Stream<Path> s = Files.list(dir)) {
      return s.filter(p -> {
        String n = p.getFileName().toString();
        return n.endsWith(".m10") || n.endsWith(".m10.gz");
      }).sorted().toList();
    }
  }
}
