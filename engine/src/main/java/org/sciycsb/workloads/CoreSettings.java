package org.sciycsb.workloads;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.sciycsb.api.Config;
import org.sciycsb.api.ConfigException;
import org.sciycsb.api.Operation;

/**
 * What every thread of a core workload reads, fixed at init: the table and its fields, what the operations read
 * and write, the insert retries, the transaction mix, the key names, and the composite operations it records.
 *
 * @param verify the VERIFY operation with dataintegrity=true, else null
 */
record CoreSettings(String table, String[] fieldNames, Set<String> allFieldNames, boolean readAllFields,
    boolean readAllFieldsByName, boolean writeAllFields, boolean dataIntegrity, int constantFieldLength,
    int retryLimit, int retryInterval, OperationMix mix, KeyNames keys, Operation rmw, Operation verify) {

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
      Operation rmw, Operation verify) throws ConfigException {
    return new CoreSettings(table, fieldNames, new HashSet<>(List.of(fieldNames)),
        p.get(CoreWorkloadOptions.READ_ALL_FIELDS), p.get(CoreWorkloadOptions.READ_ALL_FIELDS_BY_NAME),
        p.get(CoreWorkloadOptions.WRITE_ALL_FIELDS), p.get(CoreWorkloadOptions.DATA_INTEGRITY),
        p.get(CoreWorkloadOptions.FIELD_LENGTH), p.get(CoreWorkloadOptions.INSERTION_RETRY_LIMIT),
        p.get(CoreWorkloadOptions.INSERTION_RETRY_INTERVAL), mix, keys, rmw, verify);
  }
}
