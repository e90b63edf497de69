package org.sciycsb.measure;

import java.util.regex.Pattern;

/** Upstream YCSB's status line as a pattern, for tests here and in the command line's (the engine's test-jar). */
public final class UpstreamStatusLine {
  private UpstreamStatusLine() {}

  /**
   * Upstream's status line, derived from lines YCSB 0.17.0 printed (site.ycsb:core:0.17.0 on Java 17):
   * {@code java -cp <core-0.17.0 and its dependencies> site.ycsb.Client -t -s -db site.ycsb.BasicDB
   * -P workloads/workloada -p basicdb.verbose=false -p status.interval=1 -target 300 -p operationcount=1000
   * -l mylabel}, which printed on stderr, for example:
   * <pre>
   * mylabel2026-12-03 14:16:06:454 1 sec: 300 operations; 279.72 current ops/sec; est completion in 3 second [READ: Count=134, Max=4, Min=0, Avg=1.9, 90=3, 99=4, 99.9=4, 99.99=4] [UPDATE: Count=144, Max=3, Min=0, Avg=1.88, 90=3, 99=3, 99.9=3, 99.99=3] 
   * mylabel2026-12-03 14:16:08:788 3 sec: 1000 operations; 298.51 current ops/sec; [READ: Count=49, Max=1, Min=0, Avg=0.24, 90=1, 99=1, 99.9=1, 99.99=1] [CLEANUP: Count=1, Max=6, Min=6, Avg=6, 90=6, 99=6, 99.9=6, 99.99=6] [UPDATE: Count=51, Max=4, Min=1, Avg=2.53, 90=3, 99=3, 99.9=4, 99.99=4] 
   * </pre>
   * Group 1 is the label, 2 the elapsed seconds, 3 the operations, 4 the rate, 5 the time left, 6 the figures.
   */
  public static final Pattern PATTERN = Pattern.compile("^(.*?)\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d:\\d{3} "
      + "(\\d+) sec: (\\d+) operations; (?:([\\d.]+|∞) current ops/sec; )?(?:est completion in ((?:\\d+ [a-z]+ )+))?"
      + "((?:\\[[A-Za-z-]+: Count=\\d+, Max=\\d+, Min=\\d+, Avg=(?:[\\d.]+|NaN), 90=[\\d.]+, 99=[\\d.]+, "
      + "99\\.9=[\\d.]+, 99\\.99=[\\d.]+] )*)");
}
