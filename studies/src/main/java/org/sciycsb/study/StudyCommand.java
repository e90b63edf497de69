package org.sciycsb.study;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.sciycsb.api.BenchmarkException;
import org.sciycsb.api.ConfigException;
import org.sciycsb.api.OptionSet;
import org.sciycsb.engine.config.Registry;
import org.sciycsb.study.compare.StudyCompare;
import org.sciycsb.study.plan.StudyOptions;
import org.sciycsb.study.plan.StudySeeds;
import org.sciycsb.study.seeds.Studies;
import org.sciycsb.study.seeds.StudyDef;

/**
 * {@code bin/ycsb study}: list the studies, run one whole (its matrix, warmups included, every run's folder kept,
 * then the report with the paper's tables and figures), rebuild a report, or compare two runs of a study.
 */
public final class StudyCommand {

  private StudyCommand() {}

  /** The project's folder (system property sciycsb.home, set by bin/ycsb), where the studies' files are. */
  public static Path home() {
    return Path.of(System.getProperty("sciycsb.home", ".")).toAbsolutePath().normalize();
  }

  /** The names of the studies, for messages. */
  public static String known() {
    return Studies.known();
  }

  /** Runs a study whole (on one or several stores, on each cluster), or compares two finished runs of it. */
  public static int run(Path home, StudyRequest r, PrintStream out, PrintStream err) throws BenchmarkException {
    Map<String, Path> clusters = StoreMatrix.clusters(r.clusters());
    StudyDef def = Studies.find(r.name());
    if (def == null) {
      throw new ConfigException("unknown study '" + r.name() + "' (known: " + Studies.known() + ")");
    }
    if (r.compare() != null) {
      checkCompare(r, clusters);
      return StudyCompare.run(home, def, r.compare().get(0), r.compare().get(1), r.props(), out, err);
    }
    if (r.yarn() != null && !Files.isRegularFile(r.yarn().resolve("yarn-site.xml"))) {
      throw new ConfigException("--yarn " + r.yarn() + " has no yarn-site.xml (give the YARN cluster's Hadoop"
          + " configuration folder, HADOOP_CONF_DIR)");
    }
    List<String> devices = StoreMatrix.devices(r.devices());
    checkDataCentres(r, def, clusters);
    StudyArgs args = new StudyArgs(def, r.scale() == null ? 1.0 : r.scale(), r.maxThreads(), r.repeat(), r.only(),
        r.clients() == null ? 1 : r.clients(), r.yarn() == null ? null : r.yarn().toAbsolutePath(), devices,
        r.memoryRatio(), StudySeeds.of(r.props()), r.dcs(), r.nodes());
    String binding = r.binding();
    if ((binding != null && binding.contains(",")) || !clusters.isEmpty() || devices.size() > 1) {
      return StoreMatrix.run(home, binding == null ? Registry.DEFAULT_BINDING : binding, clusters, args, r.dry(),
          r.props(), out, err);
    }
    return StudyRun.run(home, args, binding, r.dry(), r.props(), out, err);
  }

  /**
   * --dcs starts one multi-data-centre cluster for one store's study (sei): not with several stores, clusters the
   * user brings (--clusters) or a restarted single server (--devices, --memory-ratio); --nodes only with it.
   */
  private static void checkDataCentres(StudyRequest r, StudyDef def, Map<String, Path> clusters)
      throws ConfigException {
    if (r.dcs() == null) {
      if (r.nodes() != null) {
        throw new ConfigException("--nodes sets the node count of the --dcs cluster: give --dcs too (e.g. --dcs 3 "
            + "--nodes 9)");
      }
      return;
    }
    if (!def.runsAcrossDataCentres()) {
      throw new ConfigException("--dcs: study " + def.name() + " does not run across data centres (sei does)");
    }
    if (!clusters.isEmpty() || r.devices() != null || r.memoryRatio() != null
        || r.binding() != null && r.binding().contains(",")) {
      throw new ConfigException("--dcs starts the study's own cluster for one store: not with several stores, "
          + "--clusters, --devices or --memory-ratio");
    }
  }

  /** --compare reads two finished folders of one store each: the options of a run do not apply. */
  private static void checkCompare(StudyRequest r, Map<String, Path> clusters) throws ConfigException {
    if (r.scale() != null || r.dry() || !r.only().isEmpty() || r.repeat() != null || !clusters.isEmpty()
        || r.clients() != null || r.yarn() != null || r.devices() != null || r.memoryRatio() != null
        || r.dcs() != null || r.nodes() != null) {
      throw new ConfigException("--compare reads two finished study folders: --scale, --repeat, --clients, --yarn, "
          + "--only, --clusters, --devices, --memory-ratio, --dcs, --nodes and --dry-run do not apply");
    }
    for (Path c : r.compare()) {
      if (StoreMatrix.isStores(c)) {
        throw new ConfigException(c + " holds a study of several stores: compare one store's folders (e.g. " + c
            + "/<binding> against the same store of the other run)");
      }
    }
  }

  /** The default cap of thread counts: 100 per CPU. */
  public static int defaultMaxThreads() {
    return 100 * Runtime.getRuntime().availableProcessors();
  }

  /** The options of a study itself ({@code -p study.*}). */
  public static OptionSet options() {
    return StudyOptions.all();
  }

  /** Every study, with what it runs at scale 1 (bin/ycsb study list). */
  public static void list(PrintStream out) {
    list(home(), out);
  }

  /** As above, with the studies' files under {@code home}. */
  static void list(Path home, PrintStream out) {
    StudyList.print(home, out);
  }

  /** bin/ycsb study report DIR: the report again from study.json and the run folders. */
  public static void rebuild(Path dir, PrintStream err) throws BenchmarkException {
    StudyReports.rebuild(dir, err);
  }
}
