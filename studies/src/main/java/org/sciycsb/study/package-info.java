/**
 * The five published studies as plans of engine and census steps ({@code bin/ycsb study}): each study's matrix,
 * scaling and published figures, the runner (engine steps as {@link org.sciycsb.engine.RunSpec}s through
 * {@code Benchmark.run}, census steps as child processes) and the reports that put new runs beside the papers'
 * numbers (docs/studies.md).
 */
package org.sciycsb.study;
