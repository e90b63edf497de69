package org.sciycsb.study.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The study report's content: tables whose cells are either measured (with the run folder and field each number
 * comes from), derived from measured cells (ratios), or published (with the paper's section, table or figure),
 * never mixed in one column; and figures (line and bar charts) drawn from measured cells only.
 */
public final class Report {
  private Report() {}

  /** Column groups: row keys, this run's numbers, numbers derived from this run's, the paper's published ones. */
  public static final String KEY = "key";
  public static final String RUN = "run";
  public static final String DERIVED = "derived";
  public static final String PUBLISHED = "published";

  /** Where a measured number comes from: a step, its folder (relative to the study folder) and the field. */
  public record Source(String step, String dir, String field) {
    Map<String, Object> toMap() {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("step", step);
      m.put("dir", dir);
      m.put("field", field);
      return m;
    }
  }

  /** One table cell. */
  public static final class Cell {
    public Double value;
    public String text;
    public final List<Source> sources = new ArrayList<>();
    public String aggregate;
    public Double stdev;
    /** A mean's 95 % interval {low, high} (Student's t over its values), null with one value. */
    public double[] ci95;
    /** The values a mean is made of, in plan order (repeat order with --repeat). */
    public List<Double> values;
    /** Steps of a mean that did not finish: named, not averaged. */
    public List<String> failed;
    public String published;
    public String precision;
    public String derived;

    public static Cell text(String t) {
      Cell c = new Cell();
      c.text = t;
      return c;
    }

    static Cell missing(String why) {
      Cell c = new Cell();
      c.text = why;
      return c;
    }

    public boolean hasValue() {
      return value != null && !value.isNaN() && !value.isInfinite();
    }

    Map<String, Object> toMap() {
      Map<String, Object> m = new LinkedHashMap<>();
      if (hasValue()) {
        m.put("value", value);
      }
      if (text != null) {
        m.put("text", text);
      }
      if (aggregate != null) {
        m.put("aggregate", aggregate);
        m.put("n", sources.size());
        if (stdev != null) {
          m.put("stdev", stdev);
        }
        m.put("ci95", ci95 == null ? List.of() : List.of(ci95[0], ci95[1]));
        if (values != null) {
          m.put("values", values);
        }
        if (failed != null && !failed.isEmpty()) {
          m.put("failed", failed);
        }
      }
      if (!sources.isEmpty()) {
        List<Object> s = new ArrayList<>();
        for (Source x : sources) {
          s.add(x.toMap());
        }
        m.put("sources", s);
      }
      if (derived != null) {
        m.put("derived", derived);
        if (ci95 != null) {
          m.put("ci95", List.of(ci95[0], ci95[1]));
        }
      }
      if (published != null) {
        m.put("published", published);
        m.put("precision", precision);
      }
      return m;
    }
  }

  /** A column: its key in the rows, title, group (KEY, RUN, DERIVED, PUBLISHED) and decimals shown. */
  public record Col(String key, String title, String group, int decimals) {}

  public static final class Table {
    public final String id;
    public final String title;
    public final String reproduces;
    public final List<Col> cols = new ArrayList<>();
    public final List<Map<String, Cell>> rows = new ArrayList<>();
    public final List<String> notes = new ArrayList<>();

    public Table(String id, String title, String reproduces) {
      this.id = id;
      this.title = title;
      this.reproduces = reproduces;
    }

    public Table key(String key, String title) {
      cols.add(new Col(key, title, KEY, 0));
      return this;
    }

    public Table run(String key, String title, int decimals) {
      cols.add(new Col(key, title, RUN, decimals));
      return this;
    }

    public Table derived(String key, String title, int decimals) {
      cols.add(new Col(key, title, DERIVED, decimals));
      return this;
    }

    public Table published(String key, String title, int decimals) {
      cols.add(new Col(key, title, PUBLISHED, decimals));
      return this;
    }

    public Map<String, Cell> row() {
      Map<String, Cell> r = new LinkedHashMap<>();
      rows.add(r);
      return r;
    }

    public Table note(String n) {
      notes.add(n);
      return this;
    }

    boolean hasGroup(String group) {
      return cols.stream().anyMatch(c -> c.group().equals(group));
    }
  }

  /** A chart: line (x numeric, optional log x) or bar (categories). Only measured values are drawn. */
  public static final class Figure {
    public final String id;
    public final String title;
    public final String reproduces;
    public final boolean bar;
    public final String xLabel;
    public final String yLabel;
    public boolean logX;
    public final List<String> categories = new ArrayList<>();
    public final List<String> names = new ArrayList<>();
    public final List<double[]> barValues = new ArrayList<>();
    public final List<org.sciycsb.report.html.Svg.Series> series = new ArrayList<>();

    public Figure(String id, String title, String reproduces, boolean bar, String xLabel, String yLabel) {
      this.id = id;
      this.title = title;
      this.reproduces = reproduces;
      this.bar = bar;
      this.xLabel = xLabel;
      this.yLabel = yLabel;
    }

    /** A line series from (x, y) points; points whose y is NaN are left out. */
    public Figure line(String name, List<double[]> points) {
      List<double[]> ok = points.stream().filter(p -> !Double.isNaN(p[1])).toList();
      double[] x = new double[ok.size()];
      double[] y = new double[ok.size()];
      double[] e = new double[ok.size()];
      boolean err = false;
      for (int i = 0; i < ok.size(); i++) {
        x[i] = ok.get(i)[0];
        y[i] = ok.get(i)[1];
        if (ok.get(i).length > 2 && !Double.isNaN(ok.get(i)[2])) {
          e[i] = ok.get(i)[2];
          err = true;
        }
      }
      series.add(new org.sciycsb.report.html.Svg.Series(name, x, y, err ? e : null));
      return this;
    }

    /** A bar series: one value per category (NaN drawn as 0). */
    public Figure bars(String name, double[] values) {
      names.add(name);
      barValues.add(values);
      return this;
    }

    boolean empty() {
      if (bar) {
        return barValues.stream().allMatch(v -> java.util.Arrays.stream(v).allMatch(d -> Double.isNaN(d)));
      }
      return series.stream().allMatch(s -> s.x().length == 0);
    }

    Map<String, Object> toMap() {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("id", id);
      m.put("title", title);
      m.put("reproduces", reproduces);
      m.put("kind", bar ? "bar" : "line");
      m.put("xLabel", xLabel);
      m.put("yLabel", yLabel);
      if (bar) {
        m.put("categories", categories);
        List<Object> s = new ArrayList<>();
        for (int i = 0; i < names.size(); i++) {
          Map<String, Object> x = new LinkedHashMap<>();
          x.put("name", names.get(i));
          List<Object> v = new ArrayList<>();
          for (double d : barValues.get(i)) {
            v.add(Double.isNaN(d) ? null : d);
          }
          x.put("values", v);
          s.add(x);
        }
        m.put("series", s);
      } else {
        m.put("logX", logX);
        List<Object> s = new ArrayList<>();
        for (org.sciycsb.report.html.Svg.Series x : series) {
          Map<String, Object> o = new LinkedHashMap<>();
          o.put("name", x.name());
          List<Object> pts = new ArrayList<>();
          for (int i = 0; i < x.x().length; i++) {
            pts.add(List.of(x.x()[i], x.y()[i]));
          }
          o.put("points", pts);
          if (x.err() != null) { // the 95 % interval's half width of each point (its error bar)
            List<Object> e = new ArrayList<>();
            for (double d : x.err()) {
              e.add(d);
            }
            o.put("ci95HalfWidths", e);
          }
          s.add(o);
        }
        m.put("series", s);
      }
      return m;
    }

    String svg() {
      if (bar) {
        double[][] v = new double[barValues.size()][];
        for (int i = 0; i < v.length; i++) {
          v[i] = barValues.get(i).clone();
          for (int k = 0; k < v[i].length; k++) {
            if (Double.isNaN(v[i][k])) {
              v[i][k] = 0;
            }
          }
        }
        return org.sciycsb.report.html.Svg.barChart(id, title, yLabel, categories, names, v);
      }
      return org.sciycsb.report.html.Svg.lineChart(id, title, xLabel, yLabel, series, false, logX);
    }
  }
}
