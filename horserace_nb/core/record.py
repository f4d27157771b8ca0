"""The saved-game format: a game's setup and every action, as JSON, read back and validated.

This module knows the format only; :class:`~horserace_nb.core.game.Game` builds on it
(``Game.to_json``, ``Game.from_json``) and replays a loaded record through the rules. Reading
never evaluates anything: the text is parsed with :func:`json.loads`, every field is checked for
its type (a wrong one raises :class:`RecordError`, never ``TypeError``), error messages quote at
most a short excerpt of a bad value, and the work is proportional to the size of the text.

>>> rec = loads('{"format": "horserace_nb.game", "version": 2, "setup": {"players": 2,'
...             ' "seed": 7}, "actions": [{"seat": 0, "action": "draw"}]}')
>>> rec.setup.players, rec.setup.rules.target, rec.actions
(2, 61, ((0, Draw()),))
>>> loads('{"format": "horserace_nb.game", "version": 2, "setup": {"players": 2, "seed": 7},'
...       ' "actions": [{"seat": 0, "action": ["place"]}]}')
Traceback (most recent call last):
...
horserace_nb.core.errors.RecordError: not a valid Horse Race record: action 1 has an unknown ...
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .actions import Action, Draw, Pass, Place
from .errors import RecordError
from .quoting import excerpt
from .rules import HORSE_RACE, Rules
from .tiles import Side, Tile
from .validate import is_whole

__all__ = ["FORMAT", "VERSION", "READS", "Setup", "Position", "Record", "Entry", "encode",
           "dumps", "loads", "parse", "parse_action", "MAX_ACTIONS"]

FORMAT = "horserace_nb.game"
VERSION = 2
"""The version written. Version 2 saves the :class:`Rules`; version 1 (``"target"`` only) is
still read."""
READS = (1, 2)
MAX_ACTIONS = 100_000
"""The most actions a record may hold (a long match has a few hundred)."""

Entry = tuple[int, Action] | None
"""One step of a game's history: ``(seat, action)``, or ``None`` where the next hand was dealt."""

_TOP_FIELDS = {"format", "version", "setup", "actions", "state"}
_SETUP_FIELDS = {"players", "partners", "target", "rules", "seed", "hands", "boneyard", "leader",
                 "scores", "position"}
_POSITION_FIELDS = {"layout", "pending", "continuing", "hand_number"}
_ACTION_FIELDS = {
    "place": {"seat", "action", "tile", "on", "side"},
    "draw": {"seat", "action"},
    "pass": {"seat", "action"},
    "next_hand": {"action"},
}
_SIDES = {s.value: s for s in Side}
_DRAW, _PASS = Draw(), Pass()

Placement = tuple[Tile, Tile | None, Side | None]


@dataclass(frozen=True)
class Position:
    """A game that starts in the middle of a hand (``Game.from_position``)."""

    layout: tuple[Placement, ...]
    pending: Tile | None = None
    continuing: bool = False
    hand_number: int = 1


@dataclass(frozen=True)
class Setup:
    """How a game began: what ``Game(...)`` (or ``Game.from_position``) was given.

    ``hands`` and ``boneyard`` are set for a scripted deal, ``leader`` where the first player
    was fixed, ``scores`` where scores were preset, ``position`` for a game begun mid-hand.
    """

    players: int
    partners: bool
    rules: Rules
    seed: int
    hands: tuple[tuple[Tile, ...], ...] | None = None
    boneyard: tuple[Tile, ...] | None = None
    leader: int | None = None
    scores: tuple[int, ...] | None = None
    position: Position | None = None

    @property
    def target(self) -> int:
        """The display points that win the game (R26)."""
        return self.rules.target


@dataclass(frozen=True)
class Record:
    """A parsed, well-formed record: the setup, every action, and the state it claims."""

    setup: Setup
    actions: tuple[Entry, ...]
    state: dict[str, Any] | None = None


# ---------------------------------------------------------------------------- writing
def _tiles_json(tiles: Sequence[Tile]) -> list[str]:
    return [str(t) for t in tiles]


def _action_json(entry: Entry) -> dict[str, Any]:
    if entry is None:
        return {"action": "next_hand"}
    seat, action = entry
    if isinstance(action, Place):
        return {"seat": seat, "action": "place", "tile": str(action.tile),
                "on": None if action.on is None else str(action.on),
                "side": None if action.side is None else action.side.value}
    return {"seat": seat, "action": "draw" if isinstance(action, Draw) else "pass"}


def encode(setup: Setup, actions: Sequence[Entry], state: dict[str, Any] | None = None
           ) -> dict[str, Any]:
    """The record of a game as a JSON-ready dict."""
    body: dict[str, Any] = {
        "players": setup.players,
        "partners": setup.partners,
        "rules": setup.rules.as_json(),
        "seed": setup.seed,
        "hands": None if setup.hands is None else [_tiles_json(h) for h in setup.hands],
        "boneyard": None if setup.boneyard is None else _tiles_json(setup.boneyard),
        "leader": setup.leader,
        "scores": None if setup.scores is None else list(setup.scores),
    }
    if setup.position is not None:
        p = setup.position
        body["position"] = {
            "layout": [[str(tile), None if on is None else str(on),
                        None if side is None else side.value] for tile, on, side in p.layout],
            "pending": None if p.pending is None else str(p.pending),
            "continuing": p.continuing, "hand_number": p.hand_number}
    out = {"format": FORMAT, "version": VERSION, "setup": body,
           "actions": [_action_json(a) for a in actions]}
    if state is not None:
        out["state"] = state
    return out


def dumps(record: dict[str, Any], *, indent: int | None = 1) -> str:
    """*record* as JSON text (UTF-8 kept as is)."""
    return json.dumps(record, indent=indent, ensure_ascii=False)


# ---------------------------------------------------------------------------- reading
def _fail(message: str) -> RecordError:
    return RecordError(f"not a valid Horse Race record: {message}")


def _expect(cond: bool, message: str) -> None:
    if not cond:
        raise _fail(message)


def _int(value: Any, name: str) -> int:
    _expect(is_whole(value), f"{name} must be a whole number, not {excerpt(value)}")
    return int(value)


def _bool(value: Any, name: str) -> bool:
    _expect(type(value) is bool, f"{name} must be true or false, not {excerpt(value)}")
    return bool(value)


def _tile(value: Any, name: str) -> Tile:
    _expect(isinstance(value, str), f"{name} must be a tile written like '[1|4]', "
                                    f"not {excerpt(value)}")
    try:
        return Tile.parse(value)
    except ValueError as exc:
        raise _fail(f"{name}: {exc}") from None


def _side(value: Any, name: str) -> Side:
    side = _SIDES.get(value) if isinstance(value, str) else None
    _expect(side is not None, f"{name} must be one of {sorted(_SIDES)}, not {excerpt(value)}")
    assert side is not None
    return side


def _list(value: Any, name: str, limit: int) -> list[Any]:
    _expect(isinstance(value, list), f"{name} must be a list, not {excerpt(value)}")
    _expect(len(value) <= limit, f"{name} has {len(value)} entries, more than {limit}")
    return list(value)


def _tiles(value: Any, name: str) -> tuple[Tile, ...]:
    return tuple(_tile(v, f"{name}[{i}]") for i, v in enumerate(_list(value, name, 28)))


def _fields(raw: Any, name: str, known: set[str]) -> dict[str, Any]:
    _expect(isinstance(raw, dict), f"{name} must be an object, not {excerpt(raw)}")
    extra = [k for k in raw if k not in known]
    _expect(not extra, f"{name} has unknown fields {excerpt(sorted(extra)[:5])}")
    return dict(raw)


def _position(raw: Any) -> Position:
    fields = _fields(raw, "'position'", _POSITION_FIELDS)
    _expect(set(fields) == _POSITION_FIELDS,
            "'position' must have layout, pending, continuing and hand_number")
    steps: list[Placement] = []
    for i, step in enumerate(_list(fields["layout"], "'position.layout'", 28)):
        _expect(isinstance(step, list) and len(step) == 3,
                f"'position.layout[{i}]' must be [tile, on, side]")
        tile = _tile(step[0], f"'position.layout[{i}]' tile")
        on = None if step[1] is None else _tile(step[1], f"'position.layout[{i}]' anchor")
        side = None if step[2] is None else _side(step[2], f"'position.layout[{i}]' side")
        steps.append((tile, on, side))
    pending = fields["pending"]
    return Position(tuple(steps),
                    None if pending is None else _tile(pending, "'position.pending'"),
                    _bool(fields["continuing"], "'position.continuing'"),
                    _int(fields["hand_number"], "'position.hand_number'"))


def _rules(raw: dict[str, Any], version: int) -> Rules:
    if "rules" in raw:
        _expect(version >= 2 and "target" not in raw,
                "'rules' is written by version 2 records, without a separate 'target'")
        try:
            return Rules.from_json(raw["rules"])
        except ValueError as exc:
            raise _fail(f"'rules': {exc}") from None
    if "target" not in raw:
        return HORSE_RACE
    target = _int(raw["target"], "'target'")
    _expect(target >= 1, f"'target' must be at least 1, not {target}")
    return Rules(target=target)


def _setup(raw: Any, version: int) -> Setup:
    fields = _fields(raw, "'setup'", _SETUP_FIELDS)
    hands = fields.get("hands")
    boneyard = fields.get("boneyard")
    leader = fields.get("leader")
    scores = fields.get("scores")
    position = fields.get("position")
    return Setup(
        players=_int(fields.get("players"), "'players'"),
        partners=_bool(fields.get("partners", False), "'partners'"),
        rules=_rules(fields, version),
        seed=_int(fields.get("seed"), "'seed'"),
        hands=None if hands is None else tuple(
            _tiles(h, f"'hands[{i}]'") for i, h in enumerate(_list(hands, "'hands'", 4))),
        boneyard=None if boneyard is None else _tiles(boneyard, "'boneyard'"),
        leader=None if leader is None else _int(leader, "'leader'"),
        scores=None if scores is None else tuple(
            _int(s, f"'scores[{i}]'") for i, s in enumerate(_list(scores, "'scores'", 4))),
        position=None if position is None else _position(position),
    )


def parse_action(raw: Any, index: int = 0) -> Entry:
    """The entry a record's action *raw* stands for: ``(seat, action)``, or ``None`` for the
    deal of the next hand (*index* counts from 0 and names the action in errors).

    :raises RecordError: if the entry is malformed.
    """
    where = f"action {index + 1}"
    _expect(isinstance(raw, dict), f"{where} must be an object, not {excerpt(raw)}")
    kind = raw.get("action")
    _expect(isinstance(kind, str) and kind in _ACTION_FIELDS,
            f"{where} has an unknown kind {excerpt(kind)}")
    extra = [k for k in raw if k not in _ACTION_FIELDS[kind]]
    _expect(not extra, f"{where} has unknown fields {excerpt(sorted(extra)[:5])}")
    if kind == "next_hand":
        return None
    seat = _int(raw.get("seat"), f"{where}: 'seat'")
    if kind == "draw":
        return seat, _DRAW
    if kind == "pass":
        return seat, _PASS
    tile = _tile(raw.get("tile"), f"{where}: 'tile'")
    on, side = raw.get("on"), raw.get("side")
    _expect((on is None) == (side is None),
            f"{where}: a placement names both 'on' and 'side', or neither (R8, R9)")
    if on is None:
        return seat, Place(tile)
    return seat, Place(tile, _tile(on, f"{where}: 'on'"), _side(side, f"{where}: 'side'"))


def parse(record: Any) -> Record:
    """Check a record dict (from :func:`json.loads`) for its form and read it.

    Only the form is checked here; whether the actions are legal is checked by replaying them
    (``Game.from_record``).

    :raises RecordError: if anything is missing, unknown or of the wrong type.
    """
    fields = _fields(record, "the record", _TOP_FIELDS)
    _expect(fields.get("format") == FORMAT, f"'format' must be {FORMAT!r}")
    version = fields.get("version")
    _expect(is_whole(version) and version in READS,
            f"unsupported version {excerpt(version)} (this version reads {READS})")
    assert isinstance(version, int)
    setup = _setup(fields.get("setup"), version)
    actions = _list(fields.get("actions"), "'actions'", MAX_ACTIONS)
    state = fields.get("state")
    _expect(state is None or isinstance(state, dict), "'state' must be an object")
    return Record(setup, tuple(parse_action(a, i) for i, a in enumerate(actions)), state)


def loads(text: str | bytes) -> Record:
    """Parse JSON *text* and check its form (see :func:`parse`).

    :raises RecordError: if *text* is not JSON or not a well-formed record.
    """
    if not isinstance(text, (str, bytes, bytearray)):
        raise _fail(f"a record is JSON text, not {type(text).__name__}")
    try:
        record = json.loads(text)
    except (ValueError, TypeError, RecursionError) as exc:
        raise _fail(f"not JSON ({excerpt(str(exc), 120)})") from None
    return parse(record)
