"""The sentences that tell what a picture shows: the text alternatives (title and description) of
layouts and game views, and the caption lines drawn under them. This module builds them; the
renderer (:mod:`horserace_nb.render.svg`) and the widgets only call it.

The Korean and Japanese layout sentences are, character for character, those that follow each
worked example in the seed texts (RULES.md, "worked examples").

>>> from horserace_nb.core.layout import Layout
>>> layout = Layout.from_placements([("[3|6]", None, None), ("[6|6]", "[3|6]", "high")])
>>> print(summary(layout, "en"))
Counted contributions: 3 + 12 = 15. Placement score (raw): 15 (display points: 3).
>>> summary_sentences(layout, "en")
['Counted contributions: 3 + 12 = 15.', 'Placement score (raw): 15 (display points: 3).']
>>> exercise = describe_layout(layout, "en", numbers=False)  # no contributions, no score
>>> exercise.startswith("Tiles: [3|6], [6|6]. Spinners: [6|6]."), "15" in exercise
(True, False)
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..core.rules import HORSE_RACE
from .i18n import side_name, t
from .names import list_text, sentences

if TYPE_CHECKING:
    from ..core.layout import Layout
    from ..core.settlement import HandResult
    from ..core.tiles import Tile

__all__ = [
    "boneyard_sentence", "describe_game", "describe_layout", "game_title", "hand_count_sentence",
    "hand_tiles_sentence", "last_placement", "layout_title", "score_items", "status_sentences",
    "summary", "summary_sentences",
]


# ---------------------------------------------------------------------------- layouts
def summary(layout: Layout, lang: str = "en") -> str:
    """The short first sentence: the sum of contributions and the placement score (R13, R15)."""
    total = layout.end_total()
    raw = layout.score()
    return t("describe.summary", lang,
             sum=layout.sum_terms(),
             total=total, raw=raw, display=HORSE_RACE.display(raw))


_SENTENCE = re.compile(r"(?<=[.。])\s*(?=\S)")


def summary_sentences(layout: Layout, lang: str = "en") -> list[str]:
    """The :func:`summary` as its sentences, the sum and the score (a caption line each)."""
    return _SENTENCE.split(summary(layout, lang))


def last_placement(tile: Tile | str, lang: str = "en") -> str:
    """The caption of the last placement: "Placed tile [1|4]"."""
    return t("describe.last", lang, tile=tile)


def layout_title(lang: str = "en") -> str:
    """The title of a layout picture: "Horse Race layout"."""
    return t("describe.title", lang)


def describe_layout(layout: Layout, lang: str = "en", *, numbers: bool = True) -> str:
    """The full text alternative: sum, score, tiles, spinners, connections, open points and
    contributions; with ``numbers=False`` (an exercise) only the tiles, spinners and
    connections, without the open points (an exercise's answer), the contributions and the
    score."""
    if layout.is_empty:
        return t("describe.empty", lang)
    none = t("describe.none", lang)

    def listing(items: list[str], sep: str) -> str:
        return sep.join(items) if items else none

    connections = [
        t("describe.connection", lang, anchor=c.anchor, anchor_side=side_name(c.anchor_side, lang),
          tile=c.tile, tile_side=side_name(c.tile_side, lang))
        for c in layout.connections()
    ]
    tiles = listing([str(x) for x in layout.tiles], ", ")
    spinners = listing([str(x) for x in layout.spinners()], ", ")
    if not numbers:
        # not the open points: they are the answer of the "which points are open" exercise
        return t("render.desc_no_numbers", lang, tiles=tiles, spinners=spinners,
                 connections=listing(connections, "; "))
    points = [t("describe.point", lang, tile=tile, side=side_name(side, lang), number=n)
              for tile, side, n in layout.open_points()]
    contributions = [t("describe.contribution", lang, tile=tile, value=v)
                     for tile, v in layout.contributions()]
    return t("describe.full", lang,
             summary=summary(layout, lang),
             tiles=tiles,
             spinners=spinners,
             connections=listing(connections, "; "),
             points=listing(points, "; "),
             contributions=listing(contributions, "; "))


# ---------------------------------------------------------------------------- game views
def game_title(hand: int, name: str, lang: str = "en") -> str:
    """The title of a game picture: "Horse Race, hand 2: Ann's view"."""
    return t("render.title_game", lang, hand=hand, name=name)


def score_items(sides: Sequence[str], scores: Sequence[int], lang: str = "en") -> list[str]:
    """One "Ann 12" per scoring side."""
    return [t("render.score_item", lang, name=name, points=points)
            for name, points in zip(sides, scores, strict=True)]


def boneyard_sentence(count: int, lang: str = "en") -> str:
    """"Boneyard: 5 tiles"."""
    if count == 1:
        return t("render.boneyard_one", lang)
    return t("render.boneyard", lang, count=count)


def hand_count_sentence(name: str, count: int, lang: str = "en") -> str:
    """"Ben: 4 tiles": how many tiles a hand holds (its tiles are private, R5)."""
    if count == 1:
        return t("render.hand_count_one", lang, name=name)
    return t("render.hand_count", lang, name=name, count=count)


def hand_tiles_sentence(name: str, tiles: Sequence[Tile], lang: str = "en") -> str:
    """"Ann's hand: [1|4], [2|2].": the viewer's own tiles."""
    return t("render.hand_tiles", lang, name=name,
             tiles=list_text([str(x) for x in tiles], lang, none=True))


def status_sentences(lang: str, *, sides: Sequence[str], names: Sequence[str], target: int,
                     scores: Sequence[int], to_play: int, hand_over: bool,
                     pending: Tile | None = None, continuing: bool = False,
                     result: HandResult | None = None,
                     winners: Sequence[int] | None = None) -> list[str]:
    """The state of a game: the scores toward the *target* per side (the names of
    :func:`~horserace_nb.words.names.scoring_sides`),
    then who won the game, how the hand ended, or who acts and how (must place the drawn tile
    (R18), places again (R17), to play).

    :param names: the seats' names; *to_play* is a seat, *winners* are sides.
    """
    lines = [t("render.scores", lang, target=target,
               scores=list_text(score_items(sides, scores, lang), lang))]
    if winners is not None:
        lines.append(t("render.game_over", lang, names=list_text([sides[w] for w in winners],
                                                                 lang)))
    elif hand_over:
        if result is not None:
            gains = list_text([t("render.gain", lang, name=sides[w], points=result.gains[w])
                               for w in result.winners], lang)
            key = "render.hand_blocked" if result.reason == "blocked" else "render.hand_over"
            lines.append(t(key, lang, gains=gains))
    else:
        name = names[to_play]
        if pending is not None:
            lines.append(t("render.must_place_drawn", lang, name=name, tile=pending))
        elif continuing:
            lines.append(t("render.plays_again", lang, name=name))
        else:
            lines.append(t("render.to_play", lang, name=name))
    return lines


def describe_game(layout: Layout, lang: str = "en", *, status: Sequence[str], name: str,
                  hand: Sequence[Tile], others: Sequence[tuple[str, int]],
                  boneyard: int) -> str:
    """The text alternative of what one seat sees of a game: the layout (:func:`describe_layout`),
    the *status* (:func:`status_sentences`), the viewer *name*'s own *hand*, the tile counts of
    the *others* (``(name, count)`` in seat order) and the boneyard's count."""
    return sentences([describe_layout(layout, lang), *status,
                      hand_tiles_sentence(name, hand, lang),
                      *(hand_count_sentence(other, count, lang) for other, count in others),
                      boneyard_sentence(boneyard, lang)], lang)
