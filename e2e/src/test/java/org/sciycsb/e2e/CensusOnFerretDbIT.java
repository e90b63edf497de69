package org.sciycsb.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sciycsb.testkit.TestServers;

/**
 * Why the census jobs' MongoDB side still runs against the mongo-java-server stand-in: mongo-hadoop-core 2.0.2 needs
 * the 3.x driver, whose handshake sends {@code buildinfo} over OP_QUERY, which the MongoDB-wire test server
 * (FerretDB 1.24 on PostgreSQL 15; 2.5 on DocumentDB before it) refuses with error 352. {@code bin/census load} against it is one line naming that
 * and the way out, exit 3, nothing written. The day FerretDB accepts the driver this test fails: then the census
 * MongoDB paths (bench/census.sh, study dede's study.mongo) move to the real server.
 */
class CensusOnFerretDbIT {
  @TempDir
  Path tmp;

  @Test
  void mongoHadoopsDriverIsRefusedInItsHandshake() throws Exception {
    Launcher.Result r = Launcher.census(tmp, "load", "-p", "census.records=10", "-p", "census.output="
        + TestServers.mongodb("census_probe.records"), "-p", "census.results=" + tmp.resolve("results"));
    assertThat(r.exit()).as(r.toString()).isEqualTo(3);
    assertThat(r.err().lines().filter(l -> l.startsWith("error:")).toList()).singleElement().satisfies(l ->
        assertThat(l).contains("error 352 (UnsupportedOpQueryCommand)").contains("buildinfo")
            .contains("bin/servers start mongo-standin").doesNotContain("sciycsb-test-pw"));
    assertThat(r.err()).doesNotContain("\tat ");
  }
}
