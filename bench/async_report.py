#!/usr/bin/env python3
"""The tables of bench/async.sh from its runs: python3 bench/async_report.py WORK RUNS.tsv BASIC_SECONDS.

Every figure is the mean over the repeats with its 95 % confidence interval (Student's t). A ratio between two
columns is the mean of the per-repeat ratios (the runs of one repeat ran next to each other) with its interval; a
goal's verdict is "met" or "not met" only when the whole interval lies on one side of it, else "inside the noise".
"""
import json
import math
import re
import statistics
import sys
from collections import defaultdict

# two-sided 95 % quantiles of Student's t, by degrees of freedom
T95 = {1: 12.706, 2: 4.303, 3: 3.182, 4: 2.776, 5: 2.571, 6: 2.447, 7: 2.365, 8: 2.306, 9: 2.262, 10: 2.228,
       15: 2.131, 20: 2.086, 30: 2.042}


def t95(df):
    for k in sorted(T95):
        if df <= k:
            return T95[k]
    return 1.96


def ci(values):
    """(mean, half-width) of the 95 % interval; half-width None with one value."""
    values = [v for v in values if v is not None and not math.isnan(v)]
    if not values:
        return None, None
    m = statistics.fmean(values)
    if len(values) < 2:
        return m, None
    return m, t95(len(values) - 1) * statistics.stdev(values) / math.sqrt(len(values))


def fmt(values, digits=0):
    m, h = ci(values)
    if m is None:
        return "failed"
    s = f"{m:,.{digits}f}"
    return s if h is None else f"{s} ± {h:,.{digits}f}"


def rss_mb(err_file):
    try:
        m = re.search(r"maxrss_kb (\d+)", open(err_file).read())
        return int(m.group(1)) / 1024 if m else None
    except OSError:
        return None


def ours(work, name):
    """throughput, CPU us/op, READ p99 (us), failed reads, RSS MB of one bin/ycsb run; None when it failed."""
    try:
        j = json.load(open(f"{work}/{name}/results.json"))
    except (OSError, ValueError):
        return None
    read = next((o for o in j["operations"] if o["name"] in ("READ", "OVERALL")), {})
    failed = sum(v for k, v in read.get("statuses", {}).items() if k != "OK")
    return {"thr": j["summary"]["throughput"], "cpu": j["metadata"].get("clientCpu", {}).get("cpuUsPerOp"),
            "p99": read.get("response", {}).get("p99"), "failed": failed, "rss": rss_mb(f"{work}/{name}.err"),
            "json": j}


def latte(work, name):
    try:
        r = json.load(open(f"{work}/{name}.json"))["result"]
    except (OSError, ValueError, KeyError):
        return None
    p99 = None
    pct = r["cycle_latency"].get("percentiles")
    if isinstance(pct, list) and len(pct) > 11:
        p99 = pct[11]["value"] * 1000  # ms -> us; the 12th of latte's percentile list is the 99th
    return {"thr": r["cycle_throughput"]["value"], "cpu": r["cpu_time_s"] * 1e6 / max(1, r["cycle_count"]),
            "p99": p99, "failed": r.get("error_count", 0), "rss": rss_mb(f"{work}/{name}.err")}


def verdict(ratios, goal, below):
    """'met', 'not met' or 'inside the noise' for a goal ratio <= goal (below) or >= goal."""
    m, h = ci(ratios)
    if m is None:
        return "no data", ""
    if h is None:
        return "no verdict (one repeat: no interval)", f"{m:.2f}"
    lo, hi = (m, m) if h is None else (m - h, m + h)
    text = f"{m:.2f}" + ("" if h is None else f" (95 % CI {lo:.2f}-{hi:.2f})")
    if (below and hi <= goal) or (not below and lo >= goal):
        return "met", text
    if (below and lo > goal) or (not below and hi < goal):
        return "not met", text
    return "inside the noise", text


def paired(runs, key, a, b):
    """per-repeat ratios a/b of one metric."""
    out = []
    for r in sorted(set(runs[a]) & set(runs[b])):
        x, y = runs[a][r], runs[b][r]
        if x and y and x.get(key) and y.get(key):
            out.append(x[key] / y[key])
    return out


def main():
    work, runs_file, basic_seconds = sys.argv[1], sys.argv[2], int(sys.argv[3])
    runs = defaultdict(dict)  # (store, mode, n) -> repeat -> row
    for line in open(runs_file):
        store, mode, n, rep, name = line.rstrip("\n").split("\t")
        runs[(store, mode, int(n))][int(rep)] = latte(work, name) if mode == "latte" else ours(work, name)
    for store, title in (("cassandra", "Cassandra"), ("mongodb", "MongoDB wire")):
        counts = sorted({n for (s, _, n) in runs if s == store})
        if not counts:
            continue
        print(f"\n{title}: reads by key, mean ± 95 % CI over the repeats")
        print("| in flight | client | throughput (reads/s) | client CPU (µs/read) | READ p99 (µs) | peak RSS (MB) | failed |")
        print("|---:|---|---:|---:|---:|---:|---:|")
        for n in counts:
            for mode, label in (("sync", f"{n} threads"), ("async", "async"), ("latte", "latte 2 x " + str((n + 1) // 2))):
                rows = runs.get((store, mode, n))
                if not rows:
                    continue
                if mode == "async":
                    label = f"async, {async_threads(rows)} threads"
                vals = list(rows.values())
                col = lambda k: [v[k] if v else None for v in vals]
                failed = sum((v or {}).get("failed", 0) or 0 for v in vals)
                print(f"| {n} | {label} | {fmt(col('thr'))} | {fmt(col('cpu'), 1)} | {fmt(col('p99'))} |"
                      f" {fmt(col('rss'))} | {failed} |")
        print()
        for n in counts:
            a, s, l = (store, "async", n), (store, "sync", n), (store, "latte", n)
            v, t = verdict(paired(runs, "thr", a, s), 1.0, below=False)
            print(f"- {title}, {n} in flight: async/sync throughput {t}: goal >= 1: **{v}**")
            v, t = verdict(paired(runs, "cpu", a, s), 0.5, below=True)
            print(f"- {title}, {n} in flight: async/sync CPU per read {t}: goal <= 0.5: **{v}**")
            if l in runs:
                v, t = verdict(paired(runs, "cpu", a, l), 2.0, below=True)
                print(f"- {title}, {n} in flight: async/latte CPU per read {t}: goal <= 2: **{v}**")
    basic = runs.get(("basic", "async", 10000))
    if basic:
        print(f"\nNo-op binding, 10,000 operations in flight (2 threads, workload A, simulated delay up to 100 ms,"
              f" {basic_seconds} s measured):")
        print("| repeat | throughput (ops/s) | peak RSS (MB) | intervals | operations in the time series / in total |"
              " window full |")
        print("|---:|---:|---:|---:|---:|---:|")
        for r, v in sorted(basic.items()):
            if not v:
                print(f"| {r} | failed | | | | |")
                continue
            j = v["json"]
            ts = j["timeseries"]
            in_series = sum(p["ops"]["OVERALL"]["count"] for p in ts)
            full = j["metadata"].get("inflight", {}).get("windowFullFraction")
            print(f"| {r} | {v['thr']:,.0f} | {v['rss']:.0f} | {len(ts)} | {in_series:,} / "
                  f"{j['summary']['operations']:,} | {full} |")
        rss = [v["rss"] for v in basic.values() if v]
        complete = all(v and sum(p["ops"]["OVERALL"]["count"] for p in v["json"]["timeseries"])
                       == v["json"]["summary"]["operations"] and len(v["json"]["timeseries"]) >= basic_seconds
                       for v in basic.values())
        print(f"\n- 10,000 in flight within 1 GB RSS: **{'met' if rss and max(rss) <= 1024 else 'not met'}**"
              f" (largest {max(rss) if rss else float('nan'):.0f} MB); complete time series (one interval per second"
              f" or more, every operation in it): **{'met' if complete else 'not met'}**")


def async_threads(rows):
    for v in rows.values():
        if v:
            return v["json"]["metadata"].get("threads", "?")
    return "?"


if __name__ == "__main__":
    main()
