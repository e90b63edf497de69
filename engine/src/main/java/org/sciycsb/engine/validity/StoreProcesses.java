package org.sciycsb.engine.validity;

import java.io.IOException;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.UnknownHostException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/**
 * The store server this run talks to on this host, found from the client's own connections: each TCP socket of this
 * process ({@code /proc/self/fd}) that is connected ({@code /proc/net/tcp}, {@code tcp6}) to an address of this host
 * leads to the socket listening on that port; the processes holding the listening socket ({@code /proc/<pid>/fd})
 * and their descendants ({@code /proc/<pid>/stat}'s parent) are the store. What does not change is kept between
 * refreshes: the listening socket each of the client's sockets leads to (the kernel's tables take milliseconds to
 * read, whatever their length: they are read again only for new sockets, at most every {@value #TABLES_EVERY_MS}
 * ms), the listening sockets' holders and each process's parent. A store on another host, reached through a
 * Unix-domain socket, or behind a proxy (a container's published port) is not found.
 */
final class StoreProcesses {
  /** {@code /proc/net/tcp}'s states: connected and listening. */
  static final int ESTABLISHED = 0x01;
  static final int LISTEN = 0x0A;
  /** The kernel's tables are read at most this often. */
  static final long TABLES_EVERY_MS = 2000;
  /** A socket of the client's neither connected nor listening in this many reads of the tables is left alone. */
  static final int LOOKS = 3;

  /** One line of {@code /proc/net/tcp} or {@code tcp6}. */
  record Socket(InetAddress local, int localPort, InetAddress remote, int remotePort, int state, int uid,
      long inode) {}

  private final Path proc;
  private final long self;
  private final Set<InetAddress> hostAddresses;
  /** The listening sockets each of the client's sockets leads to (empty: none, a socket not over TCP). */
  private final Map<Long, Set<Long>> served = new HashMap<>();
  /** How often each of the client's sockets not yet placed was looked for in the tables. */
  private final Map<Long, Integer> looked = new HashMap<>();
  private long tablesRead;
  private boolean tablesEver;
  /** The user owning each listening socket met so far (its holder is looked for among that user's first). */
  private final Map<Long, Integer> listenerUid = new HashMap<>();
  /** The processes holding each listening socket met so far (empty: not readable, or held by this process). */
  private final Map<Long, Set<Long>> holders = new HashMap<>();
  /** Each process's parent, read once per process. */
  private final Map<Long, Long> parents = new HashMap<>();

  StoreProcesses(Path proc, long self, Set<InetAddress> hostAddresses) {
    this.proc = proc;
    this.self = self;
    this.hostAddresses = hostAddresses;
  }

  /** The store of this process on this host, as {@code /proc} shows it. */
  static StoreProcesses here() {
    return new StoreProcesses(HostCpu.PROC, ProcessHandle.current().pid(), hostAddresses());
  }

  /** The store's processes now (none when nothing this process is connected to listens on this host). */
  Set<Long> refresh() {
    Set<Long> mine = socketInodes(proc.resolve("self").resolve("fd"));
    served.keySet().retainAll(mine);
    looked.keySet().retainAll(mine);
    if (mine.stream().anyMatch(i -> !served.containsKey(i))
        && (!tablesEver || System.nanoTime() - tablesRead >= TABLES_EVERY_MS * 1_000_000)) {
      place(mine);
    }
    Set<Long> listening = new HashSet<>();
    mine.forEach(i -> listening.addAll(served.getOrDefault(i, Set.of())));
    if (listening.isEmpty()) {
      return Set.of();
    }
    List<Long> unknown = listening.stream().filter(i -> !holders.containsKey(i)).toList();
    if (!unknown.isEmpty()) {
      holders.putAll(holdersOf(unknown, mine));
    }
    Set<Long> roots = new HashSet<>();
    listening.forEach(i -> roots.addAll(holders.getOrDefault(i, Set.of())));
    roots.remove(self);
    return roots.isEmpty() ? Set.of() : descendants(roots, parents());
  }

  /**
   * Reads the kernel's tables for the client's sockets not yet placed: the listening socket each connected one leads
   * to (none for one connected elsewhere, or listening); one in neither state (connecting, not over TCP) is looked
   * for again, {@value #LOOKS} times at most.
   */
  private void place(Set<Long> mine) {
    tablesRead = System.nanoTime();
    tablesEver = true;
    List<Socket> table = new ArrayList<>();
    for (String f : List.of("tcp", "tcp6")) {
      try {
        table.addAll(parse(Files.readAllLines(proc.resolve("net").resolve(f)), ByteOrder.nativeOrder()));
      } catch (IOException | RuntimeException e) {
        // no IPv6, or no /proc/net: nothing from this table
      }
    }
    table.stream().filter(t -> t.state() == LISTEN).forEach(t -> listenerUid.put(t.inode(), t.uid()));
    Set<Long> settled = new HashSet<>();
    table.stream().filter(t -> t.state() == ESTABLISHED || t.state() == LISTEN).forEach(t -> settled.add(t.inode()));
    for (long i : mine) {
      if (!served.containsKey(i)) {
        if (settled.contains(i) || looked.merge(i, 1, Integer::sum) >= LOOKS) {
          served.put(i, serving(Set.of(i), table, this::local));
          looked.remove(i);
        }
      }
    }
  }

  /** Loopback, or one of this host's addresses. */
  private boolean local(InetAddress a) {
    return a.isLoopbackAddress() || hostAddresses.contains(a);
  }

  /** This host's addresses, from its network interfaces (none when they cannot be listed). */
  static Set<InetAddress> hostAddresses() {
    Set<InetAddress> out = new HashSet<>();
    try {
      for (NetworkInterface n : Collections.list(NetworkInterface.getNetworkInterfaces())) {
        out.addAll(Collections.list(n.getInetAddresses()));
      }
    } catch (IOException | RuntimeException e) {
      // loopback only
    }
    return out;
  }

  /**
   * The listening sockets serving the connections {@code mine} holds: for each of them connected to a local address,
   * the socket listening on its remote port, at that address or at the wildcard address (of either family: a
   * dual-stack listener shows in {@code tcp6} for IPv4 clients too).
   */
  static Set<Long> serving(Set<Long> mine, List<Socket> table, Predicate<InetAddress> local) {
    Set<Long> out = new HashSet<>();
    List<Socket> listeners = table.stream().filter(l -> l.state() == LISTEN && l.inode() != 0).toList();
    for (Socket c : table) {
      if (c.state() != ESTABLISHED || !mine.contains(c.inode()) || !local.test(c.remote())) {
        continue;
      }
      for (Socket l : listeners) {
        if (l.localPort() == c.remotePort() && (l.local().isAnyLocalAddress() || l.local().equals(c.remote()))) {
          out.add(l.inode());
        }
      }
    }
    return out;
  }

  /** The lines of a {@code /proc/net/tcp} or {@code tcp6} table (its header and malformed lines skipped). */
  static List<Socket> parse(List<String> lines, ByteOrder order) {
    List<Socket> out = new ArrayList<>();
    for (String line : lines) {
      String[] f = line.trim().split("\\s+");
      if (f.length < 10 || !f[0].endsWith(":")) {
        continue;
      }
      try {
        String[] l = f[1].split(":");
        String[] r = f[2].split(":");
        out.add(new Socket(address(l[0], order), Integer.parseInt(l[1], 16), address(r[0], order),
            Integer.parseInt(r[1], 16), Integer.parseInt(f[3], 16), Integer.parseInt(f[7]), Long.parseLong(f[9])));
      } catch (RuntimeException | UnknownHostException e) {
        // not a socket line
      }
    }
    return out;
  }

  /**
   * An address as the kernel prints it: 8 or 32 hex digits, each 32-bit word in the host's byte order (an IPv4 address
   * mapped into IPv6 comes back as IPv4).
   */
  static InetAddress address(String hex, ByteOrder order) throws UnknownHostException {
    if (hex.length() != 8 && hex.length() != 32) {
      throw new UnknownHostException("not an address: " + hex);
    }
    ByteBuffer b = ByteBuffer.allocate(hex.length() / 2);
    for (int i = 0; i < hex.length(); i += 8) {
      int word = (int) Long.parseLong(hex.substring(i, i + 8), 16);
      b.putInt(order == ByteOrder.LITTLE_ENDIAN ? Integer.reverseBytes(word) : word);
    }
    return InetAddress.getByAddress(b.array());
  }

  /** The socket inodes among a process's open files ({@code socket:[inode]} links); none when it cannot be read. */
  static Set<Long> socketInodes(Path fdDir) {
    Set<Long> out = new HashSet<>();
    try (DirectoryStream<Path> d = Files.newDirectoryStream(fdDir)) {
      for (Path fd : d) {
        try {
          String t = Files.readSymbolicLink(fd).toString();
          if (t.startsWith("socket:[") && t.endsWith("]")) {
            out.add(Long.parseLong(t.substring(8, t.length() - 1)));
          }
        } catch (IOException | RuntimeException e) {
          // closed meanwhile
        }
      }
    } catch (IOException | RuntimeException e) {
      // not ours to read (EACCES), or it ended
    }
    return out;
  }

  /**
   * The process holding each of the listening sockets {@code inodes} (none for this process's own, {@code mine}: an
   * embedded server): the first met, the socket's user's processes first, then its parents while they hold it too
   * (a forking server's children inherit it: the walk down from the topmost finds them all). This process's
   * ancestors are never the store (a socket-activating init holds its services' sockets).
   */
  private Map<Long, Set<Long>> holdersOf(List<Long> inodes, Set<Long> mine) {
    Map<Long, Set<Long>> out = new HashMap<>();
    Set<Long> left = new HashSet<>();
    inodes.forEach(i -> {
      out.put(i, new HashSet<>());
      if (!mine.contains(i)) {
        left.add(i);
      }
    });
    Map<Long, Long> parents = parents();
    Set<Long> ancestors = new HashSet<>();
    for (Long p = self; p != null && p > 0 && ancestors.add(p); p = parents.get(p)) {
      // up to init
    }
    Set<Integer> users = new HashSet<>();
    left.forEach(i -> users.add(listenerUid.getOrDefault(i, -1)));
    List<Long> order = new ArrayList<>(pids());
    order.removeAll(ancestors);
    Map<Long, Boolean> theirs = new HashMap<>();
    order.forEach(pid -> theirs.put(pid, users.contains(uid(pid))));
    order.sort((a, b) -> Boolean.compare(theirs.get(b), theirs.get(a)));
    for (int k = 0; k < order.size() && !left.isEmpty(); k++) {
      Set<Long> fds = socketInodes(fd(order.get(k)));
      for (long i : List.copyOf(left)) {
        if (fds.contains(i)) {
          long top = order.get(k);
          for (Long p = parents.get(top); p != null && !ancestors.contains(p) && socketInodes(fd(p)).contains(i);
              p = parents.get(p)) {
            top = p;
          }
          out.get(i).add(top);
          left.remove(i);
        }
      }
    }
    return out;
  }

  private Path fd(long pid) {
    return proc.resolve(Long.toString(pid)).resolve("fd");
  }

  /** The user owning a process ({@code /proc/<pid>}'s owner), -1 when it cannot be read. */
  private int uid(long pid) {
    try {
      return (Integer) Files.getAttribute(proc.resolve(Long.toString(pid)), "unix:uid");
    } catch (IOException | RuntimeException e) {
      return -1;
    }
  }

  /** Each live process's parent: read once per process, forgotten when it has ended. */
  private Map<Long, Long> parents() {
    Set<Long> live = new HashSet<>(pids());
    parents.keySet().retainAll(live);
    for (long pid : live) {
      if (!parents.containsKey(pid)) {
        try {
          parents.put(pid, parent(Files.readString(proc.resolve(Long.toString(pid)).resolve("stat"))));
        } catch (IOException | RuntimeException e) {
          // it ended meanwhile
        }
      }
    }
    return parents;
  }

  /** The parent of a {@code /proc/<pid>/stat} line (field 4, counted after the command's parenthesis). */
  static long parent(String stat) {
    return Long.parseLong(stat.substring(stat.lastIndexOf(')') + 2).trim().split(" ")[1]);
  }

  /** The processes {@code roots} and their descendants, from each process's parent. */
  static Set<Long> descendants(Set<Long> roots, Map<Long, Long> parents) {
    Map<Long, List<Long>> children = new HashMap<>();
    parents.forEach((pid, ppid) -> children.computeIfAbsent(ppid, k -> new ArrayList<>()).add(pid));
    Set<Long> out = new HashSet<>(roots);
    Deque<Long> todo = new ArrayDeque<>(roots);
    while (!todo.isEmpty()) {
      for (long c : children.getOrDefault(todo.pop(), List.of())) {
        if (out.add(c)) {
          todo.push(c);
        }
      }
    }
    return out;
  }

  /** The live processes (a plain listing of {@code /proc}: the cheapest there is). */
  private List<Long> pids() {
    List<Long> out = new ArrayList<>();
    String[] names = proc.toFile().list();
    for (String n : names == null ? new String[0] : names) {
      if (!n.isEmpty() && n.charAt(0) >= '0' && n.charAt(0) <= '9') {
        try {
          out.add(Long.parseLong(n));
        } catch (NumberFormatException e) {
          // not a process
        }
      }
    }
    return out;
  }
}
