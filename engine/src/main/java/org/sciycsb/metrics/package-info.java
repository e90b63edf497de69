/**
 * Live metrics of a running phase for Prometheus: {@link org.sciycsb.metrics.PrometheusMetrics#EXTENSION} plugs into
 * every {@code bin/ycsb load|run} and study step as a {@link org.sciycsb.engine.RunExtension}; with
 * {@code metrics.prometheus} set it serves {@code /metrics} (the official Prometheus Java client's HTTP server), with
 * {@code metrics.pushgateway} it pushes to a Pushgateway. {@link org.sciycsb.metrics.LiveMetrics} turns the engine's
 * {@link org.sciycsb.engine.LiveRun} into the client library's snapshots at each scrape or push: nothing is measured
 * twice and the client threads are never blocked. Metric names and labels: docs/metrics.md.
 */
package org.sciycsb.metrics;
