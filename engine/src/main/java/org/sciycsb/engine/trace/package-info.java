/**
 * Operation traces: {@code -p trace.out=FILE} writes the record operations a run issues, per client thread, in the
 * documented format of {@code docs/trace-format.md}; {@code -p trace.in=FILE} replays one against any binding.
 */
package org.sciycsb.engine.trace;
