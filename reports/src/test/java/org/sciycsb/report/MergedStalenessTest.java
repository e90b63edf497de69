package org.sciycsb.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Two client processes' stale-read counts merged: sums, the rate from the sums, and what each judged against. */
class MergedStalenessTest {
  private static Merge.Input input(String staleness) throws Exception {
    return new Merge.Input("x", new ObjectMapper().readTree("{\"extra\": {" + staleness + "}}"), null);
  }

  @Test
  void theProcessesCountsAreAddedAndTheRateComesFromTheSums() throws Exception {
    Merge.Input a = input("\"staleness\": {\"READ\": {\"judged\": 100, \"fresh\": 90, \"stale\": 10, \"staleRate\": 0.1,"
        + " \"neverWritten\": 5, \"otherClient\": 7, \"behind\": {\"1\": 8, \"8+\": 2}, \"keysWritten\": 50,"
        + " \"history\": 4}}");
    Merge.Input b = input("\"staleness\": {\"READ\": {\"judged\": 300, \"fresh\": 270, \"stale\": 30, \"staleRate\": 0.1,"
        + " \"neverWritten\": 0, \"otherClient\": 3, \"behind\": {\"1\": 20, \"2\": 10}, \"keysWritten\": 70,"
        + " \"history\": 4}, \"READ-MODIFY-WRITE\": {\"judged\": 10, \"fresh\": 5, \"stale\": 5, \"behind\": {\"1\": 5}}}");
    Map<String, Object> m = MergedStaleness.of(List.of(a, b, input("\"core\": {}")));
    @SuppressWarnings("unchecked")
    Map<String, Object> read = (Map<String, Object>) m.get("READ");
    assertThat(read).containsEntry("judged", 400L).containsEntry("fresh", 360L).containsEntry("stale", 40L)
        .containsEntry("neverWritten", 5L).containsEntry("otherClient", 10L).containsEntry("keysWritten", 120L)
        .containsEntry("staleRate", 0.1).containsEntry("processes", 2).containsEntry("history", 4);
    assertThat(read.get("behind").toString()).isEqualTo("{1=28, 2=10, 8+=2}");
    assertThat((String) read.get("judgedAgainst")).startsWith("each process's own writes");
    @SuppressWarnings("unchecked")
    Map<String, Object> rmw = (Map<String, Object>) m.get("READ-MODIFY-WRITE");
    assertThat(rmw).containsEntry("stale", 5L).containsEntry("staleRate", 0.5).containsEntry("processes", 1);
  }

  @Test
  void runsThatJudgedNothingMergeToNoSection() throws Exception {
    assertThat(MergedStaleness.of(List.of(input("\"core\": {}"), new Merge.Input("h", null, null)))).isNull();
  }
}
