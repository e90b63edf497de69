package org.sciycsb.fasta;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sciycsb.fasta.doc.DocType;
import org.sciycsb.fasta.doc.DocumentBuilder;
import org.sciycsb.fasta.m10.Fixtures;
import org.sciycsb.fasta.m10.SsearchParser;
import org.sciycsb.testkit.InProcessRun;

/**
 * The fasta workload end to end through the testkit's InProcessRun on one binding: load (write phase) then run (read
 * phase), with the real ssearch36 fixtures (two of them faulty) and with a small generated corpus. Subclasses name
 * the binding and the properties that reach its store.
 */
abstract class FastaEndToEnd {
  @TempDir
  Path tmp;

  /** A fresh collection prefix per test, so that runs against a long-lived server never see earlier documents. */
  final String prefix = "fx" + Long.toString(ThreadLocalRandom.current().nextLong(1L << 40), 36) + "_";

  private String oldHome;

  abstract String binding();

  /** The work folder (ids pointer, caches) is the test's own: the CLI takes it from sciycsb.home. */
  @BeforeEach
  void ownWorkFolder() throws IOException {
    Path home = tmp.resolve("home");
    Files.createDirectories(home);
    oldHome = System.getProperty("sciycsb.home");
    System.setProperty("sciycsb.home", home.toString());
  }

  @AfterEach
  void restoreWorkFolder() {
    if (oldHome == null) {
      System.clearProperty("sciycsb.home");
    } else {
      System.setProperty("sciycsb.home", oldHome);
    }
  }

  /** {@code key=value} properties reaching the store (the test's own database or folder). */
  abstract List<String> storeProps();

  /**
   * True when the binding's DocumentStore handles are asynchronous, so that the fasta workload runs with
   * {@code -p inflight=N} (otherwise such a run is refused before it starts).
   */
  boolean asyncDocuments() {
    return false;
  }

  /** Properties a run with operations in flight adds to {@link #storeProps} (mongodb: no insert batches). */
  List<String> inflightProps() {
    return List.of();
  }

  private InProcessRun cli(String phase, int threads, String... props) {
    List<String> argv = new ArrayList<>(List.of(phase, binding(), "-threads", Integer.toString(threads),
        "-p", "workload=fasta", "-p", "fasta.table.prefix=" + prefix, "-p", "status.interval=1"));
    for (String p : storeProps()) {
      argv.add("-p");
      argv.add(p);
    }
    for (String p : props) {
      argv.add("-p");
      argv.add(p);
    }
    return InProcessRun.run(argv.toArray(String[]::new));
  }

  /** What the parser makes of the given files, per type. */
  static Map<DocType, Long> expected(List<Path> files) throws IOException {
    Map<DocType, Long> m = new EnumMap<>(DocType.class);
    for (DocType t : DocType.values()) {
      m.put(t, 0L);
    }
    SsearchParser parser = new SsearchParser();
    DocumentBuilder b = new DocumentBuilder(d -> m.merge(d.type(), 1L, Long::sum));
    for (Path f : files) {
      b.parse(parser, f);
    }
    return m;
  }

  private static void checkLoad(InProcessRun c, Path dir, Map<DocType, Long> expected) throws IOException {
    assertThat(c.exit).as(c.toString()).isZero();
    JsonNode j = InProcessRun.results(dir);
    JsonNode f = j.path("extra").path("fasta");
    assertThat(f.path("countCheck").asText()).as(c.toString()).isEqualTo("ok");
    long total = 0;
    for (DocType t : DocType.values()) {
      long n = expected.get(t);
      total += n;
      assertThat(n).isPositive();
      assertThat(f.path("documentsParsed").path(t.code()).asLong()).as(t.code()).isEqualTo(n);
      assertThat(f.path("documentsWritten").path(t.code()).asLong()).as(t.code()).isEqualTo(n);
      assertThat(f.path("documentsFailed").path(t.code()).asLong()).as(t.code()).isZero();
      // what the store itself counts (DocumentStore.count before and after the load)
      assertThat(f.path("countGrowth").path(t.code()).asLong()).as(t.code()).isEqualTo(n);
      assertThat(c.text("FASTA_WRITE_" + t.name(), "Operations")).isEqualTo(Long.toString(n));
      List<String> ids = Files.readAllLines(dir.resolve("ids").resolve(t.code() + ".txt"));
      assertThat(ids).hasSize((int) n).allMatch(s -> s.matches("[0-9a-f]{16}"));
      assertThat(new HashSet<>(ids)).hasSize((int) n);
    }
    assertThat(f.path("docsPerSecond").path("mean").asDouble()).isPositive();
    long perSecond = 0;
    for (JsonNode v : f.path("docsPerSecond").path("perSecond")) {
      perSecond += v.asLong();
    }
    assertThat(perSecond).isEqualTo(total);
    // the engine's time series (per-second intervals by default; lengths are not checked, a collection can come
    // late on a busy machine): per-operation counts add up to every document
    long series = 0;
    assertThat(j.path("timeseries").size()).isPositive();
    for (JsonNode p : j.path("timeseries")) {
      for (DocType t : DocType.values()) {
        series += p.path("ops").path("FASTA_WRITE_" + t.name()).path("count").asLong();
      }
    }
    assertThat(series).isEqualTo(total);
    assertThat(Files.list(dir.resolve("ids")).map(p -> p.getFileName().toString()))
        .containsExactlyInAnyOrder("task.txt", "rna.txt", "gs.txt", "align.txt");
  }

  private static void checkRun(InProcessRun c, Path dir, long reads) throws IOException {
    assertThat(c.exit).as(c.toString()).isZero();
    long sum = 0;
    for (DocType t : DocType.values()) {
      String ops = c.text("FASTA_READ_" + t.name(), "Operations");
      if (ops == null) {
        continue;
      }
      sum += Long.parseLong(ops);
      assertThat(c.text("FASTA_READ_" + t.name(), "Return=OK")).as(c.toString()).isEqualTo(ops);
    }
    assertThat(sum).isEqualTo(reads);
    JsonNode f = InProcessRun.results(dir).path("extra").path("fasta");
    long found = 0;
    for (DocType t : DocType.values()) {
      JsonNode r = f.path("reads").path(t.code());
      assertThat(r.path("notFound").asLong()).isZero();
      assertThat(r.path("mismatched").asLong()).isZero();
      assertThat(r.path("errors").asLong()).isZero();
      found += r.path("found").asLong();
    }
    assertThat(found).isEqualTo(reads);
  }

  @Test
  void realFixturesAreWrittenWithFaultyFilesReportedThenEveryReadFindsItsId() throws Exception {
    Path input = tmp.resolve("input");
    Files.createDirectories(input);
    List<Path> all = new ArrayList<>();
    for (String name : List.of(Fixtures.NT, Fixtures.AA, Fixtures.MULTI, Fixtures.TRUNCATED, Fixtures.MALFORMED)) {
      Path to = input.resolve(name);
      Files.copy(Fixtures.path(name), to);
      all.add(to);
    }
    Map<DocType, Long> expected = expected(all);
    Path load = tmp.resolve("load");
    InProcessRun c = cli("load", 3, "fasta.input=" + input, "results.dir=" + load);
    checkLoad(c, load, expected);

    JsonNode f = InProcessRun.results(load).path("extra").path("fasta");
    assertThat(f.path("files").asInt()).isEqualTo(5);
    assertThat(f.path("filesRead").asInt()).isEqualTo(5);
    assertThat(f.path("filesWithProblems").asInt()).isEqualTo(2);
    JsonNode problems = f.path("problemFiles");
    assertThat(problems.get(0).path("file").asText()).isEqualTo(Fixtures.MALFORMED);
    assertThat(problems.get(0).path("kinds").path("BAD_VALUE").asLong()).isEqualTo(1);
    assertThat(problems.get(0).path("kinds").path("MISSING_FIELD").asLong()).isEqualTo(1);
    assertThat(problems.get(0).path("first").get(0).asText()).matches("line \\d+: \\w+: .*");
    assertThat(problems.get(1).path("file").asText()).isEqualTo(Fixtures.TRUNCATED);
    assertThat(problems.get(1).path("kinds").path("TRUNCATED").asLong()).isEqualTo(1);
    assertThat(problems.get(1).path("alignments").asLong()).isEqualTo(3);

    Path run = tmp.resolve("run");
    InProcessRun r = cli("run", 2, "fasta.ids=" + load, "fasta.reads=3000", "results.dir=" + run);
    checkRun(r, run, 3000);
  }

  @Test
  void generatedCorpusIsWrittenThenReadFromTheLastLoadOfTheWorkFolder() throws Exception {
    Path corpus = tmp.resolve("corpus");
    // 5 threads for 3 files: idle workers end at once
    Path load = tmp.resolve("load");
    InProcessRun c = cli("load", 5, "fasta.corpus.files=3", "fasta.corpus.hits=150", "fasta.corpus.queries=2",
        "fasta.corpus.dir=" + corpus, "results.dir=" + load);
    Path dir;
    try (var s = Files.list(corpus)) {
      dir = s.filter(p -> !p.getFileName().toString().startsWith(".")).findFirst().orElseThrow();
    }
    List<Path> files;
    try (var s = Files.list(dir)) {
      files = s.filter(p -> p.toString().endsWith(".m10")).sorted().toList();
    }
    assertThat(files).hasSize(3);
    Map<DocType, Long> expected = expected(files);
    checkLoad(c, load, expected);
    assertThat(InProcessRun.results(load).path("extra").path("fasta").path("documentsPlanned").asLong())
        .isEqualTo(expected.values().stream().mapToLong(Long::longValue).sum());
    assertThat(InProcessRun.results(load).path("extra").path("fasta").path("filesWithProblems").asInt()).isZero();

    // no fasta.ids: the run finds the last load through the work folder
    Path run = tmp.resolve("run");
    InProcessRun r = cli("run", 3, "fasta.reads=2000", "results.dir=" + run);
    checkRun(r, run, 2000);
    assertThat(InProcessRun.results(run).path("extra").path("fasta").path("ids").asText())
        .isEqualTo(load.toAbsolutePath().toString());
  }

  /**
   * A load and a run with 32 operations in flight on 2 threads give the same counts and checks as one at a time
   * (every document written, counted by the store and read back with its id), on the bindings whose document
   * store is asynchronous; the others refuse such a run with one line before it starts.
   */
  @Test
  void withOperationsInFlightEveryDocumentIsWrittenAndReadBack() throws Exception {
    Path corpus = tmp.resolve("corpus");
    Path load = tmp.resolve("load");
    List<String> props = new ArrayList<>(inflightProps());
    props.addAll(List.of("inflight=32", "fasta.corpus.files=3", "fasta.corpus.hits=120", "fasta.corpus.queries=2",
        "fasta.corpus.dir=" + corpus, "results.dir=" + load));
    InProcessRun c = cli("load", 2, props.toArray(String[]::new));
    if (!asyncDocuments()) {
      assertThat(c.exit).as(c.toString()).isEqualTo(2);
      // the binding is synchronous, or its document store is
      assertThat(c.err.lines().filter(l -> l.startsWith("error")).toList()).singleElement()
          .satisfies(l -> assertThat(l).contains(binding()).contains("inflight=32 needs -threads 32"));
      assertThat(c.err).doesNotContain("\tat ");
      return;
    }
    List<Path> files;
    try (var s = Files.list(corpus)) {
      Path dir = s.filter(p -> !p.getFileName().toString().startsWith(".")).findFirst().orElseThrow();
      try (var f = Files.list(dir)) {
        files = f.filter(p -> p.toString().endsWith(".m10")).sorted().toList();
      }
    }
    checkLoad(c, load, expected(files));
    JsonNode li = InProcessRun.results(load).path("metadata").path("inflight");
    assertThat(li.path("mode").asText()).isEqualTo("asynchronous");

    Path run = tmp.resolve("run");
    List<String> runProps = new ArrayList<>(inflightProps());
    runProps.addAll(List.of("inflight=32", "fasta.ids=" + load, "fasta.reads=2000", "results.dir=" + run));
    InProcessRun r = cli("run", 2, runProps.toArray(String[]::new));
    checkRun(r, run, 2000);
    JsonNode ri = InProcessRun.results(run).path("metadata").path("inflight");
    assertThat(ri.path("mode").asText()).isEqualTo("asynchronous");
    assertThat(ri.path("operationsSent").asLong()).isEqualTo(2000);
  }

  @Test
  void aMissingInputFolderEndsWithOneClearLine() {
    InProcessRun c = cli("load", 1, "fasta.input=" + tmp.resolve("nowhere"), "results.dir=" + tmp.resolve("x"));
    assertThat(c.exit).as(c.toString()).isEqualTo(2);
    assertThat(c.err).contains("fasta.input").contains("is not a folder");
  }

  static Set<String> lines(Path f) throws IOException {
    return new HashSet<>(Files.readAllLines(f));
  }
}
