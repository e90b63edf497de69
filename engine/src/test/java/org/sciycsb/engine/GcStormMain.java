package org.sciycsb.engine;

/**
 * A run in a JVM of its own for {@link ValidityGcStormTest}, started with a tiny heap: a ballast fills most of it, and
 * workloada's 100 KB records fill the rest at every operation, so that the collector pauses over and over.
 * Arguments: the results folder. Prints the run's exit code last.
 */
public final class GcStormMain {
  /** Live for the whole run: the old generation stays nearly full, and every collection is a long one. */
  static byte[][] ballast;

  private GcStormMain() {}

  public static void main(String[] args) {
    long max = Runtime.getRuntime().maxMemory();
    ballast = new byte[(int) (max * 0.72 / (1 << 20))][];
    for (int i = 0; i < ballast.length; i++) {
      ballast[i] = new byte[1 << 20];
    }
    LocalRun r = LocalRun.run("run", "basic", "-P", "../workloads/workloada", "-p", "fieldcount=10", "-p",
        "fieldlength=10000", "-p", "operationcount=100000000", "-p", "maxexecutiontime=2", "-p",
        "hdrhistogram.percentiles=50,95", "-p", "resources.sample=false", "-p", "results.dir=" + args[0]);
    System.out.println(r.out);
    System.err.println(r.err);
    System.out.println("exit " + r.exit);
  }
}
