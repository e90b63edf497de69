package org.sciycsb.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.sciycsb.api.ConfigException;

/** The report commands' own argument parsing. */
class ReportCommandsArgsTest {
  @Test
  void threadLists() throws Exception {
    assertThat(ReportCommands.parseThreads("1,2, 5,10")).containsExactly(1, 2, 5, 10);
    assertThatThrownBy(() -> ReportCommands.parseThreads("0")).isInstanceOf(ConfigException.class);
  }
}
