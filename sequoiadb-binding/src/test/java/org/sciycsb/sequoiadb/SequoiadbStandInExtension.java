package org.sciycsb.sequoiadb;

import java.util.List;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A {@link SequoiadbStandIn} (a protocol-level STAND-IN, not SequoiaDB) for the tests of one class:
 * {@code @RegisterExtension static final SequoiadbStandInExtension STAND_IN = new SequoiadbStandInExtension();}
 * starts it before the class's first test and stops it after its last. After each test it fails that test when
 * the stand-in recorded a protocol violation (a request the driver should never send, or one the stand-in does not
 * implement), and disarms the injected failures.
 */
final class SequoiadbStandInExtension implements BeforeAllCallback, AfterAllCallback, AfterEachCallback {
  private SequoiadbStandIn standIn;

  @Override
  public void beforeAll(ExtensionContext context) throws Exception {
    standIn = SequoiadbStandIn.start();
  }

  @Override
  public void afterEach(ExtensionContext context) {
    standIn.failNext(0, 0);
    standIn.dropNext(0);
    standIn.requireUser("", "");
    List<String> violations = standIn.takeViolations();
    if (!violations.isEmpty()) {
      throw new AssertionError("the SequoiaDB stand-in recorded " + violations.size()
          + " protocol violation(s) during " + context.getDisplayName() + ":\n  " + String.join("\n  ", violations));
    }
  }

  @Override
  public void afterAll(ExtensionContext context) throws Exception {
    standIn.close();
  }

  /** The stand-in's address, for {@code sequoiadb.hosts}. */
  String hosts() {
    return standIn.hosts();
  }

  SequoiadbStandIn standIn() {
    return standIn;
  }
}
