"""A teacher's own puzzles and worked examples, checked by the engine, saved as files and codes.

**A puzzle** starts from any position (a :meth:`position code <horserace_nb.core.game.Game.to_code>`
or a :class:`~horserace_nb.core.game.Game`). :func:`candidates` lists every way the turn of the
player to act can go, with its raw and display score (:meth:`Puzzle.turns
<horserace_nb.teaching.puzzles.Puzzle.turns>`, best first); the teacher marks the accepted answers
(several may be; each a placement or the first placements of a turn), writes the question and
up to three hints in one or more of en/ko/ja, and chooses the other hands the solver sees.
:func:`make_puzzle` refuses the puzzle (:class:`AuthoringError`) if the engine finds a turn
better than a marked answer, unless it is a "find a good move" puzzle (``kind="good"``).

>>> code = "hr1.QOQZQVO.DUa-FGJLPRY-SIANBXMETHCKWb.AAAj"     # the puzzle "fifteen"
>>> [(c.number, c.raw, c.display, c.best) for c in candidates(code)]
[(1, 15, 3, True), (2, 15, 3, True), (3, 0, 0, False), (4, 0, 0, False)]
>>> best = candidates(code)[0].chain[:1]                        # [5|6] on [3|6], then any
>>> puzzle = make_puzzle(code, [best], question={"en": "Make 15.", "ko": "15를 만드세요."})
>>> puzzle.check(best[0])[0], puzzle.hints("ko")[-1][:27]
(True, '정답: [5|6]을 [3|6]의 높은 끝에 놓으면')
>>> make_puzzle(code, [candidates(code)[3].chain], question={"en": "?"})
Traceback (most recent call last):
...
horserace_nb.teaching.authoring.AuthoringError: answers[0]: the engine finds a better turn: ...

A :class:`TeacherPuzzle` is a :class:`~horserace_nb.teaching.puzzles.Puzzle`: the puzzle session
and :class:`~horserace_nb.widgets.PuzzleWidget` play it as they play the built-in ones (hints,
then the answer as the last hint, and stars). A :class:`PuzzleSet` (a name and its puzzles) is
saved as a file (:meth:`PuzzleSet.save`, :func:`read_puzzle_set`) or as one link-safe line
(:meth:`PuzzleSet.to_code`, :func:`puzzle_set_from_code`). Its results are recorded under the
case ``<set name>/<number>`` (``lesson`` ``""``), so a report groups them by the set's name
(:func:`set_of_case`, :func:`set_stars`).

**A worked example** (:class:`TeacherExample`, :func:`make_example`) is a sequence of actions
(placements; a draw or a pass where the rules ask for one) from a position, with a sentence per
step if the teacher wants one; :class:`~horserace_nb.widgets.ReplayWidget` replays it with predict
mode, as the rule texts' examples (:func:`read_example`, :meth:`TeacherExample.save`).

The puzzle-set file, version 1::

    {"format": "horserace_nb.puzzles", "version": 1,
     "name": "week3",                        # [A-Za-z0-9][A-Za-z0-9_-]*, at most 30
     "title": {"en": "Week 3", "ko": "3주차"},  # optional; at most 80 characters each
     "puzzles": [
       {"position": "hr1....",               # a position code (Game.to_code)
        "kind": "best",                      # or "good": "find a good move"
        "answers": [[{"tile": "[5|6]", "on": "[3|6]", "side": "high"}], ...],
        "texts": {"en": {"question": "...", "hints": ["...", "..."]},
                  "ko": {"question": "...", "hints": ["...", "..."]}},
        "shown": [1]}]}                      # the other seats whose hands the solver sees

Every language of ``texts`` gives the same number of hints (0 to 3). The worked-example file::

    {"format": "horserace_nb.example", "version": 1, "name": "fives",
     "title": {"en": "..."}, "text": {"en": "..."},        # text: optional
     "position": "hr1....",
     "steps": [{"action": "place", "tile": "[5|6]", "on": "[3|6]", "side": "high",
                "say": {"en": "..."}},                      # say: optional
               {"action": "draw"}, {"action": "pass"}]}

Reading either is reading untrusted input: at most :data:`MAX_BYTES`, :data:`MAX_PUZZLES`
puzzles or :data:`MAX_STEPS` steps, every field checked (unknown ones refused), each position
read by ``Game.from_code``, each answer and step checked by the engine again, the turns listed
at most :data:`MAX_TURNS` per puzzle and :data:`MAX_FILE_TURNS` per file (a few seconds at
worst); a refusal is an :class:`AuthoringError` naming the field.
"""

from __future__ import annotations

import base64
import binascii
import functools
import json
import os
import re
import tempfile
import zlib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from ..core.actions import Action, Draw, Pass, Place
from ..core.errors import IllegalMove, RecordError
from ..core.game import Game
from ..core.quoting import excerpt
from ..core.tiles import Side, Tile
from ..words.describe import hand_tiles_sentence
from ..words.i18n import LANGS, check_lang, t
from ..words.names import points_phrase, seat_name, sentences
from .examples import Example
from .progress import Result
from .puzzles import Puzzle, TooManyTurns, Turn
from .review import move_text

__all__ = [
    "AuthoringError", "Candidate", "candidates", "TeacherPuzzle", "make_puzzle", "PuzzleSet",
    "read_puzzle_set", "puzzle_set_from_code", "set_of_case", "set_stars", "TeacherExample",
    "make_example",
    "read_example", "example_from_code", "KINDS", "PUZZLES_FORMAT", "EXAMPLE_FORMAT", "VERSION",
    "MAX_BYTES", "MAX_PUZZLES", "MAX_STEPS", "MAX_HINTS", "MAX_TEXT", "MAX_TURNS",
    "MAX_FILE_TURNS",
    "MAX_CODE_LENGTH", "PUZZLES_CODE", "EXAMPLE_CODE",
]

PUZZLES_FORMAT = "horserace_nb.puzzles"
EXAMPLE_FORMAT = "horserace_nb.example"
VERSION = 1
PUZZLES_CODE = "hrp1."
"""How a puzzle set's code begins (then its file, compressed, in URL-safe Base64)."""
EXAMPLE_CODE = "hre1."
"""How a worked example's code begins."""
KINDS = ("best", "good")
"""``best``: every accepted answer is a best turn (checked); ``good``: "find a good move"."""
MAX_BYTES = 500_000
"""The largest file read (a set of 60 puzzles written in three languages is about 150 kB)."""
MAX_PUZZLES = 60
MAX_STEPS = 200
MAX_HINTS = 3
MAX_TEXT = 600
"""The longest question, hint or sentence, in characters."""
MAX_TITLE = 80
MAX_TURNS = 1000
"""The most ways a puzzle's turn may go (over 300 positions of real games, at most 99)."""
MAX_FILE_TURNS = 10_000
"""The most ways the turns of all the puzzles of a file may go together, so that reading a file
takes a few seconds at worst (``tests/benchmarks/bench_authoring.py``)."""
MAX_CODE_LENGTH = 16_000
"""The longest code read (a link of about 16 kB opens in every browser)."""
_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,29}")
_CODE = re.compile(r"[A-Za-z0-9_-]*")
_SIDES = {s.value: s for s in Side}


class AuthoringError(ValueError):
    """A puzzle, a puzzle set, a worked example, its file or its code that is refused.

    :attr:`field` names the field at fault (``puzzles[2].answers[0]``, ``steps[4]``, ``name``,
    ``file`` …); :attr:`code` says why in a word: ``large``, ``json``, ``format``, ``version``,
    ``field`` (missing, unknown or out of range), ``position`` (not a valid position code),
    ``rules`` (an answer or a step the rules do not allow) or ``best`` (the engine finds a
    better turn than a marked answer).
    """

    def __init__(self, field: str, message: str, *, code: str = "field") -> None:
        super().__init__(f"{field}: {message}")
        self.field = field
        self.code = code


def _fail(where: str, message: str, code: str = "field") -> AuthoringError:
    return AuthoringError(where, message, code=code)


# ---------------------------------------------------------------------------- texts
Texts = tuple[tuple[str, str], ...]
"""Text per language, ``((lang, text), …)`` in the order of :data:`LANGS`."""


def _text(value: Any, where: str, limit: int = MAX_TEXT) -> str:
    if not isinstance(value, str) or not value.strip() or len(value) > limit:
        raise _fail(where, f"a text of 1 to {limit} characters, not {excerpt(value)}")
    return " ".join(value.split())


def _lang_map(value: Any, where: str) -> dict[str, Any]:
    if not isinstance(value, Mapping) or not value:
        raise _fail(where, f"a mapping from one or more of {', '.join(LANGS)}, not "
                           f"{excerpt(value)}")
    for lang in value:
        if lang not in LANGS:
            raise _fail(where, f"languages are {', '.join(LANGS)}, not {excerpt(lang)}")
    return {lang: value[lang] for lang in LANGS if lang in value}


def _texts(value: Any, where: str, limit: int = MAX_TEXT) -> Texts:
    return tuple((lang, _text(text, f"{where}.{lang}", limit))
                 for lang, text in _lang_map(value, where).items())


def _pick(texts: Sequence[tuple[str, Any]], lang: str) -> tuple[str, Any]:
    """The text in *lang*, else in the first language given: ``(lang, text)``."""
    for given, text in texts:
        if given == lang:
            return given, text
    return texts[0]


# ---------------------------------------------------------------------------- positions
def _game(position: Game | str, where: str = "position") -> Game:
    if isinstance(position, Game):
        try:
            return Game.from_code(position.to_code())
        except ValueError as exc:  # a hand or game that is over has no position code
            raise _fail(where, str(exc), "position") from None
    if not isinstance(position, str):
        raise _fail(where, f"a Game or a position code, not {excerpt(position)}")
    try:
        return Game.from_code(position)
    except RecordError as exc:
        raise _fail(where, str(exc), "position") from None


def _place_json(step: Place) -> dict[str, Any]:
    return {"tile": str(step.tile), "on": None if step.on is None else str(step.on),
            "side": None if step.side is None else step.side.value}


def _place(value: Any, where: str) -> Place:
    if not isinstance(value, Mapping):
        raise _fail(where, f"a placement {{'tile', 'on', 'side'}}, not {excerpt(value)}")
    extra = [k for k in value if k not in ("tile", "on", "side", "action", "say")]
    if extra:
        raise _fail(where, f"unknown field {excerpt(extra[0])}")
    try:
        tile, on, side = value.get("tile"), value.get("on"), value.get("side")
        if not isinstance(tile, str) or not (on is None or isinstance(on, str)):
            raise ValueError("a tile is written like '[1|4]'")
        tile = Tile.parse(tile)
        if (on is None) != (side is None):
            raise ValueError("a placement names both 'on' and 'side', or neither (R8, R9)")
        if on is None:
            return Place(tile)
        if side not in _SIDES:
            raise ValueError(f"side is one of {', '.join(_SIDES)}, not {excerpt(side)}")
        return Place(tile, Tile.parse(on), _SIDES[side])
    except (ValueError, TypeError) as exc:
        raise _fail(where, str(exc)) from None


def _moves(game: Game, chain: Sequence[Place], lang: str) -> str:
    """What the placements of *chain* make, one after the other (``puzzle.move``)."""
    game, seat = game.copy(), game.to_play
    parts = []
    for i, step in enumerate(chain):
        said = move_text("puzzle.move", game.layout, step, lang, rules=game.rules,
                         score=game.scores[game.side_of(seat)])
        parts.append(said if i == 0 else t("puzzle.then_move", lang, move=said))
        game.apply(step)
    return sentences(parts, lang)


# ---------------------------------------------------------------------------- candidates
@dataclass(frozen=True)
class Candidate:
    """One way the turn can go (:func:`candidates`): its number (from 1, best first), the
    turn, its raw and display points, and whether it is one of the best."""

    number: int
    turn: Turn
    display: int
    best: bool

    @property
    def chain(self) -> tuple[Place, ...]:
        return self.turn.chain

    @property
    def raw(self) -> int:
        return self.turn.raw

    def text(self, position: Game | str, lang: str = "en") -> str:
        """The turn in words, in *lang* (each placement and what it makes)."""
        return _moves(_game(position), self.chain, check_lang(lang))


def _turns(puzzle: Puzzle, where: str) -> list[Turn]:
    try:
        turns = puzzle.turns(limit=MAX_TURNS)
    except TooManyTurns as exc:
        raise _fail(where, str(exc), "rules") from None
    if not turns:
        raise _fail(where, "the player to act cannot place a tile here (R16, R19): a puzzle "
                           "asks for a placement", "rules")
    return turns


def candidates(position: Game | str) -> list[Candidate]:
    """Every way the turn of the player to act can go from *position*, best first (reaching
    the target, then emptying the hand, then the raw points: :attr:`Turn.value
    <horserace_nb.teaching.puzzles.Turn.value>`), each with its raw and display points.

    :raises AuthoringError: a bad position code, or a position where no tile can be placed.
    """
    game = _game(position)
    turns = _turns(_bare(game), "position")
    turns.sort(key=lambda turn: turn.value, reverse=True)
    best = turns[0].value
    return [Candidate(i, turn, game.rules.display(turn.raw), turn.value == best)
            for i, turn in enumerate(turns, start=1)]


def _bare(game: Game) -> TeacherPuzzle:
    """A puzzle at *game*'s position with no answer yet (to list its turns)."""
    return TeacherPuzzle._at(game, ())


# ---------------------------------------------------------------------------- puzzles
@dataclass(frozen=True)
class TeacherPuzzle(Puzzle):
    """A teacher's puzzle: a :class:`~horserace_nb.teaching.puzzles.Puzzle` whose position is a
    position code, whose answers are the teacher's (:attr:`accepted`) and whose words are the
    teacher's, with the engine's sentences around them. Made by :func:`make_puzzle` (checked);
    the fields of :class:`Puzzle` describe its position (``hand`` is the solver's,
    ``opponent_tiles`` what the other hands hold).
    """

    code: str = ""
    """The position code."""
    accepted: tuple[tuple[Place, ...], ...] = ()
    kind: str = "best"
    texts: tuple[tuple[str, tuple[str, tuple[str, ...]]], ...] = ()
    """``((lang, (question, hints)), …)``."""
    shown: tuple[int, ...] = ()
    """The other seats whose hands the solver sees."""
    set_name: str = ""
    set_title: Texts = ()
    number: int = 0
    """Its place in its set, from 1 (0 outside a set)."""

    @classmethod
    def _at(cls, game: Game, accepted: tuple[tuple[Place, ...], ...], **fields: Any
            ) -> TeacherPuzzle:
        seat = game.to_play
        answer: Place | tuple[Place, ...] = (accepted[0] if len(accepted[0]) > 1
                                             else accepted[0][0]) if accepted else ()
        hints = len(fields["texts"][0][1][1]) if fields.get("texts") else 0
        return cls("own", (), tuple(game.layout.placements()), tuple(game.hands[seat]), answer,
                   sum(len(h) for i, h in enumerate(game.hands) if i != seat),
                   scores=tuple(game.scores), pending=game.pending, hint_count=hints + 1,
                   seat=seat, code=game.to_code(), accepted=accepted, **fields)

    # ------------------------------------------------------------------ the position
    def game(self) -> Game:
        """A fresh :class:`Game` at the puzzle's position (from its code)."""
        return Game.from_code(self.code)

    @property
    def answers(self) -> tuple[tuple[Place, ...], ...]:
        return self.accepted

    def result_case(self) -> str | None:
        """``<set name>/<number>`` in a set; ``None`` outside one (not recorded)."""
        return f"{self.set_name}/{self.number}" if self.set_name else None

    # ------------------------------------------------------------------ words
    def text_lang(self, lang: str) -> str:
        return _pick(self.texts, check_lang(lang))[0]

    def title(self, lang: str = "en") -> str:
        lang = check_lang(lang)
        if not self.set_name:
            return t("authoring.puzzle.title_own", lang)
        name = _pick(self.set_title, lang)[1] if self.set_title else self.set_name
        return t("authoring.puzzle.title", lang, set=name, n=self.number)

    def question(self, lang: str = "en") -> str:
        return str(_pick(self.texts, check_lang(lang))[1][0])

    def hints(self, lang: str = "en") -> list[str]:
        """The teacher's hints (in :meth:`text_lang`), then the answer in *lang*, as the
        built-in puzzles' last hint gives it."""
        lang = check_lang(lang)
        answer = t("authoring.puzzle.answer", lang, moves=_moves(self.game(), self.chain, lang))
        return [*_pick(self.texts, lang)[1][1], answer]

    @functools.cached_property
    def _best(self) -> Turn:
        """The best turn from the position (every answer of a ``best`` puzzle reaches it)."""
        return max(self.listed, key=lambda turn: turn.value)

    @functools.cached_property
    def listed(self) -> tuple[Turn, ...]:
        """Every way the turn can go (:meth:`turns`, listed once).

        :raises AuthoringError: if there are more than :data:`MAX_TURNS` or none.
        """
        return tuple(_turns(self, "position"))

    def right_text(self, lang: str = "en") -> str:
        lang = check_lang(lang)
        if self.kind == "good":
            return t("authoring.puzzle.right_good", lang)
        turn = self._best
        if turn.wins:
            why = t("authoring.puzzle.right_wins", lang)
        elif turn.out:
            why = t("authoring.puzzle.right_out", lang)
        elif turn.raw:
            why = t("authoring.puzzle.right_scores", lang,
                    points=points_phrase(turn.raw, lang))
        else:
            why = t("authoring.puzzle.right_none", lang)
        return why

    def wrong_text(self, step: Place, move: str, lang: str = "en") -> str:
        lang = check_lang(lang)
        if self.kind == "good":
            return t("authoring.puzzle.wrong_good", lang, move=move)
        turn = self._best
        if any(other.chain[0] == step and other.value == turn.value
               for other in self.listed):  # a best turn the teacher left out
            return t("authoring.puzzle.wrong_equal", lang, move=move)
        key = ("authoring.puzzle.wrong_wins" if turn.wins else "authoring.puzzle.wrong_out"
               if turn.out else "authoring.puzzle.wrong_scores" if turn.raw
               else "authoring.puzzle.wrong_none")
        return sentences((t("puzzle.wrong", lang, move=move), t(key, lang)), lang)

    def shown_hands(self, lang: str = "en") -> list[str]:
        """One sentence per other hand the solver sees: whose, and its tiles."""
        lang = check_lang(lang)
        game = self.game()
        return [hand_tiles_sentence(seat_name(seat, lang), game.hands[seat], lang)
                for seat in self.shown]

    # ------------------------------------------------------------------ the file
    def to_json(self) -> dict[str, Any]:
        """The puzzle as the puzzle-set file writes it."""
        return {"position": self.code, "kind": self.kind,
                "answers": [[_place_json(step) for step in answer] for answer in self.accepted],
                "texts": {lang: {"question": question, "hints": list(hints)}
                          for lang, (question, hints) in self.texts},
                "shown": list(self.shown)}


def _chain(value: Any, where: str) -> tuple[Place, ...]:
    if isinstance(value, Place):
        return (value,)
    if isinstance(value, Turn):
        return value.chain
    if isinstance(value, Candidate):
        return value.chain
    if isinstance(value, (list, tuple)) and value and len(value) <= 28:
        return tuple(step if isinstance(step, Place) else _place(step, f"{where}[{i}]")
                     for i, step in enumerate(value))
    if isinstance(value, Mapping):
        return (_place(value, where),)
    raise _fail(where, f"a placement, or a list of the placements of a turn, not "
                       f"{excerpt(value)}")


def _puzzle_texts(question: Any, hints: Any, where: str
                  ) -> tuple[tuple[str, tuple[str, tuple[str, ...]]], ...]:
    questions = _texts(question, f"{where}question")
    given = {} if hints is None else _lang_map(hints, f"{where}hints")
    for lang in given:
        if lang not in dict(questions):
            raise _fail(f"{where}hints.{lang}", "hints in a language the question is not "
                                                "written in")
    out = []
    for lang, text in questions:
        ladder = given.get(lang, [])
        if not isinstance(ladder, (list, tuple)) or len(ladder) > MAX_HINTS:
            raise _fail(f"{where}hints.{lang}", f"a list of 0 to {MAX_HINTS} hints, not "
                                                f"{excerpt(ladder)}")
        out.append((lang, (text, tuple(_text(h, f"{where}hints.{lang}[{i}]")
                                       for i, h in enumerate(ladder)))))
    if len({len(hints_) for _, (_, hints_) in out}) > 1:
        raise _fail(f"{where}hints", "every language gives the same number of hints (each "
                                     "hint opened costs a star)")
    return tuple(out)


def make_puzzle(position: Game | str, answers: Sequence[Any], *, question: Mapping[str, str],
                hints: Mapping[str, Sequence[str]] | None = None, shown: Iterable[int] = (),
                kind: str = "best", _where: str = "") -> TeacherPuzzle:
    """A teacher's puzzle at *position* (a :class:`Game` or a position code), checked by the
    engine.

    :param answers: the accepted answers, each a :class:`Place`, the placements of a turn (or
        its first ones), a :class:`Candidate` or a :class:`Turn`.
    :param question: the question per language (``{"en": …, "ko": …}``: one or more).
    :param hints: up to three hints per language of the question, gentle first (the same
        number in each); the engine adds the answer as the last hint.
    :param shown: the other seats whose hands the solver sees.
    :param kind: ``"best"`` (every answer must be a best turn) or ``"good"`` ("find a good
        move": any legal answer).
    :raises AuthoringError: naming the parameter: an answer that is not a way the turn can go
        (naming the rule), one the engine finds a better turn than (``best``), a bad code,
        language, text, seat or kind.
    """
    where = _where
    if kind not in KINDS:
        raise _fail(f"{where}kind", f"one of {', '.join(KINDS)}, not {excerpt(kind)}")
    game = _game(position, f"{where}position")
    if not isinstance(answers, (list, tuple)) or not answers or len(answers) > 28:
        raise _fail(f"{where}answers", f"a list of 1 to 28 answers, not {excerpt(answers)}")
    accepted = tuple(_chain(answer, f"{where}answers[{i}]") for i, answer in enumerate(answers))
    if len(set(accepted)) != len(accepted):
        raise _fail(f"{where}answers", "an answer given twice")
    seats = tuple(shown) if isinstance(shown, Iterable) and not isinstance(shown, str) else None
    if seats is None or len(seats) > 3 or any(
            type(s) is not int or not 0 <= s < game.players or s == game.to_play for s in seats)\
            or len(set(seats)) != len(seats):
        raise _fail(f"{where}shown", f"other seats of the {game.players} (from 0; not the "
                                     f"solver's, {game.to_play}), each once, not "
                                     f"{excerpt(shown)}")
    puzzle = TeacherPuzzle._at(game, accepted, kind=kind, shown=tuple(sorted(seats)),
                               texts=_puzzle_texts(question, hints, where))
    try:
        turns = puzzle.listed  # listed once: kept for the puzzle's play
    except AuthoringError as exc:
        raise _fail(f"{where}{exc.field}", str(exc).partition(": ")[2], exc.code) from None
    best = max(turn.value for turn in turns)
    for i, answer in enumerate(accepted):
        going = [turn for turn in turns if turn.chain[:len(answer)] == answer]
        if not going:
            raise _fail(f"{where}answers[{i}]", _not_a_turn(game, answer), "rules")
        if kind == "best" and max(turn.value for turn in going) < best:
            top = next(turn for turn in sorted(turns, key=lambda x: x.value, reverse=True))
            raise _fail(f"{where}answers[{i}]", (
                f"the engine finds a better turn: {_moves(game, top.chain, 'en')} Mark it as "
                "an answer too, or make this a 'find a good move' puzzle (kind='good')"),
                "best")
    first = max((turn for turn in turns if turn.chain[:len(accepted[0])] == accepted[0]),
                key=lambda turn: turn.value)
    ruled = replace(puzzle, rules=_rules_of(first, puzzle.pending is not None))
    ruled.__dict__["listed"] = turns  # the turns of the same position, listed once
    return ruled


def _rules_of(turn: Turn, pending: bool) -> tuple[str, ...]:
    """The rules a puzzle whose answer begins *turn* rests on (its rules line): counting the
    ends (R13), scoring (R15), placing again (R17), a drawn tile (R18), going out (R21),
    reaching the target (R26)."""
    rules = ["R13"]
    rules += ["R15"] if turn.raw else []
    rules += ["R17"] if len(turn.chain) > 1 else []
    rules += ["R18"] if pending else []
    rules += ["R21"] if turn.out else []
    rules += ["R26"] if turn.wins else []
    return tuple(rules)


def _not_a_turn(game: Game, answer: tuple[Place, ...]) -> str:
    """Why *answer* is not a way the turn can go: the rule the engine cites."""
    game = game.copy()
    seat = game.to_play
    for i, step in enumerate(answer):
        if i and (game.hand_over or game.to_play != seat):
            return (f"the turn is over after {answer[i - 1].tile}: only a double or a scoring "
                    "tile from hand places again (R17)")
        try:
            game.check(step)
        except IllegalMove as exc:
            return f"{step.tile}: {exc}"
        game.apply(step)
    return "not a way the turn can go from this position (R17)"


# ---------------------------------------------------------------------------- sets
@dataclass(frozen=True)
class PuzzleSet:
    """A teacher's puzzles under one name: ``name`` (letters, digits, ``-`` and ``_``, at most
    30: the results are recorded under ``<name>/<number>``), an optional title per language,
    and the puzzles (numbered from 1 in order)."""

    name: str
    puzzles: tuple[TeacherPuzzle, ...]
    title: Texts = ()

    def __init__(self, name: str, puzzles: Sequence[TeacherPuzzle],
                 title: Mapping[str, str] | Texts | None = None) -> None:
        if not isinstance(name, str) or not _NAME.fullmatch(name):
            raise _fail("name", "letters, digits, '-' and '_' (at most 30, beginning with a "
                                f"letter or digit), not {excerpt(name)}")
        if not isinstance(puzzles, (list, tuple)) or not 1 <= len(puzzles) <= MAX_PUZZLES:
            raise _fail("puzzles", f"a list of 1 to {MAX_PUZZLES} puzzles, not "
                                   f"{excerpt(puzzles)}")
        for i, puzzle in enumerate(puzzles):
            if not isinstance(puzzle, TeacherPuzzle):
                raise _fail(f"puzzles[{i}]", f"a TeacherPuzzle (make_puzzle), not "
                                             f"{excerpt(puzzle)}")
        titles = () if not title else tuple(title) if isinstance(title, tuple) else _texts(
            title, "title", MAX_TITLE)
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "title", titles)
        object.__setattr__(self, "puzzles", tuple(
            replace(p, key=f"{name}/{i}", set_name=name, set_title=titles, number=i)
            for i, p in enumerate(puzzles, start=1)))

    def to_json(self) -> str:
        """The puzzle-set file's text."""
        data: dict[str, Any] = {"format": PUZZLES_FORMAT, "version": VERSION, "name": self.name}
        if self.title:
            data["title"] = dict(self.title)
        data["puzzles"] = [p.to_json() for p in self.puzzles]
        return json.dumps(data, ensure_ascii=False, indent=1) + "\n"

    def save(self, path: str | os.PathLike[str]) -> Path:
        """Write the file at *path* (a complete file or none: written beside it, then swapped
        in). An existing file is replaced only if it is a puzzle-set file.

        :raises AuthoringError: if *path* holds something else.
        """
        return _save(Path(path), self.to_json(), PUZZLES_FORMAT)

    def to_code(self) -> str:
        """The set as one link-safe line: ``hrp1.`` and the file, compressed, in URL-safe
        Base64 (read by :func:`puzzle_set_from_code`)."""
        return _encode(PUZZLES_CODE, self.to_json())

    @classmethod
    def from_json(cls, text: str | bytes) -> PuzzleSet:
        """The set a puzzle-set file's text holds, every puzzle checked by the engine again.

        :raises AuthoringError: naming the field at fault.
        """
        data = _envelope(text, PUZZLES_FORMAT, ("format", "version", "name", "title",
                                                "puzzles"), ("title",))
        name = data["name"]
        if not isinstance(name, str) or not _NAME.fullmatch(name):
            raise _fail("name", f"letters, digits, '-' and '_' (at most 30), not "
                                f"{excerpt(name)}")
        title = _texts(data["title"], "title", MAX_TITLE) if "title" in data else ()
        items = data["puzzles"]
        if not isinstance(items, list) or not 1 <= len(items) <= MAX_PUZZLES:
            raise _fail("puzzles", f"a list of 1 to {MAX_PUZZLES} puzzles, not "
                                   f"{excerpt(items)}")
        puzzles, ways = [], 0
        for i, item in enumerate(items):
            puzzle = _read_puzzle(item, f"puzzles[{i}]")
            ways += len(puzzle.listed)
            if ways > MAX_FILE_TURNS:
                raise _fail(f"puzzles[{i}]", f"the turns of the puzzles so far go more than "
                                             f"{MAX_FILE_TURNS:,} ways: too many to check", "large")
            puzzles.append(puzzle)
        return cls(name, puzzles, title)


def _read_puzzle(item: Any, where: str) -> TeacherPuzzle:
    if not isinstance(item, dict):
        raise _fail(where, f"an object, not {excerpt(item)}")
    names = ("position", "kind", "answers", "texts", "shown")
    for name in item:
        if name not in names:
            raise _fail(where, f"unknown field {excerpt(name)}")
    for name in names:
        if name not in item:
            raise _fail(f"{where}.{name}", "missing")
    texts = _lang_map(item["texts"], f"{where}.texts")
    for lang, block in texts.items():
        if not isinstance(block, dict) or set(block) - {"question", "hints"} or \
                "question" not in block:
            raise _fail(f"{where}.texts.{lang}", "an object with 'question' and 'hints'")
    answers = item["answers"]
    if not isinstance(answers, list) or not 1 <= len(answers) <= 28:
        raise _fail(f"{where}.answers", f"a list of 1 to 28 answers, not {excerpt(answers)}")
    for i, answer in enumerate(answers):
        if not isinstance(answer, list) or not 1 <= len(answer) <= 28:
            raise _fail(f"{where}.answers[{i}]", f"a list of placements, not {excerpt(answer)}")
    shown = item["shown"]
    if not isinstance(shown, list):
        raise _fail(f"{where}.shown", f"a list of seats, not {excerpt(shown)}")
    return make_puzzle(item["position"], answers, kind=item["kind"], shown=shown,
                       question={lang: b["question"] for lang, b in texts.items()},
                       hints={lang: b.get("hints", []) for lang, b in texts.items()},
                       _where=f"{where}.")


def read_puzzle_set(path: str | os.PathLike[str]) -> PuzzleSet:
    """The puzzle set of the file at *path* (see the module's documentation).

    :raises AuthoringError: naming the field at fault (``file`` for one that cannot be read).
    """
    return PuzzleSet.from_json(_read(Path(path)))


def puzzle_set_from_code(code: str) -> PuzzleSet:
    """The puzzle set of a code from :meth:`PuzzleSet.to_code`.

    :raises AuthoringError: naming ``code`` or the field at fault.
    """
    return PuzzleSet.from_json(_decode(PUZZLES_CODE, code))


def set_of_case(case: str) -> tuple[str, int] | None:
    """The set's name and the puzzle's number of a result's case, or ``None`` for a case
    that is not a teacher's puzzle.

    >>> set_of_case("week3/2"), set_of_case("fifteen")
    (('week3', 2), None)
    """
    name, _, number = case.partition("/")
    if _NAME.fullmatch(name) and number.isdigit() and number[0] != "0":
        return name, int(number)
    return None


def set_stars(results: Iterable[Result]) -> dict[str, dict[int, int]]:
    """The best stars won on each puzzle of each teacher's set among *results* (a learner's, or
    a class's): ``{set name: {number: stars}}``, sets and numbers in order — what a report
    shows by the set's name.

    >>> r = Result("", "puzzle", "week3/2", 0, stars=2, when="2026-12-01T09:00:00")
    >>> set_stars([r, Result("", "puzzle", "fifteen", 0, stars=3)])
    {'week3': {2: 2}}
    """
    out: dict[str, dict[int, int]] = {}
    for result in results:
        found = set_of_case(result.case) if result.kind == "puzzle" else None
        if found is not None:
            name, number = found
            stars = out.setdefault(name, {})
            stars[number] = max(stars.get(number, 0), result.stars)
    return {name: dict(sorted(out[name].items())) for name in sorted(out)}


# ---------------------------------------------------------------------------- examples
@dataclass(frozen=True)
class TeacherExample(Example):
    """A teacher's worked example: the actions from a position (its code), with the teacher's
    title, an optional text and a sentence per step. Made by :func:`make_example` (checked by
    the engine); replayed by :class:`~horserace_nb.widgets.ReplayWidget` like the rule texts'
    hand examples."""

    code: str = ""
    titles: Texts = ()
    text: Texts = ()
    notes: tuple[Texts, ...] = ()
    """The sentences of each step (``()`` where there is none)."""

    @property
    def is_layout(self) -> bool:
        return False

    def new_game(self) -> Game:
        return Game.from_code(self.code)

    def title(self, lang: str = "en") -> str:
        return str(_pick(self.titles, check_lang(lang))[1])

    def explanation(self, lang: str = "en") -> str:
        return str(_pick(self.text, check_lang(lang))[1]) if self.text else ""

    def note(self, index: int, lang: str = "en") -> str:
        notes = self.notes[index - 1] if 1 <= index <= len(self.notes) else ()
        return str(_pick(notes, check_lang(lang))[1]) if notes else ""

    def text_lang(self, lang: str) -> str:
        return _pick(self.titles, check_lang(lang))[0]

    def to_json(self) -> str:
        """The worked-example file's text."""
        steps = []
        for action, notes in zip(self.actions, self.notes, strict=True):
            step: dict[str, Any] = (
                {"action": "place", **_place_json(action)} if isinstance(action, Place)
                else {"action": "draw" if isinstance(action, Draw) else "pass"})
            if notes:
                step["say"] = dict(notes)
            steps.append(step)
        data: dict[str, Any] = {"format": EXAMPLE_FORMAT, "version": VERSION, "name": self.key,
                                "title": dict(self.titles)}
        if self.text:
            data["text"] = dict(self.text)
        data.update(position=self.code, steps=steps)
        return json.dumps(data, ensure_ascii=False, indent=1) + "\n"

    def save(self, path: str | os.PathLike[str]) -> Path:
        """Write the file at *path*, as :meth:`PuzzleSet.save` does."""
        return _save(Path(path), self.to_json(), EXAMPLE_FORMAT)

    def to_code(self) -> str:
        """The example as one link-safe line, ``hre1.…`` (:func:`example_from_code`)."""
        return _encode(EXAMPLE_CODE, self.to_json())

    @classmethod
    def from_json(cls, text: str | bytes) -> TeacherExample:
        """The example a worked-example file's text holds, every step replayed by the engine.

        :raises AuthoringError: naming the field at fault.
        """
        data = _envelope(text, EXAMPLE_FORMAT, ("format", "version", "name", "title", "text",
                                                "position", "steps"), ("text",))
        steps = data["steps"]
        if not isinstance(steps, list) or not 1 <= len(steps) <= MAX_STEPS:
            raise _fail("steps", f"a list of 1 to {MAX_STEPS} steps, not {excerpt(steps)}")
        actions: list[Action] = []
        notes: list[Any] = []
        for i, step in enumerate(steps):
            where = f"steps[{i}]"
            if not isinstance(step, dict):
                raise _fail(where, f"an object, not {excerpt(step)}")
            kind = step.get("action")
            if kind == "place":
                actions.append(_place(step, where))
            elif kind in ("draw", "pass") and not set(step) - {"action", "say"}:
                actions.append(Draw() if kind == "draw" else Pass())
            else:
                raise _fail(where, f"an action 'place', 'draw' or 'pass' (with its fields), "
                                   f"not {excerpt(step)}")
            notes.append(step.get("say"))
        return make_example(data["position"], actions, name=data["name"], title=data["title"],
                            text=data.get("text"), notes=notes)


def make_example(position: Game | str, steps: Sequence[Action], *, name: str,
                 title: Mapping[str, str], text: Mapping[str, str] | None = None,
                 notes: Sequence[Mapping[str, str] | None] | None = None) -> TeacherExample:
    """A worked example: *steps* (placements; a draw or a pass where the rules ask for one)
    from *position* (a :class:`Game` or a position code), each checked by the engine.

    :param name: letters, digits, ``-`` and ``_`` (at most 30): what the predictions asked on
        it are recorded under (``<question kind>@<name>``).
    :param title: the title per language; *text*: an optional explanation per language.
    :param notes: a sentence per step (a mapping per language, or ``None``), as many as steps
        or fewer. The text and every sentence are written in the languages of the title.
    :raises AuthoringError: naming the parameter (``steps[3]`` with the rule it breaks …).
    """
    if not isinstance(name, str) or not _NAME.fullmatch(name):
        raise _fail("name", f"letters, digits, '-' and '_' (at most 30), not {excerpt(name)}")
    titles = _texts(title, "title", MAX_TITLE)
    texts = _texts(text, "text") if text is not None else ()
    game = _game(position)
    code = game.to_code()
    if not isinstance(steps, (list, tuple)) or not 1 <= len(steps) <= MAX_STEPS:
        raise _fail("steps", f"a list of 1 to {MAX_STEPS} actions, not {excerpt(steps)}")
    given = list(notes or ())
    if len(given) > len(steps):
        raise _fail("notes", f"at most one per step ({len(steps)}), not {len(given)}")
    said = tuple(() if note is None else _texts(note, f"steps[{i}].say")
                 for i, note in enumerate(given + [None] * (len(steps) - len(given))))
    langs = [lang for lang, _ in titles]
    for where, texts_ in [("text", texts), *((f"steps[{i}].say", n) for i, n in enumerate(said))]:
        if texts_ and [lang for lang, _ in texts_] != langs:
            raise _fail(where, f"written in the languages of the title ({', '.join(langs)}), "
                               "so that a learner reads the example in one language")
    for i, action in enumerate(steps):
        if not isinstance(action, (Place, Draw, Pass)):
            raise _fail(f"steps[{i}]", f"a Place, Draw or Pass, not {excerpt(action)}")
        if game.hand_over:
            raise _fail(f"steps[{i}]", "the hand is over: an example stays in one hand (R20)",
                        "rules")
        try:
            game.apply(action)
        except IllegalMove as exc:
            raise _fail(f"steps[{i}]", str(exc), "rules") from None
    return TeacherExample(name, (), code=code, titles=titles, text=texts, notes=said,
                          actions=tuple(steps))


def read_example(path: str | os.PathLike[str]) -> TeacherExample:
    """The worked example of the file at *path*.

    :raises AuthoringError: naming the field at fault.
    """
    return TeacherExample.from_json(_read(Path(path)))


def example_from_code(code: str) -> TeacherExample:
    """The worked example of a code from :meth:`TeacherExample.to_code`."""
    return TeacherExample.from_json(_decode(EXAMPLE_CODE, code))


# ---------------------------------------------------------------------------- files and codes
def _envelope(text: str | bytes, fmt: str, names: Sequence[str], optional: Sequence[str]
              ) -> dict[str, Any]:
    if not isinstance(text, (str, bytes)):
        raise _fail("file", f"JSON text, not {excerpt(text)}", "json")
    if len(text) > MAX_BYTES or (isinstance(text, str) and len(text.encode()) > MAX_BYTES):
        raise _fail("file", f"larger than {MAX_BYTES:,} bytes", "large")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise _fail("file", "not JSON text", "json") from None
    if not isinstance(data, dict) or data.get("format") != fmt:
        raise _fail("format", f"not a {fmt!r} file", "format")
    if data.get("version") != VERSION or type(data.get("version")) is not int:
        raise _fail("version", f"version {excerpt(data.get('version'))}: this version reads "
                               f"{VERSION}", "version")
    for name in data:
        if name not in names:
            raise _fail("file", f"unknown field {excerpt(name)}")
    for name in names:
        if name not in data and name not in optional:
            raise _fail(name, "missing")
    return data


def _read(path: Path) -> bytes:
    try:
        with path.open("rb") as handle:
            data = handle.read(MAX_BYTES + 1)
    except OSError as exc:
        raise _fail("file", f"cannot be read ({exc.strerror or exc})", "json") from None
    if len(data) > MAX_BYTES:
        raise _fail("file", f"larger than {MAX_BYTES:,} bytes", "large")
    return data


def _save(path: Path, text: str, fmt: str) -> Path:
    if path.is_dir() or not path.parent.is_dir():
        raise _fail("path", f"{path} is a folder, or its folder does not exist")
    if path.exists():
        try:
            with path.open("rb") as handle:
                head = json.loads(handle.read(MAX_BYTES + 1))
        except (OSError, ValueError, RecursionError):
            head = None
        if not isinstance(head, dict) or head.get("format") != fmt:
            raise _fail("path", f"{path} exists and is not a {fmt!r} file: it is left as it is")
    descriptor, temp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(descriptor, "w", encoding="utf-8") as out:
            out.write(text)
        os.replace(temp, path)
    except BaseException:
        os.unlink(temp)
        raise
    return path


def _encode(prefix: str, text: str) -> str:
    packed = base64.urlsafe_b64encode(zlib.compress(text.encode("utf-8"), 9))
    return prefix + packed.decode("ascii").rstrip("=")


def _decode(prefix: str, code: Any) -> bytes:
    if not isinstance(code, str) or not code.startswith(prefix):
        raise _fail("code", f"a code beginning {prefix!r}, not {excerpt(code)}", "format")
    if len(code) > MAX_CODE_LENGTH:
        raise _fail("code", f"longer than {MAX_CODE_LENGTH:,} characters", "large")
    body = code[len(prefix):]
    if not _CODE.fullmatch(body):
        raise _fail("code", "only letters, digits, '-' and '_' follow its beginning", "format")
    try:
        packed = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
        inflate = zlib.decompressobj()
        data = inflate.decompress(packed, MAX_BYTES + 1)
    except (binascii.Error, ValueError, zlib.error):
        raise _fail("code", "damaged: it does not read back (a character changed or lost?)",
                    "format") from None
    if len(data) > MAX_BYTES or inflate.unconsumed_tail:
        raise _fail("code", f"holds more than {MAX_BYTES:,} bytes", "large")
    if not inflate.eof:
        raise _fail("code", "cut short: part of it is missing", "format")
    if inflate.unused_data or base64.urlsafe_b64encode(packed).decode().rstrip("=") != body:
        raise _fail("code", "damaged: characters follow its end", "format")
    return data

