package org.sciycsb.jdbc;

import java.util.Map;
import org.sciycsb.api.Binding;
import org.sciycsb.testkit.SubjectTimelineContract;

/** The SubjectTimeline contract on the default store: embedded H2 in file mode under the (temporary) work folder. */
class H2SubjectTimelineContractIT extends SubjectTimelineContract {
  @Override
  protected Binding binding() {
    return new JdbcBinding();
  }

  @Override
  protected Map<String, String> properties() {
    return Map.of();
  }
}
