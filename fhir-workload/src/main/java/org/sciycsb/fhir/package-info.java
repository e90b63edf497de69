/**
 * The {@code fhir} workload (seed 003's EHR benchmark): a deterministic generator of FHIR R4 Patients and their
 * Observations, and the workload that loads them and reads a patient's newest observations or adds one, through
 * the {@code SubjectTimeline} access path each binding maps to its own model. Store-agnostic: no driver.
 */
package org.sciycsb.fhir;
