"""Saved games: JSON round trip, and refusal of malformed or tampered records (RecordError).

Loading replays every action through the rules (R5–R26), so an illegal or out-of-turn action in
a record is refused with the rule it breaks, and a record whose claimed final state differs from
the state its actions reach is refused as changed.
"""

from __future__ import annotations

import builtins
import copy
import inspect
import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from conftest import P, T, snapshot

from horserace_nb import Draw, Game, Pass, RecordError
from horserace_nb.core import record as record_module


def _play(game: Game, rng: random.Random, steps: int,
          stop: Callable[[Game], bool] = lambda g: False) -> None:
    for _ in range(steps):
        if game.game_over or stop(game):
            return
        if game.hand_over:
            game.next_hand()
        else:
            game.apply(rng.choice(game.legal_actions()))


def _state(game: Game) -> tuple[Any, ...]:
    return (game.record(), game.hands, game.boneyard, game.layout.describe("en"), game.to_play,
            game.pending, game.continuing, game.scores, game.hand_number, game.leader,
            game.hand_over, game.winners, game.action_count,
            [(e.seat, e.kind, e.tile, e.on, e.side, e.raw, e.reason) for e in game.history])


def scripted() -> Game:
    """Seat 0 opens [1|3] (4). Seat 1 draws [2|4] (no fit), then [1|1], placed on the low end
    (2 + 3 = 5, 1 point; a drawn tile ends the turn, R18). Seat 0 puts [3|5] on the high end
    (2 + 5 = 7)."""
    game = Game(hands=[["[1|3]", "[6|6]", "[3|5]"], ["[5|6]", "[0|4]"]], leader=0, seed=9,
                boneyard=["[2|4]", "[1|1]", "[0|0]"])
    game.apply(P("[1|3]"))
    game.apply(Draw())
    game.apply(Draw())
    game.apply(P("[1|1]", "[1|3]", "low"))
    game.apply(P("[3|5]", "[1|3]", "high"))
    return game


def base_record() -> dict[str, Any]:
    return json.loads(scripted().to_json())


# =========================================================================== round trip
@pytest.mark.parametrize("players, partners", [(2, False), (3, False), (4, False), (4, True)])
@pytest.mark.parametrize("steps", [0, 1, 17, 90])
def test_round_trip_same_state_and_identical_continuation(players: int, partners: bool,
                                                          steps: int) -> None:
    game = Game(players=players, partners=partners, seed=31 + steps)
    _play(game, random.Random(steps), steps)
    loaded = Game.from_json(game.to_json())
    assert _state(loaded) == _state(game)
    _play(game, random.Random(1000), 500)
    _play(loaded, random.Random(1000), 500)
    assert _state(loaded) == _state(game)


def test_round_trip_with_a_drawn_tile_pending() -> None:
    game = Game(players=2, seed=4)
    _play(game, random.Random(4), 2000, stop=lambda g: g.pending is not None)
    assert game.pending is not None
    loaded = Game.from_json(game.to_json())
    assert loaded.pending == game.pending and _state(loaded) == _state(game)
    event_a = game.apply(game.legal_actions()[-1])
    event_b = loaded.apply(loaded.legal_actions()[-1])
    assert event_a == event_b


def test_round_trip_of_a_finished_game_and_of_a_scripted_setup() -> None:
    game = Game(players=3, seed=8)
    _play(game, random.Random(8), 100_000)
    assert game.game_over
    loaded = Game.from_json(game.to_json())
    assert loaded.winners == game.winners and _state(loaded) == _state(game)
    scripted_game = scripted()
    assert _state(Game.from_json(scripted_game.to_json())) == _state(scripted_game)


def test_record_is_plain_json_and_bytes_load_too() -> None:
    game = scripted()
    text = game.to_json()
    assert json.loads(text) == game.record()
    assert _state(Game.from_json(text.encode("utf-8"))) == _state(game)
    assert Game.from_json(game.to_json(indent=None)).record() == game.record()


def test_from_record_upto_and_undo_replay_a_prefix() -> None:
    game = scripted()
    full = game.record()
    before = snapshot(game)
    prefix = Game.from_record(full, upto=3)  # open, draw, draw: [1|1] pending
    assert prefix.pending == T("[1|1]") and prefix.to_play == 1
    undone = game.undo(2)
    assert _state(undone) == _state(prefix)
    assert snapshot(game) == before  # undo returns a new game


# =========================================================================== malformed records
@pytest.mark.parametrize("text", ["", "not json", "{", '{"format": ', "[]", "null", "42",
                                  '"a string"', "{'format': 'horserace_nb.game'}", b"\xff\xfe",
                                  "NaN"])
def test_malformed_json_is_a_record_error(text: str | bytes) -> None:
    with pytest.raises(RecordError, match="record"):
        Game.from_json(text)


def test_deeply_nested_json_is_a_record_error_not_a_crash() -> None:
    with pytest.raises(RecordError):
        Game.from_json("[" * 100_000 + "]" * 100_000)


def _set(path: list[Any], value: Any) -> Callable[[dict[str, Any]], None]:
    def mutate(rec: dict[str, Any]) -> None:
        node = rec
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = value
    return mutate


WRONG = [
    ("format", _set(["format"], "chess"), "format"),
    ("version", _set(["version"], 99), "version"),
    ("setup-not-object", _set(["setup"], [2, False]), "setup"),
    ("players-text", _set(["setup", "players"], "2"), "players"),
    ("players-bool", _set(["setup", "players"], True), "players"),
    ("players-five", _set(["setup", "players"], 5), "players"),
    ("partners-text", _set(["setup", "partners"], "yes"), "partners"),
    ("seed-text", _set(["setup", "seed"], "9"), "seed"),
    ("seed-float", _set(["setup", "seed"], 9.5), "seed"),
    ("target-bool", _set(["setup", "target"], True), "target"),
    ("hands-text", _set(["setup", "hands"], "[1|3]"), "hands"),
    ("hand-number", _set(["setup", "hands", 0, 0], 13), "tile"),
    ("hand-bad-tile", _set(["setup", "hands", 0, 0], "[7|7]"), "tile"),
    ("boneyard-duplicate", _set(["setup", "boneyard", 0], "[6|6]"), "once"),
    ("scores-text", _set(["setup", "scores"], ["1", "0"]), "score"),
    ("leader-nine", _set(["setup", "leader"], 9), "leader"),
    ("actions-object", _set(["actions"], {"0": "draw"}), "actions"),
    ("action-list", _set(["actions", 0], ["place", "[1|3]"]), "action 1"),
    ("action-kind", _set(["actions", 1, "action"], "teleport"), "kind"),
    ("action-seat-text", _set(["actions", 1, "seat"], "1"), "seat"),
    ("action-tile-number", _set(["actions", 0, "tile"], 13), "tile"),
    ("action-side", _set(["actions", 3, "side"], "north"), "side"),
    ("action-on-without-side", _set(["actions", 3, "side"], None), "action 4"),
]


@pytest.mark.parametrize("name, mutate, word", WRONG, ids=[w[0] for w in WRONG])
def test_wrong_types_are_record_errors_with_a_clear_message(
        name: str, mutate: Callable[[dict[str, Any]], None], word: str) -> None:
    rec = base_record()
    mutate(rec)
    with pytest.raises(RecordError) as err:
        Game.from_json(json.dumps(rec))
    message = str(err.value)
    assert "record" in message and word in message, message


UNKNOWN = [
    ("setup", _set(["setup", "cheat"], True)),
    ("top-level", _set(["comment"], "hello")),
    ("top-level-class", _set(["__class__"], "os.system")),
    ("action", _set(["actions", 1, "tile"], "[2|4]")),
    ("action-extra", _set(["actions", 0, "note"], "nice move")),
    ("state", _set(["state", "extra"], 1)),
]


@pytest.mark.parametrize("where, mutate", UNKNOWN, ids=[u[0] for u in UNKNOWN])
def test_unknown_fields_are_record_errors(where: str,
                                          mutate: Callable[[dict[str, Any]], None]) -> None:
    rec = base_record()
    mutate(rec)
    with pytest.raises(RecordError):
        Game.from_json(json.dumps(rec))


# =========================================================================== tampered records
ILLEGAL = [
    # (action index, field changes, rule the replay refuses)
    (4, {"tile": "[0|4]", "on": "[1|3]", "side": "high"}, "R5"),  # seat 1's tile, played by 0
    (1, {"action": "pass"}, "R18"),  # pass with tiles in the boneyard
    (0, {"on": "[1|1]", "side": "straight_a"}, "R8"),  # the opening tile attaches to nothing
    (3, {"side": "branch_a"}, "R12"),  # a single has no branch
    (4, {"tile": "[6|6]"}, "R9"),  # [6|6] does not match the high end (3)
    (4, {"action": "draw"}, "R16"),  # seat 0 can place [3|5]: no drawing
    (3, {"tile": "[0|4]", "on": "[1|3]", "side": "low"}, "R18"),  # substitutes the drawn tile
]


@pytest.mark.parametrize("index, changes, rule", ILLEGAL)
def test_an_illegal_action_is_refused_with_its_rule(index: int, changes: dict[str, Any],
                                                    rule: str) -> None:
    rec = base_record()
    rec["actions"][index].update(changes)
    if changes.get("action") in ("pass", "draw"):
        for key in ("tile", "on", "side"):
            rec["actions"][index].pop(key, None)
    with pytest.raises(RecordError) as err:
        Game.from_json(json.dumps(rec))
    assert rule in str(err.value) and "illegal" in str(err.value), str(err.value)


def test_an_out_of_turn_action_is_refused() -> None:
    rec = base_record()
    rec["actions"][4]["seat"] = 1  # seat 0 placed [3|5]; the record says seat 1 did
    with pytest.raises(RecordError, match="seat") as err:
        Game.from_json(json.dumps(rec))
    assert "turn" in str(err.value)


def test_an_action_after_the_hand_ended_is_refused() -> None:
    game = Game(hands=[["[0|1]"], ["[6|6]", "[2|3]"]], leader=0)
    game.apply(P("[0|1]"))  # domino
    rec = game.record()
    rec["actions"].append({"seat": game.to_play, "action": "draw"})
    with pytest.raises(RecordError, match="R20"):
        Game.from_record(rec)
    rec["actions"][-1] = {"seat": 1, "action": "place", "tile": "[2|3]", "on": "[0|1]",
                          "side": "high"}
    with pytest.raises(RecordError):
        Game.from_record(rec)


CHANGED = [
    ("scores", _set(["state", "scores"], [0, 3])),
    ("hands", _set(["state", "hands", 0], ["[6|6]", "[0|0]"])),
    ("layout", _set(["state", "layout"], ["[1|3]", "[1|1]"])),
    ("to_play", _set(["state", "to_play"], 0)),
    ("winners", _set(["state", "winners"], [1])),
    ("hand", _set(["state", "hand"], 2)),
]


@pytest.mark.parametrize("name, mutate", CHANGED, ids=[c[0] for c in CHANGED])
def test_a_changed_final_state_is_refused(name: str,
                                          mutate: Callable[[dict[str, Any]], None]) -> None:
    rec = base_record()
    mutate(rec)
    with pytest.raises(RecordError, match="changed") as err:
        Game.from_json(json.dumps(rec))
    assert name in str(err.value)


def test_a_removed_action_is_refused() -> None:
    rec = base_record()
    del rec["actions"][-1]
    with pytest.raises(RecordError, match="changed"):
        Game.from_json(json.dumps(rec))


def test_a_changed_setup_does_not_replay() -> None:
    rec = base_record()
    rec["setup"]["boneyard"] = ["[1|1]", "[2|4]", "[0|0]"]  # the first draw would now fit
    with pytest.raises(RecordError):
        Game.from_json(json.dumps(rec))
    rec = base_record()
    rec["setup"]["scores"] = [60, 0]
    with pytest.raises(RecordError):
        Game.from_json(json.dumps(rec))


# =========================================================================== no evaluation
def test_loading_never_evaluates_anything(monkeypatch: pytest.MonkeyPatch,
                                          tmp_path: Path) -> None:
    text = scripted().to_json()

    def forbidden(*args: object, **kwargs: object) -> None:
        raise AssertionError("a record was evaluated")

    for name in ("eval", "exec", "compile"):
        monkeypatch.setattr(builtins, name, forbidden)
    try:
        game = Game.from_json(text)
        marker = tmp_path / "pwned"
        for field, value in (("tile", f"__import__('os').system('touch {marker}')"),
                             ("side", "__import__('os')"), ("seat", "1+1")):
            rec = json.loads(text)
            rec["actions"][0][field] = value
            with pytest.raises(RecordError):
                Game.from_json(json.dumps(rec))
    finally:
        monkeypatch.undo()
    assert not marker.exists()
    assert game.record() == json.loads(text)


def test_record_module_uses_only_json_parsing() -> None:
    source = inspect.getsource(record_module)
    for word in ("eval(", "exec(", "pickle", "yaml", "marshal", "importlib", "__import__"):
        assert word not in source


def test_record_error_is_a_value_error_and_loading_does_not_mutate_the_input() -> None:
    rec = base_record()
    kept = copy.deepcopy(rec)
    Game.from_record(rec)
    assert rec == kept
    assert issubclass(RecordError, ValueError)


def test_pass_record_round_trip() -> None:
    game = Game(hands=[["[1|3]", "[3|5]", "[2|6]"], ["[6|6]", "[0|6]"]], leader=0)
    game.apply(P("[1|3]"))
    game.apply(Pass())
    loaded = Game.from_json(game.to_json())
    assert _state(loaded) == _state(game)
