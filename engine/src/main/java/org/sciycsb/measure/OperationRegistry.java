package org.sciycsb.measure;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.sciycsb.api.Operation;

/**
 * The measured operations of a run. Registration happens before threads start; afterwards the registry is
 * frozen and every operation has a fixed slot. Each operation {@code X} also owns the slot {@code X-FAILED},
 * where latencies of failed calls go (as upstream YCSB reports them).
 */
public final class OperationRegistry {
  public static final String READ = "READ";
  public static final String UPDATE = "UPDATE";
  public static final String INSERT = "INSERT";
  public static final String SCAN = "SCAN";
  public static final String DELETE = "DELETE";
  public static final String READ_MODIFY_WRITE = "READ-MODIFY-WRITE";

  private final Map<String, Operation> ops = new LinkedHashMap<>();
  private final List<Operation> byIndex = new ArrayList<>();
  private volatile boolean frozen;

  public OperationRegistry() {
    register(READ, false);
    register(UPDATE, false);
    register(INSERT, false);
    register(SCAN, false);
    register(DELETE, false);
    register(READ_MODIFY_WRITE, true);
  }

  public synchronized Operation register(String name, boolean composite) {
    Operation existing = ops.get(name);
    if (existing != null) {
      return existing;
    }
    if (frozen) {
      throw new IllegalStateException("operations must be registered before the run starts: " + name);
    }
    if (!name.matches("[A-Za-z0-9_.\\-]+") || name.endsWith("-FAILED") || name.equals("OVERALL")) {
      throw new IllegalArgumentException("bad operation name: " + name);
    }
    Operation op = new Operation(name, byIndex.size(), composite);
    ops.put(name, op);
    byIndex.add(op);
    return op;
  }

  public Operation get(String name) {
    return ops.get(name);
  }

  public void freeze() {
    frozen = true;
  }

  public int size() {
    return byIndex.size();
  }

  public Operation byIndex(int i) {
    return byIndex.get(i);
  }

  public List<Operation> all() {
    return List.copyOf(byIndex);
  }

  /** Slots: per operation, ok and failed; per slot, response and service histograms. */
  public int slotCount() {
    return byIndex.size() * 4;
  }

  public static int slot(int opIndex, boolean failed, boolean service) {
    return opIndex * 4 + (failed ? 2 : 0) + (service ? 1 : 0);
  }

  /** An empty histogram per slot ({@link #slotCount()}), of {@code digits} significant digits. */
  Histogram[] newSlotHistograms(int digits) {
    Histogram[] h = new Histogram[slotCount()];
    for (int i = 0; i < h.length; i++) {
      h[i] = new Histogram(digits);
    }
    return h;
  }
}
