"""The light classroom page's build parts (issue 34; the page itself: tests/browser/test_light.py):
its address, its own Pyodide lock, its bundle's inputs, its checks in the built site."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from horserace_nb.lite import LiteBuildError, classroom_page
from horserace_nb.lite.build import light_lock
from horserace_nb.lite.classroom_page import (
    LEFT_OUT,
    bundle_key,
    light_url,
    page_problems,
    page_texts,
    picture_size,
)
from horserace_nb.lite.pages import link_problem, site_links


def entry(name: str, depends: list[str]) -> dict[str, object]:
    return {"name": name, "version": "1", "file_name": f"{name}-1-py3-none-any.whl",
            "sha256": name * 2, "depends": depends}


LOCK = {"info": {"python": "3.14.2"}, "packages": {
    "horserace-nb": entry("horserace-nb", ["anywidget", "ipywidgets", "svgwrite"]),
    "anywidget": entry("anywidget", ["ipywidgets"]),
    "ipywidgets": entry("ipywidgets", ["comm", "ipython", "Widgetsnbextension"]),
    "comm": entry("comm", []), "svgwrite": entry("svgwrite", []),
    "ipython": entry("ipython", ["pygments"]), "pygments": entry("pygments", []),
    "widgetsnbextension": entry("widgetsnbextension", []),
    "micropip": entry("micropip", []),
}}


def test_the_pages_lock_leaves_ipython_and_what_only_it_needs_out() -> None:
    made = light_lock(LOCK)
    assert sorted(made["packages"]) == ["anywidget", "comm", "horserace-nb", "ipywidgets",
                                        "svgwrite"]
    assert made["packages"]["ipywidgets"]["depends"] == ["comm"]
    assert made["packages"]["comm"] == LOCK["packages"]["comm"]  # the same file and sha256
    assert made["info"] == LOCK["info"]
    assert set(LEFT_OUT) == {"ipython", "widgetsnbextension"}
    with pytest.raises(LiteBuildError, match="horserace-nb"):
        light_lock({"info": {}, "packages": {"comm": entry("comm", [])}})


def test_the_light_url_and_its_link_check() -> None:
    assert light_url("ko") == "classroom/index.html?lang=ko"
    assert light_url("en", projector=True) == "classroom/index.html?lang=en&projector=1"
    with pytest.raises(ValueError, match="lang must be one of en, ko, ja, not 'fr'"):
        light_url("fr")
    assert site_links(f"[x](../{light_url('ja')})") == [light_url("ja")]


def test_a_site_without_the_page_or_with_a_wrong_lock_fails_its_check(tmp_path: Path) -> None:
    site = tmp_path / "site"
    assert page_problems(site) and "lacks" in page_problems(site)[0]
    assert link_problem(site, light_url("en")) is not None  # no page: the link leads nowhere
    folder = site / "classroom"
    folder.mkdir(parents=True)
    names = [*classroom_page.PAGE_FILES, *classroom_page.VENDOR_FILES,
             *(f"opening-{lang}.svg" for lang in ("en", "ko", "ja")),
             *(classroom_page.opening_name(lang, projector) for lang in ("en", "ko", "ja")
               for projector in (False, True))]
    for name in names:
        (folder / name).write_text("x", encoding="utf-8")
    (site / "static" / "pyodide").mkdir(parents=True)
    (site / "static" / "pyodide" / "pyodide-lock.json").write_text(json.dumps(LOCK))
    (folder / "pyodide-lock.json").write_text(json.dumps(light_lock(LOCK)))
    assert page_problems(site) == []
    assert link_problem(site, light_url("en")) is None
    wrong = light_lock(LOCK)
    wrong["packages"]["comm"]["sha256"] = "other"
    (folder / "pyodide-lock.json").write_text(json.dumps(wrong))
    assert page_problems(site) == ["the light classroom page's lock lacks horserace-nb or names "
                                   "files the site does not serve: ['comm']"]
    (folder / "index.html").write_text("__HR_LIGHT__")
    assert "not filled in" in page_problems(site)[0]


def test_the_bundle_is_pinned_and_keyed_by_its_inputs() -> None:
    """Every npm package of the bundle at one version with npm's checksum; the cache key is
    the same for the same inputs."""
    lock = json.loads((Path(classroom_page.__file__).parent / "light" / "npm" /
                       "package-lock.json").read_text(encoding="utf-8"))
    declared = lock["packages"][""]["dependencies"]
    assert declared == {"@jupyter-widgets/html-manager": "1.0.15", "anywidget": "0.11.0",
                        "esbuild": "0.28.2"}
    unpinned = [name for name, info in lock["packages"].items()
                if name and not str(info.get("integrity", "")).startswith("sha512-")]
    assert unpinned == []
    assert bundle_key() == bundle_key() and len(bundle_key()) == 24


def test_the_pages_words_come_from_the_catalog_in_every_language() -> None:
    from horserace_nb.words.i18n import t

    texts = page_texts("9.9")
    assert texts["version"] == "9.9" and texts["langs"] == ["en", "ko", "ja"]
    for lang in ("en", "ko", "ja"):
        said = texts["text"][lang]  # type: ignore[index]
        assert said["starting"] == t("light.starting", lang,
                                     seconds=classroom_page.START_SECONDS)
        assert said["alt"] and said["title"] == t("classroom.title", lang)
        assert said["size"][0] >= 240 and said["size"][1] > 0
    assert texts["repl"]["ko"].startswith("repl/index.html?")  # type: ignore[index]


def test_the_picture_size_is_its_view_box() -> None:
    assert picture_size('<svg width="100%" viewBox="0 0 560 230.53">') == [560.0, 230.53]


def test_anywidgets_model_deadline_is_found_once_and_lengthened() -> None:
    """The bundle's one change to the npm code (classroom_page.INIT_DEADLINE), on the text
    esbuild makes of anywidget 0.11.0."""
    minified = ('this.#t.addEventListener("abort",()=>s()),'
                'AbortSignal.timeout(2e3).addEventListener("abort",()=>{t.reject('
                'new Error("[anywidget] Failed to initialize model."))});'
                'AbortSignal.timeout(2e3).addEventListener("abort",()=>{other()})')
    pattern, replacement = classroom_page.INIT_DEADLINE
    patched, count = pattern.subn(replacement, minified)
    assert count == 1
    assert 'AbortSignal.timeout(6e4).addEventListener("abort",()=>{t.reject' in patched
    assert patched.endswith('AbortSignal.timeout(2e3).addEventListener("abort",()=>{other()})')


def test_the_opening_classroom_is_the_classrooms_state_the_same_for_the_same_build() -> None:
    """What the page draws before Python starts: ``Classroom``'s widget state (ipywidgets' embed
    format), its models named in the order they are reached, the same bytes each time; every
    model it refers to is in it; the play tab's board comes drawn for each room a phone gives
    it, narrower than its picture."""
    first = classroom_page.opening_state("ko")
    again = classroom_page.opening_state("ko")
    assert json.dumps(first, sort_keys=True) == json.dumps(again, sort_keys=True)
    state = first["widgets"]["state"]
    assert first["root"] == "hr-opening-1" and state["hr-opening-1"]["model_name"] == "VBoxModel"
    text = json.dumps(state)
    referred = set(re.findall(r"IPY_MODEL_([\w-]+)", text))
    assert referred and referred <= set(state)
    board = state[first["board"]["model"]]
    assert board["model_name"] == "AnyModel" and "hr-board" in board["state"]["_dom_classes"]
    shared = first["shared"]
    module = shared["texts"][shared["uses"][first["board"]["model"]]["_esm"]]
    assert "export default" in module  # anywidget's front end needs its module
    assert len(set(shared["texts"])) == len(shared["texts"])  # each written once
    pictures, rooms = first["board"]["pictures"], first["board"]["rooms"]
    assert board["state"]["svg"] not in pictures  # the default: no room reported
    assert picture_size(pictures[rooms["320"]])[0] == 320
    assert classroom_page.opening_name("ja", projector=True) == "opening-ja-projector.json"
    with pytest.raises(ValueError, match="lang"):
        classroom_page.opening_name("fr")


def test_the_big_files_get_deterministic_gzip_copies_that_give_back_the_originals(
        tmp_path: Path) -> None:
    """The light page fetches Pyodide's wasm compressed from a host that sends files as they
    are (``classroom/gz/``); a file gzip hardly shrinks (a zip: the standard library) keeps
    only its original; two builds write the same bytes; the worker is told which files."""
    import gzip
    import random

    from horserace_nb.lite.classroom_page import GZ_CANDIDATES, compressed_copies

    pyodide = tmp_path / "pyodide"
    pyodide.mkdir()
    wasm = b"\0asm\1\0\0\0" + bytes(range(256)) * 4000  # compresses well, as the wasm does
    stdlib = random.Random(7).randbytes(300_000)  # as a zip file: gzip cannot shrink it
    (pyodide / "pyodide.asm.wasm").write_bytes(wasm)
    (pyodide / "python_stdlib.zip").write_bytes(stdlib)
    first = compressed_copies(pyodide, tmp_path / "one" / "gz")
    second = compressed_copies(pyodide, tmp_path / "two" / "gz")
    assert first == second == {"pyodide.asm.wasm": "application/wasm"}
    assert GZ_CANDIDATES["pyodide.asm.wasm"] == "application/wasm"
    copy = (tmp_path / "one" / "gz" / "pyodide.asm.wasm.gz").read_bytes()
    assert gzip.decompress(copy) == wasm and len(copy) < len(wasm) / 10
    assert copy == (tmp_path / "two" / "gz" / "pyodide.asm.wasm.gz").read_bytes()
    assert sorted(p.name for p in (tmp_path / "one" / "gz").iterdir()) == ["pyodide.asm.wasm.gz"]
    assert page_texts("1", first)["compressed"] == {"pyodide.asm.wasm": "application/wasm"}
    assert page_texts("1")["compressed"] == {}



def test_a_compressed_copy_that_is_not_the_file_it_stands_for_fails_the_check(
        tmp_path: Path) -> None:
    import gzip

    from horserace_nb.lite.classroom_page import compressed_copies, copy_problems

    pyodide = tmp_path / "static" / "pyodide"
    pyodide.mkdir(parents=True)
    (pyodide / "pyodide.asm.wasm").write_bytes(b"\0asm" * 10_000)
    (pyodide / "python_stdlib.zip").write_bytes(b"PK" * 10_000)
    copies = tmp_path / "classroom" / "gz"
    assert compressed_copies(pyodide, copies) == {"pyodide.asm.wasm": "application/wasm",
                                                  "python_stdlib.zip": "application/zip"}
    assert copy_problems(tmp_path) == []
    (pyodide / "pyodide.asm.wasm").write_bytes(b"\0asm" * 10_001)  # another Pyodide's
    (copies / "python_stdlib.zip.gz").write_bytes(b"not gzip")
    assert copy_problems(tmp_path) == [
        "the light classroom page's compressed copies do not give back the files the site "
        "serves: pyodide.asm.wasm.gz, python_stdlib.zip.gz"]
    (copies / "pyodide.asm.wasm.gz").write_bytes(gzip.compress(b"\0asm" * 10_001, mtime=0))
    (copies / "python_stdlib.zip.gz").unlink()
    assert copy_problems(tmp_path) == []
