package org.sciycsb.study.server;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * An emulated device ({@code bin/servers device create NAME --profile P --size SIZE}): its name, its profile's name,
 * its size as {@code device list} prints it, and its mount point; the profile's values are in the device's folder,
 * beside the mount point ({@code work/devices/NAME/profile}, docs/devices.md).
 */
public record Device(String name, String profileName, String size, Path mount) {
  /** The profile's values (key=value lines, # comments); empty when the file cannot be read. */
  public Map<String, String> profile() {
    Map<String, String> out = new LinkedHashMap<>();
    Path f = mount.getParent() == null ? null : mount.getParent().resolve("profile");
    if (f == null || !Files.isRegularFile(f)) {
      return out;
    }
    try {
      for (String line : Files.readAllLines(f, StandardCharsets.UTF_8)) {
        String l = line.replaceAll("#.*", "").trim();
        int eq = l.indexOf('=');
        if (eq > 0) {
          out.put(l.substring(0, eq).trim(), l.substring(eq + 1).trim());
        }
      }
    } catch (IOException e) {
      return out;
    }
    return out;
  }

  /** A number of the profile, or {@code dflt} when it has none. */
  public double profileNumber(String key, double dflt) {
    try {
      return Double.parseDouble(profile().getOrDefault(key, Double.toString(dflt)));
    } catch (NumberFormatException e) {
      return dflt;
    }
  }
}
