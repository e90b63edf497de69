package org.sciycsb.hdfs;

import java.net.URI;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Tag;
import org.sciycsb.testkit.BindingConformance;

/**
 * The CRUD contract against the server of {@code bin/servers start hdfs} (fails when it is not running). The
 * binding declares UPDATE and DELETE unsupported (append-only files): the suite checks that they answer
 * NOT_IMPLEMENTED and leave the record as it was. Reads see what an earlier run wrote: a thread's file is complete
 * when its {@code DB} is cleaned up, and a run indexes a table on its first read, so each test's writes are
 * followed by a new run.
 */
@Tag("server-hdfs")
class HdfsConformanceIT extends BindingConformance {
  static final String BASE = HdfsBindingIT.BASE + "-conformance";

  @AfterAll
  static void removeBase() throws Exception {
    remove(BASE);
  }

  /** Deletes a folder of the test server and all below it. */
  static void remove(String folder) throws Exception {
    try (FileSystem fs = FileSystem.newInstance(new URI(HdfsBindingIT.URL), new Configuration())) {
      fs.delete(new Path(folder), true);
    }
  }

  HdfsConformanceIT() {
    super(new HdfsBinding(), () -> Map.of("hdfs.url", HdfsBindingIT.URL, "hdfs.basepath", BASE));
  }

  @Override
  protected void writesDone() throws Exception {
    reopen();
  }
}
