#!/usr/bin/env python3
"""The tables of bench/async.sh from its runs: python3 bench/async_report.py WORK RUNS.tsv BASIC_SECONDS.

Every figure is the mean over the repeats with its 95 % confidence interval (Student's t). A ratio between two
columns is the geometric mean of the per-repeat ratios (the runs of one repeat ran next to each other) with the 95 %
interval of their mean log (bench/until.py); a goal's verdict is "met" or "not met" only when the whole interval
lies on one side of it, else "inside the noise".

python3 bench/async_report.py --check WORK RUNS.tsv STORE "COUNTS": the stopping rule of bench/async.sh's repeats:
exit 0 when every goal of STORE at the in-flight counts COUNTS is met or not met, 1 while one is inside the noise
(named on stderr).
"""
import json
import math
import os
import re
import sys
from collections import defaultdict

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import until  # noqa: E402  (bench/until.py: Student's t, the ratio's interval, the rule)

ci = until.mean_ci


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
    """'met', 'not met' or 'inside the noise' for a goal ratio <= goal (below) or >= goal, and the ratio's text."""
    g, lo, hi = until.ratio_ci(ratios)
    if math.isnan(g):
        return "no data", ""
    if math.isnan(lo):
        return "no verdict (one repeat: no interval)", f"{g:.2f}"
    text = f"{g:.2f} (95 % CI {lo:.2f}-{hi:.2f}, {len(ratios)} repeats)"
    side = until.state(lo, hi, goal, goal)
    if side == "undecided":
        return "inside the noise", text
    return ("met" if (side == "below") == below else "not met"), text


def goals(runs, store, n):
    """The goals of one store at one in-flight count: (title, verdict, ratio text, goal text)."""
    a, s, l = (store, "async", n), (store, "sync", n), (store, "latte", n)
    out = [("async/sync throughput",) + verdict(paired(runs, "thr", a, s), 1.0, below=False) + ("goal >= 1",),
           ("async/sync CPU per read",) + verdict(paired(runs, "cpu", a, s), 0.5, below=True) + ("goal <= 0.5",)]
    if l in runs:
        out.append(("async/latte CPU per read",) + verdict(paired(runs, "cpu", a, l), 2.0, below=True)
                   + ("goal <= 2",))
    return out


def paired(runs, key, a, b):
    """per-repeat ratios a/b of one metric."""
    out = []
    for r in sorted(set(runs[a]) & set(runs[b])):
        x, y = runs[a][r], runs[b][r]
        if x and y and x.get(key) and y.get(key):
            out.append(x[key] / y[key])
    return out


def read_runs(work, runs_file):
    runs = defaultdict(dict)  # (store, mode, n) -> repeat -> row
    for line in open(runs_file):
        store, mode, n, rep, name = line.rstrip("\n").split("\t")
        runs[(store, mode, int(n))][int(rep)] = latte(work, name) if mode == "latte" else ours(work, name)
    return runs


def check(work, runs_file, store, counts):
    """bench/async.sh's stopping rule: 0 when every goal of store at counts is decided, else 1."""
    runs = read_runs(work, runs_file)
    open_goals = [f"{n} in flight: {what} {t}" for n in (int(c) for c in counts.split())
                  for what, v, t, _ in goals(runs, store, n) if v not in ("met", "not met")]
    for g in open_goals:
        print(f"  {store}, inside the noise: {g}", file=sys.stderr)
    return 1 if open_goals else 0


def main():
    if sys.argv[1] == "--check":
        sys.exit(check(*sys.argv[2:6]))
    work, runs_file, basic_seconds = sys.argv[1], sys.argv[2], int(sys.argv[3])
    runs = read_runs(work, runs_file)
    ended = {}
    if os.path.exists(f"{work}/ended.tsv"):
        for line in open(f"{work}/ended.tsv"):
            store, text = line.rstrip("\n").split("\t", 1)
            ended[store] = text
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
            for what, v, t, goal in goals(runs, store, n):
                print(f"- {title}, {n} in flight: {what} {t}: {goal}: **{v}**")
        if store in ended:
            print(f"- {title}, the repeats: {ended[store]}")
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
