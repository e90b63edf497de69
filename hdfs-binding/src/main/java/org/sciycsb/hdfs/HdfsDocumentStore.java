package org.sciycsb.hdfs;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.Path;
import org.sciycsb.api.BenchmarkException;
import org.sciycsb.api.BindingException;
import org.sciycsb.api.ConfigException;
import org.sciycsb.api.access.DocumentStore;
import site.ycsb.Status;

/**
 * The {@link DocumentStore} access path (the FASTA workload's documents) on HDFS, as the records are stored:
 * appended lines, one file per client thread and collection, {@code <hdfs.basepath>/<collection>/<run>-t<thread>.doc}.
 *
 * <ul>
 *   <li>A line is {@code id TAB json LF}: the id escaped as record keys are ({@link RecordFormat}: backslash, tab,
 *       LF, CR and '=' escaped), the JSON as given, with any CR or LF in it turned into a space (in valid JSON they
 *       can only be whitespace between tokens: raw control characters are not allowed inside strings), so the part
 *       after the first tab is the document, readable as it is by Hadoop's {@code KeyValueTextInputFormat}.</li>
 *   <li>insert: appends the line to the thread's file (created on the first insert) and returns
 *       {@link Status#BATCHED_OK}: the bytes are in the client's stream, sent to the DataNodes in packets, not yet
 *       acknowledged. {@link #flush}: hflush (or hsync with {@code hdfs.flush=hsync}) of every open file, after
 *       which the lines are acknowledged by the DataNode pipeline and visible to new readers; {@link #close}
 *       closes the files (complete, durable).</li>
 *   <li>read: through the same kind of in-memory index the records use (id → file and offset, built by reading
 *       the collection's files once, on the first read of the collection in a run, shared by the threads), then
 *       one positional read of the line. Documents written after the index was built are not seen.
 *       {@code hdfs.index=false}: NOT_IMPLEMENTED.</li>
 *   <li>count: the lines of the collection's document files (a full sequential read).</li>
 * </ul>
 */
final class HdfsDocumentStore implements DocumentStore {
  private final HdfsRun run;
  private final int threadId;
  private final Map<String, FSDataOutputStream> writers = new HashMap<>();
  private final StringBuilder line = new StringBuilder(1024);
  private final LineReader lines;
  private boolean closed;

  HdfsDocumentStore(HdfsRun run, int threadId) {
    this.run = run;
    this.threadId = threadId;
    this.lines = new LineReader(run);
  }

  static void checkName(String collection) throws ConfigException {
    if (collection == null || collection.isEmpty() || collection.contains("/") || collection.equals(".")
        || collection.equals("..") || collection.contains(":")) {
      throw new ConfigException("bad collection name '" + collection + "' for HDFS: it names a folder under"
          + " hdfs.basepath (no '/', ':', '.' or '..')");
    }
  }

  /** Creates the collections' folders under {@code hdfs.basepath} (idempotent). */
  @Override
  public void prepare(List<String> collections) throws BenchmarkException {
    for (String c : collections) {
      checkName(c);
      try {
        run.fs.mkdirs(run.tableDir(c));
      } catch (IOException e) {
        throw new BindingException("cannot create " + run.tableDir(c) + ": " + HdfsBinding.firstLine(e), e);
      }
    }
  }

  /** Appends {@code id TAB json LF} to {@code sb}. */
  static void appendLine(StringBuilder sb, String id, String json) {
    RecordFormat.escape(sb, id);
    sb.append('\t');
    for (int i = 0; i < json.length(); i++) {
      char c = json.charAt(i);
      sb.append(c == '\n' || c == '\r' ? ' ' : c);
    }
    sb.append('\n');
  }

  /** The document part of a stored line (after the first tab), or null when the line has none. */
  static String json(String storedLine) {
    int tab = storedLine.indexOf('\t');
    return tab < 0 ? null : storedLine.substring(tab + 1);
  }

  @Override
  public Status insert(String collection, String id, String json) {
    try {
      FSDataOutputStream out = writers.get(collection);
      if (out == null) {
        checkName(collection);
        Path p = run.threadFile(collection, threadId, HdfsRun.DOC_SUFFIX);
        out = run.fs.create(p, false, run.bufferSize, run.replication, run.blockSize);
        writers.put(collection, out);
      }
      line.setLength(0);
      appendLine(line, id, json);
      out.write(line.toString().getBytes(StandardCharsets.UTF_8));
      return Status.BATCHED_OK;
    } catch (IOException | ConfigException | RuntimeException e) {
      run.failed("document insert", Status.ERROR, e);
      return Status.ERROR;
    }
  }

  @Override
  public Result read(String collection, String id) {
    if (!run.indexEnabled) {
      return new Result(Status.NOT_IMPLEMENTED, null);
    }
    try {
      HdfsRun.TableIndex idx = run.index(collection, HdfsRun.DOC_SUFFIX);
      long pos = idx.find(id);
      if (pos < 0) {
        return new Result(Status.NOT_FOUND, null);
      }
      String l = lines.readLine(idx, HdfsRun.TableIndex.file(pos), HdfsRun.TableIndex.offset(pos));
      String doc = l == null ? null : json(l);
      return doc == null ? new Result(Status.ERROR, null) : new Result(Status.OK, doc);
    } catch (IOException | RuntimeException e) {
      lines.close(); // a stream that failed may keep failing: the next read opens the file again
      run.failed("document read", Status.ERROR, e);
      return new Result(Status.ERROR, null);
    }
  }

  /** hflush (or hsync) of this thread's open document files: acknowledged by the pipeline, visible to readers. */
  @Override
  public Status flush() {
    Status st = Status.OK;
    for (FSDataOutputStream out : writers.values()) {
      try {
        if (run.hsync) {
          out.hsync();
        } else {
          out.hflush();
        }
      } catch (IOException e) {
        st = Status.ERROR;
      }
    }
    return st;
  }

  @Override
  public long count(String collection) throws BenchmarkException {
    checkName(collection);
    return run.countLines(collection, HdfsRun.DOC_SUFFIX);
  }

  /** Closes this thread's files (every appended document is then durable and complete) and read streams. */
  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    for (FSDataOutputStream out : writers.values()) {
      try {
        out.close();
      } catch (IOException e) {
        // the workload's flush before close reports a failing pipeline; a late failure shows in the count check
      }
    }
    writers.clear();
    lines.close();
  }
}
