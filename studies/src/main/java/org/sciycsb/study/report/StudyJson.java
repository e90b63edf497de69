package org.sciycsb.study.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.MissingNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import org.sciycsb.api.ConfigException;

/** The studies' JSON and files: the one mapper, documents as indented text, atomic writes, tolerant reads. */
public final class StudyJson {
  public static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private StudyJson() {}

  public static String json(Object tree) {
    try {
      return MAPPER.writeValueAsString(tree) + "\n";
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  /** Writes a file atomically (temporary file, then rename). */
  public static void write(Path file, String content) throws ConfigException {
    try {
      Files.createDirectories(file.toAbsolutePath().getParent());
      Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
      Files.writeString(tmp, content, StandardCharsets.UTF_8);
      Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException e) {
      throw new ConfigException("cannot write " + file + ": " + e.getMessage());
    }
  }

  /** A JSON file, or a missing node when it cannot be read. */
  public static JsonNode read(Path f) {
    try {
      return MAPPER.readTree(f.toFile());
    } catch (IOException e) {
      return MissingNode.getInstance();
    }
  }
}
