package org.sciycsb.sequoiadb;

import org.junit.jupiter.api.Tag;
import org.sciycsb.testkit.BindingConformance;

/** The common CRUD contract against a SequoiaDB node the user brings ({@link ItServer}; last run on 6.0 standalone). */
@Tag("server-sequoiadb")
class SequoiadbConformanceIT extends BindingConformance {
  SequoiadbConformanceIT() {
    super(new SequoiadbBinding(), () -> ItServer.props());
  }
}
