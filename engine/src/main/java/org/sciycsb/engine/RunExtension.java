package org.sciycsb.engine;

import java.nio.file.Path;
import org.sciycsb.api.Config;
import org.sciycsb.api.ConfigException;
import org.sciycsb.api.OptionSet;
import org.sciycsb.api.StoreLocation;

/**
 * Adds to every run without the engine knowing what it adds: the reports' resource sampling, storage-device label,
 * Jenkins files and SLA gate plug in this way. An extension declares its options (checked with the engine's before
 * anything starts, and listed by help), validates them, and opens a {@link RunListener} for each run.
 */
public interface RunExtension {
  /** The options this extension reads. */
  OptionSet options();

  /** True for keys outside {@link #options()} that this extension reads (dynamic keys such as {@code sla.*}). */
  default boolean ownsKey(String key) {
    return false;
  }

  /** Checks the values of this extension's keys; called before anything starts. */
  default void validate(Config config) throws ConfigException {}

  /** A listener for one run whose results directory is {@code resultsDir}; nothing starts yet. */
  RunListener open(Config config, Path resultsDir) throws ConfigException;

  /**
   * As {@link #open(Config, Path)}, told where the binding says its store is ({@link StoreLocation#UNKNOWN} when it
   * cannot tell); the engine calls this one. By default the location is not used.
   */
  default RunListener open(Config config, Path resultsDir, StoreLocation store) throws ConfigException {
    return open(config, resultsDir);
  }
}
