"""The SVG renderer: what a picture shows must agree with the rules (R10, R13, R14), with the
worked examples of the rule texts, and with what a seat may know (R5: hands are private).

Expected values come from the layout API and from the seed texts (see ``conftest.py``), never
from the renderer's own output.
"""

from __future__ import annotations

import random
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

import pytest
from conftest import (
    SINGLE_LAYOUTS,
    all_examples,
    layout_for,
    with_rule_texts,
)

from horserace_nb import Game, Layout, Place, Side, Tile
from horserace_nb.render import SvgImage, Theme, game_svg, layout_svg, save_svg
from horserace_nb.words.describe import describe_layout
from horserace_nb.words.i18n import LANGS, MESSAGES, t
from horserace_nb.words.names import seat_name

SVG = "{http://www.w3.org/2000/svg}"
HOSTILE = '"><img src=x onerror=alert(1)>'[:26]


# --------------------------------------------------------------------------- helpers
def parse(svg: str) -> ET.Element:
    """The picture as an element tree (fails on anything that is not well-formed XML)."""
    return ET.fromstring(svg)


def classed(root: ET.Element, name: str) -> list[ET.Element]:
    """Elements whose class list holds *name*, in document order."""
    return [e for e in root.iter() if "hr-svg-" + name in e.get("class", "").split()]


def texts(root: ET.Element) -> list[str]:
    """Every visible text line of the picture."""
    return [e.text or "" for e in root.iter(SVG + "text")]


def point(e: ET.Element) -> tuple[Tile, Side]:
    return Tile.parse(e.get("data-tile", "")), Side(e.get("data-side"))


def random_layout(seed: int) -> Layout:
    """A maximal random layout (:meth:`Layout.random`)."""
    return Layout.random(seed)

def random_game(seed: int, players: int = 2, partners: bool = False, steps: int = 12) -> Game:
    rng = random.Random(seed)
    game = Game(players=players, partners=partners, seed=seed)
    for _ in range(steps):
        if game.hand_over:
            break
        game.apply(rng.choice(game.legal_actions()))
    return game


def sequence_layouts() -> list[Layout]:
    """The documented sequence as the package carries it (compared with RULES.md in
    test_layout; here it only gives realistic pictures, with or without the rule texts)."""
    from horserace_nb.teaching.examples import EXAMPLES

    return list(EXAMPLES["sequence"].layouts())


def example_layouts() -> list[Layout]:
    singles = [Layout.from_placements(list(p)) for p in SINGLE_LAYOUTS.values()]
    return sequence_layouts() + singles + [random_layout(s) for s in range(3)]


LAYOUTS = example_layouts()
IDS = [" ".join(map(str, x.tiles)) if len(x) < 10 else f"random-{len(x)}" for x in LAYOUTS]


# --------------------------------------------------------------------------- layouts
@pytest.mark.parametrize("layout", LAYOUTS, ids=IDS)
def test_one_tile_element_per_placed_tile(layout: Layout) -> None:
    root = parse(layout_svg(layout))
    tiles = classed(root, "tile")
    assert [Tile.parse(e.get("data-tile", "")) for e in tiles] == list(layout.tiles)
    ids = [e.get("id") for e in root.iter() if e.get("id")]
    assert len(ids) == len(set(ids)), "ids are unique within a picture"


@pytest.mark.parametrize("layout", LAYOUTS, ids=IDS)
def test_every_double_has_a_spinner_outline(layout: Layout) -> None:
    """R10: every double is a spinner, drawn with an orange outline."""
    spinners = classed(parse(layout_svg(layout)), "spinner")
    assert [Tile.parse(e.get("data-tile", "")) for e in spinners] == layout.spinners()
    assert all(e.get("stroke") == Theme().spinner for e in spinners)


@pytest.mark.parametrize("layout", LAYOUTS, ids=IDS)
def test_filled_numbers_are_the_counted_contributions(layout: Layout) -> None:
    """R13: one filled number per contribution, showing its value, where it is counted."""
    ends = classed(parse(layout_svg(layout)), "end")
    shown = [(*point(e), int("".join(e.itertext()))) for e in ends]
    assert shown == layout.scoring_points()
    assert [v for *_, v in shown] == [v for _, v in layout.contributions()]
    assert sum(v for *_, v in shown) == layout.end_total()


@pytest.mark.parametrize("layout", LAYOUTS, ids=IDS)
def test_hollow_dots_are_the_open_points_not_counted(layout: Layout) -> None:
    """R14: an open connection point that does not count gets a hollow dot."""
    root = parse(layout_svg(layout))
    hollow = [point(e) for e in classed(root, "open-point")]
    assert hollow == [(x, s) for x, s, _ in layout.open_points() if not layout.is_counted(x, s)]
    # every open point has exactly one mark: a number, a hollow dot, or (the second open
    # straight of an opening double) a small filled dot
    kinds = {"hr-svg-end", "hr-svg-open-point", "hr-svg-end-part"}
    marks = [point(e) for e in root.iter() if kinds & set(e.get("class", "").split())]
    assert Counter(marks) == Counter((x, s) for x, s, _ in layout.open_points())


@pytest.mark.parametrize("example", with_rule_texts(all_examples()), ids=str)
def test_worked_examples_show_the_texts_numbers(example) -> None:  # type: ignore[no-untyped-def]
    """The picture of each worked example shows the contributions and the summary sentences of
    the seed text (R13, R15)."""
    layout = layout_for(example.tile)
    root = parse(layout_svg(layout, lang=example.lang, highlight=example.tile))
    values = sorted(int("".join(e.itertext())) for e in classed(root, "end"))
    assert values == sorted(example.numbers["terms"])
    lines = texts(root)
    sentence_end = "。" if example.lang == "ja" else ". "
    for sentence in example.short.split(sentence_end):
        sentence = sentence.strip().rstrip(".")
        if sentence:
            assert any(sentence in line for line in lines), sentence
    assert classed(root, "highlight")[0].get("data-tile") == str(example.tile)


def test_opening_double_counts_once() -> None:
    """R13: [2|2] alone counts 4 once; its second open straight is not a second number and not
    a hollow dot (it belongs to the counted double)."""
    root = parse(layout_svg(Layout.from_placements([("[2|2]", None, None)])))
    assert ["".join(e.itertext()) for e in classed(root, "end")] == ["4"]
    assert [point(e) for e in classed(root, "end-part")] == [(Tile(2, 2), Side.STRAIGHT_B)]
    assert classed(root, "open-point") == []
    assert t("render.legend_double", "en") in " ".join(texts(root))  # a legend line, wrapped


def test_six_six_counts_twelve() -> None:
    """R13: [3|6] + [6|6]: the double on its open straight adds 12, one number."""
    layout = Layout.from_placements([("[3|6]", None, None), ("[6|6]", "[3|6]", "high")])
    ends = classed(parse(layout_svg(layout)), "end")
    assert [(point(e), "".join(e.itertext())) for e in ends] == [
        ((Tile(3, 6), Side.LOW), "3"), ((Tile(6, 6), Side.STRAIGHT_B), "12")]


def test_filled_spinner_branches_are_hollow() -> None:
    """R11, R14: once both straights of [1|1] are filled, its branches are open, not counted."""
    layout = sequence_layouts()[4]  # ... [1|2] on [1|1] straight B
    hollow = [point(e) for e in classed(parse(layout_svg(layout)), "open-point")]
    assert (Tile(1, 1), Side.BRANCH_A) in hollow and (Tile(1, 1), Side.BRANCH_B) in hollow


def test_highlight_and_targets() -> None:
    layout = sequence_layouts()[3]
    tile = Tile(1, 2)
    legal = layout.legal_points(tile)
    root = parse(layout_svg(layout, highlight="[3|4]", targets=legal))
    assert [e.get("data-tile") for e in classed(root, "highlight")] == ["[3|4]"]
    assert [point(e) for e in classed(root, "target")] == legal
    assert t("render.legend_target", "en") in " ".join(texts(root))
    plain = parse(layout_svg(layout))
    assert classed(plain, "highlight") == [] and classed(plain, "target") == []


def test_bad_highlight_or_target_is_refused() -> None:
    layout = sequence_layouts()[2]
    with pytest.raises(ValueError):
        layout_svg(layout, highlight="[6|6]")
    with pytest.raises(ValueError):  # [1|4] low is taken by [1|1]
        layout_svg(layout, targets=[("[1|4]", "low")])
    with pytest.raises(ValueError):
        layout_svg(layout, lang="fr")


@pytest.mark.parametrize("lang", LANGS)
def test_exercise_picture_hides_the_numbers(lang: str) -> None:
    """``show_numbers=False`` (the exercise widget): the tiles and spinners without the answer."""
    layout = sequence_layouts()[-1]
    root = parse(layout_svg(layout, lang=lang, show_numbers=False))
    assert len(classed(root, "tile")) == len(layout)
    assert len(classed(root, "spinner")) == len(layout.spinners())
    for name in ("end", "end-part", "open-point"):
        assert classed(root, name) == []
    shown = " ".join(texts(root)) + (root[1].text or "")
    assert t("describe.summary", lang, sum="", total="", raw="", display="")[:6] not in shown
    assert str(layout.tiles[-1]) in (root[1].text or "")
    assert root[1].text == describe_layout(layout, lang, numbers=False)


def test_text_alternative_and_accessibility() -> None:
    layout = sequence_layouts()[-1]
    for lang in LANGS:
        root = parse(layout_svg(layout, lang=lang))
        assert root.get("role") == "img" and root.get("lang") == lang
        title, desc = root[0], root[1]
        assert title.tag == SVG + "title" and title.text == t("describe.title", lang)
        assert desc.tag == SVG + "desc" and desc.text == layout.describe(lang)
    root = parse(layout_svg(layout, title="My <layout>"))
    assert root[0].text == "My <layout>"


def test_empty_layout() -> None:
    root = parse(layout_svg(Layout()))
    assert classed(root, "tile") == [] and root[1].text == Layout().describe("en")
    assert t("describe.empty", "en") in " ".join(texts(root))


def test_size_scales_by_viewbox() -> None:
    layout = LAYOUTS[-1]
    big, small = parse(layout_svg(layout)), parse(layout_svg(layout, size=200))
    assert big.get("viewBox") == small.get("viewBox")
    assert float(small.get("width", "0")) == 200
    ratio = float(small.get("height", "0")) / float(big.get("height", "0"))
    assert ratio == pytest.approx(200 / float(big.get("width", "0")), abs=0.01)


@pytest.mark.parametrize("lang", ["ko", "ja"])
def test_localized_strings(lang: str) -> None:
    layout = sequence_layouts()[-1]
    lines = texts(parse(layout_svg(layout, lang=lang, highlight=layout.tiles[-1])))
    for key in ("render.legend_counted", "render.legend_open", "render.legend_spinner"):
        assert t(key, lang) in lines and t(key, "en") not in lines
    assert t("describe.last", lang, tile=layout.tiles[-1]) in lines
    game = random_game(3)
    root = parse(game_svg(game, seat=0, lang=lang))
    assert root[0].text == t("render.title_game", lang, hand=1, name=t("render.seat", lang, n=1))
    assert any(t("render.boneyard", lang, count=len(game.boneyard)) in x for x in texts(root))


def test_render_messages_exist_in_every_language() -> None:
    keys = [k for k in MESSAGES if k.startswith("render.")]
    assert keys and all(set(MESSAGES[k]) == set(LANGS) for k in keys)


# --------------------------------------------------------------------------- determinism
def test_byte_identical_output() -> None:
    layout = LAYOUTS[-1]
    assert layout_svg(layout) == layout_svg(layout.copy())
    game = random_game(11, players=4, partners=True)
    assert game_svg(game, seat=1) == game_svg(game.copy(), seat=1)


def test_byte_identical_across_processes() -> None:
    """svgwrite's automatic ids count per process; the pictures use none, so a fresh interpreter
    (with another hash seed) draws the same bytes."""
    script = (
        "import sys; sys.path.insert(0, sys.argv[1]);"
        "from test_svg import LAYOUTS, random_game;"
        "from horserace_nb.render import layout_svg, game_svg;"
        "sys.stdout.write(layout_svg(LAYOUTS[-1], highlight=LAYOUTS[-1].tiles[-1]));"
        "sys.stdout.write(game_svg(random_game(11, players=4, partners=True), seat=1))")
    here = str(Path(__file__).parent)
    out = subprocess.run([sys.executable, "-c", script, here], capture_output=True, text=True,
                         check=True, env={"PYTHONHASHSEED": "12345", "PATH": ""}).stdout
    layout = LAYOUTS[-1]
    expected = (layout_svg(layout, highlight=layout.tiles[-1])
                + game_svg(random_game(11, players=4, partners=True), seat=1))
    assert out == expected


# --------------------------------------------------------------------------- games
def test_game_shows_only_the_viewers_hand() -> None:
    """R5: hands are private: the viewer's tiles face up, the others face down, counted."""
    game = random_game(5, players=3, steps=8)
    for seat in range(3):
        root = parse(game_svg(game, seat=seat))
        hands = classed(root, "hand")
        assert sorted(int(h.get("data-seat", "")) for h in hands) == [0, 1, 2]
        own = [h for h in hands if "hr-svg-own" in h.get("class", "").split()]
        assert [h.get("data-seat") for h in own] == [str(seat)]
        faces = [Tile.parse(e.get("data-tile", "")) for e in classed(root, "hand-tile")]
        assert faces == game.hands[seat]
        for hand in hands:
            other = int(hand.get("data-seat", ""))
            if other == seat:
                continue
            assert len(classed(hand, "tile-back")) == len(game.hands[other])
            assert all(e.get("data-tile") is None for e in hand.iter())
        hidden = {x for s in range(3) if s != seat for x in game.hands[s]} | set(game.boneyard)
        drawn = {Tile.parse(v) for e in root.iter() if (v := e.get("data-tile"))}
        assert not drawn & hidden
        assert not any(str(x) in (root[1].text or "") for x in hidden)


def test_game_status_scores_turn_boneyard() -> None:
    game = Game(hands=[["[1|4]", "[1|1]", "[1|2]"], ["[4|6]", "[2|5]"]], boneyard=["[0|0]"],
                leader=0, scores=[7, 12])
    game.apply(Place("[1|4]"))
    names = ["Ann", "Ben"]
    root = parse(game_svg(game, seat=1, names=names))
    lines = texts(root)
    items = [t("render.score_item", "en", name=n, points=p)
             for n, p in zip(names, game.scores, strict=True)]
    scores = t("render.scores", "en", target=61, scores=", ".join(items))
    assert scores in lines and "[1|4]" in (root[1].text or "")
    assert game.scores == [8, 12]  # [1|4] opened with 4 + 1 = 5 (R15)
    assert t("render.plays_again", "en", name="Ann") in lines  # R17: it scored
    assert any(t("render.boneyard_one", "en") in x for x in lines)
    # the last placement is highlighted by default, and not when asked not to
    assert [e.get("data-tile") for e in classed(root, "highlight")] == ["[1|4]"]
    assert classed(parse(game_svg(game, seat=1, highlight=None)), "highlight") == []


def test_partnership_scores_per_team() -> None:
    game = random_game(7, players=4, partners=True, steps=6)
    names = ["A", "B", "C", "D"]
    lines = texts(parse(game_svg(game, seat=0, names=names)))
    teams = [t("render.team", "en", a="A", b="C"), t("render.team", "en", a="B", b="D")]
    expected = ", ".join(t("render.score_item", "en", name=n, points=p)
                         for n, p in zip(teams, game.scores, strict=True))
    assert t("render.scores", "en", target=61, scores=expected) in lines


def test_hostile_player_name_stays_text() -> None:
    game = random_game(2, players=2, steps=3)
    svg = game_svg(game, seat=0, names=[HOSTILE, "Bob\x00\x1b"])
    root = parse(svg)  # well-formed despite quotes, angle brackets and control characters
    assert not [e for e in root.iter() if e.tag.endswith("img")]
    assert any(HOSTILE in x for x in texts(root))
    assert HOSTILE in (root[1].text or "")
    assert [h.get("data-name") for h in classed(root, "hand") if h.get("data-seat") == "0"] == [
        HOSTILE]
    assert "<img" not in svg and any("Bob" in x for x in texts(root))
    # a long name is shortened on the picture and kept whole in the text alternative
    long_name = "Bartholomew " * 5
    root = parse(game_svg(game, seat=0, names=["A", long_name]))
    assert not any(long_name in x for x in texts(root)) and long_name in (root[1].text or "")


def test_seat_view_draws_like_the_game() -> None:
    game = random_game(9, players=3, steps=10)
    for seat in range(3):
        assert game_svg(game.view(seat), seat=seat) == game_svg(game, seat=seat)
    with pytest.raises(ValueError):
        game_svg(game.view(0), seat=1)


def test_game_targets() -> None:
    game = next(g for s in range(20) if (g := random_game(s, steps=5)).pending is None
                and any(g.layout.legal_points(x) for x in g.hands[g.to_play]))
    tile = next(x for x in game.hands[game.to_play] if game.layout.legal_points(x))
    legal = game.layout.legal_points(tile)
    root = parse(game_svg(game, seat=game.to_play, targets=legal, selected=tile))
    assert [point(e) for e in classed(root, "target")] == legal
    assert [e.get("data-tile") for e in classed(root, "selected")] == [str(tile)]
    other = next(x for x in game.boneyard)
    with pytest.raises(ValueError):  # only a tile of the viewer's hand can be chosen
        game_svg(game, seat=game.to_play, selected=other)


# --------------------------------------------------------------------------- saving, Jupyter
def test_save_svg(tmp_path: Path) -> None:
    layout = sequence_layouts()[2]
    game = random_game(1)
    for name, obj, svg in [("layout", layout, layout_svg(layout, lang="ko")),
                           ("game", game, game_svg(game, seat=game.to_play)),
                           ("text", layout_svg(layout), layout_svg(layout))]:
        path = tmp_path / f"{name}.svg"
        options = {"lang": "ko"} if name == "layout" else {}
        assert save_svg(obj, path, **options) == svg
        written = path.read_text(encoding="utf-8")
        assert svg in written
        ET.parse(path)  # a well-formed file, with its XML declaration
    with pytest.raises(TypeError):
        save_svg(42, tmp_path / "x.svg")  # type: ignore[arg-type]


def test_jupyter_display() -> None:
    layout = sequence_layouts()[1]
    image = layout._repr_svg_()
    assert isinstance(image, SvgImage) and image == layout_svg(layout)
    assert image._repr_svg_() is image
    game = random_game(6)
    assert game._repr_svg_() == game_svg(game, seat=game.to_play)


@pytest.mark.parametrize("lang", LANGS)
def test_where_the_picture_cannot_show_its_text_alternative_does(lang: str) -> None:
    """A notebook JupyterLab does not trust shows an output's plain text only: it is the
    picture's title and description (as a screen reader reads them), never the markup."""
    from IPython.core.formatters import DisplayFormatter

    game = Game(players=3, seed=5)
    svg = game_svg(game, seat=0, lang=lang, names=[HOSTILE, "B", "C"])
    data, _ = DisplayFormatter().format(svg)
    assert data["image/svg+xml"] == svg
    root = parse(svg)
    assert data["text/plain"] == f"{root[0].text}\n{root[1].text}"
    assert HOSTILE in data["text/plain"] and "<svg" not in data["text/plain"]
    layout = sequence_layouts()[-1]
    data, _ = DisplayFormatter().format(layout_svg(layout, lang=lang))
    assert data["text/plain"] == f"{t('describe.title', lang)}\n{layout.describe(lang)}"


@pytest.mark.parametrize("lang", LANGS)
def test_a_game_description_reads_sentence_by_sentence(lang: str) -> None:
    """Each part of a game's description (the scores, whose turn, each hand, the boneyard)
    ends as a sentence ends, so a screen reader pauses between them."""
    game = Game(players=3, seed=5)
    desc = parse(game_svg(game, seat=0, lang=lang))[1].text or ""
    stop = "。" if lang == "ja" else "."
    for part in (t("render.to_play", lang, name=seat_name(0, lang)),
                 t("render.boneyard", lang, count=len(game.boneyard))):
        assert part + stop in desc, (part, desc)
    assert desc.endswith(stop)


def test_every_spot_of_a_points_exercise_lies_inside_the_picture() -> None:
    """A closed branch of a spinner is a choice in "which points are open" (lesson 02): its
    circle was cut by the picture's top edge (the layout's bounds hold the open points only)."""
    from horserace_nb.render.geometry import layout_geometry

    layout = Layout()
    layout.place("[2|4]")
    layout.place("[4|4]", on="[2|4]", side="high")
    spots = list(layout_geometry(layout).free)
    root = ET.fromstring(str(layout_svg(layout, show_numbers=False, spots=spots)))
    _, _, width, height = (float(v) for v in root.attrib["viewBox"].split())
    ns = "{http://www.w3.org/2000/svg}"
    board = next(g for g in root.iter(f"{ns}g") if g.attrib.get("class") == "hr-svg-board")
    dx = dy = 0.0
    for x, y in re.findall(r"translate\(([-\d.]+),([-\d.]+)\)", board.attrib["transform"]):
        dx, dy = dx + float(x), dy + float(y)
    circles = [c for c in board.iter(f"{ns}circle") if c.attrib.get("class") == "hr-svg-spot"]
    assert len(circles) == len(spots) and any(
        c.attrib["data-side"] == "branch_a" for c in circles)
    for c in circles:
        x, y, r = (float(c.attrib[k]) for k in ("cx", "cy", "r"))
        assert x + dx - r >= 0 and x + dx + r <= width, c.attrib
        assert y + dy - r >= 0 and y + dy + r <= height, c.attrib


# --------------------------------------------------------------------------- room on the page
def _seen_text_sizes(svg: str, shown_px: float) -> list[tuple[str, float]]:
    """Every text of a picture outside the board (its status, counts, captions and legend;
    not the legend's glyph) and the size it is read at when the picture is *shown_px* wide
    (its font size times the picture's scale)."""
    root = parse(svg)
    scale = shown_px / float(root.get("viewBox", "").split()[2])
    content = next(node for node in root.iter(f"{SVG}g") if node.get("class") == "hr-svg-content")
    return [("".join(node.itertext()), float(node.get("font-size", "0")) * scale)
            for node in content.iter(f"{SVG}text")
            if "".join(node.itertext()).strip() not in ("", "n")]


def _played(players: int, placements: int) -> Game:
    """A game of *players* after *placements* turns of the first legal action (deterministic)."""
    game = Game(players=players, seed=11)
    while placements and not game.hand_over:
        action = game.legal_actions()[0]
        game.apply(action)
        placements -= isinstance(action, Place)
    return game


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("room", [250, 320, 390])
def test_a_game_picture_given_its_room_is_read_at_its_text_size_on_a_phone(
        lang: str, room: int) -> None:
    """The board widget gives a game picture the width it has on the page: on a phone the
    picture's status, captions and legend are read at (nearly) the size a laptop shows them,
    however wide the layout has grown, instead of shrinking with the picture to about 6 px;
    with no room given the picture is as before (at least 560 wide)."""
    for placements in (0, 3, 12):
        game = _played(3, placements)
        plain = game_svg(game, seat=0, lang=lang, own_hand=False, interactive=True)
        fitted = game_svg(game, seat=0, lang=lang, own_hand=False, interactive=True, room=room)
        assert float(parse(plain).get("width", "0")) >= 560
        natural = float(parse(fitted).get("viewBox", "").split()[2])
        assert natural >= room  # a layout wider than the room widens it (then it scales down)
        if placements == 0:
            assert natural == room  # an empty layout: the picture is the room
        shown = min(room, natural)
        seen = _seen_text_sizes(fitted, shown)
        before = _seen_text_sizes(plain, shown)
        # the smallest text (counts, legend: 12.5 on a laptop), at worst twice drawn
        least = min(size for _, size in seen)
        assert least >= min(12.5, 12.5 * 2 * room / natural) - 0.01, (placements, seen)
        assert least > min(size for _, size in before) or natural == 560 == room
        # the same words (wrapped to the room: maybe on more lines)
        assert "".join(text for text, _ in seen).replace(" ", "") == \
            "".join(text for text, _ in before).replace(" ", "")
        assert fitted == game_svg(game, seat=0, lang=lang, own_hand=False, interactive=True,
                                  room=room)
        # a laptop's room (the picture is shown at its width): as with no room
        assert plain == game_svg(game, seat=0, lang=lang, own_hand=False, interactive=True,
                                 room=1200)


@pytest.mark.parametrize("room", [0, -320, float("nan"), float("inf"), True, "320", None])
def test_a_game_pictures_room_must_be_a_positive_number(room: object) -> None:
    game = Game(players=2, seed=1)
    if room is None:
        assert game_svg(game, seat=0, room=room) == game_svg(game, seat=0)
        return
    with pytest.raises(ValueError, match="room"):
        game_svg(game, seat=0, room=room)  # type: ignore[arg-type]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("room", [250, 390])
def test_a_layout_picture_given_its_room_is_read_at_its_text_size_on_a_phone(
        lang: str, room: int) -> None:
    """The replay's and the exercises' layout pictures, like a game's: on a phone their
    captions and legend are read at their size (at least at twice the scale), the same words;
    with a laptop's room, as with none."""
    for placements in (1, 4, 12):
        layout = _played(2, placements).layout
        plain = layout_svg(layout, lang=lang, highlight=layout.tiles[-1])
        fitted = layout_svg(layout, lang=lang, highlight=layout.tiles[-1], room=room)
        natural = float(parse(fitted).get("viewBox", "").split()[2])
        seen = _seen_text_sizes(fitted, min(room, natural))
        before = _seen_text_sizes(plain, min(room, natural))
        least = min(size for _, size in seen)
        assert least >= min(12.5, 12.5 * 2 * room / natural) - 0.01, (placements, seen)
        assert least > min(size for _, size in before)
        assert "".join(text for text, _ in seen).replace(" ", "") == \
            "".join(text for text, _ in before).replace(" ", "")
        assert plain == layout_svg(layout, lang=lang, highlight=layout.tiles[-1], room=1200)
    with pytest.raises(ValueError, match="room"):
        layout_svg(Layout(), room=-1)
