package org.sciycsb.workloads;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.sciycsb.api.Config;
import org.sciycsb.api.ConfigException;
import org.sciycsb.api.Operation;

/**
 * What every thread of a core workload reads, fixed at init: the table and its fields, what the operations read
 * and write, the insert retries and what a thread does when they are spent, the scan limits, the transaction mix,
 * the key names, and the composite operations it records.
 *
 * @param verify the VERIFY operation with dataintegrity=true, else null
 * @param scanLimits the scan limits of upstream master's template, null when none is set
 * @param log the run's stderr, for a thread's line when it stops
 * @param staleness a run's staleness=true, else null
 */
record CoreSettings(String table, String[] fieldNames, Set<String> allFieldNames, boolean readAllFields,
    boolean readAllFieldsByName, boolean writeAllFields, boolean dataIntegrity, int constantFieldLength,
    int retryLimit, int retryInterval, boolean keepGoing, ScanLimits scanLimits, OperationMix mix, KeyNames keys,
    Operation rmw, Operation verify, java.io.PrintStream log, StalenessPlan staleness) {

  /** maxscanrate (records a second), scanoptimelimit (in nanoseconds) and discardscannedrecord; 0 = no limit. */
  record ScanLimits(long maxScanRate, long timeLimitNanos, boolean discard) {
    static ScanLimits of(Config p) throws ConfigException {
      long rate = p.get(CoreWorkloadOptions.MAX_SCAN_RATE);
      long seconds = p.get(CoreWorkloadOptions.SCAN_OP_TIME_LIMIT);
      boolean discard = p.get(CoreWorkloadOptions.DISCARD_SCANNED_RECORD);
      if (rate == 0 && seconds == 0 && !discard) {
        return null;
      }
      long nanos = seconds > Long.MAX_VALUE / 1_000_000_000L ? Long.MAX_VALUE : seconds * 1_000_000_000L;
      return new ScanLimits(rate, nanos, discard);
    }
  }

  /** The record's field names: {@code fieldnameprefix} followed by 0 to {@code fieldcount - 1}. */
  static String[] fieldNames(Config p) throws ConfigException {
    int fieldCount = p.get(CoreWorkloadOptions.FIELD_COUNT);
    String prefix = p.get(CoreWorkloadOptions.FIELD_PREFIX);
    String[] fieldNames = new String[fieldCount];
    for (int i = 0; i < fieldCount; i++) {
      fieldNames[i] = prefix + i;
    }
    return fieldNames;
  }

  static CoreSettings of(Config p, String table, String[] fieldNames, OperationMix mix, KeyNames keys,
      Operation rmw, Operation verify, java.io.PrintStream log, StalenessPlan staleness) throws ConfigException {
    return new CoreSettings(table, fieldNames, new HashSet<>(List.of(fieldNames)),
        p.get(CoreWorkloadOptions.READ_ALL_FIELDS), p.get(CoreWorkloadOptions.READ_ALL_FIELDS_BY_NAME),
        p.get(CoreWorkloadOptions.WRITE_ALL_FIELDS), p.get(CoreWorkloadOptions.DATA_INTEGRITY),
        p.get(CoreWorkloadOptions.FIELD_LENGTH), p.get(CoreWorkloadOptions.INSERTION_RETRY_LIMIT),
        p.get(CoreWorkloadOptions.INSERTION_RETRY_INTERVAL), p.get(CoreWorkloadOptions.INSERTION_KEEP_GOING),
        ScanLimits.of(p), mix, keys, rmw, verify, log, staleness);
  }
}
