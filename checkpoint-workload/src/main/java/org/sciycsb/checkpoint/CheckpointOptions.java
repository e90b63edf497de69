package org.sciycsb.checkpoint;

import java.time.Duration;
import org.sciycsb.api.Option;
import org.sciycsb.api.OptionSet;

/** Every option of the {@code checkpoint} workload: typed, with defaults and descriptions, in one place. */
public final class CheckpointOptions {
  private CheckpointOptions() {}

  public static final Option<Duration> DURATION = Option.duration("checkpoint.duration", Duration.ofSeconds(600),
      "s", "D: the simulated compute of one task (seed 000: about 10 minutes); a task ends when it has computed"
          + " this long and written its last checkpoint (bare number: seconds)");
  public static final Option<Duration> INTERVAL = Option.duration("checkpoint.interval", Duration.ofSeconds(10),
      "s", "I: compute between two checkpoints (seed 000: 1 to 5 s in figure 2, 10 s in figure 3); a checkpoint is"
          + " written after each slice of I, the last slice may be shorter; 0 = no checkpoint (the baseline run)"
          + " (bare number: seconds)");
  public static final Option<Long> SIZE = Option.bytes("checkpoint.size", 65_536L,
      "S: size of the status document's payload (seed 000: 65536 or 1048576; 64k, 1m: docs/command-line.md#sizes);"
          + " needs fieldlength >= S")
      .check(v -> v >= 1 && v <= 16L * 1024 * 1024, "must be 1 byte to 16 MiB");
  public static final Option<Integer> TASKS = Option.integer("checkpoint.tasks", null,
      "tasks of the job; each client thread runs one task after another, so with as many tasks as threads (the"
          + " default) they all run at once, as in the seed").check(v -> v >= 1, "must be at least 1")
      .defaultShownAs("threadcount");
  public static final Option<String> MODE = Option.choice("checkpoint.mode", "update",
      "update: each task registers one status document when it starts (TASK_START: update, else insert; not"
          + " with checkpoint.interval=0) and overwrites it at every checkpoint, as a task manager keeps one status"
          + " per task; insert: every"
          + " checkpoint is a new document (stores that cannot update in place, such as hdfs)", "update", "insert");
  public static final Option<String> CONNECT = Option.choice("checkpoint.connect", "task",
      "task: each worker writes every checkpoint through its thread's client and connections; checkpoint: a new"
          + " client and connection for every write (TASK_START and each checkpoint), closed after it, as seed"
          + " 000's workers reported to MongoDB (the paper's explanation of its overhead: connections per second);"
          + " the connecting is in the CHECKPOINT time. Bindings that open clients of their own: mongodb, jdbc,"
          + " basic", "task", "checkpoint");
  public static final Option<Long> FIRST_TASK = Option.longValue("checkpoint.firsttask", 0L,
      "number of this client's first task: tasks are task<firsttask>..task<firsttask+tasks-1>, so several client"
          + " processes of one job use distinct documents").check(v -> v >= 0, "must not be negative");
  public static final Option<String> RUN_ID = Option.string("checkpoint.runid", null,
      "insert mode: a tag in every document key, so a rerun never collides with an earlier run's documents")
      .defaultShownAs("the run's start time, base 36");
  public static final Option<Long> SEED = Option.longValue("checkpoint.seed", 1L,
      "seed of the payload bytes (printable, the same for every checkpoint of a run with the same seed and size)");

  public static OptionSet all() {
    return OptionSet.builder("checkpoint workload")
        .add(DURATION, INTERVAL, SIZE, TASKS, MODE, CONNECT, FIRST_TASK, RUN_ID, SEED)
        .ownPrefix("checkpoint.")
        .build();
  }
}
