"""The position code (issue 33, point 1): ``Game.to_code()`` / ``Game.from_code()``.

The round trip is checked on 10,000 positions taken from real games (2–4 players, partners,
variant rules, later hands, continuations R17, pending drawn tiles R18, blocked hands R19),
played by the bots and by random legal moves and stopped at random points; every position comes
back exactly, with the same legal moves and the same record as ``Game.from_position`` gives.
Refusals: every single-character change of a code, truncations, part swaps and edits with the
check character made right again are each a ``RecordError`` naming the part and a rule, or a
valid position whose code is the text itself; never another exception. Timing is measured by
``tests/benchmarks/bench_position_code.py`` (figures, not a timed test).
"""

from __future__ import annotations

import dataclasses
import functools
import random
import re
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from horserace_nb import FULL_SET, Game, Place, RecordError, Rules, Side, Tile
from horserace_nb.core import position_code
from horserace_nb.core.errors import CodeError
from horserace_nb.core.position_code import (
    ALPHABET,
    MAX_CODE_LENGTH,
    Holdings,
    Match,
    check_char,
    decode,
    read_hands,
    read_match,
    read_table,
    with_check,
    write_hands,
    write_match,
    write_table,
)
from horserace_nb.core.validate import MAX_SEED
from horserace_nb.teaching.bots import GreedyBot, RandomBot
from horserace_nb.teaching.puzzles import PUZZLES

MODES = [(2, False), (3, False), (4, False), (4, True)]
VARIANTS = [Rules(), Rules(), Rules(), Rules(target=31), Rules(target=200),
            Rules(target=151, multiple=3), Rules(hand_sizes={2: 6, 3: 5, 4: 4}),
            Rules(rounding="up")]
PARTS = {"code", "version", "check", "table", "hands", "match"}
RULE = re.compile(r"R\d+|format")
SETTINGS = settings(max_examples=60, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


# ============================================================================= helpers
def position(game: Game) -> tuple[Any, ...]:
    """Everything a position is made of, and what it lets the player to act do."""
    return (game.players, game.partners, game.rules, game.seed, game.hand_number,
            game.to_play, game.scores, game.layout.placements(), game.hands, game.boneyard,
            game.pending, game.continuing, game.hand_over, game.winners, game.hand_result,
            game.legal_actions(), game.layout.open_points(), game.layout.end_total())


def reference(game: Game) -> Game:
    """The same position started by ``Game.from_position`` (a blocked hand before its
    settlement, which ``from_position`` makes again)."""
    scores = game.scores
    if game.hand_result is not None:
        scores = [s - game.hand_result.gains.get(i, 0) for i, s in enumerate(scores)]
    return Game.from_position(game.layout, game.hands, game.boneyard, game.to_play,
                              partners=game.partners, scores=scores, pending=game.pending,
                              continuing=game.continuing, hand_number=game.hand_number,
                              seed=game.seed, rules=game.rules)


def codable(game: Game) -> bool:
    """False once a hand was won by a last tile (R21) or the game by a placement (R26)."""
    return all(game.hands) and not (game.game_over and game.hand_result is None)


def real_games(count: int, seed: int) -> Iterator[Game]:
    """Live games at *count* random stopping points: seeded games of every mode and some
    variant rules, each seat played by a bot or by random legal moves, over several hands."""
    rng = random.Random(seed)
    made = 0
    while made < count:
        players, partners = rng.choice(MODES)
        game_seed = rng.choice([rng.randrange(1, 10**6), 1, -rng.randrange(1, 10**12),
                                rng.randrange(2**52, 2**53)])
        game = Game(players=players, partners=partners, seed=game_seed,
                    rules=rng.choice(VARIANTS))
        # a bot reads a view (a copy of the history) per move: a third of the seats is enough
        movers: list[Any] = [rng.choice([GreedyBot(), RandomBot(rng.randrange(10**6)), None,
                                         None, None, None]) for _ in range(players)]
        stops = set(rng.sample(range(160), 12))
        for step in range(160):
            blocked = game.hand_result is not None and game.hand_result.reason == "blocked"
            if step in stops or (blocked and game.hand_over):
                made += 1
                yield game
                if made == count:
                    return
            if game.game_over:
                break
            if game.hand_over:
                game.next_hand()
                continue
            mover = movers[game.to_play]
            action = (rng.choice(game.legal_actions()) if mover is None
                      else mover(game.view(game.to_play)))
            game.apply(action)


def refusal(code: object) -> CodeError:
    with pytest.raises(RecordError) as err:
        Game.from_code(code)  # type: ignore[arg-type]
    assert isinstance(err.value, CodeError)
    assert err.value.part in PARTS and RULE.fullmatch(err.value.rule), str(err.value)
    assert str(err.value).endswith(f"({err.value.rule})")
    return err.value


def refused_or_exact(text: str) -> bool:
    """True if *text* is refused with a CodeError; else it must be a valid position whose own
    code is *text* (one code per position). Any other exception fails the test."""
    try:
        game = Game.from_code(text)
    except CodeError as err:
        assert err.part in PARTS and RULE.fullmatch(err.rule), str(err)
        return True
    assert game.to_code() == text
    return False


@functools.cache
def sample_codes() -> tuple[str, ...]:
    """Codes of varied kinds: openings, mid-hand and late positions, pending tiles,
    continuations, partners, 3 players, variant rules, a lesson's position with tiles left
    out, a blocked hand."""
    codes: list[str] = []
    kinds: set[str] = set()
    for game in real_games(1500, seed=11):
        if not codable(game):
            continue
        kind = (f"{game.players}{game.partners}{len(game.layout) // 8}{game.pending is None}"
                f"{game.continuing}{game.rules.is_standard}")
        if kind not in kinds:
            kinds.add(kind)
            codes.append(game.to_code())
    lesson = Game.from_position([("[4|5]", None, None), ("[5|5]", "[4|5]", "high")],
                                [["[0|1]", "[2|3]"], ["[1|1]"], ["[0|3]"]], [], 2, scores=[3, 0, 7])
    assert lesson.hand_over  # blocked at once: nobody holds a 4 or a 5 (R19)
    return (*codes[:23], lesson.to_code())


# ============================================================================= round trip
def test_round_trip_on_10000_positions_from_real_games() -> None:
    kinds: Counter[str] = Counter()
    lengths: list[int] = []
    for game in real_games(10_000, seed=2026):
        if not codable(game):
            with pytest.raises(ValueError, match="R21|R26"):
                game.to_code()
            kinds["not codable"] += 1
            continue
        code = game.to_code()
        again = Game.from_code(code)
        assert position(again) == position(game), code
        assert again.to_code() == code
        if len(lengths) % 4 == 0:  # the records too, for a quarter of them (time)
            assert again.record() == reference(game).record()
        lengths.append(len(code))
        kinds["pending"] += game.pending is not None
        kinds["continuing"] += game.continuing
        kinds[f"{game.players} players{' partners' if game.partners else ''}"] += 1
        kinds["later hand"] += game.hand_number > 1
        kinds["blocked"] += game.hand_over
        kinds["variant rules"] += not game.rules.is_standard
        kinds["negative seed"] += game.seed < 0
        kinds["opening"] += game.layout.is_empty
    assert len(lengths) + kinds["not codable"] == 10_000
    for kind in ("pending", "continuing", "2 players", "3 players", "4 players",
                 "4 players partners", "later hand", "blocked", "variant rules",
                 "negative seed", "opening", "not codable"):
        assert kinds[kind] >= 5, (kind, kinds)
    assert max(lengths) <= MAX_CODE_LENGTH


def test_every_puzzle_and_a_lessons_position_round_trip() -> None:
    """The built-in puzzles (all 28 tiles in play) and a made-up position with tiles left out
    of the game, as the basics' exercises make them."""
    for puzzle in PUZZLES.values():
        game = puzzle.game()
        again = Game.from_code(game.to_code())
        assert position(again) == position(game)
    lesson = Game.from_position([("[1|4]", None, None)], [["[1|1]", "[4|6]"], ["[2|3]"]], [],
                                0, continuing=True, scores=[1, 0])
    code = lesson.to_code()
    assert "_" in code.split(".")[2]  # the 25 tiles left out are written after '_'
    assert position(Game.from_code(code)) == position(lesson)


def test_a_made_up_position_with_all_28_tiles_round_trips_and_is_marked() -> None:
    """A scripted deal no shuffle gives (hands of 7 and 3, a boneyard of 18, R5) is written
    with '_' (made up), so it is read back; the same text without '_' is refused, and a
    position a deal can give is refused with '_' (one code per position)."""
    game = Game(hands=[FULL_SET[:7], FULL_SET[7:10]], boneyard=FULL_SET[10:], leader=0, seed=4)
    code = game.to_code()
    assert code.split(".")[2].endswith("_")
    assert position(Game.from_code(code)) == position(game)
    err = refusal(with_check(code[:-1].replace("_", "")))
    assert (err.part, err.rule) == ("hands", "R5") and "a boneyard of 18" in str(err)
    dealt = Game(players=2, seed=4).to_code()
    prefix, table, hands, rest = dealt[:-1].split(".")
    err = refusal(with_check(f"{prefix}.{table}.{hands}_.{rest}"))
    assert (err.part, err.rule) == ("hands", "format") and "without '_'" in str(err)


def test_a_blocked_hand_settles_again_when_read() -> None:
    """R19, R22–R25: the code keeps the scores before the settlement; reading it settles the
    hand the same way, winners included."""
    game = Game.from_position([("[4|5]", None, None), ("[5|5]", "[4|5]", "high")],
                              [["[0|1]", "[2|3]"], ["[1|1]"], ["[0|3]"]], [], 2, scores=[3, 0, 7])
    assert game.hand_over and game.hand_result is not None
    again = Game.from_code(game.to_code())
    assert again.scores == game.scores and again.hand_result == game.hand_result
    assert again.winners == game.winners


def test_the_parts_read_on_their_own() -> None:
    game = next(g for g in real_games(400, seed=5) if len(g.layout) > 6 and codable(g))
    prefix, table, hands, rest = game.to_code().split(".")
    assert prefix == "hr1"
    assert read_table(table).placements() == game.layout.placements()
    holdings = read_hands(hands)
    assert [list(h) for h in holdings.hands] == game.hands
    assert list(holdings.boneyard) == game.boneyard and holdings.aside == ()
    match = read_match(rest[:-1])
    assert (match.to_play, list(match.scores), match.partners, match.continuing,
            match.pending, match.rules, match.hand_number, match.seed) == (
        game.to_play, game.scores, game.partners, game.continuing, game.pending, game.rules,
        game.hand_number, game.seed)
    assert write_table(game.layout.placements()) == table
    assert write_hands(holdings) == hands and write_match(match) == rest[:-1]
    whole = decode(game.to_code())
    assert (whole.layout.placements(), whole.holdings, whole.match) == (
        game.layout.placements(), holdings, match)


def test_codes_are_url_safe_and_end_with_their_check_character() -> None:
    for code in sample_codes():
        assert re.fullmatch(r"hr1\.[A-Za-z0-9_\-]*\.[A-Za-z0-9_\-]+\.[A-Za-z0-9_\-]+", code)
        assert code[-1] == check_char(code[:-1])


def test_to_code_refuses_a_hand_that_is_over_by_a_last_tile_or_a_won_game() -> None:
    domino = Game(hands=[["[1|4]"], ["[2|2]", "[2|3]"]], leader=0)
    domino.apply(Place("[1|4]"))  # seat 0 places its last tile (R21)
    with pytest.raises(ValueError, match="R21"):
        domino.to_code()
    won = Game(hands=[["[1|4]", "[0|0]"], ["[2|2]"]], leader=0, scores=[60, 0])
    won.apply(Place("[1|4]"))  # 5 raw: 61 display points (R26)
    assert won.game_over
    with pytest.raises(ValueError, match="R26"):
        won.to_code()


def test_the_code_holds_every_seed_a_game_takes_and_refuses_a_larger_one(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A game's seed is at most 2**53 - 1 either way (what a browser keeps exactly, issue 28
    item 17): every such seed round-trips, and a code written with a larger one is refused."""
    for seed in (-MAX_SEED, MAX_SEED, 0, -1):
        code = Game(players=3, seed=seed).to_code()
        assert Game.from_code(code).seed == seed
    game = Game(players=3, seed=MAX_SEED)
    match = read_match(game.to_code().split(".")[3][:-1])
    monkeypatch.setattr(position_code, "MAX_SEED", 2 * MAX_SEED)  # a writer that allowed more
    text = write_match(dataclasses.replace(match, seed=MAX_SEED + 1))
    monkeypatch.undo()
    with pytest.raises(CodeError, match="seed"):
        read_match(text)


def test_every_single_character_change_is_refused() -> None:
    """The check character catches every change of one character into another of the
    alphabet (odd weights, module docstring); a dot put in or taken out changes the parts."""
    alphabet = ALPHABET + "."
    changes = 0
    for code in sample_codes():
        for i, char in enumerate(code):
            for other in alphabet:
                if other != char:
                    changes += 1
                    try:
                        Game.from_code(code[:i] + other + code[i + 1:])
                    except CodeError as err:
                        assert err.part in ("check", "code", "version"), str(err)
                    else:
                        raise AssertionError(f"{i}: {char} -> {other} in {code} is read")
    assert changes > 20_000


def test_truncations_insertions_deletions_and_swaps() -> None:
    for code in sample_codes():
        for end in range(len(code)):
            refused_or_exact(code[:end])
        for i in range(len(code)):
            refused_or_exact(code[:i] + code[i + 1:])
            refused_or_exact(code[:i] + code[i] + code[i:])
            if i + 1 < len(code):
                refused_or_exact(code[:i] + code[i + 1] + code[i] + code[i + 2:])
        prefix, table, hands, rest = code.split(".")
        body, check = rest[:-1], rest[-1]
        for a, b, c in ((hands, table, body), (body, hands, table), (table, body, hands)):
            refused_or_exact(f"{prefix}.{a}.{b}.{c}{check}")
            refused_or_exact(with_check(f"{prefix}.{a}.{b}.{c}"))


def test_changes_with_the_check_made_right_are_refused_by_the_rules_or_valid() -> None:
    """Past the check character: every single-character change of the three parts, with the
    check computed again, is refused naming a part and a rule, or is a position of its own."""
    refused = kept = 0
    for n, code in enumerate(sample_codes()[::2]):
        body = code[:-1]
        for i in range(4, len(body)):
            for other in ALPHABET[(i + n) % 4::4] + ".-_":
                if other != body[i]:
                    if refused_or_exact(with_check(body[:i] + other + body[i + 1:])):
                        refused += 1
                    else:
                        kept += 1
    assert refused > kept > 0


@pytest.mark.parametrize("body, part, rule, words", [
    # the table (R1, R9, R11)
    ("hr1.KHKJg.ABCD-EFGILMN-OPQRSTUVWXYZab.AAA", "table", "R11", "branches of [1|1]"),
    ("hr1.KHKHH.ABCDE-FGIJLMN-OPQRSTUVWXYZab.AAA", "table", "R1", "on the table already"),
    ("hr1.KHKCK.ABDE-FGIJLMN-OPQRSTUVWXYZab.AAA", "table", "R9", "shares no number"),
    ("hr1.KHKJW.ABCD-EFGILMN-OPQRSTUVWXYZab.AAA", "table", "R9", "not on the table"),
    ("hr1.KHKIKJH.ABCD-EFGLMN-OPQRSTUVWXYZab.AAA", "table", "R9", "taken"),
    ("hr1.KH.ABCD-EFGIJLMN-OPQRSTUVWXYZab.AAA", "table", "R9", "needs its join"),
    ("hr1.KHx.ABCD-EFGIJLMN-OPQRSTUVWXYZab.AAA", "table", "R9", "no connection point"),
    ("hr1.c.ABCD-EFGIJLMN-OPQRSTUVWXYZab.AAA", "table", "R1", "no tile's character"),
    # the hands (R1, R2, R5, R8, R21) and the tiles of the whole code
    ("hr1.K.ABCDEFG-HIJLMNA-OPQRSTUVWXYZab.AAA", "hands", "R1", "[0|0] appears twice"),
    ("hr1.K.ABCDEFG-HIJKLMN-OPQRSTUVWXYZa.AAA", "hands", "R1", "both on the table"),
    ("hr1.K.ABCDEFGH-HIJLMNO-PQRSTUVWXYZab.AAA", "hands", "R1", "appears twice"),
    ("hr1..ABCDEFG-HIJKLMN-OPQRSTUVWXYZab_A.AAA", "hands", "R1", "29 tiles"),
    ("hr1..ABCDEFG-HIJKLMN-OPQRSTUVWXYZa.AAA", "hands", "R1", "27 tiles"),
    ("hr1..ABCDEFGH-IJKLMN-OPQRSTUVWXYZab.AAA", "hands", "R8", "opening tile"),
    ("hr1.K.ABCDEF-HIJLMNG-OPQRSTUVWXYZab.AAA", "hands", "format", "set order"),
    ("hr1.K.-ABCDEFGHIJLMN-OPQRSTUVWXYZab.AAA", "hands", "R21", "hand 0 is empty"),
    ("hr1.K.ABCDEFGHIJLMN-OPQRSTUVWXYZab.AAA", "hands", "R2", "2 to 4 hands"),
    ("hr1.KHKJH.ABC-DEFGILMN-OPQRSTUVWXYZab.AAA", "hands", "R5", "4 tiles fewer"),
    ("hr1.K.ABCDEF-GHIJLM-NOPQRSTUVWXYZab.AAA", "hands", "R5", "a boneyard of 15"),
    # the match (R2, R17, R18, R26, the form)
    ("hr1.K.ABCDEF-GHIJLMN-OPQRSTUVWXYZab.A9BA", "match", "R26", "would have ended the game"),
    ("hr1.K.ABCDEF-GHIJLMN-OPQRSTUVWXYZab.AAAA", "match", "R2", "2 scores for 2 players"),
    ("hr1.K.ABCDEF-GHIJLMN-OPQRSTUVWXYZab.IAA", "match", "R2", "partnerships need 4"),
    ("hr1.K.ABCDEF-GHIJLMN-OPQRSTUVWXYZab.CAA", "match", "R2", "the seat to act is 0 to 1"),
    ("hr1.KIK.ABCDEF-GHJLMN-OPQRSTUVWXYZab.EAA", "match", "R17", "after a double or a scor"),
    ("hr1.K.ABCDEJ-FGHILMN-OPQRSTUVWXYZab.QJAA", "match", "R18", "the boneyard is whole"),
    ("hr1.K.ABCDEFG-HIJLMNO-PQRSTUVWXYZab.QbAA", "match", "R18", "must be in seat 0's hand"),
    ("hr1.K.ABCDEF-GHIJLMN-OPQRSTUVWXYZab.gBB9BAA", "match", "R26", "not the rule texts' 61"),
    ("hr1.K.ABCDEF-GHIJLMN-OPQRSTUVWXYZab.AgAA", "match", "format", "needless last 'A'"),
    ("hr1.K.ABCDEF-GHIJLMN-OPQRSTUVWXYZab.Ag", "match", "format", "ends inside"),
    ("hr1.K.ABCDEF-GHIJLMN-OPQRSTUVWXYZab.A" + "g" * 13 + "BA", "match", "format", "longer"),
    # the whole code
    ("hr2.K.ABCDEF-GHIJLMN-OPQRSTUVWXYZab.AAA", "version", "format", "reads hr1 codes"),
    ("hr1.K.ABCDEF-GHIJLMN.OPQRSTUVWXYZab.AAA", "code", "format", "not 5 parts"),
    ("HR1.K.ABCDEF-GHIJLMN-OPQRSTUVWXYZab.AAA", "code", "format", "starts with 'hr1.'"),
])
def test_refusals_name_the_part_and_the_rule(body: str, part: str, rule: str,
                                             words: str) -> None:
    err = refusal(with_check(body))
    assert (err.part, err.rule) == (part, rule), str(err)
    assert words in str(err)


def test_the_refused_codes_are_valid_one_step_from_the_fault() -> None:
    """Neighbours of the refusal cases above are read: the checks refuse what breaks a rule,
    not the form around it."""
    game = Game.from_code(with_check("hr1.KHKJH.ABCD-EFGILMN-OPQRSTUVWXYZab.AAA"))
    assert game.layout.joined_by("[1|3]") == (Tile(1, 1), Side.STRAIGHT_B, Tile(1, 3), Side.LOW)
    game = Game.from_code(with_check("hr1.K.ABCDEF-GHIJLMN-OPQRSTUVWXYZab.A8BA"))
    assert game.scores == [60, 0]  # one below the target (R26)
    game = Game.from_code(with_check("hr1.KHK.ABCDEF-GIJLMN-OPQRSTUVWXYZab.EAA"))
    assert game.continuing and game.to_play == 0  # after the double [1|1] (R17)
    game = Game.from_code(with_check("hr1.K.ABCDEFJ-GHILMNO-PQRSTUVWXYZab.QJAA"))
    assert game.pending == Tile(1, 3) and len(game.boneyard) == 13  # one tile drawn (R18)


def test_bad_input_is_refused_before_it_is_read() -> None:
    """Over-long text is refused by its length, whatever it holds; other types by their
    type; whitespace around a pasted code is allowed."""
    for text in ("hr1." + "A" * 10**6, "\u00e9" * (MAX_CODE_LENGTH + 1)):
        err = refusal(text)
        assert err.part == "code" and f"at most {MAX_CODE_LENGTH}" in str(err)
    for value in (None, b"hr1..", 42, ["hr1"]):
        assert "is text" in str(refusal(value))
    assert "is not a character" in str(refusal("hr1.\u00e9.A.A"))
    code = Game(players=2, seed=3).to_code()
    assert Game.from_code(f"  {code}\n").to_code() == code
    for text in ("", ".", "hr1", "hr1...", "hr1....", "hr1.K.A-B-C.A", code + code):
        refusal(text)


def test_a_code_holds_every_rules_value() -> None:
    rules = Rules(target=1000, multiple=7, hand_sizes={2: 5, 3: 4, 4: 3}, rounding="down")
    game = Game(players=3, rules=rules, seed=-5)
    again = Game.from_code(game.to_code())
    assert again.rules == rules and again.seed == -5
    holdings = Holdings(((Tile(0, 0),), (Tile(1, 1),)), (Tile(2, 2),), ())
    assert read_hands(write_hands(holdings)) == holdings
    match = Match(1, (3, 4), pending=Tile(0, 0), continuing=True, rules=rules, hand_number=9)
    assert read_match(write_match(match)) == match


# ============================================================================= properties
@SETTINGS
@given(seed=st.integers(-MAX_SEED, MAX_SEED), mode=st.sampled_from(MODES),
       steps=st.integers(0, 120), variant=st.sampled_from(VARIANTS))
def test_property_round_trip(seed: int, mode: tuple[int, bool], steps: int,
                             variant: Rules) -> None:
    players, partners = mode
    game = Game(players=players, partners=partners, seed=seed, rules=variant)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.game_over:
            break
        if game.hand_over:
            game.next_hand()
        else:
            game.apply(rng.choice(game.legal_actions()))
    if codable(game):
        again = Game.from_code(game.to_code())
        assert position(again) == position(game)


@SETTINGS
@given(text=st.text(alphabet=ALPHABET + ".hr1 é", max_size=MAX_CODE_LENGTH + 20))
def test_property_any_text_is_refused_or_a_position(text: str) -> None:
    refused_or_exact(text.strip())
    refused_or_exact(with_check("hr1." + text.replace(" ", "").replace("é", "")))


@SETTINGS
@given(seed=st.integers(0, 10**6), edits=st.lists(
    st.tuples(st.integers(0, 200), st.sampled_from(ALPHABET + ".-_"),
              st.sampled_from(["put", "insert", "delete"])), min_size=1, max_size=4))
def test_property_edited_codes_with_the_check_made_right(seed: int,
                                                         edits: list[tuple[int, str, str]]
                                                         ) -> None:
    game = next(g for g in real_games(50, seed=seed) if codable(g))
    body = list(game.to_code()[:-1])
    for where, char, how in edits:
        i = 4 + where % max(1, len(body) - 4)
        if how == "put" and i < len(body):
            body[i] = char
        elif how == "insert":
            body.insert(i, char)
        elif i < len(body):
            del body[i]
    refused_or_exact(with_check("".join(body)))


def test_the_full_set_is_the_set_the_code_counts() -> None:
    """The tile characters are the set's indices: A = [0|0] … b = [6|6] (R1)."""
    assert [ALPHABET.index(write_table([(t, None, None)])) for t in FULL_SET] == list(range(28))
