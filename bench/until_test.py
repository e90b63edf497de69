#!/usr/bin/env python3
"""Tests of the bench scripts' stopping rule: python3 bench/until_test.py (standard library only, a few seconds).

bench/until.py's quantiles and rule, bench/lib.sh's repeat_until_decided loop driven by the rule on synthetic
pairs, and bench/async_report.py --check on synthetic runs of bench/async.sh.
"""
import json
import math
import os
import random
import subprocess
import sys
import tempfile
import unittest

BENCH = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, BENCH)
import until  # noqa: E402

# two-sided 95 % quantiles of Student's t (any statistics table)
TABLE = {1: 12.706, 2: 4.303, 3: 3.182, 4: 2.776, 5: 2.571, 9: 2.262, 19: 2.093, 30: 2.042, 120: 1.980}


def loop(ratios_by_pair, low, high, min_pairs, max_pairs):
    """bench/lib.sh's repeat_until_decided with a step that appends the next synthetic ratio to a file and a check
    that runs bench/until.py decide on the file: (UNTIL_ROUNDS, UNTIL_DECIDED, UNTIL_ENDED)."""
    with tempfile.TemporaryDirectory() as d:
        ratios = os.path.join(d, "ratios")
        write(ratios, "")
        script = f"""
set -euo pipefail
. "{BENCH}/lib.sh"
NEXT=({' '.join(str(r) for r in ratios_by_pair)})
step() {{ echo "${{NEXT[$(( $1 - 1 ))]}}" >>"{ratios}"; }}
check() {{ python3 "{BENCH}/until.py" decide {low} {high} $(cat "{ratios}") >/dev/null; }}
repeat_until_decided {min_pairs} {max_pairs} step check
echo "$UNTIL_ROUNDS|$UNTIL_DECIDED|$UNTIL_ENDED"
"""
        out = subprocess.run(["bash", "-c", script], capture_output=True, text=True, check=True).stdout
        rounds, decided, ended = out.strip().split("|")
        return int(rounds), decided, ended


def write(path, text):
    with open(path, "w") as f:
        f.write(text)


def lognormal(rng, ratio, noise, n):
    return [ratio * math.exp(noise * rng.gauss(0, 1)) for _ in range(n)]


class UntilTest(unittest.TestCase):
    def test_student_t_quantiles_match_the_table(self):
        for df, t in TABLE.items():
            self.assertAlmostEqual(until.t95(df), t, places=3, msg=f"df {df}")

    def test_an_interval_is_decided_above_below_or_inside_the_band(self):
        self.assertEqual(until.state(1.06, 1.2, 0.95, 1.05), "above")
        self.assertEqual(until.state(0.5, 0.9, 0.95, 1.05), "below")
        self.assertEqual(until.state(0.96, 1.04, 0.95, 1.05), "within")
        self.assertEqual(until.state(1.01, 1.08, 0.95, 1.05), "undecided")
        self.assertEqual(until.state(1.9, 2.1, 2, 2), "undecided", "a goal holds nothing inside")
        self.assertEqual(until.state(math.nan, math.nan, 2, 2), "undecided")

    def test_the_ratio_interval_is_that_of_the_mean_log(self):
        g, lo, hi = until.ratio_ci([2.0, 2.0 * math.e, 2.0 / math.e])
        self.assertAlmostEqual(g, 2.0)
        self.assertAlmostEqual(math.log(hi / g), until.t95(2) * 1 / math.sqrt(3), places=9)
        self.assertAlmostEqual(math.log(g / lo), math.log(hi / g), places=9)
        self.assertTrue(math.isnan(until.ratio_ci([1.5])[1]), "one pair: no interval")

    def test_a_clear_difference_is_decided_at_the_minimum(self):
        rounds, decided, ended = loop(lognormal(random.Random(1), 1.6, 0.05, 10), 2, 2, 3, 10)
        self.assertEqual((rounds, decided, ended), (3, "yes", "decided after 3 pairs"))

    def test_pairs_straddling_the_goal_go_on_to_the_maximum_and_say_so(self):
        ratios = [2.6, 1.5, 2.4, 1.6, 2.5, 1.55, 2.45, 1.65]  # around 2, wide: never clear of it
        for n in range(2, len(ratios) + 1):
            self.assertEqual(until.state(*until.ratio_ci(ratios[:n])[1:], 2, 2), "undecided", f"{n} pairs")
        rounds, decided, ended = loop(ratios, 2, 2, 3, 8)
        self.assertEqual((rounds, decided, ended), (8, "no", "undecided: reached the maximum of 8 pairs"))

    def test_a_noisy_start_is_decided_once_the_interval_narrows(self):
        ratios = [1.3, 0.75, 1.1, 0.8] + lognormal(random.Random(4), 0.85, 0.02, 26)
        rounds, decided, ended = loop(ratios, 1, 1, 3, 30)
        self.assertEqual(decided, "yes", ended)
        self.assertGreater(rounds, 4, "not at the minimum: the first pairs straddle 1")
        self.assertEqual(until.state(*until.ratio_ci(ratios[:rounds])[1:], 1, 1), "below")
        self.assertEqual(until.state(*until.ratio_ci(ratios[:rounds - 1])[1:], 1, 1), "undecided",
                         "the pair before it was still undecided")

    def test_a_bad_minimum_is_refused(self):
        r = subprocess.run(["bash", "-c", f'. "{BENCH}/lib.sh"; repeat_until_decided 0 3 true true'],
                           capture_output=True, text=True)
        self.assertEqual(r.returncode, 2)
        self.assertIn("at least 1", r.stderr)


class AsyncCheckTest(unittest.TestCase):
    """bench/async_report.py --check: every goal of the store met or not met, else go on."""

    def runs(self, d, async_cpu):
        lines = []
        for rep, cpu in enumerate(async_cpu, 1):
            for mode, thr, c in (("sync", 20000, 30.0), ("async", 30000, cpu)):
                name = f"cassandra-{mode}-16-{rep}"
                os.makedirs(f"{d}/{name}")
                write(f"{d}/{name}/results.json", json.dumps({"summary": {"throughput": thr * (1 + 0.01 * rep)},
                      "metadata": {"clientCpu": {"cpuUsPerOp": c}},
                      "operations": [{"name": "READ", "response": {"p99": 1000}}]}))
                lines.append(f"cassandra\t{mode}\t16\t{rep}\t{name}")
            name = f"cassandra-latte-16-{rep}"
            write(f"{d}/{name}.json", json.dumps({"result": {"cycle_throughput": {"value": 36000}, "cpu_time_s": 3.0,
                                                             "cycle_count": 300000, "cycle_latency": {}}}))
            lines.append(f"cassandra\tlatte\t16\t{rep}\t{name}")
        write(f"{d}/runs.tsv", "\n".join(lines) + "\n")

    def check(self, d):
        return subprocess.run([sys.executable, f"{BENCH}/async_report.py", "--check", d, f"{d}/runs.tsv", "cassandra",
                               "16"], capture_output=True, text=True)

    def test_decided_goals_stop_and_an_open_one_goes_on(self):
        with tempfile.TemporaryDirectory() as d:
            # CPU per read 12 vs 30 (0.4 <= 0.5: met) and vs latte's 10 (1.2 <= 2: met); throughput 1.5 >= 1: met
            self.runs(d, [12.0, 12.2, 11.8])
            r = self.check(d)
            self.assertEqual(r.returncode, 0, r.stderr)
        with tempfile.TemporaryDirectory() as d:
            # 15 vs 30: 0.5, the goal itself, with noise: inside the noise
            self.runs(d, [13.0, 17.0, 15.0])
            r = self.check(d)
            self.assertEqual(r.returncode, 1)
            self.assertIn("inside the noise: 16 in flight: async/sync CPU per read", r.stderr)


if __name__ == "__main__":
    unittest.main()
