/**
 * What the engine samples of the store while a run goes on, beside the measurement:
 * {@link org.sciycsb.engine.sampling.StoreSamplers} starts and stops the store's connection count and its own figures
 * ({@code serverstats.*}, {@code extra.server} of the results), each sampled in a thread of its own.
 */
package org.sciycsb.engine.sampling;
