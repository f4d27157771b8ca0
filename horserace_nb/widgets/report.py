"""The teacher's class view: :class:`ClassReport` reads the learners' results files ("Download
my results", :mod:`horserace_nb.teaching.progress`) from a folder, a list of files or a file
upload, and shows the class: a table learner × lesson (stars), the rules most missed as a bar
chart, who has not started, the files refused with their reasons, and a CSV export.

Nothing is sent anywhere: the files are read in the kernel (in JupyterLite, in the browser).

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
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import ipywidgets as widgets

from ..teaching.course import LESSONS
from ..teaching.progress import MAX_BYTES, ClassData, ResultsError, class_data
from ..words.i18n import t
from ..words.names import list_text
from .base import View
from .common import esc, safe

__all__ = ["ClassReport"]

Source = str | Path | Sequence[str | Path] | None


def _files(source: Source) -> list[tuple[str, str | bytes]]:
    """(name, contents) of the files of *source*: a folder's ``*.json`` files in name order, or
    the files listed; a file too large is not read whole (it is refused as too large)."""
    if source is None:
        return []
    if isinstance(source, (str, Path)):
        path = Path(source)
        paths = sorted(path.glob("*.json")) + sorted(
            p for p in path.iterdir() if p.is_file() and p.suffix != ".json"
        ) if path.is_dir() else [path]
    else:
        paths = [Path(p) for p in source]
    out: list[tuple[str, str | bytes]] = []
    for path in paths:
        try:
            with path.open("rb") as handle:
                out.append((path.name, handle.read(MAX_BYTES + 1)))
        except OSError as exc:
            out.append((path.name, f"\0{type(exc).__name__}"))
    return out


def _uploaded(value: Any) -> list[tuple[str, str | bytes]]:
    """(name, contents) of an ``ipywidgets.FileUpload``'s value (ipywidgets 8: a tuple of
    dicts with ``name`` and ``content``)."""
    out: list[tuple[str, str | bytes]] = []
    entries = value.values() if isinstance(value, dict) else value
    for entry in entries or ():
        name = str(entry.get("name", "?")) if isinstance(entry, dict) else "?"
        content = entry.get("content", b"") if isinstance(entry, dict) else b""
        out.append((name, bytes(content)))
    return out


class ClassReport(View):
    """The class view of the learners' results files.

    :param source: a folder (its files are read, ``*.json`` first), a list of files, or
        ``None`` to pick files with the upload button (Voilà, JupyterLite).
    :param roster: the class's names: those without a file are listed as not started.
    :param lang: en, ko or ja (the ``lang`` trait can change it later).

    It has no board; its one live region is the list of the files refused.
    """

    def __init__(self, source: Source = None, *, roster: Iterable[str] = (),
                 lang: str = "en") -> None:
        super().__init__(lang=lang, switch=False)
        self.roster = tuple(str(name) for name in roster)
        self._given = _files(source)
        self._picked: list[tuple[str, str | bytes]] = []
        self.data: ClassData = ClassData()
        self.title = widgets.HTML()
        self.upload = widgets.FileUpload(accept=".json,application/json", multiple=True,
                                         layout=widgets.Layout(min_height="44px"))
        self.count = widgets.HTML()
        self.table = widgets.HTML()
        self.chart = widgets.HTML()
        self.not_started = widgets.HTML()
        self.refused = widgets.HTML()
        self.csv_link = widgets.HTML()
        self.children = [self.title, widgets.HBox([self.upload, self.count],
                                                  layout=widgets.Layout(align_items="center")),
                         self.table, self.chart, self.not_started, self.refused, self.csv_link,
                         self.messages.box]
        self.add_class("hr-report")
        self.upload.observe(self._on_upload, names="value")
        self.read()
        self.start()

    # ------------------------------------------------------------------ the API
    def read(self, files: Iterable[tuple[str, str | bytes]] | None = None) -> ClassData:
        """Read the files given, the files picked, and *files* (``(name, contents)``)."""
        if files is not None:
            self._picked += list(files)
        self.data = class_data(self._given + self._picked, roster=self.roster)
        if self.started:
            self._render()
        return self.data

    def csv(self) -> str:
        """The table as CSV text (what the download link saves)."""
        return self.data.csv()

    # ------------------------------------------------------------------ callbacks
    @safe
    def _on_upload(self, change: Any) -> None:
        self._picked = _uploaded(change["new"])
        self.read()

    def relocalize(self, lang: str) -> None:
        self._render()

    # ------------------------------------------------------------------ drawing
    def reason(self, why: ResultsError) -> str:
        """A refused file's reason in the report's language."""
        if why.code == "field":
            return t("report.why.field", self.lang, field=why.field)
        return t(f"report.why.{why.code}", self.lang)

    @safe
    def _render(self) -> None:
        from ..render.charts import bars_svg

        lang, data = self.lang, self.data
        self.title.value = f"<h3 lang='{lang}'>{esc(t('report.title', lang))}</h3>"
        self.upload.description = t("report.upload", lang)
        learners = data.learners()
        count = t("report.count", lang, count=len(learners))
        self.count.value = f"<span lang='{lang}'>{esc(count)}</span>"
        if not learners:
            self.table.value = f"<p lang='{lang}'>{esc(t('report.no_files', lang))}</p>"
        else:
            head = "".join(f"<th scope='col' style='padding:0.2em 0.6em'>"
                           f"{esc(t(f'progress.lesson.{n}', lang))}</th>" for n in LESSONS)
            rows = []
            for i, (name, cells) in enumerate(data.table()):
                won = sum(s for s, _ in cells)
                possible = sum(p for _, p in cells)
                shown = [f"{s}/{p}" if p else t("progress.games", lang, count=state.games)
                         for (s, p), state in zip(cells, data.lessons(i), strict=True)]
                tds = "".join(f"<td style='padding:0.2em 0.6em;text-align:center'>{esc(c)}</td>"
                              for c in shown)
                rows.append(f"<tr><th scope='row' style='text-align:left;padding:0.2em 0.6em'>"
                            f"{esc(name)}</th>{tds}<td style='padding:0.2em 0.6em'>"
                            f"{won}/{possible}</td></tr>")
            self.table.value = (
                f"<table class='hr-report-table' lang='{lang}' style='border-collapse:collapse'>"
                f"<tr><th scope='col' style='text-align:left;padding:0.2em 0.6em'>"
                f"{esc(t('report.learner', lang))}</th>{head}<th scope='col'>"
                f"{esc(t('report.total', lang))}</th></tr>{''.join(rows)}</table>")
        missed = data.rules_missed()
        self.chart.value = (f"<div lang='{lang}'><b>{esc(t('report.missed_title', lang))}</b>"
                            f"<div class='hr-report-chart'>{bars_svg(missed, lang=lang)}</div>"
                            "</div>")
        absent = data.not_started()
        line = (t("report.not_started", lang, names=list_text(absent, lang))
                if absent else t("report.all_started", lang))
        self.not_started.value = (f"<p class='hr-report-absent' lang='{lang}'>{esc(line)}</p>"
                                  if learners or absent else "")
        if data.refused:
            items = "".join(
                f"<li>{esc(t('report.refused', lang, name=name, reason=self.reason(why)))}</li>"
                for name, why in data.refused)
            self.refused.value = (f"<div class='hr-report-refused' lang='{lang}' role='status'>"
                                  f"<b>{esc(t('report.refused_title', lang))}</b><ul>{items}</ul>"
                                  "</div>")
        else:
            self.refused.value = ""
        if learners:
            payload = base64.b64encode(("\ufeff" + data.csv()).encode("utf-8")).decode("ascii")
            self.csv_link.value = (
                f"<a class='hr-report-csv jupyter-button' lang='{lang}' "
                f"download='class-report.csv' href='data:text/csv;charset=utf-8;base64,{payload}' "
                "style='display:inline-flex;align-items:center;min-height:44px;padding:0 1em'>"
                f"{esc(t('report.csv', lang))}</a>")
        else:
            self.csv_link.value = ""
