package org.sciycsb.yarn;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.sciycsb.api.Config;
import org.sciycsb.api.ConfigException;
import org.sciycsb.api.Phase;
import org.sciycsb.engine.ClientShares;
import org.sciycsb.fasta.FastaWorkload;
import org.sciycsb.fhir.FhirWorkload;

/** How the domain workloads divide between the clients of a cluster run (BenchWorkload.clientShare). */
class WorkloadSharesTest {
  @Test
  void fhirLoadsContiguousBlocksOfPatients() throws Exception {
    List<Map<String, String>> s = ClientShares.of(new FhirWorkload(), Phase.LOAD,
        new Config(Map.of("fhir.patients", "10", "recordcount", "999")), 3);
    assertThat(s).containsExactly(Map.of("insertstart", "0", "insertcount", "4"),
        Map.of("insertstart", "4", "insertcount", "3"), Map.of("insertstart", "7", "insertcount", "3"));
    assertThat(ClientShares.of(new FhirWorkload(), Phase.RUN, new Config(Map.of("operationcount", "10")), 2))
        .containsExactly(Map.of("operationcount", "5"), Map.of("operationcount", "5"));
  }

  @Test
  void fastaLoadIsOneProcessAndItsRunNeedsTheIds() throws Exception {
    assertThatThrownBy(() -> ClientShares.of(new FastaWorkload(), Phase.LOAD, new Config(Map.of()), 2))
        .isInstanceOf(ConfigException.class).hasMessageContaining("cannot be divided between clients");
    assertThat(ClientShares.of(new FastaWorkload(), Phase.LOAD, new Config(Map.of()), 1)).containsExactly(Map.of());
    assertThatThrownBy(() -> ClientShares.of(new FastaWorkload(), Phase.RUN, new Config(Map.of()), 2))
        .isInstanceOf(ConfigException.class).hasMessageContaining("fasta.ids");
    assertThat(ClientShares.of(new FastaWorkload(), Phase.RUN,
        new Config(Map.of("fasta.ids", "/shared/load", "fasta.reads", "10")), 3))
        .containsExactly(Map.of("fasta.reads", "4"), Map.of("fasta.reads", "3"), Map.of("fasta.reads", "3"));
  }
}
