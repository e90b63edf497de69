package org.sciycsb.fasta;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class IdFileTest {
  @TempDir
  Path tmp;

  @Test
  void idFilesRoundTrip() throws IOException {
    long[] ids = {0L, -1L, 0x0123456789abcdefL, Long.MIN_VALUE, 42L};
    Path f = tmp.resolve("rna.txt");
    IdFile.write(f, ids);
    assertThat(IdFile.read(f)).containsExactly(ids);
    Files.writeString(f, "00000000000000ff\r\n\n000000000000000a");
    assertThat(IdFile.read(f)).containsExactly(255L, 10L);
    Files.writeString(f, "");
    assertThat(IdFile.read(f)).isEmpty();
    Files.writeString(f, "00000000000000ff\nxyz\n");
    assertThatThrownBy(() -> IdFile.read(f)).hasMessageContaining("line 2");
    Files.writeString(f, "0ff\n");
    assertThatThrownBy(() -> IdFile.read(f)).hasMessageContaining("line 1");
  }
}
