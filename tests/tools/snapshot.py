"""Render SVG pictures to PNG with headless Chromium, to look at what the renderer draws.

Usage (from the repository root)::

    .venv/bin/python tests/tools/snapshot.py              # examples + random games -> /tmp/hr_png/
    .venv/bin/python tests/tools/snapshot.py --out DIR --games 5 --langs en,ko,ja
    .venv/bin/python tests/tools/snapshot.py pic.svg ...  # existing SVG files -> DIR/<name>.png
    .venv/bin/python tests/tools/snapshot.py --docs       # docs/layout.png and docs/game.png

The examples are the rule texts' worked examples (RULES.md): every step of the documented
placement sequence, the single layouts [2|2] and [0|0], and [3|6] + [6|6]; then maximal random
layouts and views of random games. Uses Playwright with the system Chromium
(``/usr/bin/chromium``); it never downloads a browser.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from horserace_nb import Game, Layout, Tile  # noqa: E402
from horserace_nb.render.svg import game_svg, layout_svg  # noqa: E402

CHROMIUM = "/usr/bin/chromium"

SEQUENCE = [  # RULES.md, "worked examples"
    ("[1|4]", None, None), ("[1|1]", "[1|4]", "low"), ("[4|4]", "[1|4]", "high"),
    ("[3|4]", "[4|4]", "straight_b"), ("[1|2]", "[1|1]", "straight_b"),
    ("[1|5]", "[1|1]", "branch_a"), ("[5|5]", "[1|5]", "high"),
    ("[0|5]", "[5|5]", "straight_b"), ("[1|3]", "[1|1]", "branch_b"),
]
SINGLES = {
    "double_2_2": [("[2|2]", None, None)],
    "double_0_0": [("[0|0]", None, None)],
    "3_6_and_6_6": [("[3|6]", None, None), ("[6|6]", "[3|6]", "high")],
}


def example_svgs(langs: Iterable[str]) -> dict[str, str]:
    """Name -> SVG of every worked example, in each language."""
    out: dict[str, str] = {}
    for lang in langs:
        for k in range(1, len(SEQUENCE) + 1):
            layout = Layout.from_placements(SEQUENCE[:k])  # type: ignore[arg-type]
            out[f"{lang}_sequence_{k:02d}"] = layout_svg(
                layout, lang=lang, highlight=layout.tiles[-1])
        for name, placements in SINGLES.items():
            layout = Layout.from_placements(placements)  # type: ignore[arg-type]
            out[f"{lang}_{name}"] = layout_svg(layout, lang=lang, highlight=layout.tiles[-1])
        layout = Layout.from_placements(SEQUENCE[:4])  # type: ignore[arg-type]
        tile = Tile(1, 2)
        out[f"{lang}_targets_1_2"] = layout_svg(layout, lang=lang,
                                                targets=layout.legal_points(tile))
    return out


def random_layout(seed: int) -> Layout:
    """A maximal random layout (:meth:`Layout.random`)."""
    return Layout.random(seed)

def random_game(seed: int, players: int = 2, partners: bool = False,
                stop: float = 1.0) -> Game:
    """A game played by random legal actions, stopped after a share *stop* of the actions
    its first hand takes (1.0: at the end of the hand)."""

    def play(limit: int) -> tuple[Game, int]:
        rng = random.Random(seed)
        game = Game(players=players, partners=partners, seed=seed)
        steps = 0
        while not game.hand_over and steps < limit:
            game.apply(rng.choice(game.legal_actions()))
            steps += 1
        return game, steps

    _, total = play(10_000)
    return play(int(total * stop))[0]


def game_svgs(count: int, langs: list[str]) -> dict[str, str]:
    out: dict[str, str] = {}
    for seed in range(1, count + 1):
        layout = random_layout(seed)
        out[f"random_layout_{seed}_{len(layout)}tiles"] = layout_svg(
            layout, highlight=layout.tiles[-1])
    configs = [(2, False), (3, False), (4, True), (4, False)]
    for i in range(count):
        players, partners = configs[i % len(configs)]
        lang = langs[i % len(langs)]
        game = random_game(100 + i, players, partners, stop=1.0 if i % 4 == 3 else 0.6)
        names = ["Alice", "Bob", "<img src=x onerror=alert(1)>", "Dana"][:players]
        out[f"game_{i + 1}_{players}p{'_partners' if partners else ''}_{lang}"] = game_svg(
            game, seat=0, lang=lang, names=names)
    return out


def docs_svgs() -> dict[str, str]:
    """The README pictures: the last step of the documented sequence, and a mid-hand view of a
    2-player game with a chosen tile and its legal targets."""
    layout = Layout.from_placements(SEQUENCE)  # type: ignore[arg-type]
    game = random_game(22, 2, False, stop=0.55)
    tile = next(x for x in game.hands[game.to_play] if game.layout.legal_points(x))
    return {
        "layout": layout_svg(layout, highlight=layout.tiles[-1]),
        "game": game_svg(game, seat=game.to_play, names=["Alice", "Bob"], selected=tile,
                         targets=game.layout.legal_points(tile)),
    }


def snapshot(svgs: dict[str, str], out: Path, scale: float = 1.0) -> list[Path]:
    """Write ``out/<name>.svg`` and screenshot each into ``out/<name>.png``."""
    from playwright.sync_api import sync_playwright

    out.mkdir(parents=True, exist_ok=True)
    written = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM,
                                    args=["--no-sandbox", "--disable-gpu"])
        page = browser.new_page(device_scale_factor=scale)
        for name, svg in svgs.items():
            (out / f"{name}.svg").write_text(svg, encoding="utf-8")
            page.set_content("<!doctype html><html><body style='margin:0;background:#fff'>"
                             + svg + "</body></html>")
            element = page.locator("svg").first
            path = out / f"{name}.png"
            element.screenshot(path=str(path))
            written.append(path)
        browser.close()
    return written


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="*", type=Path, help="SVG files to render instead")
    parser.add_argument("--out", type=Path, default=Path("/tmp/hr_png"))
    parser.add_argument("--games", type=int, default=4, help="random layouts and games")
    parser.add_argument("--langs", default="en,ko,ja")
    parser.add_argument("--scale", type=float, default=1.0, help="device pixel ratio")
    parser.add_argument("--docs", action="store_true",
                        help="write the README pictures docs/layout.png and docs/game.png")
    args = parser.parse_args(argv)
    langs = args.langs.split(",")
    if args.docs:
        out = Path("/tmp/hr_png_docs")
        for path in snapshot(docs_svgs(), out, scale=1.5):
            if path.suffix == ".png":
                target = ROOT / "docs" / path.name
                target.write_bytes(path.read_bytes())
                print(target, f"{target.stat().st_size // 1024} KB")
        return
    if args.files:
        svgs = {f.stem: f.read_text(encoding="utf-8") for f in args.files}
    else:
        svgs = {**example_svgs(langs), **game_svgs(args.games, langs)}
    for path in snapshot(svgs, args.out, args.scale):
        print(path)


if __name__ == "__main__":
    main()
