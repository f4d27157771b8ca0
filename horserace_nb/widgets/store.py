"""The learner's results kept in the browser: :class:`Store`, an anywidget with no visible part
but a notice line (and, in :class:`~horserace_nb.widgets.progress.Progress`, the "Download my
results" button), and :class:`Recorder`, which turns what a widget's learner does into
:class:`~horserace_nb.teaching.progress.Result` records written through a store.

How it works (no server of our own, nothing leaves the browser):

- Python appends each new result to the synced list :attr:`Store.pending`; the front end
  (``store.js``) merges the list into ``localStorage["horserace_nb.results.v1"]`` (read, add,
  write in one step, so that two tabs lose nothing) and reports what is stored; Python then
  drops from :attr:`~Store.pending` what is stored. A pending result reaches the browser as
  soon as a view of the widget is shown (a widget shown later, or shown twice, writes it once).
- The front end reads the stored value when it is shown, after every write and whenever
  another tab changes it (the ``storage`` event), and sends it: :attr:`Store.results`.
- A stored value it cannot read (not JSON, another format or version) is moved to a key
  ``horserace_nb.backup.<time>`` and the learner is told in one sentence
  (:attr:`Store.notice`); recording goes on. A record Python cannot read is left out, with a
  sentence too.
- The results file is written here (:func:`~horserace_nb.teaching.progress.results_file`);
  the front end only saves it as a file when the learner presses the button.

>>> store = Store()
>>> r = store.record(Result("", "exercise", "total", 7, stars=3, tries=1,
...                         when="2026-12-01T09:00:00"))
>>> len(store.pending), store.results == [r]
(1, True)
>>> store.receive({"kind": "read", "results": store.pending, "learner": "Mina",
...                "site": "http://127.0.0.1", "backup": None, "problem": None})
>>> store.pending, store.learner, store.results == [r]
([], 'Mina', True)
"""

from __future__ import annotations

import datetime as dt
import re
import weakref
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from ..teaching.course import lesson_of
from ..teaching.exercises import Feedback
from ..teaching.progress import (
    RULES,
    Result,
    file_name,
    merge,
    read_store,
    record_of,
    results_file,
)
from ..words.i18n import t
from .common import Lang

__all__ = ["Store", "Recorder", "now"]

_HERE = Path(__file__).parent
_MAX_NAME = 80


def now() -> str:
    """The time now, as results record it (UTC, milliseconds)."""
    return dt.datetime.now(dt.timezone.utc).isoformat(timespec="milliseconds")


class Store(anywidget.AnyWidget):
    """The results kept in this browser (see the module's documentation).

    :param lang: the language of the notice and the button.
    :param download: show the "Download my results" button.
    """

    _esm = _HERE / "store.js"

    pending: traitlets.List[Any] = traitlets.List().tag(sync=True)
    """Results (JSON objects) not yet reported as stored by the browser."""
    notice = traitlets.Unicode("").tag(sync=True)
    """One sentence to the learner (a stored value set aside, storage off or full), or ""."""
    lang = Lang("en").tag(sync=True)
    download_label = traitlets.Unicode("").tag(sync=True)
    file_text = traitlets.Unicode("").tag(sync=True)
    """The results file the button saves (kept up to date while the button is shown)."""
    file_name = traitlets.Unicode("").tag(sync=True)

    def __init__(self, *, lang: str = "en", download: bool = False, **kwargs: Any) -> None:
        super().__init__(lang=lang, **kwargs)
        self.download = download
        self.read = False
        """The browser has reported what it keeps."""
        self.learner = ""
        self.site = ""
        self._stored: list[Result] = []
        self._recorded: list[Result] = []
        self._notice: tuple[str, dict[str, Any]] | None = None
        self._listeners: list[Callable[[Store], None]] = []
        self.clock: Callable[[], str] = now
        self.on_msg(self._from_front_end)
        self._relabel()

    # ------------------------------------------------------------------ what is kept
    @property
    def results(self) -> list[Result]:
        """The results as read from the browser, with those recorded here since."""
        return merge(self._stored, self._recorded)

    def record(self, result: Result) -> Result:
        """Keep *result* (written to the browser as soon as a view of this widget is shown)."""
        self._recorded.append(result)
        self.pending = [*self.pending, record_of(result)]
        self._changed()
        return result

    def set_learner(self, name: str) -> None:
        """Keep the learner's name in the browser."""
        self.learner = " ".join(str(name).split())[:_MAX_NAME]
        self.send({"kind": "learner", "name": self.learner})
        self._changed()

    def reset(self) -> None:
        """Forget everything this browser keeps (results, name, backups)."""
        self._stored, self._recorded, self.pending, self.learner = [], [], [], ""
        self.send({"kind": "reset"})
        self._changed()

    def refresh(self) -> None:
        """Ask the browser to report again what it keeps."""
        self.send({"kind": "read"})

    def on_change(self, callback: Callable[[Store], None]) -> None:
        """Call *callback* whenever the results or the learner change."""
        self._listeners.append(callback)

    # ------------------------------------------------------------------ browser → Python
    def _from_front_end(self, _widget: Any, content: Any, _buffers: Any) -> None:
        self.receive(content)

    def receive(self, content: Any) -> None:
        """Read one report of the front end (anything malformed is ignored)."""
        if not isinstance(content, dict) or content.get("kind") != "read":
            return
        results, bad = read_store(content.get("results"))
        self._stored, self.read = results, True
        learner, site = content.get("learner"), content.get("site")
        self.learner = learner[:_MAX_NAME] if isinstance(learner, str) else ""
        self.site = site[:_MAX_NAME] if isinstance(site, str) else ""
        kept = {r.key for r in results}
        self.pending = [p for p in self.pending if _key(p) not in kept]
        self._recorded = [r for r in self._recorded if r.key not in kept]
        backup, problem = content.get("backup"), content.get("problem")
        if isinstance(backup, str) and backup:
            self._say("store.backup", key=backup[:_MAX_NAME])
        elif problem == "unavailable":
            self._say("store.unavailable")
        elif problem == "full":
            self._say("store.full")
        elif bad:
            self._say("store.bad_records", count=bad)
        self._changed()

    # ------------------------------------------------------------------ the file
    def file(self, saved: str | None = None) -> str:
        """The results file of what is kept (what the button saves)."""
        return results_file(self.results, learner=self.learner, site=self.site,
                            saved=saved or self.clock())

    def _changed(self) -> None:
        if self.download:
            saved = self.clock()
            self.file_name = file_name(self.learner, dt.date.fromisoformat(saved[:10]))
            self.file_text = self.file(saved)
        for callback in list(self._listeners):
            callback(self)

    def _say(self, message: str, **params: Any) -> None:
        self._notice = (message, params)
        self.notice = t(message, self.lang, **params)

    @traitlets.observe("lang")
    def _on_lang(self, _change: Any) -> None:
        self._relabel()

    def _relabel(self) -> None:
        if not hasattr(self, "_notice"):
            return  # still in __init__
        self.download_label = t("progress.download", self.lang) if self.download else ""
        if self._notice is not None:
            key, params = self._notice
            self.notice = t(key, self.lang, **params)


def _key(record: Any) -> Any:
    if not isinstance(record, dict):
        return None
    return (record.get("lesson"), record.get("kind"), record.get("case"), record.get("seed"),
            record.get("when"))


class Recorder:
    """What a widget records: the rules named by each wrong try of an item, then one result
    when the item is finished (solved, or its answer shown, or left after a try).

    >>> rec = Recorder(clock=lambda: "2026-12-01T09:00:00")
    >>> item = object.__new__(type("Item", (), {}))
    >>> rec.tried(item, Feedback(False, "No (R13).", ("R13",)))
    >>> rec.finish(item, "exercise", "total", 7, stars=2, tries=2).rules
    ('R13',)
    >>> rec.finish(item, "exercise", "total", 7, stars=2, tries=2) is None
    True
    """

    def __init__(self, *, lang: str = "en", clock: Callable[[], str] = now) -> None:
        self.store = Store(lang=lang)
        self.store.clock = clock
        self.clock = clock
        self._rules: weakref.WeakKeyDictionary[Any, list[str]] = weakref.WeakKeyDictionary()
        self._done: weakref.WeakSet[Any] = weakref.WeakSet()
        self._games: dict[Any, Result] = {}

    def tried(self, item: Any, feedback: Feedback) -> None:
        """Note a try at *item* (the rules its feedback names when it is wrong)."""
        if not feedback.ok and item not in self._done:
            seen = self._rules.setdefault(item, [])
            seen.extend(r for r in feedback.rules if r not in seen)

    def missed(self, item: Any, text: str) -> None:
        """Note a wrong try at *item* whose feedback is *text* (the rules it names)."""
        rules = tuple(dict.fromkeys(r for r in re.findall(r"R\d+", text) if r in RULES))
        self.tried(item, Feedback(False, text, rules))

    def finish(self, item: Any, kind: str, case: str, seed: int, *, stars: int, tries: int,
               hints: int = 0) -> Result | None:
        """Record *item* once (later calls do nothing); ``None`` if already recorded."""
        if item in self._done:
            return None
        self._done.add(item)
        rules = tuple(sorted(self._rules.pop(item, []), key=lambda r: int(r[1:])))
        return self.store.record(Result(lesson_of(kind, case, seed), kind, case, seed,
                                        stars=stars, tries=tries, hints=hints,
                                        rules=rules, when=self.clock()))

    def finished(self, item: Any) -> bool:
        return item in self._done

    def game(self, key: Any, kind: str, case: str, seed: int, *, points: int,
             lost: int | None = None) -> Result:
        """Record a finished hand or match once per *key*; called again with *lost* (the
        review's points lost), the same result is kept with it."""
        old = self._games.get(key)
        if old is not None and (lost is None or old.lost is not None):
            return old
        when = old.when if old is not None else self.clock()
        result = Result(lesson_of(kind, case, seed), kind, case, seed, when=when,
                        points=points, lost=lost)
        self._games[key] = result
        return self.store.record(result)


def results_of(records: Iterable[Any]) -> list[Result]:
    """The results among browser records (those that cannot be read left out)."""
    return read_store(list(records))[0]
