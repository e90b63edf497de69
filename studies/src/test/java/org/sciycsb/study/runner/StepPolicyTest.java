package org.sciycsb.study.runner;

import static org.assertj.core.api.Assertions.assertThat;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.sciycsb.study.plan.Step;

/**
 * A census job's failure is the step's result only where the plan says so, with the failure it names in its log (a
 * missing block), and only when its fault ran as planned.
 */
class StepPolicyTest {
  @Test
  void aJobFailureIsAResultOnlyWhereThePlanSaysSoAndTheFaultRanAsPlanned() {
    Step plain = Step.census("faults/hdfs-hdfs/1-killed", "filter");
    Step r1 = Step.census("faults/hdfs-hdfs-r1/1-killed", "filter").failureIsAResult("only replicas lost",
        "Could not obtain block");
    String missing = "Caused by: org.apache.hadoop.hdfs.BlockMissingException: Could not obtain block: blk_1 ...\n"
        + "error: the census filter job failed: NA\n";
    Map<String, Object> rec = new HashMap<>();
    assertThat(StepPolicy.failureIsAResult(plain, 4, rec, missing)).isFalse();
    assertThat(StepPolicy.failureIsAResult(r1, 4, rec, missing)).isTrue();
    assertThat(StepPolicy.failureIsAResult(r1, 1, rec, missing)).as("the JVM's own exit code, same failure").isTrue();
    assertThat(StepPolicy.failureIsAResult(r1, 4, rec, "error: java.lang.OutOfMemoryError")).as("another failure")
        .isFalse();
    assertThat(StepPolicy.failureIsAResult(r1, 0, rec, missing)).as("a job that completed").isFalse();
    assertThat(StepPolicy.failureIsAResult(r1, 2, rec, missing)).as("a configuration error is no result").isFalse();
    assertThat(StepPolicy.failureIsAResult(r1, 3, rec, missing)).as("an unreachable server is no result").isFalse();
    assertThat(StepPolicy.failureIsAResult(r1, 130, rec, missing)).as("an interrupt is no result").isFalse();
    rec.put("faultProblem", "the kill failed");
    assertThat(StepPolicy.failureIsAResult(r1, 4, rec, missing)).as("a fault that did not run as planned").isFalse();
    Step engine = Step.run("x", "basic").failureIsAResult("n/a", "Could not obtain block");
    assertThat(StepPolicy.failureIsAResult(engine, 4, new HashMap<>(), missing)).as("census jobs only").isFalse();
  }
}
