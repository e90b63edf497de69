package org.sciycsb.study.runner;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.LinkedHashMap;
import java.util.Map;
import org.sciycsb.study.plan.Step;

/**
 * Per table, the key number after the last key that earlier run steps inserted ({@code extra.core.nextInsertKey}
 * of their results): a later run on the table counts those records in its {@code recordcount}, so that its reads
 * cover them and its own inserts take fresh keys (seed 002's three read-latest runs share one table).
 */
final class InsertKeyLedger {
  private final Map<String, String> engineUser;
  private final Map<String, Long> nextInsertKey = new LinkedHashMap<>();
  /**
   * Per table, with {@code --clients}: each client's next insert key number after the run steps so far (its
   * {@code extra.core.nextInsertKey}: the clients' inserts interleave, so each continues its own sequence and reads
   * only keys that exist for it; on YARN, whose runner makes the shares, the next run reads below the lowest of them
   * and inserts above the highest).
   */
  private final Map<String, long[]> clientsNextInsertKey = new LinkedHashMap<>();

  /** {@code engineUser}: the user's -p properties for engine steps (a {@code table} there names every step's). */
  InsertKeyLedger(Map<String, String> engineUser) {
    this.engineUser = engineUser;
  }

  /** The {@code recordcount} an engine step runs with: its own, or more when earlier runs inserted into its table. */
  String recordcount(Step s) {
    String own = s.properties().get("recordcount");
    if (s.kind() != Step.Kind.RUN || own == null) {
      return own;
    }
    Long grown = nextInsertKey.get(tableOf(s));
    try {
      return grown != null && grown > Long.parseLong(own) ? Long.toString(grown) : own;
    } catch (NumberFormatException e) {
      return own; // a bad value is the engine's to report
    }
  }

  private String tableOf(Step s) {
    return engineUser.getOrDefault("table", s.properties().getOrDefault("table", "usertable"));
  }

  /** After a run step: the keys its inserts used, from its results. */
  void noteInserts(Step s, JsonNode res) {
    JsonNode core = res == null ? null : res.path("extra").path("core");
    if (s.kind() == Step.Kind.RUN && core != null && core.path("nextInsertKey").isNumber()) {
      nextInsertKey.merge(core.path("table").asText(tableOf(s)), core.path("nextInsertKey").asLong(), Math::max);
    }
  }

  /** Each client's next insert key on the step's table after the earlier run steps, or null. */
  long[] clientsNext(Step s) {
    return clientsNextInsertKey.get(tableOf(s));
  }

  /** After a run step of several clients: each client's next insert key on the step's table. */
  void noteClients(Step s, long[] next) {
    clientsNextInsertKey.put(tableOf(s), next);
  }
}
