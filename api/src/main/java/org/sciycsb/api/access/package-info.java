/**
 * Access paths: what a domain workload needs from a store beyond key-value records, each an interface a binding
 * maps to its native model ({@link org.sciycsb.api.access.SubjectTimeline} for FHIR, {@link
 * org.sciycsb.api.access.DocumentStore} for FASTA). A binding lists the paths it serves in
 * {@code BindingRun.accessPaths()}; the engine refuses a workload whose paths the binding lacks before the run.
 */
package org.sciycsb.api.access;
