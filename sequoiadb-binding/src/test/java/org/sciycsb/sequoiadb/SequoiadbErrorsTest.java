package org.sciycsb.sequoiadb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sequoiadb.exception.BaseException;
import com.sequoiadb.exception.SDBError;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.sciycsb.api.BenchmarkException;
import org.sciycsb.api.BindingException;
import org.sciycsb.api.Config;
import site.ycsb.Status;

/**
 * How driver errors are classified. A wrong password cannot be produced by the standalone test node (it has no
 * users: any credentials log in), so the refusal a coordinator answers is built here from the driver's own error.
 */
class SequoiadbErrorsTest {
  @Test
  void networkErrorsAreServiceUnavailableOthersErrors() {
    assertThat(SequoiadbErrors.status(new BaseException(SDBError.SDB_NETWORK))).isEqualTo(Status.SERVICE_UNAVAILABLE);
    assertThat(SequoiadbErrors.status(new BaseException(SDBError.SDB_NET_CANNOT_CONNECT)))
        .isEqualTo(Status.SERVICE_UNAVAILABLE);
    assertThat(SequoiadbErrors.status(new BaseException(SDBError.SDB_NETWORK_CLOSE)))
        .isEqualTo(Status.SERVICE_UNAVAILABLE);
    assertThat(SequoiadbErrors.status(new BaseException(SDBError.SDB_IXM_DUP_KEY))).isEqualTo(Status.ERROR);
    assertThat(SequoiadbErrors.status(new IllegalStateException("x"))).isEqualTo(Status.ERROR);
  }

  @Test
  void authorityForbiddenIsTheDriversWrongPasswordCode() {
    assertThat(new BaseException(SDBError.SDB_AUTH_AUTHORITY_FORBIDDEN).getErrorCode())
        .isEqualTo(SequoiadbErrors.AUTH_FORBIDDEN);
  }

  @Test
  void unreachableLoginIsExitThreeInOneLine() throws Exception {
    SequoiadbSettings s = SequoiadbSettings.resolve(new Config(Map.of("sequoiadb.hosts", "127.0.0.1:1",
        "sequoiadb.connecttimeout", "1s")), 1);
    assertThatThrownBy(() -> SequoiadbBinding.login(s)).isInstanceOf(BindingException.class)
        .satisfies(e -> assertThat(((BenchmarkException) e).exitCode()).isEqualTo(BenchmarkException.EXIT_BINDING))
        .hasMessageContaining("not reachable").hasMessageNotContaining("\n");
  }
}
