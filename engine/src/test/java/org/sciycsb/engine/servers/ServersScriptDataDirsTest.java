package org.sciycsb.engine.servers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sciycsb.api.ConfigException;

/**
 * {@link ServerControl#dataDirs}: what {@code bin/servers datadir <name>} prints, as folders, and its failures as one
 * line naming the setting that asked. A checkout of its own whose {@code bin/servers} answers as the real one does.
 */
class ServersScriptDataDirsTest {
  @TempDir
  Path home;
  private String before;

  @BeforeEach
  void fakeCheckout() throws Exception {
    Path bin = Files.createDirectories(home.resolve("bin"));
    Path script = bin.resolve("servers");
    Files.writeString(script, String.join("\n", "#!/usr/bin/env bash",
        "case \"$1 $2\" in",
        "  'datadir cassandra') echo /work/servers/cassandra/node1; echo /work/servers/cassandra/node2 ;;",
        "  'datadir relative') echo data ;;",
        "  'datadir postgres') echo 'postgres: no data folder yet (/w/data): start the server once' >&2; exit 1 ;;",
        "  *) echo \"bin/servers: unknown server '$2'\" >&2; exit 2 ;;",
        "esac", ""));
    Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
    before = System.getProperty("sciycsb.home");
    System.setProperty("sciycsb.home", home.toString());
  }

  @AfterEach
  void restore() {
    if (before == null) {
      System.clearProperty("sciycsb.home");
    } else {
      System.setProperty("sciycsb.home", before);
    }
  }

  @Test
  void everyNodesFolder() throws Exception {
    assertThat(ServerControl.local().dataDirs("cassandra", "storage.path=servers:cassandra")).containsExactly(
        Path.of("/work/servers/cassandra/node1"), Path.of("/work/servers/cassandra/node2"));
  }

  @Test
  void noDataFolderIsOneLine() {
    assertThatThrownBy(() -> ServerControl.local().dataDirs("postgres", "storage.path=servers:postgres"))
        .isInstanceOf(ConfigException.class).hasMessage("storage.path=servers:postgres: postgres has no data folder "
            + "(bin/servers datadir postgres: postgres: no data folder yet (/w/data): start the server once)");
    assertThatThrownBy(() -> ServerControl.local().dataDirs("nosuch", "storage.path=servers:nosuch"))
        .isInstanceOf(ConfigException.class).hasMessageContaining("unknown server 'nosuch'");
    assertThatThrownBy(() -> ServerControl.local().dataDirs("relative", "storage.path=servers:relative"))
        .isInstanceOf(ConfigException.class).hasMessage("storage.path=servers:relative: bin/servers datadir "
            + "relative answered 'data', not an absolute folder");
  }
}
