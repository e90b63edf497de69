/**
 * The command line: {@link org.sciycsb.cli.Main} (the only place that exits the JVM), YCSB's flags
 * ({@link org.sciycsb.cli.Args}), help generated from the option declarations, and the report commands (merge,
 * compare, sweep, report). Every failure below {@code main} is a typed exception that becomes one line and an exit
 * code (docs/command-line.md).
 */
package org.sciycsb.cli;
