package org.sciycsb.report.run;

import java.net.InetAddress;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.sciycsb.api.ConfigException;
import org.sciycsb.api.StoreLocation;
import org.sciycsb.api.StoreLocation.Endpoint;
import org.sciycsb.engine.servers.ServerControl;

/**
 * Where the store's data is when {@code storage.path} does not say, from where the binding says its store is
 * ({@link StoreLocation}): an embedded store's folder; for endpoints of this host, the data folders of the test
 * server of this checkout that serves that port ({@code bin/servers url}, {@code datadir}), else of the local process
 * listening on it ({@link ListeningProcess}); endpoints of other hosts are not sampled.
 */
final class StoreDataLocator {
  /** {@code host:port} in a server's address (a URL, a JDBC URL, a contact point). */
  private static final Pattern HOST_PORT = Pattern.compile("(?:^|[/@,])(\\[[0-9A-Fa-f:.]+\\]|[A-Za-z0-9.-]+):(\\d+)");

  /**
   * What was found: the data folders and how ({@code metadata.storage.found}), or none and why not
   * ({@code metadata.storage.sampling}).
   */
  record Found(List<Path> dirs, String how, String unsampled) {
    static Found not(String why) {
      return new Found(List.of(), null, "not sampled: " + why);
    }
  }

  private final ServerControl servers;
  private final Path proc;

  StoreDataLocator(ServerControl servers, Path proc) {
    this.servers = servers;
    this.proc = proc;
  }

  /** The data folders of the store at {@code store}, or why there are none. */
  Found locate(StoreLocation store) {
    if (store.dataPath() != null) {
      return new Found(List.of(store.dataPath()), "binding: embedded store's folder", null);
    }
    if (store.endpoints().isEmpty()) {
      return Found.not("no storage.path (a remote server, or one whose data folder was not named)");
    }
    Set<InetAddress> own = LocalAddresses.own();
    List<Endpoint> local = new ArrayList<>();
    List<Endpoint> remote = new ArrayList<>();
    for (Endpoint e : store.endpoints()) {
      (LocalAddresses.isLocal(LocalAddresses.resolve(e.host()), own) ? local : remote).add(e);
    }
    if (local.isEmpty()) {
      return Found.not("remote (" + String.join(", ", remote.stream().map(Endpoint::toString).toList()) + ")");
    }
    Optional<String> server = testServer(local, servers.urls());
    if (server.isPresent()) {
      try {
        return new Found(servers.dataDirs(server.get(), "storage.path"), "test server " + server.get(), null);
      } catch (ConfigException e) {
        return Found.not(e.getMessage());
      }
    }
    return listening(local);
  }

  /**
   * The test server whose address names one of the endpoints: the same host and port, else the same port on a host
   * that is this host's too.
   */
  static Optional<String> testServer(List<Endpoint> local, Map<String, String> urls) {
    for (boolean exact : new boolean[] {true, false}) {
      for (Map.Entry<String, String> u : urls.entrySet()) {
        for (Endpoint served : endpointsIn(u.getValue())) {
          for (Endpoint e : local) {
            if (e.port() == served.port() && (exact ? e.host().equalsIgnoreCase(served.host())
                : LocalAddresses.isLocal(served.host()))) {
              return Optional.of(u.getKey());
            }
          }
        }
      }
    }
    return Optional.empty();
  }

  /** Every {@code host:port} in an address. */
  static List<Endpoint> endpointsIn(String url) {
    List<Endpoint> out = new ArrayList<>();
    Matcher m = HOST_PORT.matcher(url);
    while (m.find()) {
      String host = m.group(1).startsWith("[") ? m.group(1).substring(1, m.group(1).length() - 1) : m.group(1);
      out.add(new Endpoint(host, Integer.parseInt(m.group(2))));
    }
    return out;
  }

  /** The data folders of the processes listening on the local endpoints, or why not. */
  private Found listening(List<Endpoint> local) {
    Set<Path> dirs = new LinkedHashSet<>();
    List<Long> pids = new ArrayList<>();
    for (Endpoint e : local) {
      Optional<ListeningProcess> p = ListeningProcess.find(proc, e.port(), LocalAddresses.resolve(e.host()));
      if (p.isEmpty()) {
        continue;
      }
      Optional<Path> dir = p.get().dataDir();
      if (dir.isEmpty()) {
        return Found.not("local server " + p.get().pid() + " (" + p.get().command() + "), its data folder unknown: "
            + "set -p storage.path=DIR");
      }
      dirs.add(dir.get());
      if (!pids.contains(p.get().pid())) {
        pids.add(p.get().pid());
      }
    }
    if (dirs.isEmpty()) {
      return Found.not("no process of this host listens on " + String.join(", ",
          local.stream().map(Endpoint::toString).toList()));
    }
    return new Found(List.copyOf(dirs), "listening process " + String.join(", ",
        pids.stream().map(String::valueOf).toList()), null);
  }
}
