"""Hostile input: every bad value gets a clear ValueError (or RecordError, IllegalMove) naming the
parameter or the rule, in time linear in its size, and changes nothing; what a computer player
receives cannot change the game.
"""

from __future__ import annotations

import json
import math
import random
from pathlib import Path
from typing import Any

import pytest
from conftest import snapshot
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from horserace_nb import (
    FULL_SET,
    Game,
    IllegalMove,
    Layout,
    RecordError,
    Rules,
    Side,
    Tile,
)
from horserace_nb.core.record import VERSION
from horserace_nb.core.tiles import MAX_TILE_TEXT
from horserace_nb.teaching.bots import GreedyBot, RandomBot, StrongBot, play_game

FIXTURES = Path(__file__).parent / "fixtures"


# --------------------------------------------------------------------------- tile text (R1)
def test_tile_text_longer_than_the_cap_is_refused_whatever_it_holds() -> None:
    """Parsing reads at most MAX_TILE_TEXT characters: the ReDoS input is refused at once."""
    for text in ("1" + " " * 16000 + "x", " " * (MAX_TILE_TEXT + 1) + "[1|4]",
                 "[1|4]" + " " * 10_000):
        with pytest.raises(ValueError, match="R1") as err:
            Tile.parse(text)
        assert len(str(err.value)) < 200
    assert Tile.parse("  [ 1 | 4 ]  ") is Tile(1, 4)


@pytest.mark.parametrize("text", ["[1|7]", "[7|7]", "9-1"])
def test_a_number_out_of_the_set_reads_cleanly(text: str) -> None:
    with pytest.raises(ValueError) as err:
        Tile.parse(text)
    message = str(err.value)
    assert message.count("(R1)") == 1 and text in message and "is not a tile" in message
    layout = Layout()
    with pytest.raises(IllegalMove) as refused:
        layout.place(text)
    assert refused.value.rule == "R1" and str(refused.value).count("(R1)") == 1
    assert "[1|4]" in refused.value.localized("ko") and layout.is_empty


def test_a_bad_side_name_gets_its_own_localized_refusal() -> None:
    """R10/R12: a side that does not exist is not a tile error (R1), in every language."""
    layout = Layout.from_placements([("[1|4]", None, None)])
    before = layout.open_points()
    with pytest.raises(IllegalMove) as err:
        layout.place("[1|2]", "[1|4]", "LOW")
    exc = err.value
    assert exc.key == "error.bad_side" and exc.rule == "R10"
    assert "'LOW'" in str(exc) and "'low'" in str(exc) and "tile" not in str(exc)
    for lang in ("ko", "ja"):
        text = exc.localized(lang)
        assert "LOW" in text and "'low'" in text and "is not" not in text and "(R10" in text
    assert layout.open_points() == before


# --------------------------------------------------------------------------- query helpers
@pytest.mark.parametrize("number", [-1, 7, 1.0, True, "1", None])
def test_accepts_refuses_what_is_not_a_number_on_a_tile(number: Any) -> None:
    with pytest.raises(ValueError, match="R1"):
        Layout().accepts(number)


def test_query_helpers_take_text_like_place() -> None:
    layout = Layout.from_placements([("[1|4]", None, None)])
    assert layout.can_place("[4|5]") and layout.can_place(Tile(4, 5))
    assert not layout.can_place("[2|3]") and not layout.can_place("[1|4]")
    assert layout.is_counted("[1|4]", "high") and layout.is_counted(Tile(1, 4), Side.LOW)
    assert layout.accepts(4) and not layout.accepts(6)
    for call in (lambda: layout.can_place("[4|9]"), lambda: layout.is_counted("[1|4]", "up"),
                 lambda: layout.can_place(None)):  # type: ignore[arg-type]
        with pytest.raises(ValueError):
            call()


# --------------------------------------------------------------------------- constructor values
BAD_GAME_ARGS: list[tuple[dict[str, Any], str]] = [
    ({"leader": 1.0}, "leader"), ({"leader": True}, "leader"), ({"leader": 2}, "leader"),
    ({"players": 2.0}, "players"), ({"players": []}, "players"), ({"players": True}, "players"),
    ({"scores": [None, 0]}, "scores"), ({"scores": [math.inf, 0]}, "scores"),
    ({"scores": 5}, "scores"), ({"scores": "12"}, "scores"), ({"scores": [1.9, "5"]}, "scores"),
    ({"scores": [True, 0]}, "scores"), ({"scores": [0, 61]}, "scores"),
    ({"partners": "no"}, "partners"), ({"partners": 1}, "partners"),
    ({"hands": [["[1|4]"], None]}, "hands"), ({"hands": "[1|4]"}, "hands"),
    ({"hands": [["[1|4]"], ["[1|4]"]]}, "R1"), ({"boneyard": ["[1|4]"]}, "boneyard"),
    ({"target": 0}, "target"), ({"target": 30.5}, "target"), ({"seed": 1.5}, "seed"),
    ({"seed": "7"}, "seed"), ({"rules": {"target": 31}}, "rules"),
]


@pytest.mark.parametrize("kwargs, word", BAD_GAME_ARGS, ids=[str(a) for a, _ in BAD_GAME_ARGS])
def test_bad_game_arguments_are_refused_naming_the_parameter(kwargs: dict[str, Any],
                                                              word: str) -> None:
    with pytest.raises(ValueError, match=word):
        Game(**({"players": 2} | kwargs))


@pytest.mark.parametrize("seat", [1.0, True, -1, 2, "0", None])
def test_view_takes_a_seat(seat: Any) -> None:
    with pytest.raises(ValueError, match="seat"):
        Game(seed=1).view(seat)


@given(st.dictionaries(
    st.sampled_from(["players", "partners", "target", "seed", "hands", "boneyard", "leader",
                     "scores"]),
    st.one_of(st.none(), st.booleans(), st.integers(-3, 70), st.floats(allow_nan=True),
              st.text(max_size=6), st.lists(st.one_of(st.integers(-1, 70), st.text(max_size=5),
                                                      st.none()), max_size=5),
              st.lists(st.lists(st.sampled_from(["[1|4]", "[2|2]", "[0|6]", "x"]), max_size=3),
                       max_size=5)),
    max_size=4))
@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_fuzzed_game_arguments_give_a_game_or_a_value_error(kwargs: dict[str, Any]) -> None:
    try:
        game = Game(**kwargs)
    except ValueError:
        return
    # accepted: the game plays (no TypeError later, as leader=1.0 used to give)
    assert game.legal_actions()
    game.apply(game.legal_actions()[0])
    assert type(game.to_play) is int and all(type(s) is int for s in game.scores)


# --------------------------------------------------------------------------- read-only views
def test_a_bot_cannot_change_the_game_through_its_view() -> None:
    game = Game(players=2, seed=11)
    rng = random.Random(3)
    while not game.hand_over:
        game.apply(rng.choice(game.legal_actions()))
    before = snapshot(game)
    view = game.view(0)
    with pytest.raises(AttributeError):
        view.history[0].tile = None  # type: ignore[misc]
    with pytest.raises(TypeError):
        view.history[-1].scores[0] = 99  # type: ignore[index]
    if game.hand_result is not None:
        with pytest.raises(TypeError):
            view.history[-1].result.gains[0] = 99  # type: ignore[index,union-attr]
    spare = next((t for t in FULL_SET if view.layout.can_place(t)), None)
    if spare is not None:  # the view's layout is the bot's own copy
        place = view.layout.places_for(spare)[0]
        view.layout.place(place.tile, place.on, place.side)
    assert snapshot(game) == before
    # and the strong bot still plays from a fresh view
    game2 = Game(players=2, seed=5)
    view2 = game2.view(game2.to_play)
    assert StrongBot(rollouts=4, seed=1)(view2) in game2.legal_actions()


# --------------------------------------------------------------------------- records
def _saved_games() -> list[Game]:
    games = [play_game([GreedyBot(), RandomBot(seed=1)], seed=7)]
    g = Game(players=4, partners=True, seed=3, rules=Rules(target=31))
    rng = random.Random(1)
    for _ in range(60):
        if g.game_over:
            break
        if g.hand_over:
            g.next_hand()
        else:
            g.apply(rng.choice(g.legal_actions()))
    games.append(g)
    games.append(Game.from_position([("[1|4]", None, None)], [["[1|1]", "[4|6]"], ["[2|3]"]],
                                    ["[5|5]"], 0, continuing=True, seed=4))
    return games


SAVED = [json.loads(g.to_json()) for g in _saved_games()]


@pytest.mark.parametrize("name", ["record_v1_match.json", "record_v1_position.json"])
def test_records_saved_by_version_1_still_load(name: str) -> None:
    text = (FIXTURES / name).read_text(encoding="utf-8")
    game = Game.from_json(text)
    assert game.state() == json.loads(text)["state"]
    assert game.rules == Rules(target=json.loads(text)["setup"]["target"])
    again = Game.from_json(game.to_json())  # saved again as version 2, same game
    assert json.loads(game.to_json())["version"] == VERSION == 2
    assert again.state() == game.state() and again.rules == game.rules


def test_records_save_the_rules() -> None:
    game = Game(players=3, seed=2, rules=Rules(target=31))
    saved = json.loads(game.to_json())
    assert saved["setup"]["rules"]["target"] == 31 and "target" not in saved["setup"]
    assert Game.from_json(game.to_json()).target == 31


@pytest.mark.parametrize("bad", [["place"], {"x": 1}, 3, None, True])
def test_an_action_kind_of_the_wrong_type_is_a_record_error(bad: Any) -> None:
    record = json.loads(json.dumps(SAVED[0]))
    record["actions"][0]["action"] = bad
    with pytest.raises(RecordError, match="action 1"):
        Game.from_json(json.dumps(record))


@pytest.mark.parametrize("field, value", [("seat", [0]), ("tile", ["[1|4]"]), ("side", ["low"]),
                                          ("on", {"t": 1}), ("seat", 1.0), ("seat", True)])
def test_action_fields_of_the_wrong_type_are_record_errors(field: str, value: Any) -> None:
    record = json.loads(json.dumps(SAVED[0]))
    place = next(a for a in record["actions"] if a and a["action"] == "place" and a["on"])
    place[field] = value
    with pytest.raises(RecordError):
        Game.from_record(record)


def test_record_errors_quote_only_an_excerpt() -> None:
    """A 5 MB field gives a short message, and a 32 KB tile field is refused at once (R1)."""
    huge = "x" * 5_000_000
    for path in (("actions", 0, "tile"), ("setup", "seed"), ("format",), ("setup", "extra")):
        record = json.loads(json.dumps(SAVED[0]))
        target = record
        for key in path[:-1]:
            target = target[key]
        if isinstance(target, list):
            target = next(a for a in target if a and a.get("action") == "place")
        target[path[-1]] = huge
        with pytest.raises(RecordError) as err:
            Game.from_json(json.dumps(record))
        assert len(str(err.value)) < 400, path
    record = json.loads(json.dumps(SAVED[0]))
    place = next(a for a in record["actions"] if a and a["action"] == "place")
    place["tile"] = "1" + " " * 32_000 + "x"
    with pytest.raises(RecordError, match="R1"):
        Game.from_json(json.dumps(record))


def _paths(node: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(node, dict):
        for k, v in node.items():
            out += _paths(v, prefix + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            out += _paths(v, prefix + (i,))
    return out


def mutate_once(record: Any, data: st.DataObject, values: st.SearchStrategy[Any],
                keys: st.SearchStrategy[str]) -> None:
    """Change *record* in place at one place drawn from its paths: a value replaced by one of
    *values*, removed, or one added (under a key of *keys* in an object)."""
    path = data.draw(st.sampled_from([p for p in _paths(record) if p]))
    parent = record
    for key in path[:-1]:
        parent = parent[key]
    how = data.draw(st.sampled_from(["replace", "delete", "add"]))
    if how == "replace":
        parent[path[-1]] = data.draw(values)
    elif how == "delete":
        del parent[path[-1]]
    elif isinstance(parent, dict):
        parent[data.draw(keys)] = data.draw(values)
    else:
        parent.insert(path[-1], data.draw(values))


JSON_VALUES = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-5, 400), st.floats(allow_nan=False),
              st.text(max_size=8), st.sampled_from(["[1|4]", "[6|6]", "low", "branch_b",
                                                    "place", "draw", "pass", "next_hand"])),
    lambda inner: st.one_of(st.lists(inner, max_size=3),
                            st.dictionaries(st.text(max_size=6), inner, max_size=3)),
    max_leaves=6)


@given(st.sampled_from(range(len(SAVED))), st.data())
@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_mutated_records_load_as_an_equal_game_or_raise_record_error(which: int,
                                                                     data: st.DataObject) -> None:
    """Mutations of real saved games: a changed, removed or added field anywhere gives either a
    game that reaches exactly the state the record claims, or RecordError — nothing else."""
    record = json.loads(json.dumps(SAVED[which]))
    mutate_once(record, data, JSON_VALUES, st.text(max_size=6))
    try:
        game = Game.from_json(json.dumps(record))
    except RecordError:
        return
    claimed = record.get("state")
    if claimed is not None:
        assert json.loads(json.dumps(game.state())) == claimed


def test_undo_and_reload_give_the_same_game() -> None:
    game = Game(players=2, seed=21)
    moves = []
    rng = random.Random(2)
    while not game.hand_over:
        before = game.to_json()
        action = rng.choice(game.legal_actions())
        moves.append(action)
        game.apply(action)
        assert game.undo().to_json() == before
    assert Game.from_json(game.to_json()).to_json() == game.to_json()


# --------------------------------------------------------------------------- results files
def _a_results_file() -> str:
    from horserace_nb.teaching.progress import Result, results_file

    results = [Result("joining_spinners", "exercise", "open/line", 201000, stars=2, tries=2,
                      rules=("R9",), when="2026-12-01T09:00:00.000+00:00"),
               Result("puzzles", "puzzle", "fifteen", 0, stars=1, tries=2, hints=1,
                      when="2026-12-01T09:05:00+00:00"),
               Result("play", "hand", "2p", 45, when="2026-12-01T09:30:00Z", points=12, lost=3)]
    return results_file(results, learner="Mina", site="https://school.example",
                        saved="2026-12-01T10:00:00Z")


RESULTS_FILE = _a_results_file()
NASTY_TEXT = st.sampled_from(["\ud800", "\udfff", "\u202e", "\u2066", "\u200b", "\x00", "\ufeff",
                              "<b>", "=1+1", "Mina", "MINA\u200b", "\U0001f600"])
RESULTS_VALUES = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-2 ** 60, 2 ** 60),
              st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=12), NASTY_TEXT,
              st.sampled_from([1, 1.0, True, 3, 0, 10_001, "R13", "exercise", "hand",
                               "2026-12-01T09:00:00", "2026-02-30T09:00:00"])),
    lambda inner: st.one_of(st.lists(inner, max_size=3),
                            st.dictionaries(st.text(max_size=6) | NASTY_TEXT, inner,
                                            max_size=3)),
    max_leaves=6)


def _mutate_json(data: st.DataObject) -> str:
    record = json.loads(RESULTS_FILE)
    for _ in range(data.draw(st.integers(1, 3))):
        paths = [p for p in _paths(record) if p]
        if not paths:
            break
        mutate_once(record, data, RESULTS_VALUES, st.text(max_size=6) | NASTY_TEXT)
    return json.dumps(record, ensure_ascii=data.draw(st.booleans()))


def _mutate_bytes(data: st.DataObject) -> bytes:
    raw = bytearray(RESULTS_FILE.encode("utf-8"))
    for _ in range(data.draw(st.integers(1, 4))):
        at = data.draw(st.integers(0, len(raw)))
        how = data.draw(st.sampled_from(["flip", "cut", "insert"]))
        if how == "flip" and at < len(raw):
            raw[at] ^= 1 << data.draw(st.integers(0, 7))
        elif how == "cut":
            del raw[at:at + data.draw(st.integers(1, 40))]
        else:
            raw[at:at] = data.draw(st.sampled_from([b"\\ud800", b'"', b",", b"{", b"]", b"1e999",
                                                     b"\xff", b"\\u202e", b"true", b"-0"]))
    return bytes(raw)


@given(st.data())
@settings(max_examples=300, deadline=2000, suppress_health_check=[HealthCheck.too_slow])
def test_mutated_results_files_are_read_or_refused_with_a_sentence(data: st.DataObject) -> None:
    """Issue 28: a mutated results file (its JSON changed anywhere, or its bytes flipped, cut or
    added to) is read, or refused with a ResultsError naming why — never another exception —
    and the class report on it (with a good file beside it) is whole: every text it shows and
    both CSVs encode as UTF-8, each learner's row counts only results the reader accepts."""
    from horserace_nb.teaching.progress import (
        MAX_STARS,
        ResultsError,
        class_data,
        read_results,
        stars_allowed,
    )

    text: str | bytes = (_mutate_json(data) if data.draw(st.booleans())
                         else _mutate_bytes(data))
    try:
        read = read_results(text)
    except ResultsError as exc:
        assert str(exc) and exc.code in {"large", "json", "format", "version", "field"}
    else:
        read.learner.encode("utf-8")
        for result in read.results:
            assert 0 <= result.stars <= min(MAX_STARS, stars_allowed(result.tries, result.hints))
    report = class_data([("mutated.json", text), ("good.json", RESULTS_FILE)],
                        roster=["mina", "\ud800"])
    assert len(report.files) + len(report.refused) == 2
    for shown in (report.csv(), report.grid_csv(), *report.learners(), *report.not_started(),
                  *(f"{name}{exc}" for name, exc in report.refused)):
        shown.encode("utf-8")
    report.table()
    report.rules_missed()
