package org.sciycsb.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sciycsb.api.Config;
import org.sciycsb.api.ConfigException;
import org.sciycsb.api.Option;
import org.sciycsb.api.OptionSet;
import org.sciycsb.api.Phase;
import org.sciycsb.results.ResultsDir;
import org.sciycsb.results.RunReport;

/** The programmatic entry: a RunSpec in, an outcome out, the extensions' listeners called in their order. */
class BenchmarkTest {
  static final Path WORKLOADA = Path.of("../workloads/workloada");
  static final Option<String> VERDICT = Option.string("test.verdict", "pass", "what the test extension says");

  @TempDir
  Path tmp;

  /** Records what the engine calls, and fails the run when test.verdict=fail. */
  static final class Recording implements RunExtension {
    final List<String> calls = new ArrayList<>();

    @Override
    public OptionSet options() {
      return OptionSet.builder("test").add(VERDICT).build();
    }

    @Override
    public boolean ownsKey(String key) {
      return key.startsWith("test.dynamic.");
    }

    @Override
    public void validate(Config config) throws ConfigException {
      calls.add("validate");
      if (config.get(VERDICT).equals("bad")) {
        throw new ConfigException("test.verdict=bad");
      }
    }

    @Override
    public RunListener open(Config config, Path resultsDir) throws ConfigException {
      calls.add("open");
      String verdict = config.get(VERDICT);
      return new RunListener() {
        @Override
        public void beforeThreadsStart() {
          calls.add("beforeThreadsStart");
        }

        @Override
        public Map<String, Object> measurementEnded(long measuredStartEpochMs) {
          calls.add("measurementEnded");
          return Map.of("sampled", true);
        }

        @Override
        public Map<String, Object> metadata() {
          calls.add("metadata");
          return Map.of("testExtension", verdict);
        }

        @Override
        public Optional<Failure> finished(RunReport report, ResultsDir dir, PrintStream err) {
          calls.add("finished " + report.outcome());
          return verdict.equals("fail") ? Optional.of(new Failure("the test extension failed it", 5))
              : Optional.empty();
        }

        @Override
        public void close() {
          calls.add("close");
        }
      };
    }
  }

  private RunSpec.Builder spec(String name) throws ConfigException {
    return RunSpec.builder(Phase.RUN).binding("basic").propertyFile(WORKLOADA).property("operationcount", "2000")
        .property("threadcount", "2").property("results.dir", tmp.resolve(name).toString()).handleSignals(false)
        .workDir(tmp.resolve("work"));
  }

  @Test
  void aRunSpecRunsAndItsExtensionIsCalledInOrder() throws Exception {
    Recording ext = new Recording();
    Engine.Outcome o = Benchmark.run(spec("ok").extension(ext).property("test.dynamic.x", "1").build());
    assertThat(o.exitCode()).isZero();
    assertThat(o.report().operations()).isEqualTo(2000);
    assertThat(o.report().metadata()).containsEntry("testExtension", "pass").containsEntry("binding", "basic");
    assertThat(o.report().resources()).containsEntry("sampled", true);
    assertThat(Files.readString(o.resultsDir().resolve("results.json"))).contains("\"testExtension\"");
    assertThat(ext.calls).containsExactly("validate", "open", "beforeThreadsStart", "measurementEnded", "metadata",
        "finished completed", "close");
  }

  @Test
  void aRunThatFailsBeforeMeasuringClosesItsListenersOnce() throws Exception {
    Recording ext = new Recording();
    RunSpec failing = spec("initfail").binding("test-stall").property("stall.failinit", "0").extension(ext).build();
    assertThatThrownBy(() -> Benchmark.run(failing)).hasMessageContaining("failed to initialise");
    assertThat(ext.calls).as("RunListener.close is called once").containsOnlyOnce("close");
    assertThat(tmp.resolve("initfail")).as("nothing measured, no results folder").doesNotExist();
  }

  @Test
  void aListenerCanFailTheRunWithItsExitCode() throws Exception {
    Engine.Outcome o = Benchmark.run(spec("fail").extension(new Recording()).property("test.verdict", "fail").build());
    assertThat(o.exitCode()).isEqualTo(5);
    assertThat(o.failure()).isEqualTo("the test extension failed it");
    assertThat(o.resultsDir().resolve("results.json")).exists(); // the results are kept
  }

  @Test
  void withoutExtensionsTheEngineAddsNothingOfTheirs() throws Exception {
    Engine.Outcome o = Benchmark.run(spec("bare").build());
    assertThat(o.exitCode()).isZero();
    assertThat(o.report().metadata()).doesNotContainKeys("storage", "testExtension");
    assertThat(o.resultsDir().resolve("final-status.xml")).doesNotExist();
  }

  @Test
  void badInputIsRefusedBeforeAnythingStarts() throws Exception {
    Recording ext = new Recording();
    assertThatThrownBy(() -> Benchmark.run(spec("bad").extension(ext).property("test.verdict", "bad").build()))
        .isInstanceOf(ConfigException.class).hasMessage("test.verdict=bad");
    assertThat(ext.calls).containsExactly("validate");
    // the extension's options take part in the key check: a near miss gets its suggestion
    assertThatThrownBy(() -> Benchmark.run(spec("typo").extension(new Recording()).property("test.verdikt", "x")
        .build())).isInstanceOf(ConfigException.class).hasMessageContaining("did you mean test.verdict?");
    assertThat(tmp.resolve("bad")).doesNotExist();
  }

  @Test
  void propertyFilesComeFirstAndSinglePropertiesWinWhateverTheOrder() throws Exception {
    RunSpec s = RunSpec.builder(Phase.RUN).property("recordcount", "7").propertyFile(WORKLOADA).build();
    assertThat(s.properties()).containsEntry("recordcount", "7").containsEntry("readproportion", "0.5");
    RunSpec t = s.toBuilder().property("recordcount", "9").build();
    assertThat(t.properties()).containsEntry("recordcount", "9");
    assertThat(s.properties()).containsEntry("recordcount", "7"); // immutable
  }
}
