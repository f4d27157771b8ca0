"""Write tests/fixtures/results_v1/: results as the package stored them while lessons were keyed
by their two-digit number (results file version 1, the browser's per-result entries and the old
single value), and what that code counted from them (the lesson map, the class report's CSVs).

It was run once, on the code before lessons were keyed by their slug (commit f30c435); the files
it wrote are kept as they are, so that ``tests/test_course.py`` checks that results stored then
are still read and counted for the same lessons. Kept for the record: running it on later code
would no longer write version-1 files.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from horserace_nb.teaching.course import LESSONS, lesson_items, lesson_of
from horserace_nb.teaching.progress import (
    Result,
    class_data,
    lesson_map,
    results_file,
    store_entry,
    store_value,
)

OUT = Path(__file__).resolve().parents[1] / "fixtures" / "results_v1"


def _results() -> list[Result]:
    out: list[Result] = []
    minute = 0

    def when() -> str:
        nonlocal minute
        minute += 1
        return f"2026-12-01T{8 + minute // 60:02d}:{minute % 60:02d}:00.000+00:00"

    for n, lesson in enumerate(LESSONS):
        for i, (kind, case, seed) in enumerate(lesson_items(lesson)):
            if (i + n) % 4 == 3:
                continue  # not done
            stars, tries = ((3, 1), (2, 2), (0, 4))[(i + n) % 4 % 3]
            rules = ("R13",) if stars < 3 else ()
            out.append(Result(lesson_of(kind, case, seed), kind, case, seed, stars=stars,
                              tries=tries, rules=rules, when=when()))
    out.append(Result(lesson_of("predict", "total@sequence", 5), "predict", "total@sequence", 5,
                      stars=3, tries=1, when=when()))
    out.append(Result(lesson_of("exercise", "total", 900000001), "exercise", "total",
                      900000001, stars=1, tries=3, rules=("R14",), when=when()))
    for kind, case, seed, points, lost in (("hand", "2p", 45, 12, 3), ("match", "3p", 7, 61,
                                                                        None)):
        out.append(Result(lesson_of(kind, case, seed), kind, case, seed, when=when(),
                          points=points, lost=lost))
    return out


def main() -> None:
    results = _results()
    OUT.mkdir(parents=True, exist_ok=True)
    text = results_file(results, learner="Mina", site="lab", saved="2026-12-01T12:00:00Z")
    (OUT / "Mina.json").write_text(text, encoding="utf-8")
    entries = dict(store_entry(r) for r in results)
    (OUT / "store_entries.json").write_text(json.dumps(entries, indent=1, ensure_ascii=False)
                                            + "\n", encoding="utf-8")
    (OUT / "store_value.json").write_text(json.dumps(store_value(results)) + "\n",
                                          encoding="utf-8")
    data = class_data([("Mina.json", text)])
    expected: dict[str, Any] = {
        "lesson_map": [[s.lesson, s.stars, s.possible, [list(i) for i in s.not_done], s.games,
                        s.predictions] for s in lesson_map(results)],
        "csv": data.csv(),
        "grid_csv": data.grid_csv(),
    }
    (OUT / "counted.json").write_text(json.dumps(expected, indent=1, ensure_ascii=False) + "\n",
                                      encoding="utf-8")


if __name__ == "__main__":
    main()
