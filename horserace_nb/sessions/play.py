"""The play logic of :class:`~horserace_nb.widgets.PlayWidget`, without any widget.

A :class:`PlayController` holds the game and the seats: whose turn it is, the tile the learner
chose, what to say after every action (notes, in any language), the computer's moves, undo,
hints and new games. Every action goes through :meth:`Game.apply`, which refuses an illegal one
without changing anything; a refusal becomes an error note. The view only wires controls to these
methods and draws what :attr:`notes`, :meth:`status_text` and :meth:`moves` say.

>>> from horserace_nb import Game
>>> c = PlayController(Game(hands=[["[1|4]", "[2|3]"], ["[5|6]"]], boneyard=["[0|0]"],
...                         leader=0))
>>> sorted(c.moves("en"))
['[1|4]', '[2|3]']
>>> c.moves("en")["[1|4]"]["points"][0]["preview"].split(". ")[0]
'4 + 1 = 5 → 5 raw, 1 point'
>>> c.select("[1|4]")
>>> event = c.place(Place("[1|4]"))
>>> c.game.scores, c.game.to_play            # 1 + 4 = 5 scores 1 point and plays again (R17)
([1, 0], 0)

The computer plays at a *level* (:data:`~horserace_nb.teaching.bots.LEVELS`: ``"beginner"``
random, ``"medium"`` greedy, ``"strong"``), seeded by the game's seed: the same seed and the same
moves give the same game. With ``pass_and_play=True`` every seat is a person at one screen:
between two players' turns the hands are *covered* (nothing of any hand is offered to the view)
until the player to move says who they are (:meth:`PlayController.reveal`). With ``learn=True``
the learner may try to draw or pass while a tile fits (R16): the attempt is refused with a
sentence naming the rule and the tile that fits (:attr:`PlayController.marked`), and nothing
changes.

>>> c = PlayController(Game(hands=[["[1|2]", "[5|5]"], ["[2|6]", "[0|0]"]],
...                         boneyard=["[3|3]"], leader=0), pass_and_play=True, learn=True)
>>> c.covered, c.moves("en")                 # Player 1 has not taken the screen yet
(True, {})
>>> c.reveal(); c.covered, sorted(c.moves("en"))
(False, ['[1|2]', '[5|5]'])
>>> _ = c.place(Place("[1|2]")); c.covered, c.game.to_play
(True, 1)
>>> c.reveal(); c.draw() is None, c.marked  # [2|6] fits: no drawing (R16)
(True, Tile(2, 6))
>>> c.notes[0][1]("en").split(": ")[1].split(", and")[0]
'[2|6] fits the layout'

With ``call_first=True`` ("call it first", R13 and R15 practised in play) the board shows no
preview of a placement's sum; a placement asked for waits (:attr:`PlayController.calling`) until
the learner has said the end total after it, or whether it scores (:meth:`PlayController.call`):
the call is judged, said with R13 and R15, kept in :attr:`PlayController.calls`, and then the
tile is placed.

>>> c = PlayController(Game(hands=[["[1|4]", "[2|3]"], ["[5|6]"]], boneyard=["[0|0]"],
...                         leader=0), call_first=True)
>>> c.moves("en")["[1|4]"]["points"][0]["preview"]
''
>>> c.place(Place("[1|4]")) is None, c.calling, c.game.layout.is_empty
(True, Place(tile=Tile(1, 4), on=None, side=None), True)
>>> event = c.call(6)                        # 4 + 1 = 5, not 6: said, then placed
>>> c.calls[-1].right, c.game.scores, c.notes[0][1]("en").split(". ")[0]
(False, [1, 0], 'Not right: you called 6')
"""

from __future__ import annotations

import functools
import zlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ..core import validate
from ..core.actions import Action, Draw, Pass, Place
from ..core.errors import IllegalMove
from ..core.game import Event, Game
from ..core.quoting import EXCERPT_CHARS, excerpt
from ..core.tiles import Tile
from ..core.validate import MAX_SEED, is_seat
from ..teaching.bots import LEVELS, Bot, check_level, hint, level_bot
from ..words import narration
from ..words.i18n import t
from ..words.names import list_text, seat_name, team_name
from .common import Note, check_names, check_seats
from .protocol import Moves, Text, board_moves, fits_text, select_refusal

__all__ = ["PlayController", "Note", "Text", "MODES", "MATCHES", "LEVELS", "Bot", "check_bots",
           "check_match", "check_level", "Call", "CALL_RULES", "MAX_CALL"]

CALL_RULES = ("R13", "R15")
"""The rules a call (call it first) practises: the end total (R13) and whether it scores
(R15)."""
MAX_CALL = 1000
"""The largest end total a call may state (no layout's ends add up to more than 48)."""


@dataclass(frozen=True, eq=False)
class Call:
    """One call made before a placement (call it first): what was called (an end total, or
    ``True``/``False`` for "it scores" / "it does not score"), the end total and raw score the
    placement made, and whether the call was right. :attr:`case` is ``"total"`` or ``"score"``
    (as results record it, kind ``"call"``). Two calls are never equal: each is one answer."""

    called: int | bool
    total: int
    raw: int
    tile: Tile
    number: int
    """The call's place in the game (its action count before the placement)."""

    @property
    def case(self) -> str:
        return "score" if isinstance(self.called, bool) else "total"

    @property
    def right(self) -> bool:
        if isinstance(self.called, bool):
            return self.called == (self.raw > 0)
        return self.called == self.total


def check_call(value: object) -> int | bool:
    """*value* as a call: ``True``/``False`` (it scores / it does not) or an end total, a whole
    number from 0 to :data:`MAX_CALL`; a ValueError naming R13 otherwise."""
    if isinstance(value, bool):
        return value
    if not isinstance(value, int) or not 0 <= value <= MAX_CALL:
        raise ValueError(f"call: an end total is a whole number from 0 to {MAX_CALL} (R13), or "
                         f"True/False for whether the placement scores (R15), not "
                         f"{excerpt(value)}")
    return value


MODES: dict[str, tuple[int, bool]] = {"2": (2, False), "3": (3, False), "4": (4, False),
                                      "4p": (4, True)}
"""The game modes of the mode menu: (players, partnerships) (R2)."""

MATCHES: dict[str, int] = {"61": 61, "31": 31, "hand": 61}
"""The match lengths of the match menu → the target: the rules' 61 (R26), and two teaching
variants for a 45-minute class: 31 points (``Rules(target=31)``), and one hand (the match
stops after the first settlement; the target stays 61)."""


def check_match(match: object) -> str:
    """*match* as a key of :data:`MATCHES`; a ValueError naming them otherwise."""
    if not isinstance(match, str) or match not in MATCHES:
        raise ValueError(f"match is one of {', '.join(MATCHES)} (61 is the rules' target, "
                         f"R26), not {match!r}")
    return match


def check_bots(bots: object, players: int, human: Sequence[int]) -> dict[int, Bot]:
    """The computer players by seat.

    :raises ValueError: naming ``bots`` for a key that is not a seat of the game (``"1"``,
        ``7``, ``True``), a seat played by a person, or a bot that cannot be called.
    """
    if bots is None:
        return {}
    if not isinstance(bots, Mapping):
        raise ValueError(f"bots maps seats to computer players, not {type(bots).__name__}")
    out: dict[int, Bot] = {}
    for seat, bot in bots.items():
        if not is_seat(seat, players):
            raise ValueError(f"bots: {seat!r} is not a seat of this game; seats are the whole "
                             f"numbers 0 to {players - 1}")
        if seat in human:
            raise ValueError(f"bots: seat {seat} is played by a person; give bots for the "
                             "other seats only")
        if not callable(bot):
            raise ValueError(f"bots: the bot of seat {seat} must be callable: bot(view) -> "
                            "action")
        out[seat] = bot
    return out


class PlayController:
    """Play a match: the game, who plays which seat, the learner's selection and what to say.

    :param game: the game to play (any state).
    :param human: the seat or seats played by people (``[]``: computer only).
    :param bots: seat → computer player; every other non-human seat gets the computer player
        of *level*.
    :param names: one name per seat.
    :param level: the computer's level, one of :data:`~horserace_nb.teaching.bots.LEVELS`
        (:func:`~horserace_nb.teaching.bots.level_bot`, seeded by the game's seed and the seat).
    :param pass_and_play: every seat is a person at this screen (*human* is not used; *bots*
        cannot be given): only the hand of the player to move is offered, once they have said
        who they are (:meth:`reveal`).
    :param learn: the learner may try to draw or pass while a tile fits: refused, naming R16.
    :param call_first: call it first: no preview of a placement's sum; a placement waits for
        the learner's call (:meth:`call`), judged with R13 and R15 (also settable later:
        ``controller.call_first = True``).
    """

    def __init__(self, game: Game, *, human: object = 0, bots: object = None,
                 names: object = None, level: object = "medium", pass_and_play: object = False,
                 learn: object = False, call_first: object = False) -> None:
        if not isinstance(game, Game):
            raise ValueError(f"game: play a Game, not {type(game).__name__}")
        self.call_first = validate.flag(call_first, "call_first")
        """Call it first: no previews; a placement waits for the learner's call."""
        self.calling: Place | None = None
        """The placement waiting for the learner's call (call it first), or ``None``."""
        self.calls: list[Call] = []
        """Every call made in this widget, in order (the view records each once)."""
        self.level = check_level(level)
        """The level of the computer players of this game (a new one is set by
        :meth:`new_game`)."""
        self.pass_and_play = validate.flag(pass_and_play, "pass_and_play")
        self.learn = validate.flag(learn, "learn")
        if self.pass_and_play and bots:
            raise ValueError("bots: in pass_and_play every seat is played by a person; give "
                             "no computer players")
        self.human = (list(range(game.players)) if self.pass_and_play
                      else check_seats(human, game.players))
        self.bots = check_bots(bots, game.players, self.human)
        self._level_seats: set[int] = set()
        """The seats whose computer player comes from :attr:`level` (not given as *bots*)."""
        self._names = check_names(names, game.players)
        self.game = game
        self.covered = self.pass_and_play and not game.hand_over
        """Pass and play: the hands are hidden until the player to move takes the screen."""
        self.marked: Tile | None = None
        """The tile a refused draw or pass points at (it fits, R16): the view lights it and its
        points until the next action."""
        self.selected: Tile | None = None
        self.targets: tuple[Place, ...] = ()
        self.notes: list[Note] = []
        """What the last action said (a new list after every action that says something)."""
        self.practice = True
        """Undo is allowed (practice mode)."""
        self.auto_draw = False
        """Draw for the learner while drawing is the only legal action (R18)."""
        self.epoch = 0
        """Counts the games installed (undo and new game): a scheduled move for an older game
        is dropped."""
        self.viewer = self.human[0] if self.human else game.to_play
        self.match: str | None = None
        """The match length (a key of :data:`MATCHES`) new games use; ``None``: the target of
        the game given."""
        self._fill_bots()

    @property
    def match_over(self) -> bool:
        """A one-hand match whose hand is over (no next hand is dealt)."""
        return self.match == "hand" and self.game.hand_over

    @property
    def seed_shown(self) -> bool:
        """The deal's seed may be shown: always against the computer; in pass and play only
        once the match is over. The seed deals every hand of the match: whoever read it could
        deal the same game in another tab and see every hand and the boneyard's order, so
        while the players' hands are secret it is said nowhere (nor after a hand, which would
        give away the next hands' deals)."""
        return not self.pass_and_play or self.game.game_over or self.match_over

    # ------------------------------------------------------------------ names
    def name(self, seat: int, lang: str) -> str:
        """The name of *seat* (the given name, or "Seat n" in *lang*)."""
        return seat_name(seat, lang, self._names)

    def names(self, lang: str) -> list[str]:
        return [self.name(s, lang) for s in range(self.game.players)]

    @property
    def given_names(self) -> list[str] | None:
        """The names given for the seats, or ``None`` if none were given."""
        given = [name for name in self._names if name is not None]
        return given if len(given) == self.game.players else None

    def tagged(self, seat: int, lang: str) -> str:
        """The name with "(you)" or "(computer)" when people and the computer play."""
        if not self.human or self.pass_and_play:
            return self.name(seat, lang)
        key = "play.role_human" if seat in self.human else "play.role_computer"
        return t(key, lang, name=self.name(seat, lang))

    def side_name(self, side: int, lang: str, *, tagged: bool = False) -> str:
        """A seat's name, or with partners its team's ("Seat 0 & Seat 2")."""
        name = self.tagged if tagged else self.name
        if not self.game.partners:
            return name(side, lang)
        return team_name(name(side, lang), name(side + 2, lang), lang)

    # ------------------------------------------------------------------ turn state
    def human_turn(self) -> bool:
        """A person is to move and may act now (in pass and play: has taken the screen)."""
        game = self.game
        return not game.hand_over and game.to_play in self.human and not self.covered

    def computer_turn(self) -> bool:
        game = self.game
        return not game.hand_over and game.to_play not in self.human

    def over_error(self) -> IllegalMove | None:
        game = self.game
        if game.game_over:
            return IllegalMove("error.game_over", rule="R26", target=game.target)
        if game.hand_over:
            return IllegalMove("error.hand_over", rule="R20")
        return None

    def over_text(self) -> Text | None:
        """Why nothing more is played: the game is over, the hand is (deal the next one), or a
        one-hand match is (start a new game: no next hand is dealt); ``None`` while it goes on."""
        if self.match_over and not self.game.game_over:
            return lambda lang: t("match.hand_over", lang)
        over = self.over_error()
        return None if over is None else over.localized

    def turn_problem(self) -> Text | None:
        """Why the learner cannot act now (``None`` if they can)."""
        over = self.over_text()
        if over is not None:
            return over
        seat = self.game.to_play
        if seat not in self.human:
            return lambda lang: t("play.not_your_turn", lang, name=self.tagged(seat, lang),
                                  button=t("play.next", lang))
        if self.covered:
            return lambda lang: t("play.covered", lang, name=self.name(seat, lang),
                                  button=self.reveal_label(lang))
        return None

    def say(self, *notes: Note) -> None:
        self.notes = list(notes)

    def refuse(self, text: Text) -> None:
        self.notes = [("error", text)]

    def review_scope(self) -> tuple[int, int | None] | None:
        """What a review may show now: ``(seat, hand)`` — the person's decisions in the hand
        just over — once a hand is over, ``(seat, None)`` — the whole game — once the match is
        over; ``None`` while a hand is being played or when no person plays."""
        game = self.game
        if not self.human or not game.hand_over:
            return None
        seat = self.viewer if self.viewer in self.human else self.human[0]
        if game.game_over or self.match_over:
            return seat, None
        return seat, game.hand_number

    def undo_point(self) -> tuple[int, int, str] | None:
        """(actions to take back, seat, tile) back to the learner's previous placement."""
        actions = self.game.actions
        for i in range(len(actions) - 1, -1, -1):
            entry = actions[i]
            if self.pass_and_play and (self.covered or entry is None
                                       or entry[0] != self.viewer):
                return None  # pass and play: only the player at the screen, in this turn
            if entry is not None and isinstance(entry[1], Place) and entry[0] in self.human:
                return len(actions) - i, entry[0], str(entry[1].tile)
        return None

    def legal(self) -> list[Action]:
        """The learner's legal actions now ([] on the computer's turn)."""
        return self.game.legal_actions() if self.human_turn() else []

    # ------------------------------------------------------------------ the board's moves
    def moves(self, lang: str) -> Moves:
        """For the board: every tile the learner may place now, with its legal points, what
        each is called and what it would make (each previewed on a copy of the game)."""
        game = self.game
        if not self.human_turn() or self.viewer != game.to_play:
            return {}
        return board_moves(game, lang, preview=not self.call_first)

    # ------------------------------------------------------------------ the learner's actions
    def select(self, tile: Tile | str) -> None:
        """The learner chose *tile* of the hand: keep its legal points, or say why it cannot be
        played now."""
        self.marked = self.calling = None
        problem = self.turn_problem()
        if problem is not None:
            self.refuse(problem)
            return
        game = self.game
        try:
            tile = Tile.parse(tile)
        except ValueError:
            self.refuse(lambda lang: t("board.bad_message", lang))
            return
        refusal = select_refusal(game, tile)
        if refusal is not None:
            if tile in game.hands[game.to_play] and game.pending is None:
                self.selected, self.targets = None, ()  # it fits nowhere
            self.refuse(refusal)
            return
        places = tuple(a for a in game.legal_actions()
                       if isinstance(a, Place) and a.tile is tile)
        self.selected, self.targets = tile, places
        count = len(places)
        empty = game.layout.is_empty
        self.say(("info", lambda lang: fits_text(tile, count, empty, lang)))

    def place(self, action: Place) -> Event | None:
        """Place a tile (the rules core decides; a refusal is said and changes nothing). With
        :attr:`call_first` a legal placement is not made yet: it waits in :attr:`calling` for
        the learner's :meth:`call` (``None`` is returned)."""
        self.marked = self.calling = None
        problem = self.turn_problem()
        if problem is not None:
            self.refuse(problem)
            return None
        game = self.game
        if action.tile not in game.hands[game.to_play]:
            tile = action.tile
            self.refuse(lambda lang: t("play.stale_tile", lang, tile=tile))
            return None
        if self.call_first:
            try:
                game.check(action)
            except IllegalMove as exc:
                self.refuse(exc.localized)
                return None
            self.calling = action
            self.say(("info", lambda lang: t(
                "play.call_ask", lang, tile=action.tile,
                label=narration.target_label(action.tile, action.on, action.side, lang))))
            return None
        return self._act(action)

    def call(self, value: int | bool) -> Event | None:
        """Call it first: the learner says the end total after the placement waiting in
        :attr:`calling` (a whole number), or whether it scores (``True``/``False``); the call
        is judged and said, naming R13 and R15, kept in :attr:`calls`, and the tile is placed.
        Nothing waiting: said, nothing changes.

        :raises ValueError: for a call that is neither (nothing changes).
        """
        called = check_call(value)
        action = self.calling
        problem = self.turn_problem()
        if action is None or problem is not None:
            self.calling = None
            self.refuse(problem or (lambda lang: t("play.call_none", lang)))
            return None
        game = self.game
        preview = narration.preview_event(game, action.tile, action.on, action.side)
        made = Call(called, preview.total, preview.raw, action.tile, game.action_count)
        self.calls.append(made)
        self.calling = None
        verdict: Note = ("ok" if made.right else "error",
                         functools.partial(self._call_line, made))
        event = self._act(action)
        if event is not None:
            self.notes = [verdict, *self.notes]
        return event

    @staticmethod
    def _call_line(call: Call, lang: str) -> str:
        called = (t("play.call_said_yes" if call.called else "play.call_said_no", lang)
                  if isinstance(call.called, bool) else str(call.called))
        verdict = (t("play.call_scores", lang, raw=call.raw) if call.raw
                   else t("play.call_no_score", lang))
        return t("play.call_right" if call.right else "play.call_wrong", lang, called=called,
                 total=call.total, verdict=verdict)

    def cancel_call(self) -> None:
        """Call it first: take back the placement waiting for a call (nothing is placed)."""
        action = self.calling
        self.calling = None
        if action is None:
            self.refuse(lambda lang: t("play.call_none", lang))
            return
        self.say(("info", lambda lang: t("play.call_cancelled", lang, tile=action.tile)))

    def draw(self) -> Event | None:
        """Draw from the boneyard (R18); with :attr:`learn`, while a tile fits, refused naming
        R16 and the tile (nothing changes)."""
        self.marked = self.calling = None
        problem = self.turn_problem()
        if problem is not None:
            self.refuse(problem)
            return None
        if self._must_place("play.learn_no_draw"):
            return None
        return self._act(Draw())

    def pass_turn(self) -> Event | None:
        """Pass (R19); with :attr:`learn`, while a tile fits, refused naming R16."""
        self.marked = self.calling = None
        problem = self.turn_problem()
        if problem is not None:
            self.refuse(problem)
            return None
        if self._must_place("play.learn_no_pass"):
            return None
        return self._act(Pass())

    def fitting(self) -> list[Tile]:
        """The tiles of the hand to play that fit the layout now, in hand order (the drawn tile
        alone while it must be placed, R18)."""
        game = self.game
        if game.hand_over:
            return []
        tiles = {a.tile for a in game.legal_actions() if isinstance(a, Place)}
        return [tile for tile in game.hands[game.to_play] if tile in tiles]

    def _must_place(self, key: str) -> bool:
        """With :attr:`learn`: refuse a draw or a pass while a tile from hand fits (R16) with
        the sentence *key*, mark the first such tile with its points; ``True`` if refused."""
        game = self.game
        fitting = self.fitting()
        if not self.learn or game.pending is not None or not fitting:
            return False  # (a drawn tile that fits is R18's refusal, said by the game)
        first, seat, count = fitting[0], game.to_play, len(fitting)
        tiles = [str(tile) for tile in fitting]
        self.marked = self.selected = first
        self.targets = tuple(a for a in game.legal_actions()
                             if isinstance(a, Place) and a.tile is first)
        self.refuse(lambda lang: t(key, lang, name=self.name(seat, lang),
                                   tiles=list_text(tiles, lang), count=count, tile=first))
        return True

    def _act(self, action: Action) -> Event | None:
        try:
            event = self.game.apply(action)  # refused without any change (IllegalMove)
        except IllegalMove as exc:
            self.refuse(exc.localized)
            return None
        self.selected, self.targets = None, ()
        self.after_change(self.event_notes(event))
        return event

    def hint(self, lang: str) -> None:
        """The strong computer player's advice (the same position, the same hint)."""
        self.marked = None
        problem = self.turn_problem()
        if problem is not None:
            self.refuse(problem)
            return
        game = self.game
        advice = hint(game.view(game.to_play), lang, strong=True, seed=game.seed)
        self.say(("hint", lambda code: t("play.hint_text", code, text=advice.text(code))))

    def undo(self) -> None:
        """Back to the learner's previous placement decision (practice mode)."""
        if not self.practice:
            self.refuse(lambda lang: t("play.undo_off", lang))
            return
        point = self.undo_point()
        if point is None:
            self.refuse(lambda lang: t("play.no_undo", lang))
            return
        count, seat, tile = point
        self.marked = self.calling = None
        self.game = self.game.undo(count)
        self.epoch += 1
        self.selected, self.targets = None, ()
        self.after_change([("ok", lambda lang: t("play.undone", lang, count=count,
                                                 name=self.name(seat, lang), tile=tile))])

    # ------------------------------------------------------------------ the computer
    def computer_move(self) -> bool:
        """One computer action; ``False`` (with the reason said) if none was made. An error
        raised by the bot propagates (the view shows it); the game is unchanged."""
        over = self.over_text()
        if over is not None:
            self.refuse(over)
            return False
        game = self.game
        seat = game.to_play
        if seat in self.human:
            self.refuse(lambda lang: t("play.human_to_move", lang, name=self.name(seat, lang)))
            return False
        action = self.bots[seat](game.view(seat))
        if game is not self.game or game.to_play != seat or game.hand_over:
            return False  # the game moved on while the bot was thinking
        try:
            game.check(action)
        except IllegalMove as exc:
            refusal = exc
            self.refuse(lambda lang: t("play.bot_illegal", lang, name=self.name(seat, lang),
                                       error=refusal.localized(lang)))
            return False
        event = game.apply(action)
        self.selected, self.targets = None, ()
        self.after_change(self.event_notes(event))
        return True

    def next_hand(self) -> None:
        """Deal the next hand (refused unless the hand is over and the game is not, and in a
        one-hand match)."""
        self.marked = self.calling = None
        if self.match_over:
            self.refuse(lambda lang: t("match.hand_over", lang))
            return
        try:
            self.game.next_hand()
        except IllegalMove as exc:
            self.refuse(exc.localized)
            return
        self.selected, self.targets = None, ()
        self.covered = self.pass_and_play
        self.after_change(self.lead_notes())

    # ------------------------------------------------------------------ pass and play
    def reveal_label(self, lang: str) -> str:
        """The button that shows the hand of the player to move: "I am Player 2 — show my
        tiles"."""
        return t("play.reveal", lang, name=self.name(self.game.to_play, lang))

    def reveal(self) -> None:
        """Pass and play: the player to move has the screen: show their hand (refused, changing
        nothing, when no hand is covered)."""
        self.marked = None
        if not self.covered:
            self.refuse(lambda lang: t("play.not_covered", lang))
            return
        seat = self.game.to_play
        self.covered = False
        self.viewer = seat
        self.after_change([("info", lambda lang: t("play.revealed", lang,
                                                   name=self.name(seat, lang)))])

    # ------------------------------------------------------------------ new games
    def new_game(self, mode: str, seed_text: str, match: str | None = None,
                 level: str | None = None, pass_and_play: bool | None = None) -> bool:
        """A new game of *mode* (a key of :data:`MODES`) with the seed typed (empty: random)
        and, if given, a new match length (a key of :data:`MATCHES`), computer level
        (:data:`LEVELS`) and pass and play; ``False`` with the reason said (nothing changed)
        if the seed is not a whole number from 0 to :data:`~horserace_nb.core.validate.MAX_SEED`
        (the largest a browser keeps exactly)."""
        if match is not None:
            check_match(match)
        if level is not None:
            check_level(level)
        text = seed_text.strip()
        seed = None
        if text:
            try:
                seed = int(text)
            except ValueError:  # (past Python's 4300 digits too: out of range, said so below)
                if not text.lstrip("+-").isdecimal():
                    self.refuse(lambda lang: t("play.bad_seed", lang, text=text))
                    return False
            if seed is None or not 0 <= seed <= MAX_SEED:
                # a larger seed would come back from the browser changed (1e+23) with the
                # game's result, which would then be refused: bounded where it is typed
                shown = text if len(text) <= EXCERPT_CHARS else text[:EXCERPT_CHARS] + "…"
                self.refuse(lambda lang: t("play.seed_range", lang, text=shown, max=MAX_SEED))
                return False
        if match is not None:
            self.match = match
        if level is not None:
            self.level = level
        if pass_and_play is not None:
            if self.pass_and_play and not pass_and_play:
                self.human = [0]  # back to one person against the computer
            self.pass_and_play = validate.flag(pass_and_play, "pass_and_play")
        players, partners = MODES[mode]
        target = self.game.target if self.match is None else MATCHES[self.match]
        self.install(Game(players=players, partners=partners, target=target, seed=seed))
        self.start_notes(new_game=True)
        return True

    def install(self, game: Game) -> None:
        """Play *game* from now on: keep the human seats that exist in it (seat 0 if none is
        left), give every other seat a computer player."""
        if not isinstance(game, Game):
            raise ValueError(f"game: play a Game, not {type(game).__name__}")
        self.marked = self.calling = None
        if self.pass_and_play:
            self.human = list(range(game.players))
        elif self.human:
            kept = [s for s in self.human if s < game.players]
            self.human = kept or [0]
        self.bots = {s: b for s, b in self.bots.items()
                     if s < game.players and s not in self.human
                     and s not in self._level_seats}  # a new game: new level players
        if len(self._names) != game.players:
            self._names = [None] * game.players
        self.epoch += 1
        self.game = game
        self._fill_bots()
        self.selected, self.targets = None, ()
        self.covered = self.pass_and_play and not game.hand_over
        self.viewer = self.human[0] if self.human else game.to_play

    def _fill_bots(self) -> None:
        self._level_seats = {s for s in self._level_seats if s in self.bots}
        seed = self.game.seed
        for seat in range(self.game.players):
            if seat not in self.human and seat not in self.bots:
                # seeded by the deal and the seat: the same seed, the same game
                self.bots[seat] = level_bot(self.level,
                                            seed=zlib.crc32(f"{seed}|{seat}".encode()))
                self._level_seats.add(seat)

    @staticmethod
    def mode_key(game: Game) -> str:
        return "4p" if game.partners else str(game.players)

    def start_notes(self, *, new_game: bool) -> None:
        game = self.game
        mode = self.mode_key(game)
        notes: list[Note] = []
        if new_game:
            seed = game.seed
            if self.seed_shown:
                notes.append(("ok", lambda lang: t("play.new_game_msg", lang,
                                                   mode=t(f"play.mode_{mode}", lang), seed=seed)))
            else:  # pass and play: the seed would show every hand (seed_shown)
                notes.append(("ok", lambda lang: t("play.new_game_hidden", lang,
                                                   mode=t(f"play.mode_{mode}", lang))))
            if self.pass_and_play:
                notes.append(("info", lambda lang: t("play.pass_and_play_on", lang)))
            elif len(self.human) < game.players and self._level_seats:
                level = self.level
                notes.append(("info", lambda lang: t("play.level_now", lang,
                                                     level=t(f"play.level_{level}", lang))))
        self.after_change(notes if game.hand_over else notes + self.lead_notes())

    def lead_notes(self) -> list[Note]:
        game = self.game
        leader, hand = game.leader, game.hand_number
        if game.lots and game.lots[-1].hand == hand:
            key = "play.lead_lot"
        elif hand > 1:
            key = "play.lead_last"
        else:
            key = "play.lead_given"
        return [("info", lambda lang: t(key, lang, name=self.name(leader, lang), hand=hand))]

    # ------------------------------------------------------------------ after every change
    def after_change(self, notes: list[Note]) -> None:
        """Auto-draw, select a drawn tile that must be placed, and say the notes."""
        game = self.game
        notes = list(notes)
        while self.auto_draw and self.human_turn():
            legal = game.legal_actions()
            if len(legal) != 1 or not isinstance(legal[0], Draw):
                break
            notes += self.event_notes(game.apply(legal[0]))
        if self.pass_and_play:
            if game.hand_over:
                self.covered = False
            elif game.to_play != self.viewer:
                self.covered = True
            if self.covered:  # said once per change: whose turn it is, and what to do
                seat = game.to_play
                notes.append(("info", lambda lang: t("play.status_cover", lang,
                                                     name=self.name(seat, lang),
                                                     button=t("play.reveal", lang,
                                                              name=self.name(seat, lang)))))
        elif self.human_turn() or not self.human:
            self.viewer = game.to_play
        pending = game.pending
        if pending is not None and self.human_turn():
            self.selected = pending
            self.targets = tuple(a for a in game.legal_actions() if isinstance(a, Place))
        elif self.selected is not None and not self.human_turn():
            self.selected, self.targets = None, ()
        if notes:
            self.notes = notes

    # ------------------------------------------------------------------ sentences
    def event_notes(self, event: Event) -> list[Note]:
        count = len(self.event_lines(event, "en"))
        return [("ok" if event.raw else "info", functools.partial(self._event_line, event, i))
                for i in range(count)]

    def _event_line(self, event: Event, index: int, lang: str) -> str:
        return self.event_lines(event, lang)[index]

    def event_lines(self, event: Event, lang: str) -> list[str]:
        # pass and play: every line is seen by everyone at the screen, the drawn tile is not
        shown = (event.seat in self.human or not self.human) and not self.pass_and_play
        return narration.event_lines(event, lang, self.name(event.seat, lang),
                                     show_drawn=shown)

    def status_text(self, lang: str) -> str:
        """Whose turn it is and what to do."""
        game = self.game
        if game.game_over:
            return t("play.status_game_over", lang)
        if self.match_over:  # a one-hand match: no next hand; the panel offers a new game
            return t("play.status_match_over", lang, button=t("play.new_game", lang))
        if game.hand_over:
            return t("play.status_hand_over", lang, hand=game.hand_number)
        seat = game.to_play
        if self.covered:
            return t("play.status_cover", lang, name=self.name(seat, lang),
                     button=self.reveal_label(lang))
        if seat not in self.human:
            key = "play.status_computer_again" if game.continuing else "play.status_computer"
            return t(key, lang, name=self.tagged(seat, lang), button=t("play.next", lang))
        name = self.name(seat, lang)
        if self.calling is not None:
            return t("play.status_call", lang, name=name, tile=self.calling.tile)
        if game.pending is not None:
            return t("play.status_pending", lang, name=name, tile=game.pending)
        legal = game.legal_actions()
        if len(legal) == 1 and isinstance(legal[0], Draw):
            return t("play.status_draw", lang, name=name)
        if len(legal) == 1 and isinstance(legal[0], Pass):
            return t("play.status_pass", lang, name=name)
        if self.selected is not None:
            return t("play.status_chosen", lang, name=name, tile=self.selected)
        key = "play.status_again" if game.continuing else "play.status_turn"
        return t(key, lang, name=name)
