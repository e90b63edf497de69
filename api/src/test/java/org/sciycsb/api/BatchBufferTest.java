package org.sciycsb.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import site.ycsb.Status;

/** A thread's batch buffer: full batches, a change of target, the tail at the end, and the statuses YCSB expects. */
class BatchBufferTest {
  private final List<String> written = new ArrayList<>();
  private Status answer = Status.OK;

  private BatchBuffer<Integer> buffer(int size) {
    return new BatchBuffer<>(size, (target, batch) -> {
      written.add(target + batch);
      return answer;
    });
  }

  @Test
  void writesEachFullBatchAndAnswersBatchedOkUntilThen() {
    BatchBuffer<Integer> b = buffer(3);
    assertThat(b.add("t", 1)).isEqualTo(Status.BATCHED_OK);
    assertThat(b.add("t", 2)).isEqualTo(Status.BATCHED_OK);
    assertThat(b.add("t", 3)).as("the item that fills the batch gets its outcome").isEqualTo(Status.OK);
    assertThat(written).containsExactly("t[1, 2, 3]");
    assertThat(b.pending()).isZero();
    assertThat(b.add("t", 4)).isEqualTo(Status.BATCHED_OK);
    assertThat(b.pending()).isEqualTo(1);
  }

  @Test
  void theTailIsWrittenByFlushAndNothingIsWrittenTwice() {
    BatchBuffer<Integer> b = buffer(10);
    b.add("t", 1);
    b.add("t", 2);
    assertThat(written).isEmpty();
    assertThat(b.flush()).isEqualTo(Status.OK);
    assertThat(written).containsExactly("t[1, 2]");
    assertThat(b.flush()).as("an empty buffer").isEqualTo(Status.OK);
    assertThat(written).hasSize(1);
  }

  @Test
  void anotherTargetWritesTheBufferedBatchFirst() {
    BatchBuffer<Integer> b = buffer(10);
    b.add("a", 1);
    b.add("a", 2);
    assertThat(b.add("b", 3)).as("the earlier batch succeeded").isEqualTo(Status.BATCHED_OK);
    assertThat(written).containsExactly("a[1, 2]");
    assertThat(b.target()).isEqualTo("b");
    b.flush();
    assertThat(written).containsExactly("a[1, 2]", "b[3]");
  }

  @Test
  void aFailedBatchIsReportedByTheItemThatCausedItsWrite() {
    BatchBuffer<Integer> b = buffer(2);
    b.add("a", 1);
    answer = Status.SERVICE_UNAVAILABLE;
    assertThat(b.add("b", 2)).as("the other target's batch failed").isEqualTo(Status.SERVICE_UNAVAILABLE);
    answer = Status.OK;
    assertThat(b.add("b", 3)).isEqualTo(Status.OK);
    answer = Status.ERROR;
    b.add("b", 4);
    assertThat(b.add("b", 5)).isEqualTo(Status.ERROR);
    assertThat(written).containsExactly("a[1]", "b[2, 3]", "b[4, 5]");
  }

  @Test
  void aBatchOfOneIsWrittenAtOnceAndSizesBelowOneAreRefused() {
    BatchBuffer<Integer> b = buffer(1);
    assertThat(b.add("t", 1)).isEqualTo(Status.OK);
    assertThat(written).containsExactly("t[1]");
    assertThatThrownBy(() -> buffer(0)).isInstanceOf(IllegalArgumentException.class);
  }
}
