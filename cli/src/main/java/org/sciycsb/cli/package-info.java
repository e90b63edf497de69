/**
 * The command line: {@link org.sciycsb.cli.Main} (the only place that exits the JVM), one picocli command tree
 * ({@link org.sciycsb.cli.Commands}: YCSB's flags in {@link org.sciycsb.cli.Args}, the report commands, the study
 * command, {@code shell}: YCSB's command line client, {@link org.sciycsb.cli.Shell}), help generated from the declarations, and the option tables of the option sets. Every failure below
 * {@code main} is a typed exception that becomes one line and an exit code (docs/command-line.md).
 */
package org.sciycsb.cli;
