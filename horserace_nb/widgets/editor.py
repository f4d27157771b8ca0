"""A teacher's own positions and puzzles: :class:`PositionEditor` and :class:`PuzzleMaker`
(:func:`~horserace_nb.widgets.share.open_code` opens what a shared link carries).

:class:`PositionEditor` is the board of the other widgets with the 28 tiles as its palette
(the hand strip): choose where a tile goes (the table, a hand, the boneyard), then tap the tile;
on the table its open points light up and a tap on one lays it. The players, partners, scores,
target and who plays are set below; every change can be undone; the position code is shown
with a Copy button and a link that opens it in the classroom site. The logic is
:class:`~horserace_nb.sessions.editor.EditorSession`'s; this only shows it.

>>> editor = PositionEditor(lang="en")
>>> sorted(editor.board.moves)[:2], editor.board.moves["[0|0]"]["points"][0]["label"]
(['[0|0]', '[0|1]'], 'open with [0|0]')
>>> editor.board.receive({"kind": "place", "tile": "[1|4]", "on": None, "side": None,
...                       "rev": editor.board.revision})
>>> editor.session.placements
[(Tile(1, 4), None, None)]
>>> editor.put_on.value = 0
>>> editor.board.receive({"kind": "select", "tile": "[5|6]", "rev": editor.board.revision})
>>> editor.session.hands[0]
[Tile(5, 6)]

:class:`PuzzleMaker` makes puzzles from a position (a code or a :class:`Game`) into a set:
every way the turn can go with its raw and display points (best first) to tick as accepted
answers, the question and up to three hints in a language, "find a good move", the other hands
the solver sees; the set saved as a file and shown as a code and a link
(:class:`~horserace_nb.sessions.editor.PuzzleDraft`). The question and hints are kept for each
language the teacher writes them in (the language selector switches the fields between them), and
every language written goes into the set: the solver reads her own, else another one given.

:class:`ExampleMaker` records a worked example from a position: the teacher plays the turns on
the board (only what the rules allow; a draw or a pass by its button, refused citing the rule
as play refuses it), with an optional sentence per step, undoes the last step, and saves the
example file (shown as a code and a link) for :meth:`ReplayWidget.from_file
<horserace_nb.widgets.ReplayWidget.from_file>`
(:class:`~horserace_nb.sessions.editor.ExampleDraft`).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import anywidget
import ipywidgets as widgets
import traitlets

from ..core.actions import Action, Draw, Pass, Place
from ..core.errors import IllegalMove
from ..core.game import Game
from ..core.validate import MAX_SEED
from ..render.svg import game_svg, hand_strip, layout_svg, tile_strip
from ..sessions.editor import (
    BONEYARD,
    EditorError,
    EditorSession,
    ExampleDraft,
    Holder,
    PuzzleDraft,
    authoring_refusal,
    share_path,
)
from ..sessions.protocol import Choice, Moves, Text, board_moves, layout_moves, select_refusal
from ..teaching.authoring import MAX_HINTS, AuthoringError, PuzzleSet, TeacherExample
from ..words.i18n import LANGS, check_lang, t
from ..words.i18n import label as lang_label
from ..words.names import seat_name, team_name
from .base import View, replace_children
from .board import Board
from .common import Lang, esc, safe

__all__ = ["PositionEditor", "PuzzleMaker", "ExampleMaker", "CodeLine"]

_HERE = Path(__file__).parent
_TALL = "44px"  # every control a finger high (touch)
_MODES = {"2": (2, False), "3": (3, False), "4": (4, False), "4p": (4, True)}


def _button(**options: Any) -> widgets.Button:
    return widgets.Button(layout=widgets.Layout(width="auto", min_height=_TALL,
                                                min_width=_TALL), **options)


def _row(*children: widgets.Widget) -> widgets.HBox:
    return widgets.HBox(list(children), layout=widgets.Layout(flex_flow="row wrap",
                                                              align_items="center"))


class CodeLine(anywidget.AnyWidget):
    """A code in a read-only box, a Copy button and the link that opens it in the classroom
    site (``editor.js``: the front end finds the site's root from its own address, or uses
    :attr:`site`)."""

    _esm = (_HERE / "editor.js").read_text(encoding="utf-8")
    _css = """
.hr-code-line { display: flex; flex-wrap: wrap; align-items: center; gap: 6px; }
.hr-code-line .hr-code-box { flex: 1 1 16em; min-width: 0; min-height: 44px;
  font-family: var(--jp-code-font-family, monospace); color: var(--jp-ui-font-color1);
  background: var(--jp-layout-color1); border: 1px solid var(--jp-border-color1); }
.hr-code-line button, .hr-code-line a { min-height: 44px; min-width: 44px; padding: 0 12px;
  display: inline-flex; align-items: center; color: var(--jp-ui-font-color1);
  background: var(--jp-layout-color2); border: 1px solid var(--jp-border-color1); }
.hr-code-line a { color: var(--jp-content-link-color, LinkText); background: none; }
.hr-code-line :focus-visible { outline: 3px solid var(--jp-brand-color1, Highlight); }
.hr-editor .jupyter-button, .hr-editor select, .hr-editor input,
.hr-maker .jupyter-button, .hr-maker select, .hr-maker input { min-height: 44px; }
.hr-editor .hr-editor-held .jupyter-button { font-family: var(--jp-code-font-family, monospace); }
@media (prefers-reduced-motion: reduce) { .hr-code-line * { transition: none !important; } }
"""
    code = traitlets.Unicode("").tag(sync=True)
    path = traitlets.Unicode("").tag(sync=True)
    """The link, relative to the site's root ("" for none)."""
    site = traitlets.Unicode("").tag(sync=True)
    """The classroom site's address ("": this page's, when it is in the site)."""
    words = traitlets.Dict().tag(sync=True)
    lang = Lang("en").tag(sync=True)


def _code_words(label_key: str, link_key: str, lang: str, empty: str = "") -> dict[str, str]:
    return {"label": t(label_key, lang), "copy": t("editor.copy", lang),
            "copied": t("editor.copied", lang), "link": t(link_key, lang), "empty": empty}


# ---------------------------------------------------------------------------- the editor
class PositionEditor(View):
    """Build a position on the board, tile by tile, and share it as a code and a link.

    :param position: a position to start from (a :class:`Game` or a position code), or
        ``None`` for an empty table with every tile in the palette.
    :param players: 2, 3 or 4; *partners*: 4 in two teams (R2) (for an empty start).
    :param lang: the language of every word; *switch*: show the language switch.
    :param site: the classroom site's address, for the links ("" : the page's own site).
    :param folder: where :class:`PuzzleMaker` saves a set file (default: the current folder).
    """

    def __init__(self, position: Game | str | None = None, *, players: int = 2,
                 partners: bool = False, lang: str = "en", switch: bool = True,
                 site: str = "", folder: str | os.PathLike[str] = ".") -> None:
        check_lang(lang)
        self.session = EditorSession(players, partners)
        if position is not None:
            self.session.load(position)
        self._site = str(site)
        self._folder = Path(folder)
        super().__init__(lang=lang, switch=switch)
        self.title = widgets.HTML()
        self.help = widgets.HTML()
        self.board = Board(lang=lang)
        self.put_on = widgets.ToggleButtons(style={"button_width": "auto"})
        self.held = widgets.VBox([])
        self.held.add_class("hr-editor-held")
        self.mode = widgets.Dropdown(options=list(_MODES), style={"description_width": "initial"})
        self.to_play = widgets.Dropdown(style={"description_width": "initial"})
        self.target = widgets.BoundedIntText(min=1, max=999, style={"description_width": "initial"},
                                             layout=widgets.Layout(width="12em"))
        self.scores = widgets.HBox([], layout=widgets.Layout(flex_flow="row wrap"))
        self.seed = widgets.BoundedIntText(value=1, min=-MAX_SEED, max=MAX_SEED,
                                           style={"description_width": "initial"},
                                           layout=widgets.Layout(width="14em"))
        self.deal_button = _button(icon="random")
        self.undo_button = _button(icon="undo")
        self.clear_button = _button(icon="trash")
        self.code_line = CodeLine(site=self._site, lang=lang)
        self.code_note = widgets.HTML()
        self.load_text = widgets.Text(layout=widgets.Layout(width="24em"))
        self.load_button = _button(icon="folder-open")
        self.puzzle_button = _button(icon="puzzle-piece", button_style="primary")
        self.maker_box = widgets.VBox([])
        self.maker: PuzzleMaker | None = None
        self.example_button = _button(icon="film")
        self.example_box = widgets.VBox([])
        self.example_maker: ExampleMaker | None = None
        self._quiet = False
        self.children = [
            _row(self.title, self.lang_switch), self.help, self.put_on, self.board, self.held,
            self.messages.box,
            _row(self.undo_button, self.clear_button, self.seed, self.deal_button),
            _row(self.mode, self.to_play, self.target), self.scores,
            self.code_line, self.code_note, _row(self.load_text, self.load_button),
            _row(self.puzzle_button, self.example_button), self.maker_box, self.example_box]
        self.add_class("hr-editor")
        self.board.on_choice(self._on_choice)
        self.board.on_refusal(self._on_refusal)
        self.board.observe(self._on_room, names="room")
        self.put_on.observe(self._on_put_on, names="value")
        self.mode.observe(self._on_mode, names="value")
        self.to_play.observe(self._on_to_play, names="value")
        self.target.observe(self._on_target, names="value")
        self.deal_button.on_click(lambda _: self._act(self._deal))
        self.undo_button.on_click(lambda _: self._act(self._undo))
        self.clear_button.on_click(lambda _: self._act(self._clear))
        self.load_button.on_click(lambda _: self._act(self._load))
        self.puzzle_button.on_click(lambda _: self._act(self._make_puzzle))
        self.example_button.on_click(lambda _: self._act(self._make_example))
        self.start()

    # ------------------------------------------------------------------ public
    def code(self) -> str:
        """The position code of the position built (see :meth:`EditorSession.code`).

        :raises EditorError: while the position is not one to play (naming the rule)."""
        return self.session.code()

    def link(self) -> str:
        """The link that opens the position in the classroom site, relative to its root."""
        return share_path(self.code(), self.lang)

    # ------------------------------------------------------------------ drawing
    def relocalize(self, lang: str) -> None:
        self.title.value = f"<h3 lang='{lang}'>{t('editor.title', lang)}</h3>"
        self.help.value = f"<p lang='{lang}'>{t('editor.help', lang)}</p>"
        self.deal_button.description = t("editor.deal_rest", lang)
        self.seed.description = t("play.seed", lang)
        self.undo_button.description = t("editor.undo", lang)
        self.clear_button.description = t("editor.clear", lang)
        self.mode.description = t("editor.players", lang)
        self.to_play.description = t("editor.to_play", lang)
        self.target.description = t("editor.target", lang)
        self.load_button.description = t("editor.load", lang)
        self.load_text.placeholder = t("editor.load_placeholder", lang)
        self.puzzle_button.description = t("editor.make_puzzle", lang)
        self.example_button.description = t("editor.make_example", lang)
        self.code_line.lang = lang
        if self.maker is not None:
            self.maker.lang = lang
        if self.example_maker is not None:
            self.example_maker.lang = lang
        self._redraw()

    def _holders(self) -> list[tuple[str, Holder]]:
        lang = self.lang
        holders: list[tuple[str, Holder]] = [(t("editor.table", lang), "table")]
        holders += [(seat_name(s, lang), s) for s in range(self.session.players)]
        holders.append((t("editor.boneyard", lang), BONEYARD))
        return holders

    def _redraw(self) -> None:
        lang, s = self.lang, self.session
        self._quiet = True
        try:
            chosen = self.put_on.value if self.put_on.value is not None else "table"
            holders = self._holders()
            if [v for _, v in holders] != [v for _, v in self.put_on.options] or \
                    [n for n, _ in holders] != [n for n, _ in self.put_on.options]:
                self.put_on.options = holders
            self.put_on.value = chosen if chosen in [v for _, v in holders] else "table"
            self.put_on.description = t("editor.put_on", lang)
            self.mode.options = [(t(f"play.mode_{k}", lang), k) for k in _MODES]
            self.mode.value = next(k for k, v in _MODES.items() if v == (s.players, s.partners))
            self.to_play.options = [(seat_name(i, lang), i) for i in range(s.players)]
            self.to_play.value = s.to_play
            self.target.value = s.target
            self._draw_scores()
        finally:
            self._quiet = False
        self._draw_board()
        self._draw_held()
        self._draw_code()

    def _draw_scores(self) -> None:
        lang, s = self.lang, self.session
        names = [seat_name(i, lang) for i in range(s.players)]
        if s.partners:
            names = [team_name(names[0], names[2], lang), team_name(names[1], names[3], lang)]
        boxes = list(self.scores.children)
        if len(boxes) != len(names):
            boxes = [widgets.BoundedIntText(min=0, max=998, style={"description_width": "initial"},
                                            layout=widgets.Layout(width="14em"))
                     for _ in names]
            for i, box in enumerate(boxes):
                box.observe(self._score_observer(i), names="value")
            replace_children(self.scores, boxes)
        for box, name, points in zip(boxes, names, s.scores, strict=True):
            box.description = t("editor.score_of", lang, name=name)
            box.value = points

    def _score_observer(self, index: int) -> Callable[[Any], None]:
        def observe(change: Any) -> None:
            if not self._quiet and self.started:
                self._act(lambda: self.session.set_score(index, int(change["new"])))
        return observe

    def _moves(self) -> Moves:
        s = self.session
        if self.put_on.value in (None, "table"):
            return layout_moves(s.layout, s.palette, self.lang)
        return {str(tile): {"announce": "", "points": []} for tile in s.palette}

    def _draw_board(self) -> None:
        lang, s = self.lang, self.session
        room = self.board.room or None
        svg = layout_svg(s.layout, lang=lang, interactive=True, room=room)
        palette = s.palette
        strip = tile_strip(palette, label=t("editor.palette", lang, count=len(palette)),
                           lang=lang)
        self.board.show(str(svg), self._moves(), hand=strip)

    def _draw_held(self) -> None:
        lang, s = self.lang, self.session
        rows = []
        groups: list[tuple[str, list[Any]]] = [
            (t("editor.hand_tiles", lang, name=seat_name(i, lang)), list(hand))
            for i, hand in enumerate(s.hands)]
        groups.append((t("editor.boneyard_tiles", lang), s.boneyard))
        for name, tiles in groups:
            buttons = []
            for tile in tiles:
                button = _button(description=str(tile),
                                 tooltip=t("editor.give_back", lang, tile=tile))
                button.on_click(lambda _, tile=tile: self._act(lambda: self._take_back(tile)))
                buttons.append(button)
            rows.append(_row(widgets.HTML(f"<b lang='{lang}'>{name}</b>"), *buttons))
        replace_children(self.held, rows)

    def _draw_code(self) -> None:
        lang = self.lang
        try:
            code = self.session.code()
        except EditorError as exc:
            self.code_line.code, self.code_line.path = "", ""
            self.code_note.value = (f"<span lang='{lang}'>"
                                    f"{esc(t('editor.no_code', lang, why=exc.localized(lang)))}"
                                    "</span>")
            self.code_line.words = _code_words("editor.code", "editor.link", lang)
            self.puzzle_button.disabled = self.example_button.disabled = True
            return
        self.code_line.words = _code_words("editor.code", "editor.link", lang)
        self.code_line.code = code
        self.code_line.path = share_path(code, lang)
        self.code_note.value = ""
        self.puzzle_button.disabled = self.example_button.disabled = False

    # ------------------------------------------------------------------ actions
    def _act(self, action: Callable[[], Any]) -> None:
        """Run *action*; a refusal is said (naming its rule) and nothing changes."""
        try:
            action()
        except IllegalMove as exc:
            self._tell(exc.localized, "error")
            return
        except AuthoringError as exc:
            self._tell(authoring_refusal(exc), "error")
            return
        self._redraw()

    def _tell(self, text: Text, kind: str = "info") -> None:
        self.messages.tell(text, self.lang, kind=kind)
        self.board.announce(text(self.lang))

    @safe
    def _on_choice(self, choice: Choice) -> None:
        tile = choice.tile
        holder = self.put_on.value
        if choice.kind == "place":
            self._act(lambda: self._lay(choice))
        elif choice.kind == "select" and holder not in (None, "table"):
            self._act(lambda: self._give(tile, holder))
        elif choice.kind == "select" and self.session.holder_of(tile) is None and \
                not self.session.layout.is_empty and not self.session.points_for(tile):
            lo, hi = tile.low, tile.high
            self._tell((lambda lang: t("play.fits_nowhere_double", lang, tile=tile, number=lo))
                       if tile.is_double else
                       (lambda lang: t("play.fits_nowhere", lang, tile=tile, low=lo, high=hi)),
                       "error")

    def _on_refusal(self, text: Text) -> None:
        self._tell(text, "error")
        self._draw_board()

    def _lay(self, choice: Choice) -> None:
        self.session.lay(choice.tile, choice.on, choice.side)
        tile = choice.tile
        self._tell(lambda lang: t("editor.laid", lang, tile=tile))

    def _give(self, tile: Any, holder: Holder) -> None:
        self.session.give(tile, holder)
        self._tell(lambda lang: t("editor.given", lang, tile=tile,
                                  holder=_holder_name(holder, lang)))

    def _take_back(self, tile: Any) -> None:
        self.session.take_back(tile)
        self._tell(lambda lang: t("editor.taken_back", lang, tile=tile))

    def _deal(self) -> None:
        seed = int(self.seed.value)
        self.session.deal_rest(seed)
        self._tell(lambda lang: t("editor.dealt", lang, seed=seed))

    def _undo(self) -> None:
        done = self.session.undo()
        self._tell(lambda lang: t("editor.undone" if done else "editor.nothing_to_undo", lang))

    def _clear(self) -> None:
        self.session.clear()
        self._tell(lambda lang: t("editor.cleared", lang))

    def _load(self) -> None:
        self.session.load(self.load_text.value.strip())
        self.load_text.value = ""
        self._tell(lambda lang: t("editor.loaded", lang))

    def _make_puzzle(self) -> None:
        code = self.session.code()
        if self.maker is None:
            self.maker = PuzzleMaker(code, lang=self.lang, switch=False, site=self._site,
                                     folder=self._folder)
            replace_children(self.maker_box, [self.maker])
        else:
            self.maker.start_at(code)

    def _make_example(self) -> None:
        """A new :class:`ExampleMaker` at the position built (replacing one opened before)."""
        game = self.session.game()
        self.example_maker = ExampleMaker(game, lang=self.lang, switch=False, site=self._site,
                                          folder=self._folder)
        replace_children(self.example_box, [self.example_maker])  # closes the one before

    @safe
    def _on_put_on(self, _change: Any) -> None:
        if not self._quiet and self.started:
            self._draw_board()

    @safe
    def _on_mode(self, change: Any) -> None:
        if not self._quiet and self.started:
            players, partners = _MODES[change["new"]]
            self._act(lambda: self.session.set_players(players, partners))

    @safe
    def _on_to_play(self, change: Any) -> None:
        if not self._quiet and self.started and change["new"] is not None:
            self._act(lambda: self.session.set_to_play(int(change["new"])))

    @safe
    def _on_target(self, change: Any) -> None:
        if not self._quiet and self.started:
            self._act(lambda: self.session.set_target(int(change["new"])))

    def _on_room(self, _change: Any) -> None:
        if self.started:
            self._draw_board()


def _holder_name(holder: Holder, lang: str) -> str:
    if holder == BONEYARD:
        return t("editor.boneyard", lang)
    return t("render.your_hand", lang, name=seat_name(int(holder), lang))


# ---------------------------------------------------------------------------- the puzzle maker
class PuzzleMaker(View):
    """Make puzzles from positions into a set (a file and a link).

    :param position: the position of the first puzzle (a :class:`Game` or a position code).
    :param name: the set's name (what its results are recorded under).
    :param folder: where :meth:`save` writes ``<name>.json`` (default: the current folder).
    """

    def __init__(self, position: Game | str, *, name: str = "my-puzzles", lang: str = "en",
                 switch: bool = True, site: str = "",
                 folder: str | os.PathLike[str] = ".") -> None:
        check_lang(lang)
        self.draft = PuzzleDraft()
        self.draft.start(position)
        self._folder = Path(folder)
        super().__init__(lang=lang, switch=switch)
        self.title = widgets.HTML()
        self.turns_note = widgets.HTML()
        self.turns = widgets.VBox([], layout=widgets.Layout(max_height="24em", overflow="auto"))
        self.text_lang = widgets.Dropdown(options=[(lang_label(x), x) for x in LANGS], value=lang,
                                          style={"description_width": "initial"})
        self.text_note = widgets.HTML()
        self.question = widgets.Textarea(layout=widgets.Layout(width="100%"))
        self.hints = [widgets.Text(layout=widgets.Layout(width="100%")) for _ in range(MAX_HINTS)]
        self._texts: dict[str, tuple[str, list[str]]] = {}
        """The question and hints of each language but the one in the fields."""
        self._shown_lang = lang
        self.good = widgets.Checkbox(value=False, indent=False,
                                     layout=widgets.Layout(width="auto"))
        self.shown = widgets.VBox([])
        self.add_button = _button(icon="plus", button_style="primary")
        self.set_name = widgets.Text(value=name, style={"description_width": "initial"})
        self.save_button = _button(icon="save")
        self.code_line = CodeLine(site=site, lang=lang)
        self.children = [
            _row(self.title, self.lang_switch), self.turns_note, self.turns, self.text_lang,
            self.text_note, self.question, *self.hints, self.good, self.shown, self.add_button,
            self.messages.box, _row(self.set_name, self.save_button), self.code_line]
        self.add_class("hr-maker")
        self.add_button.on_click(lambda _: self._act(self._add))
        self.save_button.on_click(lambda _: self._act(self._save))
        self.text_lang.observe(self._on_text_lang, names="value")
        self.start()

    def texts(self) -> tuple[dict[str, str], dict[str, list[str]]]:
        """The question and the hints written, by language (every language with a question;
        blank hints left out): what the next puzzle added is given."""
        written = {**self._texts, self._shown_lang: (self.question.value,
                                                     [h.value for h in self.hints])}
        questions = {lang: written[lang][0] for lang in LANGS
                     if lang in written and written[lang][0].strip()}
        hints = {lang: [h for h in written[lang][1] if h.strip()] for lang in questions}
        return questions, {lang: ladder for lang, ladder in hints.items() if ladder}

    def _on_text_lang(self, change: Any) -> None:
        """Keep the fields' texts under the language they were written in and show the
        chosen language's."""
        old, new = self._shown_lang, change["new"]
        self._texts[old] = (self.question.value, [h.value for h in self.hints])
        question, hints = self._texts.pop(new, ("", []))
        self._shown_lang = new
        self.question.value = question
        for box, text in zip(self.hints, [*hints, *[""] * MAX_HINTS], strict=False):
            box.value = text

    def start_at(self, position: Game | str) -> None:
        """List the turns of another position (the puzzles made so far stay in the set)."""
        self.draft.start(position)
        self._draw_turns()
        self._draw_shown()

    def puzzle_set(self) -> PuzzleSet:
        """The set made so far under its name."""
        return self.draft.puzzle_set(self.set_name.value.strip())

    def save(self) -> Path:
        """Write the set file ``<folder>/<name>.json`` (a file of another kind is left as it
        is: :meth:`PuzzleSet.save`)."""
        puzzles = self.puzzle_set()
        return puzzles.save(self._folder / f"{puzzles.name}.json")

    # ------------------------------------------------------------------ drawing
    def relocalize(self, lang: str) -> None:
        self.title.value = f"<h4 lang='{lang}'>{t('author.title', lang)}</h4>"
        self.turns_note.value = f"<p lang='{lang}'>{t('author.turns', lang)}</p>"
        self.text_lang.description = t("author.text_lang", lang)
        self.text_note.value = f"<p lang='{lang}'>{esc(t('author.text_lang_note', lang))}</p>"
        self.question.placeholder = t("author.question", lang)
        for i, hint in enumerate(self.hints, start=1):
            hint.placeholder = t("author.hint", lang, n=i)
        self.good.description = t("author.good", lang)
        self.add_button.description = t("author.add", lang)
        self.set_name.description = t("author.set_name", lang)
        self.set_name.placeholder = t("author.set_name_placeholder", lang)
        self.save_button.description = t("author.save", lang)
        self.code_line.lang = lang
        self._draw_turns()
        self._draw_shown()
        self._draw_code()

    def _draw_turns(self) -> None:
        lang = self.lang
        boxes = []
        for c in self.draft.candidates:
            key = "author.turn_best" if c.best else "author.turn"
            box = widgets.Checkbox(value=c.number in self.draft.marked, indent=False,
                                   layout=widgets.Layout(width="auto"),
                                   description=t(key, lang, number=c.number,
                                                 moves=c.text(self.draft.code, lang), raw=c.raw,
                                                 display=c.display))
            box.observe(lambda _change, n=c.number: self.draft.mark(n), names="value")
            boxes.append(box)
        replace_children(self.turns, boxes)

    def _draw_shown(self) -> None:
        lang = self.lang
        game = Game.from_code(self.draft.code)
        boxes = [widgets.Checkbox(value=False, indent=False, layout=widgets.Layout(width="auto"),
                                  description=t("author.shown", lang, name=seat_name(s, lang)))
                 for s in range(game.players) if s != game.to_play]
        replace_children(self.shown, boxes)

    def _draw_code(self) -> None:
        lang = self.lang
        self.code_line.words = _code_words("author.set_name", "author.link", lang)
        if not self.draft.puzzles:
            self.code_line.code, self.code_line.path = "", ""
            return
        try:
            code = self.puzzle_set().to_code()
        except AuthoringError:
            self.code_line.code, self.code_line.path = "", ""
            return
        self.code_line.code = code
        self.code_line.path = share_path(code, lang)

    # ------------------------------------------------------------------ actions
    def _act(self, action: Callable[[], Any]) -> None:
        try:
            action()
        except AuthoringError as exc:
            self.messages.tell(authoring_refusal(exc), self.lang, kind="error")
        except IllegalMove as exc:
            self.messages.tell(exc.localized, self.lang, kind="error")

    def _add(self) -> None:
        game = Game.from_code(self.draft.code)
        others = [s for s in range(game.players) if s != game.to_play]
        shown = [s for s, box in zip(others, self.shown.children, strict=True) if box.value]
        questions, hints = self.texts()
        if not questions:  # nothing written: the field at fault is the question
            questions = {self._shown_lang: self.question.value}
        self.draft.add(questions, hints=hints or None,
                       kind="good" if self.good.value else "best", shown=shown)
        count = len(self.draft.puzzles)
        self.messages.tell(lambda lang: t("author.added", lang, n=count), self.lang, kind="ok")
        self._draw_turns()
        self._draw_code()

    def _save(self) -> None:
        path = self.save()
        name = self.puzzle_set().name
        self.messages.tell(lambda lang: t("author.saved", lang, path=str(path), name=name),
                           self.lang, kind="ok")
        self._draw_code()


# ---------------------------------------------------------------------------- the example maker
class ExampleMaker(View):
    """Record a worked example from a position and save it as an example file (and a link).

    :param position: where the example starts (a :class:`Game` or a position code).
    :param name: the file's name (``<name>.json``), also what the predictions asked on it are
        recorded under.
    :param folder: where :meth:`save` writes the file (default: the current folder).

    >>> maker = ExampleMaker("hr1.QOQZQVO.DUa-FGJLPRY-SIANBXMETHCKWb.AAAj", lang="en")
    >>> maker.note.value = "15 scores 3 (R15)."
    >>> maker.board.receive({"kind": "place", "tile": "[5|6]", "on": "[3|6]", "side": "high",
    ...                      "rev": maker.board.revision})
    >>> maker.draft.notes, maker.note.value
    (['15 scores 3 (R15).'], '')
    >>> maker.draw_button.click(); "R16" in maker.messages.html.value
    True
    """

    def __init__(self, position: Game | str, *, name: str = "my-example", lang: str = "en",
                 switch: bool = True, site: str = "",
                 folder: str | os.PathLike[str] = ".") -> None:
        check_lang(lang)
        self.draft = ExampleDraft(position)
        self._folder = Path(folder)
        super().__init__(lang=lang, switch=switch)
        self.heading = widgets.HTML()
        self.help = widgets.HTML()
        self.board = Board(lang=lang)
        self.note = widgets.Textarea(layout=widgets.Layout(width="100%"))
        self.draw_button = _button(icon="plus")
        self.pass_button = _button(icon="forward")
        self.undo_button = _button(icon="undo")
        self.steps_note = widgets.HTML()
        self.text_lang = widgets.Dropdown(options=[(lang_label(x), x) for x in LANGS], value=lang,
                                          style={"description_width": "initial"})
        self.example_title = widgets.Text(layout=widgets.Layout(width="100%"))
        self.name = widgets.Text(value=name, style={"description_width": "initial"})
        self.save_button = _button(icon="save", button_style="primary")
        self.code_line = CodeLine(site=site, lang=lang)
        self.children = [
            _row(self.heading, self.lang_switch), self.help, self.board, self.note,
            _row(self.draw_button, self.pass_button, self.undo_button), self.steps_note,
            self.messages.box, self.text_lang, self.example_title,
            _row(self.name, self.save_button), self.code_line]
        self.add_class("hr-maker")
        self.board.on_choice(self._on_choice)
        self.board.on_refusal(self._on_refusal)
        self.board.observe(lambda _: self._draw_board() if self.started else None, names="room")
        self.draw_button.on_click(lambda _: self._play(Draw()))
        self.pass_button.on_click(lambda _: self._play(Pass()))
        self.undo_button.on_click(lambda _: self._undo())
        self.save_button.on_click(lambda _: self._act(self._save))
        self.start()

    def example(self) -> TeacherExample:
        """The example of the steps so far, written in the chosen language.

        :raises AuthoringError: a bad name or title, or no step yet."""
        return self.draft.example(self.name.value.strip(), self.example_title.value,
                                  lang=self.text_lang.value)

    def save(self) -> Path:
        """Write ``<folder>/<name>.json`` (a file of another kind is left as it is:
        :meth:`TeacherExample.save`)."""
        example = self.example()
        return example.save(self._folder / f"{example.key}.json")

    # ------------------------------------------------------------------ drawing
    def relocalize(self, lang: str) -> None:
        self.heading.value = f"<h4 lang='{lang}'>{t('exmaker.title', lang)}</h4>"
        self.help.value = f"<p lang='{lang}'>{t('exmaker.help', lang)}</p>"
        self.note.placeholder = t("exmaker.note", lang)
        self.draw_button.description = t("play.draw", lang)
        self.pass_button.description = t("play.pass", lang)
        self.undo_button.description = t("exmaker.undo", lang)
        self.text_lang.description = t("exmaker.text_lang", lang)
        self.example_title.placeholder = t("exmaker.example_title", lang)
        self.name.description = t("exmaker.name", lang)
        self.name.placeholder = t("author.set_name_placeholder", lang)
        self.save_button.description = t("exmaker.save", lang)
        self.code_line.lang = lang
        self._draw_board()
        self._draw_steps()
        self._draw_code(None)

    def _draw_board(self) -> None:
        lang, game = self.lang, self.draft.game()
        over = game.hand_over
        seat = game.to_play
        svg = str(game_svg(game, seat=seat, lang=lang, interactive=not over, own_hand=over,
                           room=self.board.room or None))
        pending = game.pending
        self.board.readonly = over
        self.board.show(svg, board_moves(None if over else game, lang),
                        "" if over or pending is None else str(pending),
                        hand="" if over else hand_strip(game, seat=seat, lang=lang))

    def _draw_steps(self) -> None:
        lang, count = self.lang, len(self.draft.steps)
        self.steps_note.value = (f"<p lang='{lang}' aria-live='polite'>"
                                 f"{esc(t('exmaker.steps', lang, count=count))}</p>")

    def _draw_code(self, example: TeacherExample | None) -> None:
        lang = self.lang
        self.code_line.words = _code_words("exmaker.code", "exmaker.link", lang)
        if example is None:
            self.code_line.code, self.code_line.path = "", ""
            return
        code = example.to_code()
        self.code_line.code = code
        self.code_line.path = share_path(code, lang)

    # ------------------------------------------------------------------ actions
    def _tell(self, text: Text, kind: str = "info") -> None:
        self.messages.tell(text, self.lang, kind=kind)
        self.board.announce(text(self.lang))

    def _act(self, action: Callable[[], Any]) -> None:
        try:
            action()
        except AuthoringError as exc:
            field = exc.field
            self._tell(lambda lang: t("exmaker.refused", lang, field=field), "error")
        except IllegalMove as exc:
            self._tell(exc.localized, "error")

    def _play(self, action: Action) -> None:
        def play() -> None:
            self.draft.play(action, self.note.value)
            self.note.value = ""
            count = len(self.draft.steps)
            self._tell(lambda lang: t("exmaker.played", lang, n=count), "ok")
            self._draw_board()
            self._draw_steps()
            self._draw_code(None)
        self._act(play)

    def _undo(self) -> None:
        done = self.draft.undo()
        self._tell(lambda lang: t("exmaker.undone" if done else "editor.nothing_to_undo", lang))
        self._draw_board()
        self._draw_steps()
        self._draw_code(None)

    def _save(self) -> None:
        path = self.save()
        name = self.example().key
        self._tell(lambda lang: t("exmaker.saved", lang, path=str(path), name=name), "ok")
        self._draw_code(self.example())

    @safe
    def _on_choice(self, choice: Choice) -> None:
        if choice.kind == "place":
            self._play(Place(choice.tile, choice.on, choice.side))
            return
        refusal = select_refusal(self.draft.game(), choice.tile)
        if refusal is not None:  # not in the hand, not the drawn tile, fits nowhere
            self._tell(refusal, "error")

    def _on_refusal(self, text: Text) -> None:
        self._tell(text, "error")
        self._draw_board()
