package org.sciycsb.engine.trace;

import org.sciycsb.api.Option;

/** The trace options, listed with the engine's ({@code bin/ycsb help engine}). */
public final class TraceOptions {
  private TraceOptions() {}

  public static final Option<String> OUT = Option.string("trace.out", null,
      "write every record operation the run issues (operation, table, key, fields, value lengths, intended start)"
          + " to this file, per client thread, in the format of docs/trace-format.md; gzipped when it ends in .gz");
  public static final Option<String> IN = Option.string("trace.in", null,
      "replay this trace (written by trace.out) against the binding: each recorded thread's operations on a thread"
          + " of its own, values regenerated at the recorded lengths; the run ends with the trace");
  public static final Option<String> SPEED = Option.choice("trace.speed", "recorded",
      "trace.in: recorded (each operation at its recorded intended start, latency counted from it; a trace of a"
          + " run without a schedule replays back to back) or max (back to back)",
      "recorded", "max");
}
