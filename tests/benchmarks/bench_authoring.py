"""A teacher's puzzles and worked examples (issue 33): the time to verify a puzzle, to read a
puzzle-set file and to refuse the worst a file may hold, and the length of the codes.

Prints, over mid-hand positions of real games (2–4 players, random legal moves):

- the ways the turn can go (``candidates``) and the milliseconds to verify a puzzle — list every
  turn and check the marked answer (``make_puzzle``) — as mean, median, 95th percentile and
  the longest;
- reading a set file of 1, 10 and :data:`MAX_PUZZLES` puzzles (every position read and every
  answer verified again), its size, and its code's length;
- the time to refuse a made-up position whose turn goes more than :data:`MAX_TURNS` ways (the
  most a file can make the reader do per puzzle), and the bound it gives a whole file (which is
  refused once its puzzles' turns go more than :data:`MAX_FILE_TURNS` ways);
- reading a worked example of 20 steps.

Run: ``.venv/bin/python tests/benchmarks/bench_authoring.py``
"""

from __future__ import annotations

import functools
import random
import statistics
import time
from collections.abc import Callable

from horserace_nb import Game, Place
from horserace_nb.core.actions import Action
from horserace_nb.teaching.authoring import (
    MAX_FILE_TURNS,
    MAX_PUZZLES,
    MAX_TURNS,
    AuthoringError,
    PuzzleSet,
    TeacherExample,
    candidates,
    make_example,
    make_puzzle,
)


def positions(count: int) -> list[Game]:
    """*count* mid-hand positions of real games where the player to act places a tile."""
    rng = random.Random(33)
    out: list[Game] = []
    while len(out) < count:
        players = rng.choice([2, 2, 3, 4])
        game = Game(players=players, partners=players == 4 and rng.random() < 0.5,
                    seed=rng.randrange(10**6))
        for _ in range(rng.randrange(2, 16)):
            if game.hand_over:
                break
            game.apply(rng.choice(game.legal_actions()))
        if not game.hand_over and any(isinstance(a, Place) for a in game.legal_actions()):
            out.append(game)
    return out


def ms(func: Callable[[], object], number: int = 1) -> float:
    start = time.perf_counter()
    for _ in range(number):
        func()
    return (time.perf_counter() - start) / number * 1e3


def summary(values: list[float]) -> str:
    ordered = sorted(values)
    p95 = ordered[int(0.95 * (len(ordered) - 1))]
    return (f"mean {statistics.fmean(values):7.2f}  median {statistics.median(values):7.2f}  "
            f"p95 {p95:7.2f}  max {ordered[-1]:7.2f}")


def main() -> None:
    games = positions(300)
    puzzles, times, ways = [], [], []
    for game in games:
        listed = candidates(game)
        ways.append(float(len(listed)))
        code = game.to_code()
        start = time.perf_counter()
        puzzle = make_puzzle(code, [listed[0]], question={"en": "Find the best turn."},
                             hints={"en": ["Count the ends (R13)."]})
        times.append((time.perf_counter() - start) * 1e3)
        puzzles.append(puzzle)
    print(f"positions: {len(games)} mid-hand positions of real games (2-4 players)")
    print(f"ways the turn can go     {summary(ways)}")
    print(f"verify a puzzle, ms      {summary(times)}")

    for size in (1, 10, MAX_PUZZLES):
        chosen = PuzzleSet("bench", puzzles[:size], title={"en": "Bench"})
        text = chosen.to_json()
        taken = ms(functools.partial(PuzzleSet.from_json, text), 3)
        print(f"set of {size:2d}: file {len(text.encode()):7,d} bytes, code "
              f"{len(chosen.to_code()):6,d} characters, read and verified in {taken:7.1f} ms")

    doubles = ["[0|0]", "[1|1]", "[2|2]", "[3|3]", "[4|4]", "[5|5]", "[6|6]"]
    rest = ["[0|1]", "[0|2]", "[0|3]", "[0|4]", "[0|5]", "[0|6]", "[1|2]", "[1|3]", "[1|4]",
            "[1|5]", "[1|6]", "[2|3]", "[2|4]", "[2|5]", "[2|6]", "[3|4]", "[3|5]", "[3|6]",
            "[4|5]", "[4|6]", "[5|6]"]
    worst = Game.from_position([], [doubles + rest[:12], rest[12:14]], rest[14:], 0)

    def refuse() -> None:
        try:
            make_puzzle(worst, [Place("[0|0]")], question={"en": "?"})
        except AuthoringError:
            return
        raise AssertionError("not refused")

    one = ms(refuse, 3)
    bound = one * (MAX_FILE_TURNS + MAX_TURNS) / MAX_TURNS
    print(f"made-up hand of 19 tiles (turn goes > {MAX_TURNS} ways): refused in {one:.0f} ms; "
          f"a file stops after {MAX_FILE_TURNS:,} ways: at most about {bound / 1e3:.1f} s")

    game = games[0].copy()
    steps: list[Action] = []
    while len(steps) < 20 and not game.hand_over:
        action = random.Random(len(steps)).choice(game.legal_actions())
        steps.append(action)
        game.apply(action)
    example = make_example(games[0], steps, name="bench", title={"en": "Bench"},
                           notes=[{"en": f"Step {i + 1}."} for i in range(len(steps))])
    taken = ms(lambda: TeacherExample.from_json(example.to_json()), 20)
    print(f"worked example of {len(steps)} steps: file {len(example.to_json().encode()):,d} "
          f"bytes, code {len(example.to_code())} characters, read and replayed in "
          f"{taken:.1f} ms")


if __name__ == "__main__":
    main()
