package org.sciycsb.hdfs;

import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.sciycsb.api.BenchmarkException;
import org.sciycsb.api.Binding;
import org.sciycsb.api.BindingException;
import org.sciycsb.api.BindingRun;
import org.sciycsb.api.Config;
import org.sciycsb.api.ConfigException;
import org.sciycsb.api.OptionSet;
import org.sciycsb.api.RunContext;
import org.sciycsb.api.StoreLocation;

/**
 * The {@code hdfs} binding: records appended as lines ({@link RecordFormat}) to one file per client thread under
 * {@code <hdfs.basepath>/<table>/}, through hadoop-client 3.4. {@link #open} creates the run's one
 * {@link FileSystem} ({@link FileSystem#newInstance}, never the static cache) and checks that the NameNode answers.
 */
public final class HdfsBinding implements Binding {
  @Override
  public String name() {
    return "hdfs";
  }

  @Override
  public String summary() {
    return "HDFS through hadoop-client 3.4: sequential appends to per-thread files, sequential scans,"
        + " reads by key through an in-memory index built on first read";
  }

  @Override
  public OptionSet options() {
    return HdfsOptions.set();
  }

  /**
   * The NameNode of hdfs.url (port 8020 where none is given: Hadoop's); unknown for another file system
   * ({@code file:///}: set storage.path).
   */
  @Override
  public StoreLocation location(Config config, java.nio.file.Path workDir) throws ConfigException {
    URI uri;
    try {
      uri = new URI(config.get(HdfsOptions.URL));
    } catch (URISyntaxException e) {
      return StoreLocation.UNKNOWN; // open() says what is wrong with it
    }
    if (!"hdfs".equalsIgnoreCase(uri.getScheme()) || uri.getHost() == null) {
      return StoreLocation.UNKNOWN;
    }
    return StoreLocation.at(java.util.List.of(new StoreLocation.Endpoint(uri.getHost(),
        uri.getPort() < 0 ? 8020 : uri.getPort())));
  }

  @Override
  public BindingRun open(RunContext context) throws BenchmarkException {
    Config config = context.config();
    String url = config.get(HdfsOptions.URL);
    URI uri;
    try {
      uri = new URI(url);
    } catch (URISyntaxException e) {
      throw new ConfigException("bad value for " + HdfsOptions.URL.name() + ": '" + url + "' is not a URI");
    }
    if (uri.getScheme() == null) {
      throw new ConfigException("bad value for " + HdfsOptions.URL.name() + ": '" + url + "' has no scheme (hdfs://)");
    }
    Configuration conf = hadoopConf(config);
    String user = config.get(HdfsOptions.USER);
    FileSystem fs;
    try {
      fs = user == null ? FileSystem.newInstance(uri, conf) : FileSystem.newInstance(uri, conf, user);
    } catch (IOException | InterruptedException | RuntimeException e) {
      throw new BindingException("cannot create the HDFS client for " + url + ": " + firstLine(e), e);
    }
    try {
      Path base = new Path(config.get(HdfsOptions.BASEPATH));
      fs.mkdirs(base); // reaches the NameNode: fails fast when it is down
      return new HdfsRun(fs, uri, base, config, context);
    } catch (IOException | RuntimeException e) {
      closeQuietly(fs);
      throw new BindingException("HDFS at " + url + " not reachable or not writable; is it running"
          + " (bin/servers start hdfs)? (" + firstLine(e) + ")", e);
    }
  }

  /** The client configuration: replication, block size, buffer size and fast failure when the NameNode is down. */
  static Configuration hadoopConf(Config config) throws ConfigException {
    Configuration conf = new Configuration();
    conf.setInt("dfs.replication", config.get(HdfsOptions.REPLICATION));
    conf.setLong("dfs.blocksize", config.get(HdfsOptions.BLOCKSIZE));
    conf.setInt("io.file.buffer.size", config.get(HdfsOptions.BUFFERSIZE));
    conf.setInt("ipc.client.connect.max.retries", 1);
    conf.setInt("ipc.client.connect.max.retries.on.timeouts", 1);
    conf.setInt("ipc.client.connect.timeout", 5000);
    conf.setBoolean("dfs.client.retry.policy.enabled", false);
    return conf;
  }

  static String firstLine(Throwable e) {
    String m = String.valueOf(e.getMessage() == null ? e : e.getMessage());
    int nl = m.indexOf('\n');
    return nl < 0 ? m : m.substring(0, nl);
  }

  static void closeQuietly(AutoCloseable c) {
    try {
      c.close();
    } catch (Exception ignored) {
      // closing after a failure
    }
  }
}
