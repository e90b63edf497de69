package org.sciycsb.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.sciycsb.api.ConfigException;

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
    into.putAll(readPropertyFile(Path.of(file), file));
  }

  /**
   * Reads a property file (Java's format, UTF-8), strictly: a line that is not {@code key=value},
   * {@code key:value} or {@code key value} and a bad <code>&#92;uXXXX</code> escape are errors naming the file and the line,
   * where {@link Properties#load} would take the first as a key with an empty value and report the second without
   * saying where.
   */
  public static Map<String, String> readPropertyFile(Path p, String name) throws ConfigException {
    if (Files.isDirectory(p)) {
      throw new ConfigException("-P " + name + " is a directory, not a property file");
    }
    byte[] bytes;
    try {
      bytes = Files.readAllBytes(p);
    } catch (NoSuchFileException e) {
      throw new ConfigException("property file not found: " + name);
    } catch (java.nio.file.AccessDeniedException e) {
      throw new ConfigException("cannot read property file " + name + ": permission denied");
    } catch (IOException e) {
      throw new ConfigException("cannot read property file " + name + ": " + e.getMessage());
    }
    String text;
    try {
      text = StandardCharsets.UTF_8.newDecoder()
          .onMalformedInput(java.nio.charset.CodingErrorAction.REPORT)
          .onUnmappableCharacter(java.nio.charset.CodingErrorAction.REPORT)
          .decode(java.nio.ByteBuffer.wrap(bytes)).toString();
    } catch (java.nio.charset.CharacterCodingException e) {
      throw new ConfigException("property file " + name + " is not UTF-8 text (a binary file?)");
    }
    if (text.indexOf('\0') >= 0) {
      throw new ConfigException("property file " + name + " is not a text file (it holds NUL bytes)");
    }
    Map<String, String> out = new LinkedHashMap<>();
    String[] lines = text.split("\r\n|\r|\n", -1);
    for (int i = 0; i < lines.length; i++) {
      int first = i + 1;
      String line = stripLeading(lines[i]);
      if (line.isEmpty() || line.startsWith("#") || line.startsWith("!")) {
        continue;
      }
      StringBuilder logical = new StringBuilder(line);
      while (endsWithContinuation(logical) && i + 1 < lines.length) {
        logical.setLength(logical.length() - 1);
        logical.append(stripLeading(lines[++i]));
      }
      String l = logical.toString();
      Properties one = new Properties();
      try {
        one.load(new java.io.StringReader(l));
      } catch (IllegalArgumentException e) {
        throw new ConfigException("property file " + name + " line " + first + ": bad \\uXXXX escape in '"
            + org.sciycsb.api.Secrets.maskText(l.strip()) + "'");
      } catch (IOException e) {
        throw new ConfigException("cannot read property file " + name + ": " + e.getMessage());
      }
      for (String k : one.stringPropertyNames()) {
        String v = one.getProperty(k);
        if (v.isEmpty() && !hasSeparator(l)) {
          throw new ConfigException("property file " + name + " line " + first + ": '" + abbreviate(l.strip())
              + "' is not key=value");
        }
        out.put(k, v.trim());
      }
    }
    return out;
  }

  private static String stripLeading(String s) {
    int i = 0;
    while (i < s.length() && (s.charAt(i) == ' ' || s.charAt(i) == '\t' || s.charAt(i) == '\f')) {
      i++;
    }
    return s.substring(i);
  }

  private static boolean endsWithContinuation(CharSequence s) {
    int n = 0;
    for (int i = s.length() - 1; i >= 0 && s.charAt(i) == '\\'; i--) {
      n++;
    }
    return n % 2 == 1;
  }

  /** True when the line has an unescaped '=' or ':' (Java's key-value separators besides whitespace). */
  private static boolean hasSeparator(String l) {
    for (int i = 0; i < l.length(); i++) {
      char c = l.charAt(i);
      if (c == '\\') {
        i++;
      } else if (c == '=' || c == ':') {
        return true;
      }
    }
    return false;
  }

  private static String abbreviate(String s) {
    return s.length() <= 60 ? s : s.substring(0, 57) + "...";
  }
}
