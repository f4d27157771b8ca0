"""Progress that lasts (issue 20): the browser's storage after a whole course, and the class
report on 40 learners' files.

Goals: the value kept in ``localStorage`` after a whole course ≤ 200 KB; ``ClassReport`` on 40
learners' files ≤ 1 s. Also prints how reading a results file grows with its size (refused or
read, the µs per KB column should stay flat: linear time).

Run: ``.venv/bin/python tests/benchmarks/bench_progress.py``
"""

from __future__ import annotations

import contextlib
import datetime as dt
import random
import tempfile
import time
from pathlib import Path

from horserace_nb.teaching.course import LESSONS, lesson_items, lesson_of
from horserace_nb.teaching.exercises import KINDS
from horserace_nb.teaching.progress import (
    Result,
    ResultsError,
    compact,
    read_results,
    results_file,
    store_entry,
)

SITE = "horserace_nb./|"  # a site's keys begin so (store.js)


def stored_size(results: list[Result]) -> int:
    """The characters the browser keeps for *results*: one entry per result."""
    return sum(len(SITE) + len(key) + len(text) for key, text in map(store_entry, results))


def course(rng: random.Random, learner: int, passes: int = 2,
           practice_days: int = 28) -> list[Result]:
    """A learner's whole course: every lesson item done *passes* times, three replays in predict
    mode, ten games, and a practice set on each of *practice_days* days."""
    start = dt.datetime(2026, 9, 1, 9, 0, tzinfo=dt.timezone.utc)
    clock = [start]

    def when() -> str:
        clock[0] += dt.timedelta(seconds=rng.randint(20, 200))
        return clock[0].isoformat(timespec="milliseconds")

    def item(kind: str, case: str, seed: int, rules: tuple[str, ...] = ()) -> Result:
        stars = rng.choice([3, 3, 2, 1, 0])
        tries = {3: 1, 2: 2, 1: rng.randint(3, 6), 0: rng.randint(0, 3)}[stars]
        missed = rules if stars < 3 and tries > 1 else ()
        return Result(lesson_of(kind, case, seed), kind, case, seed, stars=stars, tries=tries,
                      hints=rng.randint(0, 3) if kind == "puzzle" else 0, rules=missed,
                      when=when())

    out: list[Result] = []
    for _ in range(passes):
        for lesson in LESSONS:
            for kind, case, seed in lesson_items(lesson):
                rules = KINDS[case.split("/")[0]].rules if kind == "exercise" else ("R15",)
                out.append(item(kind, case, seed, tuple(rules[:2])))
    for example in ("sequence", "double_66", "turn_chain"):
        for step in range(1, 13):
            question = ("where", "total", "score")[step % 3]
            out.append(item("predict", f"{question}@{example}", step, ("R13",)))
    for game in range(10):
        out.append(Result("play", "hand", "2p", 1000 + game, when=when(),
                          points=rng.randint(0, 61), lost=rng.choice([None, rng.randint(0, 40)])))
    for day in range(practice_days):
        clock[0] = start + dt.timedelta(days=day, hours=learner % 5)
        for i in range(rng.randint(1, 5)):
            case = rng.choice(list(KINDS))
            out.append(item("exercise", case, (900_000 + day) * 1000 + i, KINDS[case].rules[:1]))
    return out


def main() -> None:
    rng = random.Random(20)
    learners = [course(rng, n) for n in range(40)]
    sizes = [stored_size(r) for r in learners]
    heavy = course(random.Random(1), 0, passes=5, practice_days=120)
    heavy_size = stored_size(heavy)
    print("storage after a whole course (localStorage, one entry per result)")
    print(f"  typical learner: {len(learners[0])} results, {max(sizes) / 1000:.1f} KB at most "
          f"of 40 (goal ≤ 200 KB)")
    print(f"  heavy learner (every item 5 times, 120 days of practice): {len(heavy)} results, "
          f"{heavy_size / 1000:.1f} KB")

    print("the store past the reader's limits (compact: what the browser keeps)")
    biggest: list[Result] = []
    for passes, days in ((40, 900), (80, 2000)):
        results = course(random.Random(passes), 0, passes=passes, practice_days=days)
        start = time.perf_counter()
        kept = biggest = compact(results)
        took = time.perf_counter() - start
        text = results_file(kept, learner="x", saved="2026-12-01T09:00:00")
        print(f"  {len(results):6d} results → {len(kept)} kept, file {len(text) / 1000:.0f} KB, "
              f"{took * 1000:.0f} ms")
    from horserace_nb.widgets.store import Store

    store = Store()
    entries = dict(map(store_entry, biggest))  # a store at its limit
    start = time.perf_counter()
    store.receive({"kind": "read", "stored": entries, "legacy": {}, "problems": []})
    first = time.perf_counter() - start
    start = time.perf_counter()
    store.receive({"kind": "read", "stored": entries, "legacy": {}, "problems": []})
    again = time.perf_counter() - start
    print(f"a report of {len(entries)} entries read: {first * 1000:.0f} ms, "
          f"again (read once): {again * 1000:.0f} ms")

    from horserace_nb.widgets import ClassReport

    with tempfile.TemporaryDirectory() as folder:
        for n, results in enumerate(learners):
            text = results_file(results, learner=f"Learner {n + 1}", site="https://school.example",
                                saved="2026-12-01T09:00:00.000+00:00")
            (Path(folder) / f"learner-{n + 1:02d}.json").write_text(text, "utf-8")
        total = sum(p.stat().st_size for p in Path(folder).iterdir())
        ClassReport(folder)  # warm up the imports
        times = []
        for _ in range(3):
            start = time.perf_counter()
            report = ClassReport(folder)
            times.append(time.perf_counter() - start)
        assert len(report.data.files) == 40 and not report.data.refused
        print(f"ClassReport on 40 learners' files ({total / 1000:.0f} KB): "
              f"{min(times) * 1000:.0f} ms best of 3 (goal ≤ 1000 ms)")

    print("reading a results file: size → time (µs per KB should stay flat)")
    for passes, days in ((1, 10), (4, 60), (16, 240)):
        results = course(random.Random(passes), 0, passes=passes, practice_days=days)
        body = results_file(results, learner="x", saved="2026-12-01T09:00:00")
        for label, text in (("read", body), ("refused at the end", body[:-3] + "}")):
            start = time.perf_counter()
            with contextlib.suppress(ResultsError):
                read_results(text)
            took = time.perf_counter() - start
            print(f"  {len(text) / 1000:8.0f} KB {label:20s} {took * 1000:7.1f} ms "
                  f"{took * 1e6 / (len(text) / 1000):6.1f} µs/KB")


if __name__ == "__main__":
    main()
