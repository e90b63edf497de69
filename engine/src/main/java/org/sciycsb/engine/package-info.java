/**
 * The engine's public face: {@link org.sciycsb.engine.Benchmark#run(org.sciycsb.engine.RunSpec)} checks one phase
 * (load or run) as {@code bin/ycsb} does and runs it through {@link org.sciycsb.engine.Engine}, whose run itself is
 * in {@code run} (its steps, package-private there). Reports, studies and the command line plug in from outside
 * through {@link org.sciycsb.engine.RunExtension} and {@link org.sciycsb.engine.RunListener} (with the run's
 * {@link org.sciycsb.engine.LiveRun}): nothing here knows them. Its parts by role: {@code run} (the run of a phase),
 * {@code config} (options, registry, key check), {@code schedule} (arrival processes and the run's schedule),
 * {@code sampling} (the store's figures during a run), {@code fault} (faults injected during a run),
 * {@code trace} (operation traces), {@code validity} (the run's validity) and {@code servers} (the test servers a
 * run acts on, through {@code bin/servers}).
 */
package org.sciycsb.engine;
