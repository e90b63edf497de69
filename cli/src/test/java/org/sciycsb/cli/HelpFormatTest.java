package org.sciycsb.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * Every command's help renders without picocli's format warnings: a description is a format string, so a bare
 * "%" ("95 % intervals") makes picocli print a warning on stderr and the raw text.
 */
class HelpFormatTest {
  @Test
  void everyCommandsUsageRendersWithoutWarnings() {
    List<CommandLine> all = new ArrayList<>();
    collect(Commands.tree(), all);
    assertThat(all).hasSizeGreaterThan(10);
    PrintStream saved = System.err;
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    StringBuilder usages = new StringBuilder();
    try {
      System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
      for (CommandLine cl : all) {
        usages.append(cl.getUsageMessage());
      }
    } finally {
      System.setErr(saved);
    }
    assertThat(err.toString(StandardCharsets.UTF_8)).doesNotContain("picocli WARN");
    assertThat(usages.toString()).containsPattern("95 %\\s+intervals").doesNotContain("%n");
  }

  private static void collect(CommandLine cl, List<CommandLine> into) {
    into.add(cl);
    cl.getSubcommands().values().forEach(c -> collect(c, into));
  }
}
