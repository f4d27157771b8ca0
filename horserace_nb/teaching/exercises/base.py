"""The exercises' framework: :class:`Exercise` (a position drawn from a seed, a question, the
expected answer, a verdict and a hint ladder for every attempt), :class:`LayoutExercise` (also
asked about a given layout), :class:`BasicExercise` (a kind with designed cases, a verdict on the
right answer and one on each wrong one, a rule reminder and a pointer as its hints),
:class:`Feedback`, :class:`Hint`, the stars (:func:`stars_for`), and the helpers every topic
module shares: the sentences' rules (:func:`feedback`, :func:`hint`, :func:`wrong`), the answers'
checks (:func:`parse_point`, :func:`seat_set`, :func:`one_of`, :func:`settlement_answer`) and the
one sampling loop (:func:`sample`) the kinds draw their positions with.

No widgets, no rendering: the kinds are in the topic modules beside this one.

>>> stars_for(1, True, False), stars_for(2, True, False, hints=1)
(3, 1)
>>> sample(iter([None, None, 7]).__next__)
7
"""

from __future__ import annotations

import random
import re
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, TypeVar

from ...core.game import Event, Game
from ...core.layout import Layout
from ...core.quoting import excerpt
from ...core.settlement import HandResult
from ...core.tiles import BRANCHES, FULL_SET, STRAIGHTS, Side, Tile
from ...core.validate import seed as check_seed
from ...core.validate import whole
from ...words.i18n import check_lang, side_name, t
from ...words.names import list_text, point_name, seat_name

__all__ = ["Point", "MAX_STARS", "stars_for", "Feedback", "Hint", "SettlementAnswer",
           "Exercise", "LayoutExercise", "BasicExercise", "OptionExercise", "NumberExercise",
           "SeatExercise", "feedback", "hint", "wrong", "rules_in", "sample", "parse_point",
           "parse_points", "seat_set", "seat_or_none", "one_of", "settlement_answer",
           "right_fields", "named_points", "point_key", "sum_text", "rules_text", "tiles_text",
           "placed", "holds", "truncated", "search", "filled", "branch_started", "play_until",
           "random_play", "tied_block", "high_table", "low_hands", "hand_result"]

Point = tuple[Tile, Side]
"""A connection point: ``(tile on the layout, side)``."""

A = TypeVar("A")
T = TypeVar("T")
E = TypeVar("E", bound="LayoutExercise[Any]")


MAX_STARS = 3
"""The most stars one exercise or puzzle earns."""


def stars_for(attempts: int, solved: bool, revealed: bool, hints: int = 0) -> int:
    """Stars for one exercise or puzzle: 3 at the first try, 2 at the second, 1 later, each hint
    opened costing one more (never below 1 when solved); 0 when unsolved or when the answer was
    shown first.

    >>> stars_for(1, True, False), stars_for(5, True, False), stars_for(1, True, True)
    (3, 1, 0)
    >>> stars_for(1, True, False, hints=1), stars_for(1, True, False, hints=2)
    (2, 1)
    """
    if not solved or revealed:
        return 0
    return max(1, MAX_STARS + 1 - attempts - hints)


@dataclass(frozen=True)
class Feedback:
    """The verdict on one answer: right or not, and a sentence that explains it with the rule
    (its R-numbers are in *rules* and in the sentence)."""

    ok: bool
    message: str
    rules: tuple[str, ...] = ()
    points: frozenset[tuple[Tile, Side]] = frozenset()
    """Connection points the sentence talks about, for the board to mark."""
    tiles: frozenset[Tile] = frozenset()
    """Tiles the sentence talks about, for the board to mark."""


@dataclass(frozen=True)
class Hint:
    """One rung of an exercise's hint ladder (:meth:`Exercise.hint_steps`): a sentence (its
    R-numbers also in *rules*) and what it points at on the board: connection *points* and
    *tiles* to mark. The first rung reminds of the rule; later rungs point at the board."""

    message: str
    rules: tuple[str, ...] = ()
    points: frozenset[tuple[Tile, Side]] = frozenset()
    tiles: frozenset[Tile] = frozenset()


@dataclass(frozen=True)
class SettlementAnswer:
    """An answer to a settlement exercise (R21–R25): the hand's winners (seats, or teams with
    partners, 0-based), the pips each winner receives, that sum rounded, and the points."""

    winners: frozenset[int]
    pips: int
    rounded: int
    points: int

    @classmethod
    def of(cls, result: HandResult) -> SettlementAnswer:
        """The right answer for a settled hand: its winners and the first winner's bonus."""
        bonus = result.bonuses[0]
        return cls(frozenset(result.winners), bonus.pips, bonus.rounded, bonus.points)



# ------------------------------------------------------------------------------- sentences

def rules_in(text: str) -> tuple[str, ...]:
    """The rule numbers a sentence names, in order, once each."""
    return tuple(dict.fromkeys(re.findall(r"R\d+", text)))


def feedback(ok: bool, message: str, points: Iterable[Point] = (),
             tiles: Iterable[Tile | None] = ()) -> Feedback:
    """A verdict whose rules are the ones *message* names; ``None`` tiles are left out."""
    return Feedback(ok, message, rules_in(message), frozenset(points),
                    frozenset(x for x in tiles if x is not None))


def wrong(lang: str, why: str, points: Iterable[Point] = (),
          tiles: Iterable[Tile | None] = ()) -> Feedback:
    """"Not quite: <why>" as a wrong answer's verdict."""
    return feedback(False, t("exercise.not_quite", lang, hint=why), points, tiles)


def hint(message: str, points: Iterable[Point] = (), tiles: Iterable[Tile | None] = ()
         ) -> Hint:
    """A hint rung whose rules are the ones *message* names; ``None`` tiles are left out."""
    return Hint(message, rules_in(message), frozenset(points),
                frozenset(x for x in tiles if x is not None))


def named_points(points: Iterable[Point], lang: str) -> str:
    """The points as a list in board order ("none" for no point)."""
    return list_text((point_name(p, lang) for p in sorted(points, key=point_key)), lang,
                     none=True)


def point_key(point: Point) -> tuple[int, str]:
    """The order of points in lists: by tile, then by side."""
    return point[0].index, point[1].value


def sum_text(layout: Layout) -> str:
    """The end total as the feedback writes it: ``"2 + 8 = 10"``, but ``"10"`` for one end or
    none (not ``"10 = 10"``)."""
    return layout.sum_text() if len(layout.contributions()) > 1 else str(layout.end_total())


def event_sum_text(event: Event) -> str:
    """The end total a placement made, as the feedback writes it: ``"2 + 8 = 10"``, but ``"10"``
    for one counted end or none (not ``"10 = 10"``)."""
    return event.sum_text() if len(event.contributions) > 1 else str(event.total)


def rules_text(rules: Sequence[str]) -> str:
    return ", ".join(rules)


def tiles_text(tiles: Iterable[Tile]) -> str:
    return " ".join(map(str, tiles))


def placed(event: Event, lang: str) -> str:
    """"Player 1 places [1|4] on the high end of [4|4]" as a clause for the prompts."""
    name = seat_name(event.seat, lang)
    if event.on is None or event.side is None:
        return t("basics.opens", lang, name=name, tile=event.tile)
    return t("basics.places", lang, name=name, tile=event.tile, on=event.on,
             side=side_name(event.side, lang))


def holds(game: Game, lang: str) -> list[str]:
    """A sentence a player: the tiles each holds."""
    return [t("basics.holds", lang, name=seat_name(seat, lang), tiles=tiles_text(hand))
            if hand else t("basics.holds_none", lang, name=seat_name(seat, lang))
            for seat, hand in enumerate(game.hands)]


# ------------------------------------------------------------------------------- answers

def parse_point(value: object) -> Point:
    """*value* as a ``(tile, side)`` point; ValueError if it is not one."""
    if (isinstance(value, (str, bytes)) or not isinstance(value, Sequence)
            or len(value) != 2):
        raise ValueError(f"a point is a (tile, side) pair, not {excerpt(value)}")
    tile, side = value
    if not isinstance(tile, (Tile, str)) or not isinstance(side, (Side, str)):
        raise ValueError(f"a point is a (tile, side) pair, not {excerpt(value)}")
    return Tile.parse(tile), Side.coerce(side)


def parse_points(value: object) -> frozenset[Point]:
    """*value* as a set of points; ValueError if it is not a collection of them."""
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise ValueError(f"the answer is a collection of (tile, side) points, not "
                         f"{excerpt(value)}")
    return frozenset(parse_point(p) for p in value)


def seat_set(value: object, sides: int) -> frozenset[int]:
    """*value* as a set of seats (or teams) numbered from 0 to *sides* − 1."""
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise ValueError(f"the answer is a collection of seats (or teams), not {excerpt(value)}")
    out = frozenset(whole(s, "a seat") for s in value)
    if any(not 0 <= s < sides for s in out):
        raise ValueError(f"the answer's seats (or teams) are numbered from 0 to {sides - 1}, not "
                         f"{excerpt(sorted(out))}")
    return out


def one_of(answer: object, options: Sequence[str], what: str) -> str:
    """*answer* if it is one of *options*; ValueError naming *what* otherwise."""
    if not isinstance(answer, str) or answer not in options:
        raise ValueError(f"{what}: one of {', '.join(options)}, not {excerpt(answer)}")
    return answer


def settlement_answer(answer: object, right: SettlementAnswer, sides: int
                      ) -> SettlementAnswer:
    """*answer* as a :class:`SettlementAnswer` with winners among *sides*; a plain number is
    the points alone (the other fields taken from *right*)."""
    if isinstance(answer, SettlementAnswer):
        seat_set(answer.winners, sides)
        for name in ("pips", "rounded", "points"):
            whole(getattr(answer, name), name)
        return answer
    points = whole(answer, "the answer (a SettlementAnswer or the points)")
    return SettlementAnswer(right.winners, right.pips, right.rounded, points)


def right_fields(given: SettlementAnswer, right: SettlementAnswer) -> dict[str, object]:
    """The fields of *given* that are right, by name (``winners``, ``pips``, ``rounded``,
    ``points``)."""
    return {name: getattr(given, name) for name in ("winners", "pips", "rounded", "points")
            if getattr(given, name) == getattr(right, name)}


# ------------------------------------------------------------------------------- positions

def sample(draw: Callable[[], T | None], tries: int = 100_000) -> T:
    """Call *draw* until it gives a position (not ``None``): the one rejection-sampling loop the
    kinds draw their positions with (each designed case is common enough to be found in a few
    hundred draws at most)."""
    for _ in range(tries):
        found = draw()
        if found is not None:
            return found
    raise RuntimeError("no position found")  # pragma: no cover - every case is common enough


def _rng(kind: str, seed: int) -> random.Random:
    return random.Random(f"horserace-exercise:{kind}:{seed}")


def truncated(rng: random.Random, low: int, high: int, doubles: float = 0.45) -> Layout:
    """The first *low* to *high* placements of a random layout (opened by a double with
    probability about *doubles*)."""
    full = Layout.random(rng, doubles_first=rng.random() < doubles)
    count = rng.randint(low, max(low, min(high, len(full))))
    return Layout.from_placements(list(full.placements()[:count]))


def search(rng: random.Random, low: int, high: int, wanted: Callable[[Layout], bool]
           ) -> Layout:
    """A layout of *low* to *high* tiles (a designed case's position) for which *wanted*
    holds."""
    def draw() -> Layout | None:
        layout = truncated(rng, low, high)
        return layout if wanted(layout) else None

    return sample(draw, 5000)


def filled(layout: Layout, tile: Tile) -> bool:
    """Both straight sides of the double *tile* are taken: its branches are open (R11)."""
    joined = layout.joined_by(tile)
    return all(layout.child(tile, s) is not None
               or (joined is not None and joined.tile_side is s) for s in STRAIGHTS)


def branch_started(layout: Layout, tile: Tile) -> bool:
    return any(layout.child(tile, s) is not None for s in BRANCHES)


def play_until(game: Game, rng: random.Random, limit: int = 200) -> list[Event]:
    """Random legal actions until the hand ends or *limit* actions: the events."""
    events: list[Event] = []
    while not game.hand_over and len(events) < limit:
        events.append(game.apply(rng.choice(game.legal_actions())))
    return events


def random_play(game: Game, rng: random.Random, until: Callable[[Game, Event], bool]
                ) -> Event | None:
    """Play random legal actions until *until* holds for an event (then return it) or the hand
    ends."""
    while not game.hand_over:
        event = game.apply(rng.choice(game.legal_actions()))
        if until(game, event):
            return event
    return None


_HIGH_TILES = tuple(tile for tile in FULL_SET if tile.low >= 4)
"""The six tiles with both halves 4 to 6: a layout of them shows only 4, 5 and 6."""
_LOW_TILES = tuple(tile for tile in FULL_SET if tile.high <= 3)
"""The ten tiles with both halves 0 to 3: none of them fits a layout of :data:`_HIGH_TILES`."""


def high_table(rng: random.Random) -> list[tuple[Tile, Tile | None, Side | None]]:
    """The placements of a small layout of tiles with halves 4 to 6 (three to five tiles): no
    tile with halves 0 to 3 fits it, so hands of those are blocked."""
    def draw() -> list[tuple[Tile, Tile | None, Side | None]] | None:
        layout = Layout()
        layout.place(rng.choice(_HIGH_TILES))
        for _ in range(rng.randint(2, 4)):
            moves = [(tile, on, side) for tile in _HIGH_TILES if tile not in layout
                     for on, side in layout.legal_points(tile)]
            if not moves:
                break
            layout.place(*rng.choice(moves))
        return layout.placements() if len(layout) >= 3 else None

    return sample(draw)


def low_hands(rng: random.Random, players: int, most: int = 3) -> list[list[Tile]]:
    """One hand of one to *most* tiles with halves 0 to 3 per player (small sums)."""
    tiles = list(_LOW_TILES)
    rng.shuffle(tiles)
    hands, start = [], 0
    for seat in range(players):
        left = len(tiles) - start - (players - seat - 1)
        size = rng.randint(1, max(1, min(most, left)))
        hands.append(tiles[start:start + size])
        start += size
    return hands


def tied_block(rng: random.Random, partners: bool, players: int,
               scores: Sequence[int] | None = None) -> Game:
    """A small blocked hand whose lowest totals tie, settled by the core."""
    def draw() -> Game | None:
        table = high_table(rng)
        hands = low_hands(rng, players)
        game = Game.from_position(table, hands, [], rng.randrange(players), partners=partners,
                                  scores=scores, seed=rng.randrange(1, 10**9))
        result = game.hand_result
        if (result is not None and len(result.winners) > 1
                and all(b.pips >= 3 for b in result.bonuses)):
            return game
        return None

    return sample(draw)


def hand_result(game: Game) -> HandResult:
    """The result of *game*'s hand, which has ended (by construction)."""
    result = game.hand_result
    assert result is not None
    return result


# ------------------------------------------------------------------------------- exercises

class Exercise(ABC, Generic[A]):
    """One exercise: a position drawn from *seed*, a question, the expected :attr:`answer`, and
    :meth:`check` for every attempt (retry as often as you like), :meth:`answer_text` for "show
    answer". The same kind and seed always give the same exercise.

    ``attempts``, ``solved`` and ``revealed`` record how it went; :attr:`stars` scores it like a
    lesson task: 3 when right at the first try, 2 at the second, 1 later, 0 once the answer was
    shown before it was solved.
    """

    kind: ClassVar[str]
    """The kind's name (a key of :data:`KINDS`)."""
    answer_form: ClassVar[str]
    """What the answer is: ``"points"`` (several connection points), ``"point"`` (one point,
    chosen on the board), ``"number"``, ``"seat"`` (a seat or ``None`` for nobody),
    ``"sides"`` (several seats or teams) or ``"settlement"`` (:class:`SettlementAnswer`)."""
    rules: ClassVar[tuple[str, ...]]
    """The rules the exercise practises."""
    cases: ClassVar[dict[str, tuple[str, ...]]] = {}
    """The kind's designed cases, in teaching order: a case's name → the rules that case turns
    on (at most three). :meth:`_build` draws a position of :attr:`case` when one is given."""
    practice: ClassVar[tuple[str, ...]] = ()
    """The designed cases kept for "Next exercise" and practice, in no lesson's first run (every
    other case is asked in a lesson: :data:`~horserace_nb.teaching.course.COURSE`)."""

    def __init__(self, seed: int = 1, case: str | None = None) -> None:
        if case is not None and case not in self.cases:
            raise ValueError(f"case: one of {', '.join(self.cases) or 'none'} for "
                             f"{self.kind}, not {excerpt(case)}")
        self._start(check_seed(seed), case)

        self._build(_rng(self.kind if case is None else f"{self.kind}/{case}", self.seed))

    @property
    def item_rules(self) -> tuple[str, ...]:
        """The rules this item turns on: its case's, or the kind's."""
        return self.cases[self.case] if self.case is not None else self.rules

    @property
    def progress_case(self) -> str:
        """The item's ``case`` as results record it: the kind, or ``"<kind>/<case>"`` for a
        designed case (:mod:`horserace_nb.teaching.progress`)."""
        return self.kind if self.case is None else f"{self.kind}/{self.case}"

    def _start(self, seed: int, case: str | None = None) -> None:
        self.seed = seed
        self.case = case
        """The designed case drawn (a key of :attr:`cases`), or ``None`` for any position."""
        self.attempts = 0
        self.solved = False
        self.revealed = False
        self.hints_used = 0
        """How many rungs of :meth:`hint_steps` were opened (each costs a star)."""
        self.layout: Layout = Layout()
        """The position on the table."""
        self.highlight: Tile | None = None
        """A tile on the layout to mark (the one just placed), or ``None``."""
        self.tile: Tile | None = None
        """A tile to place (in the learner's hand), or ``None``."""

    def __repr__(self) -> str:
        return f"<{type(self).__name__} seed {self.seed}>"

    @abstractmethod
    def _build(self, rng: random.Random) -> None:
        """Draw the position from *rng*."""

    @property
    @abstractmethod
    def answer(self) -> A:
        """The expected answer."""

    @abstractmethod
    def prompt(self, lang: str = "en") -> list[str]:
        """The question as sentences: what happened, then what to answer."""

    @abstractmethod
    def _coerce(self, answer: object) -> A:
        """The learner's *answer* as the answer's type; ValueError if it is not one."""

    @abstractmethod
    def _verdict(self, answer: A, lang: str) -> Feedback:
        """Feedback on a well-formed answer."""

    @abstractmethod
    def answer_text(self, lang: str = "en") -> str:
        """The answer with its reason and rule ("show answer")."""

    def question(self, lang: str = "en") -> str:
        """The prompt as one text, a sentence a line."""
        return "\n".join(self.prompt(check_lang(lang)))

    def choices(self) -> list[Any]:
        """The options a widget offers (points, seats, sides); empty for a number."""
        return []

    def choice_label(self, choice: Any, lang: str = "en") -> str:
        """A button's label for one of :meth:`choices`."""
        return str(choice)

    def check(self, answer: object, lang: str = "en") -> Feedback:
        """Check *answer*: right or wrong, with a sentence naming the rule. ``None`` means no
        answer yet (asks for one and counts no attempt).

        :raises ValueError: if *answer* is not of the kind the exercise asks for.
        """
        given = self.verdict(answer, lang)
        if answer is None and self.answer_form != "seat":
            return given
        if not self.solved:
            self.attempts += 1
            self.solved = given.ok
        return given

    def verdict(self, answer: object, lang: str = "en") -> Feedback:
        """The feedback :meth:`check` gives *answer*, counting nothing: the same verdict again,
        in another language after a switch.

        :raises ValueError: if *answer* is not of the kind the exercise asks for.
        """
        lang = check_lang(lang)
        if answer is None and self.answer_form != "seat":
            return Feedback(False, t("exercise.no_answer", lang))
        return self._verdict(self._coerce(answer), lang)

    def reveal(self, lang: str = "en") -> str:
        """Show the answer (a widget's "show answer"): :meth:`answer_text`, and no stars unless
        it was already solved."""
        if not self.solved:
            self.revealed = True
        return self.answer_text(lang)

    def hint_steps(self, lang: str = "en") -> list[Hint]:
        """The hint ladder, gentle first: a reminder of the rule, then a pointer on the board
        (at least two rungs; none of them gives the whole answer away)."""
        lang = check_lang(lang)
        rules = ", ".join(self.rules)
        return [Hint(t("exercise.hint.rules", lang, rules=rules), self.rules),
                Hint(t("exercise.hint.answer_form", lang), self.rules)]

    def hint(self, lang: str = "en") -> Hint | None:
        """Open the next rung of :meth:`hint_steps` (it costs a star, :func:`stars_for`), or
        ``None`` when every rung is open (nothing is counted then)."""
        steps = self.hint_steps(lang)
        if self.hints_used >= len(steps):
            return None
        if not self.solved:
            self.hints_used += 1
            return steps[self.hints_used - 1]
        return steps[min(self.hints_used, len(steps) - 1)]

    def right_part(self, answer: object) -> object:
        """What of a wrong *answer* was right, for "Try again" to keep (the points rightly
        chosen, the settlement's right fields); ``None`` keeps nothing."""
        return None

    @property
    def stars(self) -> int:
        return stars_for(self.attempts, self.solved, self.revealed, self.hints_used)


class LayoutExercise(Exercise[A]):
    """An exercise about a layout alone, which can also be asked about a given layout (a replay's
    predict mode): :meth:`on_layout`."""

    @classmethod
    def on_layout(cls: type[E], layout: Layout, tile: Tile | str | None = None) -> E:
        """The exercise asked about *layout* (and *tile* for a placement question) instead of a
        position drawn from a seed (its ``seed`` is 0)."""
        if not isinstance(layout, Layout):
            raise ValueError(f"layout is a Layout, not {excerpt(layout)}")
        ex = cls.__new__(cls)
        ex._start(0)
        ex.layout = layout.copy()
        ex.tile = None if tile is None else Tile.parse(tile)
        ex._adopt()
        return ex

    def _adopt(self) -> None:
        """Check and complete a layout given by :meth:`on_layout`."""


class BasicExercise(Exercise[A]):
    """A kind with designed cases (:attr:`built`: the case built), whose verdict is a sentence
    for the right answer (:meth:`answer_text`) and one for each wrong one (:meth:`_miss`), and
    whose hint ladder is a reminder of the rule (``basics.<kind>.hint_rule``) and a pointer at
    what to look at (:meth:`_pointer`)."""

    built: str
    """The designed case this exercise was built as (:attr:`case`, or one drawn by seed)."""

    weights: ClassVar[tuple[int, ...] | None] = None
    """How often each case is drawn when none is asked for (default: equally often)."""

    def _pick(self, rng: random.Random) -> str:
        """The designed case to build: the one asked for, or one drawn by *rng*."""
        if self.case is not None:
            self.built = self.case
        else:
            self.built = rng.choices(tuple(self.cases), weights=self.weights)[0]
        return self.built

    def _build(self, rng: random.Random) -> None:
        self._build_case(rng, self._pick(rng))

    @abstractmethod
    def _build_case(self, rng: random.Random, case: str) -> None:
        """Draw the position of the designed *case* (:attr:`built`) from *rng*."""

    def _verdict(self, answer: A, lang: str) -> Feedback:
        if answer == self.answer:
            points, tiles = self._right_marks(answer)
            return feedback(True, t("exercise.right_why", lang, why=self.answer_text(lang)),
                            points, tiles)
        return self._miss(answer, lang)

    def _right_marks(self, answer: A) -> tuple[Iterable[Point], Iterable[Tile | None]]:
        """What to mark on the board for the right *answer*: points and tiles (none)."""
        return (), ()

    @abstractmethod
    def _miss(self, answer: A, lang: str) -> Feedback:
        """The verdict on a wrong *answer*: why it is not right, with the rule."""

    def hint_steps(self, lang: str = "en") -> list[Hint]:
        lang = check_lang(lang)
        return [hint(t(f"basics.{self.kind}.hint_rule", lang)), self._pointer(lang)]

    @abstractmethod
    def _pointer(self, lang: str) -> Hint:
        """The second rung of the hint ladder: what to look at."""


class OptionExercise(BasicExercise[str]):
    """An exercise answered by one option key (answer form ``"option"``)."""

    answer_form = "option"

    def _coerce(self, answer: object) -> str:
        return one_of(answer, self.choices(), "the answer")


class NumberExercise(BasicExercise[int]):
    """An exercise answered by a whole number (answer form ``"number"``)."""

    answer_form = "number"
    asked: ClassVar[str] = "the answer"
    """What the number is, for the message on an answer that is not one."""

    def _coerce(self, answer: object) -> int:
        return whole(answer, self.asked)


def seat_or_none(answer: object, players: int, nobody: bool) -> int | None:
    """*answer* as a seat of *players*, or ``None`` when *nobody* may be the answer."""
    if answer is None:
        if nobody:
            return None
        raise ValueError(f"the answer is a seat from 0 to {players - 1}, not None")
    seat = whole(answer, "the answer (a seat)")
    if not 0 <= seat < players:
        raise ValueError(f"the answer (a seat) is from 0 to {players - 1}, not {seat}")
    return seat


class SeatExercise(BasicExercise[int | None]):
    """A kind answered by one seat of :attr:`game`'s players (answer form ``"seat"``), or by
    ``None`` too when :attr:`nobody` (the catalog key of that choice's label) is set."""

    answer_form = "seat"
    nobody: ClassVar[str | None] = None
    game: Game

    @property
    def players(self) -> int:
        return self.game.players

    def choices(self) -> list[int | None]:
        seats: list[int | None] = list(range(self.players))
        return [*seats, None] if self.nobody else seats

    def choice_label(self, choice: Any, lang: str = "en") -> str:
        if choice is None and self.nobody:
            return t(self.nobody, lang)
        return seat_name(seat_or_none(choice, self.players, False) or 0, lang)

    def _coerce(self, answer: object) -> int | None:
        return seat_or_none(answer, self.players, self.nobody is not None)
