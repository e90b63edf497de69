package org.sciycsb.report;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * What a results file's {@code metadata.storage} says of the data device's medium, in words: its {@code medium}
 * ({@code hdd}, {@code ssd}, or {@code unknown} with {@code mediumReason}: a virtio disk's rotational flag is the
 * hypervisor's default, not the medium's), with the rotational flag as read. Results written before the
 * {@code medium} field have only the flag, which is then shown as they always were.
 */
public final class StorageMedium {
  private StorageMedium() {}

  /**
   * {@code rotational=1 (HDD)}, {@code rotational=0 (SSD)}, or {@code medium unknown (virtio disk: ...;
   * rotational=1)}; null when the metadata says neither.
   */
  public static String of(JsonNode storage) {
    JsonNode rot = storage.path("rotational");
    String flag = rot.isBoolean() ? (rot.asBoolean() ? "rotational=1" : "rotational=0") : null;
    String medium = storage.path("medium").isTextual() ? storage.path("medium").asText() : null;
    if (medium == null || medium.equals("hdd") || medium.equals("ssd")) {
      if (medium == null && flag == null) {
        return null;
      }
      boolean hdd = medium != null ? medium.equals("hdd") : rot.asBoolean();
      return (flag == null ? "" : flag + " ") + (hdd ? "(HDD)" : "(SSD)");
    }
    String reason = storage.path("mediumReason").isTextual() ? storage.path("mediumReason").asText() : null;
    String why = reason == null ? flag : flag == null ? reason : reason + "; " + flag;
    return "medium unknown" + (why == null ? "" : " (" + why + ")");
  }
}
