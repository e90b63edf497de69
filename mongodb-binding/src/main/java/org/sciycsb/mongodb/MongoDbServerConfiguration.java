package org.sciycsb.mongodb;

import com.mongodb.MongoException;
import com.mongodb.client.MongoClient;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.bson.Document;
import org.sciycsb.api.BindingException;
import org.sciycsb.api.Secrets;
import org.sciycsb.api.ServerConfiguration;

/**
 * The server's configuration from {@code getCmdLineOpts}: its {@code parsed} options flattened to dotted names
 * ({@code storage.wiredTiger.engineConfig.cacheSizeGB}) and its {@code argv} as one line. A server that does not
 * know the command gives none (empty). Values of options named for a password or key file are masked.
 */
final class MongoDbServerConfiguration {
  private MongoDbServerConfiguration() {}

  static Optional<ServerConfiguration> read(MongoClient client) throws BindingException {
    Document opts;
    try {
      opts = client.getDatabase("admin").runCommand(new Document("getCmdLineOpts", 1));
    } catch (MongoException e) {
      if (e.getCode() == 59 || e.getCode() == 115) { // CommandNotFound, CommandNotSupported
        return Optional.empty();
      }
      throw new BindingException("getCmdLineOpts: " + e.getMessage(), e);
    }
    Map<String, String> m = new TreeMap<>();
    if (opts.get("parsed") instanceof Document parsed) {
      flatten("", parsed, m);
    }
    if (opts.get("argv") instanceof List<?> argv) {
      m.put("argv", Secrets.maskText(String.join(" ", argv.stream().map(String::valueOf).toList())));
    }
    return Optional.of(new ServerConfiguration("getCmdLineOpts (parsed, argv)", m));
  }

  static void flatten(String prefix, Document d, Map<String, String> out) {
    for (Map.Entry<String, Object> e : d.entrySet()) {
      String name = prefix + e.getKey();
      if (e.getValue() instanceof Document sub) {
        flatten(name + ".", sub, out);
      } else {
        String lower = name.toLowerCase(Locale.ROOT);
        out.put(name, lower.contains("password") || lower.contains("keyfile") ? Secrets.MASK
            : String.valueOf(e.getValue()));
      }
    }
  }
}
