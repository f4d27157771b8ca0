"""The position code (issue 33): its length and the time to write, read and refuse it.

Prints the length of the code of an opening, a mid-hand and a late position (one example each,
then the mean and the longest over many positions of real games by the tiles on the table), the
microseconds to write (``Game.to_code``) and read (``Game.from_code``, and ``decode`` alone), and
the time to refuse bad codes against their length: a flat µs/char column is the linear
behaviour, and text over ``MAX_CODE_LENGTH`` is refused before it is read, whatever its size.

Run: ``.venv/bin/python tests/benchmarks/bench_position_code.py``
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable

from horserace_nb import FULL_SET, Game, Layout, Rules
from horserace_nb.core.errors import CodeError
from horserace_nb.core.position_code import (
    ALPHABET,
    MAX_CODE_LENGTH,
    decode,
    with_check,
)


def played(players: int, partners: bool, seed: int, down: int) -> Game:
    """A seeded game of random legal moves, stopped once *down* tiles are on the table."""
    rng = random.Random(seed)
    game = Game(players=players, partners=partners, seed=seed)
    while len(game.layout) < down and not game.hand_over:
        game.apply(rng.choice(game.legal_actions()))
    return game


def positions(count: int) -> list[Game]:
    """*count* positions of real hands (all modes), stopped at random points."""
    rng = random.Random(1)
    out: list[Game] = []
    while len(out) < count:
        players, partners = rng.choice([(2, False), (3, False), (4, False), (4, True)])
        game = played(players, partners, rng.randrange(1, 10**6), rng.randrange(0, 20))
        if all(game.hands) and not game.game_over:
            out.append(game)
    return out


def best_of(func: Callable[[], object], repeat: int = 5, number: int = 200) -> float:
    """Microseconds per call, the best of *repeat* rounds of *number* calls."""
    rounds = []
    for _ in range(repeat):
        start = time.perf_counter()
        for _ in range(number):
            func()
        rounds.append((time.perf_counter() - start) / number)
    return min(rounds) * 1e6


def refuse(text: str) -> str:
    try:
        Game.from_code(text)
    except CodeError as err:
        return f"refused: {err.part} {err.rule}"
    return "read"


def main() -> None:
    print("Code length (characters)")
    examples = [("opening, 2 players", Game(players=2, seed=7)),
                ("opening, 4 in partnerships", Game(players=4, partners=True, seed=7)),
                ("mid-hand, 2 players (8 down)", played(2, False, 7, 8)),
                ("late, 2 players (14 down)", played(2, False, 7, 14)),
                ("late, 4 players (18 down)", played(4, False, 7, 18))]
    for name, game in examples:
        code = game.to_code()
        print(f"  {name:32} {len(code):4}  {code}")
    many = positions(3000)
    stages = {"opening (0 down)": range(0, 1), "early (1-5 down)": range(1, 6),
              "mid-hand (6-11 down)": range(6, 12), "late (12+ down)": range(12, 29)}
    print(f"\n  {'over 3,000 real positions':32} {'mean':>6} {'max':>5} {'count':>6}")
    for name, span in stages.items():
        lengths = [len(g.to_code()) for g in many if len(g.layout) in span]
        print(f"  {name:32} {statistics.mean(lengths):6.1f} {max(lengths):5} {len(lengths):6}")

    print("\nTimes (µs per position, best of 5)")
    mid = played(2, False, 7, 8)
    code = mid.to_code()
    print(f"  {'to_code (mid-hand)':32} {best_of(mid.to_code):8.1f}")
    print(f"  {'decode (mid-hand)':32} {best_of(lambda: decode(code)):8.1f}")
    print(f"  {'from_code (mid-hand)':32} {best_of(lambda: Game.from_code(code)):8.1f}")
    sample = many[:500]
    codes = [g.to_code() for g in sample]
    start = time.perf_counter()
    for game in sample:
        game.to_code()
    write = (time.perf_counter() - start) / len(sample) * 1e6
    start = time.perf_counter()
    for text in codes:
        Game.from_code(text)
    read = (time.perf_counter() - start) / len(codes) * 1e6
    print(f"  {'to_code, mean of 500 real':32} {write:8.1f}")
    print(f"  {'from_code, mean of 500 real':32} {read:8.1f}")

    print("\nReading and refusing against length (µs; a flat µs/char column is linear)")
    rng = random.Random(5)
    body = code[:-1]
    longest = longest_code()
    cases: list[tuple[str, str]] = [
        ("valid: opening", examples[0][1].to_code()),
        ("valid: mid-hand", code),
        ("valid: late, 4 players", examples[4][1].to_code()),
        ("valid: the longest kind", longest),
        ("one character changed", body[:10] + ("A" if body[10] != "A" else "B") + body[11:]
         + code[-1]),
        ("check made right, table broken", with_check(body.replace(".", ".b", 1))),
        ("longest, cut inside its last number", with_check(longest[:-2] + "_")),
    ]
    for size in (64, 128, 192, 256):
        junk = "hr1." + "".join(rng.choice(ALPHABET + ".") for _ in range(size - 5))
        cases.append((f"random {size} chars, check right", with_check(junk)))
    for size in (MAX_CODE_LENGTH - 3, 10**5, 10**7):  # "hr1." + size: over the limit
        cases.append((f"{size:,} characters", "hr1." + "A" * size))
    print(f"  {'case':34} {'chars':>10} {'µs':>9} {'µs/char':>8}  outcome")
    for name, text in cases:
        micro = best_of(lambda text=text: refuse(text), number=50)  # type: ignore[misc]
        print(f"  {name:34} {len(text):10,} {micro:9.1f} {micro / len(text):8.3f}  "
              f"{refuse(text)}")


def longest_code() -> str:
    """A code of the longest kind: 4 players of one tile each, 24 tiles down, a pending tile,
    a continuation, every option at its largest number."""
    big = 2**64 - 1
    rules = Rules(target=big, multiple=7, hand_sizes={2: 5, 3: 4, 4: 3}, rounding="up")
    seed = 0
    while len(layout := Layout.random(seed)) < 24:
        seed += 1
    layout = Layout.from_placements(list(layout.placements()[:24]))
    rest = [t for t in FULL_SET if t not in layout]
    rest.sort(key=lambda t: not layout.can_place(t))  # a tile that fits first: pending
    game = Game.from_position(layout, [[t] for t in rest], [], 0, scores=[big - 1] * 4,
                              hand_number=big, seed=-(2**63), rules=rules,
                              pending=rest[0], continuing=True)
    return game.to_code()


if __name__ == "__main__":
    main()
