package org.sciycsb.fhir;

import org.sciycsb.api.Option;
import org.sciycsb.api.OptionSet;

/** The FHIR workload's options, declared once (help and the README table come from here). */
public final class FhirOptions {
  private FhirOptions() {}

  public static final Option<Long> PATIENTS = Option.longValue("fhir.patients", 1000L,
      "patients in the data set (seed 003: 1000000, about 7 M observations)").check(v -> v >= 1, "must be at least 1");
  public static final Option<Integer> MAX_OBS = Option.integer("fhir.maxobservations", 20,
      "most observations a patient has at load (seed 003: 20)").check(v -> v >= 0 && v <= 10_000,
      "must be between 0 and 10000");
  public static final Option<Double> MEAN_OBS = Option.decimal("fhir.meanobservations", 7.0,
      "mean observations a patient has at load (seed 003: 7); counts are binomial B(max, mean/max)")
      .check(v -> v >= 0, "must not be negative");
  public static final Option<Long> SEED = Option.longValue("fhir.seed", 3L,
      "seed of the data set: the same seed and patient count give the same ids, resources and timelines");
  public static final Option<Integer> RECENT = Option.integer("fhir.recent", 5,
      "observations FHIR_RECENT reads: the N most recent of one patient, newest first (seed 003: 5)")
      .check(v -> v >= 1, "must be at least 1");
  public static final Option<Double> RECENT_PROPORTION = Option.decimal("fhir.recentproportion", 0.8,
      "share of FHIR_RECENT operations in the run").check(v -> v >= 0, "must not be negative");
  public static final Option<Double> INSERT_PROPORTION = Option.decimal("fhir.insertproportion", 0.2,
      "share of FHIR_INSERT_OBS operations in the run").check(v -> v >= 0, "must not be negative");
  public static final Option<String> DISTRIBUTION = Option.choice("requestdistribution", "uniform",
      "how run operations choose the patient: uniform, zipfian (scrambled, YCSB's), latest (favours the patients"
          + " loaded last)", "uniform", "zipfian", "latest");
  public static final Option<String> PATIENT_TABLE = Option.string("fhir.patienttable", "patient",
      "collection (table) of Patient resources");
  public static final Option<String> OBSERVATION_TABLE = Option.string("fhir.observationtable", "observation",
      "collection (table) of Observation resources");
  public static final Option<Boolean> VERIFY = Option.bool("fhir.verify", false,
      "check at the end of the phase that FHIR_RECENT returns exactly the newest observations of sampled patients,"
          + " in order (after a load: the generated ones; after a run: also this run's inserts); a mismatch fails"
          + " the run");
  public static final Option<Integer> VERIFY_SAMPLES = Option.integer("fhir.verify.samples", 1000,
      "patients checked by fhir.verify (spread evenly over the loaded ones, plus as many that got inserts)")
      .check(v -> v >= 1, "must be at least 1");
  public static final Option<String> CONSISTENCY = Option.choice("fhir.consistency", "none",
      "the SEI study's consistency preset (SPEC.md): sets the binding's own <binding>.consistency (mongodb,"
          + " cassandra, riak) when the binding declares it and it is not set; jdbc has none (no-op)",
      "strong", "eventual", "none");

  public static OptionSet all() {
    return OptionSet.builder("workload fhir")
        .add(PATIENTS, MAX_OBS, MEAN_OBS, SEED, RECENT, RECENT_PROPORTION, INSERT_PROPORTION, DISTRIBUTION,
            PATIENT_TABLE, OBSERVATION_TABLE, VERIFY, VERIFY_SAMPLES, CONSISTENCY)
        .ownPrefix("fhir.")
        .build();
  }
}
