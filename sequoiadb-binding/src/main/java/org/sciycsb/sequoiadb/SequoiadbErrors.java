package org.sciycsb.sequoiadb;

import com.sequoiadb.exception.BaseException;
import java.util.Set;
import site.ycsb.Status;

/** What a driver error means: the node could not be reached, the credentials were refused, or the operation failed. */
final class SequoiadbErrors {
  private SequoiadbErrors() {}

  /** SDB_AUTH_AUTHORITY_FORBIDDEN: a wrong user or password (a coordinator with users). */
  static final int AUTH_FORBIDDEN = -179;
  static final int DUP_KEY = -38;
  static final int CS_EXISTS = -33;
  static final int CL_EXISTS = -22;
  static final int INDEX_EXISTS = -46;
  static final int CS_NOT_EXIST = -34;
  static final int CL_NOT_EXIST = -23;

  /**
   * The node is not there or the connection broke: SDB_TIMEOUT, SDB_QUIESCED, SDB_NETWORK, SDB_NETWORK_CLOSE,
   * SDB_NOT_CONNECTED, SDB_RTN_NO_PRIMARY_FOUND, SDB_NET_CANNOT_CONNECT, SDB_NET_NOT_CONNECT, SDB_NET_SEND_ERR,
   * SDB_NET_BROKEN_MSG, SDB_CLS_NOT_PRIMARY, SDB_CLS_NODE_NOT_ENOUGH, SDB_APP_INTERRUPT, SDB_APP_DISCONNECT.
   */
  private static final Set<Integer> UNAVAILABLE = Set.of(-13, -14, -15, -16, -64, -71, -79, -80, -81, -84, -104, -105,
      -116, -117);

  /** True when the error says the node is unreachable or the connection is broken (the connection is dropped). */
  static boolean unavailable(RuntimeException e) {
    return e instanceof BaseException b && UNAVAILABLE.contains(b.getErrorCode());
  }

  /** The status of a failed operation. */
  static Status status(RuntimeException e) {
    return unavailable(e) ? Status.SERVICE_UNAVAILABLE : Status.ERROR;
  }

  /** The kind of a failure for the run's failure log: {@code SequoiaDB error -38}, or the exception's class. */
  static String kind(RuntimeException e) {
    int code = code(e);
    return code != 0 ? "SequoiaDB error " + code : e.getClass().getSimpleName();
  }

  /** A batch of which the node inserted fewer records than it was sent (duplicate keys skipped). */
  static final String PARTLY_INSERTED = "batch partly inserted";

  static int code(RuntimeException e) {
    return e instanceof BaseException b ? b.getErrorCode() : 0;
  }

  /** The first line of a driver message, without the driver's remote-address detail noise beyond 300 chars. */
  static String firstLine(String s) {
    if (s == null) {
      return "";
    }
    int nl = s.indexOf('\n');
    String line = nl < 0 ? s : s.substring(0, nl);
    return line.length() > 300 ? line.substring(0, 300) + "..." : line;
  }
}
