package org.sciycsb.report.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The process listening on a port, through /proc, and its data folder from its command line. */
class ListeningProcessTest {
  @TempDir
  Path tmp;

  @Test
  void findsThisJvmListeningOnLoopback() throws Exception {
    InetAddress lo = InetAddress.getByName("127.0.0.1");
    try (ServerSocket s = new ServerSocket(0, 5, lo)) {
      Optional<ListeningProcess> p = ListeningProcess.find(Path.of("/proc"), s.getLocalPort(), List.of(lo));
      assertThat(p).isPresent();
      assertThat(p.get().pid()).isEqualTo(ProcessHandle.current().pid());
      assertThat(p.get().command()).isEqualTo("java");
      assertThat(p.get().args()).isNotEmpty();
      assertThat(p.get().cwd()).isEqualTo(Path.of("").toAbsolutePath());
      // another address of this host: not the one it listens on
      assertThat(ListeningProcess.find(Path.of("/proc"), s.getLocalPort(), List.of(InetAddress.getByName(
          "127.0.0.2")))).isEmpty();
    }
  }

  @Test
  void aPortNobodyListensOnIsNone() throws Exception {
    int port;
    try (ServerSocket s = new ServerSocket(0, 5, InetAddress.getByName("127.0.0.1"))) {
      port = s.getLocalPort();
    }
    assertThat(ListeningProcess.find(Path.of("/proc"), port, List.of(InetAddress.getByName("127.0.0.1")))).isEmpty();
  }

  @Test
  void readsTheTablesOfProcNet() throws Exception {
    Path table = tmp.resolve("tcp6");
    Files.writeString(table, String.join("\n",
        "  sl  local_address                         remote_address                        st tx_queue rx_queue tr "
            + "tm->when retrnsmt   uid  timeout inode",
        "   0: 00000000000000000000000000000000:1F90 00000000000000000000000000000000:0000 0A 00000000:00000000 "
            + "00:00000000 00000000     0        0 4242 1 0000000000000000 100 0 0 10 0",
        "   1: 00000000000000000000000001000000:2352 00000000000000000000000000000000:0000 0A 00000000:00000000 "
            + "00:00000000 00000000     0        0 4343 1 0000000000000000 100 0 0 10 0",
        "   2: 00000000000000000000000001000000:2353 00000000000000000000000001000000:D431 01 00000000:00000000 "
            + "00:00000000 00000000     0        0 4444 1 0000000000000000 100 0 0 10 0"));
    InetAddress v6lo = InetAddress.getByName("::1");
    assertThat(ListeningProcess.listeningInodes(table, 8080, List.of())).containsExactly(4242L); // wildcard
    assertThat(ListeningProcess.listeningInodes(table, 9042, List.of(v6lo))).containsExactly(4343L);
    assertThat(ListeningProcess.listeningInodes(table, 9042, List.of())).isEmpty();
    assertThat(ListeningProcess.listeningInodes(table, 9043, List.of(v6lo))).as("not LISTEN").isEmpty();
    assertThat(ListeningProcess.address("0100007F")).isEqualTo(InetAddress.getByName("127.0.0.1"));
    assertThat(ListeningProcess.address("0109007F")).isEqualTo(InetAddress.getByName("127.0.9.1"));
    assertThat(ListeningProcess.listeningInodes(tmp.resolve("none"), 1, List.of())).isEmpty();
  }

  @Test
  void theDataFolderFromTheCommandLineOrTheWorkingFolder() throws Exception {
    Path cwd = Files.createDirectories(tmp.resolve("cwd"));
    assertThat(proc("postgres", cwd, "/usr/lib/postgresql/15/bin/postgres", "-D", "/srv/pg", "-p", "5433").dataDir())
        .contains(Path.of("/srv/pg"));
    assertThat(proc("postgres", cwd, "postgres", "-D", "data").dataDir()).contains(cwd.resolve("data"));
    assertThat(proc("mongod", cwd, "mongod", "--dbpath=/srv/m", "--port", "1").dataDir()).contains(Path.of("/srv/m"));
    assertThat(proc("mongod", cwd, "mongod", "--dbpath", "/srv/n").dataDir()).contains(Path.of("/srv/n"));
    assertThat(proc("java", cwd, "java", "-Xmx1G", "-Dcassandra.storagedir=/srv/c/node1", "X").dataDir())
        .contains(Path.of("/srv/c/node1"));
    assertThat(proc("java", cwd, "java", "-jar", "x.jar").dataDir()).isEmpty();
    assertThat(proc("postgres", cwd, "postgres").dataDir()).as("no PG_VERSION in its working folder").isEmpty();
    Files.writeString(cwd.resolve("PG_VERSION"), "15\n");
    assertThat(proc("postgres", cwd, "postgres").dataDir()).contains(cwd);
    assertThat(proc("nginx", cwd, "nginx", "-D", "/x").dataDir()).isEmpty();
  }

  private static ListeningProcess proc(String comm, Path cwd, String... args) {
    return new ListeningProcess(1, comm, List.of(args), cwd);
  }
}
