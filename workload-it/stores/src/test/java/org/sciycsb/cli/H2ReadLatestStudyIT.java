package org.sciycsb.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Seed 002's three read-latest runs share one table on a store that refuses a duplicate key (embedded H2): each run
 * must insert fresh keys and read every record the earlier runs inserted, so none of their operations fail
 * ({@code bin/ycsb study}'s command in-process).
 */
class H2ReadLatestStudyIT {
  private static final ObjectMapper MAPPER = new ObjectMapper();

  @TempDir
  Path tmp;

  @Test
  void readLatestRunsOnOneTableInsertFreshKeysAndCoverTheEarlierRunsRecords() throws Exception {
    Path dir = tmp.resolve("study");
    String home = System.getProperty("sciycsb.home");
    System.setProperty("sciycsb.home", Path.of("../..").toAbsolutePath().normalize().toString());
    Cli c;
    try {
      c = Cli.run("study", "sandisk", "jdbc", "--scale", "1e-4", "--max-threads", "4", "--only",
          "32GB/load,32GB/readlatest-*", "-p", "db.url=jdbc:h2:file:" + tmp.resolve("h2/db"), "-p",
          "results.dir=" + dir);
    } finally {
      if (home == null) {
        System.clearProperty("sciycsb.home");
      } else {
        System.setProperty("sciycsb.home", home);
      }
    }
    assertThat(c.exit).as(c.toString()).isZero();
    JsonNode doc = MAPPER.readTree(dir.resolve("study.json").toFile());
    assertThat(doc.path("outcome").asText()).isEqualTo("completed");
    long records = -1;
    long expectedRecordcount = -1;
    int runs = 0;
    for (JsonNode s : doc.path("steps")) {
      assertThat(s.path("status").asText()).as(s.toString()).isEqualTo("ok");
      assertThat(s.path("failedOperations").asLong()).as(s.path("name").asText()).isZero();
      JsonNode res = MAPPER.readTree(dir.resolve(s.path("dir").asText()).resolve("results.json").toFile());
      long recordcount = res.path("metadata").path("properties").path("recordcount").asLong();
      if (s.path("kind").asText().equals("load")) {
        records = recordcount;
        expectedRecordcount = records;
        continue;
      }
      runs++;
      // each run reads over every record so far: the load's and the earlier runs' inserts
      assertThat(recordcount).as(s.path("name").asText()).isEqualTo(expectedRecordcount);
      JsonNode insert = op(res, "INSERT");
      assertThat(insert.path("operations").asLong()).as("inserts of " + s.path("name").asText()).isPositive();
      assertThat(insert.path("errors").asLong()).as(insert.toString()).isZero();
      assertThat(insert.path("statuses").size()).as(insert.toString()).isEqualTo(1); // OK only
      long next = res.path("extra").path("core").path("nextInsertKey").asLong();
      assertThat(next).isGreaterThan(expectedRecordcount + insert.path("operations").asLong() - 1);
      expectedRecordcount = next;
    }
    assertThat(runs).isEqualTo(3);
    assertThat(expectedRecordcount).isGreaterThan(records);
  }

  private static JsonNode op(JsonNode res, String name) {
    for (JsonNode o : res.path("operations")) {
      if (o.path("name").asText().equals(name)) {
        return o;
      }
    }
    throw new AssertionError("no " + name + " in " + res.path("operations"));
  }
}
