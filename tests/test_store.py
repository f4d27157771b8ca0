"""The results kept in the browser (issue 28): per-result entries two tabs cannot overwrite, the
old single value copied in without loss, nothing removed that was not first copied, one site's
keys apart from another's, "Start fresh", a name the storage refuses, the store bounded by the
reader's limits (the newest kept), "Load my results", and Progress's sentences after a language
switch.

The browser is modelled here by :class:`Browser` and :class:`Tab`, which do what ``store.js``
does (write an entry only where its key is free, remove one only while it holds the text named,
clear a site's keys, report); ``test_store_js_*`` check ``store.js`` itself against the same
rules with node (skipped without it), and ``tests/browser/test_store_tabs.py`` in Chromium.
"""

from __future__ import annotations

import datetime as dt
import json
import random
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from horserace_nb.teaching.course import LESSONS, designed, lesson_items
from horserace_nb.teaching.progress import (
    LEGACY_BACKUP,
    LEGACY_LEARNER,
    LEGACY_RESULTS,
    MAX_BYTES,
    MAX_RESULTS,
    Result,
    compact,
    lesson_map,
    read_results,
    read_store,
    record_of,
    results_file,
    schedule,
    store_entry,
    store_value,
)
from horserace_nb.widgets import Progress
from horserace_nb.widgets.store import Store
from horserace_nb.words.i18n import t

STORE_JS = Path(__file__).resolve().parents[1] / "horserace_nb" / "widgets" / "store.js"
PREFIX = "horserace_nb."


class Full(Exception):
    """The storage refused a write (a browser's QuotaExceededError)."""


class Browser:
    """One origin's ``localStorage``, shared by its tabs; *quota*: the most characters kept."""

    def __init__(self, quota: int | None = None) -> None:
        self.items: dict[str, str] = {}
        self.quota = quota

    def set(self, key: str, value: str) -> None:
        used = sum(len(k) + len(v) for k, v in self.items.items() if k != key)
        if self.quota is not None and used + len(key) + len(value) > self.quota:
            raise Full(key)
        self.items[key] = value


class Tab:
    """A page showing *store*, doing what store.js does (the messages it is sent wait until
    :meth:`run`, as a browser's do)."""

    def __init__(self, browser: Browser, store: Store, root: str = "/") -> None:
        self.browser, self.store = browser, store
        self.prefix = f"{PREFIX}{root}|"
        self.site = f"http://127.0.0.1{root}"
        self.inbox: list[dict[str, Any]] = []
        self.problems: set[str] = set()
        store.send = lambda msg: self.inbox.append(msg)  # type: ignore[method-assign]

    def legacy(self, key: str) -> bool:
        return key.startswith(PREFIX) and not key.startswith(PREFIX + "/")

    def write(self) -> None:
        for key, text in self.store.pending:
            if self.prefix + key not in self.browser.items:
                try:
                    self.browser.set(self.prefix + key, text)
                except Full:
                    self.problems.add("full")

    def handle(self, msg: dict[str, Any]) -> None:
        items = self.browser.items
        if msg["kind"] == "clear":
            for key in [k for k in items if k.startswith(self.prefix) or self.legacy(k)]:
                del items[key]
        elif msg["kind"] == "remove":
            named = [(self.prefix + k, v) for k, v in msg["entries"]] + [
                (k, v) for k, v in msg["legacy"] if self.legacy(k)]
            for key, text in named:
                if items.get(key) == text:
                    del items[key]
        elif msg["kind"] == "learner":
            try:
                self.browser.set(self.prefix + "learner", msg["name"])
            except Full:
                self.problems.add("name")

    def report(self) -> None:
        items = self.browser.items
        stored = {k[len(self.prefix):]: v for k, v in items.items() if k.startswith(self.prefix)}
        legacy = {k: v for k, v in items.items() if self.legacy(k)}
        problems, self.problems = sorted(self.problems), set()
        self.store.receive({"kind": "read", "site": self.site, "prefix": self.prefix,
                            "stored": stored, "legacy": legacy, "problems": problems})

    def run(self, rounds: int = 10) -> None:
        """Write, answer the messages and report until nothing more happens."""
        for _ in range(rounds):
            before = list(self.store.pending)
            self.write()
            inbox, self.inbox = self.inbox, []
            for msg in inbox:
                self.handle(msg)
            self.report()
            if not self.inbox and self.store.pending == before:
                return  # (a change of pending is written at once, as store.js does)


def result(n: int, *, stars: int = 3, tries: int = 1, lesson: str = "", case: str = "total",
           seed: int | None = None, day: int = 1) -> Result:
    when = (dt.datetime(2026, 11, day, 9, tzinfo=dt.timezone.utc)
            + dt.timedelta(seconds=n)).isoformat(timespec="milliseconds")
    return Result(lesson, "exercise", case, n if seed is None else seed, stars=stars,
                  tries=tries, when=when)


def kept(browser: Browser, root: str = "/") -> list[Result]:
    """What a new page of the site at *root* reads."""
    store = Store()
    Tab(browser, store, root).run()
    return store.results


# ------------------------------------------------------------------------------ two tabs
def test_two_tabs_saving_at_once_lose_nothing() -> None:
    browser = Browser()
    tabs = [Tab(browser, Store()), Tab(browser, Store())]
    rng = random.Random(28)
    recorded = []
    for n in range(300):
        tab = tabs[n % 2]
        recorded.append(tab.store.record(result(n)))
        for _ in range(rng.randint(0, 2)):  # writes and reports in any order
            other = rng.choice(tabs)
            (other.write if rng.random() < 0.5 else other.run)()
    for tab in tabs:
        tab.run()
        assert tab.store.pending == []
    assert kept(browser) == sorted(recorded, key=lambda r: r.when)
    assert all(t.store.results == kept(browser) for t in tabs)


def test_a_result_stays_pending_until_a_report_shows_it_stored() -> None:
    browser = Browser()
    tab = Tab(browser, Store())
    r = tab.store.record(result(1))
    tab.report()  # a report from before the write (another tab's change): still pending
    assert len(tab.store.pending) == 1 and tab.store.results == [r]
    tab.run()
    assert tab.store.pending == [] and tab.store.results == [r]
    del browser.items[next(iter(browser.items))]  # gone (another tab's Start fresh)
    tab.report()
    assert tab.store.results == []  # what the browser keeps; nothing written back


def test_two_copies_of_one_result_are_ranked_in_python_and_the_worse_removed() -> None:
    browser = Browser()
    tab = Tab(browser, Store())
    game = Result("play", "hand", "2p", 45, when="2026-12-01T09:00:00.000+00:00", points=12)
    tab.store.record(game)
    tab.run()
    reviewed = Result("play", "hand", "2p", 45, when=game.when, points=12, lost=3)
    tab.store.record(reviewed)  # the same game with its points lost: a new entry
    tab.run()
    assert list(browser.items.values()) == [store_entry(reviewed)[1]]
    assert tab.store.results == [reviewed]


# ------------------------------------------------------------------------------ the old value
def test_the_old_single_value_is_copied_into_the_site_then_removed() -> None:
    old = [result(n) for n in range(40)] + [result(99, stars=1, tries=3, seed=5)]
    forged = {"kind": "forged"}
    value = json.loads(store_value(old))
    value["results"].append(forged)
    browser = Browser()
    browser.items.update({LEGACY_RESULTS: json.dumps(value), LEGACY_LEARNER: "Mina",
                          LEGACY_BACKUP + "2026-11-01": "{old backup"})
    store = Store()
    Tab(browser, store, "/3a/").run()
    assert store.results == merge_sorted(old) and store.learner == "Mina" and store.learner_kept
    assert not [k for k in browser.items if not k.startswith(PREFIX + "/3a/|")]
    values = list(browser.items.values())
    assert json.dumps(forged, separators=(",", ":")) in values  # not read, and kept
    assert "{old backup" in values
    assert store.notice == t("store.bad_records", "en", count=1)
    assert kept(browser, "/3b/") == []  # copied once, into the site that read it first


def merge_sorted(results: list[Result]) -> list[Result]:
    return sorted(set(results), key=lambda r: (r.when, r.key))


def test_the_old_value_stays_until_every_copy_is_stored() -> None:
    old = [result(n) for n in range(50)]
    browser = Browser(quota=len(store_value(old)) + 20 * 300)  # room for about 20 copies
    browser.items[LEGACY_RESULTS] = store_value(old)
    store = Store()
    tab = Tab(browser, store)
    tab.run()
    assert LEGACY_RESULTS in browser.items and store.notice == t("store.full", "en")
    assert store.results == old  # shown all the same
    browser.quota = None  # room again (another tab freed some)
    tab.run()
    assert LEGACY_RESULTS not in browser.items and kept(browser) == old


def test_an_unreadable_value_is_removed_only_once_its_backup_is_stored() -> None:
    browser = Browser(quota=40)
    browser.items[LEGACY_RESULTS] = "{not json"
    store = Store(lang="ja")
    tab = Tab(browser, store)
    tab.report()
    assert store.notice == ""  # the copy is not written yet: nothing said
    tab.run()
    assert browser.items == {LEGACY_RESULTS: "{not json"}  # no room for the copy: kept
    assert store.notice == t("store.unreadable_kept", "ja")
    assert "移しました" not in store.notice  # not told that a copy exists
    browser.quota = None
    tab.run()
    [(key, text)] = browser.items.items()
    assert text == "{not json" and key.startswith(PREFIX + "/|backup.")
    assert store.notice == t("store.backup", "ja", key=key)


# ------------------------------------------------------------------------------ sites
def test_two_sites_of_one_address_keep_their_own_results_and_start_fresh_alone() -> None:
    browser = Browser()
    a, b = Tab(browser, Store(), "/3a/"), Tab(browser, Store(), "/3b/")
    ra, rb = a.store.record(result(1)), b.store.record(result(2))
    a.run()
    b.run()
    assert a.store.results == [ra] and b.store.results == [rb]
    a.store.set_learner("Mina")
    a.run()
    a.store.reset()  # Start fresh in 3a
    a.run()
    assert kept(browser, "/3a/") == [] and kept(browser, "/3b/") == [rb]
    other = {"other.app": "x", "horserace_nbx": "y"}  # not ours: never touched
    browser.items.update(other)
    b.store.reset()
    b.run()
    assert browser.items == other


# ------------------------------------------------------------------------------ the name
def test_a_name_the_storage_refuses_is_not_said_kept() -> None:
    browser = Browser(quota=0)
    p = Progress(lang="ko")
    tab = Tab(browser, p.store)
    tab.run()
    p.set_name("Mina")
    tab.run()
    assert not p.store.learner_kept and p.name_line.value == ""
    assert p.store.notice == t("store.name_refused", "ko")
    assert p.store.file_name.startswith("horserace-results-Mina-")  # this session's file
    browser.quota = None
    p.set_name("Mina")
    tab.run()
    assert p.store.learner_kept
    assert t("progress.name_kept", "ko", name="Mina") in p.name_line.value


# ------------------------------------------------------------------------------ the bound
def course(count: int) -> list[Result]:
    """*count* results: every lesson item's first at its best long ago, a topic missed, and
    practice after."""
    out = [Result(lesson, kind, case, seed, stars=3, tries=1,
                  when=f"2026-01-01T09:{i // 60 % 60:02d}:{i % 60:02d}")
           for i, (lesson, (kind, case, seed)) in enumerate(
               (lesson, item) for lesson in LESSONS if designed(lesson)
               for item in lesson_items(lesson))]
    out.append(Result("", "exercise", "total", 5, stars=1, tries=3, rules=("R13",),
                      when="2026-01-02T09:00:00"))
    start = dt.datetime(2026, 2, 1, tzinfo=dt.timezone.utc)
    for n in range(count - len(out)):
        out.append(Result("", "exercise", "open", 900_000_000 + n, stars=3, tries=1,
                          when=(start + dt.timedelta(minutes=n)).isoformat()))
    return out


def test_the_store_is_bounded_by_the_readers_limits_and_keeps_the_newest() -> None:
    many = course(MAX_RESULTS + 2_000)
    small = compact(many)
    newest = max(many, key=lambda r: r.when)
    assert newest in small and len(small) <= MAX_RESULTS
    text = results_file(small, learner="Mina", saved="2026-12-01T09:00:00")
    assert len(text.encode("utf-8")) <= MAX_BYTES
    assert read_results(text).results[-1] == newest  # the report reads it, newest included
    assert lesson_map(small) == lesson_map(many)  # the map's stars, the schedule: as before
    assert schedule(small) == schedule(many)
    assert compact(small) == small  # within the limits: nothing more goes
    few = many[:500]
    assert compact(few) == merge_sorted(few)


def test_read_store_keeps_the_newest_past_the_limit() -> None:
    records = [record_of(r) for r in course(MAX_RESULTS + 10)]
    results, bad = read_store(records)
    assert bad == 0 and len(results) == MAX_RESULTS
    assert results[-1] == Result(**{**records[-1], "rules": tuple(records[-1]["rules"])})


def test_the_browser_is_asked_to_let_go_of_the_oldest_past_the_limit() -> None:
    browser = Browser()
    for r in course(MAX_RESULTS + 300):
        key, text = store_entry(r)
        browser.items[f"{PREFIX}/|{key}"] = text
    store = Store(download=True)
    Tab(browser, store).run()
    assert len(browser.items) <= MAX_RESULTS
    assert len(store.file_text.encode("utf-8")) <= MAX_BYTES
    assert read_results(store.file_text).results[-1] == max(store.results,
                                                            key=lambda r: r.when)


# ------------------------------------------------------------------------------ moving results
def test_load_my_results_merges_a_file_checked_as_the_report_checks_it() -> None:
    browser = Browser()
    p = Progress(lang="ja")
    tab = Tab(browser, p.store)
    here = p.store.record(result(1))
    tab.run()
    other = [result(2), result(3, stars=0, tries=2), here]
    good = results_file(other, learner="Mina", saved="2026-12-01T09:00:00").encode()
    added = p.load([("tablet.json", good), ("notes.json", b"not json"),
                    ("big.json", b" " * (MAX_BYTES + 1)),
                    ("v9.json", b'{"format": "horserace_nb.results", "version": 9}')])
    tab.run()
    assert added == 2 and kept(browser) == merge_sorted([here, *other])
    assert p.store.learner == "Mina" and p.store.learner_kept
    shown = p.messages.html.value
    assert t("progress.loaded", "ja", name="tablet.json", count=2) in shown
    for name, why in (("notes.json", "json"), ("big.json", "large"), ("v9.json", "version")):
        reason = t(f"report.why.{why}", "ja")
        assert t("progress.load_refused", "ja", name=name, reason=reason) in shown
    p.lang = "ko"  # the sentences follow a language switch
    assert t("progress.loaded", "ko", name="tablet.json", count=2) in p.messages.html.value
    assert p.load([("tablet.json", good)]) == 0  # again: nothing new


def test_load_my_results_refuses_a_file_that_would_not_fit_and_changes_nothing() -> None:
    browser = Browser()
    p = Progress()
    tab = Tab(browser, p.store)
    p.store.record_all(course(MAX_RESULTS // 2))
    tab.run()
    before = dict(browser.items)
    other = [result(n, day=2) for n in range(MAX_RESULTS // 2 + 500)]
    text = results_file(other, saved="2026-12-01T09:00:00")
    if len(text) > MAX_BYTES:  # (a file the report reads: within its limits)
        other = other[:len(other) * MAX_BYTES // len(text) - 50]
        text = results_file(other, saved="2026-12-01T09:00:00")
    assert p.load([("other.json", text)]) == 0
    tab.run()
    assert browser.items == before and p.store.pending == []
    reason = t("progress.why.full", "en")
    assert t("progress.load_refused", "en", name="other.json", reason=reason) in (
        p.messages.html.value)


def test_the_load_button_reads_an_upload_and_can_take_the_same_file_again() -> None:
    p = Progress()
    text = results_file([result(1)], saved="2026-12-01T09:00:00").encode()
    upload = [{"name": "mine.json", "type": "application/json", "size": len(text),
               "last_modified": dt.datetime(2026, 12, 1, tzinfo=dt.timezone.utc),
               "content": memoryview(text)}]
    p.load_upload.set_trait("value", upload)
    assert p.results == [result(1)] and p.load_upload.value == ()
    assert p.load_upload.layout.min_height == "44px"
    assert p.load_upload.description == t("progress.load", "en")


# ------------------------------------------------------------------------------ Progress
def test_start_fresh_and_nothing_due_follow_a_language_switch() -> None:
    p = Progress(lang="en")
    p.name_text.value = "Mina"
    p.reset_button.click()
    p.lang = "ko"
    assert t("progress.reset_asked", "ko") in p.messages.html.value
    assert p.reset_button.description == t("progress.reset", "ko")
    p.confirm_button.click()
    assert p.name_text.value == ""  # the next learner's name box is empty
    p.lang = "ja"
    assert t("progress.reset_done", "ja") in p.messages.html.value
    assert p.practise() is None
    p.lang = "en"
    assert t("progress.practise_none", "en") in p.messages.html.value


# ------------------------------------------------------------------------------ store.js
NODE_CHECKS = r"""
import * as store from MODULE;
const { siteRoot, sitePrefix, snapshot, writeEntries, removeEntries, clearSite } = store;
class Storage {
  constructor(quota) { this.map = new Map(); this.quota = quota; }
  get length() { return this.map.size; }
  key(i) { return [...this.map.keys()][i] ?? null; }
  getItem(k) { return this.map.has(k) ? this.map.get(k) : null; }
  setItem(k, v) {
    if (this.quota !== undefined && this.map.size >= this.quota) throw new Error("Quota");
    this.map.set(k, String(v));
  }
  removeItem(k) { this.map.delete(k); }
}
function page(href, config) {
  const doc = { getElementById: () => config ? {
    getAttribute: (n) => config.attrs?.[n] ?? null, textContent: config.text ?? "" } : null };
  return siteRoot(doc, new URL(href));
}
const out = { exports: Object.keys(store).sort() };
out.roots = [
  page("http://h/3a/lab/index.html?path=en/01.ipynb",
       { attrs: { "data-jupyter-lite-root": ".." }, text: '{"baseUrl": "/3a/"}' }),
  page("http://h/3b/notebooks/index.html?path=x.ipynb",
       { attrs: { "data-jupyter-lite-root": ".." } }),
  page("http://h/user/mina/lab/tree/x.ipynb", { text: '{"baseUrl": "/user/mina/"}' }),
  page("http://h/voila/render/en/08.ipynb", { text: '{"baseUrl": "/"}' }),
  page("http://h/3c/repl/index.html", null),
  page("http://h/3d/lab", { text: "not json" }),
];
out.prefixes = [sitePrefix("/"), sitePrefix("/a|b/"), sitePrefix("/50%/")];
const s = new Storage();
const p = sitePrefix("/3a/"), q = sitePrefix("/3b/");
s.setItem(p + "r.1", "one");
out.first = writeEntries(s, p, [["r.1", "other"], ["r.2", "two"], "junk", [1, 2]]);
s.setItem(q + "r.1", "theirs");
s.setItem("horserace_nb.results.v1", "old");
s.setItem("elsewhere", "x");
out.snapshot = snapshot(s, p);
removeEntries(s, p, [["r.1", "changed meanwhile"], ["r.2", "two"]],
              [["horserace_nb.results.v1", "old"], ["elsewhere", "x"]]);
out.removed = Object.fromEntries(s.map);
s.setItem("horserace_nb.learner", "Mina");
clearSite(s, p);
out.cleared = Object.fromEntries(s.map);
out.full = writeEntries(new Storage(0), p, [["r.9", "nine"]]);
console.log(JSON.stringify(out));
"""


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_store_js_does_what_the_model_of_it_does(tmp_path: Path) -> None:
    module = tmp_path / "store.mjs"
    module.write_text(STORE_JS.read_text("utf-8"), "utf-8")
    runner = tmp_path / "run.mjs"
    runner.write_text(NODE_CHECKS.replace("MODULE", json.dumps(module.as_uri())), "utf-8")
    done = subprocess.run(["node", str(runner)], capture_output=True, text=True, timeout=60,
                          check=True)
    out = json.loads(done.stdout)
    assert "merge" not in out["exports"] and "better" not in out["exports"]  # Python ranks
    assert out["roots"] == ["/3a/", "/3b/", "/user/mina/", "/", "/3c/", "/3d/"]
    assert out["prefixes"] == ["horserace_nb./|", "horserace_nb./a%7Cb/|",
                               "horserace_nb./50%25/|"]
    p, q = "horserace_nb./3a/|", "horserace_nb./3b/|"
    assert out["first"] is None
    assert out["snapshot"] == {"stored": {"r.1": "one", "r.2": "two"},  # never overwritten
                               "legacy": {"horserace_nb.results.v1": "old"}}
    assert out["removed"] == {p + "r.1": "one", q + "r.1": "theirs", "elsewhere": "x"}
    assert out["cleared"] == {q + "r.1": "theirs", "elsewhere": "x"}
    assert out["full"] == "full"


# ------------------------------------------------------------------------------ fuzzing

_NASTY = st.sampled_from(["", "{", "null", "[]", "\ud800", "\u202e", "\x00", "<b>x</b>",
                          '{"format": "horserace_nb.store", "version": 1, "results": 7}',
                          '{"format": "horserace_nb.store", "version": true, "results": []}',
                          "x" * 5000])


def _mutated(text: str, data: st.DataObject) -> str:
    """*text* (a stored entry) with one change: cut, a character replaced, or a field of its
    JSON replaced by something else."""
    how = data.draw(st.sampled_from(["cut", "char", "field", "nasty"]))
    if how == "cut":
        return text[:data.draw(st.integers(0, len(text)))]
    if how == "char" and text:
        i = data.draw(st.integers(0, len(text) - 1))
        return text[:i] + data.draw(st.characters()) + text[i + 1:]
    if how == "field":
        value = json.loads(text)
        if isinstance(value, dict) and value:
            key = data.draw(st.sampled_from(sorted(value)))
            value[key] = data.draw(st.one_of(st.none(), st.booleans(), st.integers(),
                                             st.floats(), st.text(max_size=8), _NASTY))
            return json.dumps(value)
    return data.draw(_NASTY)


@settings(max_examples=150, deadline=3000, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_mutated_store_entries_are_read_or_left_out_and_nothing_is_lost(
        data: st.DataObject) -> None:
    """Fuzzing pass over what a browser's storage may hold for the site (issue 28): good
    entries, the same entries changed (cut, a character or a field replaced, nonsense), under
    their own keys, under keys that do not match their text, and an old single value and name
    that are damaged. A page reads them without any exception; every good entry is read back;
    none is removed, and no damaged one either (it stays for a later version to read);
    a damaged old value is never removed without its backup stored."""
    browser = Browser()
    prefix = f"{PREFIX}/|"
    good = [result(n, stars=1 + n % 3) for n in range(data.draw(
        st.integers(0, 6)))]
    for r in good:
        key, text = store_entry(r)
        browser.items[prefix + key] = text
    damaged: dict[str, str] = {}
    for n in range(data.draw(st.integers(1, 6))):
        key, text = store_entry(result(100 + n))
        changed = _mutated(text, data)
        if data.draw(st.booleans()):
            key = f"r.{data.draw(st.text(max_size=12))}"
        if prefix + key not in browser.items:
            damaged[prefix + key] = changed
            browser.items[prefix + key] = changed
    legacy = data.draw(st.one_of(st.none(), _NASTY, st.just(json.dumps(
        {"format": "horserace_nb.store", "version": 1, "results": [
            record_of(result(200)), {"seed": "x"}]}))))
    if legacy is not None:
        browser.items[LEGACY_RESULTS] = legacy
    browser.items[LEGACY_LEARNER] = data.draw(st.one_of(st.text(max_size=100), _NASTY))
    store = Store()
    Tab(browser, store).run()
    read = {(r.seed, r.when) for r in store.results}
    assert {(r.seed, r.when) for r in good} <= read
    for r in store.results:  # every result read is one a results file may hold
        assert list(read_results(results_file([r], saved="2026-12-01T10:00:00")).results) == [r]
    texts = list(browser.items.values())
    for key, text in damaged.items():  # removed only where it was read, or a copy is kept
        if key not in browser.items:
            assert texts.count(text) >= 1 or text == "" or len(store.results) > len(good), key
    if legacy is not None and LEGACY_RESULTS not in browser.items:
        value = _loads(legacy)
        readable = (isinstance(value, dict) and value.get("format") == "horserace_nb.store"
                    and value.get("version") == 1 and isinstance(value.get("results"), list))
        assert legacy in texts or readable
        if readable:  # every record it held that can be read is kept
            assert {(r.seed, r.when) for r in read_store(value["results"])[0]} <= read


def _loads(text: str) -> Any:
    try:
        return json.loads(text)
    except ValueError:
        return None
