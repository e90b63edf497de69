package org.sciycsb.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GitRevisionTest {
  @TempDir
  Path home;

  @Test
  void aCheckoutsHeadCommit() throws Exception {
    Files.createDirectories(home.resolve(".git/refs/heads"));
    Files.writeString(home.resolve(".git/HEAD"), "ref: refs/heads/main\n");
    Files.writeString(home.resolve(".git/refs/heads/main"), "0123456789abcdef0123456789abcdef01234567\n");
    assertThat(GitRevision.of(home)).isEqualTo("0123456789abcdef0123456789abcdef01234567");
  }

  @Test
  void aReleaseNamesTheRevisionItWasBuiltFrom() throws Exception {
    Files.createDirectories(home.resolve("lib"));
    Files.writeString(home.resolve("lib/release.properties"),
        "# a sciycsb release\nversion=0.1.0-SNAPSHOT-7be96fa\nrevision=7be96fa1111111111111111111111111111111aa\n");
    assertThat(GitRevision.of(home)).isEqualTo("7be96fa1111111111111111111111111111111aa");
  }

  @Test
  void neitherIsUnknown() {
    assertThat(GitRevision.of(home)).isEqualTo("unknown");
  }
}
