package org.sciycsb.measure;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import site.ycsb.Status;

/**
 * Status names resolved to small indices, so counting a status is an array increment. The nine statuses of
 * {@code site.ycsb.Status} are fixed; other names a binding invents get the next free slots (slow path, once each).
 */
public final class StatusCodes {
  public static final int MAX = 32;
  private static final Status[] KNOWN = {
      Status.OK, Status.ERROR, Status.NOT_FOUND, Status.NOT_IMPLEMENTED, Status.UNEXPECTED_STATE,
      Status.BAD_REQUEST, Status.FORBIDDEN, Status.SERVICE_UNAVAILABLE, Status.BATCHED_OK};
  /** The slot for statuses beyond {@link #MAX} distinct names, and for a null status. */
  public static final int OTHER = MAX - 1;

  private final ConcurrentHashMap<String, Integer> byName = new ConcurrentHashMap<>();
  private final List<String> names = new ArrayList<>();

  public StatusCodes() {
    for (Status s : KNOWN) {
      byName.put(s.getName(), names.size());
      names.add(s.getName());
    }
  }

  /** The slot of a status; identity checks first, the map only for invented statuses. */
  public int index(Status s) {
    if (s == Status.OK) {
      return 0;
    }
    for (int i = 1; i < KNOWN.length; i++) {
      if (s == KNOWN[i]) {
        return i;
      }
    }
    if (s == null) {
      return slowIndex("NULL");
    }
    return slowIndex(s.getName());
  }

  private int slowIndex(String name) {
    Integer i = byName.get(name);
    if (i != null) {
      return i;
    }
    synchronized (names) {
      i = byName.get(name);
      if (i != null) {
        return i;
      }
      if (names.size() >= OTHER) {
        return OTHER;
      }
      int idx = names.size();
      names.add(name);
      byName.put(name, idx);
      return idx;
    }
  }

  public String name(int index) {
    synchronized (names) {
      return index < names.size() ? names.get(index) : "OTHER";
    }
  }

  /** True for OK and BATCHED_OK, as {@link Status#isOk()}. */
  public static boolean isOk(int index) {
    return index == 0 || index == 8;
  }
}
