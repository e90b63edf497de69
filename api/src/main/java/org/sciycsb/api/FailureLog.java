package org.sciycsb.api;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Supplier;

/**
 * The one failure policy of a run, shared by every binding ({@link RunContext#failures()}) and the engine: each
 * failed operation is counted by kind and operation; the first {@value #SHOWN} of each kind are printed on the run's
 * log with the store's message (secrets masked), the rest are only counted. At the end of a run the engine puts the
 * counts into {@code results.json} ({@code extra.failures}) and prints one line per kind with more failures than
 * were shown ({@link #unshown}).
 *
 * <p>What a kind is stays the binding's decision: usually the driver's exception class or the store's error code
 * (Riak: its outcome class), so that a failing run shows one example of each thing that went wrong instead of the
 * same line a thousand times. The operation is the binding's name for the call ({@code insert}, {@code document
 * read}); the engine's own entries (exceptions thrown out of a binding) use the measured names ({@code READ}).
 *
 * <p>Thread-safe and cheap: a failure costs one map lookup per kind and operation and two counter increments; the
 * line is built only when it is printed.
 */
public final class FailureLog {
  /** Failures of one kind printed before the rest of that kind are only counted. */
  public static final int SHOWN = 10;
  /** Appended to the last line shown of a kind. */
  public static final String LAST_SHOWN = " (further errors of this kind are only counted)";

  private final PrintStream out;
  private final boolean debug;
  private final int shown;
  private final ConcurrentHashMap<String, Kind> kinds = new ConcurrentHashMap<>();

  /** The failures of one kind: how many so far (the order in which they are shown), and by operation. */
  private static final class Kind {
    final AtomicLong seen = new AtomicLong();
    final ConcurrentHashMap<String, LongAdder> byOperation = new ConcurrentHashMap<>();
  }

  /**
   * @param out   the run's log (stderr)
   * @param debug print the stack trace of each failure shown that has an exception ({@code --debug})
   */
  public FailureLog(PrintStream out, boolean debug) {
    this(out, debug, SHOWN);
  }

  /** A log that shows {@code shown} failures of each kind (tests). */
  public FailureLog(PrintStream out, boolean debug, int shown) {
    this.out = out;
    this.debug = debug;
    this.shown = shown;
  }

  /**
   * Records one failure and prints {@code line} when it is among the first few of its kind ({@value #SHOWN} unless
   * the log was made with another number).
   *
   * @param operation the binding's name for the call that failed
   * @param kind      what went wrong, in the binding's classification (an exception class, an error code)
   * @param line      the whole line to print, store prefix and message included ({@code "mongodb: insert failed:
   *                  MongoWriteException: E11000 duplicate key"}); called only when the line is printed
   * @param cause     the exception, for {@code --debug}'s stack trace; may be null
   * @return true when the line was printed
   */
  public boolean record(String operation, String kind, Supplier<String> line, Throwable cause) {
    if (kind == null) {
      kind = "unknown";
    }
    if (operation == null) {
      operation = "unknown";
    }
    Kind k = kinds.get(kind);
    if (k == null) {
      k = kinds.computeIfAbsent(kind, x -> new Kind());
    }
    LongAdder n = k.byOperation.get(operation);
    if (n == null) {
      n = k.byOperation.computeIfAbsent(operation, x -> new LongAdder());
    }
    n.increment();
    long nth = k.seen.incrementAndGet();
    if (nth > shown) {
      return false;
    }
    out.println(Secrets.maskText(line.get()) + (nth == shown ? LAST_SHOWN : ""));
    if (debug && cause != null) {
      cause.printStackTrace(out);
    }
    return true;
  }

  /** {@link #record(String, String, Supplier, Throwable)} without an exception. */
  public boolean record(String operation, String kind, Supplier<String> line) {
    return record(operation, kind, line, null);
  }

  /** Every failure recorded so far. */
  public long count() {
    long sum = 0;
    for (Kind k : kinds.values()) {
      sum += k.seen.get();
    }
    return sum;
  }

  /** The failures of one kind so far. */
  public long count(String kind) {
    Kind k = kinds.get(kind);
    return k == null ? 0 : k.seen.get();
  }

  /** The counts so far, by kind and then operation, both in name order; empty when nothing failed. */
  public Map<String, Map<String, Long>> counts() {
    Map<String, Map<String, Long>> m = new TreeMap<>();
    kinds.forEach((kind, k) -> {
      Map<String, Long> ops = new TreeMap<>();
      k.byOperation.forEach((op, n) -> ops.put(op, n.sum()));
      m.put(kind, ops);
    });
    return m;
  }

  /**
   * One line per kind with more failures than were shown, for the end of a run: {@code failures: 1,234 more of
   * kind MongoTimeoutException were only counted (insert 1,200, read 34)}; empty when every failure was shown.
   */
  public List<String> unshown() {
    List<String> lines = new ArrayList<>();
    counts().forEach((kind, ops) -> {
      long all = ops.values().stream().mapToLong(Long::longValue).sum();
      if (all > shown) {
        StringBuilder sb = new StringBuilder("failures: ").append(number(all - shown)).append(" more of kind ")
            .append(kind).append(" were only counted (");
        ops.forEach((op, n) -> sb.append(op).append(' ').append(number(n)).append(", "));
        sb.setLength(sb.length() - 2);
        lines.add(Secrets.maskText(sb.append(')').toString()));
      }
    });
    return lines;
  }

  private static String number(long n) {
    return String.format(Locale.ROOT, "%,d", n);
  }
}
