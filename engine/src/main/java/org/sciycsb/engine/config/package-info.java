/**
 * What a run is configured with: {@link org.sciycsb.engine.config.EngineOptions} declares every property the engine
 * reads, {@link org.sciycsb.engine.config.Registry} finds bindings and workloads (ServiceLoader, or a class name),
 * {@link org.sciycsb.engine.config.KeyCheck} checks every key against the option sets of a phase.
 */
package org.sciycsb.engine.config;
