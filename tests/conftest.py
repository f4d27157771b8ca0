"""Shared helpers for the rules-core tests: the rule texts, their worked examples, state snapshots.

The expected values of the worked examples are read from the rule texts themselves
(``RULES.md`` and the two seed texts), never copied from the code's output. The texts are looked
up in ``$HORSERACE_RULES_DIR``, then beside the checkout (``../shared``, where CI has them). A
clone without them still runs every other test: the ones that compare with the texts are
skipped, and the run's summary says so in one line.
"""

from __future__ import annotations

import json
import os
import re
import threading
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from horserace_nb import Game, Layout, Side, Tile
from horserace_nb.core.actions import Action

REPO = Path(__file__).resolve().parent.parent
KO_SEED = "000_a70d9adedb0c161d.txt"
JA_SEED = "003_7d0393dab7d6e55a.txt"


RULES_ENV = "HORSERACE_RULES_DIR"
MISSING_NOTE = ("the original rule texts (RULES.md and seeds/, in ../shared beside the checkout "
                f"or ${RULES_ENV}) are absent: the tests that compare with them are skipped")


@cache
def rules_dir() -> Path | None:
    """The directory holding ``RULES.md`` and ``seeds/``, or ``None`` when it is absent."""
    env = os.environ.get(RULES_ENV)
    candidates = [Path(env)] if env else [REPO / "shared", REPO.parent / "shared"]
    for folder in candidates:
        if (folder / "RULES.md").is_file() and (folder / "seeds" / KO_SEED).is_file():
            return folder
    return None


def need_rule_texts() -> Path:
    """The rule texts' directory; skips the calling test (with the note) when it is absent."""
    folder = rules_dir()
    if folder is None:
        pytest.skip(MISSING_NOTE)
    return folder


def pytest_terminal_summary(terminalreporter: Any) -> None:
    if rules_dir() is None:
        terminalreporter.write_line(f"NOTE: {MISSING_NOTE}.")


def with_rule_texts(values: Any) -> list[Any]:
    """Parametrize values read from the rule texts; one skipped case with the note when they
    are absent (so the run says why, instead of an empty parameter set)."""
    values = list(values)
    if values or rules_dir() is not None:
        return values
    return [pytest.param(None, marks=pytest.mark.skip(reason=MISSING_NOTE))]


@cache
def rules_text() -> str:
    return (need_rule_texts() / "RULES.md").read_text(encoding="utf-8")


@cache
def seed_text(lang: str) -> str:
    name = {"ko": KO_SEED, "ja": JA_SEED}[lang]
    return (need_rule_texts() / "seeds" / name).read_text(encoding="utf-8")


# --------------------------------------------------------------------------- worked examples
HEADER = {"ko": re.compile(r"^놓은 타일 (\[\d\|\d\])$"),
          "ja": re.compile(r"^置いた牌：(\[\d\|\d\])$")}
PREFIX = {"ko": "합산한 기여값:", "ja": "数える寄与値："}
SHORT = {
    "ko": re.compile(r"^합산한 기여값: (?P<sum>[\d +]+) = (?P<total>\d+)\. "
                     r"타일 놓기 가점 \(원점수\): (?P<raw>\d+) \(표시 점수: (?P<display>\d+)\)\.$"),
    "ja": re.compile(r"^数える寄与値：(?P<sum>[\d +]+) = (?P<total>\d+)。"
                     r"配置による加点：換算前の得点(?P<raw>\d+)点 "
                     r"\(表示得点(?P<display>\d+)点\)。$"),
}
LONG = {
    "ko": re.compile(
        r"^(?P<summary>합산한 기여값: .+?\(표시 점수: \d+\)\.) 타일: (?P<tiles>[^.]+)\. "
        r"스피너: (?P<spinners>[^.]+)\. 연결: (?P<connections>[^.]+)\. "
        r"가능한 연장 연결 지점: (?P<points>[^.]+)\. 합산한 기여값: (?P<contributions>[^.]+)\.$"),
    "ja": re.compile(
        r"^(?P<summary>数える寄与値：.+?\(表示得点\d+点\)。)ドミノ牌：(?P<tiles>[^。]+)。"
        r"分岐ダブル：(?P<spinners>[^。]+)。接続：(?P<connections>[^。]+)。"
        r"接続可能位置：(?P<points>[^。]+)。数える寄与値：(?P<contributions>[^。]+)。$"),
}
NONE_WORD = {"ko": "없음", "ja": "なし", "en": "none"}


@dataclass(frozen=True)
class WorkedExample:
    """One worked example of a seed text: the header tile and the two lines that follow it."""

    lang: str
    tile: Tile
    short: str
    long: str

    @property
    def numbers(self) -> dict[str, Any]:
        m = SHORT[self.lang].match(self.short)
        assert m, f"unexpected summary line in the {self.lang} text: {self.short!r}"
        return {"terms": [int(x) for x in m["sum"].split(" + ")], "total": int(m["total"]),
                "raw": int(m["raw"]), "display": int(m["display"]), "sum": m["sum"]}

    @property
    def sections(self) -> dict[str, str]:
        m = LONG[self.lang].match(self.long)
        assert m, f"unexpected text alternative in the {self.lang} text: {self.long!r}"
        return m.groupdict()

    def __str__(self) -> str:
        return f"{self.lang}-{self.tile}"


@cache
def worked_examples(lang: str) -> tuple[WorkedExample, ...]:
    """Every ``놓은 타일 [x|y]`` / ``置いた牌：[x|y]`` example: the short and the long line
    (none when the rule texts are absent)."""
    if rules_dir() is None:
        return ()
    lines = seed_text(lang).splitlines()
    out = []
    for i, line in enumerate(lines):
        m = HEADER[lang].match(line.strip())
        if not m:
            continue
        short, long = lines[i + 1].strip(), lines[i + 2].strip()
        assert short.startswith(PREFIX[lang]) and long.startswith(short) and len(long) > len(short)
        out.append(WorkedExample(lang, Tile.parse(m[1]), short, long))
    return tuple(out)


Placement = tuple[Tile, Tile | None, Side | None]


def _side_words(words: str) -> Side:
    """``"straight B"`` → ``Side.STRAIGHT_B`` (the wording of RULES.md)."""
    return Side(words.strip().lower().replace(" ", "_"))


@cache
def documented_sequence() -> tuple[Placement, ...]:
    """The placement sequence of RULES.md ("worked examples"), parsed from its own text."""
    text = " ".join(rules_text().split())
    m = re.search(r"The placement sequence they follow is: (.+?); and the single layouts", text)
    assert m, "RULES.md no longer states the placement sequence"
    out: list[Placement] = []
    for step in m[1].split("→"):
        step = step.strip()
        sm = re.fullmatch(r"`(\[\d\|\d\])`(?: on `(\[\d\|\d\])` ([a-z]+(?: [AB])?))?", step)
        assert sm, f"cannot read the step {step!r} of RULES.md"
        if sm[2] is None:
            out.append((Tile.parse(sm[1]), None, None))
        else:
            out.append((Tile.parse(sm[1]), Tile.parse(sm[2]), _side_words(sm[3])))
    return tuple(out)


# The single layouts of RULES.md: `[2|2]`, `[0|0]`, and `[3|6]` + `[6|6]`. The only point of
# [3|6] showing a 6 is its high end (R9), so [6|6] goes there.
SINGLE_LAYOUTS: dict[Tile, tuple[Placement, ...]] = {
    Tile(2, 2): ((Tile(2, 2), None, None),),
    Tile(0, 0): ((Tile(0, 0), None, None),),
    Tile(6, 6): ((Tile(3, 6), None, None), (Tile(6, 6), Tile(3, 6), Side.HIGH)),
}


def placements_for(tile: Tile) -> tuple[Placement, ...]:
    """The placements that build the layout whose last tile is *tile* in the worked examples."""
    if tile in SINGLE_LAYOUTS:
        return SINGLE_LAYOUTS[tile]
    seq = documented_sequence()
    index = [p[0] for p in seq].index(tile)
    return seq[: index + 1]


def layout_for(tile: Tile) -> Layout:
    return Layout.from_placements(list(placements_for(tile)))


def all_examples() -> list[WorkedExample]:
    return [*worked_examples("ko"), *worked_examples("ja")]


@cache
def glossary() -> dict[str, dict[str, str]]:
    """Side names from the RULES.md glossary: English name → {"en", "ko", "ja"}."""
    rows: dict[str, dict[str, str]] = {}
    for line in rules_text().splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != 3 or cells[0] in ("en", "---"):
            continue
        parts = [c.split(" / ") for c in cells]
        if len(parts[0]) != 2:
            continue

        def expand(p: list[str]) -> list[str]:
            # "straight A / B" → ["straight A", "straight B"]
            return [p[0], p[0][:-1] + p[1]] if len(p[1]) == 1 else p

        en, ko, ja = (expand(p) for p in parts)
        for i in range(2):
            rows[en[i]] = {"en": en[i], "ko": ko[i], "ja": ja[i]}
    return rows


# --------------------------------------------------------------------------- games
def P(tile: str, on: str | None = None, side: str | None = None) -> Action:  # noqa: N802
    """A placement written briefly: ``P("[1|2]", "[1|1]", "straight_b")``."""
    from horserace_nb import Place

    return Place(tile, on, side)


def T(text: str) -> Tile:  # noqa: N802
    return Tile.parse(text)


def snapshot(game: Game) -> str:
    """Everything observable about a game's state, as text (to prove a refusal changed nothing)."""
    state = {
        "record": game.record(),
        "hands": [[str(t) for t in h] for h in game.hands],
        "boneyard": [str(t) for t in game.boneyard],
        "layout": game.layout.describe("en"),
        "open": [(str(t), s.value, n) for t, s, n in game.layout.open_points()],
        "to_play": game.to_play,
        "pending": str(game.pending),
        "continuing": game.continuing,
        "scores": game.scores,
        "hand_over": game.hand_over,
        "winners": game.winners,
        "history": len(game.history),
        "legal": [str(a) for a in game.legal_actions()],
        "actions": game.action_count,
    }
    return json.dumps(state, sort_keys=True, default=str)


def layout_snapshot(layout: Layout) -> tuple[Any, ...]:
    return (layout.tiles, layout.open_points(), layout.contributions(), layout.connections(),
            layout.end_total(), layout.describe("en"))


def decisions(game: Game, seat: int) -> list[int]:
    """Indices in ``game.actions`` where *seat* had more than one legal action (the decisions a
    post-game review looks at), found by replaying the game from its setup."""
    replay = Game.from_setup(game.setup)
    out = []
    for i, entry in enumerate(game.actions):
        if entry is None:
            replay.next_hand()
            continue
        if entry[0] == seat and len(replay.legal_actions()) > 1:
            out.append(i)
        replay.apply(entry[1])
    return out


def in_fresh_thread(func: Callable[[], Any]) -> Any:
    """Run *func* in a new thread: its own asyncio state, whatever loop this thread may be
    running (Playwright's sync API, used by the browser tests, keeps one here)."""
    result: dict[str, Any] = {}

    def target() -> None:
        try:
            result["value"] = func()
        except BaseException as exc:  # noqa: BLE001 - re-raised in the test's thread
            result["error"] = exc

    thread = threading.Thread(target=target)
    thread.start()
    thread.join(timeout=120)
    assert not thread.is_alive()
    if "error" in result:
        raise result["error"]
    return result.get("value")
