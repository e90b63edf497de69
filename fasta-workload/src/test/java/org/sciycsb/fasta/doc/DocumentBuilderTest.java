package org.sciycsb.fasta.doc;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.sciycsb.fasta.m10.Fixtures;
import org.sciycsb.fasta.m10.ParseProblems;
import org.sciycsb.fasta.m10.SsearchParser;

class DocumentBuilderTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  static List<Document> documents(String fixture) throws IOException {
    List<Document> docs = new ArrayList<>();
    DocumentBuilder b = new DocumentBuilder(docs::add);
    ParseProblems p = b.parse(new SsearchParser(), Fixtures.path(fixture));
    assertThat(p.total()).as(p.summary()).isZero();
    return docs;
  }

  @Test
  void fourDocumentTypesWithReferences() throws IOException {
    List<Document> docs = documents(Fixtures.NT);
    assertThat(docs).extracting(Document::type).containsExactly(DocType.TASK,
        DocType.RNA, DocType.GS, DocType.ALIGN, DocType.RNA, DocType.GS, DocType.ALIGN,
        DocType.RNA, DocType.GS, DocType.ALIGN);

    JsonNode task = JSON.readTree(docs.get(0).jsonBytes());
    assertThat(task.get("_id").asText()).isEqualTo(docs.get(0).id()).matches("[0-9a-f]{16}");
    assertThat(task.get("src").asText()).isEqualTo(Fixtures.NT);
    assertThat(task.get("q").asText()).isEqualTo("pGT875");
    assertThat(task.get("ql").asInt()).isEqualTo(657);
    assertThat(task.get("qt").asText()).isEqualTo("nt");
    assertThat(task.get("pg_name").asText()).isEqualTo("ssearch36");
    assertThat(task.get("mp_Parameters").asText()).isEqualTo("+5/-4 matrix (5:-4), open/ext: -12/-4");
    assertThat(task.get("pg_name_alg").asText()).isEqualTo("Smith-Waterman (SSE2, Michael Farrar 2006)");

    JsonNode rna = JSON.readTree(docs.get(1).jsonBytes());
    JsonNode gs = JSON.readTree(docs.get(2).jsonBytes());
    JsonNode align = JSON.readTree(docs.get(3).jsonBytes());
    assertThat(rna.get("ti").asText()).isEqualTo(docs.get(0).id());
    assertThat(rna.get("b").asInt()).isEqualTo(1);
    assertThat(rna.get("e").asInt()).isEqualTo(657);
    assertThat(rna.get("l").asInt()).isEqualTo(657);
    assertThat(rna.get("s").asText()).startsWith("------------------------------ATGCCT").hasSize(687);
    assertThat(gs.get("ti").asText()).isEqualTo(docs.get(0).id());
    assertThat(gs.get("h").asText()).isEqualTo("pGT875 | 266");
    assertThat(gs.get("b").asInt()).isEqualTo(38);
    assertThat(gs.get("e").asInt()).isEqualTo(694);
    assertThat(align.get("ti").asText()).isEqualTo(docs.get(0).id());
    assertThat(align.get("rna").asText()).isEqualTo(docs.get(1).id());
    assertThat(align.get("gs").asText()).isEqualTo(docs.get(2).id());
    assertThat(align.get("f").asText()).isEqualTo("f");
    assertThat(align.get("s_w").asInt()).isEqualTo(3285);
    assertThat(align.get("sc").asInt()).isEqualTo(3285);
    assertThat(align.get("b").asDouble()).isEqualTo(744.1);
    assertThat(align.get("e").asDouble()).isEqualTo(1.1e-217);
    assertThat(align.get("z").asDouble()).isEqualTo(3961.5);
    assertThat(align.get("i").asDouble()).isEqualTo(1.0);
    assertThat(align.get("si").asDouble()).isEqualTo(1.0);
    assertThat(align.get("o").asInt()).isEqualTo(657);
    assertThat(docs.get(3).json()).contains("\"e\":1.1e-217", "\"i\":1.000");
  }

  @Test
  void everyDocumentIsValidJsonWithUniqueScatteredIds() throws IOException {
    Set<String> ids = new HashSet<>();
    for (String f : Fixtures.REAL) {
      for (Document d : documents(f)) {
        JsonNode n = JSON.readTree(d.jsonBytes());
        assertThat(n.get("_id").asText()).isEqualTo(d.id());
        assertThat(ids.add(d.id())).as("duplicate id " + d.id()).isTrue();
        assertThat(d.size()).isLessThan(1024 + 2 * 1500); // real fixtures show up to 1.4 kb of context per block
      }
    }
    List<Document> multi = documents(Fixtures.MULTI);
    assertThat(multi).hasSize(6 + 3 * 18);
    // consecutive ids are not increasing: the stores can spread them
    long increasing = 0;
    for (int i = 1; i < multi.size(); i++) {
      if (multi.get(i).id().compareTo(multi.get(i - 1).id()) > 0) {
        increasing++;
      }
    }
    assertThat(increasing).isBetween(10L, 50L);
  }

  @Test
  void idsAreDeterministicAndDependOnSourceName() throws IOException {
    assertThat(documents(Fixtures.MULTI)).extracting(Document::id)
        .isEqualTo(documents(Fixtures.MULTI).stream().map(Document::id).toList());
    long h1 = Ids.sourceHash("a.m10");
    long h2 = Ids.sourceHash("b.m10");
    assertThat(Ids.id(h1, 0, DocType.RNA)).isNotEqualTo(Ids.id(h2, 0, DocType.RNA));
    assertThat(Ids.id(h1, 0, DocType.RNA)).isNotEqualTo(Ids.id(h1, 0, DocType.GS));
    assertThat(Ids.hex(0x0123456789abcdefL)).isEqualTo("0123456789abcdef");
    assertThat(Ids.hex(-1L)).isEqualTo("ffffffffffffffff");
  }

  @Test
  void taskDocumentSizeFromRealHeader() throws IOException {
    // seed 001: task documents averaged 750 B (their pg_argv held long cluster paths)
    for (String f : Fixtures.REAL) {
      Document task = documents(f).get(0);
      assertThat(task.size()).as(f).isBetween(600, 900);
    }
  }

  @Test
  void jsonEscapesQuotesBackslashesAndControlCharacters() throws IOException {
    JsonOut o = new JsonOut();
    o.raw(JsonOut.key("a", true)).string("q\"b\\c\u0001\ttab é €");
    byte[] bytes = "x\"y\\z\n".getBytes(java.nio.charset.StandardCharsets.UTF_8);
    o.raw(JsonOut.key("b", false)).string(bytes, 0, bytes.length).raw(JsonOut.key("n", false)).number(-1234567890123L)
        .close();
    JsonNode n = JSON.readTree(o.toByteArray());
    assertThat(n.get("a").asText()).isEqualTo("q\"b\\c\u0001\ttab é €");
    assertThat(n.get("b").asText()).isEqualTo("x\"y\\z\n");
    assertThat(n.get("n").asLong()).isEqualTo(-1234567890123L);
  }
}
