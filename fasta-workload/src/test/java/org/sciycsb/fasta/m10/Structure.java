package org.sciycsb.fasta.m10;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * Test helper, independent of the parser: the structure of an -m 10 file as the kinds of lines and the field names
 * of each section ("header", "sw", "qblock", "hblock"), in the order of their first appearance.
 */
public final class Structure {
  public final TreeSet<String> kinds = new TreeSet<>();
  public final Map<String, List<String>> keys = new LinkedHashMap<>();

  public static Structure of(Path file) throws IOException {
    return of(Files.readString(file, StandardCharsets.ISO_8859_1));
  }

  public static Structure of(String text) throws IOException {
    Structure s = new Structure();
    String section = null;
    boolean inRecords = false;
    BufferedReader r = new BufferedReader(new StringReader(text));
    for (String line = r.readLine(); line != null; line = r.readLine()) {
      if (line.startsWith(">>>")) {
        if (line.equals(">>><<<")) {
          s.kinds.add("END_QUERY");
          inRecords = false;
        } else if (line.equals(">>>///")) {
          s.kinds.add("END_FILE");
          inRecords = false;
        } else {
          s.kinds.add("QUERY");
          section = "header";
          inRecords = true;
        }
        continue;
      }
      if (!inRecords) {
        continue; // banner, summaries, best-scores list, trailer
      }
      if (line.startsWith(">>")) {
        s.kinds.add("HIT");
        section = "sw";
      } else if (line.startsWith(">--")) {
        s.kinds.add("ALTERNATIVE");
        section = "sw";
      } else if (line.startsWith(">")) {
        s.kinds.add(line.endsWith(" ..") ? "BLOCK NAME .." : "BLOCK other");
        section = section.equals("sw") ? "qblock" : "hblock";
      } else if (line.startsWith("; ")) {
        String key = line.substring(2, line.indexOf(':'));
        if (key.equals("al_cons")) {
          s.kinds.add("AL_CONS");
          section = "cons";
          continue;
        }
        s.key(section, key);
        if (key.equals("pg_argv") && line.contains("; pg_name_alg:")) {
          s.key(section, "pg_name_alg");
        }
      } else if (line.isEmpty()) {
        s.kinds.add("blank in " + section);
      } else if (section.equals("cons")) {
        s.kinds.add("consensus line");
      } else {
        s.kinds.add("sequence line in " + section + (line.matches("[A-Za-z*-]+") ? "" : " (odd)"));
      }
    }
    return s;
  }

  private void key(String section, String key) {
    List<String> l = keys.computeIfAbsent(section, k -> new ArrayList<>());
    if (!l.contains(key)) {
      l.add(key);
    }
  }

  @Override
  public String toString() {
    return kinds + " " + keys;
  }
}
