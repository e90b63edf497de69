package org.sciycsb.wiredtiger;

import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.sciycsb.api.Config;
import org.sciycsb.api.Phase;
import org.sciycsb.api.RunContext;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;

/**
 * A client process for {@link DurabilityIT}, on the binding as a run uses it ({@link WiredTigerRun#open}, one
 * thread's {@link DB}), with the data folder and the binding's properties as {@code key=value} arguments.
 *
 * <ul>
 *   <li>{@code insert CHECKPOINT_AT key=value...}: inserts {@code user0}, {@code user1}, ... until it is killed,
 *       printing {@code ok N} on stdout after each insert the binding acknowledged (so every key the parent saw was
 *       acknowledged before the kill), and after insert {@code CHECKPOINT_AT} (none when negative) takes a checkpoint
 *       and prints {@code checkpointed N}.
 *   <li>{@code hold key=value...}: opens the folder, prints {@code open}, inserts a record a line of stdin asks for
 *       ({@code insert N}) until stdin ends, then closes, printing {@code closed}.
 *   <li>{@code count key=value...}: opens the folder, prints {@code present N} for every record of keys
 *       {@code user0..} it finds ({@code count N}: how many) and closes.
 * </ul>
 */
public final class DurabilityChild {
  private DurabilityChild() {}

  public static void main(String[] args) throws Exception {
    PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
    Map<String, String> props = new HashMap<>();
    int first = "insert".equals(args[0]) ? 2 : 1;
    for (int i = first; i < args.length; i++) {
      String[] kv = args[i].split("=", 2);
      props.put(kv[0], kv[1]);
    }
    Path work = Files.createTempDirectory("wt-child");
    RunContext ctx = new RunContext(new Config(props), Phase.LOAD, 1, work, work, System.err);
    try (WiredTigerRun run = WiredTigerRun.open(ctx)) {
      DB db = run.newDb(0);
      db.init();
      switch (args[0]) {
        case "insert" -> insertUntilKilled(run, db, Long.parseLong(args[1]), out);
        case "hold" -> hold(db, out);
        case "count" -> count(db, Integer.parseInt(props.getOrDefault("child.max", "1000000")), out);
        default -> throw new IllegalArgumentException(args[0]);
      }
      db.cleanup();
    }
    if ("hold".equals(args[0])) {
      out.println("closed");
    }
  }

  static Map<String, ByteIterator> value(long n) {
    Map<String, ByteIterator> v = new HashMap<>();
    v.put("field0", new StringByteIterator("value-of-user" + n + "-" + "x".repeat(200)));
    return v;
  }

  private static void insertUntilKilled(WiredTigerRun run, DB db, long checkpointAt, PrintStream out)
      throws Exception {
    for (long n = 0; ; n++) {
      Status s = db.insert("usertable", "user" + n, value(n));
      if (s != Status.OK) {
        throw new IllegalStateException("insert " + n + ": " + s);
      }
      out.println("ok " + n);
      if (n == checkpointAt) {
        var session = run.openSession();
        session.checkpoint(null);
        run.closeSession(session);
        out.println("checkpointed " + n);
      }
    }
  }

  private static void hold(DB db, PrintStream out) throws Exception {
    out.println("open");
    var in = new java.io.BufferedReader(new java.io.InputStreamReader(System.in, StandardCharsets.UTF_8));
    for (String line = in.readLine(); line != null; line = in.readLine()) {
      long n = Long.parseLong(line.trim().substring("insert ".length()));
      out.println(db.insert("usertable", "user" + n, value(n)) == Status.OK ? "ok " + n : "failed " + n);
    }
  }

  private static void count(DB db, int max, PrintStream out) {
    Set<Long> present = new HashSet<>();
    int missingInARow = 0;
    for (long n = 0; n < max && missingInARow < 10_000; n++) {
      Map<String, ByteIterator> r = new HashMap<>();
      if (db.read("usertable", "user" + n, null, r) == Status.OK) {
        if (!r.get("field0").toString().equals(value(n).get("field0").toString())) {
          throw new IllegalStateException("user" + n + " holds another value");
        }
        present.add(n);
        missingInARow = 0;
      } else {
        missingInARow++;
      }
    }
    for (long n : present) {
      out.println("present " + n);
    }
    out.println("count " + present.size());
  }
}
