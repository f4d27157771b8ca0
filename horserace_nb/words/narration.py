"""Narration: every sentence that tells what happened, built in one place.

The rules core says *what* an action did (an :class:`~horserace_nb.core.game.Event`, a layout);
this module turns it into the learner's sentences in any catalog language: the sum line
("2 + 8 = 10 → 10 raw, 2 points"), why the turn goes on or ends (one key family,
``turn.<reason>``), placement headings, the label of a target point, the preview of a placement
not yet made, and the settlement of a hand. Names (seats, teams, lists) come from
:mod:`horserace_nb.words.names`. The widgets, the replay and the exercises call it; it imports
nothing from Jupyter or svgwrite.

>>> from horserace_nb import Game
>>> game = Game(hands=[["[1|4]", "[2|3]"], ["[5|6]"]], boneyard=["[0|0]"], leader=0)
>>> event = game.apply(game.legal_actions()[0])
>>> sum_line(event, "en")
'4 + 1 = 5 → 5 raw, 1 point'
>>> turn_line(event, "en")
'Scored 5 raw (1 point) with a tile from hand: the same player places again (R17).'
>>> target_label("[3|4]", "[4|4]", "straight_b", "en")
'on [4|4], straight B'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..core.game import Event, Game, Reason
from ..core.layout import Layout
from ..core.rules import HORSE_RACE
from ..core.settlement import HandResult
from ..core.tiles import Side, Tile
from .i18n import side_name, t
from .names import and_list, points_phrase, scoring_side, seat_name

__all__ = ["expression", "sum_line", "turn_line", "reason_line", "as_if_from_hand",
           "placement_heading", "target_label", "preview", "preview_event", "event_lines",
           "SettlementText", "settlement"]

_WITH_POINTS = {Reason.SCORED, Reason.DOUBLE_SCORED}


def expression(layout: Layout) -> str:
    """``"2 + 5 + 3 = 10"``: the layout's counted contributions and their total (R13)."""
    return layout.sum_text()


def _sum(expr: str, raw: int, lang: str) -> str:
    if " + " not in expr:  # one counted end: "End total 6", not "6 = 6"
        total = expr.rsplit(" = ", 1)[-1]
        if raw:
            return t("narr.sum_one", lang, total=total, raw=raw,
                     display=HORSE_RACE.display(raw))
        return t("narr.no_score_one", lang, total=total)
    if raw:
        return t("narr.sum", lang, expr=expr, raw=raw, display=HORSE_RACE.display(raw))
    return t("narr.no_score", lang, expr=expr)


def sum_line(source: Event | Layout, lang: str) -> str:
    """The sum a placement made and what it scored (R13, R15), from an event (its
    :meth:`~horserace_nb.core.game.Event.sum_text`) or from the layout after the placement."""
    if isinstance(source, Event):
        return _sum(source.sum_text(), source.raw, lang)
    return _sum(expression(source), source.score(), lang)


def reason_line(reason: str, raw: int, lang: str) -> str:
    """Why the turn goes on or ends, for an event's ``reason`` (R16–R21, R26)."""
    if not reason:
        return ""
    points = points_phrase(raw, lang) if reason in _WITH_POINTS else ""
    return t(f"turn.{reason}", lang, points=points)


def turn_line(event: Event, lang: str) -> str:
    """Why the turn goes on or ends after *event* (empty for an event without a reason)."""
    return "" if event.reason is None else reason_line(event.reason, event.raw, lang)


def as_if_from_hand(layout: Layout, lang: str) -> str:
    """For a layout example: what R17 would say had its last tile come from a hand."""
    tile, raw = layout.tiles[-1], layout.score()
    reason = (Reason.DOUBLE_SCORED if tile.is_double and raw else Reason.DOUBLE
              if tile.is_double else Reason.SCORED if raw else Reason.SINGLE)
    return reason_line(reason, raw, lang)


def placement_heading(tile: Tile | str, on: Tile | str | None, side: Side | str | None,
                      lang: str) -> str:
    """``"[3|4] on [4|4], straight B"`` or ``"[1|4] opens the layout"``."""
    if on is None or side is None:
        return t("replay.opened", lang, tile=tile)
    return t("replay.placed", lang, tile=tile, on=on, side=side_name(side, lang))


def target_label(tile: Tile | str, on: Tile | str | None, side: Side | str | None,
                 lang: str) -> str:
    """What a target point is called: ``"on [4|4], straight B"``, ``"open with [1|4]"``."""
    if on is None or side is None:
        return t("play.target_open", lang, tile=tile)
    return t("play.target", lang, on=on, side=side_name(side, lang))


def preview(event: Event, lang: str) -> str:
    """What a placement would make, said before it is made: the sum with its score and why the
    turn would go on or end (the event comes from applying it to a copy of the game)."""
    return t("narr.preview", lang, sum=sum_line(event, lang), turn=turn_line(event, lang))


def preview_event(game: Game, tile: Tile, on: Tile | None, side: Side | None) -> Event:
    """The event a legal placement would make, without changing *game* (the rules core decides:
    the placement is applied to a copy)."""
    from ..core.actions import Place

    return game.copy().apply(Place(tile, on, side))


def event_lines(event: Event, lang: str, name: str, *, show_drawn: bool = True,
                side_name_of_winner: str | None = None) -> list[str]:
    """The sentences announcing *event* in the play log: what was done, the sum, and why the
    turn goes on or ends. *name* is the seat's name; a drawn tile is named only if
    *show_drawn*."""
    lines: list[str] = []
    if event.kind == "place":
        if event.on is None or event.side is None:
            lines.append(t("play.ev_opened", lang, name=name, tile=event.tile))
        else:
            lines.append(t("play.ev_placed", lang, name=name, tile=event.tile, on=event.on,
                           side=side_name(event.side, lang)))
        lines.append(sum_line(event, lang))
    elif event.kind == "draw":
        key = "play.ev_drew" if show_drawn else "play.ev_drew_hidden"
        key += "" if event.reason == Reason.DRAW_PLAYABLE else "_again"
        lines.append(t(key, lang, name=name, tile=event.tile))
        if event.reason == Reason.BLOCKED:
            lines.append(turn_line(event, lang))
        return lines
    else:
        lines.append(t("play.ev_passed", lang, name=name))
    why = turn_line(event, lang)
    if why and event.reason != Reason.PASS:
        lines.append(why)
    return lines



@dataclass(frozen=True)
class SettlementText:
    """What the settlement of a hand says, sentence by sentence (R21–R25); a view shows the
    parts it has room for (:meth:`lines`: all of them, in order)."""

    reason: str
    """Why the hand ended and who wins it (R21, R22)."""
    pips: tuple[str, ...]
    """Each seat's remaining pips: "Player 2 holds 7 pips."."""
    team_totals: tuple[str, ...]
    """With partners, each team's remaining pips together (R22); else empty."""
    tie: str
    """For a shared lowest total, how each tied winner is paid (R24); else empty."""
    bonuses: tuple[str, ...]
    """Each winner's bonus, step by step: "Bonus for … from the pips of …: 17 → 15 → 3 points"."""
    rounding: str
    """How the pips are rounded and turned into points (R23)."""

    def lines(self) -> list[str]:
        """Every sentence, in order, the empty ones left out."""
        return [line for line in (self.reason, *self.pips, *self.team_totals, self.tie,
                                  *self.bonuses, self.rounding) if line]


def settlement(result: HandResult, lang: str,
               names: Sequence[str | None] | None = None) -> SettlementText:
    """The sentences of a hand's settlement in *lang*; *names* are the seats' given names.

    >>> from horserace_nb.core.settlement import settle
    >>> text = settlement(settle([0, 17], partners=False, domino=0), "en")
    >>> text.reason
    'Player 1 won the hand by placing the last tile (R21).'
    >>> text.bonuses
    ('Bonus for Player 1 from the pips of Player 2: 17 → 15 → 3 points (R23).',)
    """
    partners = result.partners
    if result.reason == "domino":
        reason = t("settle.reason_domino", lang,
                   name=scoring_side(result.winners[0], partners, lang, names))
    else:
        reason = t("settle.reason_blocked_teams" if partners else "settle.reason_blocked", lang)
    return SettlementText(
        reason=reason,
        pips=tuple(t("settle.pips", lang, name=seat_name(seat, lang, names), pips=pips)
                   for seat, pips in enumerate(result.pips)),
        team_totals=tuple(t("settle.team_total", lang, team=scoring_side(side, True, lang, names),
                            pips=total) for side, total in enumerate(result.side_pips())
                          ) if partners else (),
        tie=t("settle.tie", lang) if len(result.winners) > 1 else "",
        bonuses=tuple(t("settle.bonus", lang, name=scoring_side(b.winner, partners, lang, names),
                        payers=and_list([seat_name(s, lang, names) for s in b.from_seats], lang),
                        pips=b.pips, rounded=b.rounded, points=b.points)
                      for b in result.bonuses),
        rounding=t("settle.rounding", lang))
