package org.sciycsb.census;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.StringWriter;
import java.util.zip.CRC32;
import org.junit.jupiter.api.Test;

class CensusGeneratorTest {
  @Test
  void schemaHas111NamedColumns() {
    assertThat(CensusSchema.COLUMNS).hasSize(111).doesNotHaveDuplicates();
    assertThat(CensusSchema.header().split(",")).hasSize(111);
    assertThat(CensusSchema.COLUMNS).contains("geoid", "county_name", "state_name", "male_total", "female_total",
        "female_age_85_plus", "total_households");
  }

  @Test
  void recordsAreDeterministicAndDependOnTheSeed() throws Exception {
    CensusGenerator a = new CensusGenerator(7);
    CensusGenerator b = new CensusGenerator(7);
    CensusGenerator c = new CensusGenerator(8);
    for (long i : new long[] {0, 1, 999, 123_456_789L}) {
      assertThat(a.line(i)).isEqualTo(b.line(i));
      assertThat(a.line(i)).isNotEqualTo(c.line(i));
    }
    StringWriter w1 = new StringWriter();
    StringWriter w2 = new StringWriter();
    a.write(10, 20, w1);
    for (long i = 10; i < 20; i++) {
      w2.write(b.line(i) + "\n");
    }
    assertThat(w1.toString()).isEqualTo(w2.toString());
  }

  @Test
  void sumsHoldAndChecksumMatches() {
    CensusGenerator g = new CensusGenerator(3);
    int maleFirst = CensusSchema.index("male_age_0_4");
    int femaleFirst = CensusSchema.index("female_age_0_4");
    int females = 0;
    for (long i = 0; i < 2000; i++) {
      String[] f = g.fields(i);
      assertThat(f).hasSize(111);
      assertThat(f[CensusSchema.RECORD_ID]).isEqualTo(Long.toString(i + 1));
      long m = 0;
      long fe = 0;
      for (int b = 0; b < 18; b++) {
        m += Long.parseLong(f[maleFirst + b]);
        fe += Long.parseLong(f[femaleFirst + b]);
      }
      assertThat(Long.parseLong(f[CensusSchema.MALE_TOTAL])).isEqualTo(m);
      assertThat(Long.parseLong(f[CensusSchema.FEMALE_TOTAL])).isEqualTo(fe);
      assertThat(Long.parseLong(f[CensusSchema.index("total_population")])).isEqualTo(m + fe);
      assertThat(f[CensusSchema.index("geoid")]).isEqualTo(f[CensusSchema.index("state_fips")]
          + f[CensusSchema.index("county_fips")]);
      CRC32 crc = new CRC32();
      for (int j = 0; j < 110; j++) {
        crc.update((f[j] + ",").getBytes(java.nio.charset.StandardCharsets.US_ASCII));
      }
      assertThat(f[110]).isEqualTo(String.format("%08x", crc.getValue()));
      for (String v : f) {
        assertThat(v).doesNotContain(",").isNotEmpty();
      }
      if (fe > m) {
        females++;
      }
    }
    assertThat(females).isBetween(1000, 1700); // about two thirds
  }

  @Test
  void malformedRecordsAreTruncated() {
    CensusGenerator g = new CensusGenerator(1, 10);
    assertThat(g.malformed(9)).isTrue();
    assertThat(g.malformed(8)).isFalse();
    assertThat(g.line(9).split(",")).hasSize(40);
    assertThat(CensusRecords.valid(CensusRecords.split(g.line(9)))).isFalse();
    assertThat(CensusRecords.valid(CensusRecords.split(g.line(8)))).isTrue();
  }

  @Test
  void jobTransformsOfOneRecord() {
    String[] f = new CensusGenerator(2).fields(5);
    assertThat(CensusRecords.labelled(f)).startsWith("record_id: 6; census_year: 2020; ").contains("; checksum: ");
    assertThat(CensusRecords.join(f, "|").split("\\|")).hasSize(111);
    Object v = CensusRecords.typed(CensusSchema.MALE_TOTAL, f[CensusSchema.MALE_TOTAL]);
    assertThat(v).isInstanceOf(Long.class);
    assertThat(CensusRecords.typed(CensusSchema.index("county_fips"), "003")).isEqualTo("003");
  }
}
