/**
 * The engine: {@link org.sciycsb.engine.Benchmark#run(org.sciycsb.engine.RunSpec)} checks one phase (load or run)
 * as {@code bin/ycsb} does and runs it; {@link org.sciycsb.engine.Engine} is the run itself (client threads, start
 * gate, schedule, collection, verdict); {@link org.sciycsb.engine.Registry} finds bindings and workloads;
 * {@link org.sciycsb.engine.EngineOptions} declares every engine property. Reports, studies and the command line
 * plug in from outside through {@link org.sciycsb.engine.RunExtension} and {@link org.sciycsb.engine.RunListener}:
 * nothing here knows them.
 */
package org.sciycsb.engine;
