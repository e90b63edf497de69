package org.sciycsb.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.sciycsb.api.ConfigException;
import org.sciycsb.api.PropertyFiles;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * YCSB 0.17's flags of a load or run, declared for picocli (a mixin of load, run and sweep): {@code [<binding>]},
 * {@code -P file} (property files, in order), {@code -p key=value} (overrides every file, whatever the order on the
 * line), {@code -target}, {@code -s}, {@code -l}, {@code -db}, {@code -load}/{@code -t} (accepted, ignored), plus
 * {@code --debug}. The flags are setters, so picocli hands them over in the order of the line: of two flags that set
 * the same key, the later wins. The binding is the word right after the command ({@link Commands} refuses it
 * after an option: the launcher takes the binding's classpath from that word). Flags the bash launcher handles ({@code -cp},
 * {@code -jvm-args}) never get here.
 */
public final class Args {
  @Parameters(index = "0", arity = "0..1", paramLabel = "<binding>",
      description = "the store (bin/ycsb help lists them); default jdbc, an embedded H2 database")
  private String binding;
  @Parameters(index = "1..*", arity = "0..*", hidden = true)
  private List<String> unexpected = new ArrayList<>();
  private final List<String> files = new ArrayList<>();
  /** {key, value} of -threads, -target, -l, -db; {null, key=value} of -p: in the order of the line. */
  private final List<String[]> sets = new ArrayList<>();
  private boolean status;
  @Option(names = {"-load", "-t"}, hidden = true, description = "accepted for YCSB: the command says the phase")
  private boolean phase;
  @Option(names = {"--debug", "-debug"}, description = "stack traces on errors")
  private boolean debug;
  private Map<String, String> properties;

  @Option(names = "-P", paramLabel = "<file>", description = "load a property file (repeatable, later files win)")
  void file(String file) {
    files.add(file);
  }

  @Option(names = "-p", paramLabel = "<key>=<value>", description = "set a property (repeatable; wins over every -P "
      + "file)")
  void property(String keyValue) {
    sets.add(new String[] {null, keyValue});
  }

  @Option(names = "-target", paramLabel = "<ops/s>", description = "target operations per second (target): one "
      + "global schedule for all threads; latency counts from each operation's slot; 0 = as fast as possible")
  void target(String v) {
    set("target", v);
  }

  @Option(names = "-s", description = "status lines on stderr every status.interval seconds (status=true), as YCSB's")
  void status(boolean on) {
    status = on;
    set("status", "true");
  }

  @Option(names = "-l", paramLabel = "<label>", description = "label of the run (label)")
  void label(String v) {
    set("label", v);
  }

  @Option(names = "-db", paramLabel = "<class>", description = "run any site.ycsb.DB class instead of a named binding"
      + " (db)")
  void db(String v) {
    set("db", v);
  }

  /** A flag that sets a property (-threads of load and run, the sweep's thread list): in the line's order. */
  void set(String key, String value) {
    sets.add(new String[] {key, value});
  }

  /** True when the arguments ask for stack traces, looked at before parsing so parse errors honour it too. */
  public static boolean wantsDebug(String[] argv) {
    return List.of(argv).contains("--debug") || List.of(argv).contains("-debug");
  }

  /** The binding word, or null (the default binding, or -db). */
  public String binding() {
    return binding;
  }

  public boolean debug() {
    return debug;
  }

  public boolean status() {
    return status;
  }

  /** Every property: the -P files in order, then the flags in the order of the line (read once, then kept). */
  public Map<String, String> properties() throws ConfigException {
    if (properties == null) {
      Map<String, String> props = new LinkedHashMap<>();
      for (String f : files) {
        props.putAll(PropertyFiles.read(Path.of(f), f));
      }
      props.putAll(overrides(k -> true, false));
      properties = props;
    }
    return properties;
  }

  /**
   * Takes the flags' properties whose keys match out of the arguments (the sweep keeps its own keys from its runs):
   * the later of two flags wins.
   */
  Map<String, String> take(Predicate<String> keys) throws ConfigException {
    return overrides(keys, true);
  }

  private Map<String, String> overrides(Predicate<String> keys, boolean remove) throws ConfigException {
    Map<String, String> out = new LinkedHashMap<>();
    for (var it = sets.iterator(); it.hasNext(); ) {
      String[] s = it.next();
      String[] kv = s[0] == null ? keyValue(s[1]) : s;
      if (keys.test(kv[0])) {
        out.put(kv[0], kv[1]);
        if (remove) {
          it.remove();
        }
      }
    }
    return out;
  }

  /** The key (trimmed) and value of a {@code -p key=value}. */
  static String[] keyValue(String arg) throws ConfigException {
    int eq = arg.indexOf('=');
    if (eq <= 0) {
      throw new ConfigException("bad -p argument '" + arg + "': expected key=value");
    }
    return new String[] {arg.substring(0, eq).trim(), arg.substring(eq + 1)};
  }
}
