"""The learner's results kept in the browser: :class:`Store`, an anywidget with no visible part
but a notice line (and, in :class:`~horserace_nb.widgets.progress.Progress`, the "Download my
results" button), and :class:`Recorder`, which turns what a widget's learner does into
:class:`~horserace_nb.teaching.progress.Result` records written through a store.

How it works (no server of our own, nothing leaves the browser):

- Each site keeps its own keys in ``localStorage``: ``horserace_nb.<root>|<entry>``, where
  ``<root>`` is the site's path (``/`` or ``/3a/``: the JupyterLite site's root, or the
  server's base URL), so two sites of one address never mix results and "Start fresh" in one
  leaves the other as it is.
- Every result has an entry of its own, ``r.<hash of its text>``
  (:func:`~horserace_nb.teaching.progress.store_entry`): entries are only ever added, and a key
  only ever holds one text, so two tabs saving at once cannot overwrite each other. Python
  puts each new result in the synced list :attr:`Store.pending`; the front end (``store.js``)
  writes each entry whose key is free and reports every entry of the site; Python keeps a
  result pending until a report shows it stored, reads every entry, and ranks and merges the
  copies of one result (:func:`~horserace_nb.teaching.progress.merge`). It then asks the front
  end to remove the worse copies, and, past the limits the class report reads, the results
  :func:`~horserace_nb.teaching.progress.compact` lets go; the front end removes an entry only
  while it holds the text Python saw.
- The keys of the versions before (``horserace_nb.results.v1``, ``horserace_nb.learner``,
  ``horserace_nb.backup.*``, of no site) are copied into the first site that reads them, and
  removed only once every copy is seen stored. A value that cannot be read is copied whole to
  a ``backup.`` entry first; if the copy cannot be written (storage full), nothing is removed
  and the learner is told so (:attr:`Store.notice`, one sentence). An entry Python cannot read
  is left where it is and out of the results, with a sentence too.
- The learner's name is the entry ``learner``; a name the storage refuses is said so.
- "Start fresh" (:meth:`Store.reset`) removes this site's keys and the old keys of no site,
  nothing else.
- The results file is written here (:func:`~horserace_nb.teaching.progress.results_file`);
  the front end only saves it as a file when the learner presses the button.
  :meth:`Store.load` adds a results file's results (another device's) to this browser.

>>> store = Store()
>>> r = store.record(Result("", "exercise", "total", 7, stars=3, tries=1,
...                         when="2026-12-01T09:00:00"))
>>> len(store.pending), store.results == [r]
(1, True)
>>> store.receive({"kind": "read", "stored": {**dict(store.pending), "learner": "Mina"},
...                "legacy": {}, "site": "http://127.0.0.1/", "problems": []})
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
    LEARNER_ENTRY,
    LEGACY_BACKUP,
    LEGACY_LEARNER,
    LEGACY_RESULTS,
    MAX_RESULTS,
    RESULT_ENTRY,
    RULES,
    Result,
    ResultsError,
    backup_entry,
    compact,
    file_name,
    legacy_entries,
    merge,
    read_entry,
    read_results,
    results_file,
    store_entry,
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

    _esm = (_HERE / "store.js").read_text(encoding="utf-8")  # text: a Path would keep
    # every store alive (anywidget's file watch signal holds each instance)

    pending: traitlets.List[Any] = traitlets.List().tag(sync=True)
    """The entries (``[key, text]``) not yet reported stored by the browser."""
    notice = traitlets.Unicode("").tag(sync=True)
    """One sentence to the learner (a stored value set aside or left, storage off or full, a
    name not kept), or ""."""
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
        """The learner's name (the one kept in the browser, or the one just typed)."""
        self.learner_kept = False
        """The browser has reported :attr:`learner` stored."""
        self.site = ""
        self.prefix = ""
        """Where this site's keys begin in the browser's storage (``horserace_nb.<root>|``)."""
        self._asked: str | None = None  # a name to keep, not yet seen stored
        self._waiting: dict[str, tuple[str, Result | None]] = {}  # entry → (text, result)
        self._stored: dict[str, Result] = {}
        self._seen: dict[str, tuple[str, Result | None]] = {}  # entry → its text, read once
        self._bad = 0
        self._backup = ""  # the backup entry a value was set aside in
        self._left = False  # a value could not be read nor set aside (storage full)
        self._cache: list[Result] | None = None
        self._notice: tuple[str, dict[str, Any]] | None = None
        self._listeners: list[Callable[[Store], None]] = []
        self.clock: Callable[[], str] = now
        self.on_msg(self._from_front_end)
        self._relabel()

    # ------------------------------------------------------------------ what is kept
    @property
    def results(self) -> list[Result]:
        """The results as read from the browser, with those recorded here not yet stored."""
        if self._cache is None:
            waiting = [r for _, r in self._waiting.values() if r is not None]
            self._cache = merge(self._stored.values(), waiting)
        return self._cache

    def record(self, result: Result) -> Result:
        """Keep *result* (written to the browser as soon as a view of this widget is shown,
        and kept here until the browser reports it stored)."""
        self.record_all([result])
        return result

    def record_all(self, results: Iterable[Result]) -> None:
        """Keep each of *results* (as :meth:`record`, in one change)."""
        made = {}
        for result in results:
            key, text = store_entry(result)
            made[key] = (text, result)
        self._wait([(k, text) for k, (text, _) in made.items()],
                   {k: r for k, (_, r) in made.items()})
        self._changed()

    def _wait(self, entries: Iterable[tuple[str, str]],
              results: dict[str, Result | None] | None = None) -> None:
        fresh = False
        for key, text in entries:
            if key not in self._waiting and self._seen.get(key, ("",))[0] != text:
                self._waiting[key] = (text, (results or {}).get(key))
                fresh = True
        if fresh:
            self._cache = None
            self.pending = [[key, text] for key, (text, _) in self._waiting.items()]

    def set_learner(self, name: str) -> None:
        """Keep the learner's name in the browser (:attr:`learner_kept` once it is)."""
        self.learner = " ".join(str(name).split())[:_MAX_NAME]
        self._asked = self.learner
        self.learner_kept = False
        self.send({"kind": "learner", "name": self.learner})
        self._changed()

    def reset(self) -> None:
        """Start fresh: forget this site's results, name and backups in this browser (and the
        keys of earlier versions, which belong to no site yet); nothing else."""
        self._stored, self._waiting, self._seen, self.pending = {}, {}, {}, []
        self.learner, self._asked, self.learner_kept, self._cache = "", None, False, None
        self._backup, self._left, self._bad = "", False, 0
        self._notice, self.notice = None, ""
        self.send({"kind": "clear"})
        self._changed()

    def refresh(self) -> None:
        """Ask the browser to report again what it keeps."""
        self.send({"kind": "read"})

    def on_change(self, callback: Callable[[Store], None]) -> None:
        """Call *callback* whenever the results or the learner change."""
        self._listeners.append(callback)

    def load(self, text: str | bytes, *, name: str = "") -> int:
        """Add the results of a results file (another device's "Download my results") to this
        browser: read as the class report reads it
        (:func:`~horserace_nb.teaching.progress.read_results`), then merged with what is kept.
        Returns how many results are new here.

        :raises ResultsError: the file cannot be read, or with what is kept it would be more
            than the class report reads (``code`` ``"full"``); nothing is changed then.
        """
        data = read_results(text, name=name)
        have = {r.key: r for r in self.results}
        new = [r for r in data.results if r.key not in have or r.rank() > have[r.key].rank()]
        merged = merge(self.results, new)
        if len(compact(merged)) < len(merged):
            raise ResultsError(f"file: with the results kept here, more than this browser "
                               f"keeps (at most {MAX_RESULTS} results)", code="full")
        self.record_all(new)
        if data.learner and not self.learner:
            self.set_learner(data.learner)
        return len(new)

    # ------------------------------------------------------------------ browser → Python
    def _from_front_end(self, _widget: Any, content: Any, _buffers: Any) -> None:
        self.receive(content)

    def receive(self, content: Any) -> None:
        """Read one report of the front end (anything malformed is ignored)."""
        if not isinstance(content, dict) or content.get("kind") != "read":
            return
        stored = content.get("stored")
        stored = {k: v for k, v in stored.items() if isinstance(k, str) and isinstance(v, str)
                  } if isinstance(stored, dict) else {}
        legacy = content.get("legacy")
        legacy = {k: v for k, v in legacy.items() if isinstance(k, str) and isinstance(v, str)
                  } if isinstance(legacy, dict) else {}
        problems = content.get("problems")
        problems = {p for p in problems if isinstance(p, str)} if isinstance(
            problems, list) else set()
        site = content.get("site")
        self.site = site[:_MAX_NAME] if isinstance(site, str) else ""
        self.read = True
        self._read_entries(stored)
        for key, (text, _) in list(self._waiting.items()):
            if stored.get(key) == text:
                del self._waiting[key]
        self.pending = [[key, text] for key, (text, _) in self._waiting.items()]
        self._cache = None
        kept = stored.get(LEARNER_ENTRY)
        if self._asked is not None and kept == self._asked:
            self._asked = None
        if self._asked is None:
            self.learner = kept[:_MAX_NAME] if kept is not None else ""
        self.learner_kept = self._asked is None and kept is not None
        prefix = content.get("prefix")
        self.prefix = prefix[:_MAX_NAME] if isinstance(prefix, str) else ""
        self._from_legacy(stored, legacy, refused="full" in problems)
        self._tidy(stored)
        self._tell(problems, stored)
        self._changed()

    def _read_entries(self, stored: dict[str, str]) -> None:
        seen: dict[str, tuple[str, Result | None]] = {}
        for key, text in stored.items():
            if not key.startswith(RESULT_ENTRY):
                continue
            old = self._seen.get(key)
            seen[key] = old if old is not None and old[0] == text else (text,
                                                                        read_entry(key, text))
        self._seen = seen
        self._stored = {k: r for k, (_, r) in seen.items() if r is not None}
        self._bad = sum(1 for _, r in seen.values() if r is None)

    def _from_legacy(self, stored: dict[str, str], legacy: dict[str, str], *,
                     refused: bool) -> None:
        """Copy the keys of earlier versions in; remove each once all its copies are stored.
        *refused*: the storage refused a write since the last report."""
        done: list[list[str]] = []
        for key, text in legacy.items():
            if key == LEGACY_RESULTS:
                entries = legacy_entries(text)
                if entries is None:  # unreadable: set aside whole first
                    entries = [backup_entry(text)]
                    copied = stored.get(entries[0][0]) == text
                    self._left = refused and not copied  # (said only once refused)
                    if copied:
                        self._backup = entries[0][0]
            elif key.startswith(LEGACY_BACKUP):
                entries = [backup_entry(text)]
            elif key == LEGACY_LEARNER:
                if LEARNER_ENTRY not in stored and self._asked is None:
                    self.send({"kind": "learner", "name": text[:_MAX_NAME]})
                if stored.get(LEARNER_ENTRY) == text[:_MAX_NAME]:
                    done.append([key, text])
                continue
            else:
                continue
            missing = [(k, v) for k, v in entries if stored.get(k) != v]
            if missing:
                self._wait(missing, {k: read_entry(k, v) for k, v in missing})
            else:
                done.append([key, text])
        if done:
            self.send({"kind": "remove", "entries": [], "legacy": done})

    def _tidy(self, stored: dict[str, str]) -> None:
        """Ask the browser to remove the worse copies of a result, and what :func:`compact`
        lets go past the limits."""
        best: dict[tuple[str, str, str, int, str], tuple[Any, str]] = {}
        drop: list[str] = []
        for key, result in self._stored.items():
            rank = (result.rank(), key)
            old = best.get(result.key)
            if old is None or rank > old[0]:
                if old is not None:
                    drop.append(old[1])
                best[result.key] = (rank, key)
            else:
                drop.append(key)
        kept = {r.key for r in compact(self._stored[k] for _, k in best.values())}
        if len(kept) < len(best):
            drop += [key for _, key in best.values() if self._stored[key].key not in kept]
        if drop:
            self.send({"kind": "remove", "entries": [[k, stored[k]] for k in drop],
                       "legacy": []})

    def _tell(self, problems: set[str], stored: dict[str, str]) -> None:
        if "unavailable" in problems:
            self._say("store.unavailable")
        elif self._left:
            self._say("store.unreadable_kept")
        elif self._backup and self._backup in stored:
            self._say("store.backup", key=(self.prefix + self._backup)[:_MAX_NAME])
        elif "name" in problems:
            self._say("store.name_refused")
        elif "full" in problems:
            self._say("store.full")
        elif self._bad:
            self._say("store.bad_records", count=self._bad)
        elif self._notice is not None and self._notice[0] != "store.backup":
            self._notice, self.notice = None, ""

    # ------------------------------------------------------------------ the file
    def file(self, saved: str | None = None) -> str:
        """The results file of what is kept (what the button saves; within the limits the
        class report reads)."""
        return results_file(compact(self.results), learner=self.learner, site=self.site,
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
