/**
 * Runs a study's plan ({@link org.sciycsb.study.runner.StudyRunner}): the checks before anything runs, each step's
 * command line and engine spec, the four step kinds (engine steps in-process through {@code Benchmark.run} or as
 * {@code --clients} processes, census jobs as {@code bin/census} child processes with their fault schedules,
 * pauses), what an outcome means for the study, and the study folder with {@code study.json} and the steps' logs.
 */
package org.sciycsb.study.runner;
