"""The steps of a replay and what each says, without widgets: :class:`ReplaySteps` (a worked
example's or a game record's steps, made on demand), :func:`step_texts` (everything a step
says, in any language, with the sum or the turn lines held back until they are taught) and
predict mode's judging (:func:`question_for`, :class:`Prediction`, :class:`PredictedPoint`:
a point as good under the rules as the recorded one is right too).
:class:`~horserace_nb.widgets.ReplayWidget` shows them.

>>> steps, example = build_steps("sequence")
>>> len(steps) > 3, example.key
(True, 'sequence')
>>> step_texts(steps[3], len(steps), "en")["sum"].split(" → ")[0]
'2 + 8 = 10'
>>> prediction = Prediction(3, question_for(steps, 3))
>>> prediction.check(0, "en").ok, prediction.feedback("ko").ok
(False, False)
>>> hidden = step_texts(steps[3], len(steps), "en", sums=False)
>>> hidden["sum"], hidden["sum_hidden"]
('', True)
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, overload

from ..core.actions import Action
from ..core.game import Event, Game
from ..core.layout import Layout
from ..core.record import Record, loads
from ..core.record import parse as parse_record
from ..core.rules import placement_score
from ..core.tiles import FULL_SET, Side, Tile
from ..teaching.examples import EXAMPLES, Example
from ..teaching.exercises import EndTotal, Feedback, LayoutExercise, PlacementScore, PlayedPoint
from ..words import narration
from ..words.describe import describe_layout
from ..words.i18n import check_lang, side_name, t
from ..words.names import list_text, point_name, points_phrase, scoring_side, seat_name

__all__ = ["ReplayStep", "ReplaySteps", "build_steps", "is_shortened", "step_texts",
           "question_for", "Prediction", "PredictedPoint"]

Point = tuple[Tile, Side]


@dataclass(frozen=True)
class ReplayStep:
    """The state after one step: the layout, the event that led to it (``None`` at the start
    and where a new hand was dealt), and for games the whole game at that step (a copy made on
    demand)."""

    index: int
    layout: Layout
    event: Event | None = None
    game: Game | None = None
    dealt: bool = False


class ReplaySteps(Sequence[ReplayStep]):
    """The steps of a worked example or a game record, in memory and time linear in the record.

    A game keeps its events (the objects of one replay, shared), the parsed actions and a copy
    of the game every ``every`` steps (at most about 16 copies); a step is made on demand from
    the nearest copy at or before it, or from the last step shown when that is nearer, by
    replaying the actions in between.
    """

    CHECKPOINTS = 16

    def __init__(self, *, layouts: Sequence[Layout] | None = None,
                 record: dict[str, Any] | Record | None = None) -> None:
        self._layouts = list(layouts) if layouts is not None else None
        self._events: list[Event | None] = [None]
        self._actions: list[Action | None] = [None]
        self._checkpoints: dict[int, Game] = {}
        self._cursor: tuple[int, Game] | None = None
        self.every = 1
        if record is None:
            return
        parsed = record if isinstance(record, Record) else parse_record(record)
        actions = parsed.actions
        self.every = max(64, -(-len(actions) // self.CHECKPOINTS))
        game = Game.from_record(parsed, upto=0)
        self._checkpoints[0] = game.copy()
        for index, entry in enumerate(actions, start=1):
            action = None if entry is None else entry[1]
            if action is None:
                game.next_hand()
                self._events.append(None)
            else:
                self._events.append(game.apply(action))
            self._actions.append(action)
            if index % self.every == 0:
                self._checkpoints[index] = game.copy()
        self._cursor = (len(actions), game)

    def __len__(self) -> int:
        if self._layouts is not None:
            return len(self._layouts)
        return len(self._events)

    @overload
    def __getitem__(self, index: int) -> ReplayStep: ...

    @overload
    def __getitem__(self, index: slice) -> list[ReplayStep]: ...

    def __getitem__(self, index: int | slice) -> ReplayStep | list[ReplayStep]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError(f"step {index} is not from 0 to {len(self) - 1}")
        if self._layouts is not None:
            return ReplayStep(index, self._layouts[index].copy())
        game = self._game_at(index).copy()
        return ReplayStep(index, game.layout, event=self._events[index], game=game,
                          dealt=index > 0 and self._actions[index] is None)

    def _game_at(self, index: int) -> Game:
        start = max(i for i in self._checkpoints if i <= index)
        cursor = self._cursor
        if cursor is not None and start <= cursor[0] <= index:
            at, game = cursor
        else:
            at, game = start, self._checkpoints[start].copy()
        while at < index:
            at += 1
            action = self._actions[at]
            if action is None:
                game.next_hand()
            else:
                game.apply(action)
        self._cursor = (at, game)
        return game


def build_steps(source: Any) -> tuple[ReplaySteps, Example | None]:
    """The steps of *source*: an example (or its key; a teacher's
    :class:`~horserace_nb.teaching.authoring.TeacherExample` too), a :class:`Game`, a game
    record dict, or its JSON text. Records are validated by replaying them
    (:class:`RecordError` if bad)."""
    if source is None:
        source = "sequence"
    if isinstance(source, str) and source in EXAMPLES:
        source = EXAMPLES[source]
    if isinstance(source, Example):
        if source.is_layout:
            return ReplaySteps(layouts=[Layout(), *source.layouts()]), source
        return ReplaySteps(record=source.play().record()), source
    if isinstance(source, Game):  # a live game's record is legal by construction
        return ReplaySteps(record=source.record()), None
    if isinstance(source, (str, bytes)):
        source = loads(source)  # read once; its form checked (RecordError)
    elif isinstance(source, dict):
        source = parse_record(source)
    else:
        raise ValueError(
            "a replay shows a worked example (or its name), a Game, a game record or its JSON, "
            f"not {type(source).__name__}")
    Game.from_record(source)  # replays it through the rules first: a bad record changes nothing
    return ReplaySteps(record=source), None


def is_shortened(steps: Sequence[ReplayStep]) -> bool:
    """Whether the hand replayed was dealt from fewer than the 28 tiles of the set (R1, R5).

    The rule texts' hand examples deal only the tiles they need (``[3|3]`` opens, nobody holds
    a 3 and the boneyard is empty): no deal of the full set gives that, so a replay says the
    hand is shortened. A layout sequence deals nothing (``False``).

    >>> is_shortened(build_steps("blocked_teams")[0]), is_shortened(build_steps("sequence")[0])
    (True, False)
    """
    game = steps[0].game if len(steps) else None
    if game is None:
        return False
    dealt = sum(len(hand) for hand in game.hands) + len(game.boneyard) + len(game.layout.tiles)
    return dealt < len(FULL_SET)


def step_texts(step: ReplayStep, total_steps: int, lang: str,
               example: Example | None = None, *, sums: bool = True,
               turns: bool = True) -> dict[str, Any]:
    """Everything a step says, in *lang*: ``heading``, ``sum``, ``turn``, ``scores`` (the
    match's scores), ``details`` (list: the settlement, the winners, the hands, the boneyard),
    ``alt`` (the layout's text alternative), ``keep`` (the players' names: a view breaks no
    line inside one, "プレイ" ⏎ "ヤー4"), ``sum_hidden`` and ``note`` (the sentence
    *example* says at this step, :meth:`Example.note
    <horserace_nb.teaching.examples.Example.note>`: a teacher's; ``""`` for none).

    :param sums: ``False`` holds the sum back (the class answers first): no ``sum``, and none of
        what would give it away — the turn line (a score from hand places again), the scores,
        the contributions in ``alt``; ``sum_hidden`` is then true for a step that has a sum.
    :param turns: ``False`` leaves out the turn line and the scores (lessons that have not
        taught turns yet).
    """
    check_lang(lang)
    out: dict[str, Any] = {"heading": "", "sum": "", "turn": "", "scores": "", "details": [],
                           "alt": "", "keep": [], "sum_hidden": False,
                           "note": example.note(step.index, lang) if example else ""}
    counter = t("replay.step", lang, step=step.index, total=total_steps - 1)
    event, game = step.event, step.game
    if step.index == 0:
        out["heading"] = t("replay.heading", lang, counter=counter, what=t("replay.start", lang))
    elif step.dealt:
        out["heading"] = t("replay.heading", lang, counter=counter,
                           what=t("replay.next_hand", lang))
    elif event is None:  # a layout example
        last = step.layout.tiles[-1]
        joined = step.layout.joined_by(last)
        on, side = (None, None) if joined is None else (joined.anchor, joined.anchor_side)
        out["heading"] = t("replay.heading", lang, counter=counter,
                           what=narration.placement_heading(last, on, side, lang))
        out["sum"] = narration.sum_line(step.layout, lang)
        out["turn"] = narration.as_if_from_hand(step.layout, lang)
    else:
        who = seat_name(event.seat, lang)
        if event.kind == "place":
            assert event.tile is not None
            if event.on is None or event.side is None:
                out["heading"] = t("replay.heading_opened", lang, counter=counter, who=who,
                                   tile=event.tile)
            else:
                out["heading"] = t("replay.heading_placed", lang, counter=counter, who=who,
                                   tile=event.tile, on=event.on,
                                   side=side_name(event.side, lang))
            out["sum"] = narration.sum_line(event, lang)
        elif event.kind == "draw":
            out["heading"] = t("replay.heading_drew", lang, counter=counter, who=who,
                               tile=event.tile)
        else:
            out["heading"] = t("replay.heading_passed", lang, counter=counter, who=who)
        out["turn"] = narration.turn_line(event, lang)
        if event.result is not None and game is not None:
            out["details"] = narration.settlement(event.result, lang).lines()
        if event.winners is not None:
            partners = game is not None and game.partners
            names = list_text([scoring_side(w, partners, lang) for w in event.winners], lang)
            out["details"] = [*out["details"], t("replay.winners", lang, winners=names)]
    if game is not None:
        scores = list_text(
            [t("replay.score_item", lang, who=scoring_side(i, game.partners, lang), score=s)
             for i, s in enumerate(game.scores)], lang)
        hands = t("replay.hands_sep", lang).join(
            t("replay.hand_item", lang, who=seat_name(i, lang),
              tiles=list_text([str(x) for x in h], lang) or "—")
            for i, h in enumerate(game.hands))
        out["scores"] = t("replay.scores", lang, scores=scores, target=game.target)
        out["keep"] = [seat_name(i, lang) for i in range(len(game.hands))]
        out["details"] = [*out["details"], t("replay.hands", lang, hands=hands),
                          t("replay.boneyard", lang, count=len(game.boneyard))]
    hide_sum = not sums and bool(out["sum"])
    if hide_sum:  # the teacher's sentence may tell the sum too
        out.update(sum="", turn="", scores="", sum_hidden=True, note="")
    if not turns:
        out.update(turn="", scores="")
    out["alt"] = describe_layout(step.layout, lang, numbers=not hide_sum)
    return out


def question_for(steps: Sequence[ReplayStep], index: int) -> LayoutExercise[Any] | None:
    """The prediction asked before step *index* is shown in predict mode (``None`` for a step
    that is not a placement): where the tile goes (when it had a choice), the end total, or the
    placement score, in turn."""
    step = steps[index]
    placed = step.event.kind == "place" if step.event is not None else (
        not step.dealt and not step.layout.is_empty)
    if not placed or step.dealt:
        return None
    after = step.layout
    tile = after.tiles[-1]
    joined = after.joined_by(tile)
    before = Layout.from_placements(list(after.placements()[:-1]))
    kind = index % 3
    if (kind == 0 and joined is not None
            and len(before.legal_points(tile)) > 1):
        return PredictedPoint.at(before, tile, (joined.anchor, joined.anchor_side))
    return PlacementScore.on_layout(after) if kind == 2 else EndTotal.on_layout(after)


def _sum_of(layout: Layout) -> str:
    """The sum a layout's ends make, as the feedback writes it ("1 + 4 + 5 = 10")."""
    return layout.sum_text() if len(layout.contributions()) else f"0 = {layout.end_total()}"


class PredictedPoint(PlayedPoint):
    """Where does :attr:`tile` go next? — predict mode's question, judged by the rules, not by
    recall: a legal point that scores as much as the recorded one (:attr:`played`) is right too,
    and the feedback says that the replay chose another point just as good; it cites only the
    rules that decide (no scoring rule when no point the tile fits would score).

    >>> steps, _ = build_steps("sequence")
    >>> q = question_for(steps, 6)                   # [1|5]: branch A or B of [1|1], both 10
    >>> [side.value for _, side in q.equal_points()]
    ['branch_b']
    >>> fb = q.check(("[1|1]", "branch_b"), "en")
    >>> fb.ok, fb.rules
    (True, ('R9', 'R13', 'R15'))
    >>> q9 = question_for(steps, 9)                  # [1|3]: 8 or 3, neither scores
    >>> fb9 = q9.check(("[3|4]", "low"), "en")
    >>> fb9.ok, fb9.rules
    (True, ('R9',))
    """

    def score_at(self, point: Point) -> int:
        """The raw score :attr:`tile` makes on *point* (R13, R15)."""
        assert self.tile is not None
        return placement_score(self.layout.total_after(self.tile, *point))

    def equal_points(self) -> list[Point]:
        """The other legal points where the tile scores as much as where it was placed."""
        assert self.tile is not None
        score = self.score_at(self.played)
        return [p for p in self.layout.legal_points(self.tile)
                if p != self.played and self.score_at(p) == score]

    def _placed(self, point: Point) -> Layout:
        """The layout after :attr:`tile` is placed on *point*."""
        assert self.tile is not None
        after = self.layout.copy()
        after.place(self.tile, *point)
        return after

    def _free(self) -> bool:
        """No point the tile fits would score: nothing but R9 decides where it goes."""
        assert self.tile is not None
        return all(self.score_at(p) == 0 for p in self.layout.legal_points(self.tile))

    def _verdict(self, answer: Point, lang: str) -> Feedback:
        assert self.tile is not None
        legal = self.layout.legal_points(self.tile)
        if answer not in legal:  # not a point it fits: the closed or mismatched point's sentence
            return super()._verdict(answer, lang)
        played, tile = self.played, self.tile
        marks = frozenset({answer, played})
        if answer == played:
            return self._marked(True, t("exercise.right_why", lang, why=self._why(answer, lang)),
                                marks)
        after, there = self._placed(answer), self._placed(played)
        values = {"tile": tile, "played": point_name(played, lang), "sum": _sum_of(after),
                  "played_sum": _sum_of(there), "points": points_phrase(after.score(), lang)}
        mine, theirs = self.score_at(answer), self.score_at(played)
        if mine == theirs:
            key = "replay.where.equal_zero" if mine == 0 else "replay.where.equal"
            return self._marked(True, t(key, lang, **values), marks)
        key = "replay.where.more" if mine > theirs else "replay.where.less"
        return self._marked(False, t("exercise.not_quite", lang, hint=t(key, lang, **values)),
                            marks)

    def _why(self, point: Point, lang: str) -> str:
        if point != self.played:
            return super()._why(point, lang)
        after = self._placed(point)
        values = {"tile": self.tile, "point": point_name(point, lang), "sum": _sum_of(after),
                  "points": points_phrase(after.score(), lang)}
        if self._free():
            return t("replay.where.right_free", lang, **values)
        others = self.equal_points()
        if others:
            names = list_text([point_name(p, lang) for p in others], lang)
            return t("replay.where.right_equal", lang, others=names, **values)
        return super()._why(point, lang)

    @staticmethod
    def _marked(ok: bool, message: str, points: frozenset[Point]) -> Feedback:
        rules = tuple(dict.fromkeys(re.findall(r"R\d+", message)))
        return Feedback(ok, message, rules, points=points)


class Prediction:
    """The question asked before step :attr:`index` is shown, and the last answer to it: its
    feedback can be written again in another language (a switch) without counting an attempt.
    """

    def __init__(self, index: int, question: LayoutExercise[Any]) -> None:
        self.index = index
        self.question = question
        self.answered = False
        self._answer: object = None

    def check(self, value: object, lang: str) -> Feedback:
        """Judge *value* (a number, or a ``(tile, side)`` point), naming the rule.

        :raises ValueError: for an answer of the wrong kind (nothing changes).
        """
        feedback = self.question.check(value, lang)
        self._answer, self.answered = value, True
        return feedback

    def feedback(self, lang: str) -> Feedback:
        """The feedback on the last answer, in *lang* (the same verdict, nothing counted).

        :raises ValueError: if no answer was given yet.
        """
        if not self.answered:
            raise ValueError("no prediction was answered yet")
        return self.question.verdict(self._answer, lang)
