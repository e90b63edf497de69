package org.sciycsb.study.server;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.sciycsb.api.BenchmarkException;
import org.sciycsb.api.ConfigException;
import org.sciycsb.study.plan.Plan;
import org.sciycsb.study.plan.Step;
import org.sciycsb.study.runner.StepLauncher;
import org.sciycsb.study.seeds.StudyDef;

/**
 * What a study with {@code --devices} or {@code --memory-ratio} runs its store on: a test server restarted on the
 * device with a memory cap ({@link ServerSetup}), or, for a store embedded in the client, its data folder on the
 * device and the client itself capped ({@link EmbeddedSetup}). Made and checked before anything runs.
 */
public interface StoreSetup {
  /** {@code -p study.server}'s value for a store embedded in the client. */
  String EMBEDDED = "embedded";

  /**
   * The store of {@code binding}'s study: {@code -p study.server=embedded}, or no study.server and no test server
   * of the binding but an embedded entry, is {@link EmbeddedSetup}; else the test server ({@link ServerSetup}).
   * {@code stamp} names an embedded store's data folder and cgroup.
   */
  static StoreSetup of(Path home, StudyDef def, Plan plan, String binding, String device, Double ratio,
      Map<String, String> props, String stamp) throws ConfigException {
    String asked = props.get(org.sciycsb.study.plan.StudyOptions.SERVER.name());
    java.util.Optional<EmbeddedStore> embedded = EmbeddedStore.of(binding);
    boolean hasServer = org.sciycsb.engine.config.ProjectBindings.find("testserver." + binding).isPresent();
    if (EMBEDDED.equals(asked) || asked == null && !hasServer && embedded.isPresent()) {
      if (embedded.isEmpty()) {
        throw new ConfigException("-p study.server=embedded: binding " + binding + " holds no store in its client "
            + "process (embedded stores: wiredtiger, jdbc with H2)");
      }
      return EmbeddedSetup.of(home, def, plan, embedded.get(), device, ratio, props, stamp);
    }
    return ServerSetup.of(home, def, plan, binding, device, ratio, props);
  }

  /** The properties that point every engine step at the store (its address or data folder, its cache, ...). */
  Map<String, String> engineProps();

  /** What the study notes about it (caps raised, no ratio, a small device). */
  List<String> notes();

  /** One line: the store, its device and its cap against the data. */
  String describe();

  /** {@code study.json}'s {@code server}. */
  Map<String, Object> toMap();

  /** Before the first step. */
  void start(PrintStream log, List<Step> steps) throws BenchmarkException;

  /** Before step {@code s} (the cap put on or taken off where {@code s} needs it the other way). */
  void beforeStep(Step s, PrintStream log) throws BenchmarkException;

  /** After the last step, also when the study failed. */
  void stop(PrintStream log);

  /** How the engine steps run as child processes, or null: in the study's process. */
  default StepLauncher launcher() {
    return null;
  }
}
