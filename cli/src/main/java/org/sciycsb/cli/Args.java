package org.sciycsb.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.sciycsb.api.ConfigException;
import org.sciycsb.api.PropertyFiles;

/**
 * The command line, with YCSB 0.17's meaning for each flag: {@code -P file} (property files, in order),
 * {@code -p key=value} (overrides every file), {@code -threads}, {@code -target}, {@code -s}, {@code -l},
 * {@code -db}, plus {@code --debug}. Flags the bash launcher handles ({@code -cp}, {@code -jvm-args}) never get here.
 */
public final class Args {
  public final String command;
  public final String binding;
  public final Map<String, String> properties;
  public final boolean debug;
  public final boolean status;
  public final List<String> positional;

  private Args(String command, String binding, Map<String, String> properties, boolean debug, boolean status,
      List<String> positional) {
    this.command = command;
    this.binding = binding;
    this.properties = properties;
    this.debug = debug;
    this.status = status;
    this.positional = positional;
  }

  /** True when the arguments ask for stack traces, looked at before parsing so parse errors honour it too. */
  public static boolean wantsDebug(String[] argv) {
    for (String a : argv) {
      if (a.equals("--debug") || a.equals("-debug")) {
        return true;
      }
    }
    return false;
  }

  public static Args parse(String[] argv) throws ConfigException {
    if (argv.length == 0) {
      throw new ConfigException("no command given: use load, run or help (bin/ycsb help)");
    }
    String command = argv[0];
    int i = 1;
    String binding = null;
    List<String> positional = new ArrayList<>();
    if (i < argv.length && !argv[i].startsWith("-")) {
      binding = argv[i++];
    }
    Map<String, String> fromFiles = new LinkedHashMap<>();
    Map<String, String> overrides = new LinkedHashMap<>();
    boolean debug = false;
    boolean status = false;
    while (i < argv.length) {
      String a = argv[i++];
      switch (a) {
        case "-P":
          loadFile(value(argv, i++, a), fromFiles);
          break;
        case "-p": {
          String kv = value(argv, i++, a);
          int eq = kv.indexOf('=');
          if (eq <= 0) {
            throw new ConfigException("bad -p argument '" + kv + "': expected key=value");
          }
          overrides.put(kv.substring(0, eq).trim(), kv.substring(eq + 1));
          break;
        }
        case "-threads":
          overrides.put("threadcount", value(argv, i++, a));
          break;
        case "-target":
          overrides.put("target", value(argv, i++, a));
          break;
        case "-l":
          overrides.put("label", value(argv, i++, a));
          break;
        case "-db":
          overrides.put("db", value(argv, i++, a));
          break;
        case "-s":
          status = true;
          break;
        case "-load":
        case "-t":
          break; // the command word already says which phase
        case "--debug":
        case "-debug":
          debug = true;
          break;
        case "--markdown":
          positional.add(a); // for help
          break;
        case "--yarn":
        case "--clients":
          // bin/ycsb hands these to the cluster runner (yarn-runner/); they only get here without the launcher
          throw new ConfigException(a + " works with load and run through bin/ycsb, which adds the yarn-runner module:"
              + " bin/ycsb load|run <binding> ... --yarn <hadoop-conf-dir> --clients N");
        default:
          if (a.startsWith("-")) {
            throw new ConfigException("unknown option " + a + " (see bin/ycsb help)");
          }
          positional.add(a);
      }
    }
    Map<String, String> props = new LinkedHashMap<>(fromFiles);
    props.putAll(overrides);
    return new Args(command, binding, props, debug, status, positional);
  }

  /** The flags {@link #parse} knows: a flag is never taken as the value of the flag before it. */
  private static final java.util.Set<String> FLAGS = java.util.Set.of("-P", "-p", "-threads", "-target", "-l",
      "-db", "-s", "-load", "-t", "--debug", "-debug", "--markdown", "-cp", "-jvm-args");

  private static String value(String[] argv, int i, String flag) throws ConfigException {
    if (i >= argv.length || FLAGS.contains(argv[i])) {
      throw new ConfigException("option " + flag + " needs a value");
    }
    return argv[i];
  }

  private static void loadFile(String file, Map<String, String> into) throws ConfigException {
    into.putAll(PropertyFiles.read(Path.of(file), file));
  }

}
