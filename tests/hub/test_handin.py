"""Hand in my results (issue 35): the results file written atomically into the class's hand-in
folder under the learner's name, read by the teacher's ClassReport(folder); the refusals, each
with a catalog sentence in en/ko/ja, writing nothing. No browser, no hub."""

from __future__ import annotations

import html
import os
import tempfile
from pathlib import Path

import pytest

from horserace_nb.teaching.progress import (
    HANDIN_ENV,
    HandInError,
    Result,
    hand_in,
    handin_name,
    read_results,
    results_file,
    store_entry,
)
from horserace_nb.widgets import ClassReport, Progress
from horserace_nb.words.i18n import t

R1 = Result("joining_spinners", "exercise", "open/line", 201000, stars=3, tries=1,
            when="2026-12-01T08:00:00")
R2 = Result("scoring_ends", "exercise", "total", 201001, stars=2, tries=2, rules=("R13",),
            when="2026-12-01T08:10:00")


def file_of(learner: str, *results: Result) -> str:
    return results_file(results, learner=learner, site="hub", saved="2026-12-01T09:00:00Z")


def progress(folder: str | None, learner: str = "", results: tuple[Result, ...] = (R1,),
             lang: str = "en") -> Progress:
    p = Progress(lang=lang, handin=folder)
    stored = dict(store_entry(r) for r in results)
    if learner:
        stored["learner"] = learner
    p.store.receive({"kind": "read", "stored": stored, "legacy": {}, "site": "hub",
                     "problems": []})
    return p


def listing(folder: Path) -> list[str]:
    return sorted(os.listdir(folder))


# ------------------------------------------------------------------------------ the file
def test_a_hand_in_is_the_results_file_under_the_learners_name_and_the_report_reads_it(
        tmp_path: Path) -> None:
    path = hand_in(file_of("Mina Kim", R1, R2), tmp_path, "Mina Kim")
    assert Path(path).parent == tmp_path
    assert listing(tmp_path) == [handin_name("Mina Kim")]  # no temporary file left
    back = read_results(Path(path).read_bytes())
    assert back.learner == "Mina Kim" and set(back.results) == {R1, R2}
    hand_in(file_of("Jun", R1), tmp_path, "Jun")
    report = ClassReport(str(tmp_path))
    assert sorted(report.data.learners()) == ["Jun", "Mina Kim"] and not report.data.refused


def test_handing_in_again_replaces_only_that_learners_file(tmp_path: Path) -> None:
    mina = hand_in(file_of("Mina K", R1), tmp_path, "Mina K")
    other = hand_in(file_of("Mina-K", R1), tmp_path, "Mina-K")  # another learner
    kept = Path(other).read_bytes()
    again = hand_in(file_of("Mina K", R1, R2), tmp_path, " mina  k ")  # the same learner
    assert again == mina and len(listing(tmp_path)) == 2
    assert set(read_results(Path(mina).read_bytes()).results) == {R1, R2}
    assert Path(other).read_bytes() == kept


def test_a_failed_write_leaves_the_earlier_file_whole_and_no_temporary_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = hand_in(file_of("Mina", R1), tmp_path, "Mina")
    before = Path(path).read_bytes()

    def full(*_: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", full)
    with pytest.raises(HandInError) as why:
        hand_in(file_of("Mina", R1, R2), tmp_path, "Mina")
    assert why.value.code == "failed"
    assert Path(path).read_bytes() == before and listing(tmp_path) == [Path(path).name]


@pytest.mark.parametrize("name", ["../../etc/passwd", "a/b", "a\\b", "..", ".", "x\0y"])
def test_a_name_that_would_leave_the_folder_is_refused(tmp_path: Path, name: str) -> None:
    with pytest.raises(HandInError) as why:
        hand_in(file_of("x", R1), tmp_path / "in", name)
    assert why.value.code == "name"
    assert listing(tmp_path) == []


def test_a_missing_folder_or_a_file_is_refused(tmp_path: Path) -> None:
    for folder in (tmp_path / "missing", tmp_path / "a-file"):
        if folder.name == "a-file":
            folder.write_text("")
        with pytest.raises(HandInError) as why:
            hand_in(file_of("Mina", R1), folder, "Mina")
        assert why.value.code == "missing"
    assert listing(tmp_path) == ["a-file"]


def test_a_folder_the_learner_may_not_write_in_is_refused(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def denied(*_: object, **__: object) -> tuple[int, str]:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(tempfile, "mkstemp", denied)  # what a read-only folder answers
    with pytest.raises(HandInError) as why:
        hand_in(file_of("Mina", R1), tmp_path, "Mina")
    assert why.value.code == "denied" and listing(tmp_path) == []


@pytest.mark.skipif(os.geteuid() == 0, reason="root may write in any folder")
def test_a_read_only_folder_is_refused(tmp_path: Path) -> None:
    folder = tmp_path / "ro"
    folder.mkdir(mode=0o555)
    with pytest.raises(HandInError) as why:
        hand_in(file_of("Mina", R1), folder, "Mina")
    assert why.value.code == "denied" and listing(folder) == []


# ------------------------------------------------------------------------------ the button
def test_the_button_is_shown_only_where_a_hand_in_folder_is_named(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(HANDIN_ENV, raising=False)
    plain = Progress()
    assert plain.handin_button.layout.display == "none"
    assert t("progress.privacy", "en") in plain.privacy.value
    monkeypatch.setenv(HANDIN_ENV, str(tmp_path))
    hub = Progress(lang="ko")
    assert hub.handin == str(tmp_path) and hub.handin_button.layout.display == ""
    assert hub.handin_button.description == t("progress.handin", "ko")
    assert "제출" in hub.privacy.value


def test_the_button_hands_in_and_says_where(tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(HANDIN_ENV, str(tmp_path))
    p = progress(None, "Mina Kim", (R1, R2), lang="ja")
    p.handin_button.click()
    [name] = listing(tmp_path)
    path = str(tmp_path / name)
    assert name == handin_name("Mina Kim")
    assert read_results((tmp_path / name).read_bytes()).results == (R1, R2)
    assert t("progress.handin_done", "ja", path=path) in p.messages.html.value
    p.lang = "en"  # the sentence follows the language
    assert t("progress.handin_done", "en", path=path) in p.messages.html.value


def test_without_a_typed_name_the_hub_user_name_is_used(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("JUPYTERHUB_USER", "learner7")
    path = progress(str(tmp_path)).hand_in()
    assert path is not None
    back = read_results(Path(path).read_bytes())
    assert back.results == (R1,) and back.learner == "learner7"  # the report's name
    assert Path(path).name == handin_name("learner7")
    monkeypatch.delenv("JUPYTERHUB_USER")
    p = progress(str(tmp_path / "x"))
    assert p.hand_in() is None


@pytest.mark.parametrize("lang", ["en", "ko", "ja"])
def test_each_refusal_is_a_catalog_sentence_and_writes_nothing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    monkeypatch.delenv("JUPYTERHUB_USER", raising=False)
    missing = str(tmp_path / "missing")
    cases = [(missing, "Mina", "missing", {"folder": missing}),
             (str(tmp_path), "../Mina", "name", {"name": "../Mina"}),
             (str(tmp_path), "", "noname", {})]
    for folder, learner, code, params in cases:
        p = progress(folder, learner, lang=lang)
        assert p.hand_in() is None
        reason = t(f"progress.handin.why.{code}", lang, **{"folder": folder, "name": learner,
                                                            **params})
        sentence = t("progress.handin_refused", lang, reason=reason)
        assert html.escape(sentence, quote=True) in p.messages.html.value, code
        assert f'lang="{lang}"' in p.messages.html.value or f"lang='{lang}'" in (
            p.messages.html.value)
    assert listing(tmp_path) == []
