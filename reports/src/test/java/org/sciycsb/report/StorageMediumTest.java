package org.sciycsb.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

/** The medium in words, from metadata.storage: the medium field when there is one, else the old rotational text. */
class StorageMediumTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  private static String of(String storage) throws Exception {
    return StorageMedium.of(JSON.readTree(storage));
  }

  @Test
  void aVirtioDiskIsUnknownNotHdd() throws Exception {
    assertThat(of("{\"rotational\": true, \"medium\": \"unknown\", \"mediumReason\": \"virtio disk: the rotational "
        + "flag is the hypervisor's default\"}")).isEqualTo(
        "medium unknown (virtio disk: the rotational flag is the hypervisor's default; rotational=1)");
  }

  @Test
  void knownMediaAndOldResults() throws Exception {
    assertThat(of("{\"rotational\": true, \"medium\": \"hdd\"}")).isEqualTo("rotational=1 (HDD)");
    assertThat(of("{\"rotational\": false, \"medium\": \"ssd\"}")).isEqualTo("rotational=0 (SSD)");
    assertThat(of("{\"rotational\": true}")).as("results written before medium").isEqualTo("rotational=1 (HDD)");
    assertThat(of("{\"device\": null}")).isNull();
  }
}
