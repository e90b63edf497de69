package org.sciycsb.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The test servers' Prometheus and Pushgateway (bin/servers start prometheus|pushgateway) through their HTTP APIs:
 * queries, the targets the tests add (file_sd: a JSON file in the server's targets folder), groups deleted.
 */
final class PrometheusApi {
  static final String PROMETHEUS = "http://127.0.0.1:" + Launcher.env("SCIYCSB_PROMETHEUS_PORT", "9090");
  static final String PUSHGATEWAY = "127.0.0.1:" + Launcher.env("SCIYCSB_PUSHGATEWAY_PORT", "9091");
  private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

  private PrometheusApi() {}

  /** Fails (never skips) when the server does not answer. */
  static void assertReady(String base, String name) {
    try {
      assertThat(get(base + "/-/ready").statusCode()).as(name + " at " + base).isEqualTo(200);
    } catch (IOException | InterruptedException e) {
      throw new AssertionError(name + " is not running at " + base + " (bin/servers setup " + name
          + " && bin/servers start " + name + "): " + e, e);
    }
  }

  /** An instant query at {@code time} (epoch seconds): its result array. */
  static JsonNode query(String promql, double time) throws IOException, InterruptedException {
    String url = PROMETHEUS + "/api/v1/query?query=" + URLEncoder.encode(promql, StandardCharsets.UTF_8)
        + "&time=" + time;
    HttpResponse<String> r = get(url);
    JsonNode body = new ObjectMapper().readTree(r.body());
    assertThat(body.path("status").asText()).as(promql + ": " + r.body()).isEqualTo("success");
    return body.path("data").path("result");
  }

  /** The single value of an instant query, or NaN when it has no result. */
  static double value(String promql, double time) throws IOException, InterruptedException {
    JsonNode result = query(promql, time);
    assertThat(result.size()).as(promql + " -> " + result).isLessThanOrEqualTo(1);
    return result.isEmpty() ? Double.NaN : result.get(0).path("value").get(1).asDouble();
  }

  /**
   * The earliest time (epoch seconds) at which the series of {@code selector} reached its last value in the last 5
   * minutes: when the run's final count arrived.
   */
  static double finalSampleTime(String selector) throws IOException, InterruptedException {
    JsonNode result = query(selector + "[5m]", System.currentTimeMillis() / 1000.0);
    assertThat(result.size()).as(selector + " -> " + result).isEqualTo(1);
    JsonNode values = result.get(0).path("values");
    String last = values.get(values.size() - 1).get(1).asText();
    double t = values.get(values.size() - 1).get(0).asDouble();
    for (int i = values.size() - 1; i >= 0 && values.get(i).get(1).asText().equals(last); i--) {
      t = values.get(i).get(0).asDouble();
    }
    return t;
  }

  /** Waits until Prometheus has a scrape target whose URL contains {@code part}. */
  static void awaitTarget(String part, Duration timeout) throws IOException, InterruptedException {
    long end = System.nanoTime() + timeout.toNanos();
    while (System.nanoTime() < end) {
      if (get(PROMETHEUS + "/api/v1/targets").body().contains(part)) {
        return;
      }
      Thread.sleep(500);
    }
    throw new AssertionError("Prometheus did not pick up the target " + part + " within " + timeout);
  }

  /** Adds scrape targets of the test servers' Prometheus (job sciycsb): a file of its targets folder. */
  static Path addTargets(String name, String... hostPorts) throws IOException {
    Path dir = Path.of(Launcher.serversWork(), "servers", "prometheus", "targets");
    assertThat(dir).as("the Prometheus of bin/servers start prometheus keeps its targets here").isDirectory();
    String targets = String.join("\", \"", hostPorts);
    Path tmp = dir.resolve(name + ".json.tmp");
    Files.writeString(tmp, "[{\"targets\": [\"" + targets + "\"], \"labels\": {\"test\": \"" + name + "\"}}]\n");
    Path file = dir.resolve(name + ".json");
    Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    return file;
  }

  /**
   * What the Pushgateway holds now of {@code sciycsb_operations_total} with status OK for a run's label and command:
   * the sum per client.
   */
  static Map<String, Double> pushedOk(String label, String command) throws IOException, InterruptedException {
    Map<String, Double> byClient = new TreeMap<>();
    Pattern client = Pattern.compile("[{,]client=\"([^\"]*)\"");
    for (String line : get("http://" + PUSHGATEWAY + "/metrics").body().lines().toList()) {
      if (line.startsWith("sciycsb_operations_total{") && line.contains("label=\"" + label + "\"")
          && line.contains("command=\"" + command + "\"") && line.contains("status=\"OK\"")) {
        Matcher m = client.matcher(line);
        assertThat(m.find()).as(line).isTrue();
        byClient.merge(m.group(1), Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1)), Double::sum);
      }
    }
    return byClient;
  }

  /** Deletes a group of the Pushgateway. */
  static void deleteGroup(String job, String instance) throws IOException, InterruptedException {
    HttpRequest req = HttpRequest.newBuilder(URI.create("http://" + PUSHGATEWAY + "/metrics/job/" + job
        + "/instance/" + instance)).timeout(Duration.ofSeconds(10)).DELETE().build();
    HTTP.send(req, HttpResponse.BodyHandlers.discarding());
  }

  static HttpResponse<String> get(String url) throws IOException, InterruptedException {
    return HTTP.send(HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(10)).GET().build(),
        HttpResponse.BodyHandlers.ofString());
  }
}
