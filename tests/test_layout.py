"""The all-spinner layout: connection points, scoring ends, placement scores (R8–R15).

The worked examples' totals, scores, tiles, connections, open points and contributions are read
from the seed texts' own lines (see ``conftest.py``) and compared with the layout's API.
"""

from __future__ import annotations

import re

import pytest
from conftest import (
    NONE_WORD,
    WorkedExample,
    all_examples,
    documented_sequence,
    glossary,
    layout_for,
    layout_snapshot,
    placements_for,
    seed_text,
    with_rule_texts,
    worked_examples,
)

from horserace_nb import FULL_SET, IllegalMove, Layout, Side, Tile, placement_score

S = Side
T = Tile.parse
EXAMPLES = with_rule_texts(all_examples())


def _ids(ex: WorkedExample) -> str:
    return str(ex)


# --------------------------------------------------------------------------- the seed examples
def test_the_seed_texts_show_the_same_eleven_examples_in_both_languages() -> None:
    """RULES.md: both texts show the documented sequence and the single layouts."""
    ko = [e.tile for e in worked_examples("ko")]
    ja = [e.tile for e in worked_examples("ja")]
    assert ko == ja
    documented = {p[0] for p in documented_sequence()} - {T("[5|5]")}
    assert set(ko) == documented | {T("[2|2]"), T("[0|0]"), T("[6|6]")}
    for k, j in zip(worked_examples("ko"), worked_examples("ja"), strict=True):
        assert k.numbers == j.numbers


@pytest.mark.parametrize("example", EXAMPLES, ids=_ids)
def test_r13_r15_worked_example_total_and_placement_score(example: WorkedExample) -> None:
    """The line after "놓은 타일 [x|y]" / "置いた牌：[x|y]" states the contributions, their
    total and the raw and display placement score of that placement (R13, R15, R3)."""
    expected = example.numbers
    *before, last = placements_for(example.tile)
    layout = Layout.from_placements(list(before))
    raw = layout.place(*last)
    assert layout.end_total() == expected["total"]
    assert [v for _, v in layout.contributions()] == expected["terms"]
    assert sum(expected["terms"]) == expected["total"]
    assert raw == expected["raw"] == layout.score()
    assert raw // 5 == expected["display"]
    assert placement_score(expected["total"]) == expected["raw"]


def _side_names(lang: str) -> dict[str, Side]:
    return {names[lang]: Side(en.lower().replace(" end", "").replace(" ", "_"))
            for en, names in glossary().items()}


def _listing(text: str, lang: str) -> list[str]:
    return [] if text == NONE_WORD[lang] else text.split("; " if ";" in text else ", ")


def _parse_long(example: WorkedExample) -> dict[str, list[object]]:
    """Read the long text alternative of a seed example into tiles, sides and numbers."""
    lang, sec = example.lang, example.sections
    names = _side_names(lang)
    tile = r"(\[\d\|\d\])"
    connections = []
    for item in _listing(sec["connections"], lang):
        m = re.fullmatch(rf"{tile} \((.+?)\) – {tile} \((.+?)\)", item)
        assert m, item
        connections.append((T(m[1]), names[m[2]], T(m[3]), names[m[4]]))
    points = []
    for item in _listing(sec["points"], lang):
        m = re.fullmatch(rf"{tile} \((.+?), (\d)\)", item)
        assert m, item
        points.append((T(m[1]), names[m[2]], int(m[3])))
    contributions = []
    for item in _listing(sec["contributions"], lang):
        m = re.fullmatch(rf"{tile}: (\d+)", item)
        assert m, item
        contributions.append((T(m[1]), int(m[2])))
    return {
        "tiles": [T(x) for x in _listing(sec["tiles"], lang)],
        "spinners": [T(x) for x in _listing(sec["spinners"], lang)],
        "connections": connections, "points": points, "contributions": contributions,
    }


@pytest.mark.parametrize("example", EXAMPLES, ids=_ids)
def test_r9_r14_worked_example_layout_matches_the_text(example: WorkedExample) -> None:
    """Tiles, spinners (R10), connections (R9, R10, R12), open connection points (R11, R14) and
    counted contributions (R13) as the seed text lists them after each example."""
    expected = _parse_long(example)
    layout = layout_for(example.tile)
    assert list(layout.tiles) == expected["tiles"]
    assert layout.spinners() == expected["spinners"]
    assert [tuple(c) for c in layout.connections()] == expected["connections"]
    assert layout.open_points() == expected["points"]
    assert layout.contributions() == expected["contributions"]


def test_documented_sequence_scores_each_placement() -> None:
    """Every placement of the RULES.md sequence scores what the seed texts state (R15); [5|5],
    which has no example of its own, is derived from R13: [1|2] 2 + [3|4] 3 + [5|5] both halves
    10 = 15 (the [1|5] end it covers no longer counts)."""
    stated = {e.tile: e.numbers["raw"] for e in worked_examples("ko")}
    stated[T("[5|5]")] = 2 + 3 + 10
    layout = Layout()
    for tile, on, side in documented_sequence():
        assert layout.place(tile, on, side) == stated[tile], tile
        if tile == T("[5|5]"):
            assert layout.contributions() == [(T("[1|2]"), 2), (T("[3|4]"), 3), (T("[5|5]"), 10)]


# --------------------------------------------------------------------------- R8, R10, R11, R12
def test_r8_any_tile_may_open_and_the_opening_tile_scores() -> None:
    for tile in ("[1|4]", "[0|5]", "[2|3]", "[5|5]", "[6|6]", "[0|0]"):
        layout = Layout()
        assert layout.can_place(T(tile))
        raw = layout.place(tile)
        assert raw == placement_score(T(tile).pips)  # both ends / both halves count (R13)
    assert Layout().place("[0|5]") == 5 and Layout().place("[5|5]") == 10


def test_r10_opening_double_has_both_straights_open_and_is_a_spinner() -> None:
    layout = Layout.from_placements([("[2|2]", None, None)])
    assert layout.spinners() == [T("[2|2]")]
    assert layout.open_points() == [(T("[2|2]"), S.STRAIGHT_A, 2), (T("[2|2]"), S.STRAIGHT_B, 2)]
    assert layout.connections() == []


def test_r10_an_attached_double_joins_by_straight_a_and_is_a_spinner() -> None:
    layout = layout_for(T("[4|4]"))
    conn = layout.joined_by("[4|4]")
    assert conn is not None and (conn.anchor, conn.anchor_side) == (T("[1|4]"), S.HIGH)
    assert conn.tile_side is S.STRAIGHT_A
    assert layout.child("[1|4]", "high") is T("[4|4]")
    assert [(t, s) for t, s, _ in layout.open_points() if t == T("[4|4]")] == \
        [(T("[4|4]"), S.STRAIGHT_B)]


def test_r10_a_double_on_a_line_grown_from_a_branch_is_a_spinner_too() -> None:
    layout = layout_for(T("[0|5]"))  # [5|5] sits on [1|5], which started branch A of [1|1]
    assert T("[5|5]") in layout.spinners()
    points = {(t, s) for t, s, _ in layout.open_points()}
    assert {(T("[5|5]"), S.BRANCH_A), (T("[5|5]"), S.BRANCH_B)} <= points


def test_r11_branches_open_only_after_both_straights() -> None:
    layout = Layout.from_placements([("[1|4]", None, None), ("[1|1]", "[1|4]", "low"),
                                     ("[4|4]", "[1|4]", "high")])
    before = layout_snapshot(layout)
    with pytest.raises(IllegalMove) as err:
        layout.place("[4|5]", "[4|4]", "branch_a")
    assert err.value.rule == "R11" and "(R11)" in str(err.value)
    assert layout_snapshot(layout) == before
    assert layout.legal_points("[4|5]") == [(T("[4|4]"), S.STRAIGHT_B)]
    layout.place("[3|4]", "[4|4]", "straight_b")
    assert layout.legal_points("[4|5]") == [(T("[4|4]"), S.BRANCH_A), (T("[4|4]"), S.BRANCH_B)]
    layout.place("[4|5]", "[4|4]", "branch_b")


def test_r11_opening_double_needs_both_straights_before_a_branch() -> None:
    layout = Layout.from_placements([("[2|2]", None, None), ("[2|3]", "[2|2]", "straight_a")])
    for side in ("branch_a", "branch_b"):
        with pytest.raises(IllegalMove, match=r"\(R11\)"):
            layout.place("[2|5]", "[2|2]", side)
    layout.place("[2|5]", "[2|2]", "straight_b")
    assert {s for t, s, _ in layout.open_points() if t == T("[2|2]")} == {S.BRANCH_A, S.BRANCH_B}
    layout.place("[2|6]", "[2|2]", "branch_a")


def test_r12_a_single_joins_by_the_end_that_matches() -> None:
    layout = layout_for(T("[3|4]"))
    conn = layout.joined_by("[3|4]")
    assert conn is not None and conn.tile_side is S.HIGH  # its 4 touches [4|4]
    assert (T("[3|4]"), S.LOW, 3) in layout.open_points()
    layout.place("[1|2]", "[1|1]", "straight_b")
    conn = layout.joined_by("[1|2]")
    assert conn is not None and conn.tile_side is S.LOW


# --------------------------------------------------------------------------- R13, R14, R15
def test_r13_the_japanese_text_double_example_10_12_5_9() -> None:
    """The Japanese text: starting from a double the end total is 10; a tile on one straight makes
    12; one on the opposite straight makes 5 and opens the branches; one on a branch makes 9.
    (The tiles are pictures; R13 admits only [5|5], [2|5], [3|5] and a 4 on the branch.)"""
    m = re.search(r"端の合計は(\d+)です。直線方向の一方に を置くと(\d+)です。反対側に を置くと(\d+)"
                  r"になり、側枝が利用可能になります。側枝に を置くと合計は(\d+)です。",
                  seed_text("ja"))
    assert m, "the Japanese text no longer has the 10 / 12 / 5 / 9 example"
    totals = [int(x) for x in m.groups()]
    layout = Layout()
    layout.place("[5|5]")
    seen = [layout.end_total()]
    layout.place("[2|5]", "[5|5]", "straight_a")
    seen.append(layout.end_total())
    layout.place("[3|5]", "[5|5]", "straight_b")
    seen.append(layout.end_total())
    assert {s for t, s, _ in layout.open_points() if t == T("[5|5]")} == {S.BRANCH_A, S.BRANCH_B}
    layout.place("[4|5]", "[5|5]", "branch_a")
    seen.append(layout.end_total())
    assert seen == totals == [10, 12, 5, 9]


def test_r13_a_double_counts_both_halves_once_however_many_straights_are_open() -> None:
    layout = Layout.from_placements([("[6|6]", None, None)])
    assert layout.contributions() == [(T("[6|6]"), 12)] and layout.end_total() == 12
    layout.place("[3|6]", "[6|6]", "straight_a")
    assert layout.contributions() == [(T("[3|6]"), 3), (T("[6|6]"), 12)]
    layout.place("[1|6]", "[6|6]", "straight_b")  # interior now: contributes nothing
    assert layout.contributions() == [(T("[1|6]"), 1), (T("[3|6]"), 3)]
    assert layout.end_total() == 4


def test_r13_an_opening_single_contributes_one_entry_per_end() -> None:
    layout = Layout.from_placements([("[1|4]", None, None)])
    assert layout.contributions() == [(T("[1|4]"), 4), (T("[1|4]"), 1)]
    assert layout.scoring_points() == [(T("[1|4]"), S.HIGH, 4), (T("[1|4]"), S.LOW, 1)]


def test_r13_a_zero_end_contributes_zero_and_still_counts() -> None:
    layout = layout_for(T("[0|5]"))
    assert (T("[0|5]"), 0) in layout.contributions()
    assert layout.is_counted(T("[0|5]"), S.LOW)
    zero = Layout.from_placements([("[0|0]", None, None)])
    assert zero.contributions() == [(T("[0|0]"), 0)] and zero.end_total() == 0


def test_r13_r14_unused_branch_is_open_but_not_counted() -> None:
    layout = layout_for(T("[3|4]"))
    opened = {(t, s) for t, s, _ in layout.open_points()}
    for side in (S.BRANCH_A, S.BRANCH_B):
        assert (T("[4|4]"), side) in opened
        assert not layout.is_counted(T("[4|4]"), side)
    assert all(t != T("[4|4]") for t, _ in layout.contributions())
    assert all(t != T("[4|4]") for t, _, _ in layout.scoring_points())
    assert layout.is_counted(T("[1|1]"), S.STRAIGHT_B)


def test_r13_a_started_branch_counts_through_the_outer_end_of_its_line() -> None:
    layout = layout_for(T("[1|5]"))
    assert (T("[1|5]"), 5) in layout.contributions()
    layout.place("[5|5]", "[1|5]", "high")
    layout.place("[0|5]", "[5|5]", "straight_b")
    # the line [1|1] branch A → [1|5] → [5|5] → [0|5] counts only its outer end, 0
    assert (T("[0|5]"), 0) in layout.contributions()
    assert all(t not in (T("[1|5]"), T("[5|5]")) for t, _ in layout.contributions())


@pytest.mark.parametrize("total, raw", [(5, 5), (10, 10), (15, 15), (20, 20), (0, 0), (12, 0),
                                        (17, 0), (4, 0), (-5, 0)])
def test_r15_only_a_positive_multiple_of_5_scores(total: int, raw: int) -> None:
    """R15 and the texts: 15 is 3 points, 12 or 17 score nothing, 0 scores nothing."""
    assert placement_score(total) == raw


def test_r15_every_placement_returns_its_raw_score() -> None:
    layout = Layout()
    assert layout.place("[2|3]") == 5  # the first tile scores (R15)
    assert layout.place("[3|3]", "[2|3]", "high") == 0  # 2 + 6 = 8
    assert layout.place("[3|6]", "[3|3]", "straight_b") == 0  # 2 + 6 = 8, [3|3] interior
    assert layout.place("[2|2]", "[2|3]", "low") == 10  # 4 + 6 = 10
    assert layout.end_total() == 10 and layout.score() == 10


# --------------------------------------------------------------------------- refusals
def _base() -> Layout:
    return layout_for(T("[3|4]"))


REFUSALS = [
    # (tile, on, side, rule)
    ("[2|3]", "[3|4]", "high", "R9"),  # the high end of [3|4] is joined to [4|4]: taken
    ("[2|5]", "[3|4]", "low", "R9"),  # mismatch: the low end shows 3
    ("[1|6]", "[1|4]", "low", "R9"),  # taken by [1|1]
    ("[5|6]", "[5|5]", "straight_a", "R9"),  # [5|5] is not on the layout
    ("[1|6]", "[1|1]", "branch_a", "R11"),  # [1|1] has straight B open
    ("[1|6]", "[3|4]", "straight_a", "R12"),  # a single has no straight side
    ("[1|4]", "[1|1]", "straight_b", "R1"),  # [1|4] is already down
    ("[2|6]", None, None, "R9"),  # the layout is open: a point is needed
    ("[9|9]", "[1|1]", "straight_b", "R1"),  # not a tile
]


@pytest.mark.parametrize("tile, on, side, rule", REFUSALS)
def test_refused_placement_names_its_rule_and_changes_nothing(tile: str, on: str | None,
                                                              side: str | None, rule: str) -> None:
    layout = _base()
    before = layout_snapshot(layout)
    with pytest.raises(IllegalMove) as err:
        layout.place(tile, on, side)
    assert err.value.rule == rule
    assert re.search(rf"\((?:R\d+, )*{rule}\)\.$", str(err.value)), str(err.value)  # a sentence
    for lang in ("ko", "ja"):
        assert rule in err.value.localized(lang)
    assert layout_snapshot(layout) == before
    with pytest.raises(IllegalMove):
        layout.check(tile, on, side)
    assert layout_snapshot(layout) == before


def test_r8_the_opening_tile_attaches_to_nothing() -> None:
    layout = Layout()
    with pytest.raises(IllegalMove) as err:
        layout.place("[1|4]", "[2|2]", "straight_a")
    assert err.value.rule == "R8" and "(R8)" in str(err.value)
    assert layout.is_empty and layout.open_points() == []


def test_r9_mismatch_message_names_the_number_shown() -> None:
    layout = Layout.from_placements([("[1|4]", None, None)])
    with pytest.raises(IllegalMove) as err:
        layout.place("[2|3]", "[1|4]", "high")
    assert "4" in str(err.value) and "[2|3]" in str(err.value) and "(R9)" in str(err.value)


# --------------------------------------------------------------------------- queries
def test_legal_points_and_can_place() -> None:
    layout = layout_for(T("[1|1]"))
    assert layout.legal_points("[1|6]") == [(T("[1|1]"), S.STRAIGHT_B)]
    assert layout.legal_points("[4|6]") == [(T("[1|4]"), S.HIGH)]
    assert layout.legal_points("[1|4]") == []  # already down (R1)
    assert layout.legal_points("[2|3]") == []
    assert layout.can_place(T("[1|6]")) and not layout.can_place(T("[2|3]"))
    assert not layout.can_place(T("[1|4]"))


def test_copy_is_independent() -> None:
    layout = layout_for(T("[4|4]"))
    before = layout_snapshot(layout)
    clone = layout.copy()
    clone.place("[3|4]", "[4|4]", "straight_b")
    assert layout_snapshot(layout) == before
    assert layout_snapshot(clone) == layout_snapshot(layout_for(T("[3|4]")))


def test_r13_total_after_predicts_every_placement_without_changing_the_layout() -> None:
    import random

    rng = random.Random(7)
    for _ in range(200):
        layout = Layout()
        layout.place(rng.choice(FULL_SET))
        while True:
            moves = [(t, a, s) for t in FULL_SET for a, s in layout.legal_points(t)]
            if not moves:
                break
            tile, on, side = rng.choice(moves)
            before = layout.open_points()
            predicted = layout.total_after(tile, on, side)
            assert layout.open_points() == before
            layout.place(tile, on, side)
            assert layout.end_total() == predicted


def test_the_japanese_spinner_walk_through_has_the_texts_four_totals() -> None:
    """R10, R11, R13: the Japanese text's walk-through (its tile pictures are lost) gives the end
    totals 10, 12, 5 and 9; the example's tiles reproduce them, and the branch opens at the
    third step."""
    from horserace_nb.teaching.examples import EXAMPLES

    text = seed_text("ja")
    m = re.search(r"端の合計は(\d+)です。.*?置くと(\d+)です。"
                  r".*?置くと(\d+)になり.*?合計は(\d+)です", text)
    assert m, "the Japanese text no longer has the walk-through"
    layouts = EXAMPLES["spinner_walk"].layouts()
    assert [x.end_total() for x in layouts] == [int(g) for g in m.groups()]
    spinner = T("[5|5]")
    assert not any(s.is_branch for _, s in layouts[1].legal_points("[4|5]"))  # R11
    assert (spinner, Side.BRANCH_A) in layouts[2].legal_points("[4|5]")
