package org.sciycsb.study.seeds;

import org.sciycsb.api.ConfigException;
import org.sciycsb.study.plan.Plan;
import org.sciycsb.study.plan.StudyContext;
import org.sciycsb.study.report.ReportBuilder;

/**
 * One study: its matrix (from {@code workloads/study-<name>/study.properties} and the presets beside it) expanded
 * into steps, and its report (the paper's tables and figures reproduced from the new runs, the published figures
 * from {@code published.json} beside them).
 */
public interface StudyDef {
  /** The name on the command line. */
  String name();

  /** The seed file number (000 to 004). */
  String seed();

  /** One line. */
  String title();

  /** The matrix and how --scale acts on it, for {@code study list} and {@code help study}. */
  String describe();

  /** Adds the steps of the matrix at {@code ctx}'s scale to {@code plan}. */
  void expand(StudyContext ctx, Plan plan) throws ConfigException;

  /** Adds the paper's tables and figures, from the runs and the published figures, to {@code r}. */
  void report(ReportBuilder r);

  /**
   * The bytes of the study's largest data set in {@code plan} (its scale applied): what {@code --memory-ratio}
   * divides to size the server's memory cap; -1 when the study does not say (its papers give no ratio).
   */
  default long datasetBytes(Plan plan) {
    return -1;
  }

  /** The paper's ratio of that data set to its server's memory, the default of {@code --memory-ratio}; null: none. */
  default PaperMemory paperMemory() {
    return null;
  }

  /**
   * Whether the study's load steps are figures of its paper (bankmark's load and bulk load), so that a memory cap
   * applies to them as to the runs; otherwise the loads run on the server without its cap ({@code
   * study.load.capped}).
   */
  default boolean loadsMeasured() {
    return false;
  }

  /** Whether the study runs on a multi-data-centre cluster it starts itself ({@code --dcs}): sei (seed 003). */
  default boolean runsAcrossDataCentres() {
    return false;
  }
}
