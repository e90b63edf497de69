package org.sciycsb.jdbc;

import java.util.Map;
import org.sciycsb.testkit.SubjectTimelineContract;

/** The SubjectTimeline contract on the default store: embedded H2 in file mode under the (temporary) work folder. */
class H2SubjectTimelineContractIT extends SubjectTimelineContract {
  H2SubjectTimelineContractIT() {
    super(new JdbcBinding(), Map::of);
  }
}
