package org.sciycsb.api;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;

/** YCSB's property files ({@code -P file}), read strictly: for the command line and for workloads with own files. */
public final class PropertyFiles {
  /** The largest property file read (YCSB's are a few hundred bytes): a bigger one is refused, not loaded. */
  public static final int MAX_BYTES = 16 * 1024 * 1024;

  private PropertyFiles() {}

  /**
   * Reads a property file (Java's format, UTF-8), strictly: a line that is not {@code key=value},
   * {@code key:value} or {@code key value} and a bad <code>&#92;uXXXX</code> escape are errors naming the file and the line,
   * where {@link Properties#load} would take the first as a key with an empty value and report the second without
   * saying where. A file over {@link #MAX_BYTES} (a data file given by mistake, {@code /dev/zero}) is refused
   * after reading at most that much.
   */
  public static Map<String, String> read(Path p, String name) throws ConfigException {
    if (Files.isDirectory(p)) {
      throw new ConfigException("-P " + name + " is a directory, not a property file");
    }
    byte[] bytes;
    try (java.io.InputStream in = Files.newInputStream(p)) {
      bytes = in.readNBytes(MAX_BYTES + 1);
    } catch (NoSuchFileException e) {
      throw new ConfigException("property file not found: " + name);
    } catch (java.nio.file.AccessDeniedException e) {
      throw new ConfigException("cannot read property file " + name + ": permission denied");
    } catch (IOException e) {
      throw new ConfigException("cannot read property file " + name + ": " + e.getMessage());
    }
    if (bytes.length > MAX_BYTES) {
      throw new ConfigException("property file " + name + " is larger than " + MAX_BYTES / (1024 * 1024)
          + " MB: not a property file (a data file?)");
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
            + Secrets.maskText(l.strip()) + "'");
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
