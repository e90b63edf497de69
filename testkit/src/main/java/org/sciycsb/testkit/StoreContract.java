package org.sciycsb.testkit;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import org.sciycsb.api.Binding;
import org.sciycsb.api.BindingRun;
import org.sciycsb.api.Config;
import org.sciycsb.api.Phase;
import org.sciycsb.api.RunContext;

/**
 * What the contract suites ({@link BindingConformance}, {@link SubjectTimelineContract},
 * {@link DocumentStoreContract}) share: the binding under test opened as the engine opens it, on its real test
 * server, and opened again as a later phase of the same benchmark would (same properties, same work folder, so an
 * embedded store such as H2 is the same database). Extend one of the suites, not this class.
 */
public abstract class StoreContract {
  protected BindingRun run;
  protected final Binding binding;
  private final Supplier<Map<String, String>> properties;
  private Map<String, String> props;
  private Path work;

  /**
   * @param binding    the binding under test
   * @param properties the properties that reach its test server (each suite adds the names of its own fresh
   *                   tables); asked for when each test opens the binding, after the class's servers started
   */
  protected StoreContract(Binding binding, Supplier<Map<String, String>> properties) {
    this.binding = binding;
    this.properties = properties;
  }

  /** The properties that reach the test server. */
  protected final Map<String, String> properties() {
    return properties.get();
  }

  /** A name no earlier test used: a letter, then 11 hex digits (valid in SQL, CQL, MongoDB, Riak and HDFS). */
  protected static String freshName(String prefix) {
    return prefix + UUID.randomUUID().toString().replace("-", "").substring(0, 11);
  }

  /** Opens the run of a load phase with {@link #properties()} plus {@code extra}, in a fresh work folder. */
  protected BindingRun openRun(Map<String, String> extra) throws Exception {
    props = new HashMap<>(properties());
    props.putAll(extra);
    work = Files.createTempDirectory("contract");
    run = binding.open(context(Phase.LOAD));
    return run;
  }

  /** Closes the run and opens the run of a later phase on the same store, properties and work folder. */
  protected BindingRun reopenRun() throws Exception {
    closeRun();
    run = binding.open(context(Phase.RUN));
    return run;
  }

  /** The properties the run was opened with. */
  protected Config config() {
    return new Config(props);
  }

  private RunContext context(Phase phase) {
    return new RunContext(new Config(props), phase, 1, work, work, new PrintStream(System.err, true));
  }

  @AfterEach
  void closeRun() throws Exception {
    if (run != null) {
      BindingRun r = run;
      run = null;
      r.close();
    }
  }
}
