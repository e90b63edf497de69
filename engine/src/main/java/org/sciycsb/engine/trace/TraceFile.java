package org.sciycsb.engine.trace;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPInputStream;
import org.sciycsb.api.ConfigException;

/**
 * A trace read whole and checked (magic, version, every record line, each thread's count and the trailer's total)
 * before anything runs: a file that is missing, not a trace, truncated or of a newer format is bad input, one line
 * naming the file.
 *
 * @param header  the header lines after the first, by key (tool, phase, threads, tables, ...)
 * @param threads each recorded thread's operations, in the order it issued them
 */
public record TraceFile(Path path, Map<String, String> header, List<List<TraceRecord>> threads) {

  /** Reads and checks a trace; gzipped files are recognised by their first bytes. */
  public static TraceFile read(Path path) throws ConfigException {
    try (InputStream raw = Files.newInputStream(path);
        BufferedReader in = new BufferedReader(new InputStreamReader(unzipped(raw), StandardCharsets.UTF_8),
            1 << 16)) {
      return parse(path, in);
    } catch (NoSuchFileException e) {
      throw new ConfigException("trace.in " + path + ": no such file");
    } catch (IOException e) {
      throw new ConfigException("trace.in " + path + " cannot be read (truncated or not a trace): " + e.getMessage());
    }
  }

  private static InputStream unzipped(InputStream raw) throws IOException {
    InputStream in = new java.io.BufferedInputStream(raw, 1 << 16);
    in.mark(2);
    int a = in.read();
    int b = in.read();
    in.reset();
    return a == 0x1f && b == 0x8b ? new GZIPInputStream(in, 1 << 16) : in;
  }

  private static TraceFile parse(Path path, BufferedReader in) throws IOException, ConfigException {
    String first = in.readLine();
    String[] magic = first == null ? new String[0] : first.split(" ");
    if (magic.length != 2 || !magic[0].equals(TraceFormat.MAGIC)) {
      throw new ConfigException("trace.in " + path + " is not a trace (its first line is not '" + TraceFormat.MAGIC
          + " <version>')");
    }
    int version;
    try {
      version = Integer.parseInt(magic[1]);
    } catch (NumberFormatException e) {
      throw new ConfigException("trace.in " + path + " is not a trace (bad version '" + magic[1] + "')");
    }
    if (version > TraceFormat.VERSION || version < 1) {
      throw new ConfigException("trace.in " + path + " is a trace of format " + version + ": this sciycsb reads "
          + "format " + TraceFormat.VERSION + " and older (a newer sciycsb wrote it)");
    }
    Map<String, String> header = new LinkedHashMap<>();
    List<List<TraceRecord>> threads = new ArrayList<>();
    long lineNo = 1;
    String line;
    List<TraceRecord> current = null;
    long expected = 0;
    long total = 0;
    boolean ended = false;
    Map<String, String> names = new java.util.HashMap<>();
    try {
      while ((line = in.readLine()) != null) {
        lineNo++;
        if (ended) {
          throw new TraceFormat.BadLine("text after the trailer");
        }
        if (line.startsWith("thread ")) {
          checkCount(current, expected);
          String[] p = line.split(" ");
          if (p.length != 3 || TraceFormat.number(p[1]) != threads.size()) {
            throw new TraceFormat.BadLine("expected 'thread " + threads.size() + " <operations>'");
          }
          expected = TraceFormat.number(p[2]);
          current = new ArrayList<>((int) Math.min(expected, 1 << 20));
          threads.add(current);
        } else if (line.startsWith("end ")) {
          checkCount(current, expected);
          if (TraceFormat.number(line.substring(4)) != total) {
            throw new TraceFormat.BadLine("the trailer counts " + line.substring(4) + " operations, the file holds "
                + total);
          }
          ended = true;
        } else if (current != null) {
          current.add(TraceFormat.parse(line, names));
          total++;
        } else {
          int sp = line.indexOf(' ');
          if (sp <= 0) {
            throw new TraceFormat.BadLine("not a header line");
          }
          header.put(line.substring(0, sp), line.substring(sp + 1));
        }
      }
      if (!ended) {
        throw new ConfigException("trace.in " + path + " is truncated (no 'end' trailer after line " + lineNo + ")");
      }
      String n = header.get("threads");
      if (n == null || TraceFormat.number(n) != threads.size()) {
        throw new TraceFormat.BadLine("the header names " + n + " threads, the file holds " + threads.size());
      }
    } catch (TraceFormat.BadLine e) {
      throw new ConfigException("trace.in " + path + " is not a valid trace: line " + lineNo + ": " + e.getMessage());
    }
    if (threads.isEmpty()) {
      throw new ConfigException("trace.in " + path + " holds no client thread");
    }
    return new TraceFile(path, Collections.unmodifiableMap(header), threads);
  }

  private static void checkCount(List<TraceRecord> current, long expected) throws TraceFormat.BadLine {
    if (current != null && current.size() != expected) {
      throw new TraceFormat.BadLine("the previous thread holds " + current.size() + " operations, its line says "
          + expected + " (truncated?)");
    }
  }

  public int threadCount() {
    return threads.size();
  }

  /** Operations in all. */
  public long operations() {
    return threads.stream().mapToLong(List::size).sum();
  }
}
