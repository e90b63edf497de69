package org.sciycsb.hdfs;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.hdfs.protocol.HdfsConstants;
import org.apache.hadoop.util.VersionInfo;
import org.sciycsb.api.AccessPath;
import org.sciycsb.api.BenchmarkException;
import org.sciycsb.api.BindingException;
import org.sciycsb.api.BindingRun;
import org.sciycsb.api.Config;
import org.sciycsb.api.RunContext;
import org.sciycsb.api.StoreInfo;
import org.sciycsb.api.access.DocumentStore;
import site.ycsb.DB;
import site.ycsb.Status;

/** One run: the shared {@link FileSystem}, the file naming, and the per-table key index (built once, on demand). */
final class HdfsRun implements BindingRun {
  static final String SUFFIX = ".rec";
  /** Files of the DocumentStore access path (FASTA documents): {@code id TAB json} lines. */
  static final String DOC_SUFFIX = ".doc";

  final FileSystem fs;
  final URI uri;
  final Path base;
  final short replication;
  final long blockSize;
  final int bufferSize;
  final boolean indexEnabled;
  final boolean hsync;
  final String runId;
  private final RunContext context;
  private final Map<String, TableIndex> indexes = new HashMap<>();
  /** The daemons' own figures; null for another file system than HDFS. */
  private final HdfsServerStats serverStats;

  HdfsRun(FileSystem fs, URI uri, Path base, Config config, RunContext context) throws BenchmarkException {
    this.fs = fs;
    this.uri = uri;
    this.base = base;
    this.replication = config.get(HdfsOptions.REPLICATION).shortValue();
    this.blockSize = config.get(HdfsOptions.BLOCKSIZE);
    this.bufferSize = config.get(HdfsOptions.BUFFERSIZE);
    this.indexEnabled = config.get(HdfsOptions.INDEX);
    this.hsync = config.get(HdfsOptions.FLUSH).equals("hsync");
    this.context = context;
    this.serverStats = fs instanceof DistributedFileSystem
        ? new HdfsServerStats(nameNodeHttp(config, uri, fs.getConf()), uri) : null;
    this.runId = context.phase().name().toLowerCase() + "-" + System.currentTimeMillis() + "-"
        + Integer.toHexString(ThreadLocalRandom.current().nextInt(0x1000000));
  }

  /**
   * The NameNode's HTTP address: {@code hdfs.namenode.http}, else the host of {@code hdfs.url} with the port of the
   * client configuration's {@code dfs.namenode.http-address} (Hadoop's default 9870, or an hdfs-site.xml's on the
   * classpath).
   */
  static String nameNodeHttp(Config config, URI uri, org.apache.hadoop.conf.Configuration conf)
      throws org.sciycsb.api.ConfigException {
    String set = config.get(HdfsOptions.NAMENODE_HTTP);
    if (set != null) {
      return set;
    }
    String address = conf.getTrimmed("dfs.namenode.http-address", "0.0.0.0:9870");
    return uri.getHost() + ":" + address.substring(address.lastIndexOf(':') + 1);
  }

  @Override
  public DB newDb(int threadId) {
    return new HdfsDb(this, threadId);
  }

  /**
   * HDFS files are append-only: {@code UPDATE} and {@code DELETE} are never supported; {@code READ} and
   * {@code SCAN} go through the key index, so {@code hdfs.index=false} leaves them unsupported too.
   */
  @Override
  public Set<DbOperation> unsupportedOperations() {
    return indexEnabled ? Set.of(DbOperation.UPDATE, DbOperation.DELETE)
        : Set.of(DbOperation.UPDATE, DbOperation.DELETE, DbOperation.READ, DbOperation.SCAN);
  }

  /** The FASTA workload's documents, appended as {@code id TAB json} lines to per-thread files. */
  @Override
  public Map<Class<? extends AccessPath>, AccessPathFactory> accessPaths() {
    return Map.of(DocumentStore.class, id -> new HdfsDocumentStore(this, id));
  }

  Path tableDir(String table) {
    return new Path(base, table);
  }

  /** The file thread {@code threadId} of this run appends documents ({@code suffix}) to. */
  Path threadFile(String table, int threadId, String suffix) {
    return new Path(tableDir(table), String.format("%s-t%04d%s", runId, threadId, suffix));
  }

  /** The file thread {@code threadId} of this run appends to ({@code seq} counts the files it had to reopen). */
  Path threadFile(String table, int threadId, int seq) {
    return seq == 0 ? threadFile(table, threadId, SUFFIX)
        : new Path(tableDir(table), String.format("%s-t%04d-%d%s", runId, threadId, seq, SUFFIX));
  }

  /** One line per broken file: a DataNode failure during a load is visible, and the count check judges it. */
  void warnBrokenFile(Path file, long records, Throwable e) {
    context.log().println("hdfs: warning: writing " + file + " failed after " + records + " records ("
        + HdfsBinding.firstLine(e) + "); its unflushed records may be lost, the next insert opens a new file");
  }

  /**
   * Records a failed operation in the run's {@link org.sciycsb.api.FailureLog}, its kind the exception's class: the
   * first few of each kind are printed with the file system's message, all are counted.
   */
  void failed(String op, Status status, Throwable e) {
    context.failures().record(op, e.getClass().getSimpleName(), () -> "hdfs: " + op + " failed ("
        + status.getName() + "): " + e.getClass().getSimpleName() + ": " + HdfsBinding.firstLine(e), e);
  }

  /** The record files of a table, in name order (the scan order). */
  List<Path> files(String table) throws IOException {
    return files(table, SUFFIX);
  }

  /** The files of a table (records) or collection (documents) with that suffix, in name order. */
  List<Path> files(String table, String suffix) throws IOException {
    Path dir = tableDir(table);
    if (!fs.exists(dir)) {
      return List.of();
    }
    FileStatus[] st = fs.listStatus(dir, p -> p.getName().endsWith(suffix));
    Arrays.sort(st, (a, b) -> a.getPath().getName().compareTo(b.getPath().getName()));
    List<Path> out = new ArrayList<>(st.length);
    for (FileStatus s : st) {
      out.add(s.getPath());
    }
    return out;
  }

  /** The key index of a table, built by reading its files once (shared by all threads, immutable after). */
  TableIndex index(String table) throws IOException {
    return index(table, SUFFIX);
  }

  /** The key index of a table's records, or of a collection's documents ({@link #DOC_SUFFIX}). */
  TableIndex index(String table, String suffix) throws IOException {
    synchronized (indexes) {
      String name = table + suffix;
      TableIndex idx = indexes.get(name);
      if (idx == null) {
        long t0 = System.nanoTime();
        idx = TableIndex.build(fs, files(table, suffix), bufferSize);
        indexes.put(name, idx);
        context.log().printf("hdfs: indexed %d %s of %s in %d files (%.1f s)%n", idx.size(),
            suffix.equals(SUFFIX) ? "records" : "documents", table, idx.files.size(),
            (System.nanoTime() - t0) / 1e9);
      }
      return idx;
    }
  }

  @Override
  public OptionalLong count(String table) throws BenchmarkException {
    return OptionalLong.of(countLines(table, SUFFIX));
  }

  /** The lines (records or documents) of every file of a table with that suffix: one sequential read. */
  long countLines(String table, String suffix) throws BenchmarkException {
    try {
      long n = 0;
      byte[] buf = new byte[Math.max(bufferSize, 1 << 16)];
      for (Path p : files(table, suffix)) {
        long inFile = 0;
        try (InputStream in = fs.open(p, bufferSize)) {
          int r;
          while ((r = in.read(buf)) > 0) {
            for (int i = 0; i < r; i++) {
              if (buf[i] == '\n') {
                inFile++;
              }
            }
          }
        } catch (IOException e) {
          // a file whose writer died (a DataNode crash) stays unreadable until HDFS recovers its lease: its
          // records are not in the store for now, and the count says so instead of failing
          context.log().println("hdfs: count: " + p + " is unreadable (" + HdfsBinding.firstLine(e) + "): its "
              + inFile + " readable records counted");
        }
        n += inFile;
      }
      return n;
    } catch (IOException e) {
      throw new BindingException("cannot count the lines of " + tableDir(table) + ": "
          + HdfsBinding.firstLine(e), e);
    }
  }

  @Override
  public StoreInfo storeInfo() {
    Map<String, String> d = new LinkedHashMap<>();
    d.put("url", uri.toString());
    d.put("basepath", base.toString());
    d.put("client", "hadoop-client " + VersionInfo.getVersion());
    d.put("versionSource", "the client library (the NameNode RPC does not report its version)");
    d.put("replication", Short.toString(replication));
    d.put("blocksize", Long.toString(blockSize));
    if (fs instanceof DistributedFileSystem) {
      try {
        DatanodeInfo[] live = ((DistributedFileSystem) fs).getDataNodeStats(HdfsConstants.DatanodeReportType.LIVE);
        d.put("liveDatanodes", Integer.toString(live.length));
        d.put("nodes", Integer.toString(live.length));
      } catch (IOException | RuntimeException e) {
        d.put("liveDatanodes", "unknown (" + HdfsBinding.firstLine(e) + ")");
      }
    }
    return new StoreInfo(fs instanceof DistributedFileSystem ? "HDFS" : fs.getScheme(), VersionInfo.getVersion(), d);
  }

  /** The NameNode's (and the DataNodes') own figures ({@link HdfsServerStats}); none for another file system. */
  @Override
  public java.util.Optional<org.sciycsb.api.ServerStats> serverStats() throws BindingException {
    return serverStats == null ? java.util.Optional.empty() : serverStats.read((DistributedFileSystem) fs);
  }

  /** Deletes the table's folder (records, documents and their index files) and forgets its key index. */
  @Override
  public boolean empty(String table) throws BenchmarkException {
    try {
      fs.delete(tableDir(table), true);
      synchronized (indexes) {
        indexes.remove(table + SUFFIX);
        indexes.remove(table + DOC_SUFFIX);
      }
      return true;
    } catch (IOException e) {
      throw new BindingException("hdfs: cannot empty " + tableDir(table) + ": " + HdfsBinding.firstLine(e), e);
    }
  }

  @Override
  public void close() throws BenchmarkException {
    try {
      fs.close();
    } catch (IOException e) {
      throw new BindingException("closing the HDFS client failed: " + HdfsBinding.firstLine(e), e);
    }
  }

  /** key -> position of its line; a position packs the file number (high 24 bits) and the byte offset. */
  static final class TableIndex {
    final List<Path> files;
    private final Map<String, Long> positions;

    private TableIndex(List<Path> files, Map<String, Long> positions) {
      this.files = files;
      this.positions = positions;
    }

    int size() {
      return positions.size();
    }

    /** The packed position of a key, or -1. */
    long find(String key) {
      Long p = positions.get(key);
      return p == null ? -1 : p;
    }

    static int file(long pos) {
      return (int) (pos >>> 40);
    }

    static long offset(long pos) {
      return pos & ((1L << 40) - 1);
    }

    static TableIndex build(FileSystem fs, List<Path> files, int bufferSize) throws IOException {
      Map<String, Long> positions = new HashMap<>();
      byte[] key = new byte[256];
      for (int f = 0; f < files.size(); f++) {
        try (InputStream in = new BufferedInputStream(fs.open(files.get(f), bufferSize), 1 << 16)) {
          long off = 0;
          long lineStart = 0;
          int klen = 0;
          boolean inKey = true;
          int c;
          while ((c = in.read()) >= 0) {
            off++;
            if (c == '\n') {
              if (klen > 0 || inKey) {
                String k = RecordFormat.key(new String(key, 0, klen, StandardCharsets.UTF_8));
                positions.put(k, ((long) f << 40) | lineStart);
              }
              lineStart = off;
              klen = 0;
              inKey = true;
            } else if (inKey) {
              if (c == '\t') {
                inKey = false;
              } else {
                if (klen == key.length) {
                  key = Arrays.copyOf(key, klen * 2);
                }
                key[klen++] = (byte) c;
              }
            }
          }
        }
      }
      return new TableIndex(Collections.unmodifiableList(new ArrayList<>(files)), positions);
    }
  }
}
