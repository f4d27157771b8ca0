"""The worked examples of the rule texts as data, ready to replay step by step.

Layout examples are placement sequences (RULES.md, "worked examples"); hand examples are
scripted deals with their actions (the settlement examples of R23–R24, winning R26–R27, and turn
examples for R16–R19). Titles and explanations come from the message catalog in en/ko/ja.

>>> example = EXAMPLES["sequence"]
>>> [layout.end_total() for layout in example.layouts()]
[5, 6, 10, 5, 5, 10, 15, 5, 8]
>>> game = EXAMPLES["bonus_17"].play()
>>> game.hand_result.gains
{0: 3}
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..core.actions import Action, Draw, Pass, Place
from ..core.game import Game
from ..core.layout import Layout
from ..words.i18n import t

__all__ = ["Example", "EXAMPLES", "LAYOUT_EXAMPLES", "HAND_EXAMPLES", "example"]


@dataclass(frozen=True)
class Example:
    """One worked example.

    A layout example has ``placements`` (tile, anchor, side); a hand example has ``setup``
    (keyword arguments of :class:`Game`) and ``actions``. ``rules`` lists the rules it shows.
    """

    key: str
    rules: tuple[str, ...]
    placements: tuple[Place, ...] = ()
    setup: dict[str, Any] = field(default_factory=dict)
    actions: tuple[Action, ...] = ()

    @property
    def is_layout(self) -> bool:
        return not self.setup

    def title(self, lang: str = "en") -> str:
        return t(f"example.{self.key}.title", lang)

    def explanation(self, lang: str = "en") -> str:
        return t(f"example.{self.key}.text", lang)

    def note(self, index: int, lang: str = "en") -> str:
        """The sentence said at step *index* (from 1), or ``""``: the rule texts' examples
        have none; a teacher's may (:class:`~horserace_nb.teaching.authoring.TeacherExample`)."""
        return ""

    def text_lang(self, lang: str) -> str:
        """The language the title, the explanation and the notes are written in when *lang*
        is asked for (a teacher's example may be written in fewer languages)."""
        return lang

    def layouts(self) -> list[Layout]:
        """The layout after each placement (layout examples)."""
        layout = Layout()
        out = []
        for p in self.placements:
            layout.place(p.tile, p.on, p.side)
            out.append(layout.copy())
        return out

    def new_game(self) -> Game:
        """The scripted deal before any action (hand examples)."""
        return Game(**self.setup)

    def play(self, upto: int | None = None) -> Game:
        """The scripted deal after its first *upto* actions (all by default)."""
        game = self.new_game()
        for action in self.actions[:upto]:
            game.apply(action)
        return game


def _seq(*steps: tuple[str, str | None, str | None]) -> tuple[Place, ...]:
    return tuple(Place(tile, on, side) for tile, on, side in steps)


LAYOUT_EXAMPLES: dict[str, Example] = {
    "sequence": Example("sequence", ("R8", "R10", "R11", "R13", "R14", "R15"), _seq(
        ("[1|4]", None, None),
        ("[1|1]", "[1|4]", "low"),
        ("[4|4]", "[1|4]", "high"),
        ("[3|4]", "[4|4]", "straight_b"),
        ("[1|2]", "[1|1]", "straight_b"),
        ("[1|5]", "[1|1]", "branch_a"),
        ("[5|5]", "[1|5]", "high"),
        ("[0|5]", "[5|5]", "straight_b"),
        ("[1|3]", "[1|1]", "branch_b"),
    )),
    "double_22": Example("double_22", ("R10", "R13", "R15"), _seq(("[2|2]", None, None))),
    "double_00": Example("double_00", ("R13", "R15"), _seq(("[0|0]", None, None))),
    "double_66": Example("double_66", ("R10", "R13", "R15"), _seq(
        ("[3|6]", None, None), ("[6|6]", "[3|6]", "high"))),
    # The Japanese text's walk-through, whose tile pictures are lost: its four end totals
    # (10, 12, 5, 9) pin the tiles down. An opening double counts 10 only as [5|5]; 10 + x = 12
    # gives [2|5]; filling the other straight leaves 2 + y = 5, so [3|5]; 2 + 3 + z = 9 on a
    # branch gives [4|5].
    "spinner_walk": Example("spinner_walk", ("R10", "R11", "R13", "R14", "R15"), _seq(
        ("[5|5]", None, None),
        ("[2|5]", "[5|5]", "straight_a"),
        ("[3|5]", "[5|5]", "straight_b"),
        ("[4|5]", "[5|5]", "branch_a"),
    )),
}

HAND_EXAMPLES: dict[str, Example] = {
    # R23: the opponent keeps 17 pips -> rounded to 15 -> 3 points
    "bonus_17": Example(
        "bonus_17", ("R21", "R23"),
        setup={"players": 2, "hands": [["[1|3]"], ["[5|6]", "[2|4]"]], "leader": 0, "seed": 1},
        actions=(Place("[1|3]"),)),
    # R23: partner keeps 7 (excluded), opponents 9 and 8 -> 17 -> 15 -> 3 points for the team
    "bonus_partners": Example(
        "bonus_partners", ("R2", "R21", "R23"),
        setup={"players": 4, "partners": True,
               "hands": [["[1|3]"], ["[4|5]"], ["[3|4]"], ["[2|6]"]], "leader": 0, "seed": 1},
        actions=(Place("[1|3]"),)),
    # R22, R23: blocked; teams hold 1 + 17 = 18 and 5 + 6 = 11 -> the second team wins 18 -> 20 -> 4
    "blocked_teams": Example(
        "blocked_teams", ("R19", "R22", "R23"),
        setup={"players": 4, "partners": True,
               "hands": [["[3|3]", "[0|1]"], ["[0|5]"], ["[5|6]", "[2|4]"], ["[1|5]"]],
               "leader": 0, "seed": 1},
        actions=(Place("[3|3]"),)),
    # R24: blocked, individual 4, 4, 4, 14 -> each of the three gets 22 -> 20 -> 4
    "tie_individual": Example(
        "tie_individual", ("R19", "R22", "R24"),
        setup={"players": 4,
               "hands": [["[3|3]", "[0|4]"], ["[2|2]"], ["[0|1]", "[1|2]"], ["[6|6]", "[0|2]"]],
               "leader": 0, "seed": 1},
        actions=(Place("[3|3]"),)),
    # R24: blocked, teams tied at 12 and 12 -> each team gets 12 -> 10 -> 2, once per team
    "tie_teams": Example(
        "tie_teams", ("R19", "R22", "R24"),
        setup={"players": 4, "partners": True,
               "hands": [["[3|3]", "[0|4]"], ["[1|5]"], ["[2|6]"], ["[2|4]"]],
               "leader": 0, "seed": 1},
        actions=(Place("[3|3]"),)),
    # R26: 60 + 2 = 62 wins at once, mid-turn, with tiles still in hand
    "win_62": Example(
        "win_62", ("R17", "R26"),
        setup={"players": 2, "hands": [["[4|6]", "[6|6]"], ["[1|2]"]], "leader": 0,
               "scores": [60, 50], "seed": 1},
        actions=(Place("[4|6]"),)),
    # R21's exception, R26: a last tile that reaches the target ends the game unsettled
    "last_tile_game": Example(
        "last_tile_game", ("R21", "R26"),
        setup={"players": 2, "hands": [["[1|4]"], ["[2|3]", "[5|6]"]], "leader": 0,
               "scores": [60, 0], "seed": 1},
        actions=(Place("[1|4]"),)),
    # R27: two teams at 59 each gain 2 in one settlement and share the win at 61
    "shared_win": Example(
        "shared_win", ("R24", "R25", "R27"),
        setup={"players": 4, "partners": True,
               "hands": [["[3|3]", "[0|4]"], ["[1|5]"], ["[2|6]"], ["[2|4]"]],
               "leader": 0, "scores": [59, 59], "seed": 1},
        actions=(Place("[3|3]"),)),
    # R16-R18: a continuation chain, then a drawn tile that scores and still ends the turn
    "turn_chain": Example(
        "turn_chain", ("R16", "R17", "R18"),
        setup={"players": 2,
               "hands": [["[1|4]", "[1|1]", "[4|4]", "[2|5]"], ["[1|2]", "[5|6]"]],
               "boneyard": ["[3|4]", "[0|0]", "[2|6]", "[0|3]"], "leader": 0, "seed": 1},
        actions=(
            Place("[1|4]"),                                  # 5: scores 1, plays again
            Place("[1|1]", "[1|4]", "low"),                  # 6: a double, plays again
            Place("[4|4]", "[1|4]", "high"),                 # 10: scores 2, one more
            Draw(),                                          # [2|5] fits nowhere: draw
            Place("[3|4]", "[4|4]", "straight_b"),           # drawn: scores 1, turn ends
            Place("[1|2]", "[1|1]", "straight_b"),           # 5: scores 1, plays again
            Draw(),                                          # [0|0] does not fit
            Draw(),                                          # [2|6] fits: must be placed
            Place("[2|6]", "[1|2]", "high"),                 # drawn tile: turn ends
        )),
    # R19: no placement and an empty boneyard: pass; the other player goes out
    "pass_then_domino": Example(
        "pass_then_domino", ("R19", "R21", "R23"),
        setup={"players": 2, "hands": [["[1|4]", "[4|5]", "[5|6]"], ["[2|3]", "[0|2]"]],
               "leader": 0, "seed": 1},
        actions=(
            Place("[1|4]"),                                  # 5: scores 1, plays again
            Place("[4|5]", "[1|4]", "high"),                 # 1 + 5 = 6: turn ends
            Pass(),                                          # [2|3], [0|2] fit nowhere
            Place("[5|6]", "[4|5]", "high"),                 # last tile: hand won
        )),
}

EXAMPLES: dict[str, Example] = {**LAYOUT_EXAMPLES, **HAND_EXAMPLES}
"""Every worked example by key, layout examples first."""


def example(key: str) -> Example:
    """The example named *key*.

    :raises KeyError: naming the keys there are.
    """
    try:
        return EXAMPLES[key]
    except KeyError:
        raise KeyError(f"no example {key!r}; there are {', '.join(EXAMPLES)}") from None
