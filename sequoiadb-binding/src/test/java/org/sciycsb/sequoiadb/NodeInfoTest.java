package org.sciycsb.sequoiadb;

import static org.assertj.core.api.Assertions.assertThat;

import org.bson.BasicBSONObject;
import org.junit.jupiter.api.Test;

/** The node's version and details from its database snapshot. */
class NodeInfoTest {
  @Test
  void aNumericVersionIsMajorMinorFixAndAnyOtherIsKeptAsWords() {
    NodeInfo real = NodeInfo.of(new BasicBSONObject("Version", new BasicBSONObject("Major", 6).append("Minor", 0)
        .append("Fix", 2).append("Release", 1)).append("NodeName", "h:11810").append("GroupName", ""));
    assertThat(real.version()).isEqualTo("6.0.2");
    assertThat(real.details()).containsEntry("role", "standalone").containsEntry("node", "h:11810");
    NodeInfo standIn = NodeInfo.of(new BasicBSONObject("Version", new BasicBSONObject("Major", "stand-in (not X)")
        .append("Minor", 0).append("Fix", 0)));
    assertThat(standIn.version()).isEqualTo("stand-in (not X)");
    assertThat(NodeInfo.of(null).version()).isEqualTo("unknown");
  }
}
