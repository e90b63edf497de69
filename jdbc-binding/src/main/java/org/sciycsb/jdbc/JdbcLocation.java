package org.sciycsb.jdbc;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.sciycsb.api.ConfigException;
import org.sciycsb.api.StoreLocation;

/**
 * Where a JDBC URL's store is ({@link JdbcBinding#location}): the hosts and ports of a server URL
 * ({@code jdbc:postgresql://host[:port][,host[:port]]/db}, {@code jdbc:mariadb://...}, {@code jdbc:mysql://...},
 * {@code jdbc:h2:tcp://host[:port]/path}), each driver's default port where none is given; the folder of an embedded
 * H2 file database ({@code jdbc:h2:file:/path/name}, {@code jdbc:h2:/path/name}, {@code jdbc:h2:~/name}); unknown for
 * anything else (H2 in memory, a URL without hosts).
 */
final class JdbcLocation {
  private JdbcLocation() {}

  /** Where the store of {@code url} is. */
  static StoreLocation of(String url) throws ConfigException {
    String u = url.trim();
    String lower = u.toLowerCase(Locale.ROOT);
    if (lower.startsWith("jdbc:h2:") && JdbcSettings.embeddedH2File(u)) {
      return StoreLocation.embedded(h2Folder(u.substring("jdbc:h2:".length())));
    }
    int port = lower.startsWith("jdbc:postgresql:") ? 5432 : lower.startsWith("jdbc:mariadb:")
        || lower.startsWith("jdbc:mysql:") ? 3306 : lower.startsWith("jdbc:h2:tcp:") || lower.startsWith("jdbc:h2:ssl:")
        ? 9092 : -1;
    int slashes = u.indexOf("//");
    if (port < 0 || slashes < 0) {
      return lower.startsWith("jdbc:postgresql:") && slashes < 0 // jdbc:postgresql:db is localhost:5432
          ? StoreLocation.at(List.of(new StoreLocation.Endpoint("localhost", 5432))) : StoreLocation.UNKNOWN;
    }
    String authority = u.substring(slashes + 2).split("[/?;]", 2)[0];
    authority = authority.substring(authority.lastIndexOf('@') + 1); // no user:password@
    if (authority.isEmpty()) {
      return StoreLocation.at(List.of(new StoreLocation.Endpoint("localhost", port)));
    }
    return StoreLocation.at(StoreLocation.parseHosts(authority, port, "db.url"));
  }

  /** The folder of an embedded H2 database: {@code [file:]path/name[;settings]}, {@code ~} the home folder. */
  static Path h2Folder(String rest) {
    String p = rest.split(";", 2)[0];
    if (p.regionMatches(true, 0, "file:", 0, 5)) {
      p = p.substring(5);
    }
    if (p.startsWith("~")) {
      p = System.getProperty("user.home") + p.substring(1);
    }
    Path file = Path.of(p).toAbsolutePath().normalize();
    return file.getParent() == null ? file : file.getParent();
  }
}
