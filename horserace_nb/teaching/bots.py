"""Computer players: a random player, a greedy player with hints, and a strong player.

A bot is any callable ``bot(view) -> action`` that receives what one seat may know
(:class:`~horserace_nb.core.game.SeatView`: its own hand, the layout, the public history, the sizes
of the other hands and of the boneyard, the scores) and returns one of ``view.legal_actions``.
Bots never see the :class:`~horserace_nb.core.game.Game` itself.

>>> game = Game(hands=[["[1|4]", "[1|6]", "[0|2]"], ["[5|6]", "[0|1]"]], leader=0)
>>> GreedyBot()(game.view(0))            # [1|4] scores 5 (R15) and lets seat 0 go on (R17)
Place(tile=Tile(1, 4), on=None, side=None)
>>> for line in hint(game.view(0)).lines():
...     print(line)
Open with [1|4].
The ends add up to 5: it scores 5 raw (1 point) now (R15).
It scores, so you play again (R17).
Next, [1|6] can score 10 raw (2 points).

- :class:`RandomBot`: uniform among the legal actions, reproducible with a seed.
- :class:`GreedyBot`: the highest immediate placement score (R15); :func:`hint` explains its
  choice through the message catalog.
- :class:`StrongBot`: determinized Monte Carlo. It samples the hidden tiles consistently with the
  public history (a player who drew or passed held none of the numbers open at that moment),
  plays every candidate turn (a whole continuation chain, R17) in each sampled world, finishes
  the hand with fast greedy rollouts and picks the best average of its side's points minus the
  opponents' (hand-end bonus R23 included; reaching the target wins at once, R26).
"""

from __future__ import annotations

import random
import time
import zlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from ..core.actions import Action, Draw, Pass, Place
from ..core.game import Game, Reason, SeatView
from ..core.layout import Layout, placement_score
from ..core.rules import HORSE_RACE
from ..core.tiles import FULL_SET, Side, Tile
from ..words.i18n import check_lang, side_name, t
from ..words.names import sentences

__all__ = [
    "Bot", "RandomBot", "GreedyBot", "StrongBot", "Decision", "Hint", "hint", "placement_total",
    "HiddenInfo", "hidden_info", "sample_world", "world_game", "play_game", "LEVELS",
    "STRONG_ROLLOUTS", "check_level", "level_bot",
]

Bot = Callable[[SeatView], Action]
"""A computer player: takes a seat's view, returns one of ``view.legal_actions``."""

_TILE_MASK = [(1 << t.low) | (1 << t.high) for t in FULL_SET]


# ---------------------------------------------------------------------- placement arithmetic
def placement_total(layout: Layout, tile: Tile, on: Tile | None = None,
                    side: Side | None = None) -> int:
    """The end total the layout would show after a legal placement, without making it (R13):
    :meth:`Layout.total_after` without its validation, for the bots' look-ahead.

    >>> layout = Layout.from_placements([("[1|4]", None, None)])
    >>> placement_total(layout, Tile(4, 4), Tile(1, 4), Side.HIGH)
    9
    """
    return layout.total_after(tile, on, side, validate=False)


def _placements(layout: Layout, hand: Sequence[Tile]) -> list[Place]:
    """Every placement of a tile of *hand* on *layout*, in Game.legal_actions order."""
    if layout.is_empty:
        return [Place(tile) for tile in hand]
    out = []
    for tile in hand:
        for on, side in layout.legal_points(tile):
            out.append(Place(tile, on, side))
    return out


# ---------------------------------------------------------------------- RandomBot
class RandomBot:
    """Chooses uniformly among the legal actions; the same *seed* gives the same choices for
    the same sequence of views.

    >>> game = Game(seed=3)
    >>> a, b = RandomBot(seed=1), RandomBot(seed=1)
    >>> a(game.view(game.to_play)) == b(game.view(game.to_play))
    True
    """

    def __init__(self, seed: int | None = None, *, by_view: bool = False) -> None:
        self.seed = seed
        self.by_view = by_view
        """Draw each choice from the seed and the view alone (not from the choices made
        before): the same position always gets the same move, after an undo too."""
        self._rng = random.Random(seed)

    def __call__(self, view: SeatView) -> Action:
        actions = view.legal_actions
        if not actions:
            raise ValueError("it is not this seat's turn: there is no legal action")
        rng = (random.Random(f"{self.seed}|{zlib.crc32(_view_key(view).encode())}")
               if self.by_view else self._rng)
        return actions[rng.randrange(len(actions))]

    def __repr__(self) -> str:
        extra = ", by_view=True" if self.by_view else ""
        return f"RandomBot(seed={self.seed!r}{extra})"


# ---------------------------------------------------------------------- GreedyBot and hints
@dataclass(frozen=True)
class Hint:
    """A suggested action and why: the immediate end total and raw score (R13, R15), whether
    the same player goes on (R17), and the reasons as message keys with parameters (rendered
    in any language by :meth:`text`)."""

    action: Action
    raw: int = 0
    total: int = 0
    continues: bool = False
    wins_hand: bool = False
    wins_game: bool = False
    next_tile: Tile | None = None
    next_raw: int = 0
    reasons: tuple[tuple[str, Mapping[str, object]], ...] = ()
    lang: str = "en"

    @property
    def points(self) -> int:
        """The display points the suggested placement scores now (R3)."""
        return HORSE_RACE.display(self.raw)

    @property
    def message(self) -> str:
        """The explanation in the hint's language."""
        return self.text(self.lang)

    def lines(self, lang: str | None = None) -> list[str]:
        """The explanation, one sentence per reason."""
        lang = check_lang(lang or self.lang)
        out = []
        for key, params in self.reasons:
            shown = {k: side_name(v, lang) if isinstance(v, Side) else
                     str(v) if isinstance(v, Tile) else v for k, v in params.items()}
            out.append(t(key, lang, **shown))
        return out

    def text(self, lang: str | None = None) -> str:
        """The explanation as one paragraph."""
        lang = check_lang(lang or self.lang)
        return sentences(self.lines(lang), lang)


def _greedy_key(layout: Layout, action: Place, hand_size: int, drawn: bool,
                order: int) -> tuple[int, bool, int, int]:
    raw = placement_score(placement_total(layout, action.tile, action.on, action.side))
    tile = action.tile
    continues = not drawn and hand_size > 1 and (tile.is_double or raw > 0)
    return raw, continues, tile.pips, -order


class GreedyBot:
    """Takes the placement that scores most now (R15). Ties: a placement that lets it place
    again (a double or a scoring tile from hand, R17), then the heaviest tile (fewer pips left
    for the opponents' hand-end bonus, R23), then the first in legal order. Deterministic.
    """

    def __call__(self, view: SeatView) -> Action:
        return self.choose(view)[0]

    def choose(self, view: SeatView) -> tuple[Action, list[tuple[int, bool, int, int]]]:
        """The chosen action and the sort keys of every placement (empty without one)."""
        actions = view.legal_actions
        if not actions:
            raise ValueError("it is not this seat's turn: there is no legal action")
        places = [a for a in actions if isinstance(a, Place)]
        if not places:
            return actions[0], []
        drawn = view.pending is not None
        size = len(view.hand)
        keys = [_greedy_key(view.layout, a, size, drawn, i) for i, a in enumerate(places)]
        best = max(range(len(places)), key=keys.__getitem__)
        return places[best], keys

    def explain(self, view: SeatView, lang: str = "en") -> Hint:
        """The action this bot would take and why (see :func:`hint`)."""
        action, keys = self.choose(view)
        extra: list[tuple[str, Mapping[str, object]]] = []
        if isinstance(action, Place):
            chosen = max(keys)
            ties = [k for k in keys if k[0] == chosen[0] and k[1] == chosen[1]]
            if len({k[2] for k in ties}) > 1:
                extra.append(("bots.heaviest", {"tile": action.tile, "pips": action.tile.pips}))
        return explain_action(view, action, lang, extra=extra)

    def __repr__(self) -> str:
        return "GreedyBot()"


def explain_action(view: SeatView, action: Action, lang: str = "en", *,
                   extra: Sequence[tuple[str, Mapping[str, object]]] = ()) -> Hint:
    """Why *action* is worth playing, in words: the immediate end total and score (R13, R15),
    whether the same player goes on (R17) or wins, and the best tile it keeps for later."""
    check_lang(lang)
    if isinstance(action, Draw):
        return Hint(action, reasons=(("bots.draw", {}),), lang=lang)
    if isinstance(action, Pass):
        return Hint(action, reasons=(("bots.pass", {}),), lang=lang)
    tile = action.tile
    layout = view.layout
    total = placement_total(layout, tile, action.on, action.side)
    rules = view.rules
    raw = rules.placement_score(total)
    drawn = view.pending is not None
    side = view.side_of(view.seat)
    reasons: list[tuple[str, Mapping[str, object]]] = []
    if drawn:
        reasons.append(("bots.drawn_fits", {"tile": tile}))
    if action.on is None or action.side is None:
        reasons.append(("bots.open", {"tile": tile}))
    else:
        reasons.append(("bots.place", {"tile": tile, "on": action.on, "side": action.side}))
    if raw:
        reasons.append(("bots.scores", {"total": total, "raw": raw,
                                        "points": rules.display(raw)}))
    else:
        reasons.append(("bots.no_score", {"total": total}))
    wins_game = raw > 0 and view.scores[side] + rules.display(raw) >= view.target
    wins_hand = not wins_game and len(view.hand) == 1
    continues = False
    if wins_game:
        reasons.append(("bots.target", {"score": view.scores[side] + rules.display(raw),
                                        "target": view.target}))
    elif wins_hand:
        reasons.append(("bots.last_tile", {}))
    elif drawn:
        if tile.is_double or raw:
            reasons.append(("bots.drawn_ends", {}))
    elif tile.is_double:
        continues = True
        reasons.append(("bots.double", {"tile": tile}))
    elif raw:
        continues = True
        reasons.append(("bots.scored_again", {}))
    reasons.extend(extra)
    next_tile, next_raw = None, 0
    if not wins_game and not wins_hand:
        after = layout.copy()
        after.place(tile, action.on, action.side)
        rest = [x for x in view.hand if x is not tile]
        for follow in _placements(after, rest):
            value = rules.placement_score(
                placement_total(after, follow.tile, follow.on, follow.side))
            if value > next_raw:
                next_tile, next_raw = follow.tile, value
        if next_tile is not None:
            key = "bots.next" if continues else "bots.keeps"
            reasons.append((key, {"tile": next_tile, "raw": next_raw,
                                  "points": rules.display(next_raw)}))
    return Hint(action, raw, total, continues, wins_hand, wins_game, next_tile, next_raw,
                tuple(reasons), lang)


def hint(view: SeatView, lang: str = "en", *, strong: bool = False, rollouts: int = 64,
         seed: int = 0) -> Hint:
    """A hint for the seat to act, with its reasons in *lang*: :class:`GreedyBot`'s action, or
    with *strong* :class:`StrongBot`'s (a fixed effort of *rollouts* sampled deals, so the same
    position always gets the same hint), falling back to the greedy one if the search fails.

    >>> game = Game(hands=[["[5|5]", "[0|1]"], ["[4|6]"]], leader=0)
    >>> h = hint(game.view(0), "en")
    >>> h.action, h.raw, h.continues
    (Place(tile=Tile(5, 5), on=None, side=None), 10, True)
    >>> for line in h.lines("ko"):
    ...     print(line)
    [5|5]로 시작합니다.
    끝 합계가 10이므로 지금 원점수 10, 표시 점수 2점을 얻습니다 (R15).
    [5|5]는 더블타일이므로 한 번 더 놓습니다 (R17).
    """
    if strong:
        try:
            return StrongBot(seed=seed, rollouts=rollouts).explain(view, lang)
        except Exception:  # noqa: BLE001 - the greedy hint is always available
            pass
    return GreedyBot().explain(view, lang)


# ---------------------------------------------------------------------- hidden information
@dataclass(frozen=True)
class HiddenInfo:
    """What a seat can infer about the tiles it cannot see (built by :func:`hidden_info`).

    ``unknown`` are the tiles neither in the seat's hand nor on the layout; they lie in the
    other hands (``slots``: one ``(seat, forbidden)`` per hidden tile, *forbidden* a bit mask of
    the numbers that tile cannot show) and in the boneyard (``boneyard_size`` tiles, any). A
    scripted deal that leaves tiles out has more unknown tiles than places for them: the extra
    ones are set aside at random when a world is sampled.
    """

    seat: int
    unknown: tuple[Tile, ...]
    slots: tuple[tuple[int, int], ...]
    boneyard_size: int

    def allows(self, slot: int, tile: Tile) -> bool:
        """True if *tile* may be the hidden tile of *slot*."""
        return not _TILE_MASK[tile.index] & self.slots[slot][1]


def _open_mask(layout: Layout) -> int:
    return sum(1 << n for n in range(7) if layout.accepts(n))


def hidden_info(view: SeatView) -> HiddenInfo:
    """Reconstruct what the public history of the current hand says about hidden tiles.

    The hand's placements are replayed from the layout the hand started from
    (:attr:`~horserace_nb.core.game.SeatView.hand_start`: empty, or a position's) to know the
    numbers open at each moment. A player who
    drew or passed held no tile showing an open number (R16, R18, R19); a drawn tile that did not
    fit shows none either. Which held tiles a player placed later is unknown, so each player's
    hidden tiles are taken as its most recent acquisitions (the weakest reading: the true hands
    always satisfy it).
    """
    events = [e for e in view.history if e.hand == view.hand_number]
    layout = Layout.from_placements(list(view.hand_start))
    players = view.players
    # per seat: the times of draws whose tile stayed in hand, and (time, open numbers) of every
    # draw or pass (the moments the seat showed it could not place)
    kept: list[list[int]] = [[] for _ in range(players)]
    blocked: list[list[tuple[int, int]]] = [[] for _ in range(players)]
    from_hand = [0] * players
    drawn_before = False
    for i, e in enumerate(events):
        if e.kind == "place":
            assert e.tile is not None
            layout.place(e.tile, e.on, e.side)
            if not drawn_before:
                from_hand[e.seat] += 1
            drawn_before = False
        elif e.kind == "draw":
            blocked[e.seat].append((i, _open_mask(layout)))
            drawn_before = e.reason == Reason.DRAW_PLAYABLE
            if not drawn_before:
                kept[e.seat].append(i)
        else:
            blocked[e.seat].append((i, _open_mask(layout)))
    slots: list[tuple[int, int]] = []
    for seat in range(players):
        if seat == view.seat:
            continue
        size = view.hand_sizes[seat]
        initial = size - len(kept[seat]) + from_hand[seat]
        times = [-1] * max(initial, 0) + kept[seat]
        for when in times[len(times) - size:] if size else []:
            forbidden = 0
            for moment, mask in blocked[seat]:
                if moment >= when:
                    forbidden |= mask
            slots.append((seat, forbidden))
    seen = set(view.hand) | set(view.layout.tiles)
    unknown = tuple(x for x in FULL_SET if x not in seen)
    if len(unknown) < len(slots) + view.boneyard_size:
        raise ValueError("the view is inconsistent: too few hidden tiles")
    return HiddenInfo(view.seat, unknown, tuple(slots), view.boneyard_size)


def sample_world(info: HiddenInfo, rng: random.Random, players: int,
                 tries: int = 30) -> tuple[list[list[Tile]], list[Tile]]:
    """Deal the unknown tiles to the other hands (respecting every slot's forbidden numbers)
    and the boneyard, at random. Returns ``(hands, boneyard)``; the seat's own hand is left
    empty in *hands*. If no consistent deal is found in *tries* attempts, the constraints are
    dropped (this cannot happen for a view of a real game, whose true deal is consistent, except
    by bad luck of the sequential sampling)."""
    slots = info.slots
    allowed = [sum(1 for x in info.unknown if info.allows(i, x)) for i in range(len(slots))]
    order = sorted(range(len(slots)), key=lambda i: (allowed[i], i))
    for attempt in range(tries + 1):
        pool = list(info.unknown)
        rng.shuffle(pool)
        hands: list[list[Tile]] = [[] for _ in range(players)]
        ok = True
        for i in order:
            seat, forbidden = slots[i]
            if attempt == tries:
                forbidden = 0
            choices = [k for k, x in enumerate(pool) if not _TILE_MASK[x.index] & forbidden]
            if not choices:
                ok = False
                break
            hands[seat].append(pool.pop(choices[rng.randrange(len(choices))]))
        if ok:
            return hands, pool[:info.boneyard_size]
    raise AssertionError("unreachable: the last attempt has no constraints")


def world_game(view: SeatView, hands: Sequence[Sequence[Tile]], boneyard: Sequence[Tile]
               ) -> Game:
    """A :class:`Game` in the position of *view* with the hidden tiles as given (*hands* for
    the other seats; the view's own hand is used for its seat). Its history starts here."""
    full = [list(view.hand) if seat == view.seat else list(hands[seat])
            for seat in range(view.players)]
    return Game.from_position(view.layout, full, list(boneyard), view.to_play,
                              partners=view.partners, rules=view.rules,
                              scores=list(view.scores), pending=view.pending,
                              continuing=view.continuing, hand_number=view.hand_number)


# ---------------------------------------------------------------------- StrongBot
def _rollout(game: Game, rng: random.Random, epsilon: float) -> None:
    """Finish the hand: every seat places greedily (random with probability *epsilon*)."""
    legal = game.legal_actions
    apply = game.apply
    score = game.rules.placement_score
    while not game.hand_over:
        actions = legal()
        if len(actions) == 1:
            apply(actions[0])
            continue
        if epsilon and rng.random() < epsilon:
            apply(actions[rng.randrange(len(actions))])
            continue
        layout = game.layout
        best = None
        best_key = -1
        for a in actions:
            assert isinstance(a, Place)
            total = placement_total(layout, a.tile, a.on, a.side)
            raw = score(total)
            key = raw * 64 + (32 if a.tile.is_double else 0) + a.tile.pips
            if key > best_key:
                best, best_key = a, key
        assert best is not None
        apply(best)


def _turn_chains(view: SeatView, limit: int) -> list[tuple[Place, ...]]:
    """The seat's possible turns from here: sequences of placements while it goes on (R17).

    A chain ends with a non-scoring single, a drawn tile (R18), the last tile (R21), the target
    (R26), or when no tile fits; past *limit* chains, longer chains are cut short (the rollout
    policy plays the rest of the turn).
    """
    side = view.side_of(view.seat)
    out: list[tuple[Place, ...]] = []
    drawn = view.pending is not None
    rules = view.rules

    def walk(layout: Layout, hand: list[Tile], chain: tuple[Place, ...], score: int,
             actions: Sequence[Place]) -> None:
        for a in actions:
            tile = a.tile
            raw = rules.placement_score(placement_total(layout, tile, a.on, a.side))
            step = chain + (a,)
            rest = [x for x in hand if x is not tile]
            reached = score + rules.display(raw)
            if (drawn or not rest or reached >= view.target or not (tile.is_double or raw)
                    or len(out) >= limit):
                out.append(step)
                continue
            after = layout.copy()
            after.attach(tile, a.on, a.side)
            follow = _placements(after, rest)
            if not follow:
                out.append(step)
            else:
                walk(after, rest, step, reached, follow)

    first = [a for a in view.legal_actions if isinstance(a, Place)]
    walk(view.layout, list(view.hand), (), view.scores[side], first)
    return out


def _chain_heuristic(view: SeatView, chain: tuple[Place, ...]) -> tuple[int, int]:
    layout = view.layout.copy()
    raw = 0
    for a in chain:
        raw += placement_score(placement_total(layout, a.tile, a.on, a.side))
        layout.attach(a.tile, a.on, a.side)
    return raw, sum(a.tile.pips for a in chain)


def _view_key(view: SeatView) -> str:
    """The public part of a view (plus the seat's own hand), as text to seed decisions."""
    events = [e for e in view.history if e.hand == view.hand_number]
    moves = ";".join(f"{e.seat}{e.kind[0]}{e.tile if e.kind == 'place' else ''}"
                     f"{e.on or ''}{e.side or ''}{e.reason}" for e in events)
    return (f"{view.seat}|{view.players}|{view.partners}|{view.hand_number}|{view.scores}|"
            f"{view.hand_sizes}|{view.boneyard_size}|{' '.join(map(str, view.hand))}|"
            f"{view.pending}|{moves}")


@dataclass
class _Candidate:
    chain: tuple[Place, ...]
    total: float = 0.0
    count: int = 0
    values: list[float] = field(default_factory=list)

    @property
    def mean(self) -> float:
        return self.total / self.count if self.count else float("-inf")


@dataclass(frozen=True)
class Decision:
    """What :meth:`StrongBot.decide` found: the action, the number of sampled worlds, and
    every evaluated turn with its mean value (points for the side minus the opponents')."""

    action: Action
    worlds: int
    seconds: float
    turns: tuple[tuple[tuple[Place, ...], float, int], ...] = ()


class StrongBot:
    """Plays from its seat's information only, by determinized Monte Carlo.

    For each decision it samples *worlds*: deals of the hidden tiles consistent with the public
    history (:func:`hidden_info`, :func:`sample_world`). Every candidate turn (a whole
    continuation chain, R17) is played in each world, and the hand is finished by fast rollouts
    in which everyone places greedily (with a little randomness). A turn is worth its side's
    points minus the opponents' average at the end of the hand (hand-end bonus R23 included),
    plus :attr:`WIN` if its side reaches the target (R26) and minus it if another does. After
    half of the worlds only the best third of the turns is kept.

    With *rollouts* set, exactly that many worlds are sampled per decision and the decision is
    deterministic for a given *seed* and view; otherwise worlds are sampled for *budget_s*
    seconds. A single legal action is returned at once. With ``prune=False`` every candidate
    turn is played in every world (slower; what a post-game review needs to compare any turn
    with the best on the same worlds).
    """

    WIN = 100.0
    """Value of reaching the target (R26), in display points."""

    def __init__(self, seed: int | None = None, budget_s: float = 1.0,
                 rollouts: int | None = None, max_turns: int = 12, epsilon: float = 0.1,
                 chain_limit: int = 64, prune: bool = True) -> None:
        if rollouts is not None and rollouts < 1:
            raise ValueError("rollouts must be at least 1")
        if budget_s <= 0:
            raise ValueError("the time budget must be positive")
        self.seed = random.SystemRandom().randrange(1 << 30) if seed is None else seed
        self.budget_s = budget_s
        self.rollouts = rollouts
        self.max_turns = max_turns
        self.epsilon = epsilon
        self.chain_limit = chain_limit
        self.prune = prune
        self.decisions = 0
        self.worlds = 0
        self.seconds = 0.0

    def __repr__(self) -> str:
        effort = f"rollouts={self.rollouts}" if self.rollouts else f"budget_s={self.budget_s}"
        return f"StrongBot(seed={self.seed}, {effort})"

    def __call__(self, view: SeatView) -> Action:
        return self.decide(view).action

    def explain(self, view: SeatView, lang: str = "en") -> Hint:
        """The action this bot would take and why: the immediate points and what it keeps
        (:func:`explain_action`), plus what the sampled deals say of the whole turn."""
        decision = self.decide(view)
        extra: list[tuple[str, Mapping[str, object]]] = []
        best = max(decision.turns, key=lambda turn: turn[1], default=None)
        if best is not None and decision.worlds:
            extra.append(("bots.strong", {"worlds": decision.worlds,
                                          "value": f"{best[1]:+.1f}",
                                          "turn": " → ".join(str(p.tile) for p in best[0])}))
        return explain_action(view, decision.action, lang, extra=extra)

    def _candidates(self, view: SeatView) -> list[_Candidate]:
        chains = _turn_chains(view, self.chain_limit)
        scored = sorted(((_chain_heuristic(view, c), -i, c) for i, c in enumerate(chains)),
                        reverse=True)
        chosen: list[tuple[Place, ...]] = []
        firsts: set[Place] = set()
        for _, _, chain in scored:  # the best chain of every first placement
            if chain[0] not in firsts:
                firsts.add(chain[0])
                chosen.append(chain)
        for _, _, chain in scored:
            if len(chosen) >= max(self.max_turns, len(firsts)):
                break
            if chain not in chosen:
                chosen.append(chain)
        return [_Candidate(c) for c in chosen]

    def decide(self, view: SeatView) -> Decision:
        """Choose an action for *view* and report how (see :class:`Decision`)."""
        start = time.perf_counter()
        actions = view.legal_actions
        if not actions:
            raise ValueError("it is not this seat's turn: there is no legal action")
        if len(actions) == 1:
            return Decision(actions[0], 0, 0.0)
        rng = random.Random(f"{self.seed}|{zlib.crc32(_view_key(view).encode())}")
        info = hidden_info(view)
        candidates = self._candidates(view)
        side = view.side_of(view.seat)
        sides = 2 if view.partners else view.players
        before = view.scores
        live = candidates
        worlds = 0
        halved = False
        fixed = self.rollouts
        while True:
            if fixed is not None:
                if worlds >= fixed:
                    break
                if self.prune and not halved and worlds >= (fixed + 1) // 2:
                    live, halved = self._prune(live), True
            else:
                spent = time.perf_counter() - start
                # stop before a world that would likely overrun the budget
                if worlds and (spent * (worlds + 1) / worlds >= self.budget_s
                               or worlds >= 100_000):
                    break
                if self.prune and not halved and spent >= self.budget_s / 2:
                    live, halved = self._prune(live), True
            hands, boneyard = sample_world(info, rng, view.players)
            base = world_game(view, hands, boneyard)
            roll_seed = rng.getrandbits(32)
            for cand in live:
                game = base.copy()
                for a in cand.chain:
                    if game.hand_over:
                        break
                    game.apply(a)
                _rollout(game, random.Random(roll_seed), self.epsilon)
                value = self._value(game, before, side, sides)
                cand.total += value
                cand.count += 1
            worlds += 1
        best = max(live, key=lambda c: (c.mean, -candidates.index(c)))
        seconds = time.perf_counter() - start
        self.decisions += 1
        self.worlds += worlds
        self.seconds += seconds
        turns = tuple((c.chain, c.mean, c.count) for c in candidates)
        return Decision(best.chain[0], worlds, seconds, turns)

    def _prune(self, live: list[_Candidate]) -> list[_Candidate]:
        keep = max(2, (len(live) + 2) // 3)
        if len(live) <= keep:
            return live
        ranked = sorted(live, key=lambda c: c.mean, reverse=True)[:keep]
        return [c for c in live if c in ranked]

    def _value(self, game: Game, before: Sequence[int], side: int, sides: int) -> float:
        after = game.scores
        gains = [after[s] - before[s] for s in range(sides)]
        value = gains[side] - (sum(gains) - gains[side]) / (sides - 1)
        winners = game.winners
        if winners:
            if side in winners:
                value += self.WIN
            if any(w != side for w in winners):
                value -= self.WIN
        return value


# ---------------------------------------------------------------------- levels
LEVELS: tuple[str, ...] = ("beginner", "medium", "strong")
"""The computer's levels a learner chooses from: ``"beginner"`` places at random
(:class:`RandomBot`), ``"medium"`` takes the best immediate score (:class:`GreedyBot`),
``"strong"`` searches sampled deals (:class:`StrongBot` with :data:`STRONG_ROLLOUTS`)."""

STRONG_ROLLOUTS = 64
"""Sampled deals per decision of the strong level (a fixed effort: reproducible; about 0.1 s
per decision on a laptop core, see ``tests/benchmarks/bench_levels.py``)."""


def check_level(level: object) -> str:
    """*level* as one of :data:`LEVELS`; a ValueError naming them otherwise.

    >>> check_level("strong")
    'strong'
    """
    if not isinstance(level, str) or level not in LEVELS:
        raise ValueError(f"level is one of {', '.join(LEVELS)}, not {level!r}")
    return level


def level_bot(level: str, *, seed: int = 0) -> Bot:
    """The computer player of *level* (:data:`LEVELS`), deterministic: with the same *seed*
    the same position always gets the same move.

    >>> level_bot("beginner", seed=3)
    RandomBot(seed=3, by_view=True)
    >>> level_bot("medium")
    GreedyBot()
    >>> level_bot("strong", seed=3)
    StrongBot(seed=3, rollouts=64)
    """
    level = check_level(level)
    if level == "beginner":
        return RandomBot(seed=seed, by_view=True)
    if level == "medium":
        return GreedyBot()
    return StrongBot(seed=seed, rollouts=STRONG_ROLLOUTS)


# ---------------------------------------------------------------------- playing whole games
def play_game(bots: Sequence[Bot], *, players: int = 2, partners: bool = False,
              target: int = 61, seed: int | None = None, game: Game | None = None,
              max_hands: int = 200) -> Game:
    """Play a game to the end with one bot per seat (``bots[seat]``) and return it.

    >>> game = play_game([GreedyBot(), RandomBot(seed=1)], seed=5)
    >>> game.game_over
    True
    """
    if game is None:
        game = Game(players=players, partners=partners, target=target, seed=seed)
    if len(bots) != game.players:
        raise ValueError(f"give one bot per seat: {game.players}, not {len(bots)}")
    while not game.game_over:
        while not game.hand_over:
            seat = game.to_play
            action = bots[seat](game.view(seat))
            game.apply(action)
        if game.game_over:
            break
        if game.hand_number >= max_hands:
            raise RuntimeError(f"no winner after {max_hands} hands")
        game.next_hand()
    return game

