#!/usr/bin/env python3
"""Repeat until decided: the stopping rule the bench scripts share (standard library only).

A script runs its tools in interleaved pairs (A B, A B, ...) and keeps the ratio of each pair (the two runs ran next
to each other, so a drift of the machine cancels in the ratio). After each pair from a minimum on, the 95 %
interval of the ratio is that of the geometric mean of the pairs' ratios: Student's t on their logarithms, n - 1
degrees of freedom. Against a band [LOW, HIGH] (a goal G is the band [G, G]) the interval is

  above      entirely above HIGH
  below      entirely below LOW
  within     entirely inside the band (LOW < HIGH: equivalent within the band)
  undecided  across an edge of the band, or fewer than two pairs

and the script adds pairs until it is decided or a maximum of pairs is reached (bench/lib.sh:
repeat_until_decided says which ended it).

  python3 bench/until.py decide LOW HIGH RATIO...   prints "STATE GEOMEAN CI_LOW CI_HIGH PAIRS"; exit 0 when
                                                     decided, 1 when not
  python3 bench/until.py ci RATIO...                 prints "GEOMEAN CI_LOW CI_HIGH PAIRS"
"""
import math
import statistics
import sys


def t_two_sided(t, df):
    """P(|T| < t) for Student's t with an integer df >= 1 (the finite series of Abramowitz & Stegun 26.7.3-4)."""
    theta = math.atan(t / math.sqrt(df))
    c2 = math.cos(theta) ** 2
    term, total = 1.0, 1.0
    if df % 2 == 1:
        for k in range(3, df, 2):  # 1 + (2/3) c^2 + (2*4)/(3*5) c^4 + ... up to c^(df-3)
            term *= (k - 1) / k * c2
            total += term
        return 2 / math.pi * (theta + (math.sin(theta) * math.cos(theta) * total if df > 1 else 0))
    for k in range(2, df, 2):  # 1 + (1/2) c^2 + (1*3)/(2*4) c^4 + ... up to c^(df-2)
        term *= (k - 1) / k * c2
        total += term
    return math.sin(theta) * total


def t_quantile(p, df):
    """The two-sided p quantile of Student's t (t95 = t_quantile(0.95, df)), by bisection on t_two_sided."""
    lo, hi = 0.0, 1.0
    while t_two_sided(hi, df) < p:
        hi *= 2
    for _ in range(200):
        mid = (lo + hi) / 2
        if t_two_sided(mid, df) < p:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2


def t95(df):
    return t_quantile(0.95, df)


def mean_ci(values):
    """(mean, half-width of the 95 % interval of the mean); half-width None with fewer than two values."""
    values = [v for v in values if v is not None and not math.isnan(v)]
    if not values:
        return None, None
    m = statistics.fmean(values)
    if len(values) < 2:
        return m, None
    return m, t95(len(values) - 1) * statistics.stdev(values) / math.sqrt(len(values))


def ratio_ci(ratios):
    """(geometric mean, low, high) of positive ratios: the 95 % interval of the mean log, exponentiated; low and
    high NaN with fewer than two ratios."""
    logs = [math.log(r) for r in ratios if r is not None and r > 0 and math.isfinite(r)]
    if not logs:
        return math.nan, math.nan, math.nan
    m, h = mean_ci(logs)
    if h is None:
        return math.exp(m), math.nan, math.nan
    return math.exp(m), math.exp(m - h), math.exp(m + h)


def state(low, high, band_low, band_high):
    """Where [low, high] lies against [band_low, band_high]: above, below, within or undecided."""
    if math.isnan(low) or math.isnan(high):
        return "undecided"
    if low > band_high:
        return "above"
    if high < band_low:
        return "below"
    if band_low < band_high and low >= band_low and high <= band_high:
        return "within"
    return "undecided"


def main(argv):
    if len(argv) >= 3 and argv[0] == "decide":
        band_low, band_high = float(argv[1]), float(argv[2])
        ratios = [float(x) for x in argv[3:]]
        g, lo, hi = ratio_ci(ratios)
        s = state(lo, hi, band_low, band_high)
        print(f"{s} {g:.4f} {lo:.4f} {hi:.4f} {len(ratios)}")
        return 0 if s != "undecided" else 1
    if argv and argv[0] == "ci":
        ratios = [float(x) for x in argv[1:]]
        g, lo, hi = ratio_ci(ratios)
        print(f"{g:.4f} {lo:.4f} {hi:.4f} {len(ratios)}")
        return 0
    print(__doc__.strip().splitlines()[-3].strip(), file=sys.stderr)
    print("usage: until.py decide LOW HIGH RATIO... | until.py ci RATIO...", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
