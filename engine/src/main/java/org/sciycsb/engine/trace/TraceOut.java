package org.sciycsb.engine.trace;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.zip.GZIPOutputStream;
import org.sciycsb.api.AtomicFiles;
import org.sciycsb.api.Config;
import org.sciycsb.api.ConfigException;

/**
 * {@code trace.out}: a temporary file per client thread while the run goes, put together at its end into the trace
 * (header, each thread's section in thread order, the trailer), so that the file does not depend on how the threads
 * were interleaved. Written atomically: a reader never sees half a trace.
 */
public final class TraceOut {
  private final Path file;
  private final List<ThreadTrace> threads = new ArrayList<>();

  private TraceOut(Path file) {
    this.file = file;
  }

  /** Checks {@code trace.out} before anything starts: its folder must exist and be writable. */
  public static void check(Config config) throws ConfigException {
    String out = config.get(TraceOptions.OUT);
    if (out == null) {
      return;
    }
    Path file = path(TraceOptions.OUT, out);
    Path dir = folder(file);
    if (!Files.isDirectory(dir) || !Files.isWritable(dir)) {
      throw new ConfigException("trace.out " + out + ": the folder " + dir + " does not exist or is not writable");
    }
    if (Files.isDirectory(file)) {
      throw new ConfigException("trace.out " + out + " is a folder: give a file name");
    }
    String in = config.get(TraceOptions.IN);
    if (in != null && path(TraceOptions.IN, in).toAbsolutePath().normalize().equals(file.toAbsolutePath().normalize())) {
      throw new ConfigException("trace.out " + out + " is the trace being replayed (trace.in): give another file");
    }
  }

  /** A file option's value as a path, or one line saying it is none. */
  static Path path(org.sciycsb.api.Option<String> option, String value) throws ConfigException {
    try {
      return Path.of(value);
    } catch (java.nio.file.InvalidPathException e) {
      throw new ConfigException(option.name() + " " + value + " is not a file name: " + e.getReason());
    }
  }

  private static Path folder(Path f) {
    Path parent = f.toAbsolutePath().getParent();
    return parent == null ? Path.of(".") : parent;
  }

  /** The run's trace, or null without {@code trace.out}; a thread's part is created by {@link #thread}. */
  public static TraceOut open(Config config, int threadCount) throws ConfigException, IOException {
    String out = config.get(TraceOptions.OUT);
    if (out == null) {
      return null;
    }
    TraceOut t = new TraceOut(Path.of(out));
    String base = "." + t.file.getFileName() + "." + ProcessHandle.current().pid() + ".thread-";
    try {
      for (int i = 0; i < threadCount; i++) {
        t.threads.add(new ThreadTrace(folder(t.file).resolve(base + i + ".tmp")));
      }
    } catch (IOException e) {
      t.discard();
      throw e;
    }
    return t;
  }

  public ThreadTrace thread(int id) {
    return threads.get(id);
  }

  public Path file() {
    return file;
  }

  /**
   * Writes the trace from the threads' parts (after every thread ended), then removes them.
   *
   * @param header the header lines after the first, in order (phase, threads, seed, ...), each a key and a value
   * @return what results.json says of it: the file, its operations per thread
   */
  public Map<String, Object> finish(Map<String, String> header) throws IOException {
    try {
      for (ThreadTrace t : threads) {
        t.close();
        if (t.failure() != null) {
          throw t.failure();
        }
      }
      boolean gzip = file.getFileName().toString().endsWith(".gz");
      AtomicFiles.write(file, out -> {
        if (gzip) {
          GZIPOutputStream z = new GZIPOutputStream(out, 1 << 16);
          writeTo(z, header);
          z.finish();
        } else {
          writeTo(out, header);
        }
      });
    } finally {
      discard();
    }
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("out", file.toAbsolutePath().toString());
    m.put("operations", threads.stream().mapToLong(ThreadTrace::count).sum());
    m.put("perThread", threads.stream().map(ThreadTrace::count).toList());
    return m;
  }

  private void writeTo(OutputStream out, Map<String, String> header) throws IOException {
    TreeSet<String> tables = new TreeSet<>();
    threads.forEach(t -> tables.addAll(t.tables()));
    StringBuilder h = new StringBuilder(TraceFormat.MAGIC).append(' ').append(TraceFormat.VERSION).append('\n');
    header.forEach((k, v) -> h.append(k).append(' ').append(v).append('\n'));
    h.append("threads ").append(threads.size()).append('\n');
    StringBuilder names = new StringBuilder();
    for (String t : tables) {
      TraceFormat.escape(names.append(names.length() == 0 ? "" : " "), t);
    }
    h.append("tables ").append(names.length() == 0 ? "-" : names).append('\n');
    out.write(h.toString().getBytes(StandardCharsets.UTF_8));
    long total = 0;
    for (int i = 0; i < threads.size(); i++) {
      ThreadTrace t = threads.get(i);
      out.write(("thread " + i + " " + t.count() + "\n").getBytes(StandardCharsets.UTF_8));
      Files.copy(t.file(), out);
      total += t.count();
    }
    out.write(("end " + total + "\n").getBytes(StandardCharsets.UTF_8));
  }

  /** Closes and removes the threads' parts (the run failed before its end, or the trace is written). */
  public void discard() {
    for (ThreadTrace t : threads) {
      t.close();
      try {
        Files.deleteIfExists(t.file());
      } catch (IOException ignored) {
        // a hidden temporary file left beside the trace
      }
    }
  }
}
