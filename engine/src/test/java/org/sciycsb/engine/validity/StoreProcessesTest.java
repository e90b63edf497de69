package org.sciycsb.engine.validity;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/**
 * The store found from the client's connections: {@code /proc/net/tcp} lines and a fake {@code /proc} written in the
 * kernel's format, then a real server in a child process (with a busy grandchild) that this JVM connects to.
 */
class StoreProcessesTest {
  private static final String HEADER = "  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   "
      + "uid  timeout inode";

  /** A table line as the kernel prints it (addresses in words of the given byte order). */
  private static String line(int sl, String local, int lport, String remote, int rport, int state, long inode,
      ByteOrder order) throws Exception {
    return String.format("%4d: %s:%04X %s:%04X %02X 00000000:00000000 00:00000000 00000000   999        0 %d 1 "
        + "0000000000000000 100 0 0 10 0", sl, hex(local, order), lport, hex(remote, order), rport, state, inode);
  }

  private static String hex(String address, ByteOrder order) throws Exception {
    byte[] a = InetAddress.getByName(address).getAddress();
    if (address.startsWith("::ffff:")) {
      a = ByteBuffer.allocate(16).put(10, (byte) 0xff).put(11, (byte) 0xff).put(12, a).array();
    }
    ByteBuffer in = ByteBuffer.wrap(a);
    StringBuilder s = new StringBuilder();
    while (in.hasRemaining()) {
      int w = in.getInt();
      s.append(String.format("%08X", order == ByteOrder.LITTLE_ENDIAN ? Integer.reverseBytes(w) : w));
    }
    return s.toString();
  }

  @Test
  void theKernelsTablesAreReadInEitherByteOrder() throws Exception {
    // hand-written as a little-endian kernel prints them: 127.0.0.1:5432 listening, a client on 127.0.0.1:54321
    List<StoreProcesses.Socket> t = StoreProcesses.parse(List.of(HEADER,
        "   0: 0100007F:1538 00000000:0000 0A 00000000:00000000 00:00000000 00000000   999        0 1001 1 "
            + "0000000000000000 100 0 0 10 0",
        "   1: 0100007F:D431 0100007F:1538 01 00000000:00000000 00:00000000 00000000   999        0 2001 1 "
            + "0000000000000000 20 4 30 10 -1",
        "   2: 0000000000000000FFFF00000100007F:C350 00000000000000000000000001000000:6989 01 00000000:00000000 "
            + "00:00000000 00000000 0 0 4001 1 0000000000000000 20 4 30 10 -1",
        "garbage", "   3: XYZ:1 00000000:0000 0A 0 0 0 0 0 7"), ByteOrder.LITTLE_ENDIAN);
    assertThat(t).hasSize(3);
    assertThat(t.get(0)).isEqualTo(new StoreProcesses.Socket(InetAddress.getByName("127.0.0.1"), 5432,
        InetAddress.getByName("0.0.0.0"), 0, StoreProcesses.LISTEN, 999, 1001));
    assertThat(t.get(1)).isEqualTo(new StoreProcesses.Socket(InetAddress.getByName("127.0.0.1"), 54321,
        InetAddress.getByName("127.0.0.1"), 5432, StoreProcesses.ESTABLISHED, 999, 2001));
    assertThat(t.get(2).local()).as("mapped IPv4 comes back as IPv4").isEqualTo(InetAddress.getByName("127.0.0.1"));
    assertThat(t.get(2).remote()).isEqualTo(InetAddress.getByName("::1"));
    assertThat(t.get(2).remotePort()).isEqualTo(27017);
    assertThat(StoreProcesses.address("7F000001", ByteOrder.BIG_ENDIAN)).isEqualTo(InetAddress.getByName(
        "127.0.0.1"));
  }

  @Test
  void theListenerServingEachOfTheClientsLocalConnectionsIsFound() throws Exception {
    ByteOrder o = ByteOrder.LITTLE_ENDIAN;
    List<StoreProcesses.Socket> t = new ArrayList<>(StoreProcesses.parse(List.of(HEADER,
        line(0, "127.0.0.1", 5432, "0.0.0.0", 0, 0x0A, 1001, o), // PostgreSQL on loopback
        line(1, "::", 27017, "::", 0, 0x0A, 1002, o), // mongod dual-stack, all addresses
        line(2, "0.0.0.0", 8080, "0.0.0.0", 0, 0x0A, 1003, o), // a local web server on all addresses
        line(3, "192.168.1.5", 9042, "0.0.0.0", 0, 0x0A, 1004, o), // Cassandra on the host's address only
        line(4, "127.0.0.1", 40001, "127.0.0.1", 5432, 0x01, 2001, o), // the client's: PostgreSQL
        line(5, "::ffff:127.0.0.1", 40002, "::ffff:127.0.0.1", 27017, 0x01, 2002, o), // mongod through tcp6
        line(6, "10.0.0.10", 40003, "10.0.0.11", 8080, 0x01, 2003, o), // another host's 8080: not this one's
        line(7, "192.168.1.5", 40004, "192.168.1.5", 9042, 0x01, 2004, o), // Cassandra at the host's address
        line(8, "127.0.0.1", 40005, "127.0.0.1", 5432, 0x06, 2005, o), // TIME_WAIT: no longer connected
        line(9, "127.0.0.1", 40006, "127.0.0.1", 8080, 0x01, 2006, o)), o)); // someone else's connection
    InetAddress mine = InetAddress.getByName("192.168.1.5");
    Set<Long> inodes = Set.of(2001L, 2002L, 2003L, 2004L, 2005L);
    assertThat(StoreProcesses.serving(inodes, t, a -> a.isLoopbackAddress() || a.equals(mine)))
        .containsExactlyInAnyOrder(1001L, 1002L, 1004L);
    assertThat(StoreProcesses.serving(inodes, t, InetAddress::isLoopbackAddress)).as("loopback only")
        .containsExactlyInAnyOrder(1001L, 1002L);
    assertThat(StoreProcesses.serving(Set.of(2003L, 2005L), t, a -> true)).as("any address local: 10.0.0.11's 8080 "
        + "would be this host's").containsExactly(1003L);
  }

  @Test
  void theStoreIsTheListenersHoldersAndTheirDescendants() {
    assertThat(StoreProcesses.parent("1234 (post (master)) S 77 1234 1234 0 -1 4194560 0 0 0 0 1 2 0 0 20 0 1"))
        .isEqualTo(77);
    Map<Long, Long> parents = Map.of(1L, 0L, 10L, 1L, 11L, 10L, 12L, 11L, 13L, 10L, 20L, 1L, 21L, 20L);
    assertThat(StoreProcesses.descendants(Set.of(10L), parents)).containsExactlyInAnyOrder(10L, 11L, 12L, 13L);
    assertThat(StoreProcesses.descendants(Set.of(99L), parents)).as("an ended root: itself").containsExactly(99L);
  }

  /**
   * A fake /proc: this process 99, a server 55 with a backend 56 (which inherited the listening socket) and its child
   * 58, an unrelated 57, and init (1), this process's parent, holding the socket too (socket activation).
   */
  @Test
  void aFakeProcGivesTheStoreAndKeepsWhatDoesNotChange(@TempDir Path proc) throws Exception {
    ByteOrder o = ByteOrder.nativeOrder();
    Files.createDirectories(proc.resolve("net"));
    Files.write(proc.resolve("net/tcp"), List.of(HEADER, line(0, "127.0.0.1", 5432, "0.0.0.0", 0, 0x0A, 1001, o),
        line(1, "127.0.0.1", 40001, "127.0.0.1", 5432, 0x01, 2001, o),
        line(2, "127.0.0.1", 5432, "127.0.0.1", 40001, 0x01, 1501, o)));
    fds(proc.resolve("self/fd"), "pipe:[7]", "socket:[2001]", "/dev/null");
    process(proc, 99, 1, "socket:[2001]");
    process(proc, 55, 1, "socket:[1001]", "socket:[1501]", "/var/lib/pg/base");
    process(proc, 1, 0, "socket:[1001]");
    process(proc, 56, 55, "socket:[1001]");
    process(proc, 58, 56);
    process(proc, 57, 1, "socket:[3001]");
    StoreProcesses s = new StoreProcesses(proc, 99, Set.of());
    assertThat(s.refresh()).containsExactlyInAnyOrder(55L, 56L, 58L);
    // the listener's holder is kept: its fds are not read again; a new backend is found from its parent
    Files.delete(proc.resolve("55/fd/0"));
    process(proc, 60, 55);
    assertThat(s.refresh()).containsExactlyInAnyOrder(55L, 56L, 58L, 60L);
    Files.delete(proc.resolve("self/fd/1"));
    assertThat(s.refresh()).as("no connection: no store").isEmpty();
  }

  private static void fds(Path dir, String... targets) throws Exception {
    Files.createDirectories(dir);
    for (int i = 0; i < targets.length; i++) {
      Files.createSymbolicLink(dir.resolve(Integer.toString(i)), Path.of(targets[i]));
    }
  }

  private static void process(Path proc, long pid, long parent, String... fds) throws Exception {
    Path p = proc.resolve(Long.toString(pid));
    Files.createDirectories(p);
    Files.writeString(p.resolve("stat"), pid + " (p" + pid + ") S " + parent + " " + pid + " " + pid
        + " 0 -1 4194560 0 0 0 0 5 6 0 0 20 0 1 0 100 0 0\n");
    fds(p.resolve("fd"), fds);
  }

  /**
   * A server in a child JVM that forks a busy grandchild: connected to it, this JVM finds both as the store; their
   * CPU is the store's in the host's evidence, while an unrelated busy loop's stays another process's.
   */
  @Test
  @EnabledOnOs(OS.LINUX)
  void aServerThisProcessIsConnectedToIsTheStoreWithItsChildren() throws Exception {
    String java = ProcessHandle.current().info().command().orElse("java");
    Process server = new ProcessBuilder(java, "-Xshare:auto", "-XX:TieredStopAtLevel=1", "-cp",
        System.getProperty("java.class.path"), FakeStore.class.getName()).redirectErrorStream(true).start();
    Process loop = null;
    long grandchild = -1;
    try (BufferedReader out = new BufferedReader(new InputStreamReader(server.getInputStream(),
        StandardCharsets.UTF_8))) {
      String[] first = String.valueOf(out.readLine()).split(" "); // port and grandchild pid, once listening
      assertThat(first).as("the server's first line").hasSize(2);
      grandchild = Long.parseLong(first[1]);
      loop = new ProcessBuilder("sh", "-c", "while :; do :; done").start();
      try (Socket c = new Socket(InetAddress.getLoopbackAddress(), Integer.parseInt(first[0]))) {
        StoreProcesses finder = StoreProcesses.here();
        long t0 = System.nanoTime();
        Set<Long> found = finder.refresh();
        System.out.printf("StoreProcesses.refresh: the first %.2f ms%n", (System.nanoTime() - t0) / 1e6);
        assertThat(found).contains(server.pid(), grandchild).doesNotContain(loop.pid(),
            ProcessHandle.current().pid());
        long[] each = new long[100];
        for (int i = 0; i < each.length; i++) {
          long t = System.nanoTime();
          finder.refresh();
          each[i] = System.nanoTime() - t;
        }
        Arrays.sort(each);
        System.out.printf("StoreProcesses.refresh: then over 100, median %.2f ms, slowest %.2f ms (%d processes)%n",
            each[50] / 1e6, each[99] / 1e6, ProcessHandle.allProcesses().count());
        hostEvidence(server.pid(), grandchild, loop.pid());
      }
    } finally {
      server.destroyForcibly();
      if (grandchild > 0) {
        ProcessHandle.of(grandchild).ifPresent(ProcessHandle::destroyForcibly);
      }
      if (loop != null) {
        loop.destroyForcibly();
      }
      server.waitFor(30, TimeUnit.SECONDS);
    }
  }

  /** Samples the host for a second at least: the store's processes and CPU apart from the others'. */
  private static void hostEvidence(long server, long grandchild, long loop) throws Exception {
    HostCpu h = HostCpu.start(Set.of());
    assertThat(h).isNotNull();
    double loopStart = cpuSeconds(loop);
    double storeStart = cpuSeconds(grandchild);
    long deadline = System.nanoTime() + 60_000_000_000L;
    while ((h.readings() < 3 || !h.store().contains(grandchild)) && System.nanoTime() < deadline) {
      Thread.sleep(20); // polling for the sampler's third reading
    }
    double loopUsed = cpuSeconds(loop) - loopStart;
    double storeUsed = cpuSeconds(grandchild) - storeStart;
    assertThat(h.store()).contains(server, grandchild).doesNotContain(loop);
    Map<String, Object> m = h.stop();
    double seconds = ((Number) m.get("seconds")).doubleValue();
    double slack = 0.02 * seconds + 0.03; // the figures' rounding to 0.01 core and the kernel's 10 ms ticks
    assertThat(((Number) m.get("storeCoresMean")).doubleValue() * seconds).as(m.toString())
        .isGreaterThanOrEqualTo(storeUsed - slack);
    assertThat(((Number) m.get("othersCoresMean")).doubleValue() * seconds).as("the loop's CPU is the others'")
        .isGreaterThanOrEqualTo(loopUsed - slack);
    @SuppressWarnings("unchecked")
    List<Map<String, Object>> store = (List<Map<String, Object>>) m.get("store");
    @SuppressWarnings("unchecked")
    List<Map<String, Object>> busiest = (List<Map<String, Object>>) m.get("busiest");
    assertThat(store).as(m.toString()).anySatisfy(p -> assertThat(p).containsEntry("pid", grandchild));
    assertThat(busiest).as(m.toString()).noneSatisfy(p -> assertThat(p.get("pid")).isIn(server, grandchild));
    assertThat(m.get("storeLookupMaxMs")).isInstanceOf(Double.class);
  }

  /** A process's CPU time so far, seconds (its /proc stat's utime + stime in 100 Hz ticks). */
  private static double cpuSeconds(long pid) throws Exception {
    return HostCpu.ticks(Files.readString(Path.of("/proc/" + pid + "/stat"))) / 100.0;
  }

  /** A store: listens on a loopback port, forks a busy loop, prints "port pid" and holds each connection. */
  public static final class FakeStore {
    public static void main(String[] args) throws Exception {
      try (ServerSocket s = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
        Process busy = new ProcessBuilder("sh", "-c", "while :; do :; done").start();
        System.out.println(s.getLocalPort() + " " + busy.pid());
        System.out.flush();
        List<Socket> held = new ArrayList<>();
        while (true) {
          held.add(s.accept());
        }
      }
    }
  }
}
