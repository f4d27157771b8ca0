"""Benchmark: layout geometry of random full layouts (issue: overlap-free layout geometry).

A random full layout starts from an empty Layout with a random tile, then repeatedly places a
pair picked uniformly among all (tile not yet placed, legal point) pairs until no tile fits (all
28 tiles available, no hands; seeded).

Prints the time of ``layout_geometry`` for the full layouts (median and percentiles; target: a
median of at most 2 ms for a 28-tile layout) and the re-layout rate: how often laying one more
tile moved earlier tiles (``Geometry.relayout``), over every placement of every layout. The
same for spinner-heavy layouts (a double placed whenever one fits), the hard case.

Run: .venv/bin/python tests/benchmarks/bench_geometry.py [--layouts N] [--spinner-heavy M]
     [--seed S]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from horserace_nb.core.layout import Layout
from horserace_nb.core.tiles import FULL_SET
from horserace_nb.render.geometry import layout_geometry


def random_full_layout(rng: random.Random, doubles_first: bool = False) -> Layout:
    """A maximal random layout (:meth:`Layout.random`; with *doubles_first*, spinner-heavy:
    the hard case for the layout)."""
    return Layout.random(rng, doubles_first=doubles_first)


def percentile(sorted_values: list[float], q: float) -> float:
    return sorted_values[min(len(sorted_values) - 1, int(q * len(sorted_values)))]


def timings(layouts: list[Layout], repeat: int) -> str:
    times: list[float] = []
    for layout in layouts:
        for _ in range(repeat):
            t0 = time.process_time()  # CPU time: others' load on the shared cores stays out
            layout_geometry(layout)
            times.append((time.process_time() - t0) * 1e3)
    times.sort()
    return (f"median {statistics.median(times):.3f}, p90 {percentile(times, 0.90):.3f}, "
            f"p95 {percentile(times, 0.95):.3f}, p99 {percentile(times, 0.99):.3f}, "
            f"max {times[-1]:.3f}")


def relayout_rate(layouts: list[Layout]) -> str:
    placements = relayouts = layouts_with_relayout = 0
    for layout in layouts:
        prefix = Layout()
        moved = False
        for placement in layout.placements():
            prefix.place(*placement)
            placements += 1
            if layout_geometry(prefix).relayout:
                relayouts += 1
                moved = True
        layouts_with_relayout += moved
    return (f"{relayouts} of {placements} placements ({relayouts / placements:.4%}); "
            f"layouts with at least one: {layouts_with_relayout} of {len(layouts)} "
            f"({layouts_with_relayout / len(layouts):.2%})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--layouts", type=int, default=2000)
    parser.add_argument("--spinner-heavy", type=int, default=500,
                        help="extra layouts placing doubles first")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first layout")
    parser.add_argument("--repeat", type=int, default=3, help="timed calls per layout")
    args = parser.parse_args()

    layouts = [random_full_layout(random.Random(args.seed + k)) for k in range(args.layouts)]
    heavy = [random_full_layout(random.Random(args.seed + k), doubles_first=True)
             for k in range(args.spinner_heavy)]
    full = [lay for lay in layouts if len(lay) == len(FULL_SET)]
    print(f"{len(layouts)} random full layouts, {len(full)} of all 28 tiles "
          f"(mean {statistics.mean(len(lay) for lay in layouts):.1f} tiles); "
          f"{len(heavy)} spinner-heavy (doubles first, mean "
          f"{statistics.mean(len(lay) for lay in heavy) if heavy else 0:.1f} tiles)")
    print("layout_geometry, CPU ms per call (every call timed):")
    if full:
        print(f"  28-tile layouts:            {timings(full, args.repeat)}")
    print(f"  all full layouts:           {timings(layouts, args.repeat)}")
    if heavy:
        print(f"  spinner-heavy layouts:      {timings(heavy, args.repeat)}")
    print(f"re-layouts, random full layouts:   {relayout_rate(layouts)}")
    if heavy:
        print(f"re-layouts, spinner-heavy layouts: {relayout_rate(heavy)}")


if __name__ == "__main__":
    main()
