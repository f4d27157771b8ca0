"""After a blocked hand someone did place the last tile; a new lot still chooses the next
leader (R7). Lesson 05 said "there is no such player", and its own item 05·11 answers "… even
though Player 1 placed the last tile" (issue 31 item 8). The lesson, the item and the engine
agree, in en, ko and ja.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from lesson_sources import texts

from horserace_nb.teaching.course import exercise_set, notebook
from horserace_nb.teaching.exercises import Leader
from horserace_nb.words.names import seat_name

ROOT = Path(__file__).resolve().parents[1]
LANGS = ("en", "ko", "ja")
SAYS_A_LAST_PLACER = {"en": "even though someone placed its last tile",
                      "ko": "마지막으로 타일을 놓은 플레이어가 아니라",
                      "ja": "最後の牌を置いたプレイヤーがいても"}
NO_SUCH_PLAYER = {"en": "no such player", "ko": "그런 플레이어가 없",
                  "ja": "そういうプレイヤーがいない"}


@pytest.mark.parametrize("lang", LANGS)
def test_the_lesson_and_its_item_agree_that_a_blocked_hand_has_a_last_placer(lang: str) -> None:
    blocked = [drill for drill in exercise_set("settlement").exercises
               if isinstance(drill, Leader) and drill.result.reason != "domino"]
    assert len(blocked) == 1
    item = blocked[0]
    # the engine: a tile was placed last, the hand is blocked, and a lot chooses the leader
    assert item.event.kind == "place" and item.answer is None
    assert seat_name(item.event.seat, lang) in item.answer_text(lang)
    # the lesson that asks the item says the same
    said = " ".join(texts(lang)["end.next_leader"].split())
    assert SAYS_A_LAST_PLACER[lang] in said and NO_SUCH_PLAYER[lang] not in said, said
    cells = json.loads((ROOT / "notebooks" / lang / notebook("settlement"))
                       .read_text(encoding="utf-8"))["cells"]
    shown = " ".join(" ".join("".join(c["source"]).split()) for c in cells
                     if c["cell_type"] == "markdown")
    assert SAYS_A_LAST_PLACER[lang] in shown and NO_SUCH_PLAYER[lang] not in shown
