/**
 * {@code bin/ycsb study}: the entry points the command line calls ({@link org.sciycsb.study.StudyCommand},
 * {@link org.sciycsb.study.StudyRequest}), one store's study run whole, several stores and clusters side by side
 * ({@link org.sciycsb.study.StoreMatrix}), study list, dry run and the study reports. The five published studies'
 * plans are in {@code seeds}, what a plan is made of in {@code plan}, the runner in {@code runner} (engine steps as
 * {@link org.sciycsb.engine.RunSpec}s through {@code Benchmark.run}, census steps as child processes), the reports'
 * building blocks in {@code report} and the comparison of two runs in {@code compare} (docs/studies.md).
 */
package org.sciycsb.study;
