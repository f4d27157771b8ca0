"""The light classroom page of the site: ``classroom/index.html?lang=ko`` (``&projector=1``).

The notebook's ``Classroom(lang=…, projector=…)`` without JupyterLab, in a static page:

* **Python** is Pyodide (the site's own, ``static/pyodide/``) in a module Web Worker
  (``light/worker.js``), loading only the project and what it needs from the site's lock; the
  Python half of the comm bridge (``light/bridge.py``) replaces ``comm.create_comm``, so the
  widgets' messages go to the page as text, as a kernel's would.
* **The widgets** are drawn by ``@jupyter-widgets/html-manager`` with anywidget's front end,
  both from the npm registry, pinned with their dependencies (``light/npm/package-lock.json``)
  and bundled by esbuild when the site is built (:func:`vendor_bundle`; kept in the build's
  download cache, keyed by the lock and the entry). Nothing is fetched at run time from outside
  the site. ``light/page.js`` is the page's half of the bridge.
* **The board at once, without a jump**: the page shows the classroom as it will look before
  Python starts: the widget state of ``Classroom(lang=…, projector=…)`` made in CPython when the
  site is built (:func:`opening_state`, ipywidgets' embed format, one file per language and
  projector, :func:`opening_name`), with the play board drawn for every room a phone may give
  it, drawn by the page's widget manager at once and inert (no tap or key reaches it), and says
  "Python is starting — about N seconds" (:data:`START_SECONDS`, the catalog's
  ``light.starting``) in the page's language over the page's foot, taking no room. The live
  classroom is drawn out of sight in the same place and takes its place once its board is drawn
  for its room: the board does not move (``tests/browser/test_light_jump.py``). The opening
  deal (:data:`OPENING_SEED`) is one where the computer leads, whose first sentences are the
  longer; where the live deal's are shorter, the page keeps their room until Python's next
  ones. The opening board's text alternative (of :func:`opening_picture`, every hand face
  down) is read to assistive technology meanwhile, which does not see the inert classroom; if
  the state cannot be drawn, the page shows that picture instead.
* **Bytes**: a learner who opens only this page downloads 13.4 MiB (23 files) from a host
  that sends files as they are (GitHub Pages, a school's file server), 19.2 MiB before: the
  build writes a gzip copy of Pyodide's wasm (9.15 MiB, 3.37 compressed) beside the page
  (``gz/``, :func:`compressed_copies`), and the worker fetches it and decompresses it as it comes
  (``light/compressed.js``; the original if the copy is missing, said in one console line). The
  rest: the standard library 4.32 MiB (a zip already), the wheels 3.12, Pyodide's JS 1.21, the
  widgets' bundle 1.16, the opening classroom 0.22 (``tests/benchmarks/bench_lite.py
  --classroom``; the first playable board no later: 2.12 s against 2.15, median of 6
  interleaved cold loads at load 3.5).
* **Progress**: the page names the site's root as JupyterLite's pages do, so the progress
  store (``widgets/store.js``) keeps its results with the rest of the site's: a star earned
  here shows on the lesson map.

>>> light_url("ko")
'classroom/index.html?lang=ko'
>>> light_url("ja", projector=True)
'classroom/index.html?lang=ja&projector=1'
"""

from __future__ import annotations

import gzip
import hashlib
import json
import re
import shutil
import subprocess
import tempfile
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import Any

from ..words.i18n import LANGS
from .pages import LIGHT_PAGE, classroom_url

PAGE_DIR = LIGHT_PAGE.split("/")[0]
"""The light page's folder in the site."""
START_SECONDS = 5
"""The seconds the page says Python takes to start ("about N seconds"), cold. Measured with
``tests/benchmarks/bench_lite.py --classroom`` on the shared 2-core test machine (2026-12-03):
7.4 s to the first playable board at load 18 (10.5 s median at load 17-35; the REPL page 13.6 s
in the same runs); its parts, Pyodide with the page's packages 4.4 s and the imports with the
first Classroom 2.3 s, were 1.4-1.7 s and 0.8-1.0 s in Node at load 2 (FACTS.md), which puts a
quiet machine at about 4-5 s."""
PAGE_FILES: tuple[str, ...] = ("index.html", "page.js", "worker.js", "compressed.js", "bridge.py",
                               "light.css")
LOCK_NAME = "pyodide-lock.json"
"""The page's own Pyodide lock (:func:`horserace_nb.lite.build.light_lock`), beside its files."""
PROJECT_KEY = "horserace-nb"
LEFT_OUT: tuple[str, ...] = ("ipython", "widgetsnbextension")
"""What the page's Python does without, of the packages ipywidgets asks for: IPython (a
kernel's shell, which this page has not; ``bridge.py`` stands in for the three names ipywidgets
takes from it) and the classic notebook's front end (the page's lock:
:func:`horserace_nb.lite.build.light_lock`)."""
"""The page's own files, copied from ``light/`` of this package (``index.html`` filled in)."""
VENDOR_FILES: tuple[str, ...] = ("vendor.js", "vendor.css")
"""The bundled widget front end (:func:`vendor_bundle`)."""
NPM_FILES: tuple[str, ...] = ("package.json", "package-lock.json", "entry.js", "shim.js")
"""What the bundle is made from (``light/npm/``): the pinned packages and the entry."""
ESBUILD_ARGS: tuple[str, ...] = (
    "--bundle", "--format=esm", "--minify", "--legal-comments=none", "--charset=utf8",
    # ipywidgets 7's models: html-manager loads them only for a kernel of ipywidgets 7
    "--external:@jupyter-widgets/base7", "--external:@jupyter-widgets/controls7",
    "--define:process.env.NODE_ENV=\"production\"",
    "--loader:.woff=file", "--loader:.woff2=file", "--loader:.ttf=file", "--loader:.eot=file",
    "--loader:.svg=file")
"""esbuild's options for ``vendor.js`` (one ES module) and ``vendor.css``."""
INIT_DEADLINE = (re.compile(r'AbortSignal\.timeout\(2e3\)(?=\.addEventListener\("abort",'
                            r'\(\)=>\{\w+\.reject\(new Error\("\[anywidget\] Failed to '
                            r'initialize model)'), "AbortSignal.timeout(6e4)")
"""anywidget 0.11.0 gives a model 2 s to load its ES module, then refuses every message Python
sends it for good ("[anywidget] Failed to initialize model."): on a busy 2-core machine the page,
which makes the classroom's 225 widgets at once, missed it (a board that no longer changed). The
bundle gives it 60 s instead (the one change made to the npm code; the build fails if the text
is not found exactly once)."""
BUNDLE_RECIPE = "2"
"""Bumped whenever the bundle changes for the same inputs (the cache key holds it)."""
NPM_TIMEOUT_S = 600
GZ_DIR = "gz"
"""The page's folder of compressed copies (:func:`compressed_copies`)."""
GZ_CANDIDATES: dict[str, str] = {"pyodide.asm.wasm": "application/wasm",
                                 "python_stdlib.zip": "application/zip"}
"""The big files of ``static/pyodide/`` the page's Pyodide fetches with ``fetch`` and no
integrity check (``pyodide.mjs``: the wasm for ``WebAssembly.instantiateStreaming``, the
standard library), with the type their response must have. The wheels are fetched with their
lock's sha256 as the request's integrity, which a copy would not match, and gzip saves 1-3 %
of them (they are zip files): they are served as they are."""
GZ_LEVEL = 9
GZ_MIN_SAVING = 0.10
"""A candidate gets a compressed copy only when gzip saves at least this share of it: the wasm
(9.2 MiB, 3.4 compressed); not the standard library, a zip file already (4.32 MiB, 4.27)."""

Log = Callable[[str], None]


class LightPageError(RuntimeError):
    """The light page could not be made; the message says why."""


def light_url(lang: str, projector: bool = False) -> str:
    """The light classroom page in *lang*, relative to the site's root; *projector*: the
    class's projector (``Classroom(projector=True)``)."""
    if lang not in LANGS:
        raise ValueError(f"lang must be one of {', '.join(LANGS)}, not {lang!r}")
    return f"{LIGHT_PAGE}?lang={lang}" + ("&projector=1" if projector else "")


def _source(name: str) -> bytes:
    found = resources.files(__package__).joinpath("light")
    for part in name.split("/"):
        found = found.joinpath(part)
    return found.read_bytes()


def bundle_key() -> str:
    """The cache key of the bundle: its inputs' sha256, esbuild's options, the recipe."""
    digest = hashlib.sha256()
    for name in NPM_FILES:
        digest.update(name.encode() + b"\0" + _source(f"npm/{name}") + b"\0")
    digest.update("\0".join(ESBUILD_ARGS).encode() + BUNDLE_RECIPE.encode())
    return digest.hexdigest()[:24]


def _run(cmd: list[str], cwd: Path, what: str) -> None:
    try:
        done = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True,
                              stdin=subprocess.DEVNULL, timeout=NPM_TIMEOUT_S, check=False)
    except (OSError, subprocess.TimeoutExpired) as err:
        raise LightPageError(f"{what}: {err}") from None
    if done.returncode != 0:
        lines = [line.strip()[:300] for line in (done.stdout + "\n" + done.stderr).splitlines()
                 if line.strip()]
        errors = [line for line in lines if "error" in line.lower()] or lines
        raise LightPageError(f"{what} failed (exit {done.returncode}): "
                             f"{'; '.join(errors[-2:]) or 'it printed nothing'}")


def vendor_bundle(cache: Path, log: Log) -> Path:
    """The folder holding :data:`VENDOR_FILES`: from the download cache (``light/KEY/``) when
    it has them, else made there: ``npm ci`` of the pinned packages (no install scripts) into
    a temporary folder, then esbuild. Raises :class:`LightPageError` when npm or esbuild
    fails."""
    folder = cache / "light" / bundle_key()
    if all((folder / name).is_file() and (folder / name).stat().st_size > 0
           for name in VENDOR_FILES):
        return folder
    npm = shutil.which("npm")
    node = shutil.which("node")
    if npm is None or node is None:
        raise LightPageError("npm and node are needed to bundle the light classroom page's "
                             "widget front end (apt-get install npm)")
    (cache / "light").mkdir(parents=True, exist_ok=True)
    log("bundling the light classroom page's widgets: npm ci, esbuild")
    with tempfile.TemporaryDirectory(dir=cache / "light", prefix=".bundle-") as tmp:
        work = Path(tmp)
        for name in NPM_FILES:
            (work / name).write_bytes(_source(f"npm/{name}"))
        _run([npm, "ci", "--ignore-scripts", "--no-audit", "--no-fund", "--loglevel=error",
              "--fetch-retries=1", "--fetch-timeout=20000"], work, "npm ci (light page)")
        esbuild = work / "node_modules" / "esbuild" / "bin" / "esbuild"
        _run([node, str(esbuild), "entry.js", *ESBUILD_ARGS, "--outfile=out/vendor.js"],
             work, "esbuild (light page)")
        made = work / "out"
        if sorted(path.name for path in made.iterdir()) != sorted(VENDOR_FILES):
            raise LightPageError(f"esbuild wrote {sorted(p.name for p in made.iterdir())}, "
                                 f"not {list(VENDOR_FILES)}")
        script = made / "vendor.js"
        text, count = INIT_DEADLINE[0].subn(INIT_DEADLINE[1],
                                            script.read_text(encoding="utf-8"))
        if count != 1:
            raise LightPageError(f"anywidget's model deadline was found {count} times in the "
                                 "bundle, not once: see classroom_page.INIT_DEADLINE")
        script.write_text(text, encoding="utf-8")
        shutil.rmtree(folder, ignore_errors=True)
        made.replace(folder)
    return folder


def opening_picture(lang: str) -> str:
    """The opening board of the opening classroom (:data:`OPENING_SEED`), every hand face down
    (the deal is Python's, later), in *lang*: its text alternative is read to assistive
    technology while the classroom is inert, and the page shows it if that classroom cannot be
    drawn."""
    from ..core.game import Game
    from ..render.svg import game_svg

    return str(game_svg(Game(players=2, seed=OPENING_SEED), seat=0, lang=lang, covered=True))


OPENING_SEED = 1
"""The deal of the opening classroom (:func:`opening_state`): one where the computer leads, whose
first sentences (above the board and in it) are the longer of the two a first deal has; where
the live deal's are shorter, the page keeps their room until Python says the next ones
(``light/page.js``), so that the board lands where the opening's was either way."""
SHARED_KEYS: tuple[str, ...] = ("_esm", "_css")
"""The anywidget traits whose texts (an ES module, a style sheet) many models of the opening
classroom share: written once (:func:`opening_state`)."""
ROOM_STEP = 10
"""The steps in which the board reports its room (``widgets/board.js``)."""
_MODEL_ID = re.compile(r"(?<![0-9a-f])[0-9a-f]{32}(?![0-9a-f])")


def opening_name(lang: str, projector: bool = False) -> str:
    """The file of the opening classroom's widget state in *lang* (:func:`opening_state`)."""
    if lang not in LANGS:
        raise ValueError(f"lang must be one of {', '.join(LANGS)}, not {lang!r}")
    return f"opening-{lang}{'-projector' if projector else ''}.json"


def opening_state(lang: str, projector: bool = False) -> dict[str, Any]:
    """The classroom as the page will show it, before Python starts: the widget state
    (ipywidgets' embed format) of ``Classroom(lang=…, projector=…, seed=OPENING_SEED)`` made
    here in CPython, ``{"root": id, "widgets": {"version_major", "version_minor", "state"}}``.
    The page draws it with its widget manager at once and swaps in the live classroom in the
    same place. With it, ``"board"``: the play tab's board drawn by Python for each room it
    may report narrower than its picture (``Classroom``'s board draws its picture to the
    width it has on the page: a phone), ``{"model": name, "pictures": [svg, …], "rooms":
    {room: index}}``, so that the opening board is the size the live one will be. anywidget
    models keep their whole state (their ES module and style sheet are trait defaults, which
    the front end needs), each text of :data:`SHARED_KEYS` written once (``"shared": {"texts":
    [text, …], "uses": {model: {key: index}}}``: the page puts them back); the others drop the
    defaults. The models are
    renamed ``hr-opening-N`` in the order they are reached from the root, so the same build
    writes the same bytes."""
    from ipywidgets.embed import dependency_state

    from ..widgets import Classroom

    root = Classroom(lang=lang, projector=projector, seed=OPENING_SEED)
    lean = dependency_state([root], drop_defaults=True)
    full = dependency_state([root], drop_defaults=False)
    for model_id, entry in lean.items():
        if entry["model_name"] == "AnyModel":
            entry["state"] = full[model_id]["state"]
    names: dict[str, str] = {}
    queue = [str(root.model_id)]
    board_id = str(root.play.board.model_id)
    while queue:
        model_id = queue.pop(0)
        if model_id in names or model_id not in lean:
            continue
        names[model_id] = f"hr-opening-{len(names) + 1}"
        text = json.dumps(lean[model_id]["state"], sort_keys=True)
        queue.extend(found.group(0) for found in _MODEL_ID.finditer(text))
    text = json.dumps({names[key]: lean[key] for key in names}, sort_keys=True,
                      ensure_ascii=False)
    text = _MODEL_ID.sub(lambda found: names.get(found.group(0), found.group(0)), text)
    root_name = names[str(root.model_id)]
    board = root.play.board
    board_name = names[board_id]
    drawn: list[str] = []
    rooms: dict[str, int] = {}
    widest = int(picture_size(board.svg)[0])  # a room as wide changes nothing
    for room in range(ROOM_STEP, widest, ROOM_STEP):
        board.room = room
        if board.svg not in drawn:
            drawn.append(board.svg)
        rooms[str(room)] = drawn.index(board.svg)
    for widget in (root, *root.children):
        widget.close()
    state = json.loads(text)
    shared: list[str] = []
    uses: dict[str, dict[str, int]] = {}
    for name, entry in state.items():
        for key in SHARED_KEYS:
            value = entry["state"].pop(key, "")
            if value:
                if value not in shared:
                    shared.append(value)
                uses.setdefault(name, {})[key] = shared.index(value)
    return {"root": root_name,
            "widgets": {"version_major": 2, "version_minor": 0, "state": state},
            "shared": {"texts": shared, "uses": uses},
            "board": {"model": board_name, "pictures": drawn, "rooms": rooms}}


def picture_size(svg: str) -> list[float]:
    """The width and height an SVG picture says it has (its ``viewBox``): the page reserves
    the room before the picture comes."""
    found = re.search(r'viewBox="[-0-9.]+ [-0-9.]+ ([0-9.]+) ([0-9.]+)"', svg)
    return [float(found.group(1)), float(found.group(2))] if found else [560.0, 230.0]


def compressed_copies(pyodide: Path, folder: Path) -> dict[str, str]:
    """Write gzip copies of the :data:`GZ_CANDIDATES` of *pyodide* (the site's
    ``static/pyodide/``) that gzip makes at least :data:`GZ_MIN_SAVING` smaller into *folder*
    (``NAME.gz``; level :data:`GZ_LEVEL`, no time stamp: the same file gives the same bytes), for
    a host that sends files as they are (GitHub Pages, a school's file server). The worker
    fetches them instead of the originals and decompresses them as they come
    (``light/worker.js``); the REPL pages keep the originals. Returns ``{name: type}`` of the
    files copied, for the worker."""
    folder.mkdir(parents=True, exist_ok=True)
    copied: dict[str, str] = {}
    for name, kind in GZ_CANDIDATES.items():
        data = (pyodide / name).read_bytes()
        packed = gzip.compress(data, compresslevel=GZ_LEVEL, mtime=0)
        if len(packed) <= len(data) * (1 - GZ_MIN_SAVING):
            (folder / f"{name}.gz").write_bytes(packed)
            copied[name] = kind
    return copied


def page_texts(version: str, compressed: dict[str, str] | None = None) -> dict[str, object]:
    """What the page's inline script says, in every language (from the catalog), and what it
    tells the worker: the files of ``static/pyodide/`` it fetches compressed, with their types
    (:func:`compressed_copies`)."""
    from ..render.svg import text_alternative
    from ..words.i18n import t

    pictures = {lang: opening_picture(lang) for lang in LANGS}
    return {
        "version": version, "langs": list(LANGS), "compressed": dict(compressed or {}),
        "repl": {lang: classroom_url(lang) for lang in LANGS},
        "repl_projector": {lang: classroom_url(lang, projector=True) for lang in LANGS},
        "text": {lang: {"title": t("classroom.title", lang),
                        "starting": t("light.starting", lang, seconds=START_SECONDS),
                        "ready": t("site.ready", lang),
                        "failed": t("light.failed", lang),
                        "repl": t("light.repl_link", lang),
                        "alt": text_alternative(pictures[lang]),
                        "size": picture_size(pictures[lang])} for lang in LANGS},
    }


def write_page(site: Path, cache: Path, version: str, log: Log, lock: dict[str, Any]) -> None:
    """Write the light classroom page into *site* (``classroom/``): its files, its Pyodide
    *lock* (:func:`horserace_nb.lite.build.light_lock`), the opening pictures, the bundled
    widget front end (:func:`vendor_bundle`), and the compressed copies of Pyodide's big files
    (:func:`compressed_copies`; the site's ``static/pyodide/`` must be written)."""
    vendor = vendor_bundle(cache, log)
    folder = site / PAGE_DIR
    folder.mkdir(parents=True, exist_ok=True)
    for name in PAGE_FILES:
        (folder / name).write_bytes(_source(name))
    for name in VENDOR_FILES:
        shutil.copyfile(vendor / name, folder / name)
    (folder / LOCK_NAME).write_text(json.dumps(lock, indent=1), encoding="utf-8")
    for lang in LANGS:
        (folder / f"opening-{lang}.svg").write_text(opening_picture(lang), encoding="utf-8")
        for projector in (False, True):
            (folder / opening_name(lang, projector)).write_text(json.dumps(
                opening_state(lang, projector), sort_keys=True, ensure_ascii=False,
                separators=(",", ":")), encoding="utf-8")
    compressed = compressed_copies(site / "static" / "pyodide", folder / GZ_DIR)
    texts = json.dumps(page_texts(version, compressed), ensure_ascii=False).replace("</", "<\\/")
    html = (_source("index.html").decode("utf-8").replace("__HR_LIGHT__", texts)
            .replace("__HR_VERSION__", version))
    (folder / "index.html").write_text(html, encoding="utf-8")


def copy_problems(site: Path) -> list[str]:
    """The compressed copies of the light page of *site* (:func:`compressed_copies`) that do not
    give back the file of ``static/pyodide/`` they stand for (a copy of another Pyodide would
    start a wasm that does not fit its JS)."""
    folder = site / PAGE_DIR / GZ_DIR
    wrong: list[str] = []
    for copy in sorted(folder.glob("*.gz")) if folder.is_dir() else []:
        original = site / "static" / "pyodide" / copy.name.removesuffix(".gz")
        try:
            same = original.is_file() and gzip.decompress(copy.read_bytes()) == \
                original.read_bytes()
        except (OSError, EOFError, gzip.BadGzipFile):
            same = False
        if not same:
            wrong.append(copy.name)
    return [f"the light classroom page's compressed copies do not give back the files the "
            f"site serves: {', '.join(wrong)}"] if wrong else []


def page_problems(site: Path) -> list[str]:
    """What keeps the light page of *site* from working: a file missing, a placeholder left, a
    compressed copy that is not the file it stands for."""
    folder = site / PAGE_DIR
    names = [*PAGE_FILES, *VENDOR_FILES, LOCK_NAME, *(f"opening-{lang}.svg" for lang in LANGS),
             *(opening_name(lang, projector) for lang in LANGS for projector in (False, True))]
    missing = [name for name in names if not (folder / name).is_file()]
    problems = [f"the light classroom page lacks {', '.join(missing)}"] if missing else []
    problems += copy_problems(site)
    if not missing and "__HR_" in (folder / "index.html").read_text(encoding="utf-8"):
        problems.append("the light classroom page's index.html was not filled in")
    if not missing:
        try:
            packages = json.loads((folder / LOCK_NAME).read_text(encoding="utf-8"))["packages"]
            served = json.loads((site / "static" / "pyodide" / LOCK_NAME).read_text(
                encoding="utf-8"))["packages"]
        except (OSError, ValueError, KeyError, TypeError) as err:
            return [*problems, f"the light classroom page's lock cannot be read ({err})"]
        wrong = sorted(key for key, entry in packages.items()
                       if served.get(key, {}).get("sha256") != entry.get("sha256"))
        if PROJECT_KEY not in packages or wrong:
            problems.append(f"the light classroom page's lock lacks {PROJECT_KEY} or names "
                            f"files the site does not serve: {wrong}")
    return problems
