package org.sciycsb.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.sciycsb.api.BindingException;
import org.sciycsb.api.Phase;

/** Connecting fails fast, with one masked line, whether nothing listens or a listener never answers. */
class UnreachableServerIT {
  private static int freePort() throws Exception {
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return s.getLocalPort();
    }
  }

  @Test
  void nothingListeningIsABindingErrorWithinTheTimeout() throws Exception {
    int port = freePort();
    String secret = "Pa55-unreachable";
    long t0 = System.nanoTime();
    assertThatThrownBy(() -> TestStores.open(Map.of("db.url", "jdbc:postgresql://127.0.0.1:" + port + "/ycsb",
        "db.user", "ycsb", "db.passwd", secret, "db.connecttimeout", "3s"), Phase.LOAD, TestStores.tempWork()))
        .isInstanceOf(BindingException.class)
        .hasMessageContaining("cannot be reached")
        .hasMessageContaining("127.0.0.1:" + port)
        .hasMessageNotContaining(secret)
        .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
    assertThat((System.nanoTime() - t0) / 1e9).isLessThan(5.0);
  }

  @Test
  void aListenerThatNeverAnswersIsABindingErrorWithinTheTimeout() throws Exception {
    List<Socket> accepted = new ArrayList<>();
    try (ServerSocket silent = new ServerSocket(0, 10, InetAddress.getLoopbackAddress())) {
      Thread acceptor = new Thread(() -> {
        try {
          while (true) {
            accepted.add(silent.accept());
          }
        } catch (Exception e) {
          // closed
        }
      });
      acceptor.setDaemon(true);
      acceptor.start();
      String url = "jdbc:postgresql://127.0.0.1:" + silent.getLocalPort() + "/ycsb?password=InUrlSecret";
      long t0 = System.nanoTime();
      assertThatThrownBy(() -> TestStores.open(Map.of("db.url", url, "db.user", "ycsb",
          "db.connecttimeout", "1s"), Phase.LOAD, TestStores.tempWork()))
          .isInstanceOf(BindingException.class)
          .hasMessageNotContaining("InUrlSecret");
      assertThat((System.nanoTime() - t0) / 1e9).isLessThan(4.0);
    } finally {
      for (Socket s : accepted) {
        s.close();
      }
    }
  }

  @Test
  void mariadbNothingListening() throws Exception {
    int port = freePort();
    long t0 = System.nanoTime();
    assertThatThrownBy(() -> TestStores.open(Map.of("db.url", "jdbc:mariadb://127.0.0.1:" + port + "/ycsb",
        "db.user", "ycsb", "db.passwd", "MariaSecret", "db.connecttimeout", "2s"), Phase.LOAD,
        TestStores.tempWork()))
        .isInstanceOf(BindingException.class)
        .hasMessageContaining("127.0.0.1:" + port)
        .hasMessageNotContaining("MariaSecret");
    assertThat((System.nanoTime() - t0) / 1e9).isLessThan(4.0);
  }
}
