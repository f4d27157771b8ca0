"""The teacher's class view: :class:`ClassReport` reads the learners' results files ("Download
my results", :mod:`horserace_nb.teaching.progress`) from a folder, a list of files or files
picked with its button, and shows the class by learner (the files of one learner merged into
one row, :func:`~horserace_nb.teaching.progress.learner_key`): a table learner × lesson
(stars), a grid learner × lesson item (right at the first try, right later, missed), the rules
most missed as a bar chart, who has not started (from a roster: a list or a text file of
names), the files merged and the files refused with their reasons, and two CSV exports.

Nothing is sent anywhere: the files are read in the kernel (in JupyterLite, in the browser).
Files are untrusted: read without following links or opening anything but a regular file,
bounded in size and number, their texts cleaned and escaped wherever shown. Files picked with
the button (:class:`Uploader`) travel one per message, each at most
:data:`~horserace_nb.teaching.progress.MAX_BYTES`: an upload of any size arrives (Voilà's
websocket refuses a message over 10 MiB, and ``ipywidgets.FileUpload`` sends all the files in
one), and a file missing at the end is said in a sentence.

>>> import tempfile, pathlib
>>> from horserace_nb.teaching.progress import Result, results_file
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> r = Result("02", "exercise", "open", 101000, stars=3, tries=1, when="2026-12-01T09:00:00")
>>> text = results_file([r], learner="Mina", saved="2026-12-01T10:00:00")
>>> _ = (folder / "mina.json").write_text(text, encoding="utf-8")
>>> _ = (folder / "notes.txt").write_text("not results")
>>> report = ClassReport(folder)
>>> report.data.learners(), [name for name, _ in report.data.refused]
(['Mina'], ['notes.txt'])
"""

from __future__ import annotations

import base64
import itertools
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any

import anywidget
import ipywidgets as widgets
import traitlets

from ..teaching.course import COURSE, LESSONS, exercise_set, lesson_items
from ..teaching.course import title as lesson_title
from ..teaching.exercises import ExerciseSet
from ..teaching.progress import (
    MAX_BYTES,
    MAX_FILES,
    ClassData,
    Content,
    ResultsError,
    class_data,
    clean_text,
    read_file,
    read_folder,
    read_roster,
)
from ..words.i18n import grammar, t
from ..words.names import list_text
from .base import View
from .common import esc, safe

__all__ = ["ClassReport", "Uploader"]

Source = str | Path | Sequence[str | Path] | None
Roster = str | Path | Iterable[str]
Batch = list[tuple[str, Content]]



class _Names:
    """Names put in a sentence as tokens, then shown each in its own ``<bdi>`` (a name in a
    right-to-left script never turns the words around it), all escaped."""

    def __init__(self) -> None:
        self.names: list[str] = []

    def __call__(self, name: str) -> str:
        self.names.append(name)
        return f"\0{len(self.names) - 1}\0"  # names are cleaned: no NUL in them

    def html(self, text: str) -> str:
        out = esc(text)
        for i, name in enumerate(self.names):
            out = out.replace(f"\0{i}\0", f"<bdi>{esc(name)}</bdi>", 1)
        return out
_SYMBOLS = {"first": "✓", "later": "½", "missed": "✗", "": ""}


def _files(source: Source) -> Iterator[tuple[str, Content]]:
    """(name, contents or why not) of the files of *source*, each read as it is reached: a
    folder's files (:func:`~horserace_nb.teaching.progress.read_folder`), or the files listed
    (read alike: no link followed, nothing but a regular file opened, at most
    ``MAX_BYTES + 1`` bytes)."""
    if source is None:
        return iter(())
    if isinstance(source, (str, Path)) and Path(source).expanduser().is_dir():
        return read_folder(Path(source).expanduser())
    paths = [Path(p).expanduser() for p in
             ([source] if isinstance(source, (str, Path)) else list(source))]
    return ((clean_text(path.name, 255), read_file(path)) for path in paths)


_ESM = """
export default {
  render({ model, el }) {
    const input = document.createElement("input");
    input.type = "file";
    input.multiple = true;
    input.accept = ".json,application/json";
    input.hidden = true;
    const button = document.createElement("button");
    button.type = "button";
    button.className = "jupyter-button hr-report-upload";
    button.style.minHeight = "44px";
    button.style.padding = "0 1em";
    const draw = () => {
      button.textContent = model.get("label");
      button.lang = model.get("lang");
    };
    draw();
    model.on("change:label", draw);
    model.on("change:lang", draw);
    // the keys the button handles never reach the notebook's shortcuts
    button.addEventListener("keydown", (event) => event.stopPropagation());
    button.addEventListener("click", () => input.click());
    input.addEventListener("change", async () => {
      const files = Array.from(input.files || []);
      input.value = "";
      const batch = `${Date.now()}-${Math.random()}`;
      const limit = model.get("max_bytes");
      model.send({ kind: "begin", batch, count: files.length });
      // one file a message: no message is larger than one file the report reads
      for (const [index, file] of files.entries()) {
        const head = { kind: "file", batch, index, name: file.name, size: file.size };
        if (file.size > limit) {
          model.send(head);
          continue;
        }
        try {
          const buffer = await file.arrayBuffer();
          model.send(head, undefined, [buffer]);
        } catch (error) {
          model.send({ ...head, error: String((error && error.name) || error) });
        }
      }
      model.send({ kind: "end", batch, count: files.length });
    });
    el.append(button, input);
    return () => {
      model.off("change:label", draw);
      model.off("change:lang", draw);
    };
  },
};
"""


class Uploader(anywidget.AnyWidget):
    """A button that picks files and sends them one per message (each at most
    :data:`~horserace_nb.teaching.progress.MAX_BYTES`; a larger file is announced without
    its contents and refused as too large), then how many were sent.

    :attr:`files` holds the last batch: ``(name, contents or why not)``; the callbacks given
    to :meth:`on_files` are called with it when the batch is complete, or with the files that
    did arrive and how many were picked when some are missing.
    """

    _esm = _ESM
    label = traitlets.Unicode("").tag(sync=True)
    lang = traitlets.Unicode("en").tag(sync=True)
    max_bytes = traitlets.Int(MAX_BYTES).tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.files: Batch = []
        self._batch: str | None = None
        self._count = 0
        self._callbacks: list[Callable[[Batch, int], None]] = []
        self._progress: list[Callable[[int, int], None]] = []
        self.on_msg(self._from_front_end)

    def on_files(self, callback: Callable[[Batch, int], None],
                 progress: Callable[[int, int], None] | None = None) -> None:
        """Call ``callback(files, picked)`` when a batch ends (*picked*: how many files were
        picked), and ``progress(arrived, picked)`` as each file arrives."""
        self._callbacks.append(callback)
        if progress is not None:
            self._progress.append(progress)

    def _from_front_end(self, _: Any, content: Any, buffers: Sequence[Any]) -> None:
        """One message of the front end (anything malformed is ignored)."""
        if not isinstance(content, dict):
            return
        kind, batch = content.get("kind"), content.get("batch")
        count = content.get("count")
        if kind == "begin" and isinstance(batch, str) and type(count) is int and count >= 0:
            self._batch, self._count, self.files = batch, count, []
        elif kind == "file" and batch == self._batch and batch is not None:
            name = clean_text(str(content.get("name", "?")), 255)
            size = content.get("size")
            if len(self.files) >= MAX_FILES:
                why: Content = ResultsError(f"file: more than {MAX_FILES} files; not read",
                                            code="many")
            elif buffers:
                why = bytes(memoryview(buffers[0])[:MAX_BYTES + 1])
            elif type(size) is int and size > MAX_BYTES:
                why = ResultsError(f"file: larger than {MAX_BYTES // 1000} KB; not a results "
                                   "file", code="large")
            else:
                why = ResultsError("file: could not be read in the browser", code="unreadable")
            self.files.append((name, why))
            for progress in self._progress:
                progress(len(self.files), self._count)
        elif kind == "end" and batch == self._batch and batch is not None:
            self._batch = None
            for callback in self._callbacks:
                callback(list(self.files), self._count)


class ClassReport(View):
    """The class view of the learners' results files.

    :param source: a folder (its files are read, ``*.json`` first; links and special files
        are refused, not followed), a list of files, or ``None`` to pick files with the button
        (Voilà, JupyterLite); ``~`` is the home folder. Keep results files outside the
        notebooks' folder: the site builder publishes that folder.
    :param roster: the class's names, a list or a text file (a path, one name a line): those
        without a file are listed as not started.
    :param lang: en, ko or ja (the ``lang`` trait can change it later).

    It has no board; its one live region is the list of the files refused.
    """

    def __init__(self, source: Source = None, *, roster: Roster = (),
                 lang: str = "en") -> None:
        super().__init__(lang=lang, switch=False)
        self.roster = read_roster(roster)
        self._source = source
        _files(source)  # a folder that cannot be listed is said now
        self._picked: list[tuple[str, Content]] = []
        self._incomplete: tuple[int, int] | None = None
        self._quiet = False
        self.data: ClassData = ClassData()
        self.title = widgets.HTML()
        self.upload = Uploader()
        self.count = widgets.HTML()
        self.table = widgets.HTML()
        self.grid_lesson = widgets.Dropdown(layout=widgets.Layout(width="auto",
                                                                  min_height="44px"))
        self.grid = widgets.HTML()
        self.items_learner = widgets.Dropdown(layout=widgets.Layout(width="auto",
                                                                    min_height="44px"))
        self.items = widgets.HTML()
        """The learner chosen's own items of the lesson chosen, with their answers."""
        self.chart = widgets.HTML()
        self.not_started = widgets.HTML()
        self.merged = widgets.HTML()
        self.refused = widgets.HTML()
        self.csv_link = widgets.HTML()
        self.sets = widgets.HTML()
        """The teacher's own puzzle sets: each learner's stars on each, under the set's name."""
        self.children = [self.title, widgets.HBox([self.upload, self.count],
                                                  layout=widgets.Layout(align_items="center")),
                         self.table, self.sets, self.grid_lesson, self.grid,
                         self.items_learner, self.items, self.chart,
                         self.not_started,
                         self.merged, self.refused, self.csv_link, self.messages.box]
        self.add_class("hr-report")
        self.upload.on_files(self._on_upload, self._on_progress)
        self.grid_lesson.observe(self._on_grid_lesson, names="value")
        self.items_learner.observe(self._on_grid_lesson, names="value")
        self.read()
        self.start()

    # ------------------------------------------------------------------ the API
    def read(self, files: Iterable[tuple[str, Content]] | None = None) -> ClassData:
        """Read the files given (again: each one read as it is reached, so that a class's
        files are never all in memory), the files picked, and *files* (``(name, contents)``)."""
        if files is not None:
            self._picked += list(files)
        self.data = class_data(itertools.chain(_files(self._source), self._picked),
                               roster=self.roster)
        if self.started:
            self._render()
        return self.data

    def csv(self) -> str:
        """The table as CSV text (what the first download link saves)."""
        return self.data.csv()

    def grid_csv(self) -> str:
        """The grid learner × lesson item as CSV text (the second download link)."""
        return self.data.grid_csv()

    # ------------------------------------------------------------------ callbacks
    @safe
    def _on_upload(self, files: Batch, picked: int) -> None:
        self._picked = files
        self._incomplete = (len(files), picked) if len(files) < picked else None
        self.read()

    @safe
    def _on_progress(self, arrived: int, picked: int) -> None:
        self.count.value = (f"<span lang='{self.lang}'>"
                            f"{esc(t('report.reading', self.lang, count=arrived, total=picked))}"
                            "</span>")

    @safe
    def _on_grid_lesson(self, change: Any) -> None:
        if not self._quiet:
            self._render_grid()
            self._render_items()

    def own_items(self, learner: int, lesson: str) -> ExerciseSet:
        """The items learner *learner* (a row of the report) gets in *lesson*: the lesson's
        designed cases in the positions of the learner's name (as the learner's browser drew
        them: :func:`~horserace_nb.teaching.course.exercise_set`)."""
        return exercise_set(lesson, learner=self.data.rows()[learner].name)

    def relocalize(self, lang: str) -> None:
        self._render()

    # ------------------------------------------------------------------ drawing
    def reason(self, why: ResultsError) -> str:
        """A refused file's reason in the report's language."""
        if why.code == "field":
            return t("report.why.field", self.lang, field=why.field)
        if why.code == "many":
            return t("report.why.many", self.lang, count=MAX_FILES)
        return t(f"report.why.{why.code}", self.lang)

    @safe
    def _render(self) -> None:
        from ..render.charts import bars_svg

        lang, data = self.lang, self.data
        self.title.value = f"<h3 lang='{lang}'>{esc(t('report.title', lang))}</h3>"
        self.upload.label = t("report.upload", lang)
        self.upload.lang = lang
        learners = data.learners()
        count = t("report.count", lang, count=len(learners))
        self.count.value = f"<span lang='{lang}'>{esc(count)}</span>"
        if not learners:
            self.table.value = f"<p lang='{lang}'>{esc(t('report.no_files', lang))}</p>"
        else:
            head_style, cell_style = _head(lang), _cell(lang)  # once, not once a cell
            head = "".join(_column_head(_heading(lesson_title(n, lang)), head_style)
                           for n in LESSONS)
            rows = []
            for i, (name, cells) in enumerate(data.table()):
                won = sum(s for s, _ in cells)
                possible = sum(p for _, p in cells)
                shown = [t("report.cell", lang, stars=s, possible=p, first=state.first) if p
                         else t("progress.games", lang, count=state.games)
                         for (s, p), state in zip(cells, data.lessons(i), strict=True)]
                tds = "".join(_centred_cell(c, cell_style) for c in shown)
                rows.append(f"<tr><th scope='row' style='{_NAME}'>"
                            f"<bdi>{esc(name)}</bdi></th>{tds}<td style='padding:0.2em 0.6em'>"
                            f"{won}/{possible}</td></tr>")
            self.table.value = (  # wider than the notebook: it scrolls in its own box
                f"<div class='hr-report-scroll' style='{_SCROLL}'>"
                f"<table class='hr-report-table' lang='{lang}' style='border-collapse:collapse'>"
                f"<tr><th scope='col' style='{_NAME}'>"
                f"{esc(t('report.learner', lang))}</th>{head}<th scope='col' style='{head_style}'>"
                f"{esc(t('report.total', lang))}</th></tr>{''.join(rows)}</table></div>")
        self.sets.value = sets_html(data, lang)
        self._render_grid_menu()
        self._render_grid()
        self._render_items()
        missed = data.rules_missed()
        self.chart.value = (f"<div lang='{lang}'><b>{esc(t('report.missed_title', lang))}</b>"
                            f"<div class='hr-report-chart'>{bars_svg(missed, lang=lang)}</div>"
                            "</div>")
        names = _Names()
        absent = [names(name) for name in data.not_started()]
        line = (t("report.not_started", lang, names=list_text(absent, lang))
                if absent else t("report.all_started", lang))
        self.not_started.value = (f"<p class='hr-report-absent' lang='{lang}'>"
                                  f"{names.html(line)}</p>" if learners or absent else "")
        merged = data.merged()
        if merged:
            joined = []
            for name, files in merged:
                names = _Names()
                file_list = list_text([names(f) for f in files], lang)
                line = t("report.merged", lang, name=names(name), files=file_list)
                joined.append(f"<li>{names.html(line)}</li>")
            self.merged.value = (f"<div class='hr-report-merged' lang='{lang}'>"
                                 f"<b>{esc(t('report.merged_title', lang))}</b>"
                                 f"<ul>{''.join(joined)}</ul></div>")
        else:
            self.merged.value = ""
        notes = []
        if self._incomplete is not None:
            arrived, picked = self._incomplete
            notes.append(f"<p>{esc(t('report.incomplete', lang, count=arrived, total=picked))}"
                         "</p>")
        if data.refused:
            refused = []
            for name, why in data.refused:
                names = _Names()
                line = t("report.refused", lang, name=names(name), reason=self.reason(why))
                refused.append(f"<li>{names.html(line)}</li>")
            notes.append(f"<b>{esc(t('report.refused_title', lang))}</b>"
                         f"<ul>{''.join(refused)}</ul>")
        self.refused.value = (f"<div class='hr-report-refused' lang='{lang}' role='status'>"
                              f"{''.join(notes)}</div>" if notes else "")
        if learners:
            self.csv_link.value = (_download(data.csv(), "class-report.csv", "hr-report-csv",
                                             t("report.csv", lang), lang)
                                   + " " + _download(data.grid_csv(), "class-items.csv",
                                                     "hr-report-grid-csv",
                                                     t("report.csv_grid", lang), lang))
        else:
            self.csv_link.value = ""

    def _render_grid_menu(self) -> None:
        lang = self.lang
        options = [(lesson_title(n, lang), n) for n in LESSONS if lesson_items(n)]
        value = self.grid_lesson.value
        if list(self.grid_lesson.options) != options:
            self._quiet = True
            try:
                self.grid_lesson.options = options
                self.grid_lesson.value = value if value in dict(options).values() \
                    else options[0][1]
            finally:
                self._quiet = False
        self.grid_lesson.description = t("report.grid_lesson", lang)
        self.grid_lesson.layout.display = None if self.data.files else "none"
        learners = [(name, i) for i, name in enumerate(self.data.learners())]
        chosen = self.items_learner.value
        if list(self.items_learner.options) != learners:
            self._quiet = True
            try:
                self.items_learner.options = learners
                self.items_learner.value = (chosen if chosen in dict(learners).values()
                                            else learners[0][1] if learners else None)
            finally:
                self._quiet = False
        self.items_learner.description = t("report.learner", lang)
        self.items_learner.layout.display = None if learners else "none"

    def _render_items(self) -> None:
        """The chosen learner's own items of the chosen lesson, each question with its answer
        (the pupils' site carries no key: the positions come from the learner's name)."""
        lang, lesson, row = self.lang, self.grid_lesson.value, self.items_learner.value
        if not self.data.files or lesson is None or row is None or not any(
                c.slug == lesson and c.exercises for c in COURSE):
            self.items.value = ""
            return
        entries = []
        for number, drill in enumerate(self.own_items(row, lesson).exercises, 1):
            title = t("report.grid_item", lang, lesson=lesson_title(lesson, lang), number=number)
            entries.append(f"<li><b>{esc(title)}</b>"
                           f"<div style='white-space:pre-line'>{esc(drill.question(lang))}</div>"
                           f"<div>{esc(t('exercise.shown', lang, text=drill.answer_text(lang)))}"
                           "</div></li>")
        name = self.data.learners()[row]
        self.items.value = (f"<div class='hr-report-items' lang='{lang}'>"
                            f"<b>{esc(t('report.items_title', lang))}</b> "
                            f"<bdi>{esc(name)}</bdi>"  # each title is numbered: no list numbers
                            f"<ul style='list-style:none;padding-left:0.5em'>{''.join(entries)}"
                            "</ul></div>")

    def _render_grid(self) -> None:
        """The grid learner × item of the lesson chosen (every item is in the grid's CSV)."""
        lang, data = self.lang, self.data
        lesson = self.grid_lesson.value
        if not data.files or lesson is None:
            self.grid.value = ""
            return
        columns = [i for i, (n, _) in enumerate(data.items()) if n == lesson]
        titles = [t("report.grid_item", lang, lesson=lesson_title(lesson, lang), number=k + 1)
                  for k in range(len(columns))]
        head = "".join(f"<th scope='col' title='{esc(title)}' style='padding:0.2em 0.4em'>"
                       f"{k + 1}</th>" for k, title in enumerate(titles))
        rows = []
        for name, states in data.grid():
            tds = "".join(f"<td data-state='{states[i] or 'none'}' style='padding:0.2em 0.4em;"
                          f"text-align:center'>{_SYMBOLS[states[i]]}</td>" for i in columns)
            rows.append(f"<tr><th scope='row' style='{_NAME}'>"
                        f"<bdi>{esc(name)}</bdi></th>{tds}</tr>")
        self.grid.value = (
            f"<div lang='{lang}'><b>{esc(t('report.grid_title', lang))}</b>"
            f"<p>{esc(t('report.grid_legend', lang))}</p>"
            f"<div class='hr-report-scroll' style='{_SCROLL}'>"
            f"<table class='hr-report-grid' data-lesson='{esc(lesson)}' "
            f"style='border-collapse:collapse'><tr><th scope='col' style='{_NAME}'>"
            f"{esc(t('report.learner', lang))}</th>"
            f"{head}</tr>{''.join(rows)}</table></div></div>")


# The report's tables, read by a teacher in a notebook as narrow as a tablet's: a learner's
# name on one line (a Japanese name was set one character a line), a heading broken between
# words only (Korean) and never narrower than a few characters, a cell's words kept whole; a
# table wider than the notebook scrolls sideways in its own box.
_LEAST = "line-break:strict;min-width:6em"
_SCROLL = "overflow-x:auto;max-width:100%"
_NAME = "text-align:left;padding:0.2em 0.6em;white-space:nowrap"


def _head(lang: str) -> str:
    """A column heading's style: broken as *lang* breaks words (Korean between words; a
    Japanese heading with keep-all would not break at all), never narrower than six characters
    (a name one character a line, a heading broken mid-word)."""
    return f"word-break:{grammar('_word_break', lang)};{_LEAST}"


def _cell(lang: str) -> str:
    return f"word-break:{grammar('_word_break', lang)};line-break:strict;min-width:5em"


def _column_head(inner: str, style: str) -> str:
    """A padded column heading around *inner* (HTML, already escaped), styled *style*
    (:func:`_head`)."""
    return f"<th scope='col' style='padding:0.2em 0.6em;{style}'>{inner}</th>"


def _centred_cell(text: str, style: str) -> str:
    """A padded, centred cell of *text* (escaped here), styled *style* (:func:`_cell`)."""
    return f"<td style='padding:0.2em 0.6em;text-align:center;{style}'>{esc(text)}</td>"


_KATAKANA = re.compile("[\u30a1-\u30ff\u31f0-\u31ff]{2,}")


def _heading(text: str) -> str:
    """A column heading escaped, each katakana word in it kept whole ("プレイ" ⏎ "ヤー" was
    seen: a browser breaks between any two kana)."""
    return _KATAKANA.sub(lambda m: f"<span style='white-space:nowrap'>{m.group(0)}</span>",
                         esc(text))


def sets_html(data: ClassData, lang: str) -> str:
    """The table of the teacher's own puzzle sets (:func:`~horserace_nb.teaching.authoring.
    set_stars`: results recorded under ``<set name>/<number>``): a row per learner, a column per
    set named as the set is, each cell the stars won and the puzzles solved; "" when no learner
    has played one."""
    from ..teaching.authoring import set_stars

    rows = [(row.name, set_stars(row.results)) for row in data.rows()]
    names = sorted({name for _, stars in rows for name in stars})
    if not names:
        return ""
    head_style, cell_style = _head(lang), _cell(lang)
    head = "".join(_column_head(f"<bdi>{esc(name)}</bdi>", head_style) for name in names)
    body = []
    for learner, stars in rows:
        cells = []
        for name in names:
            won = stars.get(name, {})
            text = (t("report.set_cell", lang, stars=sum(won.values()),
                      count=sum(1 for v in won.values() if v)) if won else "")
            cells.append(_centred_cell(text, cell_style))
        body.append(f"<tr><th scope='row' style='{_NAME}'>"
                    f"<bdi>{esc(learner)}</bdi></th>{''.join(cells)}</tr>")
    return (f"<div class='hr-report-sets' lang='{lang}'><b>{esc(t('report.sets_title', lang))}"
            f"</b><div class='hr-report-scroll' style='{_SCROLL}'>"
            f"<table style='border-collapse:collapse'><tr><th scope='col' "
            f"style='{_NAME}'>"
            f"{esc(t('report.learner', lang))}</th>"
            f"{head}</tr>{''.join(body)}</table></div></div>")


def _download(text: str, name: str, css: str, label: str, lang: str) -> str:
    payload = base64.b64encode(("\ufeff" + text).encode("utf-8")).decode("ascii")
    return (f"<a class='{css} jupyter-button' lang='{lang}' download='{name}' "
            f"href='data:text/csv;charset=utf-8;base64,{payload}' "
            "style='display:inline-flex;align-items:center;min-height:44px;padding:0 1em'>"
            f"{esc(label)}</a>")
