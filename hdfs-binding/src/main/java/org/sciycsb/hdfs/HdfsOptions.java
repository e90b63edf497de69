package org.sciycsb.hdfs;

import org.sciycsb.api.Option;
import org.sciycsb.api.OptionSet;

/** Every option the {@code hdfs} binding reads: the one declaration help, validation and the README use. */
public final class HdfsOptions {
  private HdfsOptions() {}

  public static final String DEFAULT_URL = "hdfs://127.0.0.1:9000";

  public static final Option<String> URL = Option.string("hdfs.url", DEFAULT_URL,
      "file system URI of the NameNode (hdfs://host:port); file:/// works too, for a local comparison")
      .check(v -> v.contains(":"), "must be a URI such as hdfs://127.0.0.1:9000");

  public static final Option<String> BASEPATH = Option.string("hdfs.basepath", "/sciycsb",
      "directory holding the tables: records of table T go to files under <basepath>/T/")
      .check(v -> v.startsWith("/"), "must be an absolute path");

  public static final Option<Integer> REPLICATION = Option.integer("hdfs.replication", 1,
      "replication factor of the files the binding creates")
      .check(v -> v >= 1 && v <= 512, "must be between 1 and 512");

  public static final Option<Long> BLOCKSIZE = Option.bytes("hdfs.blocksize", 128L * 1024 * 1024,
      "block size of the files the binding creates (a multiple of 512: 134217728, 128m, 256MiB)")
      .check(v -> v >= 1024 * 1024 && v % 512 == 0, "must be a multiple of 512 and at least 1048576");

  public static final Option<Integer> BUFFERSIZE = Option.integer("hdfs.buffersize", 64 * 1024,
      "I/O buffer size in bytes for the binding's file streams (io.file.buffer.size)")
      .check(v -> v >= 512, "must be at least 512");

  public static final Option<Boolean> INDEX = Option.bool("hdfs.index", true,
      "read and scan by key: on the first read or scan of a table, read its files once and keep an in-memory"
          + " index key -> (file, offset); false = read and scan return NOT_IMPLEMENTED")
      .defaultShownAs("true");

  public static final Option<String> FLUSH = Option.choice("hdfs.flush", "hflush",
      "what a flush of the document files does (the FASTA workload flushes at the end of each worker): hflush ="
          + " the lines written reach every DataNode of the pipeline and are visible to new readers; hsync = also"
          + " forced to the DataNodes' disks", "hflush", "hsync");

  public static final Option<String> USER = Option.string("hdfs.user", null,
      "HDFS user name (HADOOP_USER_NAME); default the OS user").defaultShownAs("the OS user");

  public static final Option<String> NAMENODE_HTTP = Option.string("hdfs.namenode.http", null,
      "host:port of the NameNode's HTTP server, whose /jmx the run samples for the store's own figures (extra.server"
          + " of results.json; the DataNodes' HTTP addresses come from the NameNode's DataNode report)")
      .defaultShownAs("the host of hdfs.url, the port of dfs.namenode.http-address (9870)")
      .check(v -> v.matches("[^:/\\s]+:[0-9]{1,5}"), "must be host:port, such as 127.0.0.1:9870");

  public static OptionSet set() {
    return OptionSet.builder("hdfs")
        .add(URL, BASEPATH, REPLICATION, BLOCKSIZE, BUFFERSIZE, INDEX, FLUSH, USER, NAMENODE_HTTP)
        .ownPrefix("hdfs.")
        .build();
  }
}
