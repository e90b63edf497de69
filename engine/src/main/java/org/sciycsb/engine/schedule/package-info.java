/**
 * When a scheduled run's operations are intended to start: {@link org.sciycsb.engine.schedule.ArrivalProcess} (the
 * rate over time, {@code -target} and {@code arrival.*}: constant, a ramp, steps; even or Poisson gaps) and
 * {@link org.sciycsb.engine.schedule.Schedule} (the one global schedule the client threads take their slots from).
 */
package org.sciycsb.engine.schedule;
