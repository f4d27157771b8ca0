"""Every name a person reads, built in one place: seats, scoring sides (a seat, or a team of two
partners, R2), lists of names, connection points and the points phrase.

People count players from 1 (the API's seats from 0). How a language joins a list or two
sentences is written in its locale file (:data:`~horserace_nb.words.i18n.GRAMMAR`), never in code:

>>> seat_name(0, "en"), seat_name(0, "ko"), seat_name(0, "ja")
('Player 1', '1번 플레이어', 'プレイヤー1')
>>> scoring_sides(seat_names(4, "en"), True, "en")
['Player 1 & Player 3', 'Player 2 & Player 4']
>>> [and_list(["A", "B", "C"], lang) for lang in ("en", "ko", "ja")]
['A, B and C', 'A, B와 C', 'A、BとC']
>>> sentences(["Right.", "Well done."], "en"), sentences(["正解。", "よくできました。"], "ja")
('Right. Well done.', '正解。よくできました。')
>>> point_name(("[1|1]", "straight_b"), "en"), points_phrase(10, "en")
('the straight B of [1|1]', '10 raw (2 points)')
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Sequence

from ..core.rules import HORSE_RACE
from ..core.tiles import Side, Tile
from .i18n import grammar, side_name, t

__all__ = ["seat_name", "seat_names", "team_name", "scoring_sides", "scoring_side", "list_text",
           "and_list", "sentences", "point_name", "points_phrase", "MAX_TEXT", "clean_text",
           "learner_key"]


# ------------------------------------------------------------------------------- seats and teams
def seat_name(seat: int, lang: str, names: Sequence[str | None] | None = None) -> str:
    """The given name of *seat* (0-based), or "Player n" in *lang*."""
    given = names[seat] if names is not None and seat < len(names) else None
    return given if given else t("render.seat", lang, n=seat + 1)


def seat_names(players: int, lang: str, names: Sequence[str | None] | None = None) -> list[str]:
    """The names of seats 0 to *players* - 1 (:func:`seat_name`)."""
    return [seat_name(seat, lang, names) for seat in range(players)]


def team_name(first: str, second: str, lang: str) -> str:
    """Two partners as one team: "Player 1 & Player 3" (R2)."""
    return t("render.team", lang, a=first, b=second)


def scoring_sides(names: Sequence[str], partners: bool, lang: str) -> list[str]:
    """The names of the scoring sides from the seats' *names*: the seats themselves, or with
    partners the teams of seats 0 + 2 and 1 + 3 (R2)."""
    if not partners:
        return list(names)
    return [team_name(names[0], names[2], lang), team_name(names[1], names[3], lang)]


def scoring_side(side: int, partners: bool, lang: str,
                 names: Sequence[str | None] | None = None) -> str:
    """The name of scoring side *side*: a seat, or with partners the team of seats *side* and
    *side* + 2 (R2)."""
    if partners:
        return team_name(seat_name(side, lang, names), seat_name(side + 2, lang, names), lang)
    return seat_name(side, lang, names)


# ------------------------------------------------------------------------------- lists, sentences
def list_text(items: Iterable[str], lang: str, *, none: bool = False) -> str:
    """Items separated as the language separates a list ("A, B, C", "A、B、C"); with *none*,
    the word for none when there are no items."""
    text = grammar("_list_separator", lang).join(items)
    return text or (t("describe.none", lang) if none else "")


def and_list(items: Sequence[str], lang: str) -> str:
    """Names as a phrase: "A and B", "A, B and C" (Korean joins the last two with 와/과 as the
    sound requires, Japanese with と); the word for none when there are none."""
    if len(items) < 2:
        return list_text(items, lang, none=True)
    return grammar("_list_and", lang, first=list_text(items[:-1], lang), last=items[-1])


_ENDS = (".", "!", "?", "。", "！", "？", "…")


def sentences(parts: Iterable[str], lang: str) -> str:
    """Sentences as one paragraph, joined as the language joins them (a space; nothing in
    Japanese); a part written as a line ("Boneyard: 5 tiles") is ended with the language's full
    stop, so the paragraph reads (and a screen reader pauses) sentence by sentence; empty parts
    are left out.

    >>> sentences(["Ann to play", "Boneyard: 5 tiles"], "en")
    'Ann to play. Boneyard: 5 tiles.'
    >>> sentences(["1번 플레이어의 차례", ""], "ko"), sentences(["対局終了：Aの勝ち"], "ja")
    ('1번 플레이어의 차례.', '対局終了：Aの勝ち。')
    """
    stop = grammar("_full_stop", lang)
    return grammar("_sentence_joiner", lang).join(
        part if part.endswith(_ENDS) else part + stop for part in parts if part)


# ------------------------------------------------------------------------------- points
def point_name(point: tuple[Tile | str, Side | str], lang: str) -> str:
    """A connection point ``(tile, side)`` by name: "the straight B of [1|1]"."""
    tile, side = point
    return t("exercise.point", lang, tile=tile, side=side_name(side, lang))


def points_phrase(raw: int, lang: str) -> str:
    """A raw score with its display points: "10 raw (2 points)" (R3)."""
    return t("score.points", lang, raw=raw, display=HORSE_RACE.display(raw))


# ------------------------------------------------------------------------------- learners
MAX_TEXT = 80
"""The longest learner's name or site, in characters, written or read."""


def clean_text(text: str, limit: int = MAX_TEXT) -> str:
    """*text* (a learner's name, a site, a file's name) as it is kept and shown: a lone
    surrogate becomes U+FFFD, a control character or line break a space, invisible format
    characters (zero-width spaces and joiners, direction marks, overrides and isolates, soft
    hyphens) are dropped, runs of spaces become one and none is left at the ends; then NFC and
    at most *limit* characters. Linear in *limit* (the rest of *text* is not read).

    >>> clean_text(" Mi\\u200bna\\u202e  K\\ud800\\t") == "Mina K\\ufffd"
    True
    """
    out = []
    for char in text[:limit * 4]:
        kind = unicodedata.category(char)
        if kind == "Cs":
            out.append("\ufffd")
        elif kind in ("Cc", "Zl", "Zp"):
            out.append(" ")
        elif kind != "Cf":
            out.append(char)
    return unicodedata.normalize("NFC", " ".join("".join(out).split()))[:limit]


def learner_key(name: str) -> str:
    """Who a name is, for the class report: the same learner whatever the case, the spaces, the
    invisible characters or the Unicode form (NFKC) of the name (``""`` for no name).

    >>> learner_key(" MINA\\u200b  kim ") == learner_key("Mina Kim") == learner_key("Ｍｉｎａ KIM")
    True
    """
    return unicodedata.normalize("NFKC", clean_text(name).casefold()).casefold()
