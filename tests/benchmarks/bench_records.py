"""Loading saved games: time against size, for real records and hostile ones (issue 9).

Every record of N bytes must load, or be refused with RecordError, in time proportional to N.
Prints milliseconds and microseconds per kilobyte; a flat µs/KB column is the linear behaviour.

Run: ``.venv/bin/python tests/benchmarks/bench_records.py``
"""

from __future__ import annotations

import json
import random
import time

from horserace_nb import Game, RecordError, Rules


def long_game(actions: int, seed: int = 1) -> str:
    """A real record with about *actions* actions (random legal play to a high target)."""
    rng = random.Random(seed)
    game = Game(players=2, seed=seed, rules=Rules(target=100_000))
    while game.action_count < actions:
        if game.hand_over:
            game.next_hand()
        else:
            game.apply(rng.choice(game.legal_actions()))
    return game.to_json(indent=None)


def timed(text: str) -> tuple[float, str]:
    start = time.perf_counter()
    try:
        Game.from_json(text)
        outcome = "loaded"
    except RecordError as exc:
        outcome = f"RecordError ({len(str(exc))} chars)"
    return time.perf_counter() - start, outcome


def main() -> None:
    base = json.loads(long_game(40))
    cases: list[tuple[str, str]] = []
    for n in (1_000, 4_000, 16_000):
        cases.append((f"real record, {n} actions", long_game(n)))
    for size in (8_000, 32_000, 128_000):
        bad = json.loads(json.dumps(base))
        place = next(a for a in bad["actions"] if a.get("action") == "place")
        place["tile"] = "1" + " " * size + "x"  # the old quadratic tile pattern
        cases.append((f"tile field of {size:,} spaces", json.dumps(bad)))
    for size in (1_000_000, 5_000_000):
        bad = json.loads(json.dumps(base))
        bad["setup"]["seed"] = "x" * size
        cases.append((f"{size:,}-character seed", json.dumps(bad)))
    cases.append(("nesting 100,000 deep", "[" * 100_000 + "]" * 100_000))
    print(f"{'record':34} {'KB':>9} {'ms':>9} {'µs/KB':>8}  outcome")
    for name, text in cases:
        seconds, outcome = min((timed(text) for _ in range(3)), key=lambda r: r[0])
        kb = len(text.encode()) / 1024
        print(f"{name:34} {kb:9.1f} {seconds * 1000:9.2f} {seconds * 1e6 / kb:8.1f}  {outcome}")


if __name__ == "__main__":
    main()
