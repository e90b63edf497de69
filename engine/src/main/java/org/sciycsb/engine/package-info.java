/**
 * The engine: {@link org.sciycsb.engine.Benchmark#run(org.sciycsb.engine.RunSpec)} checks one phase (load or run)
 * as {@code bin/ycsb} does and runs it; {@link org.sciycsb.engine.Engine} orders the run itself, each step in a
 * package-private class of its own (the binding set up, client threads, start gate, collection, verdict, results).
 * Reports, studies and the command line plug in from outside through {@link org.sciycsb.engine.RunExtension} and
 * {@link org.sciycsb.engine.RunListener}: nothing here knows them. Its
 * parts by role: {@code config} (options, registry, key check), {@code schedule} (arrival processes and the run's
 * schedule), {@code sampling} (the store's figures during a run), {@code fault} (faults injected during a run) and
 * {@code servers} (the test servers a run acts on, through {@code bin/servers}).
 */
package org.sciycsb.engine;
