package org.sciycsb.study.report;

import static org.assertj.core.api.Assertions.assertThat;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.sciycsb.study.plan.Experiments;
import org.sciycsb.study.seeds.Studies;
import org.sciycsb.study.seeds.StudyDef;

/**
 * docs/studies.md lists each study's experiments as its experiments.json says: the section between
 * {@code <!-- experiments:NAME -->} and {@code <!-- /experiments:NAME -->} is generated ({@link ExperimentsDoc}).
 * {@code mvn -o -pl studies -am test -Dtest=ExperimentsDocTest -Dsurefire.failIfNoSpecifiedTests=false
 * -Dexperiments.doc.write=true} rewrites the sections in place.
 */
class ExperimentsDocTest {
  static final Path HOME = Path.of("..").toAbsolutePath().normalize();
  static final Path DOC = HOME.resolve("docs/studies.md");

  @Test
  void docsStudiesListsEveryStudysExperimentsAsItsFileSays() throws Exception {
    String doc = Files.readString(DOC);
    String updated = doc;
    for (StudyDef def : Studies.all()) {
      String body = ExperimentsDoc.markdown(Experiments.load(HOME.resolve("workloads/study-" + def.name()
          + "/experiments.json")));
      assertThat(ExperimentsDoc.section(updated, def.name())).as("docs/studies.md has <!-- experiments:"
          + def.name() + " --> ... <!-- /experiments:" + def.name() + " -->").isNotNull();
      updated = ExperimentsDoc.replace(updated, def.name(), body);
    }
    if (Boolean.getBoolean("experiments.doc.write") && !updated.equals(doc)) {
      Files.writeString(DOC, updated);
      doc = updated;
    }
    assertThat(doc).as("docs/studies.md's experiments sections differ from workloads/study-*/experiments.json: "
        + "rerun this test with -Dexperiments.doc.write=true").isEqualTo(updated);
  }

  @Test
  void theSectionListsEveryExperimentWithItsStatus() throws Exception {
    String body = ExperimentsDoc.markdown(Experiments.load(HOME.resolve("workloads/study-niec/experiments.json")));
    assertThat(body).contains("| Figure 5.5 | ").contains("| not reproduced | needs 1 to 8 separate mongos hosts")
        .contains("| Figure 4.1 | ").contains("reproduced smaller, ratio kept: ").contains("`no-database`")
        .contains("Cluster-only setting: `preset-mongodb`'s `mongodb.shardkey`");
    assertThat(ExperimentsDoc.replace("a\n<!-- experiments:x -->\nold\n<!-- /experiments:x -->\nb", "x", "new\n"))
        .isEqualTo("a\n<!-- experiments:x -->\nnew\n<!-- /experiments:x -->\nb");
  }
}
