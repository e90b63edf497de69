package org.sciycsb.jdbc;

import java.util.Map;
import org.sciycsb.testkit.BindingConformance;

/** The CRUD contract on the default store: embedded H2 in file mode under the (temporary) work folder. */
class H2ConformanceIT extends BindingConformance {
  H2ConformanceIT() {
    super(new JdbcBinding(), Map::of);
  }
}
