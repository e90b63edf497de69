package org.sciycsb.study.seeds;

import java.util.LinkedHashSet;
import java.util.Set;
import org.sciycsb.study.plan.Plan;
import org.sciycsb.study.plan.Step;

/**
 * Seed 000's census inputs: where each store holds n records (an HDFS folder, a MongoDB-side collection), and the
 * step that loads them, added to the plan once however many jobs read them.
 */
final class DedeInputs {
  private final Plan plan;
  private final Set<String> loaded = new LinkedHashSet<>();
  private final String root;
  private final String mongo;
  private final String db;
  private final long files;

  DedeInputs(Plan plan, String root, String mongo, String db, long files) {
    this.plan = plan;
    this.root = root;
    this.mongo = mongo;
    this.db = db;
    this.files = files;
  }

  String root() {
    return root;
  }

  String mongo() {
    return mongo;
  }

  String db() {
    return db;
  }

  long files() {
    return files;
  }

  String hdfsIn(long n) {
    return root + "/in-" + n;
  }

  String mongoIn(long n) {
    return mongo + "/" + db + ".in_" + n;
  }

  /** The step that loads n records into store (added once), its name. */
  String load(String store, long n) {
    String name = "data/" + store + "-" + n;
    if (loaded.add(name)) {
      Step s = Step.census(name, "load").p("census.records", n).tag("store", store).tag("records", n)
          .tag("role", "load").once();
      if (store.equals("hdfs")) {
        s.p("census.files", files).p("census.output", hdfsIn(n));
      } else {
        s.p("census.output", mongoIn(n));
      }
      plan.add(s);
    }
    return name;
  }
}
