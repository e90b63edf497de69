package org.sciycsb.cli;

import org.sciycsb.testkit.CapturedRun;

/** Runs the command line ({@link Main#run}) in-process and captures its streams: any command of bin/ycsb. */
public final class Cli extends CapturedRun {
  private Cli(CapturedRun run) {
    super(run);
  }

  public static Cli run(String... argv) {
    return new Cli(capture((out, err) -> Main.run(argv, out, err)));
  }
}
