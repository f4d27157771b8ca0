"""The position editor without a widget (:class:`EditorSession`), the authoring of a puzzle
from a position (:class:`PuzzleDraft`) and of a worked example (:class:`ExampleDraft`), and the
links that open a position, a puzzle set or a worked example in the classroom site
(:func:`share_path`).

A teacher builds a position tile by tile: the 28 tiles start in the *palette*; a tile is laid on
the table at an open point (:meth:`EditorSession.lay`, refused as play refuses it, citing
R9–R12), or given to a hand or the boneyard (:meth:`EditorSession.give`), or given back
(:meth:`EditorSession.take_back`); :meth:`EditorSession.deal_rest` deals the rest with a seed.
The players, partners, scores, target and who plays are set; every change can be undone and the
whole cleared. :meth:`EditorSession.game` is the position as a :class:`Game` and
:meth:`EditorSession.code` its position code (``Game.to_code``). A tile left in the palette is
left out of the game (a position *made up* for a lesson, as the code allows).

>>> s = EditorSession(players=2)
>>> s.lay("[1|4]"); s.lay("[1|1]", "[1|4]", "low"); s.lay("[4|4]", "[1|4]", "high")
5
0
10
>>> s.lay("[3|5]", "[4|4]", "straight_b")
Traceback (most recent call last):
...
horserace_nb.sessions.editor.EditorError: [3|5] does not match: the straight B of [4|4] ... (R9).
>>> s.give("[5|6]", 0); s.give("[0|0]", 1); s.give("[2|2]", "boneyard")
>>> s.code()
'hr1.KHKWK.a-A-N_BCDEFGIJLMOPQRSTUVXYZb.AAA4'
>>> s.undo(); s.boneyard
True
[]
>>> t = EditorSession(players=3); t.deal_rest(seed=4)
>>> [len(h) for h in t.hands], len(t.boneyard), t.palette
([6, 6, 6], 10, [])
"""

from __future__ import annotations

import random
import urllib.parse
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..core.actions import Action, Draw, Pass, Place
from ..core.errors import CodeError, IllegalMove, RecordError
from ..core.game import Game
from ..core.layout import Layout
from ..core.quoting import excerpt
from ..core.rules import HORSE_RACE
from ..core.tiles import FULL_SET, Side, Tile
from ..core.validate import MAX_SEED
from ..teaching.authoring import (
    EXAMPLE_CODE,
    MAX_CODE_LENGTH,
    MAX_HINTS,
    MAX_STEPS,
    PUZZLES_CODE,
    AuthoringError,
    Candidate,
    PuzzleSet,
    TeacherExample,
    TeacherPuzzle,
    candidates,
    make_example,
    make_puzzle,
)
from ..words.i18n import check_lang, t
from .protocol import Text

__all__ = ["EditorError", "EditorSession", "Holder", "BONEYARD", "PuzzleDraft", "share_code",
           "share_path", "authoring_refusal", "MAX_PLAYERS", "MIN_PLAYERS", "ExampleDraft"]

BONEYARD = "boneyard"
"""The holder name of the boneyard (a seat number names a hand)."""
Holder = int | str
MIN_PLAYERS, MAX_PLAYERS = 2, 4


class EditorError(IllegalMove):
    """A change the editor refuses: one catalog sentence that names the rule it breaks
    (:meth:`localized` in any language); nothing changed."""


@dataclass
class _State:
    players: int = 2
    partners: bool = False
    placements: list[tuple[Tile, Tile | None, Side | None]] = field(default_factory=list)
    hands: list[list[Tile]] = field(default_factory=lambda: [[], []])
    boneyard: list[Tile] = field(default_factory=list)
    scores: list[int] = field(default_factory=lambda: [0, 0])
    target: int = HORSE_RACE.target
    to_play: int = 0
    loaded: Game | None = None
    """The position loaded last (its seed of later deals, hand number, rules, a continuation
    or a pending drawn tile are kept for the code)."""

    def copy(self) -> _State:
        return _State(self.players, self.partners, list(self.placements),
                      [list(h) for h in self.hands], list(self.boneyard), list(self.scores),
                      self.target, self.to_play, self.loaded)


class EditorSession:
    """A position being built (see the module's documentation).

    :param players: 2, 3 or 4 (R2); *partners*: 4 players in two teams.
    :raises EditorError: for a number of players the rules do not have (R2).
    """

    def __init__(self, players: int = 2, partners: bool = False) -> None:
        self._state = _State()
        self._undo: list[_State] = []
        self._layout = Layout()
        self.set_players(players, partners)
        self._undo.clear()

    # ------------------------------------------------------------------ reading
    @property
    def players(self) -> int:
        return self._state.players

    @property
    def partners(self) -> bool:
        return self._state.partners

    @property
    def layout(self) -> Layout:
        """The table (a copy)."""
        return self._layout.copy()

    @property
    def placements(self) -> list[tuple[Tile, Tile | None, Side | None]]:
        return list(self._state.placements)

    @property
    def hands(self) -> list[list[Tile]]:
        return [sorted(h) for h in self._state.hands]

    @property
    def boneyard(self) -> list[Tile]:
        """The boneyard, in drawing order."""
        return list(self._state.boneyard)

    @property
    def scores(self) -> list[int]:
        """Display points, one per seat (per team with partners, R2)."""
        return list(self._state.scores)

    @property
    def target(self) -> int:
        return self._state.target

    @property
    def to_play(self) -> int:
        return self._state.to_play

    @property
    def palette(self) -> list[Tile]:
        """The tiles not used yet, in set order."""
        used = self._used()
        return [tile for tile in FULL_SET if tile not in used]

    def holder_of(self, tile: Tile | str) -> Holder | None:
        """Where *tile* is: ``"table"``, a seat, :data:`BONEYARD`, or ``None`` (the palette)."""
        tile = Tile.parse(tile)
        if tile in self._layout:
            return "table"
        for seat, hand in enumerate(self._state.hands):
            if tile in hand:
                return seat
        return BONEYARD if tile in self._state.boneyard else None

    def can_undo(self) -> bool:
        return bool(self._undo)

    def _used(self) -> set[Tile]:
        s = self._state
        return {*self._layout.tiles, *(t for h in s.hands for t in h), *s.boneyard}

    # ------------------------------------------------------------------ changing
    def _change(self) -> _State:
        """Keep the state for undo and return the state to change (a copy, swapped in by
        :meth:`_commit` only once the change is whole)."""
        return self._state.copy()

    def _commit(self, new: _State, layout: Layout | None = None) -> None:
        self._undo.append(self._state)
        self._state = new
        if layout is not None:
            self._layout = layout

    def _free(self, tile: Tile | str) -> Tile:
        try:
            tile = Tile.parse(tile)
        except ValueError:
            raise EditorError("error.bad_tile", rule="R1", text=str(tile)[:20]) from None
        if tile in self._used():
            raise EditorError("editor.error.used", rule="R1", tile=tile)
        return tile

    def lay(self, tile: Tile | str, on: Tile | str | None = None,
            side: Side | str | None = None) -> int:
        """Lay *tile* from the palette at the open point *side* of *on* (the opening tile:
        neither) and return what the placement would score, raw (R15).

        :raises EditorError: a tile already used (R1), a point that is taken, closed, not on
            the table or not the tile's number (R9–R12).
        """
        tile = self._free(tile)
        layout = self._layout.copy()
        try:
            raw = layout.place(tile, on, side)
        except EditorError:
            raise
        except IllegalMove as exc:
            raise EditorError(exc.key, rule=exc.rule, **exc.params) from None
        new = self._change()
        new.placements = list(layout.placements())
        self._commit(new, layout)
        return raw

    def points_for(self, tile: Tile | str) -> list[tuple[Tile, Side]] | None:
        """The open points *tile* may be laid at (``None``: it opens the empty table)."""
        tile = Tile.parse(tile)
        return None if self._layout.is_empty else self._layout.legal_points(tile)

    def give(self, tile: Tile | str, holder: Holder) -> None:
        """Give *tile* from the palette to seat *holder*'s hand or to the boneyard (its end,
        the last drawn).

        :raises EditorError: a tile already used (R1), a holder that is no seat (R2).
        """
        tile = self._free(tile)
        new = self._change()
        self._holding(new, holder).append(tile)
        self._commit(new)

    def _holding(self, state: _State, holder: Holder) -> list[Tile]:
        if holder == BONEYARD:
            return state.boneyard
        if type(holder) is int and 0 <= holder < state.players:
            return state.hands[holder]
        raise EditorError("editor.error.holder", rule="R2", holder=str(holder)[:20],
                          last=state.players)

    def take_back(self, tile: Tile | str) -> None:
        """Put *tile* from a hand or the boneyard back in the palette (a tile on the table
        comes back by :meth:`undo`, since later tiles may rest on it).

        :raises EditorError: a tile that no hand nor the boneyard holds.
        """
        tile = Tile.parse(tile)
        holder = self.holder_of(tile)
        if holder is None or holder == "table":
            raise EditorError("editor.error.not_held", rule="R1", tile=tile)
        new = self._change()
        self._holding(new, holder).remove(tile)
        self._commit(new)

    def deal_rest(self, seed: int = 1) -> None:
        """Deal the palette's tiles, shuffled by *seed* (the same seed, the same deal): each
        hand up to its share of the tiles a deal gives that are not on the table (R5: 7, 6
        or 5 each, the table's tiles taken from the hands, the player to act's last; every
        hand one tile at least), the rest to the end of the boneyard.

        :raises EditorError: a seed that is not a whole number (R5).
        """
        if type(seed) is not int or abs(seed) > MAX_SEED:
            raise EditorError("editor.error.seed", rule="R5", most=MAX_SEED)
        new = self._change()
        pool = self.palette
        random.Random(seed).shuffle(pool)
        n = new.players
        size = HORSE_RACE.hand_size(n)
        on_table = len(new.placements)
        wanted = [size] * n
        order = [(new.to_play + 1 + i) % n for i in range(n)]  # the table's tiles, in turn
        for i in range(on_table):
            seat = order[i % n]
            if wanted[seat] > 1:
                wanted[seat] -= 1
        for seat in range(n):
            hand = new.hands[seat]
            while len(hand) < wanted[seat] and pool:
                hand.append(pool.pop())
        new.boneyard.extend(pool)
        self._commit(new)

    def set_players(self, players: int, partners: bool = False) -> None:
        """2, 3 or 4 players, or 4 in two teams (R2). Hands of seats that go are given back to
        the palette; the scores start again at 0.

        :raises EditorError: for another number (R2).
        """
        if type(players) is not int or not MIN_PLAYERS <= players <= MAX_PLAYERS or (
                partners and players != 4) or type(partners) is not bool:
            raise EditorError("editor.error.players", rule="R2")
        new = self._change()
        new.players, new.partners = players, partners
        new.hands = (new.hands + [[] for _ in range(players)])[:players]
        new.scores = [0] * (2 if partners else players)
        new.to_play = min(new.to_play, players - 1)
        self._commit(new)

    def set_score(self, index: int, points: int) -> None:
        """Seat (or team, with partners) *index*'s display points (R3), below the target (R26).

        :raises EditorError: a score that is not a whole number from 0 to below the target.
        """
        s = self._state
        if type(index) is not int or not 0 <= index < len(s.scores):
            raise EditorError("editor.error.holder", rule="R2", holder=str(index)[:20],
                              last=len(s.scores))
        if type(points) is not int or not 0 <= points < s.target:
            raise EditorError("editor.error.score", rule="R26", target=s.target)
        new = self._change()
        new.scores[index] = points
        self._commit(new)

    def set_target(self, target: int) -> None:
        """The points that win (R26): above every score.

        :raises EditorError: a target that is not a whole number above every score.
        """
        if type(target) is not int or not max(self._state.scores) < target <= 999:
            raise EditorError("editor.error.target", rule="R26",
                              least=max(self._state.scores) + 1)
        new = self._change()
        new.target = target
        self._commit(new)

    def set_to_play(self, seat: int) -> None:
        """Who plays now (R8).

        :raises EditorError: a seat the game does not have (R2).
        """
        if type(seat) is not int or not 0 <= seat < self._state.players:
            raise EditorError("editor.error.holder", rule="R2", holder=str(seat)[:20],
                              last=self._state.players)
        new = self._change()
        new.to_play = seat
        self._commit(new)

    def undo(self) -> bool:
        """Undo the last change (``False``: nothing to undo)."""
        if not self._undo:
            return False
        self._state = self._undo.pop()
        self._layout = Layout.from_placements(list(self._state.placements))
        return True

    def clear(self) -> None:
        """Every tile back in the palette, scores at 0 (the players stay; undo brings it all
        back)."""
        new = _State(self.players, self.partners, hands=[[] for _ in range(self.players)],
                     scores=[0] * len(self._state.scores), target=self.target)
        self._commit(new, Layout())

    def load(self, position: Game | str) -> None:
        """Edit *position* (a :class:`Game` or a position code) from now on (undo goes back).

        :raises EditorError: for a code that is not a position's (naming its rule).
        """
        try:
            game = position if isinstance(position, Game) else Game.from_code(position)
        except CodeError as exc:
            raise EditorError("editor.error.code", rule=exc.rule, part=exc.part,
                              cited=exc.rule) from None
        except ValueError:  # not text
            raise EditorError("editor.error.code", rule="format", part="code",
                              cited="format") from None
        new = _State(game.players, game.partners, list(game.layout.placements()),
                     [list(h) for h in game.hands], list(game.boneyard), list(game.scores),
                     game.target, game.to_play, game.copy())
        self._commit(new, game.layout.copy())

    # ------------------------------------------------------------------ the position
    def game(self) -> Game:
        """The position as a :class:`Game` (tiles still in the palette left out).

        :raises EditorError: an empty hand (R21), or a position that is over: nobody can place
            and the boneyard is empty (R19).
        """
        s = self._state
        for seat, hand in enumerate(s.hands):
            if not hand:
                raise EditorError("editor.error.empty_hand", rule="R21", seat=seat + 1)
        kept: dict[str, Any] = {}
        old = s.loaded
        if old is not None and (old.players, old.partners) == (s.players, s.partners):
            pending = old.pending
            kept = {"seed": old.seed, "hand_number": old.hand_number, "rules": old.rules,
                    "continuing": old.continuing and old.to_play == s.to_play,
                    "pending": pending if pending is not None and old.to_play == s.to_play
                    and pending in s.hands[s.to_play] and self._layout.can_place(pending)
                    else None}
        try:
            game = Game.from_position(self._layout, hands=s.hands, boneyard=s.boneyard,
                                      to_play=s.to_play, partners=s.partners,
                                      scores=s.scores, target=s.target, **kept)
        except IllegalMove as exc:
            raise EditorError(exc.key, rule=exc.rule, **exc.params) from None
        except ValueError:  # a position the editor cannot build (not met: kept as a net)
            raise EditorError("editor.error.code", rule="R1", part="hands", cited="R1") from None
        if game.hand_over:
            raise EditorError("editor.error.blocked", rule="R19")
        return game

    def code(self) -> str:
        """The position code (:meth:`Game.to_code`) of :meth:`game`."""
        return self.game().to_code()


# ---------------------------------------------------------------------------- a puzzle draft
class PuzzleDraft:
    """Making puzzles from positions, one after another, into one set.

    :meth:`start` lists the turns of a position (:func:`~horserace_nb.teaching.authoring.
    candidates`: every way the turn can go, with its raw and display points, best first);
    :meth:`mark` toggles an accepted answer; :meth:`add` checks the puzzle with the engine
    (:func:`~horserace_nb.teaching.authoring.make_puzzle`) and adds it to the set;
    :meth:`puzzle_set` is the set (saved as a file or a code).

    >>> d = PuzzleDraft()
    >>> d.start("hr1.QOQZQVO.DUa-FGJLPRY-SIANBXMETHCKWb.AAAj")
    >>> [(c.number, c.raw, c.display, c.best) for c in d.candidates]
    [(1, 15, 3, True), (2, 15, 3, True), (3, 0, 0, False), (4, 0, 0, False)]
    >>> d.mark(3); d.add({"en": "Make 15."})
    Traceback (most recent call last):
    ...
    horserace_nb.teaching.authoring.AuthoringError: answers[0]: the engine finds a better turn: ...
    >>> d.mark(3); d.mark(1); d.add({"en": "Make 15."}, hints={"en": ["Count the ends."]}).kind
    'best'
    >>> d.puzzle_set("week3").to_code()[:5]
    'hrp1.'
    """

    def __init__(self) -> None:
        self.code = ""
        self.candidates: list[Candidate] = []
        self.marked: list[int] = []
        """The numbers of the accepted answers among :attr:`candidates`."""
        self.puzzles: list[TeacherPuzzle] = []

    def start(self, position: Game | str) -> None:
        """List the turns of *position* (a :class:`Game` or a position code); no answer marked.

        :raises AuthoringError: a bad code, or a position where no tile can be placed.
        """
        found = candidates(position)
        self.code = position.to_code() if isinstance(position, Game) else position
        self.candidates = found
        self.marked = []

    def mark(self, number: int) -> None:
        """Mark candidate *number* as an accepted answer, or unmark it."""
        if not any(c.number == number for c in self.candidates):
            raise AuthoringError("answers", f"a number from 1 to {len(self.candidates)}, not "
                                            f"{number!r}")
        if number in self.marked:
            self.marked.remove(number)
        else:
            self.marked.append(number)

    def add(self, question: Mapping[str, str], *, hints: Mapping[str, Sequence[str]] | None
            = None, kind: str = "best", shown: Iterable[int] = ()) -> TeacherPuzzle:
        """Check the puzzle at the listed position with the marked answers and add it.

        :raises AuthoringError: no answer marked, or what :func:`make_puzzle` refuses (a
            marked answer the engine finds a better turn than, unless *kind* is ``"good"``).
        """
        if not self.marked:
            raise AuthoringError("answers", "mark one answer at least", code="field")
        by_number = {c.number: c for c in self.candidates}
        ladders = {lang: [h for h in given if h.strip()][:MAX_HINTS]
                   for lang, given in (hints or {}).items()}
        puzzle = make_puzzle(self.code, [by_number[n] for n in self.marked], question=question,
                             hints=ladders or None, kind=kind, shown=list(shown))
        self.puzzles.append(puzzle)
        self.marked = []
        return puzzle

    def puzzle_set(self, name: str, title: Mapping[str, str] | None = None) -> PuzzleSet:
        """The puzzles made so far as a set named *name* (what its results are recorded
        under).

        :raises AuthoringError: a bad name, or no puzzle yet.
        """
        return PuzzleSet(name, self.puzzles, title)


# ---------------------------------------------------------------------------- an example draft
class ExampleDraft:
    """Recording a worked example: the turns played from a position, one action at a time
    (placements; a draw or a pass where the rules ask for one), each checked by the engine as
    play checks it, with an optional sentence per step; :meth:`undo` takes the last step back;
    :meth:`example` is the example (:func:`~horserace_nb.teaching.authoring.make_example`),
    written in one language.

    >>> d = ExampleDraft("hr1.QOQZQVO.DUa-FGJLPRY-SIANBXMETHCKWb.AAAj")
    >>> d.play(Place("[5|6]", "[3|6]", "high"), "15 scores 3 (R15).")
    >>> d.play(Draw())
    Traceback (most recent call last):
    ...
    horserace_nb.core.errors.IllegalMove: ... (R16).
    >>> d.play(Place("[3|5]", "[5|5]", "straight_b")); len(d.steps), d.notes
    (2, ['15 scores 3 (R15).', ''])
    >>> d.undo(), len(d.steps)
    (True, 1)
    >>> d.example("fives", "First 15", lang="en").note(1, "en")
    '15 scores 3 (R15).'
    """

    def __init__(self, position: Game | str) -> None:
        try:
            self.code = position.to_code() if isinstance(position, Game) else position
            self._start = Game.from_code(self.code)
        except (RecordError, ValueError) as exc:  # a bad code, or a hand that is over
            raise AuthoringError("position", str(exc), code="position") from None
        self._game = self._start.copy()
        self.steps: list[Action] = []
        self.notes: list[str] = []
        """The sentence of each step ("" where there is none)."""

    def game(self) -> Game:
        """The position now: the start and every step played (a copy)."""
        return self._game.copy()

    def play(self, action: Action, note: str = "") -> None:
        """Play *action* as the next step, with the sentence *note* ("": none).

        :raises IllegalMove: an action the rules refuse now (naming the rule; nothing changes).
        :raises AuthoringError: more than :data:`MAX_STEPS` steps.
        """
        if not isinstance(action, (Place, Draw, Pass)):
            raise IllegalMove("error.not_an_action", rule="R16", action=excerpt(action))
        if len(self.steps) >= MAX_STEPS:
            raise AuthoringError("steps", f"at most {MAX_STEPS} steps", code="field")
        self._game.apply(action)  # refused without any change (IllegalMove)
        self.steps.append(action)
        self.notes.append(" ".join(str(note).split()))

    def undo(self) -> bool:
        """Take the last step back (``False``: no step yet)."""
        if not self.steps:
            return False
        self.steps.pop()
        self.notes.pop()
        game = self._start.copy()
        for action in self.steps:
            game.apply(action)
        self._game = game
        return True

    def example(self, name: str, title: str, *, lang: str, text: str = "") -> TeacherExample:
        """The example of the steps so far, its title, text and sentences written in *lang*.

        :raises AuthoringError: a bad name or title, or no step yet (naming the field).
        """
        check_lang(lang)
        notes = [{lang: note} if note else None for note in self.notes]
        return make_example(self.code, list(self.steps), name=name, title={lang: title},
                            text={lang: text} if text.strip() else None, notes=notes)


def authoring_refusal(exc: AuthoringError) -> Text:
    """What the puzzle maker says of a refused puzzle (or set), in any language: the engine's
    better turn, a position with no placement, no answer ticked, no puzzle yet, or the field
    at fault."""
    if exc.code == "best":
        return lambda lang: t("author.refused_best", lang)
    if exc.code == "rules":
        return lambda lang: t("author.refused_rules", lang)
    if exc.field == "answers" and exc.code == "field" and "mark one" in str(exc):
        return lambda lang: t("author.no_answer", lang)
    if exc.field == "puzzles":
        return lambda lang: t("author.no_puzzle", lang)
    field = exc.field
    return lambda lang: t("author.refused", lang, field=field)


# ---------------------------------------------------------------------------- links
SHARE_CODES: tuple[str, ...] = ("hr1.", PUZZLES_CODE, EXAMPLE_CODE)
"""How the codes a link may carry begin: a position, a puzzle set, a worked example."""


def share_code(code: str, lang: str) -> str:
    """The Python a link runs to open *code* in *lang* (never shown):
    :func:`~horserace_nb.widgets.open_code`.

    >>> print(share_code("hr1.KHKWK.a-A-N_BCDEFGIJLMOPQRSTUVXYZb.AAA4", "ko"))
    from horserace_nb.widgets import open_code
    open_code("hr1.KHKWK.a-A-N_BCDEFGIJLMOPQRSTUVXYZb.AAA4", lang="ko")
    """
    if not isinstance(code, str) or len(code) > MAX_CODE_LENGTH or not code.startswith(
            SHARE_CODES) or not all(ch.isascii() and (ch.isalnum() or ch in "._-") for ch in code):
        raise ValueError(f"code is a position, puzzle-set or example code, not {excerpt(code)}")
    check_lang(lang)
    return f'from horserace_nb.widgets import open_code\nopen_code("{code}", lang="{lang}")'


def share_path(code: str, lang: str) -> str:
    """The link that opens *code* in the classroom site, relative to the site's root: the
    classroom page's app (the REPL without its input, as the classroom link), running
    :func:`share_code` at once. The code travels in the address only; nothing leaves the
    browser.

    >>> share_path("hr1.KHKWK.a-A-N_BCDEFGIJLMOPQRSTUVXYZb.AAA4", "en")[:60]
    'repl/index.html?kernel=python&hideCodeInput=1&showBanner=0&e'
    """
    query = urllib.parse.urlencode({
        "kernel": "python", "hideCodeInput": "1", "showBanner": "0", "execute": "1",
        "hr": "classroom", "lang": lang, "code": share_code(code, lang)})
    return f"repl/index.html?{query}"
