package org.sciycsb.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintStream;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.Vector;
import java.util.function.Supplier;
import org.sciycsb.api.Secrets;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;

/**
 * The session of {@code bin/ycsb shell}: upstream YCSB's command line client (site.ycsb.CommandLine) on one
 * {@link DB}, a command per line: {@code help}, {@code table [name]}, {@code read key [fields]},
 * {@code scan key count [fields]}, {@code insert key name=value...}, {@code update key name=value...},
 * {@code delete key}, {@code quit} (or the end of the input). It prints what upstream prints, in its words: a prompt
 * "> ", the result ("Return code: OK", "Result: OK", "Return result: OK"), the fields as {@code name=value} and the
 * time taken ("3 ms"). Where upstream's client would end with a stack trace (a pair without '=', a count that is no
 * number, the store throwing) it prints one "Error:" line and reads the next command; fields are printed in name
 * order; {@code table name} switches the table (upstream's only says it does).
 */
final class Shell {
  private static final String RULE = "--------------------------------";
  private final DB db;
  private final PrintStream out;
  private final Supplier<Long> clockMs;
  private String table;

  Shell(DB db, String table, PrintStream out, Supplier<Long> clockMs) {
    this.db = db;
    this.table = table;
    this.out = out;
    this.clockMs = clockMs;
  }

  /** Upstream's banner, printed once the binding is connected. */
  void banner() {
    out.println("YCSB Command Line client");
    out.println("Type \"help\" for command line help");
    out.println("Start with \"-help\" for usage info");
    out.println("Connected.");
  }

  /** Reads and runs commands until {@code quit} or the end of the input. */
  void loop(BufferedReader in) throws IOException {
    for (;;) {
      out.print("> ");
      out.flush();
      String line = in.readLine();
      if (line == null) {
        out.println();
        return;
      }
      String input = line.trim();
      if (input.isEmpty()) {
        continue;
      }
      if (input.equals("help")) {
        help();
        continue;
      }
      if (input.equals("quit")) {
        return;
      }
      long st = clockMs.get();
      command(input.split("\\s+"));
      out.println((clockMs.get() - st) + " ms");
    }
  }

  /** Upstream's list of commands. */
  void help() {
    out.println("Commands:");
    out.println("  read key [field1 field2 ...] - Read a record");
    out.println("  scan key recordcount [field1 field2 ...] - Scan starting at key");
    out.println("  insert key name1=value1 [name2=value2 ...] - Insert a new record");
    out.println("  update key name1=value1 [name2=value2 ...] - Update a record");
    out.println("  delete key - Delete a record");
    out.println("  table [tablename] - Get or [set] the name of the table");
    out.println("  quit - Quit");
  }

  private void command(String[] t) {
    try {
      switch (t[0]) {
        case "table" -> table(t);
        case "read" -> read(t);
        case "scan" -> scan(t);
        case "insert" -> write(t, true);
        case "update" -> write(t, false);
        case "delete" -> delete(t);
        default -> out.println("Error: unknown command \"" + t[0] + "\"");
      }
    } catch (RuntimeException e) {
      out.println("Error: " + e.getClass().getSimpleName() + ": " + Secrets.maskText(String.valueOf(e.getMessage())));
    }
  }

  private void table(String[] t) {
    if (t.length > 2) {
      out.println("Error: syntax is \"table tablename\"");
      return;
    }
    if (t.length == 2) {
      table = t[1];
    }
    out.println("Using table \"" + table + "\"");
  }

  private void read(String[] t) {
    if (t.length == 1) {
      out.println("Error: syntax is \"read keyname [field1 field2 ...]\"");
      return;
    }
    Map<String, ByteIterator> result = new HashMap<>();
    Status ret = db.read(table, t[1], fields(t, 2), result);
    out.println("Return code: " + ret.getName());
    printFields(result);
  }

  private void scan(String[] t) {
    if (t.length < 3) {
      out.println("Error: syntax is \"scan keyname scanlength [field1 field2 ...]\"");
      return;
    }
    int count;
    try {
      count = Integer.parseInt(t[2]);
    } catch (NumberFormatException e) {
      out.println("Error: scanlength must be a whole number, not \"" + t[2] + "\"");
      return;
    }
    Vector<HashMap<String, ByteIterator>> results = new Vector<>();
    Status ret = db.scan(table, t[1], count, fields(t, 3), results);
    out.println("Result: " + ret.getName());
    out.println(results.isEmpty() ? "0 records" : RULE);
    int record = 0;
    for (Map<String, ByteIterator> r : results) {
      out.println("Record " + record++);
      printFields(r);
      out.println(RULE);
    }
  }

  private void write(String[] t, boolean insert) {
    String word = insert ? "insert" : "update";
    if (t.length < 3) {
      out.println("Error: syntax is \"" + word + " keyname name1=value1 [name2=value2 ...]\"");
      return;
    }
    Map<String, ByteIterator> values = new HashMap<>();
    for (String pair : List.of(t).subList(2, t.length)) {
      int eq = pair.indexOf('=');
      if (eq <= 0) {
        out.println("Error: \"" + pair + "\" is not name=value: syntax is \"" + word
            + " keyname name1=value1 [name2=value2 ...]\"");
        return;
      }
      values.put(pair.substring(0, eq), new StringByteIterator(pair.substring(eq + 1)));
    }
    Status ret = insert ? db.insert(table, t[1], values) : db.update(table, t[1], values);
    out.println("Result: " + ret.getName());
  }

  private void delete(String[] t) {
    if (t.length != 2) {
      out.println("Error: syntax is \"delete keyname\"");
      return;
    }
    out.println("Return result: " + db.delete(table, t[1]).getName());
  }

  /** The fields named from token {@code from} on, or null for all of them (as upstream). */
  private static Set<String> fields(String[] t, int from) {
    return t.length > from ? new LinkedHashSet<>(List.of(t).subList(from, t.length)) : null;
  }

  private void printFields(Map<String, ByteIterator> fields) {
    for (Map.Entry<String, ByteIterator> e : new TreeMap<>(fields).entrySet()) {
      out.println(e.getKey() + "=" + e.getValue());
    }
  }
}
