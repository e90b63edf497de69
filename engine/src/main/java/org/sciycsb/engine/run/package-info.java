/**
 * The run of one phase, from its results folder created to its results written: {@link
 * org.sciycsb.engine.run.PhaseRun} orders it, each step in a package-private class of its own (the options read once,
 * the binding set up, what the client threads share, the threads and their measured calls, the start gate and start
 * time, collection, the verdict, the count check and validity, the client metadata, traces and results written).
 * The engine's public face ({@link org.sciycsb.engine.Engine}) is its only user: it hands the run its input and its
 * {@link org.sciycsb.engine.run.PhaseHooks} (the extensions' listeners, the metadata block) and reads the run's
 * {@link org.sciycsb.engine.run.LiveState} through its own {@code LiveRun}; nothing here knows the engine's package.
 */
package org.sciycsb.engine.run;
