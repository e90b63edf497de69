package org.sciycsb.fasta.m10;

import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;

/** The real ssearch36 outputs committed under src/test/resources/ssearch (see make-fixtures.sh there). */
public final class Fixtures {
  public static final String NT = "nt_mgstm1_vs_gst.m10";
  public static final String AA = "aa_mgstm1_vs_prot_test.m10";
  public static final String MULTI = "nt_multi_gst_vs_dna_test.m10";
  public static final String TRUNCATED = "truncated.m10";
  public static final String MALFORMED = "malformed.m10";
  public static final String[] REAL = {NT, AA, MULTI};

  private Fixtures() {
  }

  /**
   * The fixture as a file: in place under target/test-classes, or (when this class runs from the fasta-workload
   * test jar, as in other modules' end-to-end tests) copied once into a temporary folder.
   */
  public static synchronized Path path(String name) {
    URL url = Fixtures.class.getResource("/ssearch/" + name);
    if (url == null) {
      throw new IllegalStateException("fixture missing: " + name);
    }
    try {
      if (url.getProtocol().equals("file")) {
        return Path.of(url.toURI());
      }
      if (copies == null) {
        copies = Files.createTempDirectory("ssearch-fixtures");
        copies.toFile().deleteOnExit();
      }
      Path to = copies.resolve(name);
      if (!Files.exists(to)) {
        try (InputStream in = url.openStream()) {
          Files.copy(in, to);
        }
        to.toFile().deleteOnExit();
      }
      return to;
    } catch (URISyntaxException | IOException e) {
      throw new IllegalStateException("fixture unreadable: " + name, e);
    }
  }

  private static Path copies;
}
