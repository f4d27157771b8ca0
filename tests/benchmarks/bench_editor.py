"""The position editor and the puzzle maker (issue 33, points 2, 3 and 5): what a teacher waits
for, and how long the codes and links are.

Prints, over mid-hand positions built in the editor (the first tiles of a real game of random
legal moves laid from the palette, then "deal the rest" with a seed; 2–4 players):

- the position code's length (``Game.to_code``) and the length of its link into the classroom
  site (``share_path``), by tiles on the table: mean and longest;
- the milliseconds of one tap in the widget (lay a tile: the session's check, the picture and
  the palette drawn again, the code written): mean, 95th percentile, longest;
- the milliseconds to verify a puzzle made from such a position: list every turn
  (``PuzzleDraft.start``) and check the marked best answer (``PuzzleDraft.add``), mean, median,
  95th percentile, longest;
- the length of a puzzle set's code and link (1 and 10 puzzles), and the time the site's build
  takes to read and list a set file of 10 puzzles on the start page.

Run: ``.venv/bin/python tests/benchmarks/bench_editor.py``
"""

from __future__ import annotations

import random
import statistics
import tempfile
import time
from pathlib import Path

from horserace_nb import Game, Place
from horserace_nb.lite.build import puzzle_sets
from horserace_nb.lite.contents import plan_contents
from horserace_nb.sessions.editor import EditorSession, PuzzleDraft, share_path
from horserace_nb.widgets import PositionEditor


def built(rng: random.Random, down: int) -> tuple[EditorSession, list[Place]]:
    """An editor session holding the first *down* placements of a random real game (its
    players), the rest dealt with a seed; and those placements."""
    players = rng.choice([2, 2, 3, 4])
    game = Game(players=players, seed=rng.randrange(10**6))
    placed: list[Place] = []
    while len(placed) < down and not game.hand_over:
        action = rng.choice(game.legal_actions())
        game.apply(action)
        if isinstance(action, Place):
            placed.append(action)
    session = EditorSession(players=players)
    for step in placed:
        session.lay(step.tile, step.on, step.side)
    session.deal_rest(seed=rng.randrange(1000))
    return session, placed


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    rng = random.Random(33)
    print("position codes of editor-built positions (length in characters)")
    print(f"{'tiles on table':>15} {'code mean':>10} {'code max':>9} {'link mean':>10} "
          f"{'link max':>9}")
    sessions: list[EditorSession] = []
    for down in (0, 4, 8, 12):
        codes, links = [], []
        for _ in range(100):
            session, placed = built(rng, down)
            try:
                code = session.code()
            except ValueError:
                continue
            codes.append(len(code))
            links.append(len(share_path(code, "en")))
            if down == 8 and len(placed) == 8:
                sessions.append(session)
        print(f"{down:>15} {statistics.mean(codes):>10.1f} {max(codes):>9} "
              f"{statistics.mean(links):>10.1f} {max(links):>9}")
    example = sessions[0].code()
    print(f"a mid-hand example (8 tiles down): {example} ({len(example)} characters)")

    print("\none tap in the widget (lay a tile from the palette), milliseconds")
    taps: list[float] = []
    for _ in range(5):
        editor = PositionEditor(lang="en")
        _, placed = built(rng, 10)
        for step in placed:
            start = time.perf_counter()
            editor.board.receive({"kind": "place", "tile": str(step.tile),
                                  "on": None if step.on is None else str(step.on),
                                  "side": None if step.side is None else step.side.value,
                                  "rev": editor.board.revision})
            taps.append((time.perf_counter() - start) * 1000)
        editor.close()
    print(f"taps {len(taps)}: mean {statistics.mean(taps):.1f}, p95 {pct(taps, 0.95):.1f}, "
          f"longest {max(taps):.1f}")

    print("\nverify a puzzle made in the editor (list every turn, check the best answer), ms")
    times: list[float] = []
    ways: list[int] = []
    for session in sessions[:60]:
        draft = PuzzleDraft()
        start = time.perf_counter()
        try:
            draft.start(session.code())
        except ValueError:
            continue
        draft.mark(1)
        draft.add({"en": "Find the best turn."})
        times.append((time.perf_counter() - start) * 1000)
        ways.append(len(draft.candidates))
    print(f"puzzles {len(times)}: ways mean {statistics.mean(ways):.1f} (max {max(ways)}); "
          f"ms mean {statistics.mean(times):.1f}, median {statistics.median(times):.1f}, "
          f"p95 {pct(times, 0.95):.1f}, longest {max(times):.1f}")

    print("\npuzzle sets: code and link length, and the site build listing a set file")
    draft = PuzzleDraft()
    for session in sessions:
        if len(draft.puzzles) == 10:
            break
        try:
            draft.start(session.code())
        except ValueError:
            continue
        draft.mark(1)
        draft.add({"en": "Find the best turn.", "ko": "가장 좋은 수를 찾으세요."},
                  hints={"en": ["Count the ends."], "ko": ["끝의 합을 세어 보세요."]})
    for count in (1, 10):
        draft_set = PuzzleDraft()
        draft_set.puzzles = draft.puzzles[:count]
        code = draft_set.puzzle_set("week3").to_code()
        print(f"{count:>2} puzzle(s): code {len(code)} characters, link "
              f"{len(share_path(code, 'en'))}")
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        draft.puzzle_set("week3").save(root / "week3.json")
        plan = plan_contents(root)
        start = time.perf_counter()
        listed = puzzle_sets(root, plan)
        print(f"the build reads and lists a set of {len(listed[0][1].puzzles)}: "
              f"{(time.perf_counter() - start) * 1000:.0f} ms")


if __name__ == "__main__":
    main()
