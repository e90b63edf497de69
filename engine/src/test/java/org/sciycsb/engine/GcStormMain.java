package org.sciycsb.engine;

/**
 * A run in a JVM of its own for {@link ValidityGcStormTest}, started with a tiny heap: a ballast fills most of it, and
 * a thread churning garbage beside the run (as a client's values would, but the basic binding reads none) fills the
 * rest, so that the collector pauses over and over.
 * Arguments: the results folder. Prints the run's exit code last.
 */
public final class GcStormMain {
  /** Live for the whole run: the old generation stays nearly full, and every collection is a long one. */
  static byte[][] ballast;

  /** What the churn keeps alive for a while: long enough to be promoted, so the old generation keeps filling. */
  static volatile byte[][] kept = new byte[16][];

  private GcStormMain() {}

  /**
   * Garbage at the allocation rate of a busy client whatever the binding does with its values (basic reads none of
   * them): 256 KB arrays, each kept among the last 16 so that many survive a young collection.
   */
  static void churn() {
    for (long i = 0; ; i++) {
      kept[(int) (i & 15)] = new byte[256 << 10];
    }
  }

  public static void main(String[] args) {
    long max = Runtime.getRuntime().maxMemory();
    ballast = new byte[(int) (max * 0.72 / (1 << 20))][];
    for (int i = 0; i < ballast.length; i++) {
      ballast[i] = new byte[1 << 20];
    }
    Thread churn = new Thread(GcStormMain::churn, "gc-churn");
    churn.setDaemon(true);
    churn.start();
    LocalRun r = LocalRun.run("run", "basic", "-P", "../workloads/workloada", "-p", "fieldcount=10", "-p",
        "fieldlength=10000", "-p", "operationcount=100000000", "-p", "maxexecutiontime=2", "-p",
        "hdrhistogram.percentiles=50,95", "-p", "resources.sample=false", "-p", "results.dir=" + args[0]);
    System.out.println(r.out);
    System.err.println(r.err);
    System.out.println("exit " + r.exit);
  }
}
