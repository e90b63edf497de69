package org.sciycsb.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.sciycsb.api.BenchWorkload;
import org.sciycsb.api.BenchmarkException;
import org.sciycsb.api.Config;
import org.sciycsb.api.ConfigException;
import org.sciycsb.api.Option;
import org.sciycsb.api.OptionSet;
import org.sciycsb.api.ThreadContext;
import org.sciycsb.api.WorkloadContext;
import org.sciycsb.api.WorkloadThread;
import org.sciycsb.engine.config.KeyCheck;

/** {@link Option#required()}: no default, refused with one line (exit 2) before anything starts, "required" in help. */
class RequiredOptionTest {
  static final Option<String> INPUT = Option.string("needs.input", null, "the input folder").required();
  static final Option<Integer> COUNT = Option.integer("needs.count", null, "how many").required()
      .check(v -> v >= 1, "must be at least 1");

  /** A workload that declares required options; it must never get as far as init. */
  public static final class NeedsInput implements BenchWorkload {
    static volatile boolean initialized;

    @Override
    public String name() {
      return "needs-input";
    }

    @Override
    public OptionSet options() {
      return OptionSet.builder("workload needs-input").add(INPUT, COUNT).ownPrefix("needs.").build();
    }

    @Override
    public void init(WorkloadContext context) throws BenchmarkException {
      initialized = true;
      throw new IllegalStateException("a run missing a required option must not start");
    }

    @Override
    public WorkloadThread newThread(ThreadContext context) {
      throw new IllegalStateException("a run missing a required option must not start");
    }
  }

  @Test
  void aRequiredOptionHasNoDefaultAndKeepsItsChecks() throws Exception {
    assertThat(INPUT.isRequired()).isTrue();
    assertThat(INPUT.defaultValue()).isNull();
    assertThat(INPUT.defaultText()).isNull();
    assertThat(COUNT.isRequired()).as("check() keeps required").isTrue();
    assertThat(Option.string("x", "a", "d").isRequired()).isFalse();
    assertThatThrownBy(() -> COUNT.parse("0")).isInstanceOf(ConfigException.class).hasMessageContaining("at least 1");
    assertThatThrownBy(() -> INPUT.required().defaultShownAs("x")).isInstanceOf(IllegalStateException.class);
  }

  @Test
  void configRefusesAMissingRequiredValue() throws Exception {
    assertThatThrownBy(() -> new Config(Map.of()).get(INPUT)).isInstanceOf(ConfigException.class)
        .hasMessage("missing required property needs.input: the input folder");
    assertThat(new Config(Map.of("needs.input", "/data")).get(INPUT)).isEqualTo("/data");
    assertThat(new Config(Map.of("needs.count", "3")).get(COUNT)).isEqualTo(3);
  }

  @Test
  void keyCheckNamesTheMissingOptionAndItsOwner() throws Exception {
    List<OptionSet> sets = List.of(new NeedsInput().options());
    assertThatThrownBy(() -> KeyCheck.required(new Config(Map.of("needs.count", "2")), sets))
        .isInstanceOf(ConfigException.class)
        .hasMessage("missing required property needs.input for workload needs-input: the input folder");
    KeyCheck.required(new Config(Map.of("needs.input", "/data", "needs.count", "2")), sets);
  }

  @Test
  void aRunMissingARequiredOptionEndsWithOneLineAndExit2BeforeAnythingStarts() {
    Cli cli = Cli.run("run", "basic", "-p", "workload=" + NeedsInput.class.getName(), "-p", "needs.count=2",
        "-p", "operationcount=10");
    assertThat(cli.exit).as(cli.toString()).isEqualTo(2);
    assertThat(cli.err.strip()).as(cli.toString())
        .isEqualTo("error: missing required property needs.input for workload needs-input: the input folder");
    assertThat(NeedsInput.initialized).isFalse();
  }

  @Test
  void helpShowsRequiredInTheDefaultColumn() {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    Help.print("needs-input", "workload needs-input", new NeedsInput().options(), true,
        new PrintStream(b, true, StandardCharsets.UTF_8));
    String table = b.toString(StandardCharsets.UTF_8);
    assertThat(table).contains("| `needs.input` | string | required | the input folder |");
    assertThat(table).contains("| `needs.count` | int | required | how many |");
    b.reset();
    Help.print("needs-input", "workload needs-input", new NeedsInput().options(), false,
        new PrintStream(b, true, StandardCharsets.UTF_8));
    assertThat(b.toString(StandardCharsets.UTF_8)).contains("default (required)");
  }
}
