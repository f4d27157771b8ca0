"""Saving a game's whole history as JSON and loading it back by replaying it through the rules.

Loading never evaluates anything: the text is parsed with :func:`json.loads`, every field is
checked for its type, every action is replayed through :meth:`Game.apply` (so an illegal or
out-of-turn action is refused), and the state the record claims to reach is compared with the
state the replay reaches.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from .actions import Action, Draw, Pass, Place
from .errors import IllegalMove, RecordError
from .tiles import Side, Tile

if TYPE_CHECKING:
    from .game import Game

__all__ = ["FORMAT", "VERSION", "game_record", "dumps", "load_game", "replay", "parse_action"]

FORMAT = "horserace_nb.game"
VERSION = 1
_MAX_ACTIONS = 100_000
_TOP_FIELDS = {"format", "version", "setup", "actions", "state"}
_ACTION_FIELDS = {
    "place": {"seat", "action", "tile", "on", "side"},
    "draw": {"seat", "action"},
    "pass": {"seat", "action"},
    "next_hand": {"action"},
}


def _summary(game: Game) -> dict[str, Any]:
    return {
        "hand": game.hand_number,
        "to_play": game.to_play,
        "scores": game.scores,
        "layout": [str(t) for t in game.layout.tiles],
        "hands": [[str(t) for t in h] for h in game.hands],
        "winners": game.winners,
    }


def _action_json(entry: tuple[int, Action] | None) -> dict[str, Any]:
    if entry is None:
        return {"action": "next_hand"}
    seat, action = entry
    if isinstance(action, Place):
        return {"seat": seat, "action": "place", "tile": str(action.tile),
                "on": None if action.on is None else str(action.on),
                "side": None if action.side is None else action.side.value}
    return {"seat": seat, "action": "draw" if isinstance(action, Draw) else "pass"}


def _position_json(position: dict[str, Any]) -> dict[str, Any]:
    placements = [[str(tile), None if on is None else str(on), None if side is None else side.value]
                  for tile, on, side in position["layout"].placements()]
    pending = position["pending"]
    return {"layout": placements, "pending": None if pending is None else str(pending),
            "continuing": position["continuing"], "hand_number": position["hand_number"]}


def game_record(game: Game) -> dict[str, Any]:
    setup = game._setup
    return {
        "format": FORMAT,
        "version": VERSION,
        "setup": {
            "players": setup.players,
            "partners": setup.partners,
            "target": setup.target,
            "seed": setup.seed,
            "hands": None if setup.hands is None else [[str(t) for t in h] for h in setup.hands],
            "boneyard": None if setup.boneyard is None else [str(t) for t in setup.boneyard],
            "leader": setup.leader,
            "scores": setup.scores,
            **({"position": _position_json(setup.position)} if setup.position else {}),
        },
        "actions": [_action_json(a) for a in game._actions],
        "state": _summary(game),
    }


def dumps(record: dict[str, Any], *, indent: int | None = 1) -> str:
    return json.dumps(record, indent=indent, ensure_ascii=False)


def _expect(cond: bool, message: str) -> None:
    if not cond:
        raise RecordError(f"not a valid Horse Race record: {message}")


def _int(value: Any, name: str, *, optional: bool = False) -> int | None:
    if value is None and optional:
        return None
    _expect(isinstance(value, int) and not isinstance(value, bool), f"{name} must be a number")
    return int(value)


def _tile(value: Any, name: str) -> Tile:
    _expect(isinstance(value, str), f"{name} must be a tile written like '[1|4]'")
    try:
        return Tile.parse(value)
    except ValueError as exc:
        raise RecordError(f"not a valid Horse Race record: {name}: {exc}") from None


def _tiles(value: Any, name: str) -> list[Tile]:
    _expect(isinstance(value, list) and len(value) <= 28, f"{name} must be a list of tiles")
    return [_tile(v, f"{name}[{i}]") for i, v in enumerate(value)]


def _setup(raw: Any) -> dict[str, Any]:
    _expect(isinstance(raw, dict), "'setup' must be an object")
    known = {"players", "partners", "target", "seed", "hands", "boneyard", "leader", "scores",
             "position"}
    extra = set(raw) - known
    _expect(not extra, f"unknown setup fields {sorted(extra)}")
    partners = raw.get("partners", False)
    _expect(isinstance(partners, bool), "'partners' must be true or false")
    hands = raw.get("hands")
    if hands is not None:
        _expect(isinstance(hands, list) and len(hands) <= 4, "'hands' must be a list of hands")
        hands = [_tiles(h, f"hands[{i}]") for i, h in enumerate(hands)]
    boneyard = raw.get("boneyard")
    if boneyard is not None:
        boneyard = _tiles(boneyard, "boneyard")
    scores = raw.get("scores")
    if scores is not None:
        _expect(isinstance(scores, list) and len(scores) <= 4, "'scores' must be a list")
        scores = [_int(s, "a score") for s in scores]
    position = raw.get("position")
    if position is not None:
        _expect(isinstance(position, dict)
                and set(position) == {"layout", "pending", "continuing", "hand_number"},
                "'position' must have layout, pending, continuing and hand_number")
        steps = position["layout"]
        _expect(isinstance(steps, list) and len(steps) <= 28
                and all(isinstance(p, list) and len(p) == 3 for p in steps),
                "'position.layout' must be a list of [tile, on, side]")
        for p in steps:
            _tile(p[0], "a layout tile")
            if p[1] is not None:
                _tile(p[1], "a layout anchor")
            _expect(p[2] is None or (isinstance(p[2], str) and p[2] in {s.value for s in Side}),
                    "a layout side must be a side's name")
        if position["pending"] is not None:
            _tile(position["pending"], "'position.pending'")
        _expect(isinstance(position["continuing"], bool), "'continuing' must be true or false")
        _int(position["hand_number"], "'hand_number'")
    return {
        "position": position,
        "players": _int(raw.get("players"), "'players'"),
        "partners": partners,
        "target": _int(raw.get("target", 61), "'target'"),
        "seed": _int(raw.get("seed"), "'seed'"),
        "hands": hands,
        "boneyard": boneyard,
        "leader": _int(raw.get("leader"), "'leader'", optional=True),
        "scores": scores,
    }


def _action(raw: Any, index: int) -> tuple[str, int | None, Action | None]:
    where = f"action {index + 1}"
    _expect(isinstance(raw, dict), f"{where} must be an object")
    kind = raw.get("action")
    _expect(kind in _ACTION_FIELDS, f"{where} has an unknown kind {kind!r}")
    extra = set(raw) - _ACTION_FIELDS[kind]
    _expect(not extra, f"{where} has unknown fields {sorted(extra)}")
    seat = None if kind == "next_hand" else _int(raw.get("seat"), f"{where}: 'seat'")
    if kind == "place":
        tile = _tile(raw.get("tile"), f"{where}: 'tile'")
        on = raw.get("on")
        side = raw.get("side")
        on_tile = None if on is None else _tile(on, f"{where}: 'on'")
        if side is not None:
            _expect(isinstance(side, str) and side in {s.value for s in Side},
                    f"{where}: 'side' must be one of {[s.value for s in Side]}")
        try:
            return kind, seat, Place(tile, on_tile, None if side is None else Side(side))
        except ValueError as exc:
            raise RecordError(f"not a valid Horse Race record: {where}: {exc}") from None
    if kind == "draw":
        return kind, seat, Draw()
    if kind == "pass":
        return kind, seat, Pass()
    return kind, seat, None


def parse_action(raw: Any, index: int = 0) -> Action | None:
    """The action a record entry stands for (``None`` for the deal of the next hand).

    :raises RecordError: if the entry is malformed.
    """
    action: Action | None = _action(raw, index)[2]
    return action


def replay(record: Any, *, upto: int | None = None) -> Game:
    """Rebuild a game from a record dict by replaying its actions (the first *upto* only, if
    given; the final state is then not compared)."""
    from .game import Game

    _expect(isinstance(record, dict), "the record must be a JSON object")
    extra = set(record) - _TOP_FIELDS
    _expect(not extra, f"unknown fields {sorted(extra)}")
    _expect(record.get("format") == FORMAT, f"'format' must be {FORMAT!r}")
    _expect(record.get("version") == VERSION, f"unsupported version {record.get('version')!r}")
    setup = _setup(record.get("setup"))
    actions = record.get("actions")
    _expect(isinstance(actions, list) and len(actions) <= _MAX_ACTIONS,
            "'actions' must be a list")
    position = setup.pop("position")
    try:
        if position is None:
            game = Game(**setup)
        else:
            if setup["hands"] is None or setup["leader"] is None:
                raise ValueError("a position needs scripted hands and the seat to act")
            game = Game.from_position(
                position["layout"], setup["hands"], setup["boneyard"] or [], setup["leader"],
                partners=setup["partners"], target=setup["target"], scores=setup["scores"],
                pending=position["pending"], continuing=position["continuing"],
                hand_number=position["hand_number"], seed=setup["seed"])
            if len(setup["hands"]) != setup["players"]:
                raise ValueError("one hand per player")
    except (ValueError, IllegalMove) as exc:
        raise RecordError(f"not a valid Horse Race record: setup: {exc}") from None
    steps = actions if upto is None else actions[:upto]
    for index, raw in enumerate(steps):
        kind, seat, action = _action(raw, index)
        try:
            if kind == "next_hand":
                game.next_hand()
                continue
            assert action is not None
            if game.hand_over:
                game.check(action)  # raises the hand-over or game-over reason (R20, R26)
            if seat != game.to_play:
                raise RecordError(
                    f"the record does not replay: action {index + 1} is by seat {seat}, but it "
                    f"is seat {game.to_play}'s turn")
            game.apply(action)
        except IllegalMove as exc:
            raise RecordError(
                f"the record does not replay: action {index + 1} ({kind}) is illegal: {exc}"
            ) from None
    if upto is None and "state" in record:
        claimed = record["state"]
        reached = json.loads(json.dumps(_summary(game)))
        if claimed != reached:
            diff = sorted(k for k in reached if not isinstance(claimed, dict)
                          or claimed.get(k) != reached[k])
            raise RecordError(
                "the record has been changed: the state it claims differs from the state its "
                f"actions reach ({', '.join(diff) or 'state'})")
    return game


def load_game(text: str | bytes) -> Game:
    """Parse JSON *text* and replay it (see :func:`replay`)."""
    try:
        record = json.loads(text)
    except (ValueError, TypeError, RecursionError) as exc:
        raise RecordError(f"not a valid Horse Race record: not JSON ({exc})") from None
    return replay(record)
