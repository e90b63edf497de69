package org.sciycsb.api;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A workload's final check failed (from {@link BenchWorkload#finish}): the run fails with {@link #EXIT_RUN_FAILED}
 * and the check's counts still go into the results' {@code extra} section.
 */
public class CheckFailedException extends BenchmarkException {
  private static final long serialVersionUID = 1L;

  private final transient Map<String, Object> extra;

  public CheckFailedException(String message, Map<String, Object> extra) {
    super(EXIT_RUN_FAILED, message);
    this.extra = new LinkedHashMap<>(extra);
  }

  /** The result sections to keep despite the failure. */
  public Map<String, Object> extra() {
    return extra;
  }
}
