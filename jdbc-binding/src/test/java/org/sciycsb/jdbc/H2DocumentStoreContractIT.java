package org.sciycsb.jdbc;

import java.util.Map;
import org.sciycsb.api.Binding;
import org.sciycsb.testkit.DocumentStoreContract;

/** The DocumentStore contract on the default store: embedded H2 in file mode under the (temporary) work folder. */
class H2DocumentStoreContractIT extends DocumentStoreContract {
  @Override
  protected Binding binding() {
    return new JdbcBinding();
  }

  @Override
  protected Map<String, String> properties() {
    return Map.of();
  }
}
