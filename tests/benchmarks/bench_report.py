"""The class report on 40 and 1,000 learners' results files (issue 28): time and memory.

Each learner's file is a whole course (``bench_progress.course``: every lesson item twice,
predictions, games, 28 days of practice; about 40 KB). Prints, for 40 and 1,000 learners:
``ClassReport(folder)`` (read the folder, merge, draw the table, grid, chart, CSV links), best of
3 (1 for 1,000) without tracing (wall and CPU time: the CPU time is steadier on a busy
machine), then its peak Python memory (tracemalloc) and the size of what
it sends to the page (the widgets' HTML). Goals: 40 learners ≤ 1 s; 1,000 learners ≤ 10 s.

Run: ``.venv/bin/python tests/benchmarks/bench_report.py``
"""

from __future__ import annotations

import random
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from bench_progress import course  # noqa: E402

from horserace_nb.teaching.progress import results_file  # noqa: E402


def write_class(folder: Path, learners: int) -> int:
    rng = random.Random(28)
    total = 0
    for n in range(learners):
        text = results_file(course(rng, n), learner=f"Learner {n + 1}",
                            site="https://school.example", saved="2026-12-01T09:00:00.000+00:00")
        path = folder / f"learner-{n + 1:04d}.json"
        path.write_text(text, "utf-8")
        total += path.stat().st_size
    return total


def html_size(report: object) -> int:
    names = ("table", "grid", "chart", "not_started", "merged", "refused", "csv_link")
    return sum(len(getattr(getattr(report, name), "value", "")) for name in names
               if hasattr(report, name))


def main() -> None:
    from horserace_nb.widgets import ClassReport

    for learners, runs in ((40, 3), (1000, 1)):
        with tempfile.TemporaryDirectory() as name:
            folder = Path(name)
            size = write_class(folder, learners)
            ClassReport(folder).close() if learners == 40 else None  # warm up the imports
            times, cpu = [], []
            for _ in range(runs):
                start, start_cpu = time.perf_counter(), time.process_time()
                report = ClassReport(folder)
                times.append(time.perf_counter() - start)
                cpu.append(time.process_time() - start_cpu)
                assert len(report.data.learners()) == learners and not report.data.refused
                sent = html_size(report)
                report.close()
            tracemalloc.start()
            ClassReport(folder).close()
            _, peak = tracemalloc.get_traced_memory()
            tracemalloc.stop()
            print(f"ClassReport on {learners:5d} learners' files ({size / 1e6:5.1f} MB): "
                  f"{min(times):6.2f} s (CPU {min(cpu):5.2f} s; best of {runs}), "
                  f"peak Python memory {peak / 1e6:6.1f} MB, page HTML {sent / 1e6:5.2f} MB")


if __name__ == "__main__":
    main()
