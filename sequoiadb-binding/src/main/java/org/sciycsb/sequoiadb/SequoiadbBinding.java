package org.sciycsb.sequoiadb;

import com.sequoiadb.base.Sequoiadb;
import com.sequoiadb.exception.BaseException;
import org.sciycsb.api.BenchmarkException;
import org.sciycsb.api.Binding;
import org.sciycsb.api.BindingException;
import org.sciycsb.api.BindingRun;
import org.sciycsb.api.Config;
import org.sciycsb.api.ConfigException;
import org.sciycsb.api.OptionSet;
import org.sciycsb.api.RunContext;
import org.sciycsb.api.StoreLocation;

/**
 * The {@code sequoiadb} binding: SequoiaDB through the official Java driver. {@link #open} logs in once (an
 * unreachable node or refused credentials end the run before it starts, one line, exit 3), reads the engine's
 * version, checks or creates the collection space and collection, then hands a connection pool to the run.
 */
public final class SequoiadbBinding implements Binding {
  @Override
  public String name() {
    return "sequoiadb";
  }

  @Override
  public String summary() {
    return "SequoiaDB (seed 004's third store) through its official Java driver: batched loads, read preference"
        + " and ReplSize for replica groups, the bankmark preset";
  }

  @Override
  public OptionSet options() {
    return SequoiadbOptions.set();
  }

  /** The nodes of sequoiadb.hosts (each host:port); unknown when it is not set. */
  @Override
  public StoreLocation location(Config config, java.nio.file.Path workDir) throws ConfigException {
    String hosts = config.get(SequoiadbOptions.HOSTS);
    return hosts == null ? StoreLocation.UNKNOWN : StoreLocation.at(StoreLocation.parseHosts(hosts, 11810,
        SequoiadbOptions.HOSTS.name()));
  }

  @Override
  public BindingRun open(RunContext context) throws BenchmarkException {
    SequoiadbSettings settings = SequoiadbSettings.resolve(context.config(), context.threads());
    Sequoiadb db = login(settings);
    try {
      NodeInfo node = NodeInfo.read(db);
      Collections.ensure(db, settings, settings.collection(), context.log());
      return new SequoiadbRun(settings, node, context);
    } catch (BaseException e) {
      throw new BindingException("SequoiaDB at " + settings.hostsText() + " failed at start: "
          + SequoiadbErrors.firstLine(settings.mask(e.getMessage())), e);
    } finally {
      db.close();
    }
  }

  /** One login, which tells an unreachable node and refused credentials apart from everything else. */
  static Sequoiadb login(SequoiadbSettings settings) throws BindingException {
    try {
      return ConnectionPool.connect(settings);
    } catch (BaseException e) {
      String detail = SequoiadbErrors.firstLine(settings.mask(e.getMessage()));
      if (e.getErrorCode() == SequoiadbErrors.AUTH_FORBIDDEN) {
        throw new BindingException("SequoiaDB at " + settings.hostsText() + " refused user '" + settings.user()
            + "' (" + SequoiadbOptions.USER.name() + ", " + SequoiadbOptions.PASSWORD.name()
            + "): wrong user name or password", e);
      }
      if (SequoiadbErrors.unavailable(e)) {
        throw new BindingException("SequoiaDB node(s) at " + settings.hostsText() + " not reachable within "
            + org.sciycsb.api.Option.formatDuration(settings.connectTimeout()) + " ("
            + SequoiadbOptions.HOSTS.name() + "); is it running? (" + detail + ")", e);
      }
      throw new BindingException("SequoiaDB at " + settings.hostsText() + " refused the connection: " + detail, e);
    } catch (RuntimeException e) {
      throw new BindingException("cannot connect to SequoiaDB at " + settings.hostsText() + ": "
          + SequoiadbErrors.firstLine(settings.mask(String.valueOf(e))), e);
    }
  }

  /** A ConfigException for a collection space or collection that is missing while creation is off. */
  static ConfigException missing(String what, String name, SequoiadbSettings settings) {
    return new ConfigException("SequoiaDB " + what + " '" + name + "' does not exist on " + settings.hostsText()
        + " and " + SequoiadbOptions.CREATE.name() + "=false");
  }
}
