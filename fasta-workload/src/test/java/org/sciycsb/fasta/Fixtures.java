package org.sciycsb.fasta;

import java.net.URISyntaxException;
import java.nio.file.Path;

/** The real ssearch36 outputs committed under src/test/resources/ssearch (see make-fixtures.sh there). */
final class Fixtures {
  static final String NT = "nt_mgstm1_vs_gst.m10";
  static final String AA = "aa_mgstm1_vs_prot_test.m10";
  static final String MULTI = "nt_multi_gst_vs_dna_test.m10";
  static final String TRUNCATED = "truncated.m10";
  static final String MALFORMED = "malformed.m10";
  static final String[] REAL = {NT, AA, MULTI};

  private Fixtures() {
  }

  static Path path(String name) {
    try {
      return Path.of(Fixtures.class.getResource("/ssearch/" + name).toURI());
    } catch (URISyntaxException | NullPointerException e) {
      throw new IllegalStateException("fixture missing: " + name, e);
    }
  }
}
