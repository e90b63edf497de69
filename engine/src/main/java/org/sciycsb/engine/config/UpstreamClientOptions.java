package org.sciycsb.engine.config;

import org.sciycsb.api.ConfigException;
import org.sciycsb.api.Option;
import org.sciycsb.api.OptionSet;
import org.sciycsb.api.Phase;

/**
 * The properties of YCSB 0.17's Client and ClientThread that this tool has no option of its own for: honoured where
 * the value says what this tool does anyway (the command gives the phase, the schedule sleeps) or as upstream does
 * (status lines with -s), refused with the reason where it asks for something this tool does not do ({@link #check}).
 */
public final class UpstreamClientOptions {
  private UpstreamClientOptions() {}

  public static final Option<Boolean> DO_TRANSACTIONS = Option.bool("dotransactions", null,
      "upstream's phase switch (what -t and -load set): true must come with bin/ycsb run, false with bin/ycsb load"
          + " (the command gives the phase; a contradiction is refused)");
  public static final Option<Boolean> STATUS = Option.bool("status", false,
      "what -s sets, as upstream: true prints a status line on stderr every status.interval seconds and one when the"
          + " run ends (with measurementtype=timeseries on stdout too); false, none");
  public static final Option<Boolean> SPIN_SLEEP = Option.bool("spin.sleep", false,
      "upstream's busy-wait between throttled operations: false (upstream's default) as here, where a thread parks"
          + " until about 20 us before each intended start and spins from there; true (spin the whole wait) is"
          + " refused");

  /** Apache HTrace's properties, which upstream hands to its tracer: refused ({@link #check}). */
  public static final String HTRACE_PREFIX = "htrace.";

  public static OptionSet all() {
    return OptionSet.builder("engine").add(DO_TRANSACTIONS, STATUS, SPIN_SLEEP).build();
  }

  /**
   * Refuses the values of these properties that ask for what this tool does not do, and any {@code htrace.} key.
   *
   * @param phase the command's phase, null when not known (then dotransactions is not compared with it)
   */
  static void check(String key, String value, Phase phase) throws ConfigException {
    if (key.startsWith(HTRACE_PREFIX)) {
      throw new ConfigException("property " + key + " is refused: upstream's Apache HTrace tracing is not built in"
          + " (HTrace is retired); -p trace.out=DIR records every operation instead");
    }
    switch (key) {
      case "dotransactions" -> {
        boolean t = DO_TRANSACTIONS.parse(value);
        if (phase != null && t != (phase == Phase.RUN)) {
          throw new ConfigException("dotransactions=" + value + " asks for the " + (t ? "transaction" : "load")
              + " phase, but this is bin/ycsb " + (phase == Phase.RUN ? "run" : "load") + ": use bin/ycsb "
              + (t ? "run" : "load") + " (the command gives the phase)");
        }
      }
      case "spin.sleep" -> {
        if (SPIN_SLEEP.parse(value)) {
          throw new ConfigException("spin.sleep=true is refused: a thread parks until about 20 us before each"
              + " intended start and spins from there, so its starts are as precise without spinning the whole wait");
        }
      }
      default -> {
        // not one of these
      }
    }
  }
}
