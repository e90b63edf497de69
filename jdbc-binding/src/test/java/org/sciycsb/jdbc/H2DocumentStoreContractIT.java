package org.sciycsb.jdbc;

import java.util.Map;
import org.sciycsb.testkit.DocumentStoreContract;

/** The DocumentStore contract on the default store: embedded H2 in file mode under the (temporary) work folder. */
class H2DocumentStoreContractIT extends DocumentStoreContract {
  H2DocumentStoreContractIT() {
    super(new JdbcBinding(), Map::of);
  }
}
