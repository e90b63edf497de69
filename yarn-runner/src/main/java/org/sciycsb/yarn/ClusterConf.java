package org.sciycsb.yarn;

import java.io.File;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.sciycsb.api.ConfigException;

/** The cluster's Hadoop configuration, read from the folder {@code --yarn} names. */
final class ClusterConf {
  private ClusterConf() {}

  /** The cluster's Hadoop configuration from its folder: yarn-site.xml required, every *-site.xml read now. */
  static Configuration read(String dir) throws ConfigException {
    File d = new File(dir);
    String hint = " (--yarn takes the cluster's Hadoop configuration folder, HADOOP_CONF_DIR, with yarn-site.xml)";
    if (!d.exists()) {
      throw new ConfigException("--yarn " + dir + ": no such folder" + hint);
    }
    if (!d.isDirectory()) {
      throw new ConfigException("--yarn " + dir + " is not a folder" + hint);
    }
    if (!new File(d, "yarn-site.xml").isFile()) {
      throw new ConfigException("--yarn " + dir + " has no yarn-site.xml" + hint);
    }
    Configuration own = new Configuration(false);
    Configuration conf = new Configuration();
    for (String f : new String[] {"core-site.xml", "hdfs-site.xml", "mapred-site.xml", "yarn-site.xml"}) {
      File x = new File(d, f);
      if (x.isFile()) {
        own.addResource(new Path(x.getAbsolutePath()));
        conf.addResource(new Path(x.getAbsolutePath()));
      }
    }
    try {
      own.get("yarn.resourcemanager.address"); // parses every file now
      conf.get("yarn.resourcemanager.address");
    } catch (RuntimeException e) {
      throw new ConfigException("cannot read the Hadoop configuration in " + dir + ": " + YarnRunner.firstLine(e));
    }
    conf.set("mapreduce.framework.name", "yarn"); // never the local job runner in this JVM
    // an unreachable ResourceManager fails in seconds (exit 3), not after Hadoop's 15 minutes, unless configured
    if (own.get("yarn.resourcemanager.connect.max-wait.ms") == null) {
      conf.setLong("yarn.resourcemanager.connect.max-wait.ms", 30_000);
    }
    if (own.get("yarn.resourcemanager.connect.retry-interval.ms") == null) {
      conf.setLong("yarn.resourcemanager.connect.retry-interval.ms", 1_000);
    }
    return conf;
  }
}
