package org.sciycsb.census;

import java.io.IOException;
import java.io.Writer;
import java.util.SplittableRandom;
import java.util.zip.CRC32;

/**
 * Deterministic census records: record {@code i} of a data set depends only on the seed and {@code i}, so any
 * size can be produced, in parallel or in pieces, and always gives the same bytes. Records are county-level
 * summaries of one census vintage: the 50 states and DC, 150 counties a state, vintages 2020, 2010, ... 1950,
 * then the cycle repeats with new record ids. About two thirds of the counties have more females than males.
 *
 * <p>Sums hold exactly: {@code male_total} is the sum of the 18 male age bands, {@code female_total} the sum of
 * the female ones, {@code total_population} their sum. The last column is a CRC32 (hex) of the other 110.
 */
public final class CensusGenerator {
  private final long seed;
  private final long malformedEvery;

  /** @param malformedEvery 0 for none, else one record in this many is written truncated (bad-input tests) */
  public CensusGenerator(long seed, long malformedEvery) {
    this.seed = seed;
    this.malformedEvery = malformedEvery;
  }

  public CensusGenerator(long seed) {
    this(seed, 0);
  }

  static final String[][] STATES = {
      {"Alabama", "AL", "01", "South", "East South Central"}, {"Alaska", "AK", "02", "West", "Pacific"},
      {"Arizona", "AZ", "04", "West", "Mountain"}, {"Arkansas", "AR", "05", "South", "West South Central"},
      {"California", "CA", "06", "West", "Pacific"}, {"Colorado", "CO", "08", "West", "Mountain"},
      {"Connecticut", "CT", "09", "Northeast", "New England"}, {"Delaware", "DE", "10", "South", "South Atlantic"},
      {"District of Columbia", "DC", "11", "South", "South Atlantic"},
      {"Florida", "FL", "12", "South", "South Atlantic"}, {"Georgia", "GA", "13", "South", "South Atlantic"},
      {"Hawaii", "HI", "15", "West", "Pacific"}, {"Idaho", "ID", "16", "West", "Mountain"},
      {"Illinois", "IL", "17", "Midwest", "East North Central"},
      {"Indiana", "IN", "18", "Midwest", "East North Central"}, {"Iowa", "IA", "19", "Midwest", "West North Central"},
      {"Kansas", "KS", "20", "Midwest", "West North Central"}, {"Kentucky", "KY", "21", "South", "East South Central"},
      {"Louisiana", "LA", "22", "South", "West South Central"}, {"Maine", "ME", "23", "Northeast", "New England"},
      {"Maryland", "MD", "24", "South", "South Atlantic"}, {"Massachusetts", "MA", "25", "Northeast", "New England"},
      {"Michigan", "MI", "26", "Midwest", "East North Central"},
      {"Minnesota", "MN", "27", "Midwest", "West North Central"},
      {"Mississippi", "MS", "28", "South", "East South Central"},
      {"Missouri", "MO", "29", "Midwest", "West North Central"}, {"Montana", "MT", "30", "West", "Mountain"},
      {"Nebraska", "NE", "31", "Midwest", "West North Central"}, {"Nevada", "NV", "32", "West", "Mountain"},
      {"New Hampshire", "NH", "33", "Northeast", "New England"},
      {"New Jersey", "NJ", "34", "Northeast", "Middle Atlantic"}, {"New Mexico", "NM", "35", "West", "Mountain"},
      {"New York", "NY", "36", "Northeast", "Middle Atlantic"},
      {"North Carolina", "NC", "37", "South", "South Atlantic"},
      {"North Dakota", "ND", "38", "Midwest", "West North Central"},
      {"Ohio", "OH", "39", "Midwest", "East North Central"}, {"Oklahoma", "OK", "40", "South", "West South Central"},
      {"Oregon", "OR", "41", "West", "Pacific"}, {"Pennsylvania", "PA", "42", "Northeast", "Middle Atlantic"},
      {"Rhode Island", "RI", "44", "Northeast", "New England"},
      {"South Carolina", "SC", "45", "South", "South Atlantic"},
      {"South Dakota", "SD", "46", "Midwest", "West North Central"},
      {"Tennessee", "TN", "47", "South", "East South Central"}, {"Texas", "TX", "48", "South", "West South Central"},
      {"Utah", "UT", "49", "West", "Mountain"}, {"Vermont", "VT", "50", "Northeast", "New England"},
      {"Virginia", "VA", "51", "South", "South Atlantic"}, {"Washington", "WA", "53", "West", "Pacific"},
      {"West Virginia", "WV", "54", "South", "South Atlantic"},
      {"Wisconsin", "WI", "55", "Midwest", "East North Central"}, {"Wyoming", "WY", "56", "West", "Mountain"}};

  static final String[] COUNTY_NAMES = {"Washington", "Jefferson", "Franklin", "Jackson", "Lincoln", "Madison",
      "Clay", "Montgomery", "Marion", "Monroe", "Union", "Wayne", "Greene", "Warren", "Grant", "Polk", "Lake",
      "Adams", "Clark", "Johnson", "Lee", "Marshall", "Hamilton", "Douglas", "Carroll", "Fayette", "Lawrence",
      "Brown", "Calhoun", "Crawford", "Harrison", "Henry", "Knox", "Logan", "Morgan", "Perry", "Scott", "Shelby",
      "Benton", "Butler", "Cass", "Clinton", "Decatur", "Dallas", "Hancock", "Houston", "Howard", "Jasper",
      "Marion Hills", "Mercer"};

  /** Relative size of the 18 age bands (a 2010-like pyramid). */
  static final double[] AGE_WEIGHTS = {6.5, 6.6, 6.7, 7.1, 7.0, 6.8, 6.5, 6.5, 6.8, 7.3, 7.2, 6.4, 5.4, 4.0, 3.0,
      2.4, 1.9, 1.8};

  static final int COUNTIES_PER_STATE = 150;
  static final int VINTAGES = 8;

  /** The fields of record {@code i} (0-based), always 111. */
  public String[] fields(long i) {
    Fields x = new Fields(new SplittableRandom(mix(seed * 0x9E3779B97F4A7C15L + i)));
    geography(x, i);
    long[] ages = ageAndSex(x);
    long total = ages[0];
    long under18 = ages[1];
    long units = householdsAndRace(x, total);
    long workers = incomeEducationAndLabor(x, total, under18);
    commuteHealthAndQuarters(x, total, workers, units);
    checksum(x);
    if (x.c != CensusSchema.FIELDS) {
      throw new IllegalStateException("generated " + x.c + " fields");
    }
    return x.f;
  }

  /** The record being generated: its fields so far and the random numbers, drawn in field order. */
  private static final class Fields {
    final SplittableRandom r;
    final String[] f = new String[CensusSchema.FIELDS];
    int c;

    Fields(SplittableRandom r) {
      this.r = r;
    }

    void add(String v) {
      f[c++] = v;
    }
  }

  /** Record number, vintage, the state and county, their names and areas, the county's position. */
  private static void geography(Fields x, long i) {
    int s = (int) (i % STATES.length);
    long k = (i / STATES.length) % COUNTIES_PER_STATE;
    long vintage = (i / ((long) STATES.length * COUNTIES_PER_STATE)) % VINTAGES;
    String[] st = STATES[s];
    x.add(Long.toString(i + 1));
    x.add(Long.toString(2020 - 10 * vintage));
    x.add("050");
    x.add(st[2]);
    String countyFips = pad(Long.toString(2 * k + 1), 3);
    x.add(countyFips);
    x.add(st[2] + countyFips);
    x.add(st[0]);
    x.add(st[1]);
    String base = COUNTY_NAMES[(int) (k % COUNTY_NAMES.length)];
    long rep = k / COUNTY_NAMES.length;
    x.add(base + (rep == 0 ? "" : rep == 1 ? " North" : " South") + " County");
    x.add(st[3]);
    x.add(st[4]);
    double land = 80 + x.r.nextDouble() * 2500;
    x.add(dec2(land));
    x.add(dec2(x.r.nextDouble() * land * 0.08));
    x.add(dec4(25 + x.r.nextDouble() * 23));
    x.add(dec4(-(70 + x.r.nextDouble() * 54)));
  }

  /** Population by sex and age band, the broad age groups and median ages: {total, under 18}. */
  private static long[] ageAndSex(Fields x) {
    long total = Math.max(80, Math.min(10_000_000, Math.round(Math.exp(10.2 + 1.3 * gauss(x.r)))));
    double femaleShare = 0.505 + 0.012 * gauss(x.r);
    long females = Math.round(total * femaleShare);
    long males = total - females;
    int totalAt = x.c;
    x.c += 3; // total, male, female filled below
    long[] maleBands = split(males, x.r);
    long[] femaleBands = split(females, x.r);
    for (long v : maleBands) {
      x.add(Long.toString(v));
    }
    for (long v : femaleBands) {
      x.add(Long.toString(v));
    }
    x.f[totalAt] = Long.toString(males + females);
    x.f[totalAt + 1] = Long.toString(males);
    x.f[totalAt + 2] = Long.toString(females);
    long under18 = 0;
    long old = 0;
    for (int b = 0; b < 18; b++) {
      long both = maleBands[b] + femaleBands[b];
      if (b < 3) {
        under18 += both;
      } else if (b == 3) {
        under18 += both * 3 / 5;
      }
      if (b >= 13) {
        old += both;
      }
    }
    x.add(Long.toString(under18));
    x.add(Long.toString(total - under18 - old));
    x.add(Long.toString(old));
    double medianAge = 30 + x.r.nextDouble() * 18;
    x.add(dec1(medianAge));
    x.add(dec1(medianAge - 1 - x.r.nextDouble() * 2));
    x.add(dec1(medianAge + 1 + x.r.nextDouble() * 2));
    return new long[] {total, under18};
  }

  /** Households, housing units, race and Hispanic origin: the number of housing units. */
  private static long householdsAndRace(Fields x, long total) {
    double hhSize = 2.2 + x.r.nextDouble() * 0.9;
    long households = Math.max(1, Math.round(total / hhSize));
    long family = Math.round(households * (0.6 + x.r.nextDouble() * 0.15));
    x.add(Long.toString(households));
    x.add(Long.toString(family));
    x.add(Long.toString(households - family));
    x.add(dec2(hhSize));
    long units = Math.round(households * (1.05 + x.r.nextDouble() * 0.2));
    long owners = Math.round(households * (0.55 + x.r.nextDouble() * 0.25));
    x.add(Long.toString(units));
    x.add(Long.toString(households));
    x.add(Long.toString(units - households));
    x.add(Long.toString(owners));
    x.add(Long.toString(households - owners));
    long left = total;
    double[] race = {0.55 + x.r.nextDouble() * 0.35, 0.02 + x.r.nextDouble() * 0.25, x.r.nextDouble() * 0.03,
        x.r.nextDouble() * 0.08, x.r.nextDouble() * 0.005, x.r.nextDouble() * 0.05};
    for (double share : race) {
      long v = Math.min(left, Math.round(total * share));
      x.add(Long.toString(v));
      left -= v;
    }
    x.add(Long.toString(left));
    long hispanic = Math.round(total * x.r.nextDouble() * 0.4);
    x.add(Long.toString(hispanic));
    x.add(Long.toString(total - hispanic));
    return units;
  }

  /** Income, poverty, education and the labour force: the number of workers. */
  private static long incomeEducationAndLabor(Fields x, long total, long under18) {
    long income = 28_000 + (long) (x.r.nextDouble() * 70_000);
    x.add(Long.toString(income));
    x.add(Long.toString(income * (38 + (long) (x.r.nextDouble() * 10)) / 100));
    x.add(Long.toString(Math.round(total * (0.07 + x.r.nextDouble() * 0.18))));
    long adults = total - under18;
    double[] edu = {0.08 + x.r.nextDouble() * 0.1, 0.25 + x.r.nextDouble() * 0.1, 0.2 + x.r.nextDouble() * 0.1,
        0.12 + x.r.nextDouble() * 0.1};
    long eduLeft = adults;
    for (double share : edu) {
      long v = Math.min(eduLeft, Math.round(adults * share));
      x.add(Long.toString(v));
      eduLeft -= v;
    }
    x.add(Long.toString(eduLeft));
    long labor = Math.round(adults * (0.55 + x.r.nextDouble() * 0.15));
    long unemployed = Math.round(labor * (0.03 + x.r.nextDouble() * 0.08));
    x.add(Long.toString(labor));
    x.add(Long.toString(labor - unemployed));
    x.add(Long.toString(unemployed));
    x.add(Long.toString(adults - labor));
    x.add(Long.toString(Math.round(adults * (0.04 + x.r.nextDouble() * 0.06))));
    x.add(Long.toString(Math.round(total * (0.08 + x.r.nextDouble() * 0.08))));
    x.add(Long.toString(Math.round(total * x.r.nextDouble() * 0.25)));
    x.add(Long.toString(Math.round(total * x.r.nextDouble() * 0.3)));
    x.add(Long.toString(Math.round(total * (0.009 + x.r.nextDouble() * 0.006))));
    x.add(Long.toString(Math.round(total * (0.006 + x.r.nextDouble() * 0.007))));
    x.add(Long.toString(Math.round(total * (x.r.nextDouble() - 0.5) * 0.02)));
    return labor - unemployed;
  }

  /** Commuting, health insurance, housing values and group quarters. */
  private static void commuteHealthAndQuarters(Fields x, long total, long workers, long units) {
    long car = Math.round(workers * (0.7 + x.r.nextDouble() * 0.2));
    long transit = Math.min(workers - car, Math.round(workers * x.r.nextDouble() * 0.1));
    long walk = Math.min(workers - car - transit, Math.round(workers * x.r.nextDouble() * 0.04));
    x.add(Long.toString(car));
    x.add(Long.toString(transit));
    x.add(Long.toString(walk));
    x.add(Long.toString(workers - car - transit - walk));
    x.add(dec1(15 + x.r.nextDouble() * 20));
    long uninsured = Math.round(total * (0.04 + x.r.nextDouble() * 0.14));
    x.add(Long.toString(total - uninsured));
    x.add(Long.toString(uninsured));
    x.add(Long.toString(60_000 + (long) (x.r.nextDouble() * 500_000)));
    x.add(Long.toString(500 + (long) (x.r.nextDouble() * 1500)));
    x.add(Long.toString(Math.round(units * x.r.nextDouble() * 0.3)));
    long gq = Math.round(total * x.r.nextDouble() * 0.04);
    long inst = Math.round(gq * x.r.nextDouble() * 0.6);
    x.add(Long.toString(gq));
    x.add(Long.toString(inst));
    x.add(Long.toString(gq - inst));
  }

  /** The last field: the CRC-32 of every field before it, each followed by a comma. */
  private static void checksum(Fields row) {
    CRC32 crc = new CRC32();
    byte[] buf = new byte[1024];
    for (int j = 0; j < row.c; j++) {
      String v = row.f[j];
      if (buf.length < v.length() + 1) {
        buf = new byte[v.length() * 2 + 1];
      }
      int n = 0;
      for (int x = 0; x < v.length(); x++) {
        buf[n++] = (byte) v.charAt(x); // generated text is ASCII
      }
      buf[n++] = ',';
      crc.update(buf, 0, n);
    }
    row.add(pad(Long.toHexString(crc.getValue()), 8));
  }

  /** True when record {@code i} is written malformed (see the constructor). */
  public boolean malformed(long i) {
    return malformedEvery > 0 && i % malformedEvery == malformedEvery - 1;
  }

  /** Record {@code i} as a CSV line without its line feed (truncated after 40 fields when malformed). */
  public String line(long i) {
    String[] f = fields(i);
    StringBuilder sb = new StringBuilder(900);
    int n = malformed(i) ? 40 : f.length;
    for (int j = 0; j < n; j++) {
      if (j > 0) {
        sb.append(',');
      }
      sb.append(f[j]);
    }
    return sb.toString();
  }

  /** Writes records {@code [from, to)} as CSV lines. */
  public void write(long from, long to, Writer out) throws IOException {
    for (long i = from; i < to; i++) {
      out.write(line(i));
      out.write('\n');
    }
  }

  /** Splits {@code n} people over the 18 age bands: exact sum, weights with noise. */
  private static long[] split(long n, SplittableRandom r) {
    double[] w = new double[18];
    double sum = 0;
    for (int b = 0; b < 18; b++) {
      w[b] = AGE_WEIGHTS[b] * (0.8 + 0.4 * r.nextDouble());
      sum += w[b];
    }
    long[] out = new long[18];
    long given = 0;
    for (int b = 0; b < 17; b++) {
      out[b] = (long) Math.floor(n * w[b] / sum);
      given += out[b];
    }
    out[17] = n - given;
    return out;
  }

  private static String pad(String s, int width) {
    StringBuilder sb = new StringBuilder(width);
    for (int i = s.length(); i < width; i++) {
      sb.append('0');
    }
    return sb.append(s).toString();
  }

  private static double gauss(SplittableRandom r) {
    double u = Math.max(1e-12, r.nextDouble());
    double v = r.nextDouble();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }

  private static long mix(long z) {
    z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
    z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
    return z ^ (z >>> 31);
  }

  static String dec1(double v) {
    return fixed(v, 10, 1);
  }

  static String dec2(double v) {
    return fixed(v, 100, 2);
  }

  static String dec4(double v) {
    return fixed(v, 10000, 4);
  }

  private static String fixed(double v, long scale, int digits) {
    long x = Math.round(Math.abs(v) * scale);
    StringBuilder sb = new StringBuilder(16);
    if (v < 0 && x != 0) {
      sb.append('-');
    }
    sb.append(x / scale).append('.');
    String frac = Long.toString(x % scale);
    for (int i = frac.length(); i < digits; i++) {
      sb.append('0');
    }
    return sb.append(frac).toString();
  }
}
