"""The position code: a whole position of Horse Race as one short, URL-safe line, ``hr1.…``.

``Game.to_code()`` writes it and ``Game.from_code(code)`` reads it back; this module knows the
format only. A code holds everything :meth:`Game.from_position
<horserace_nb.core.game.Game.from_position>` takes: the layout with its shape and placement
order, every hand, the boneyard in drawing order, the scores, the target and the other
:class:`~horserace_nb.core.rules.Rules`, partners, the seat to act, a continuation (R17) or a
drawn tile that must be placed (R18), the hand's number and the seed of the later deals. The
same position always gives the same code, and a code gives back exactly its position.

The format, version 1
=====================

A code is ``hr1.<table>.<hands>.<match><check>``: the version ``hr1``, three parts separated by
dots, and one check character. Every character is one of the 64 of :data:`ALPHABET` (the
URL-safe Base64 digits ``A``–``Z``, ``a``–``z``, ``0``–``9``, ``-``, ``_``, worth 0 to 63) or
a dot, so a code goes into a link as it is. As GNU Backgammon splits a position ID from a match
ID, each part is read on its own: :func:`read_table` gives the layout, :func:`read_hands` the
tiles in play and :func:`read_match` the rest.

**Tiles.** A tile is the character worth its index in the set (``FULL_SET``: ``[0|0]`` is
``A``, ``[0|1]`` ``B`` … ``[0|6]`` ``G``, ``[1|1]`` ``H`` … ``[5|6]`` ``a``, ``[6|6]`` ``b``):

>>> "".join(tile_char(t) for t in (Tile(0, 0), Tile(1, 4), Tile(5, 6), Tile(6, 6)))
'AKab'

**The table** is the layout's placements in the order they were made: the opening tile, then
two characters per placement, the tile and its *join*. The join is the character of the tile it
is placed on (for a non-double that fixes the side: the end showing a number of the new tile,
R9, R12; for a double, its straight B), or, for the other sides of a double ``[n|n]``, the
character worth ``28 + 3n`` (straight A, open only on an opening double, R10), ``29 + 3n``
(branch A) or ``30 + 3n`` (branch B, R11). A placed double always joins by its straight A
(R10), so nothing more is needed. An empty table is an empty part. The rule texts' worked
example (RULES.md):

>>> example = Layout.from_placements([
...     ("[1|4]", None, None), ("[1|1]", "[1|4]", "low"), ("[4|4]", "[1|4]", "high"),
...     ("[3|4]", "[4|4]", "straight_b"), ("[1|2]", "[1|1]", "straight_b"),
...     ("[1|5]", "[1|1]", "branch_a"), ("[5|5]", "[1|5]", "high"),
...     ("[0|5]", "[5|5]", "straight_b"), ("[1|3]", "[1|1]", "branch_b")])
>>> write_table(example.placements())
'KHKWKTWIHLgZLFZJh'
>>> read_table('KHKWKTWIHLgZLFZJh').placements() == example.placements()
True

**The hands** are each seat's tiles from seat 0 on, in set order, then the boneyard in
drawing order, separated by ``-``. Two to four hands of at least one tile each (R2, R21);
together with the table every tile of the set appears exactly once (R1):

>>> read_hands('ABCDEFG-HIJKLMN-OPQRSTUVWXYZab')
Holdings(hands=((Tile(0, 0), ...), ...), boneyard=(Tile(2, 3), ...), aside=(), made_up=False)

A position *made up* for a lesson, as ``Game.from_position`` takes it, may leave tiles out of
the game or hold hand sizes that no deal and play give (the basics' small endings): its hands
part ends with ``_`` and the tiles left out, in set order (none, if all 28 are in play). A
position that a deal and play can give is always written without ``_``, so that every position
has one code:

>>> read_hands('HY-O-_ABCDEFGIJLMNPQRSTUVWXZab').made_up
True

**The match** is a row of numbers, each written in little-endian groups of five bits, one
character per group, worth the group plus 32 when another group follows (0 to 31 take one
character: ``A`` … ``f``; 61 is ``9B``; at most 13 characters, below 2**64, no needless last
``A``). In order:

1. the head: the seat to act (bits 0–1), ``4`` if that seat goes on after a double or a score
   (R17), ``8`` for partners (R2), ``16`` if a drawn tile is pending (R18), ``32`` if options
   follow;
2. the pending drawn tile's index, if the head says so (the tile's own character);
3. the options, if the head says so: a number whose bits say which values follow, in this
   order, each only when it differs from the rule texts' game: ``1`` the target (R26),
   ``2`` the hand's number (from 1), ``4`` the seed of the later deals (zigzag: 2s for
   s ≥ 0, −2s − 1 below; |s| ≤ 2**53 − 1, the seeds a game takes), ``8`` the scoring
   multiple (R3, R15), ``16`` the hand sizes for 2, 3 and 4 players (three numbers, R5),
   ``32`` the settlement rounding (1 down, 2 up, R23);
4. the display scores, one per seat or per team (R2), to the end of the part. A blocked hand
   (R19) is written with the scores before its settlement: the game settles it again on
   loading.

>>> write_match(Match(to_play=1, scores=(12, 3)))
'BMD'
>>> read_match('BMD')
Match(to_play=1, scores=(12, 3), partners=False, continuing=False, pending=None, ...)

**The check character** is worth ``sum(v[i] * (2i + 1)) mod 64`` over every character ``i``
(from 0) before it, ``hr1.`` and the dots included, where ``v`` is a character's worth and a
dot is worth 64. The weights are odd, so every change of one character of the alphabet into
another is caught, and so is the swap of two neighbours unless their worths differ by 32.

>>> from horserace_nb import Game
>>> opening = Game(players=2, seed=7).to_code()
>>> opening
'hr1..NOPSTab-CDFHLUZ-XGRVWAKYIMBQEJ.gBEOAAW'
>>> len(opening)
43

**Refusals.** :func:`decode` refuses a code that breaks the format or the rules with a
:class:`~horserace_nb.core.errors.CodeError` (a ``RecordError``) naming the part and the
rule, in time proportional to the code's length; a code longer than :data:`MAX_CODE_LENGTH` is
refused before anything else is read. Besides the form: a tile twice or 27 or 29 tiles (R1), a
placement that R1, R9 or R11 forbid (R10 and R12 cannot be written wrongly), a pending tile not
in the hand of the seat to act or that fits nowhere (R18), scores at the target (R26) and,
unless the position is made up (``_``), hand sizes that no deal and play can give: a boneyard
larger than the deal leaves or drawn from before the opening tile (R5, R8), hands holding fewer
tiles than dealt with too few tiles on the table, a pending tile with nothing drawn (R18), a
continuation after a tile that neither was a double nor scored (R17).

>>> decode('hr1.KHKWKTWIHLgZLFZJh.AB-CD-EFGMNOPQRSUVXYab.BAAw')
Traceback (most recent call last):
...
horserace_nb.core.errors.CodeError: not a valid position code: check: the check ...
>>> import textwrap
>>> def refusal(code):
...     try:
...         decode(code)
...     except CodeError as err:
...         print(err.part, err.rule)
...         print(textwrap.fill(str(err).partition(f"{err.part}: ")[2], 90))
>>> refusal('hr1.KHKJg.ABCD-EFGILMN-OPQRSTUVWXYZab.AAAv')
table R11
placement 3 ([1|3] on [1|1] branch_a): The branches of [1|1] open only after both straight
sides are filled (R11)
>>> refusal(with_check('hr1.KHKJH.ABC-DEFGILMN-OPQRSTUVWXYZab.AAA'))
hands R5
the hands hold 4 tiles fewer than the 7 dealt each, but only 3 are on the table (R5)
"""

from __future__ import annotations

import functools
import operator
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from .errors import CodeError, IllegalMove
from .layout import Layout
from .quoting import excerpt
from .rules import HORSE_RACE, ROUNDINGS, Rules
from .tiles import FULL_SET, Side, Tile
from .validate import MAX_SEED

__all__ = ["ALPHABET", "PREFIX", "MAX_CODE_LENGTH", "Holdings", "Match", "Decoded",
           "tile_char", "write_table", "read_table", "write_hands", "read_hands", "write_match",
           "read_match", "check_char", "with_check", "encode", "decode"]

ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
"""The 64 characters of a code's parts, by worth (the URL-safe Base64 digits)."""
PREFIX = "hr1"
"""The version this module writes and reads."""
MAX_CODE_LENGTH = 256
"""The longest code read; the longest a position can need is 176 characters (4 players, 24
tiles down, every number at its largest)."""

_SET = len(FULL_SET)
_WORTH = {c: i for i, c in enumerate(ALPHABET)}
_DOT = 64
_WORTHS = bytes(_WORTH.get(chr(b), _DOT if chr(b) == "." else 0) for b in range(256))
_FORM = re.compile(r"[A-Za-z0-9_.\-]*")
_GROUP_BITS, _MORE = 5, 32
_MAX_DIGITS = 13  # 13 groups of 5 bits hold any number below 2**64
_LIMIT = 1 << 64
_HAND_SEP, _ASIDE_SEP = "-", "_"
_SA, _SB, _BA, _BB = Side.STRAIGHT_A, Side.STRAIGHT_B, Side.BRANCH_A, Side.BRANCH_B
_OTHER_SIDES = (_SA, _BA, _BB)  # the double sides written 28 + 3n + k
_JOINS = _SET + 3 * 7  # 49 join characters
_MAX_TABLE = 1 + 2 * (_SET - 1)
_MAX_HANDS = _SET + 5  # 28 tiles, 4 separators between the groups, the aside mark
_OPT_TARGET, _OPT_HAND, _OPT_SEED, _OPT_MULTIPLE, _OPT_SIZES, _OPT_ROUNDING = (
    1, 2, 4, 8, 16, 32)
_OPTIONS = 63
_HEAD_CONTINUING, _HEAD_PARTNERS, _HEAD_PENDING, _HEAD_OPTIONS = 4, 8, 16, 32
_DEFAULT_SIZES = dict(HORSE_RACE.hand_sizes)
_DEFAULT_RULES = (HORSE_RACE.target, HORSE_RACE.multiple,
                  (_DEFAULT_SIZES[2], _DEFAULT_SIZES[3], _DEFAULT_SIZES[4]), HORSE_RACE.rounding)


@dataclass(frozen=True)
class Holdings:
    """The tiles off the table: each seat's hand (in set order), the boneyard (next draw first)
    and, for a position made up for a lesson (``made_up``), the tiles left out of the game (in
    set order)."""

    hands: tuple[tuple[Tile, ...], ...]
    boneyard: tuple[Tile, ...] = ()
    aside: tuple[Tile, ...] = ()
    made_up: bool = False
    """Written with ``_``: the tiles and hand sizes need not be ones a deal and play give."""


@dataclass(frozen=True)
class Match:
    """Everything of a position but its tiles: the seat to act, the display scores (one per seat
    or per team), partners, a continuation (R17), the pending drawn tile (R18), the rules, the
    hand's number and the seed of the later deals."""

    to_play: int
    scores: tuple[int, ...]
    partners: bool = False
    continuing: bool = False
    pending: Tile | None = None
    rules: Rules = field(default=HORSE_RACE)
    hand_number: int = 1
    seed: int = 1


class Decoded(NamedTuple):
    """A code read and checked: the layout, the tiles off the table and the match."""

    layout: Layout
    holdings: Holdings
    match: Match


def _fail(part: str, rule: str, text: str) -> CodeError:
    return CodeError(part, rule, text)


# ---------------------------------------------------------------------------- characters
def tile_char(tile: Tile) -> str:
    """The character of *tile* in a code: the one worth its index in ``FULL_SET``."""
    return ALPHABET[tile.index]


def _tile_at(char: str, part: str, where: str) -> Tile:
    worth = _WORTH[char]
    if worth >= _SET:
        raise _fail(part, "R1", f"{where}: {char!r} is no tile's character (the set has 28)")
    return FULL_SET[worth]


def _join_char(on: Tile, side: Side) -> str:
    if not on.is_double or side is _SB:
        return ALPHABET[on.index]
    return ALPHABET[_SET + 3 * on.low + _OTHER_SIDES.index(side)]


def check_char(text: str) -> str:
    """The check character of *text* (a code without its last character).

    >>> check_char('hr1..NOPSTab-CDFHLUZ-XGRVWAKYIMBQEJ.gBEOAA')
    'W'

    :raises ValueError: if *text* holds a character no code has.
    """
    if not _FORM.fullmatch(text):
        raise ValueError(f"a code's characters are {ALPHABET} and '.', not {excerpt(text)}")
    worths = text.encode("ascii").translate(_WORTHS)
    return ALPHABET[sum(map(operator.mul, worths, range(1, 2 * len(worths), 2))) % 64]


def with_check(text: str) -> str:
    """*text* with its check character added (for writing codes by hand, and tests)."""
    return text + check_char(text)


# ---------------------------------------------------------------------------- the table
def write_table(placements: Sequence[tuple[Tile, Tile | None, Side | None]]) -> str:
    """The table part for a layout's placements (``Layout.placements()``), in order.

    :raises ValueError: if a placement names no point (only the first may, R8).
    """
    out = []
    for i, (tile, on, side) in enumerate(placements):
        out.append(tile_char(tile))
        if i == 0:
            continue
        if on is None or side is None:
            raise ValueError("only the opening tile is placed without a point (R8, R9)")
        out.append(_join_char(on, side))
    return "".join(out)


def _join(layout: Layout, tile: Tile, char: str, index: int) -> tuple[Tile, Side]:
    where = f"placement {index}"
    worth = _WORTH[char]
    if worth >= _JOINS:
        raise _fail("table", "R9", f"{where}: {char!r} names no connection point")
    if tile in layout:
        raise _fail("table", "R1", f"{where}: {tile} is on the table already")
    if worth >= _SET:
        number, kind = divmod(worth - _SET, 3)
        on, side = Tile(number, number), _OTHER_SIDES[kind]
    else:
        on = FULL_SET[worth]
        side = _SB
    if on not in layout:
        raise _fail("table", "R9", f"{where}: {tile} is placed on {on}, which is not on the table")
    if not on.is_double:
        if tile.has(on.low):
            side = Side.LOW
        elif tile.has(on.high):
            side = Side.HIGH
        else:
            raise _fail("table", "R9", f"{where}: {tile} shares no number with {on}")
    return on, side


def _only_code_characters(text: str, part: str) -> None:
    """Refuse a *part* with a character no code has."""
    bad = next((c for c in text if c not in _WORTH), None)
    if bad is not None:
        raise _fail(part, "format", f"{bad!r} is not a character of a code")


def read_table(text: str) -> Layout:
    """The layout a table part describes, every placement checked by the rules.

    >>> read_table('KHK').sum_text()
    '2 + 4 = 6'

    :raises CodeError: naming the placement and the rule it breaks.
    """
    if not isinstance(text, str) or len(text) > _MAX_TABLE:
        raise _fail("table", "R1", f"a table holds at most {_SET} tiles "
                                   f"({_MAX_TABLE} characters), not {excerpt(text)}")
    _only_code_characters(text, "table")
    if len(text) % 2 == 0 and text:
        raise _fail("table", "R9", "every tile after the first needs its join "
                                   f"({len(text)} characters)")
    layout = Layout()
    if not text:
        return layout
    layout.attach(_tile_at(text[0], "table", "placement 1"))
    for index in range(1, len(text) // 2 + 1):
        where = f"placement {index + 1}"
        tile = _tile_at(text[2 * index - 1], "table", where)
        on, side = _join(layout, tile, text[2 * index], index + 1)
        try:
            layout.place(tile, on, side)
        except IllegalMove as exc:
            raise _fail("table", exc.rule, f"{where} ({tile} on {on} {side.value}): {exc}"
                        ) from None
    return layout


# ---------------------------------------------------------------------------- the hands
def write_hands(holdings: Holdings) -> str:
    """The hands part: each hand in set order, the boneyard as it is, the aside in set order.

    >>> write_hands(Holdings(((Tile(0, 0), Tile(1, 4)), (Tile(6, 6),)), (Tile(0, 1),)))
    'AK-b-B'
    """
    groups = ["".join(tile_char(t) for t in sorted(hand)) for hand in holdings.hands]
    groups.append("".join(tile_char(t) for t in holdings.boneyard))
    text = _HAND_SEP.join(groups)
    if holdings.aside or holdings.made_up:
        text += _ASIDE_SEP + "".join(tile_char(t) for t in sorted(holdings.aside))
    return text


def _in_order(tiles: tuple[Tile, ...], name: str) -> None:
    for a, b in zip(tiles, tiles[1:], strict=False):
        if a.index > b.index:
            raise _fail("hands", "format", f"{name} is written in set order: {b} after {a}")


def read_hands(text: str) -> Holdings:
    """The hands, the boneyard and the tiles left out that a hands part describes.

    >>> read_hands('AK-b-B_C').aside
    (Tile(0, 2),)

    :raises CodeError: naming the group and the rule it breaks.
    """
    if not isinstance(text, str) or len(text) > _MAX_HANDS:
        raise _fail("hands", "R1", f"the hands hold at most {_SET} tiles, not "
                                   f"{excerpt(text)}")
    _only_code_characters(text, "hands")
    main, mark, rest = text.partition(_ASIDE_SEP)
    if _ASIDE_SEP in rest:
        raise _fail("hands", "format", "one group of tiles left out, after one '_'")
    groups = main.split(_HAND_SEP)
    if not 3 <= len(groups) <= 5:
        raise _fail("hands", "R2", f"2 to 4 hands and the boneyard, not {len(groups)} groups")
    count = len(main) - (len(groups) - 1) + len(rest)
    if count > _SET:
        raise _fail("hands", "R1", f"{count} tiles; the set has {_SET}")
    names = [f"hand {seat}" for seat in range(len(groups) - 1)] + ["the boneyard"]
    tiles = [tuple(_tile_at(c, "hands", name) for c in group)
             for name, group in zip(names, groups, strict=True)]
    aside = tuple(_tile_at(c, "hands", "the tiles left out") for c in rest)
    seen = 0
    for tile in [t for group in tiles for t in group] + list(aside):
        if seen >> tile.index & 1:
            raise _fail("hands", "R1", f"{tile} appears twice")
        seen |= 1 << tile.index
    hands = tiles[:-1]
    for name, hand in zip(names, hands, strict=False):
        if not hand:
            raise _fail("hands", "R21", f"{name} is empty: the hand would be over")
        _in_order(hand, name)
    _in_order(aside, "the tiles left out")
    boneyard = tiles[-1]
    return Holdings(tuple(hands), boneyard, aside, bool(mark))


# ---------------------------------------------------------------------------- the match
def _number(value: int) -> str:
    if not 0 <= value < _LIMIT:
        raise ValueError(f"a position code holds numbers from 0 to 2**64 - 1, not {value}")
    out = []
    while True:
        group = value & (_MORE - 1)
        value >>= _GROUP_BITS
        if not value:
            out.append(ALPHABET[group])
            return "".join(out)
        out.append(ALPHABET[group | _MORE])


class _Numbers:
    """The numbers of a match part, read one at a time."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.at = 0

    def more(self) -> bool:
        return self.at < len(self.text)

    def read(self, name: str) -> int:
        value = shift = 0
        text, start = self.text, self.at
        while True:
            if self.at >= len(text):
                raise _fail("match", "format", f"the part ends inside {name}")
            if self.at - start == _MAX_DIGITS:
                raise _fail("match", "format", f"{name} is longer than {_MAX_DIGITS} characters")
            worth = _WORTH[text[self.at]]
            self.at += 1
            value |= (worth & (_MORE - 1)) << shift
            shift += _GROUP_BITS
            if not worth & _MORE:
                break
        if self.at - start > 1 and worth == 0:
            raise _fail("match", "format", f"{name} is written with a needless last 'A'")
        if value >= _LIMIT:
            raise _fail("match", "format", f"{name} is 2**64 or more")
        return value


@functools.lru_cache(maxsize=64)
def _rules(target: int, multiple: int, sizes: tuple[int, int, int], rounding: str) -> Rules:
    """The rules of these numbers (a :class:`Rules` value builds its tables once)."""
    if (target, multiple, sizes, rounding) == _DEFAULT_RULES:
        return HORSE_RACE
    return Rules(target=target, multiple=multiple, hand_sizes=dict(zip((2, 3, 4), sizes,
                                                                       strict=True)),
                 rounding=rounding)


def write_match(match: Match) -> str:
    """The match part (see the module's docstring).

    :raises ValueError: for a number the code cannot hold (a seed beyond ±(2**53 − 1), …).
    """
    rules = match.rules
    options = 0
    values: list[int] = []
    if rules.target != HORSE_RACE.target:
        options |= _OPT_TARGET
        values.append(rules.target)
    if match.hand_number != 1:
        options |= _OPT_HAND
        values.append(match.hand_number)
    if match.seed != 1:
        if not -MAX_SEED <= match.seed <= MAX_SEED:
            raise ValueError(f"a position code holds seeds from -{MAX_SEED} to {MAX_SEED}, "
                             f"not {excerpt(match.seed)}")
        options |= _OPT_SEED
        values.append(2 * match.seed if match.seed >= 0 else -2 * match.seed - 1)
    if rules.multiple != HORSE_RACE.multiple:
        options |= _OPT_MULTIPLE
        values.append(rules.multiple)
    sizes = dict(rules.hand_sizes)
    if sizes != _DEFAULT_SIZES:
        options |= _OPT_SIZES
        values += [sizes[2], sizes[3], sizes[4]]
    if rules.rounding != HORSE_RACE.rounding:
        options |= _OPT_ROUNDING
        values.append(ROUNDINGS.index(rules.rounding))
    head = (match.to_play | _HEAD_CONTINUING * match.continuing
            | _HEAD_PARTNERS * match.partners | _HEAD_PENDING * (match.pending is not None)
            | _HEAD_OPTIONS * bool(options))
    out = [_number(head)]
    if match.pending is not None:
        out.append(tile_char(match.pending))
    if options:
        out.append(_number(options))
        out += [_number(v) for v in values]
    out += [_number(s) for s in match.scores]
    return "".join(out)


def read_match(text: str) -> Match:
    """The match a match part describes (the number of scores is not checked against the
    players here: :func:`decode` does it).

    :raises CodeError: naming the field and the rule it breaks.
    """
    if not isinstance(text, str) or len(text) > MAX_CODE_LENGTH:
        raise _fail("match", "format", f"a match part is at most {MAX_CODE_LENGTH} "
                                       f"characters, not {excerpt(text)}")
    _only_code_characters(text, "match")
    numbers = _Numbers(text)
    head = numbers.read("the head")
    if head >= 64:
        raise _fail("match", "format", f"the head is below 64, not {head}")
    pending = None
    if head & _HEAD_PENDING:
        worth = numbers.read("the pending tile")
        if worth >= _SET:
            raise _fail("match", "R1", f"the pending tile's number {worth} names no tile")
        pending = FULL_SET[worth]
    target, hand_number, seed = HORSE_RACE.target, 1, 1
    multiple, sizes, rounding = HORSE_RACE.multiple, dict(_DEFAULT_SIZES), HORSE_RACE.rounding
    if head & _HEAD_OPTIONS:
        options = numbers.read("the options")
        if not 0 < options <= _OPTIONS:
            raise _fail("match", "format", f"the options are 1 to {_OPTIONS}, not {options}")
        if options & _OPT_TARGET:
            target = numbers.read("the target")
            if target in (0, HORSE_RACE.target):
                raise _fail("match", "R26", f"a target written is at least 1 and not the "
                                            f"rule texts' {HORSE_RACE.target}, not {target}")
        if options & _OPT_HAND:
            hand_number = numbers.read("the hand's number")
            if hand_number < 2:
                raise _fail("match", "format", f"a hand's number written is 2 or more (1 is "
                                           f"not written), not {hand_number}")
        if options & _OPT_SEED:
            zigzag = numbers.read("the seed")
            seed = zigzag // 2 if zigzag % 2 == 0 else -(zigzag + 1) // 2
            if seed == 1:
                raise _fail("match", "format", "the seed 1 is not written")
            if not -MAX_SEED <= seed <= MAX_SEED:
                raise _fail("match", "format", f"a seed written is from -{MAX_SEED} to "
                                               f"{MAX_SEED}, not {excerpt(seed)}")
        if options & _OPT_MULTIPLE:
            multiple = numbers.read("the scoring multiple")
            if multiple == HORSE_RACE.multiple:
                raise _fail("match", "R15", "the scoring multiple 5 is not written")
        if options & _OPT_SIZES:
            sizes = {p: numbers.read(f"the hand size for {p} players") for p in (2, 3, 4)}
            if sizes == _DEFAULT_SIZES:
                raise _fail("match", "R5", "the rule texts' hand sizes are not written")
        if options & _OPT_ROUNDING:
            kind = numbers.read("the rounding")
            if not 0 < kind < len(ROUNDINGS):
                raise _fail("match", "R23", f"the rounding is 1 (down) or 2 (up), not {kind}")
            rounding = ROUNDINGS[kind]
    try:
        rules = _rules(target, multiple, (sizes[2], sizes[3], sizes[4]), rounding)
    except ValueError as exc:
        raise _fail("match", "R5" if "hand_sizes" in str(exc) or "hands of" in str(exc)
                    else "R15", str(exc)) from None
    scores: list[int] = []
    while numbers.more():
        score = numbers.read(f"score {len(scores)}")
        if score >= target:
            raise _fail("match", "R26", f"score {len(scores)} is {score}: a score at the "
                                        f"target {target} would have ended the game")
        scores.append(score)
    if not 2 <= len(scores) <= 4:
        raise _fail("match", "R2", f"one score per seat or team, 2 to 4, not {len(scores)}")
    return Match(head & 3, tuple(scores), bool(head & _HEAD_PARTNERS),
                 bool(head & _HEAD_CONTINUING), pending, rules, hand_number, seed)


# ---------------------------------------------------------------------------- whole codes
def encode(layout: Layout, holdings: Holdings, match: Match) -> str:
    """The code of a position: ``hr1.<table>.<hands>.<match><check>``.

    ``holdings.made_up`` is set here: for tiles left out, or hand sizes no deal and play
    give. ``Game.to_code()`` gives the parts from a game; the position is not checked further.

    :raises ValueError: for a number the code cannot hold.
    """
    made_up = bool(holdings.aside) or _unreachable(layout, holdings, match) is not None
    if made_up != holdings.made_up:
        holdings = Holdings(holdings.hands, holdings.boneyard, holdings.aside, made_up)
    body = (f"{PREFIX}.{write_table(layout.placements())}.{write_hands(holdings)}."
            f"{write_match(match)}")
    return with_check(body)


def _split(code: object) -> tuple[str, str, str]:
    if not isinstance(code, str):
        raise _fail("code", "format", f"a position code is text, not {type(code).__name__}")
    if len(code) > MAX_CODE_LENGTH:
        raise _fail("code", "format", f"a position code has at most {MAX_CODE_LENGTH} "
                                      f"characters, not {len(code)}")
    code = code.strip()
    if not _FORM.fullmatch(code):
        bad = next(c for c in code if c != "." and c not in _WORTH)
        raise _fail("code", "format", f"{bad!r} is not a character of a code")
    parts = code.split(".")
    if parts[0] != PREFIX:
        if parts[0][:2] == "hr":
            raise _fail("version", "format", f"{excerpt(parts[0])}: this version reads "
                                             f"{PREFIX} codes")
        raise _fail("code", "format", f"a position code starts with '{PREFIX}.'")
    if len(parts) != 4:
        raise _fail("code", "format", "a position code is hr1.<table>.<hands>.<match><check>"
                                      f", not {len(parts)} parts")
    if len(parts[3]) < 2:
        raise _fail("code", "format", "the match part and the check character are missing")
    if check_char(code[:-1]) != code[-1]:
        raise _fail("check", "format", "the check character does not match: the code was "
                                       "mistyped or changed")
    return parts[1], parts[2], parts[3][:-1]


def _unreachable(layout: Layout, holdings: Holdings, match: Match) -> CodeError | None:
    """Why no deal and play give these hand sizes (all 28 tiles in play), or ``None``."""
    if holdings.aside:
        return _fail("hands", "R1", "tiles are left out of the game")
    players = len(holdings.hands)
    size = match.rules.hand_size(players)
    dealt_boneyard = _SET - players * size
    down = len(layout)
    boneyard = len(holdings.boneyard)
    if boneyard > dealt_boneyard:
        return _fail("hands", "R5", f"a boneyard of {boneyard} tiles: a deal to {players} "
                                    f"leaves {dealt_boneyard}")
    drawn = dealt_boneyard - boneyard
    if not down and (drawn or any(len(h) != size for h in holdings.hands)):
        return _fail("hands", "R8", f"before the opening tile every hand holds the {size} "
                                    "tiles dealt and nobody has drawn")
    short = sum(max(0, size - len(h)) for h in holdings.hands)
    if short > down:
        return _fail("hands", "R5", f"the hands hold {short} tiles fewer than the {size} dealt "
                                    f"each, but only {down} are on the table")
    if match.pending is not None and not drawn:
        return _fail("match", "R18", f"the pending tile {match.pending} was drawn, but the "
                                     "boneyard is whole")
    if match.continuing:
        last = layout.tiles[-1] if down else None
        if last is None or not (last.is_double or match.rules.placement_score(
                layout.end_total())):
            return _fail("match", "R17", "the seat to act goes on only after a double or a "
                                         "scoring tile")
    return None


def decode(code: str) -> Decoded:
    """Read a position code and check it: its form, its check character, the rules of every
    placement and that the position can be played from (see the module's docstring).

    :raises CodeError: a :class:`RecordError` naming the part and the rule, in time
        proportional to the code's length (at most :data:`MAX_CODE_LENGTH` characters are read).
    """
    table, hands, rest = _split(code)
    layout = read_table(table)
    holdings = read_hands(hands)
    match = read_match(rest)
    count = len(layout) + sum(map(len, holdings.hands)) + len(holdings.boneyard) + len(
        holdings.aside)
    if count != _SET:
        raise _fail("hands", "R1", f"the table and the hands name {count} tiles; the set has "
                                   f"{_SET} (tiles out of the game are written after '_')")
    for seat, hand in enumerate(holdings.hands):
        for tile in hand:
            if tile in layout:
                raise _fail("hands", "R1", f"{tile} is both on the table and in hand {seat}")
    for tile in (*holdings.boneyard, *holdings.aside):
        if tile in layout:
            raise _fail("hands", "R1", f"{tile} is both on the table and off it")
    players = len(holdings.hands)
    if match.partners and players != 4:
        raise _fail("match", "R2", f"partnerships need 4 players, not {players}")
    sides = 2 if match.partners else players
    if len(match.scores) != sides:
        raise _fail("match", "R2", f"{sides} scores for {players} players"
                    f"{' in partnerships' if match.partners else ''}, not {len(match.scores)}")
    if match.to_play >= players:
        raise _fail("match", "R2", f"the seat to act is 0 to {players - 1}, not "
                                   f"{match.to_play}")
    pending = match.pending
    if pending is not None and (pending not in holdings.hands[match.to_play]
                                or not layout.can_place(pending)):
        raise _fail("match", "R18", f"the pending drawn tile {pending} must be in seat "
                                    f"{match.to_play}'s hand and fit the table")
    why = _unreachable(layout, holdings, match)
    if why is not None and not holdings.made_up:
        raise why
    if why is None and holdings.made_up:
        raise _fail("hands", "format", "a position that a deal and play can give is written "
                                       "without '_'")
    return Decoded(layout, holdings, match)

