package org.sciycsb.sequoiadb;

import org.junit.jupiter.api.Tag;
import org.sciycsb.testkit.BindingConformance;

/** The common CRUD contract against the test node (SequoiaDB 6.0 standalone: {@code bin/servers start sequoiadb}). */
@Tag("server-sequoiadb")
class SequoiadbConformanceIT extends BindingConformance {
  SequoiadbConformanceIT() {
    super(new SequoiadbBinding(), () -> ItServer.props());
  }
}
