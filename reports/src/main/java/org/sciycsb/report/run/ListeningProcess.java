package org.sciycsb.report.run;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Properties;

/**
 * The local process that listens on a TCP port, found through {@code /proc}: the socket's inode in
 * {@code /proc/net/tcp} and {@code tcp6} (state LISTEN, on that port, on the wildcard address or one of the
 * endpoint's), then the process whose {@code /proc/<pid>/fd} holds {@code socket:[inode]} (the lowest PID when
 * several share it: the parent). Its data folder is read from its command line as {@code datadir-arguments.properties}
 * says for its command name.
 *
 * @param pid     the process
 * @param command its command name ({@code /proc/<pid>/comm})
 * @param args    its command line
 * @param cwd     its working folder, or null when unreadable
 */
record ListeningProcess(long pid, String command, List<String> args, Path cwd) {
  private static final String RULES = "datadir-arguments.properties";

  /** The process listening on {@code port} at one of {@code addresses} (or the wildcard), under {@code proc}. */
  static Optional<ListeningProcess> find(Path proc, int port, List<InetAddress> addresses) {
    List<Long> inodes = new ArrayList<>();
    for (String table : List.of("net/tcp", "net/tcp6")) {
      inodes.addAll(listeningInodes(proc.resolve(table), port, addresses));
    }
    if (inodes.isEmpty()) {
      return Optional.empty();
    }
    Optional<Long> pid = owner(proc, inodes);
    return pid.map(p -> of(proc, p));
  }

  /** The inodes of the sockets in one {@code /proc/net/tcp*} table that listen on that port and address. */
  static List<Long> listeningInodes(Path table, int port, List<InetAddress> addresses) {
    List<Long> out = new ArrayList<>();
    List<String> lines;
    try {
      lines = Files.readAllLines(table, StandardCharsets.US_ASCII);
    } catch (IOException e) {
      return out;
    }
    for (String line : lines.subList(Math.min(1, lines.size()), lines.size())) {
      String[] f = line.trim().split("\\s+");
      if (f.length < 10 || !"0A".equals(f[3])) {
        continue; // not LISTEN
      }
      String[] local = f[1].split(":");
      InetAddress at = address(local[0]);
      if (Integer.parseInt(local[1], 16) == port && at != null
          && (at.isAnyLocalAddress() || addresses.contains(at))) {
        out.add(Long.parseLong(f[9]));
      }
    }
    return out;
  }

  /** An address as {@code /proc/net/tcp*} writes it: hex, each 32-bit word in the host's (little-endian) order. */
  static InetAddress address(String hex) {
    byte[] b = new byte[hex.length() / 2];
    for (int w = 0; w < b.length / 4; w++) {
      for (int i = 0; i < 4; i++) {
        b[w * 4 + i] = (byte) Integer.parseInt(hex.substring(w * 8 + (3 - i) * 2, w * 8 + (3 - i) * 2 + 2), 16);
      }
    }
    try {
      return InetAddress.getByAddress(b);
    } catch (UnknownHostException e) {
      return null;
    }
  }

  /** The lowest PID whose file descriptors hold one of the sockets (processes it cannot read are skipped). */
  private static Optional<Long> owner(Path proc, List<Long> inodes) {
    List<String> wanted = inodes.stream().map(i -> "socket:[" + i + "]").toList();
    long best = Long.MAX_VALUE;
    try (DirectoryStream<Path> pids = Files.newDirectoryStream(proc, "[0-9]*")) {
      for (Path p : pids) {
        long pid = Long.parseLong(p.getFileName().toString());
        if (pid < best && holds(p.resolve("fd"), wanted)) {
          best = pid;
        }
      }
    } catch (IOException e) {
      return Optional.empty();
    }
    return best == Long.MAX_VALUE ? Optional.empty() : Optional.of(best);
  }

  private static boolean holds(Path fds, List<String> sockets) {
    try (DirectoryStream<Path> ds = Files.newDirectoryStream(fds)) {
      for (Path fd : ds) {
        try {
          if (sockets.contains(Files.readSymbolicLink(fd).toString())) {
            return true;
          }
        } catch (IOException e) {
          // closed meanwhile
        }
      }
    } catch (IOException | SecurityException e) {
      return false; // gone, or not ours to read
    }
    return false;
  }

  private static ListeningProcess of(Path proc, long pid) {
    Path dir = proc.resolve(Long.toString(pid));
    String comm = "?";
    List<String> args = List.of();
    Path cwd = null;
    try {
      comm = Files.readString(dir.resolve("comm")).strip();
      String cmdline = Files.readString(dir.resolve("cmdline"), StandardCharsets.UTF_8);
      args = Arrays.stream(cmdline.split("\0")).filter(a -> !a.isEmpty()).toList();
      cwd = Files.readSymbolicLink(dir.resolve("cwd"));
    } catch (IOException | SecurityException e) {
      // what could be read
    }
    return new ListeningProcess(pid, comm, args, cwd);
  }

  /**
   * Its data folder, as {@code datadir-arguments.properties} says for its command name: the folder after one of the
   * arguments named there ({@code -D DIR}), or joined to one ending in {@code =} ({@code --dbpath=DIR}), relative
   * ones against its working folder; else its working folder when it holds the marker file the rules name; else
   * empty.
   */
  Optional<Path> dataDir() {
    Properties rules = rules();
    for (String flag : rules.getProperty(command, "").split(",")) {
      Optional<String> v = argument(flag.strip());
      if (v.isPresent()) {
        Path p = Path.of(v.get());
        return Optional.of(cwd != null ? cwd.resolve(p) : p);
      }
    }
    String marker = rules.getProperty(command + ".cwd");
    if (marker != null && cwd != null && Files.exists(cwd.resolve(marker))) {
      return Optional.of(cwd);
    }
    return Optional.empty();
  }

  /** The value of {@code flag} in the command line: the next argument, or what follows {@code flag=} / {@code flag}. */
  Optional<String> argument(String flag) {
    if (flag.isEmpty()) {
      return Optional.empty();
    }
    for (int i = 0; i < args.size(); i++) {
      String a = args.get(i);
      if (a.equals(flag) && i + 1 < args.size()) {
        return Optional.of(args.get(i + 1));
      }
      String joined = flag.endsWith("=") ? flag : flag + "=";
      if (a.startsWith(joined) && a.length() > joined.length()) {
        return Optional.of(a.substring(joined.length()));
      }
    }
    return Optional.empty();
  }

  private static Properties rules() {
    Properties p = new Properties();
    try (InputStream in = ListeningProcess.class.getResourceAsStream(RULES)) {
      if (in != null) {
        p.load(in);
      }
    } catch (IOException e) {
      return p;
    }
    return p;
  }
}
