"""A one-end total is written as its number, not as a sum of one term: the recorded-score,
result and final-score prompts said "the ends add up to 10 = 10" when a placement left one
counted end (Korean reader's report, "끝 합계는 10 = 10입니다")."""

from __future__ import annotations

import re

import pytest

from horserace_nb.teaching.exercises import KINDS, make_exercise

ONE_TERM = re.compile(r"(?<![\d+] )\b(\d+) = \1\b")
KINDS_WITH_SUMS = ("recorded", "result", "final_score")


@pytest.mark.parametrize("kind", KINDS_WITH_SUMS)
@pytest.mark.parametrize("lang", ["en", "ko", "ja"])
def test_no_prompt_writes_a_one_term_sum(kind: str, lang: str) -> None:
    bad = []
    for case in KINDS[kind].cases:
        for seed in (*range(1, 13), 14, 52):  # 14 and 52 open with a double (one counted end)
            for line in make_exercise(kind, seed, case).prompt(lang):
                if ONE_TERM.search(line):
                    bad.append(f"{case}/{seed}: {line}")
    assert not bad, "\n".join(bad)
