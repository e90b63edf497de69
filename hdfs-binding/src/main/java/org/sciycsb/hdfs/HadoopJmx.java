package org.sciycsb.hdfs;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * A Hadoop daemon's JMX servlet ({@code http://host:port/jmx?qry=<ObjectName pattern>}, JSON {@code {"beans":
 * [...]}}), read through one HTTP client of the run's, made on first use.
 */
final class HadoopJmx {
  static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(2);
  static final Duration TIMEOUT = Duration.ofSeconds(5);

  private final ObjectMapper mapper = new ObjectMapper();
  private HttpClient http;

  /** The beans matching {@code query} of the daemon whose HTTP server is at {@code hostPort}. */
  List<JsonNode> beans(String hostPort, String query) throws IOException, InterruptedException {
    URI uri = URI.create("http://" + hostPort + "/jmx?qry=" + URLEncoder.encode(query, StandardCharsets.UTF_8));
    HttpResponse<String> r = client().send(HttpRequest.newBuilder(uri).timeout(TIMEOUT).GET().build(),
        HttpResponse.BodyHandlers.ofString());
    if (r.statusCode() != 200) {
      throw new IOException("HTTP " + r.statusCode() + " from " + uri);
    }
    return beans(mapper.readTree(r.body()));
  }

  private synchronized HttpClient client() {
    if (http == null) {
      // HTTP/1.1: the DataNodes' HTTP front (Netty) answers 400 to the HTTP/2 upgrade the client offers by default
      http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(CONNECT_TIMEOUT).build();
    }
    return http;
  }

  /** The beans of a servlet's answer. */
  static List<JsonNode> beans(JsonNode answer) {
    List<JsonNode> out = new ArrayList<>();
    answer.path("beans").forEach(out::add);
    return out;
  }

  /** The bean named {@code Hadoop:service=...,name=<name>} among {@code beans}, or a missing node. */
  static JsonNode bean(List<JsonNode> beans, String name) {
    for (JsonNode b : beans) {
      if (b.path("name").asText().endsWith(",name=" + name)) {
        return b;
      }
    }
    return com.fasterxml.jackson.databind.node.MissingNode.getInstance();
  }

  /** Every numeric attribute of a bean whose name {@code keep} accepts, as {@code prefix + name}. */
  static void numbers(JsonNode bean, Predicate<String> keep, String prefix, Map<String, Double> out) {
    bean.fields().forEachRemaining(e -> {
      if (e.getValue().isNumber() && keep.test(e.getKey())) {
        out.put(prefix + e.getKey(), e.getValue().doubleValue());
      }
    });
  }
}
