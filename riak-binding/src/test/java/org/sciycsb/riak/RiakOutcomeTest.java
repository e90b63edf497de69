package org.sciycsb.riak;

import static org.assertj.core.api.Assertions.assertThat;

import com.basho.riak.client.core.NoNodesAvailableException;
import com.basho.riak.client.core.netty.RiakResponseException;
import java.net.ConnectException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;
import site.ycsb.Status;

class RiakOutcomeTest {
  static RiakOutcome server(String message) {
    return RiakOutcome.of(new ExecutionException(new RiakResponseException(0, message)));
  }

  @Test
  void timeoutsAndUnavailabilityAreServiceUnavailable() {
    assertThat(server("timeout")).isEqualTo(RiakOutcome.UNAVAILABLE);
    assertThat(server("overload")).isEqualTo(RiakOutcome.UNAVAILABLE);
    assertThat(server("{insufficient_vnodes,1,need,2}")).isEqualTo(RiakOutcome.UNAVAILABLE);
    assertThat(server("{pr_val_unsatisfied,3,2}")).isEqualTo(RiakOutcome.UNAVAILABLE);
    assertThat(server("{pw_val_unsatisfied,3,2}")).isEqualTo(RiakOutcome.UNAVAILABLE);
    assertThat(server("unavailable")).isEqualTo(RiakOutcome.UNAVAILABLE);
    assertThat(RiakOutcome.of(new TimeoutException())).isEqualTo(RiakOutcome.UNAVAILABLE);
    assertThat(RiakOutcome.of(new ExecutionException(new NoNodesAvailableException()))).isEqualTo(
        RiakOutcome.UNAVAILABLE);
    assertThat(RiakOutcome.of(new ExecutionException(new ConnectException("refused")))).isEqualTo(
        RiakOutcome.UNAVAILABLE);
    assertThat(RiakOutcome.of(new ExecutionException(new Exception("Connection closed unexpectantly"))))
        .as("riak-client's text for a dropped connection").isEqualTo(RiakOutcome.UNAVAILABLE);
    assertThat(RiakOutcome.of(new ExecutionException(new java.nio.channels.ClosedChannelException())))
        .isEqualTo(RiakOutcome.UNAVAILABLE);
    assertThat(RiakOutcome.UNAVAILABLE.status()).isEqualTo(Status.SERVICE_UNAVAILABLE);
    assertThat(RiakOutcome.UNAVAILABLE.retryable()).isTrue();
  }

  @Test
  void strongConsistencyPreconditionFailuresAreConflicts() {
    assertThat(server("failed")).isEqualTo(RiakOutcome.CONFLICT);
    assertThat(server("modified")).isEqualTo(RiakOutcome.CONFLICT);
    assertThat(server("match_found")).isEqualTo(RiakOutcome.CONFLICT);
    assertThat(RiakOutcome.CONFLICT.retryable()).isTrue();
  }

  @Test
  void missing2iIsNotImplemented() {
    assertThat(server("{error,{indexes_not_supported,riak_kv_bitcask_backend}}")).isEqualTo(RiakOutcome.NO_2I);
    assertThat(RiakOutcome.NO_2I.status()).isEqualTo(Status.NOT_IMPLEMENTED);
  }

  @Test
  void notFoundAndOthers() {
    assertThat(server("notfound")).isEqualTo(RiakOutcome.NOT_FOUND);
    assertThat(server("{n_val_violation,3}")).isEqualTo(RiakOutcome.ERROR);
    assertThat(RiakOutcome.of(new IllegalStateException("boom"))).isEqualTo(RiakOutcome.ERROR);
    assertThat(RiakOutcome.ERROR.retryable()).isFalse();
  }
}
