package org.sciycsb.fasta;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sciycsb.api.ConfigException;
import org.sciycsb.fasta.m10.Fixtures;

class FastaInputTest {
  @TempDir
  Path tmp;

  @Test
  void theDocumentEstimateOfIntactFilesIsWhatTheParserMakes() throws Exception {
    List<Path> real = List.of(Fixtures.path(Fixtures.NT), Fixtures.path(Fixtures.AA), Fixtures.path(Fixtures.MULTI));
    long parsed = FastaEndToEnd.expected(real).values().stream().mapToLong(Long::longValue).sum();
    assertThat(FastaInput.estimateDocuments(real)).isEqualTo(parsed);

    Path gz = tmp.resolve(Fixtures.MULTI + ".gz");
    try (OutputStream o = new GZIPOutputStream(Files.newOutputStream(gz))) {
      Files.copy(Fixtures.path(Fixtures.MULTI), o);
    }
    assertThat(FastaInput.estimateDocuments(List.of(gz)))
        .isEqualTo(FastaInput.estimateDocuments(List.of(Fixtures.path(Fixtures.MULTI))));
  }

  @Test
  void theEstimateOfFaultyFilesIsAtLeastWhatTheParserMakes() throws Exception {
    for (String f : List.of(Fixtures.TRUNCATED, Fixtures.MALFORMED)) {
      List<Path> one = List.of(Fixtures.path(f));
      long parsed = FastaEndToEnd.expected(one).values().stream().mapToLong(Long::longValue).sum();
      assertThat(FastaInput.estimateDocuments(one)).as(f).isGreaterThanOrEqualTo(parsed);
    }
  }

  @Test
  void lineKinds() {
    assertThat(docs(">>>pGT875, 657 nt vs x library")).isEqualTo(1);
    assertThat(docs(">>><<<")).isZero();
    assertThat(docs(">>>///")).isZero();
    assertThat(docs(">>gs_sequence|1")).isEqualTo(3);
    assertThat(docs(">--")).isEqualTo(3);
    assertThat(docs(">pGT875 ..")).isZero();
    assertThat(docs("; sw_frame: f")).isZero();
    assertThat(docs(">")).isZero();
    assertThat(docs(">>")).isEqualTo(3);
  }

  private static int docs(String line) {
    byte[] b = line.getBytes(StandardCharsets.US_ASCII);
    byte[] head = new byte[4];
    int len = Math.min(4, b.length);
    System.arraycopy(b, 0, head, 0, len);
    return FastaInput.lineDocs(head, len);
  }

  @Test
  void inputFolderChecks() throws Exception {
    assertThatThrownBy(() -> FastaInput.list(tmp.resolve("none"))).isInstanceOf(ConfigException.class)
        .hasMessageContaining("is not a folder");
    Path empty = Files.createDirectories(tmp.resolve("empty"));
    Files.writeString(empty.resolve(".hidden"), "x");
    assertThatThrownBy(() -> FastaInput.list(empty)).hasMessageContaining("holds no files");
    Path d = Files.createDirectories(tmp.resolve("d"));
    Files.writeString(d.resolve("b.m10"), "");
    Files.writeString(d.resolve("a.m10"), "");
    Files.createDirectories(d.resolve("sub"));
    assertThat(FastaInput.list(d)).extracting(p -> p.getFileName().toString())
        .containsExactly("a.m10", "b.m10");
  }
}
