package org.sciycsb.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.sciycsb.api.Binding;
import org.sciycsb.api.access.AsyncSubjectTimeline;
import org.sciycsb.api.access.SubjectTimeline;
import site.ycsb.Status;

/**
 * The contract of the {@link SubjectTimeline} access path (the FHIR workload's patients and observations), run on
 * every binding that serves it against its real test server: extend it, give the binding and its properties. It
 * checks what the interface promises: events written (and flushed, or their handle closed) are read back newest
 * first, at most {@code limit} of them, of that subject only, appended to the caller's list; a subject without
 * events has an empty timeline; {@code prepare} is idempotent; {@code countEvents} is exact or -1. Each test has
 * its own fresh tables. Reads go through a new run, as the FHIR workload's run phase reads what its load wrote.
 */
public abstract class SubjectTimelineContract extends StoreContract {
  private static final long T0 = 1_700_000_000_000L;
  private SubjectTimeline.Schema schema;

  /** See {@link StoreContract#StoreContract}. */
  protected SubjectTimelineContract(Binding binding, Supplier<Map<String, String>> properties) {
    super(binding, properties);
  }

  @BeforeEach
  void openTimeline() throws Exception {
    schema = new SubjectTimeline.Schema(freshName("p"), freshName("o"));
    openRun(Map.of());
    prepare();
  }

  private void prepare() throws Exception {
    try (SubjectTimeline setup = run.accessPath(SubjectTimeline.class, -1)) {
      setup.prepare(schema);
    }
  }

  /** A run of a later phase: opened on the same store and given the schema, as the workload's init does. */
  private void reopen() throws Exception {
    reopenRun();
    prepare();
  }

  /**
   * True to run every test through the handle's non-blocking calls ({@link AsyncSubjectTimeline}), each awaited,
   * plus the test of many calls in flight at once: a binding whose timeline is asynchronous runs the contract twice,
   * once by a subclass that answers true here.
   */
  protected boolean throughAsync() {
    return false;
  }

  /** A handle of client thread 0 on the current run (through its asynchronous calls when {@link #throughAsync}). */
  private SubjectTimeline handle() throws Exception {
    SubjectTimeline t = run.accessPath(SubjectTimeline.class, 0);
    if (!throughAsync()) {
      return t;
    }
    assertThat(t).as("an asynchronous binding's timeline handle").isInstanceOf(AsyncSubjectTimeline.class);
    assertThat(binding.supportsAsync(SubjectTimeline.class)).as("the binding declares it").isTrue();
    return new AwaitedTimeline(t);
  }

  /** The blocking calls of a handle made through its asynchronous ones, each awaited (within 60 s). */
  private static final class AwaitedTimeline implements SubjectTimeline {
    private final SubjectTimeline inner;
    private final AsyncSubjectTimeline async;

    AwaitedTimeline(SubjectTimeline inner) {
      this.inner = inner;
      this.async = (AsyncSubjectTimeline) inner;
    }

    private static Status await(java.util.concurrent.CompletionStage<Status> stage) {
      try {
        return stage.toCompletableFuture().get(60, java.util.concurrent.TimeUnit.SECONDS);
      } catch (Exception e) {
        throw new AssertionError("an asynchronous call failed or hung: " + e, e);
      }
    }

    @Override
    public void prepare(Schema schema) throws org.sciycsb.api.BenchmarkException {
      inner.prepare(schema);
    }

    @Override
    public Status putSubject(String subjectId, String json) {
      return await(async.putSubjectAsync(subjectId, json));
    }

    @Override
    public Status putEvent(String subjectId, long timeMillis, String eventId, String json) {
      Status s = await(async.putEventAsync(subjectId, timeMillis, eventId, json));
      assertThat(s).as("an asynchronous put is written when it completes").isNotEqualTo(Status.BATCHED_OK);
      return s;
    }

    @Override
    public Status recentEvents(String subjectId, int limit, List<String> out) {
      return await(async.recentEventsAsync(subjectId, limit, out));
    }

    @Override
    public long countEvents() throws org.sciycsb.api.BenchmarkException {
      return inner.countEvents();
    }

    @Override
    public void close() {
      inner.close();
    }
  }

  /** Only in the asynchronous contract: 20 subjects x 10 events sent at once, then 20 timelines read at once. */
  @Test
  void manyCallsInFlightAtOnce() throws Exception {
    if (!throughAsync()) {
      return; // the blocking contract is one call at a time
    }
    List<java.util.concurrent.CompletableFuture<Status>> puts = new ArrayList<>();
    try (SubjectTimeline t = handle()) {
      AsyncSubjectTimeline a = (AsyncSubjectTimeline) ((AwaitedTimeline) t).inner;
      for (int e = 1; e <= 10; e++) {
        for (int p = 0; p < 20; p++) {
          String subject = "pm" + p;
          puts.add(a.putEventAsync(subject, T0 + e * 1000L, subject + "-" + e, obs(subject + "-" + e))
              .toCompletableFuture());
        }
      }
      for (java.util.concurrent.CompletableFuture<Status> f : puts) {
        assertThat(f.get(60, java.util.concurrent.TimeUnit.SECONDS)).isEqualTo(Status.OK);
      }
    }
    reopen();
    try (SubjectTimeline t = handle()) {
      AsyncSubjectTimeline a = (AsyncSubjectTimeline) ((AwaitedTimeline) t).inner;
      List<List<String>> outs = new ArrayList<>();
      List<java.util.concurrent.CompletableFuture<Status>> reads = new ArrayList<>();
      for (int p = 0; p < 20; p++) {
        List<String> out = new ArrayList<>();
        outs.add(out);
        reads.add(a.recentEventsAsync("pm" + p, 3, out).toCompletableFuture());
      }
      for (int p = 0; p < 20; p++) {
        assertThat(reads.get(p).get(60, java.util.concurrent.TimeUnit.SECONDS)).isEqualTo(Status.OK);
        assertThat(compact(outs.get(p))).containsExactlyElementsOf(expected("pm" + p, 10, 9, 8));
      }
    }
  }

  /** A FHIR-like resource: no whitespace, so a store that reformats its JSON gives the same text less spaces. */
  static String obs(String id) {
    return "{\"resourceType\":\"Observation\",\"id\":\"" + id + "\",\"valueQuantity\":{\"value\":7}}";
  }

  /** JSON without the whitespace between tokens (the tests' documents have none inside strings). */
  static List<String> compact(List<String> json) {
    List<String> out = new ArrayList<>();
    for (String j : json) {
      out.add(j.replaceAll("\\s", ""));
    }
    return out;
  }

  private static void written(Status s) {
    assertThat(s).as("a write (OK, or BATCHED_OK when buffered)").isIn(Status.OK, Status.BATCHED_OK);
  }

  /** Writes the events of {@code subject} at the given seconds after T0 (ids {@code subject-second}). */
  private static void putEvents(SubjectTimeline t, String subject, int... seconds) {
    for (int s : seconds) {
      written(t.putEvent(subject, T0 + s * 1000L, subject + "-" + s, obs(subject + "-" + s)));
    }
  }

  private static List<String> expected(String subject, int... secondsNewestFirst) {
    List<String> out = new ArrayList<>();
    for (int s : secondsNewestFirst) {
      out.add(obs(subject + "-" + s));
    }
    return out;
  }

  /** The subject's newest {@code limit} events read by a handle on a new run. */
  private List<String> recent(String subject, int limit) throws Exception {
    List<String> out = new ArrayList<>();
    try (SubjectTimeline t = handle()) {
      assertThat(t.recentEvents(subject, limit, out)).as("recentEvents(%s, %d)", subject, limit)
          .isEqualTo(Status.OK);
    }
    return compact(out);
  }

  @Test
  void recentEventsAreTheSubjectsNewestFirstUpToTheLimit() throws Exception {
    try (SubjectTimeline t = handle()) {
      assertThat(t.putSubject("pa", "{\"resourceType\":\"Patient\",\"id\":\"pa\"}")).isEqualTo(Status.OK);
      assertThat(t.putSubject("pb", "{\"resourceType\":\"Patient\",\"id\":\"pb\"}")).isEqualTo(Status.OK);
      // out of time order, and the two subjects' events interleaved
      putEvents(t, "pa", 30, 10);
      putEvents(t, "pb", 20);
      putEvents(t, "pa", 40, 50, 20);
      putEvents(t, "pb", 60);
      assertThat(t.flush()).isEqualTo(Status.OK);
    }
    reopen();
    assertThat(recent("pa", 3)).containsExactlyElementsOf(expected("pa", 50, 40, 30));
    assertThat(recent("pa", 1)).containsExactlyElementsOf(expected("pa", 50));
    assertThat(recent("pa", 100)).as("a limit beyond the timeline: all of it")
        .containsExactlyElementsOf(expected("pa", 50, 40, 30, 20, 10));
    assertThat(recent("pb", 5)).containsExactlyElementsOf(expected("pb", 60, 20));
  }

  @Test
  void recentEventsAppendsToTheCallersList() throws Exception {
    try (SubjectTimeline t = handle()) {
      putEvents(t, "pc", 1, 2);
      assertThat(t.flush()).isEqualTo(Status.OK);
    }
    reopen();
    List<String> out = new ArrayList<>(List.of("already there"));
    try (SubjectTimeline t = handle()) {
      assertThat(t.recentEvents("pc", 5, out)).isEqualTo(Status.OK);
    }
    assertThat(out).hasSize(3).first().isEqualTo("already there");
    assertThat(compact(out.subList(1, 3))).containsExactlyElementsOf(expected("pc", 2, 1));
  }

  @Test
  void aSubjectWithoutEventsHasAnEmptyTimeline() throws Exception {
    try (SubjectTimeline t = handle()) {
      assertThat(t.putSubject("pd", "{\"resourceType\":\"Patient\",\"id\":\"pd\"}")).isEqualTo(Status.OK);
      putEvents(t, "pe", 1);
      assertThat(t.flush()).isEqualTo(Status.OK);
    }
    reopen();
    assertThat(recent("pd", 5)).as("a subject stored without events").isEmpty();
    assertThat(recent("nobody", 5)).as("a subject never stored").isEmpty();
  }

  @Test
  void closingAHandleWritesWhatItBuffered() throws Exception {
    try (SubjectTimeline t = handle()) {
      putEvents(t, "pf", 1, 3, 2); // no flush: close writes them
    }
    reopen();
    assertThat(recent("pf", 5)).containsExactlyElementsOf(expected("pf", 3, 2, 1));
  }

  @Test
  void prepareAgainKeepsTheTimelines() throws Exception {
    try (SubjectTimeline t = handle()) {
      putEvents(t, "pg", 1, 2);
    }
    prepare();
    reopen();
    assertThat(recent("pg", 5)).containsExactlyElementsOf(expected("pg", 2, 1));
  }

  @Test
  void countEventsIsExactOrUnknown() throws Exception {
    try (SubjectTimeline t = handle()) {
      putEvents(t, "ph", 1, 2, 3);
      putEvents(t, "pi", 4);
    }
    reopen();
    try (SubjectTimeline t = run.accessPath(SubjectTimeline.class, -1)) {
      assertThat(t.countEvents()).as("countEvents: the 4 events written, or -1 (the store cannot tell)")
          .isIn(4L, -1L);
    }
  }
}
