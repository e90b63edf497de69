package org.sciycsb.mongodb;

import com.mongodb.ConnectionString;
import com.mongodb.MongoClientSettings;
import com.mongodb.MongoCompressor;
import com.mongodb.ReadPreference;
import com.mongodb.WriteConcern;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.sciycsb.api.Config;
import org.sciycsb.api.ConfigException;
import org.sciycsb.api.Secrets;

/**
 * The binding's options resolved into driver settings, without touching the network.
 *
 * <p>Precedence, highest first: an explicit {@code mongodb.writeconcern.*} / {@code mongodb.readpreference} /
 * {@code mongodb.compressors} / {@code mongodb.connecttimeout} option, then the {@code mongodb.consistency}
 * preset, then the connection string's own options ({@code w=}, {@code journal=}, {@code wtimeoutMS=},
 * {@code readPreference=}, {@code compressors=}), then the driver and server defaults.
 *
 * @param url            the connection string, parsed
 * @param maskedUrl      the connection string with its password masked, for messages
 * @param database       the database name
 * @param table          the collection name ({@code table})
 * @param batchSize      inserts per bulk write
 * @param upsert         inserts as replaceOne upserts
 * @param writeConcern   the effective write concern, or null for the driver's default (server default)
 * @param readPreference the effective read preference
 * @param consistency    the preset name (strong, eventual, none)
 * @param shardKey       how to shard the collections when the server is a mongos: hashed, range or none
 * @param compressors    the wire compressors proposed to the server
 * @param connectTimeout connect and server-selection timeout
 */
public record MongoDbSettings(ConnectionString url, String maskedUrl, String database, String table, int batchSize,
    boolean upsert, WriteConcern writeConcern, ReadPreference readPreference, String consistency,
    String shardKey, List<MongoCompressor> compressors, Duration connectTimeout) {

  /** Reads and checks every option; a bad value is a {@link ConfigException} naming it. */
  public static MongoDbSettings resolve(Config config) throws ConfigException {
    String rawUrl = config.get(MongoDbOptions.URL);
    String masked = Secrets.maskText(rawUrl);
    ConnectionString cs;
    try {
      cs = new ConnectionString(rawUrl);
    } catch (RuntimeException e) {
      throw new ConfigException("bad value for " + MongoDbOptions.URL.name() + ": '" + masked + "': "
          + mask(e.getMessage(), rawUrl, null));
    }

    String database = config.get(MongoDbOptions.DATABASE);
    if (database == null || database.isBlank()) {
      database = cs.getDatabase() != null && !cs.getDatabase().isBlank() ? cs.getDatabase()
          : MongoDbOptions.DEFAULT_DATABASE;
    }
    String table = config.raw("table", "usertable");
    if (table.isBlank()) {
      throw new ConfigException("bad value for table: must not be empty");
    }

    String consistency = config.get(MongoDbOptions.CONSISTENCY);
    WriteConcern presetW = null;
    ReadPreference presetRead = null;
    switch (consistency) {
      case "strong":
        // SEI study, Table 1: writes acknowledged by the primary, reads from the primary when it is available
        presetW = WriteConcern.W1;
        presetRead = ReadPreference.primaryPreferred();
        break;
      case "eventual":
        presetW = WriteConcern.W1;
        presetRead = ReadPreference.nearest();
        break;
      default:
        break;
    }

    WriteConcern wc = writeConcern(config, presetW, cs.getWriteConcern());

    ReadPreference rp;
    String rpName = config.get(MongoDbOptions.READPREFERENCE);
    if (rpName != null) {
      rp = ReadPreference.valueOf(rpName);
    } else if (presetRead != null) {
      rp = presetRead;
    } else if (cs.getReadPreference() != null) {
      rp = cs.getReadPreference();
    } else {
      rp = ReadPreference.primary();
    }

    List<MongoCompressor> compressors;
    String comp = config.get(MongoDbOptions.COMPRESSORS);
    if (comp != null) {
      compressors = compressors(comp);
    } else {
      compressors = cs.getCompressorList() == null ? List.of() : List.copyOf(cs.getCompressorList());
    }

    Duration timeout = config.get(MongoDbOptions.CONNECT_TIMEOUT);
    if (!config.isSet(MongoDbOptions.CONNECT_TIMEOUT) && cs.getServerSelectionTimeout() != null) {
      timeout = Duration.ofMillis(cs.getServerSelectionTimeout());
    }

    return new MongoDbSettings(cs, masked, database, table, config.get(MongoDbOptions.BATCHSIZE),
        config.get(MongoDbOptions.UPSERT), wc, rp, consistency,
        config.get(MongoDbOptions.SHARDKEY), compressors, timeout);
  }

  static WriteConcern writeConcern(Config config, WriteConcern preset, WriteConcern fromUrl) throws ConfigException {
    String w = config.get(MongoDbOptions.WRITECONCERN_W);
    Boolean j = config.get(MongoDbOptions.WRITECONCERN_J);
    Duration wtimeout = config.get(MongoDbOptions.WRITECONCERN_WTIMEOUT);
    WriteConcern base;
    if (w != null) {
      String v = w.trim();
      base = v.equalsIgnoreCase("majority") ? WriteConcern.MAJORITY : new WriteConcern(Integer.parseInt(v));
      // keep the URL's journal and wtimeout unless overridden below
      if (fromUrl != null) {
        if (fromUrl.getJournal() != null) {
          base = base.withJournal(fromUrl.getJournal());
        }
        Integer t = fromUrl.getWTimeout(TimeUnit.MILLISECONDS);
        if (t != null) {
          base = base.withWTimeout(t, TimeUnit.MILLISECONDS);
        }
      }
    } else if (preset != null) {
      base = preset;
      if (fromUrl != null) {
        if (fromUrl.getJournal() != null) {
          base = base.withJournal(fromUrl.getJournal());
        }
        Integer t = fromUrl.getWTimeout(TimeUnit.MILLISECONDS);
        if (t != null) {
          base = base.withWTimeout(t, TimeUnit.MILLISECONDS);
        }
      }
    } else {
      base = fromUrl;
    }
    if (j == null && wtimeout == null) {
      return base;
    }
    if (base == null) {
      base = WriteConcern.ACKNOWLEDGED;
    }
    if (Boolean.TRUE.equals(j) && Integer.valueOf(0).equals(base.getWObject())) {
      throw new ConfigException("bad write concern: mongodb.writeconcern.j=true cannot be combined with w=0");
    }
    try {
      if (j != null) {
        base = base.withJournal(j);
      }
      if (wtimeout != null) {
        base = base.withWTimeout(wtimeout.toMillis(), TimeUnit.MILLISECONDS);
      }
    } catch (IllegalArgumentException e) {
      throw new ConfigException("bad write concern (mongodb.writeconcern.*): " + e.getMessage());
    }
    return base;
  }

  static List<MongoCompressor> compressors(String name) {
    switch (name.toLowerCase(Locale.ROOT)) {
      case "snappy": return List.of(MongoCompressor.createSnappyCompressor());
      case "zlib": return List.of(MongoCompressor.createZlibCompressor());
      case "zstd": return List.of(MongoCompressor.createZstdCompressor());
      default: return List.of();
    }
  }

  /** The driver settings: the connection string, then the resolved options on top. */
  public MongoClientSettings clientSettings() {
    MongoClientSettings.Builder b = MongoClientSettings.builder().applyConnectionString(url)
        .readPreference(readPreference)
        .compressorList(compressors)
        .applyToClusterSettings(c -> c.serverSelectionTimeout(connectTimeout.toMillis(), TimeUnit.MILLISECONDS))
        .applyToSocketSettings(s -> s.connectTimeout((int) Math.min(Integer.MAX_VALUE, connectTimeout.toMillis()),
            TimeUnit.MILLISECONDS));
    if (writeConcern != null) {
      b.writeConcern(writeConcern);
    }
    return b.build();
  }

  /** The connection string's hosts, for messages (never the credentials). */
  public String hosts() {
    return String.join(",", url.getHosts());
  }

  /** Text with the URL's password removed, however it was written. */
  public String mask(String text) {
    return mask(text, url.getConnectionString(), url.getPassword());
  }

  static String mask(String text, String rawUrl, char[] password) {
    if (text == null) {
      return null;
    }
    String s = Secrets.maskText(text);
    if (password != null && password.length > 0) {
      String pw = new String(password);
      s = s.replace(pw, Secrets.MASK);
      try {
        s = s.replace(java.net.URLEncoder.encode(pw, java.nio.charset.StandardCharsets.UTF_8), Secrets.MASK);
      } catch (RuntimeException ignored) {
        // nothing more to mask
      }
    }
    if (rawUrl != null && !rawUrl.isEmpty()) {
      s = s.replace(rawUrl, Secrets.maskText(rawUrl));
    }
    return s;
  }

  /** The write concern as text, for store details and messages. */
  public String writeConcernText() {
    return writeConcern == null ? "server default" : describe(writeConcern);
  }

  static String describe(WriteConcern wc) {
    StringBuilder sb = new StringBuilder();
    sb.append("w=").append(wc.getWObject() == null ? "default" : wc.getWObject());
    if (wc.getJournal() != null) {
      sb.append(", j=").append(wc.getJournal());
    }
    Integer t = wc.getWTimeout(TimeUnit.MILLISECONDS);
    if (t != null) {
      sb.append(", wtimeout=").append(t).append("ms");
    }
    return sb.toString();
  }
}
