"""The learner's lesson map: :class:`Progress` shows what this browser keeps (see
:mod:`horserace_nb.widgets.store`): per lesson the stars won of the stars possible and what is not
done yet, per rule R1–R28 whether it is practised, missed lately or mastered (with a link to the
rule), what to do next, "Practise my mistakes" (fresh positions of what was missed, on the
Leitner schedule), the learner's name, "Download my results", "Hand in my results" (where the
server names a hand-in folder: ``HORSERACE_HANDIN``, set by a hub for every learner), "Load my
results" (a results file of another device merged in) and "Start fresh" (asked twice: this
site's results, name and backups forgotten in this browser, for the next learner of a shared
computer).

>>> from horserace_nb.teaching.progress import Result, store_entry
>>> p = Progress()
>>> p.store.receive({"kind": "read", "stored": dict([store_entry(Result(
...     "joining_spinners", "exercise", "open/line", 201000, stars=1, tries=3, rules=("R9",),
...     when="2026-12-01T09:00:00"))]),
...     "legacy": {}, "site": "", "problems": []})
>>> [s.stars for s in p.lessons if s.lesson == "joining_spinners"], p.due_count
([1], 1)
>>> p.practise().exercise.progress_case     # the case missed, in a fresh position
'open/line'
"""

from __future__ import annotations

import datetime as dt
import functools
import os
from collections.abc import Callable, Iterable
from typing import Any

import ipywidgets as widgets

from ..teaching.course import title as lesson_title
from ..teaching.exercises import ExerciseSet
from ..teaching.progress import (
    HANDIN_ENV,
    Box,
    HandInError,
    LessonState,
    Result,
    ResultsError,
    RuleState,
    compact,
    due,
    hand_in,
    lesson_map,
    merge,
    next_step,
    practice_seed,
    results_file,
    rule_states,
)
from ..words.i18n import t
from .base import View, replace_children
from .common import esc, rules_page, safe
from .exercise import Exercises
from .store import Store

__all__ = ["Progress", "PRACTICE_SIZE"]

PRACTICE_SIZE = 5
"""The most exercises in one "Practise my mistakes" set."""

_MARK = {"new": "○", "practised": "◐", "missed": "✗", "mastered": "✓"}


def _toward_text(colour: str) -> str:
    """*colour* (a theme variable) mixed 70:30 with the text colour: at least 4.5:1 in
    JupyterLab Light, Dark and high contrast (``--jp-success-color1`` alone is 4.1:1 on
    Light's white)."""
    return (f"color-mix(in srgb, var({colour}, currentColor) 70%, "
            "var(--jp-content-font-color0, currentColor))")


_COLOUR = {"new": "var(--jp-ui-font-color2, currentColor)",
           "practised": _toward_text("--jp-brand-color1"),
           "missed": _toward_text("--jp-error-color1"),
           "mastered": _toward_text("--jp-success-color1")}


def _uploaded(value: Any) -> list[tuple[str, bytes]]:
    """(name, contents) of an ``ipywidgets.FileUpload``'s value (a tuple of dicts)."""
    entries = value.values() if isinstance(value, dict) else value
    return [(str(e.get("name", "?")), bytes(e.get("content", b"")))
            for e in entries or () if isinstance(e, dict)]


class Progress(View):
    """The lesson map of the results kept in this browser.

    It has no board: its message area is its one live region (what Practise and Reset
    answer is read out; the "next step" line is not a live region of its own).

    :param lang: en, ko or ja (the ``lang`` trait can change it later).
    :param handin: the class's hand-in folder ("Hand in my results" writes there; ``~`` the
        home folder); by default the environment variable ``HORSERACE_HANDIN`` (a hub sets it
        for every learner's server); without one the button is not shown.
    """

    def __init__(self, *, lang: str = "en", handin: str | None = None) -> None:
        super().__init__(lang=lang, switch=False)
        self.handin = os.environ.get(HANDIN_ENV, "") if handin is None else handin
        """The hand-in folder (``""``: none, the button is not shown)."""
        self.messages.live = True
        self.today: Callable[[], dt.date] = dt.date.today
        """Today's date (the Leitner schedule's); tests replace it."""
        self.store = Store(lang=lang, download=True)
        self.title = widgets.HTML()
        self.privacy = widgets.HTML()
        self.name_text = widgets.Text(layout=widgets.Layout(width="16em"))
        self.name_text.style.description_width = "initial"  # (a new style each redraw would
        # leave the old one open)
        button = functools.partial(widgets.Button, layout=widgets.Layout(
            width="auto", min_height="44px"))
        self.name_button = button(icon="user")
        self.name_line = widgets.HTML()
        self.map_html = widgets.HTML()
        self.rules_html = widgets.HTML()
        self.next_html = widgets.HTML()
        self.practise_button = button(button_style="primary", icon="refresh")
        self.practice_box = widgets.VBox([])
        self.practice: Exercises | None = None
        """The practice set on show (``None`` before "Practise my mistakes")."""
        self.handin_button = button(icon="paper-plane", layout=widgets.Layout(
            width="auto", min_height="44px", display="" if self.handin else "none"))
        self.load_upload = widgets.FileUpload(
            accept=".json,application/json", multiple=True, icon="upload",
            layout=widgets.Layout(width="auto", min_height="44px"))
        self.reset_button = button(icon="trash")
        self.confirm_button = button(button_style="danger", icon="trash")
        self.cancel_button = button(icon="times")
        self.confirm_box = widgets.HBox([self.confirm_button, self.cancel_button],
                                        layout=widgets.Layout(display="none"))
        self.children = [
            self.title, self.privacy,
            widgets.HBox([self.name_text, self.name_button, self.name_line],
                         layout=widgets.Layout(flex_flow="row wrap", align_items="center")),
            self.next_html, self.map_html,
            widgets.HBox([self.practise_button], layout=widgets.Layout(flex_flow="row wrap")),
            self.practice_box, self.rules_html,
            widgets.HBox([self.store, self.handin_button, self.load_upload, self.reset_button,
                          self.confirm_box],
                         layout=widgets.Layout(flex_flow="row wrap", align_items="center")),
            self.messages.box,
        ]
        self.add_class("hr-progress")
        self.name_button.on_click(lambda _: self._on_name())
        self.practise_button.on_click(lambda _: self._on_practise())
        self.handin_button.on_click(lambda _: self._on_hand_in())
        self.reset_button.on_click(lambda _: self._on_reset())
        self.confirm_button.on_click(lambda _: self._on_confirm())
        self.cancel_button.on_click(lambda _: self._on_cancel())
        self.load_upload.observe(self._on_load, names="value")
        self.store.on_change(lambda _: self._refresh())
        self.start()

    # ------------------------------------------------------------------ the API
    @property
    def results(self) -> list[Result]:
        """The learner's results as read from the browser (and those of the practice set)."""
        extra = self.practice.recorder.store.results if self.practice is not None else []
        return merge(self.store.results, extra)

    @property
    def lessons(self) -> list[LessonState]:
        return lesson_map(self.results)

    @property
    def rules(self) -> list[RuleState]:
        return rule_states(self.results)

    @property
    def due(self) -> list[Box]:
        """The missed topics due today, the lowest Leitner box first."""
        return due(self.results, self.today())

    @property
    def due_count(self) -> int:
        return len(self.due)

    def set_name(self, name: str) -> None:
        """Keep the learner's name in this browser (the downloaded file carries it)."""
        self.store.set_learner(name)

    def practise(self) -> Exercises | None:
        """"Practise my mistakes": the designed cases due (the case missed, or the cases of a
        missed puzzle's or prediction's rules, :func:`~horserace_nb.teaching.progress.
        practice_topics`), each in a fresh position (new seeds, never a position seen before),
        the lowest box first, at most :data:`PRACTICE_SIZE`; ``None`` (with a sentence) when
        nothing is due."""
        boxes = self.due[:PRACTICE_SIZE]
        self._close_practice()
        if not boxes:
            self.messages.tell(lambda lang: t("progress.practise_none", lang), self.lang,
                               kind="ok")
            return None
        cases = [(kind, case) for kind, case in (b.topic.split("/", 1) for b in boxes)]
        practice = Exercises(ExerciseSet.designed(cases, seed=practice_seed(self.results)),
                             lang=self.lang)
        practice.recorder.store.on_change(lambda _: self._refresh())
        self.practice = practice
        replace_children(self.practice_box, [widgets.HTML(
            f"<div lang='{self.lang}'>{esc(t('progress.practise_intro', self.lang))}</div>"),
            practice])
        self.messages.clear()
        return practice

    def ask_reset(self) -> None:
        """The first press of "Start fresh": ask again."""
        self.confirm_box.layout.display = ""
        self.messages.tell(lambda lang: t("progress.reset_asked", lang), self.lang,
                           kind="error")

    def confirm_reset(self) -> None:
        """The second press: forget this site's results, name and backups in this browser
        (:meth:`~horserace_nb.widgets.store.Store.reset`), for the next learner."""
        self.confirm_box.layout.display = "none"
        self._close_practice()
        self.name_text.value = ""  # (the next learner types their own)
        self.store.reset()
        self.messages.tell(lambda lang: t("progress.reset_done", lang), self.lang, kind="ok")

    def load(self, files: Iterable[tuple[str, str | bytes]]) -> int:
        """"Load my results": add the results of each results file (``(name, contents)``,
        "Download my results" of another device) to this browser, checked as the class
        report checks them; one sentence per file (how many results are new, or why it is
        not read: then nothing of it is added). Returns how many results were added."""
        notes = []
        added = 0
        for name, content in files:
            shown = name[:80]
            try:
                count = self.store.load(content, name=shown)
            except ResultsError as why:
                notes.append(("error", functools.partial(self._refused, shown, why)))
                continue
            added += count
            notes.append(("ok", functools.partial(self._loaded, shown, count)))
        self.messages.show(notes, self.lang)
        return added

    def hand_in(self) -> str | None:
        """"Hand in my results": write the results file (what "Download my results" saves)
        into the hand-in folder under the learner's name (the name kept, else the hub's user
        name, ``JUPYTERHUB_USER``), atomically, replacing only this learner's earlier file
        (:func:`~horserace_nb.teaching.progress.hand_in`), and say where; or say why not (no
        folder, a folder missing or not writable, a name that is not a file name) and write
        nothing. Returns the path written, or ``None``."""
        folder = os.path.expanduser(self.handin)
        learner = self.store.learner or os.environ.get("JUPYTERHUB_USER", "")
        try:
            if not self.handin:
                raise HandInError("folder: none given", code="missing")
            text = results_file(compact(self.results), learner=learner, site=self.store.site,
                                saved=self.store.clock())  # (what the download saves)
            path = hand_in(text, folder, learner)
        except HandInError as why:
            self.messages.tell(functools.partial(self._handin_refused, why, folder, learner),
                               self.lang, kind="error")
            return None
        self.messages.tell(lambda lang: t("progress.handin_done", lang, path=path), self.lang,
                           kind="ok")
        return path

    @staticmethod
    def _handin_refused(why: HandInError, folder: str, learner: str, lang: str) -> str:
        reason = t(f"progress.handin.why.{why.code}", lang, folder=folder,
                   name=" ".join(learner.split())[:80])
        return t("progress.handin_refused", lang, reason=reason)

    def cancel_reset(self) -> None:
        self.confirm_box.layout.display = "none"
        self.messages.clear()

    # ------------------------------------------------------------------ callbacks
    @safe
    def _on_name(self) -> None:
        self.set_name(self.name_text.value)

    @safe
    def _on_practise(self) -> None:
        self.practise()

    @safe
    def _on_hand_in(self) -> None:
        self.hand_in()

    @safe
    def _on_reset(self) -> None:
        self.ask_reset()

    @safe
    def _on_confirm(self) -> None:
        self.confirm_reset()

    @safe
    def _on_cancel(self) -> None:
        self.cancel_reset()

    @safe
    def _on_load(self, change: Any) -> None:
        files = _uploaded(change["new"])
        if files:
            self.load(files)
            self.load_upload.value = ()  # the same file can be picked again

    @staticmethod
    def _loaded(name: str, count: int, lang: str) -> str:
        return t("progress.loaded", lang, name=name, count=count)

    @staticmethod
    def _refused(name: str, why: ResultsError, lang: str) -> str:
        if why.code == "field":
            reason = t("report.why.field", lang, field=why.field)
        elif why.code == "full":
            reason = t("progress.why.full", lang)
        else:
            reason = t(f"report.why.{why.code}", lang)
        return t("progress.load_refused", lang, name=name, reason=reason)

    def relocalize(self, lang: str) -> None:
        self.store.lang = lang
        if self.practice is not None:
            self.practice.lang = lang
        self._refresh()

    # ------------------------------------------------------------------ drawing
    def _close_practice(self) -> None:
        self.practice = None
        replace_children(self.practice_box, [])  # the set and its intro, closed

    @safe
    def _refresh(self) -> None:
        if not self.started:
            return
        lang = self.lang
        results = self.results
        self.title.value = f"<h3 lang='{lang}'>{esc(t('progress.title', lang))}</h3>"
        privacy = t("progress.privacy_handin" if self.handin else "progress.privacy", lang)
        if not self.store.read:
            privacy += " " + t("progress.waiting", lang)
        self.privacy.value = f"<div lang='{lang}' style='font-size:0.9em'>{esc(privacy)}</div>"
        self.name_text.description = t("progress.name_label", lang)
        self.name_text.placeholder = t("progress.name_placeholder", lang)
        self.name_button.description = t("progress.name_save", lang)
        kept = t("progress.name_kept", lang, name=self.store.learner)
        self.name_line.value = (f"<span lang='{lang}'>{esc(kept)}</span>"
                                if self.store.learner and self.store.learner_kept else "")
        self.map_html.value = self._map_html(lang, lesson_map(results))
        self.rules_html.value = self._rules_html(lang, rule_states(results))
        key, params = next_step(results, self.today())
        if "lesson" in params:
            params = {"title": lesson_title(params["lesson"], lang)}
        # one catalog sentence ("{title}: {step}"), its title in bold: the markup goes in after
        # the text is escaped, at the place the catalog gives the title
        mark = "\x00"
        line = esc(t("progress.next_line", lang, title=mark, step=t(key, lang, **params)))
        title = f"<b>{esc(t('progress.next_title', lang))}</b>"
        self.next_html.value = (f"<div class='hr-progress-next' lang='{lang}'>"
                                f"{line.replace(mark, title, 1)}</div>")
        count = len(due(results, self.today()))
        self.practise_button.description = t("progress.practise", lang, count=count)
        self.handin_button.description = t("progress.handin", lang)
        self.load_upload.description = t("progress.load", lang)
        self.reset_button.description = t("progress.reset", lang)
        self.confirm_button.description = t("progress.reset_confirm", lang)
        self.cancel_button.description = t("progress.reset_cancel", lang)

    def _map_html(self, lang: str, lessons: list[LessonState]) -> str:
        cell = "text-align:left;padding:0.2em 0.8em 0.2em 0"
        head = "".join(f"<th style='{cell}'>{esc(t(k, lang))}</th>"
                       for k in ("progress.col_lesson", "progress.col_stars",
                                 "progress.col_first", "progress.col_todo"))
        rows = []
        for state in lessons:
            title = lesson_title(state.lesson, lang)
            if state.possible:
                stars = t("progress.stars", lang, stars=state.stars, max=state.possible)
            else:
                stars = t("progress.games", lang, count=state.games)
            todo = self._todo(lang, state)
            if state.predictions:
                stars = t("progress.stars_predictions", lang, stars=stars, predictions=t(
                    "progress.predictions", lang, count=state.predictions))
            first = (t("progress.first_try", lang, first=state.first, count=state.items)
                     if state.possible else "")
            rows.append(f"<tr data-lesson='{state.lesson}' data-stars='{state.stars}' "
                        f"data-first='{state.first}'>"
                        f"<td style='padding:0.2em 0.8em 0.2em 0'>{esc(title)}</td>"
                        f"<td class='hr-progress-stars' style='padding:0.2em 0.8em 0.2em 0'>"
                        f"{esc(stars)}</td>"
                        f"<td class='hr-progress-first' style='padding:0.2em 0.8em 0.2em 0'>"
                        f"{esc(first)}</td>"
                        f"<td style='padding:0.2em 0'>{esc(todo)}</td></tr>")
        return (f"<table class='hr-progress-map' lang='{lang}' style='border-collapse:collapse'>"
                "<caption style='text-align:left;font-weight:bold'>"
                f"{esc(t('progress.lessons', lang))}</caption><tr>{head}</tr>"
                f"{''.join(rows)}</table>")

    @staticmethod
    def _todo(lang: str, state: LessonState) -> str:
        if state.possible == 0:
            return "" if state.games else t("progress.todo_game", lang)
        left = len(state.not_done)
        if not left:
            return t("progress.all_done", lang)
        kind = state.not_done[0][0]
        return t("progress.todo_puzzles" if kind == "puzzle" else "progress.todo_exercises",
                 lang, count=left)

    @staticmethod
    def _rules_html(lang: str, states: list[RuleState]) -> str:
        page = rules_page(lang)
        items = []
        for state in states:
            word = t(f"progress.rule_{state.state}", lang)
            number = state.rule[1:]
            items.append(
                f"<li class='hr-rule hr-rule-{state.state}' data-rule='{state.rule}' "
                f"style='min-width:11em;padding:0.15em 0'>"
                f"<a href='{page}#r{number}' target='_blank' style='display:inline-block;"
                "min-width:44px;min-height:24px;color:var(--jp-content-link-color, currentColor);"
                f"text-decoration:underline'>{state.rule}</a> "
                f"<span aria-hidden='true' style='color:{_COLOUR[state.state]}'>"
                f"{_MARK[state.state]}</span> {esc(word)}</li>")
        return (f"<div lang='{lang}'><b>{esc(t('progress.rules', lang))}</b>"
                "<ul class='hr-progress-rules' style='list-style:none;padding:0;margin:0.3em 0;"
                f"display:flex;flex-wrap:wrap;gap:0 1em'>{''.join(items)}</ul></div>")

