package org.sciycsb.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.EvaluationResult;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The architecture of docs/design.md, enforced on the main classes of every module: api &lt;- engine &lt;- reports
 * &lt;- studies &lt;- cli, bindings and workloads on the api only, no package cycles, and only {@code main} exits.
 */
class ArchitectureTest {
  /** The engine module's packages. */
  static final String[] ENGINE = {"org.sciycsb.engine..", "org.sciycsb.measure..", "org.sciycsb.output..",
      "org.sciycsb.results..", "org.sciycsb.bindings..", "org.sciycsb.workloads..", "org.sciycsb.metrics.."};
  static final String[] BINDINGS = {"org.sciycsb.jdbc..", "org.sciycsb.mongodb..", "org.sciycsb.cassandra..",
      "org.sciycsb.riak..", "org.sciycsb.hdfs..", "org.sciycsb.sequoiadb.."};
  /** Workloads the engine runs (census is a set of MapReduce and aggregation jobs: its drivers are its subject). */
  static final String[] ENGINE_WORKLOADS = {"org.sciycsb.fhir..", "org.sciycsb.fasta..", "org.sciycsb.checkpoint.."};
  static final String[] DRIVERS = {"com.mongodb..", "org.bson..", "com.datastax..", "org.apache.cassandra..",
      "com.basho..", "com.sequoiadb..", "java.sql..", "org.h2..", "org.postgresql..", "org.mariadb..", "org.apache.hadoop.."};
  static final String[] ABOVE_API = concat(ENGINE, "org.sciycsb.report..", "org.sciycsb.study..", "org.sciycsb.cli..",
      "org.sciycsb.yarn..");

  static JavaClasses classes;

  @BeforeAll
  static void importClasses() {
    classes = new ClassFileImporter()
        .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
        .withImportOption(location -> !location.contains("-tests.jar") && !location.contains("/test-classes/"))
        .importPackages("org.sciycsb");
  }

  @Test
  void everyModuleIsImported() {
    for (String pkg : new String[] {"api", "engine", "report", "study", "cli", "jdbc", "mongodb", "cassandra", "riak",
        "hdfs", "sequoiadb", "fhir", "fasta", "checkpoint", "census", "yarn"}) {
      assertThat(classes.stream().anyMatch(c -> c.getPackageName().startsWith("org.sciycsb." + pkg)))
          .as("classes of org.sciycsb." + pkg + " on the test classpath").isTrue();
    }
  }

  @Test
  void theRulesSeeViolations() {
    JavaClasses bad = new ClassFileImporter().importPackages("org.sciycsb.architecture.fixtures");
    assertThat(slices().matching("org.sciycsb.architecture.fixtures.(*)..").should().beFreeOfCycles()
        .evaluate(bad).hasViolation()).isTrue();
    assertThat(noClasses().that().resideInAPackage("..fixtures.a..").should().dependOnClassesThat()
        .resideInAPackage("..fixtures.b..").evaluate(bad).hasViolation()).isTrue();
    assertThat(exitsOutsideMain(bad)).containsExactly("A.exit");
  }

  @Test
  void noPackageCycles() {
    check(slices().matching("org.sciycsb.(*)..").should().beFreeOfCycles());
  }

  /**
   * The engine's and the reports' sub-packages by role (org.sciycsb.engine.fault, org.sciycsb.report.run, ...) form
   * no cycle with each other or with their parent package.
   */
  @Test
  void noCyclesBetweenTheEnginesOrTheReportsSubPackages() {
    SliceAssignment byPackage = new SliceAssignment() {
      @Override
      public SliceIdentifier getIdentifierOf(JavaClass c) {
        String p = c.getPackageName();
        return p.startsWith("org.sciycsb.engine") || p.startsWith("org.sciycsb.report") ? SliceIdentifier.of(p)
            : SliceIdentifier.ignore();
      }

      @Override
      public String getDescription() {
        return "the packages of org.sciycsb.engine and org.sciycsb.report";
      }
    };
    check(slices().assignedFrom(byPackage).should().beFreeOfCycles());
  }

  /**
   * The run of a phase ({@code org.sciycsb.engine.run}) is the engine's own: only its public face
   * ({@code org.sciycsb.engine}) uses it, and it knows nothing of that face (the face hands it what it needs).
   */
  @Test
  void onlyTheEnginesFaceUsesItsRun() {
    check(noClasses().that().resideOutsideOfPackages("org.sciycsb.engine", "org.sciycsb.engine.run").should()
        .dependOnClassesThat().resideInAPackage("org.sciycsb.engine.run"));
    check(noClasses().that().resideInAPackage("org.sciycsb.engine.run").should().dependOnClassesThat()
        .resideInAPackage("org.sciycsb.engine"));
  }

  @Test
  void theApiDependsOnNothingOfOurs() {
    check(noClasses().that().resideInAPackage("org.sciycsb.api..").should().dependOnClassesThat()
        .resideInAnyPackage(concat(ABOVE_API, BINDINGS)));
  }

  @Test
  void theEngineKnowsNoReportsStudiesOrCommandLine() {
    check(noClasses().that().resideInAnyPackage(ENGINE).should().dependOnClassesThat()
        .resideInAnyPackage("org.sciycsb.report..", "org.sciycsb.study..", "org.sciycsb.cli..", "org.sciycsb.yarn.."));
  }

  @Test
  void reportsKnowNoStudiesOrCommandLine() {
    check(noClasses().that().resideInAPackage("org.sciycsb.report..").should().dependOnClassesThat()
        .resideInAnyPackage("org.sciycsb.study..", "org.sciycsb.cli..", "org.sciycsb.yarn.."));
  }

  @Test
  void studiesKnowNoCommandLine() {
    check(noClasses().that().resideInAPackage("org.sciycsb.study..").should().dependOnClassesThat()
        .resideInAnyPackage("org.sciycsb.cli..", "org.sciycsb.yarn.."));
  }

  @Test
  void bindingsUseTheApiOnly() {
    check(noClasses().that().resideInAnyPackage(BINDINGS).should().dependOnClassesThat()
        .resideInAnyPackage(concat(concat(ABOVE_API, ENGINE_WORKLOADS), "org.sciycsb.census..")));
  }

  @Test
  void workloadsUseTheApiOnlyAndNoDriver() {
    check(noClasses().that().resideInAnyPackage(ENGINE_WORKLOADS).should().dependOnClassesThat()
        .resideInAnyPackage(concat(concat(ABOVE_API, BINDINGS), DRIVERS)));
    check(noClasses().that().resideInAPackage("org.sciycsb.census..").should().dependOnClassesThat()
        .resideInAnyPackage(concat(ABOVE_API, BINDINGS)));
  }

  @Test
  void onlyMainExits() {
    assertThat(exitsOutsideMain(classes)).as("System.exit outside a main method").isEmpty();
  }

  /** Class.method of every System.exit call outside a method named main. */
  private static List<String> exitsOutsideMain(JavaClasses in) {
    return in.stream().flatMap(c -> c.getMethodCallsFromSelf().stream())
        .filter(call -> call.getTargetOwner().isEquivalentTo(System.class) && call.getName().equals("exit"))
        .filter(call -> !call.getOrigin().getName().equals("main"))
        .map(call -> call.getOriginOwner().getSimpleName() + "." + call.getOrigin().getName()).toList();
  }

  private static void check(ArchRule rule) {
    EvaluationResult result = rule.evaluate(classes);
    assertThat(result.getFailureReport().getDetails()).as(rule.getDescription()).isEmpty();
  }

  private static String[] concat(String[] a, String... b) {
    String[] out = java.util.Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, out, a.length, b.length);
    return out;
  }
}
