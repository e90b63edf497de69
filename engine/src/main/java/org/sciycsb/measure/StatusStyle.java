package org.sciycsb.measure;

import java.util.Locale;

/**
 * What the status line's per-operation figures are, as YCSB 0.17's {@code measurementtype} and
 * {@code measurement.interval} make them: the figures' shape ({@link Kind}), which histogram backs {@code [READ]}
 * ({@link Source}), and the label glued to the line's date ({@code -l}).
 *
 * @param kind   the figures' shape
 * @param source which time each operation's figures are of
 * @param label  what the line begins with, glued to the date as upstream does ("" for none)
 * @param stdout whether the lines go to stdout as well as stderr (upstream does for {@code measurementtype=timeseries})
 */
public record StatusStyle(Kind kind, Source source, String label, boolean stdout) {
  /** The figures' shape, by upstream's {@code measurementtype}. */
  public enum Kind {
    /** hdrhistogram (the default): {@code [READ: Count=.., Max=.., Min=.., Avg=.., 90=.., 99=.., 99.9=.., 99.99=..]}. */
    HDR,
    /** histogram and timeseries: {@code [READ AverageLatency(us)=..]}. */
    AVERAGE,
    /** raw: {@code READ count: N, average latency(us): X}. */
    RAW
  }

  /** Which histogram backs an operation's figures. */
  public enum Source {
    /** This project's default: {@code [READ]} is the response time (from the intended start). */
    RESPONSE,
    /** {@code measurement.interval=op} (upstream's default): {@code [READ]} is the service time. */
    SERVICE,
    /** {@code measurement.interval=intended}: {@code [READ]} is the response time. */
    INTENDED,
    /** {@code measurement.interval=both}: {@code [READ]} the service time, {@code [Intended-READ]} the response time. */
    BOTH
  }

  public StatusStyle {
    label = label == null ? "" : label;
  }

  /** This project's default: hdrhistogram figures of the response time, no label. */
  public static StatusStyle defaults() {
    return new StatusStyle(Kind.HDR, Source.RESPONSE, "", false);
  }

  /**
   * The style of upstream's property values, as given (null: not set). A value upstream does not know falls back to
   * the default here: the options' own check refuses it before a run starts.
   */
  public static StatusStyle of(String measurementType, String measurementInterval, String label) {
    String type = measurementType == null ? "" : measurementType.trim().toLowerCase(Locale.ROOT);
    Kind kind = switch (type) {
      case "histogram", "timeseries" -> Kind.AVERAGE;
      case "raw" -> Kind.RAW;
      default -> Kind.HDR;
    };
    String interval = measurementInterval == null ? "" : measurementInterval.trim().toLowerCase(Locale.ROOT);
    Source source = switch (interval) {
      case "op" -> Source.SERVICE;
      case "intended" -> Source.INTENDED;
      case "both" -> Source.BOTH;
      default -> Source.RESPONSE;
    };
    return new StatusStyle(kind, source, label, type.equals("timeseries"));
  }
}
