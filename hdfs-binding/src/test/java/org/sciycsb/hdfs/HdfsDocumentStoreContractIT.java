package org.sciycsb.hdfs;

import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Tag;
import org.sciycsb.testkit.DocumentStoreContract;

/**
 * The DocumentStore contract against the server of {@code bin/servers start hdfs} (fails when it is not running).
 * {@link HdfsDocumentStoreIT} checks the file layout, flush visibility and escapes beyond it.
 */
@Tag("server-hdfs")
class HdfsDocumentStoreContractIT extends DocumentStoreContract {
  static final String BASE = HdfsBindingIT.BASE + "-doc-contract";

  @AfterAll
  static void removeBase() throws Exception {
    HdfsConformanceIT.remove(BASE);
  }

  HdfsDocumentStoreContractIT() {
    super(new HdfsBinding(), () -> Map.of("hdfs.url", HdfsBindingIT.URL, "hdfs.basepath", BASE));
  }
}
