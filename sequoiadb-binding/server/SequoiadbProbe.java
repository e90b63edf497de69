import com.sequoiadb.base.DBCursor;
import com.sequoiadb.base.Sequoiadb;
import com.sequoiadb.exception.BaseException;
import org.bson.BSONObject;

/**
 * The server script's client-side check (sequoiadb.sh), through the official Java driver:
 * {@code login HOST PORT USER PASSWORD} logs in and takes a database snapshot (exit 0), exit 1 when it cannot;
 * {@code version HOST PORT USER PASSWORD} prints e.g. "6.0.0 release 153".
 * Compiled by {@code bin/servers setup sequoiadb} into the work folder's cache, run with the driver jar.
 */
public final class SequoiadbProbe {
  private SequoiadbProbe() {}

  public static void main(String[] args) {
    if (args.length != 5) {
      System.err.println("usage: SequoiadbProbe login|version HOST PORT USER PASSWORD");
      System.exit(2);
    }
    String host = args[1];
    int port = Integer.parseInt(args[2]);
    try {
      switch (args[0]) {
        case "login" -> login(host, port, args[3], args[4]).close();
        case "version" -> {
          try (Sequoiadb db = login(host, port, args[3], args[4])) {
            System.out.println(version(db));
          }
        }
        default -> {
          System.err.println("unknown mode " + args[0]);
          System.exit(2);
        }
      }
    } catch (BaseException e) {
      System.err.println(e.getMessage());
      System.exit(1);
    }
  }

  private static Sequoiadb login(String host, int port, String user, String password) {
    Sequoiadb db = new Sequoiadb(host, port, user, password);
    version(db);
    return db;
  }

  private static String version(Sequoiadb db) {
    try (DBCursor c = db.getSnapshot(Sequoiadb.SDB_SNAP_DATABASE, (BSONObject) null, null, null)) {
      BSONObject v = (BSONObject) c.getNext().get("Version");
      return v.get("Major") + "." + v.get("Minor") + "." + v.get("Fix") + " release " + v.get("Release");
    }
  }
}
