package org.sciycsb.study.runner;

import static org.assertj.core.api.Assertions.assertThat;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.sciycsb.study.plan.Step;

/** A census job's failure is the step's result only where the plan says so, and only when its fault ran as planned. */
class StepPolicyTest {
  @Test
  void aJobFailureIsAResultOnlyWhereThePlanSaysSoAndTheFaultRanAsPlanned() {
    Step plain = Step.census("faults/hdfs-hdfs/1-killed", "filter");
    Step r1 = Step.census("faults/hdfs-hdfs-r1/1-killed", "filter").failureIsAResult("only replicas lost");
    Map<String, Object> rec = new HashMap<>();
    assertThat(StepPolicy.failureIsAResult(plain, 4, rec)).isFalse();
    assertThat(StepPolicy.failureIsAResult(r1, 4, rec)).isTrue();
    assertThat(StepPolicy.failureIsAResult(r1, 2, rec)).as("a configuration error is no result").isFalse();
    assertThat(StepPolicy.failureIsAResult(r1, 3, rec)).as("an unreachable server is no result").isFalse();
    assertThat(StepPolicy.failureIsAResult(r1, 130, rec)).as("an interrupt is no result").isFalse();
    rec.put("faultProblem", "the kill failed");
    assertThat(StepPolicy.failureIsAResult(r1, 4, rec)).as("a fault that did not run as planned").isFalse();
    Step engine = Step.run("x", "basic").failureIsAResult("n/a");
    assertThat(StepPolicy.failureIsAResult(engine, 4, new HashMap<>())).as("census jobs only").isFalse();
  }
}
