"""Build the JupyterLite classroom site (see :mod:`horserace_nb.lite`).

How the site works:

* JupyterLab and the Pyodide kernel come from ``jupyterlite-core`` and
  ``jupyterlite-pyodide-kernel`` (both 0.8.6, which expect Pyodide 314.0.6) in the environment
  that runs the build. The Pyodide core comes from the npm registry (``npm pack``); placed in the
  build's ``static/pyodide/``, it is copied into the site and the kernel is pointed at it.
* The kernel loads micropip, IPython and their dependencies from Pyodide's lock file. The npm
  core lacks those wheels (Pyodide serves them from its CDN), so the build downloads the same
  files from PyPI and serves them next to the lock, whose entries are updated to the sha256 of
  the files served (Pyodide re-packs its wheels: PyPI's files differ from its own).
* Everything else the notebooks need (comm, ipywidgets, jupyterlab_widgets, anywidget, psygnal
  and this project's own wheel, built from the checkout) gets lock entries of its own, and so do
  the kernel's own wheels (piplite, ipykernel, pyodide_kernel, widgetsnbextension: shipped with
  its JupyterLab extension). The kernel setting ``loadPyodideOptions.packages`` preloads the
  project and the kernel's packages, all at once, when the kernel starts: ``import horserace_nb``
  needs no install cell, and the kernel installs nothing one by one with micropip (it would
  otherwise install five packages in turn: about 10 s more before the first board).
  ``disablePyPIFallback`` keeps the kernel from ever asking PyPI.
* The site's standard library gets a ``sitecustomize`` (:mod:`horserace_nb.lite.site_imports`,
  :func:`add_sitecustomize`): the kernel looks for a top-level module in Python's own folders
  before its current folder, the notebook's folder in the browser's storage, where each look-up
  is a request to the page.
* The lock is trimmed to the packages the site serves: a package it does not ship fails at once
  (``%pip install numpy``: "numpy could not be installed: PyPI fallback is disabled"; ``import
  numpy``: ModuleNotFoundError) instead of asking for a file that is not there.
* The front ends of the widget libraries (federated JupyterLab extensions) are taken from the
  very wheels the kernel installs, so both halves always have the same version; the build
  environment's own JupyterLab extensions are ignored.

How the build keeps what is there:

* It refuses, before any work, an ``--output`` it must not write or replace: a symbolic link, a
  file or a folder inside one, a read-only folder, the checkout or a folder around it, a folder
  inside (or around) the notebooks, the package or the download cache, and any folder that is
  neither empty nor a site it built. Every site it builds holds the marker file
  ``.horserace-site`` (:data:`SITE_MARKER`: JSON naming the tool, ``horserace_nb.lite``, and
  the project's version, and the files it wrote); a folder without it (a teacher's own
  JupyterLite project, with a ``jupyter-lite.json``, say) is never replaced.
* A file a teacher added to a site it built (a ``results/`` folder, notes) is not in the
  marker's list: the new site keeps it at the same place (:func:`carry_over`), and the build
  says so. It refuses, leaving the old site as it was, when the new site writes where such a
  file is, and it refuses before any work a site of an earlier builder, which recorded no
  list.
* It ships only what :func:`~horserace_nb.lite.contents.plan_contents` allows of the
  notebooks' folder (no learner's results, nothing outside it), and trusts only the project's
  own lessons; the build's summary names what it left out and what ships untrusted.
* It writes the new site beside the old one (a hidden folder in the same parent) and swaps it
  in with a rename only once it is complete and checked (:func:`check_site`); on any failure
  the old site is left as it was and the hidden folder is removed.
* Every download is checked before it is shipped, in the cache and straight from the network:
  the Pyodide tarball against npm's sha512 of it (:data:`PYODIDE_INTEGRITY`), its files and
  its lock; each wheel as a zip file (every member's CRC) naming the distribution and version
  asked for (``pip download`` itself checks PyPI's sha256). A damaged cached file is fetched
  again once; if the new one is damaged too, the build stops and names it.
"""

from __future__ import annotations

import base64
import contextlib
import hashlib
import importlib.metadata
import importlib.util
import json
import os
import re
import shutil
import stat
import subprocess
import sys
import tarfile
import tempfile
import time
import zipfile
import zlib
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from email.parser import HeaderParser
from pathlib import Path, PurePosixPath
from typing import Any

from ..teaching.authoring import PUZZLES_FORMAT, AuthoringError, PuzzleSet, read_puzzle_set
from .classroom_page import LEFT_OUT as LIGHT_LEFT_OUT
from .classroom_page import PROJECT_KEY, LightPageError, write_page
from .classroom_page import page_problems as light_page_problems
from .contents import ContentPlan, plan_contents, read_lessons
from .pages import (
    APP_PAGES,
    LAB_LOCALES,
    PUZZLE_SETS_MARK,
    SCRIPT_NAME,
    add_script,
    content_tree,
    has_script,
    link_problem,
    puzzle_sets_cell,
    site_links,
)

PYODIDE_VERSION = "314.0.6"
"""The Pyodide release the kernel of jupyterlite-pyodide-kernel 0.8.6 expects."""
PYODIDE_INTEGRITY = ("sha512-BKDTJyIqFxC4BExLqeRS3f5xvXZIjOt8C3zGLN/Cc7tFxSwvKVhVkchQQ2AGLOtR4Yr"
                     "VOIFxbV8poyDOOmWwxQ==")
"""npm's integrity (sha512) of ``pyodide-314.0.6.tgz``: ``npm view pyodide@314.0.6
dist.integrity``. Change it with :data:`PYODIDE_VERSION`."""
PYODIDE_NEEDS: tuple[str, ...] = (
    "pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json",
)
"""The files of the Pyodide core the kernel loads (under ``package/`` in the npm tarball)."""
NPM_FETCH_OPTIONS: tuple[str, ...] = (
    "--fetch-retries=1", "--fetch-retry-mintimeout=1000", "--fetch-retry-maxtimeout=3000",
    "--fetch-timeout=20000",
)
"""npm options for ``npm pack``: one retry after 1–3 s, 20 s at most for a response to start.
An unreachable registry fails in seconds (npm's defaults: about 70 s)."""
PYODIDE_PYTHON = "3.14"
JUPYTERLITE_VERSION = "0.8.6"
KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"
APPS: tuple[str, ...] = ("lab", "repl")
"""The JupyterLite apps the site holds: JupyterLab for the lessons, the REPL for the classroom
page (:func:`horserace_nb.lite.pages.classroom_url`)."""
KERNEL_EXTENSION = "@jupyterlite/pyodide-kernel-extension"

LOCK_ROOTS: tuple[str, ...] = (
    "micropip", "packaging", "ipython", "jedi", "svgwrite", "typing-extensions",
)
"""The packages of Pyodide's lock the site serves, with their lock dependencies: what the kernel
loads at start (micropip; IPython, jedi for the kernel itself) and what the project and the
widget libraries import (svgwrite, typing-extensions)."""

EXTRA_WHEELS: dict[str, str] = {
    "comm": "0.2.3",
    "ipywidgets": "8.1.9",
    "jupyterlab-widgets": "3.0.17",
    "anywidget": "0.11.0",
    "psygnal": "0.16.1",
}
"""Pure-Python wheels (PEP 503 name → version) that are not in Pyodide's lock: the site serves
them with lock entries of their own."""

LABEXTENSION_WHEELS: tuple[str, ...] = ("jupyterlab-widgets", "anywidget")
"""Wheels of :data:`EXTRA_WHEELS` whose JupyterLab front end the site ships."""

KERNEL_WHEELS: dict[str, str] = {
    "piplite": JUPYTERLITE_VERSION,
    "ipykernel": "6.9.2",
    "pyodide-kernel": JUPYTERLITE_VERSION,
    "widgetsnbextension": "4.0.999",
}
"""The Pyodide kernel's own wheels (stand-ins for ipykernel and widgetsnbextension), from its
JupyterLab extension: the site serves them with lock entries too."""

KERNEL_PRELOAD: tuple[str, ...] = (
    "micropip", "piplite", "ipykernel", "comm", "pyodide-kernel", "jedi", "ipython",
)
"""What the kernel would install one by one when it starts, unless it is preloaded."""

CACHE_ENV = "HORSERACE_LITE_CACHE"
"""Environment variable naming the download cache (``--cache-dir`` wins over it)."""

SITE_MARKER = ".horserace-site"
"""The file every site this builder writes holds, JSON: ``{"tool": "horserace_nb.lite",
"version": …, "files": […]}`` (the project's version, every file the builder wrote). The
builder replaces only a folder holding it, and writes only into an empty or a new one
otherwise; a file in the folder that the marker does not list is a teacher's, and the new site
keeps it (:func:`carry_over`)."""
SITE_TOOL = "horserace_nb.lite"

WASM_ENVIRONMENT = {
    "python_version": PYODIDE_PYTHON, "python_full_version": f"{PYODIDE_PYTHON}.0",
    "sys_platform": "emscripten", "platform_system": "Emscripten", "os_name": "posix",
    "platform_machine": "wasm32", "implementation_name": "cpython",
    "platform_python_implementation": "CPython", "extra": "",
}
"""The marker environment of the Pyodide kernel, for the wheels' ``Requires-Dist``."""

# Files of the npm package the site does not need (source maps, type declarations, demo pages).
_PYODIDE_SKIP = re.compile(r"(\.map|\.d\.ts|\.html|README\.md)$")

Log = Callable[[str], None]


class LiteBuildError(RuntimeError):
    """The site could not be built; the message says why and what to do."""


def canonical(name: str) -> str:
    """The PEP 503 form of a distribution name: ``Jupyterlab_Widgets`` → ``jupyterlab-widgets``.

    >>> canonical("typing_extensions"), canonical("Pygments"), canonical("horserace_nb")
    ('typing-extensions', 'pygments', 'horserace-nb')
    """
    return re.sub(r"[-_.]+", "-", name).lower()


def default_cache_dir() -> Path:
    """Where downloads are kept between builds: ``$HORSERACE_LITE_CACHE``, else
    ``$XDG_CACHE_HOME/horserace_nb/lite``, else ``~/.cache/horserace_nb/lite``."""
    if os.environ.get(CACHE_ENV):
        return Path(os.environ[CACHE_ENV]).expanduser()
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "horserace_nb" / "lite"


# --------------------------------------------------------------------------- pure parts
def lock_closure(lock: Mapping[str, Any], roots: Sequence[str]) -> list[str]:
    """The lock keys of *roots* and of everything they depend on in *lock*, sorted.

    >>> lock = {"packages": {"a": {"depends": ["B_x"]}, "b-x": {"depends": []},
    ...                      "c": {"depends": []}}}
    >>> lock_closure(lock, ["a"])
    ['a', 'b-x']
    """
    packages = lock["packages"]
    found: set[str] = set()
    todo = [canonical(root) for root in roots]
    while todo:
        key = todo.pop()
        if key in found:
            continue
        if key not in packages:
            raise LiteBuildError(f"Pyodide's lock file has no package {key!r}: is the Pyodide "
                                 f"core version {PYODIDE_VERSION}?")
        found.add(key)
        todo.extend(canonical(dep) for dep in packages[key].get("depends", []))
    return sorted(found)


def light_lock(lock: Mapping[str, Any]) -> dict[str, Any]:
    """The light classroom page's Pyodide lock (:mod:`horserace_nb.lite.classroom_page`), from
    the site's *lock*: the project and what it needs, less what that page does without
    (IPython and what only it needs); the same files, with the same sha256.

    >>> lock = {"info": {}, "packages": {
    ...     "horserace-nb": {"depends": ["ipywidgets"]},
    ...     "ipywidgets": {"depends": ["comm", "IPython"]}, "comm": {"depends": []},
    ...     "ipython": {"depends": ["pygments"]}, "pygments": {"depends": []}}}
    >>> sorted(light_lock(lock)["packages"]), light_lock(lock)["packages"]["ipywidgets"]
    (['comm', 'horserace-nb', 'ipywidgets'], {'depends': ['comm']})
    """
    packages = {key: dict(entry) for key, entry in lock["packages"].items()}
    if PROJECT_KEY not in packages:
        raise LiteBuildError(f"the site's lock has no {PROJECT_KEY}")
    for entry in packages.values():
        entry["depends"] = [dep for dep in entry.get("depends", [])
                            if canonical(dep) not in LIGHT_LEFT_OUT]
    keep = lock_closure({"packages": packages}, [PROJECT_KEY])
    return {"info": dict(lock["info"]), "packages": {key: packages[key] for key in keep}}


def sha256_of(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _requirement_names(requires: Sequence[str]) -> list[str]:
    """The distributions a wheel's ``Requires-Dist`` lines ask for in the Pyodide kernel (no
    extras, markers evaluated for Python 3.14 on Emscripten)."""
    from packaging.requirements import Requirement

    names: list[str] = []
    for line in requires:
        requirement = Requirement(line)
        if requirement.marker is not None and not requirement.marker.evaluate(
                dict(WASM_ENVIRONMENT)):
            continue
        name = canonical(requirement.name)
        if name not in names:
            names.append(name)
    return names


def _top_level_imports(names: Sequence[str]) -> list[str]:
    """The importable top-level names in a wheel's file list."""
    imports: set[str] = set()
    for name in names:
        first, _, rest = name.partition("/")
        if first.endswith((".dist-info", ".data")):
            continue
        if rest:
            imports.add(first)
        elif first.endswith(".py"):
            imports.add(first[:-3])
    return sorted(imports)


def wheel_entry(wheel: Path) -> dict[str, Any]:
    """A Pyodide lock entry for the pure-Python *wheel*: name, version, file name, sha256 of
    the file, what it imports, what it depends on (its requirements in the Pyodide kernel)."""
    try:
        with zipfile.ZipFile(wheel) as archive:
            names = archive.namelist()
            metadata_names = [n for n in names
                              if re.fullmatch(r"[^/]+\.dist-info/METADATA", n)]
            if len(metadata_names) != 1:
                raise LiteBuildError(f"{wheel.name} is not a wheel (no single "
                                     ".dist-info/METADATA)")
            metadata = HeaderParser().parsestr(archive.read(metadata_names[0]).decode("utf-8"))
    except (zipfile.BadZipFile, zlib.error, EOFError, OSError, ValueError) as err:
        raise LiteBuildError(f"{wheel.name} is not a sound wheel ({err})") from None
    if not wheel.name.endswith("-none-any.whl"):
        raise LiteBuildError(f"{wheel.name} is not a pure-Python wheel: the site's kernel can "
                             "only load wheels for any platform")
    name = canonical(str(metadata["Name"]))
    depends = _requirement_names(metadata.get_all("Requires-Dist") or [])
    return {
        "name": name,
        "version": str(metadata["Version"]),
        "file_name": wheel.name,
        "install_dir": "site",
        "sha256": sha256_of(wheel),
        "package_type": "package",
        "imports": _top_level_imports(names),
        "depends": depends,
        "unvendored_tests": False,
    }


def patch_lock(lock: Mapping[str, Any], served: Mapping[str, Path],
               added: Sequence[Path]) -> dict[str, Any]:
    """Pyodide's *lock* as the site serves it.

    *served* maps lock keys to the files the site serves for them (each must have the lock's
    file name; the entry gets the file's sha256); *added* are wheels that are not in the lock
    and get entries of their own. Every other package is left out, and every dependency of a
    package kept must be kept too. Raises :class:`LiteBuildError` when a file name does not
    match, an added wheel is already in the lock (the lock entry would win over it), or a
    dependency is not served.
    """
    packages: dict[str, dict[str, Any]] = {}
    for key, path in sorted(served.items()):
        key = canonical(key)
        if key not in lock["packages"]:
            raise LiteBuildError(f"{key!r} is not in Pyodide's lock file")
        entry = dict(lock["packages"][key])
        if path.name != entry["file_name"]:
            raise LiteBuildError(f"the lock names {entry['file_name']} for {key!r}, "
                                 f"but the file to serve is {path.name}")
        entry["sha256"] = sha256_of(path)
        packages[key] = entry
    for wheel in added:
        entry = wheel_entry(wheel)
        key = entry["name"]
        if key in lock["packages"]:
            raise LiteBuildError(f"{wheel.name}: {key!r} is in Pyodide's lock file already; "
                                 "serve the lock's own version instead (the lock entry wins)")
        if key in packages:
            raise LiteBuildError(f"{wheel.name}: two wheels for {key!r}")
        packages[key] = entry
    for key, entry in packages.items():
        missing = [dep for dep in entry.get("depends", []) if canonical(dep) not in packages]
        if missing:
            raise LiteBuildError(f"{key!r} depends on {', '.join(missing)}, which the site does "
                                 "not serve")
    return {"info": dict(lock["info"]), "packages": dict(sorted(packages.items()))}


def kernel_settings(packages: Sequence[str]) -> dict[str, Any]:
    """The Pyodide kernel's settings in ``jupyter-lite.json``: never ask PyPI; preload
    *packages* (lock keys) and the kernel's own packages when the kernel starts.

    >>> kernel_settings(["horserace-nb"])["loadPyodideOptions"]["packages"][:3]
    ['horserace-nb', 'micropip', 'piplite']
    """
    preload = list(dict.fromkeys([*packages, *KERNEL_PRELOAD]))
    return {"disablePyPIFallback": True, "loadPyodideOptions": {"packages": preload}}


def lite_json(packages: Sequence[str]) -> dict[str, Any]:
    """The ``jupyter-lite.json`` the build starts from (JupyterLite adds the rest)."""
    return {"jupyter-lite-schema-version": 0,
            "jupyter-config-data": {"appName": "Horse Race",
                                    # window.jupyterapp, for the site's script (site.js)
                                    "exposeAppInBrowser": "true",
                                    "litePluginSettings": {KERNEL_PLUGIN:
                                                           kernel_settings(packages)}}}


SETTINGS_OVERRIDES: dict[str, Any] = {
    # JupyterLab would ask whether to fetch news from the internet: it never should.
    "@jupyterlab/apputils-extension:notification": {"fetchNews": "false",
                                                    "checkForUpdates": False},
    # The site has one kernel: start it for every notebook, without asking which (a notebook
    # that names no language, such as index.ipynb, would otherwise open a "Select Kernel" box).
    "@jupyterlab/notebook-extension:tracker": {"autoStartDefaultKernel": True},
    # A markdown file (the rules pages) opens rendered, not in the editor: a rule link opens
    # the page at the rule, as in JupyterLab.
    "@jupyterlab/docmanager-extension:plugin": {"defaultViewers": {"markdown":
                                                                    "Markdown Preview"}},
}


def build_config(notebooks: Path, federated: Sequence[Path]) -> dict[str, Any]:
    """The ``jupyter_lite_config.json`` of the build: the notebooks as contents, only the
    given federated extensions (none from the build environment), JupyterLab and the REPL
    (the classroom page) only, no source maps."""
    return {"LiteBuildConfig": {
        "apps": list(APPS),
        "contents": [str(notebooks)],
        "federated_extensions": [str(path) for path in federated],
        "ignore_sys_prefix": ["federated_extensions"],
        "no_sourcemaps": True,
        "settings_overrides": ["overrides.json"],
    }}


def notebook_tree(notebooks: Path) -> list[str]:
    """The notebooks under *notebooks* as the site shows them (POSIX paths relative to it;
    hidden folders, checkpoints and learners' results left out, no link followed out of it:
    :func:`~horserace_nb.lite.contents.plan_contents`), sorted."""
    return plan_contents(notebooks).notebooks


SITE_KERNELSPEC: dict[str, Any] = {"display_name": "Python (Pyodide)", "language": "python",
                                   "name": "python"}
SITE_LANGUAGE_INFO: dict[str, Any] = {
    "codemirror_mode": {"name": "python", "version": 3}, "file_extension": ".py",
    "mimetype": "text/x-python", "name": "python", "nbconvert_exporter": "python",
    "pygments_lexer": "ipython3", "version": "3.8"}
"""The site's kernel as JupyterLab writes it into a notebook it opens (the Pyodide kernel
reports its language as Python "3.8", whatever Python it runs): a lesson that says so already
opens unchanged, instead of with unsaved changes that JupyterLab then saves as the learner's
own copy in the browser (which would hide the next version of the site's lesson)."""


def _joined(value: Any) -> Any:
    return "".join(value) if isinstance(value, list) else value


def site_notebook(text: str, trusted: bool = True) -> str:
    """A notebook's JSON *text* as the site ships it: every code cell marked *trusted* or not
    (``metadata.trusted``, as a Jupyter server marks each cell it hands over; JupyterLab shows
    a stored output's picture, SVG, and runs its scripts only in a trusted cell, else shows
    its plain text; only the project's own lessons ship trusted: :func:`site_contents`), and
    each text that the file holds as a list of lines held as
    one string, as a Jupyter server hands a notebook to JupyterLab (JupyterLite hands over the
    file as it is, and JupyterLab shows a stream's lines joined by commas), and the site's
    kernel named as JupyterLab names it (:data:`SITE_KERNELSPEC`). A notebook the learner
    makes or uploads in the browser is not touched.

    >>> cell = {"cell_type": "code", "metadata": {}, "source": ["a = 1\\n", "a"],
    ...         "outputs": [{"output_type": "stream", "name": "stdout", "text": ["1\\n", "2\\n"]}]}
    >>> shipped = json.loads(site_notebook(json.dumps({"cells": [cell]})))["cells"][0]
    >>> shipped["metadata"], shipped["source"], shipped["outputs"][0]["text"]
    ({'trusted': True}, 'a = 1\\na', '1\\n2\\n')
    >>> json.loads(site_notebook(json.dumps({"cells": [cell]}), trusted=False)
    ...            )["cells"][0]["metadata"]
    {'trusted': False}
    """
    notebook = json.loads(text)
    metadata = notebook.setdefault("metadata", {})
    metadata["kernelspec"] = SITE_KERNELSPEC
    metadata["language_info"] = SITE_LANGUAGE_INFO
    for cell in notebook.get("cells", []):
        cell["source"] = _joined(cell.get("source", ""))
        if cell.get("cell_type") != "code":
            continue
        cell.setdefault("metadata", {})["trusted"] = trusted
        for output in cell.get("outputs", []):
            if "text" in output:
                output["text"] = _joined(output["text"])
            data = output.get("data", {})
            for mime, value in data.items():  # JSON data is data, not lines (as nbformat)
                if mime != "application/json" and not mime.endswith("+json"):
                    data[mime] = _joined(value)
    return json.dumps(notebook, indent=1, sort_keys=True, ensure_ascii=False) + "\n"


def site_contents(notebooks: Path, dest: Path, plan: ContentPlan | None = None) -> Path:
    """A copy of the *notebooks* tree in *dest*: the files of *plan* (default: those
    :func:`~horserace_nb.lite.contents.plan_contents` finds, trusting the lessons the folder's
    own manifest records), each notebook as the site ships it (:func:`site_notebook`), trusted
    only if the plan says so; the site's contents."""
    if plan is None:
        plan = plan_contents(notebooks, read_lessons(notebooks))
    trusted = set(plan.trusted)
    notebooks_set = set(plan.notebooks)
    sets = puzzle_sets(notebooks, plan)
    dest.mkdir(parents=True, exist_ok=True)
    for name in plan.files:
        source, target = notebooks / name, dest / name
        target.parent.mkdir(parents=True, exist_ok=True)
        try:
            text = source.read_text(encoding="utf-8") if name in notebooks_set else ""
            if name == START_PAGE and sets:
                text = with_puzzle_sets(text, sets)
            shipped = (site_notebook(text, trusted=name in trusted)
                       if name in notebooks_set else None)
        except (ValueError, TypeError, AttributeError):  # not a notebook JupyterLab can open
            shipped = None
        if shipped is None:
            shutil.copyfile(source, target)
        else:
            target.write_text(shipped, encoding="utf-8")
    return dest


START_PAGE = "index.ipynb"
"""The site's start page in the notebooks' tree (``lessons/build.py`` writes it)."""
_PUZZLES_FORMAT = PUZZLES_FORMAT.encode()


def puzzle_sets(notebooks: Path, plan: ContentPlan) -> list[tuple[str, PuzzleSet]]:
    """The teacher's puzzle-set files among the files *plan* ships (JSON files whose first
    kilobytes name the puzzle-set format), each read and checked as untrusted input
    (:func:`~horserace_nb.teaching.authoring.read_puzzle_set`: bounded in size and time); one
    that is refused ships as a file but is not listed, and the build says why (``plan.said``).
    """
    found = []
    for name in plan.files:
        if not name.lower().endswith(".json"):
            continue
        path = notebooks / name
        with path.open("rb") as file:
            if _PUZZLES_FORMAT not in file.read(4096):
                continue
        try:
            found.append((name, read_puzzle_set(path)))
        except AuthoringError as exc:
            plan.said.append(f"not listed on the start page (a puzzle set the engine refuses): "
                             f"{name}: {exc}")
    return found


def with_puzzle_sets(text: str, sets: Sequence[tuple[str, PuzzleSet]]) -> str:
    """The start page's JSON *text* with the cell listing *sets* at its end (in place of one
    an earlier build added: :func:`~horserace_nb.lite.pages.puzzle_sets_cell`)."""
    notebook = json.loads(text)
    cells = [cell for cell in notebook.get("cells", [])
             if not (isinstance(cell, dict) and cell.get("id") == PUZZLE_SETS_MARK)]
    notebook["cells"] = [*cells, puzzle_sets_cell(sets)]
    return json.dumps(notebook)


# --------------------------------------------------------------------------- report, tools
@dataclass
class SiteReport:
    """What :func:`build_site` wrote."""

    output: Path
    notebooks: list[str]
    packages: list[str]
    size_bytes: int
    seconds: float
    downloads: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def summary(self) -> str:
        fetched = (f"downloaded {len(self.downloads)} file(s)" if self.downloads
                   else "everything from the cache")
        return "\n".join([
            f"site written to {self.output}: {len(self.notebooks)} notebooks, "
            f"{len(self.packages)} Python packages, {self.size_bytes / 2**20:.1f} MiB, "
            f"{self.seconds:.1f} s ({fetched})", *(f"note: {note}" for note in self.notes)])


def _need_build_tools() -> None:
    missing = [module for module in ("jupyterlite_core", "jupyterlite_pyodide_kernel",
                                     "jupyter_server", "packaging")
               if importlib.util.find_spec(module) is None]
    if missing:
        raise LiteBuildError(
            f"the build needs {', '.join(missing)} in this Python ({sys.executable}); install "
            "the optional extra: pip install 'horserace_nb[lite]' (or -e '.[lite]' in a "
            "checkout)")
    packs = language_packs()
    absent = [locale for locale in LAB_LOCALES.values() if locale not in packs]
    if absent or importlib.util.find_spec("jupyterlab_server") is None:
        names = ", ".join(f"jupyterlab-language-pack-{locale.replace('_', '-')}"
                          for locale in absent) or "jupyterlab_server"
        raise LiteBuildError(
            f"the site's JupyterLab speaks the lessons' languages with its language packs, and "
            f"this Python ({sys.executable}) lacks {names}: pip install 'horserace_nb[lite]' "
            "(or -e '.[lite]' in a checkout)")
    for dist in ("jupyterlite-core", "jupyterlite-pyodide-kernel"):
        version = importlib.metadata.version(dist)
        if version != JUPYTERLITE_VERSION:
            raise LiteBuildError(
                f"{dist} {version} is installed, but the site is built with "
                f"{JUPYTERLITE_VERSION} (it expects Pyodide {PYODIDE_VERSION}): "
                "pip install 'horserace_nb[lite]'")


def language_packs() -> list[str]:
    """The locales of the JupyterLab language packs installed here (their entry points in
    ``jupyterlab.languagepack``), which jupyterlite-core's translation addon serves in the site
    (``api/translations/<locale>.json``), sorted."""
    return sorted({entry.name for entry in
                   importlib.metadata.entry_points(group="jupyterlab.languagepack")})


def tool_reason(output: str, count: int = 2) -> str:
    """What a tool said went wrong, on one line: its last *count* ``ERROR`` lines, else its
    last *count* lines (blank lines left out, each cut to 300 characters).

    >>> tool_reason("Collecting x\\nERROR: no x 1.0\\nERROR: No matching distribution\\n")
    'ERROR: no x 1.0; ERROR: No matching distribution'
    """
    lines = [line.strip()[:300] for line in output.splitlines() if line.strip()]
    errors = [line for line in lines if line.lower().startswith("error")]
    return "; ".join((errors or lines)[-count:]) or "it printed nothing"


def _run(cmd: Sequence[str], what: str, cwd: Path | None = None) -> str:
    try:
        done = subprocess.run(list(cmd), cwd=cwd, capture_output=True, text=True,
                              stdin=subprocess.DEVNULL, check=False)
    except OSError as err:
        raise LiteBuildError(f"{what}: cannot run {cmd[0]} ({err.strerror})") from None
    if done.returncode != 0:
        said = tool_reason(done.stdout + "\n" + done.stderr)
        raise LiteBuildError(f"{what} failed (exit {done.returncode}): {said}")
    return done.stdout


def _make_folder(folder: Path, what: str) -> None:
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise LiteBuildError(f"cannot make {what} {folder}: {err.strerror}") from None


def _discard(path: Path, problem: str, log: Log) -> None:
    """Remove the damaged cached file *path*, to fetch it again."""
    log(f"{path} is damaged ({problem}): fetching it again")
    try:
        path.unlink()
    except OSError as err:
        raise LiteBuildError(f"{path} is damaged ({problem}) and cannot be removed "
                             f"({err.strerror}): delete it and build again") from None


class _Damaged(Exception):
    """A downloaded or cached file that is not what it should be (the message says how)."""


# --------------------------------------------------------------------------- the Pyodide core
def pyodide_tarball(cache: Path) -> Path:
    """Where the download cache *cache* keeps the npm tarball of the Pyodide core (with it
    there, the build needs no npm)."""
    return cache / "npm" / f"pyodide-{PYODIDE_VERSION}.tgz"


def npm_integrity(path: Path) -> str:
    """The npm form of the sha512 of the file *path* (``sha512-`` and the digest in base64)."""
    digest = hashlib.sha512()
    with path.open("rb") as file:
        while chunk := file.read(1 << 20):
            digest.update(chunk)
    return "sha512-" + base64.b64encode(digest.digest()).decode("ascii")


def _lock_problem(lock: object) -> str | None:
    """What keeps *lock* from being a Pyodide lock the build can read, or ``None``."""
    if not (isinstance(lock, dict) and isinstance(lock.get("info"), dict)
            and isinstance(lock.get("packages"), dict)):
        return "has no info and packages"
    for key, entry in lock["packages"].items():
        if not (isinstance(entry, dict) and isinstance(entry.get("file_name"), str)
                and isinstance(entry.get("version"), str)
                and isinstance(entry.get("depends", []), list)):
            return f"has a malformed entry {key!r}"
    return None


def read_pyodide_tarball(tarball: Path) -> dict[str, Any]:
    """Pyodide's lock file from the npm *tarball* of the core, once the tarball is known to be
    the one npm publishes (:data:`PYODIDE_INTEGRITY`), a readable ``.tgz`` holding the files the
    kernel loads, with a lock in the shape the build reads. Raises ``_Damaged`` otherwise."""
    found = npm_integrity(tarball)
    if found != PYODIDE_INTEGRITY:
        raise _Damaged(f"its checksum {found[:20]}… is not npm's for pyodide "
                       f"{PYODIDE_VERSION} ({PYODIDE_INTEGRITY[:20]}…)")
    try:
        with tarfile.open(tarball, "r:gz") as archive:
            members = {member.name: member for member in archive.getmembers()
                       if member.isfile()}
            missing = [name for name in PYODIDE_NEEDS if f"package/{name}" not in members]
            if missing:
                raise _Damaged(f"it lacks {', '.join(missing)}")
            source = archive.extractfile(members["package/pyodide-lock.json"])
            assert source is not None
            with source:
                data = source.read()
    except (tarfile.TarError, EOFError, zlib.error, OSError) as err:
        raise _Damaged(f"it is not a readable .tgz ({err})") from None
    try:
        lock = json.loads(data.decode("utf-8"))
    except ValueError as err:  # UnicodeDecodeError and JSONDecodeError are ValueErrors
        raise _Damaged(f"its pyodide-lock.json is not JSON ({err})") from None
    problem = _lock_problem(lock)
    if problem is not None:
        raise _Damaged(f"its pyodide-lock.json {problem}")
    return dict(lock)


def npm_reason(stdout: str, stderr: str) -> str:
    """What ``npm --json`` said went wrong: the summary of its JSON error, else its first
    meaningful ``npm error`` lines (no stack frames, no dumped objects, no log file)."""
    try:
        summary = str(json.loads(stdout)["error"]["summary"]).strip()
    except (ValueError, KeyError, TypeError):
        summary = ""
    if summary:
        return summary[:500]
    lines = []
    for line in stderr.splitlines():
        prefix = next((p for p in ("npm error", "npm ERR!") if line.startswith(p)), None)
        if prefix is None:
            continue
        rest = line[len(prefix):]  # " reason", or "   frame" and "  key: value" (indented)
        text = rest.strip()
        if (not text or rest.startswith("  ") or text in ("{", "}")
                or re.fullmatch(r"(code|errno|syscall) \S+", text)
                or text.startswith("A complete log")):
            continue
        lines.append(text[:300])
    return "; ".join(lines[:2]) or "npm printed no reason"


def _npm_pack(tarball: Path, folder: Path) -> Path:
    """``npm pack pyodide@VERSION`` into *folder*: the file it wrote (*tarball* is where the
    cache keeps it, for the messages)."""
    spec = f"pyodide@{PYODIDE_VERSION}"
    npm = shutil.which("npm")
    if npm is None:
        raise LiteBuildError(
            "npm was not found: the build takes the Pyodide core from the npm registry "
            f"(npm pack {spec}). Install Node.js with npm (Debian/Ubuntu: apt-get install "
            f"npm; elsewhere: https://nodejs.org), or put {tarball.name} into {tarball.parent}")
    cmd = [npm, "pack", spec, "--pack-destination", str(folder), "--json", "--loglevel=error",
           *NPM_FETCH_OPTIONS]
    try:
        done = subprocess.run(cmd, capture_output=True, text=True, stdin=subprocess.DEVNULL,
                              check=False)
    except OSError as err:
        raise LiteBuildError(f"npm pack: cannot run {npm} ({err.strerror})") from None
    if done.returncode != 0:
        raise LiteBuildError(
            f"npm pack {spec} failed: {npm_reason(done.stdout, done.stderr)}. Check that the "
            f"npm registry is reachable (npm config get registry), or put {tarball.name} into "
            f"{tarball.parent}")
    packed = folder / tarball.name
    if not packed.is_file():
        raise LiteBuildError(f"npm pack wrote no {tarball.name} (it wrote: "
                             f"{sorted(path.name for path in folder.iterdir())})")
    return packed


def _pyodide_core(cache: Path, dest: Path, log: Log, downloads: list[str]) -> dict[str, Any]:
    """Unpack the Pyodide core into *dest* from the cache, or from ``npm pack`` when the cache
    has no sound tarball (a damaged one is fetched again); its lock file."""
    tarball = pyodide_tarball(cache)
    if tarball.is_file():
        try:
            lock = read_pyodide_tarball(tarball)
        except _Damaged as bad:
            _discard(tarball, str(bad), log)
        else:
            _unpack_pyodide(tarball, dest)
            return lock
    _make_folder(tarball.parent, "the download cache")
    log(f"fetching the Pyodide core: npm pack pyodide@{PYODIDE_VERSION}")
    with tempfile.TemporaryDirectory(dir=tarball.parent, prefix=".npm-pack-") as tmp:
        packed = _npm_pack(tarball, Path(tmp))
        try:
            lock = read_pyodide_tarball(packed)
        except _Damaged as bad:
            raise LiteBuildError(f"npm pack pyodide@{PYODIDE_VERSION} gave a damaged "
                                 f"{tarball.name}: {bad}") from None
        packed.replace(tarball)
    downloads.append(tarball.name)
    _unpack_pyodide(tarball, dest)
    return lock


def _unpack_pyodide(tarball: Path, dest: Path) -> None:
    dest.mkdir(parents=True, exist_ok=True)
    with tarfile.open(tarball, "r:gz") as archive:
        for member in archive.getmembers():
            name = PurePosixPath(member.name)
            if (not member.isfile() or len(name.parts) != 2 or name.parts[0] != "package"
                    or _PYODIDE_SKIP.search(name.name)):
                continue
            source = archive.extractfile(member)
            assert source is not None
            with source, (dest / name.name).open("wb") as out:
                shutil.copyfileobj(source, out)


# --------------------------------------------------------------------------- wheels
def wheel_problem(wheel: Path, key: str | None = None, version: str | None = None) -> str | None:
    """What is wrong with the file *wheel*, or ``None``: it must be a sound zip file (every
    member's CRC checked) holding one ``.dist-info/METADATA`` that names a distribution, and,
    when they are given, the one of lock key *key* at *version*."""
    try:
        with zipfile.ZipFile(wheel) as archive:
            bad = archive.testzip()
            if bad is not None:
                return f"{bad} in it is damaged"
            metadata_names = [name for name in archive.namelist()
                              if re.fullmatch(r"[^/]+\.dist-info/METADATA", name)]
            if len(metadata_names) != 1:
                return "it has no single .dist-info/METADATA"
            text = archive.read(metadata_names[0]).decode("utf-8")
    except (zipfile.BadZipFile, zlib.error, EOFError, OSError, ValueError,
            NotImplementedError) as err:
        return f"it is not a sound zip file ({err})"
    metadata = HeaderParser().parsestr(text)
    name, found = metadata.get("Name"), metadata.get("Version")
    if not name or not found:
        return "its METADATA names no distribution"
    if key is not None and (canonical(str(name)), str(found)) != (key, version):
        return f"it holds {name} {found}, not {key} {version}"
    return None


def _find_wheel(folder: Path, key: str, version: str) -> Path | None:
    for wheel in sorted(folder.glob("*.whl")):
        parts = wheel.name.split("-")
        if len(parts) >= 5 and canonical(parts[0]) == key and parts[1] == version \
                and wheel.name.endswith("-none-any.whl"):
            return wheel
    return None


def _pip_download(specs: Mapping[str, str], dest: Path) -> None:
    """``pip download`` the pure-Python wheels *specs* (name → version) for Python 3.14 into
    *dest* (pip checks each file against the sha256 the index gives)."""
    _run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
          "--only-binary=:all:", "--python-version", PYODIDE_PYTHON, "--platform", "any",
          "--dest", str(dest), *(f"{key}=={version}" for key, version in specs.items())],
         "pip download")


def _cached_wheels(specs: Mapping[str, str], folder: Path, log: Log,
                   downloads: list[str]) -> dict[str, Path]:
    """The pure-Python wheels *specs* (lock key → version) for Python 3.14: from the cache
    *folder* when they pass :func:`wheel_problem`, else from PyPI. A damaged cached wheel is
    fetched again; a download is checked too and moved into the cache only when sound."""
    _make_folder(folder, "the download cache")
    wheels: dict[str, Path] = {}
    missing: dict[str, str] = {}
    for key, version in specs.items():
        wheel = _find_wheel(folder, key, version)
        if wheel is not None:
            problem = wheel_problem(wheel, key, version)
            if problem is None:
                wheels[key] = wheel
                continue
            _discard(wheel, problem, log)
        missing[key] = version
    if missing:
        log(f"downloading {len(missing)} wheel(s) for Python {PYODIDE_PYTHON} from PyPI")
        with tempfile.TemporaryDirectory(dir=folder, prefix=".pip-download-") as tmp:
            _pip_download(missing, Path(tmp))
            for key, version in missing.items():
                fetched = _find_wheel(Path(tmp), key, version)
                if fetched is None:
                    raise LiteBuildError(f"pip download gave no pure-Python wheel of {key} "
                                         f"{version}")
                problem = wheel_problem(fetched, key, version)
                if problem is not None:
                    raise LiteBuildError(f"pip download gave a damaged {fetched.name}: "
                                         f"{problem}")
                wheels[key] = fetched.replace(folder / fetched.name)
                downloads.append(fetched.name)
    return {key: wheels[key] for key in specs}


def _project_wheel(source: Path, dest: Path, log: Log) -> Path:
    """This project's wheel, built from the checkout *source* (``pip wheel --no-deps``).

    It is built from a copy of the project's top-level files and its package (without caches):
    nothing is written into the checkout, and no stale ``build/`` folder there can slip a
    deleted module into the wheel."""
    log(f"building the project's wheel from {source}")
    copy = dest / "source"
    copy.mkdir(parents=True)
    for path in source.iterdir():
        if path.is_file():
            shutil.copy2(path, copy / path.name)
    shutil.copytree(source / "horserace_nb", copy / "horserace_nb",
                    ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    _run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--wheel-dir",
          str(dest / "wheel"), str(copy)], "pip wheel")
    wheels = sorted((dest / "wheel").glob("*.whl"))
    if len(wheels) != 1:
        raise LiteBuildError(f"pip wheel wrote {len(wheels)} wheels: {wheels}")
    problem = wheel_problem(wheels[0])
    if problem is not None:
        raise LiteBuildError(f"pip wheel wrote a damaged {wheels[0].name}: {problem}")
    return wheels[0]


def _kernel_wheels(extension: Path) -> list[Path]:
    """The wheels of :data:`KERNEL_WHEELS` in the kernel's JupyterLab extension."""
    folder = extension / "static" / "pypi"
    wheels = []
    for key, version in KERNEL_WHEELS.items():
        wheel = _find_wheel(folder, key, version)
        problem = "missing" if wheel is None else wheel_problem(wheel, key, version)
        if problem is not None:
            raise LiteBuildError(f"the Pyodide kernel's extension ({extension}) has no sound "
                                 f"{key} {version} wheel ({problem}): reinstall it, pip "
                                 "install --force-reinstall 'horserace_nb[lite]'")
        assert wheel is not None
        wheels.append(wheel)
    return wheels


def _kernel_extension() -> Path:
    """The Pyodide kernel's JupyterLab extension, as installed with
    jupyterlite-pyodide-kernel."""
    dist = importlib.metadata.distribution("jupyterlite-pyodide-kernel")
    for file in dist.files or []:
        if file.as_posix().endswith(f"labextensions/{KERNEL_EXTENSION}/package.json"):
            return Path(str(dist.locate_file(file))).resolve().parent
    raise LiteBuildError("jupyterlite-pyodide-kernel is installed without its JupyterLab "
                         "extension: reinstall it (pip install 'horserace_nb[lite]')")


def default_source() -> Path | None:
    """The checkout this package runs from, if it runs from one."""
    root = Path(__file__).resolve().parents[2]
    if (root / "pyproject.toml").is_file() and (root / "horserace_nb").is_dir():
        return root
    return None


def _byte_compiled(pyodide_dir: Path, wheels: Sequence[Path], project: Path, cache: Path,
                   dest: Path, log: Log) -> dict[Path, Path]:
    """*wheels* and the *project*'s wheel byte-compiled for the site's Pyodide (see
    :mod:`horserace_nb.lite.compile`), by the wheel given, and the Pyodide core's standard
    library in *pyodide_dir* replaced by its compiled form. All but the project's wheel are
    kept compiled in the download cache (``compiled/``, keyed by the input's sha256, the
    Pyodide version and the recipe); a damaged one is made again."""
    from .compile import CompileError, compile_with_pyodide, compiled_key

    stdlib = pyodide_dir / "python_stdlib.zip"
    folder = cache / "compiled"
    _make_folder(folder, "the download cache")
    found: dict[Path, Path] = {}
    todo: list[Path] = []  # the project's wheel last
    for path in [*wheels, stdlib]:
        cached = folder / compiled_key(path, PYODIDE_VERSION) / path.name
        if cached.is_file():
            if wheel_problem(cached) is None or (path == stdlib and _zip_sound(cached)):
                found[path] = cached
                continue
            _discard(cached, "not a sound zip file", log)
        todo.append(path)
    todo.append(project)
    log(f"byte-compiling {len(todo)} file(s) with Pyodide {PYODIDE_VERSION} in Node.js")
    try:
        made = compile_with_pyodide(pyodide_dir, [p for p in todo if p != stdlib], dest,
                                    stdlib=stdlib if stdlib in todo else None)
    except CompileError as err:
        raise LiteBuildError(str(err)) from None
    found[project] = made.pop(project.name)
    for path in todo[:-1]:
        out = made["stdlib" if path == stdlib else path.name]
        cached = folder / compiled_key(path, PYODIDE_VERSION) / path.name
        cached.parent.mkdir(exist_ok=True)
        # whole or not at all: another build may read the cache at the same moment
        partial = cached.with_name(f".{cached.name}.{os.getpid()}.partial")
        shutil.copyfile(out, partial)
        found[path] = partial.replace(cached)
    shutil.copyfile(found.pop(stdlib), stdlib)
    return found


SITECUSTOMIZE = "sitecustomize.py"
"""The module the builder adds to the site's standard library zip: the source of
:mod:`horserace_nb.lite.site_imports` (the kernel finds Python's own modules before the
notebook's folder)."""


def add_sitecustomize(stdlib: Path) -> None:
    """Add :data:`SITECUSTOMIZE` to the standard library zip *stdlib* (the same bytes for the
    same zip). Raises :class:`LiteBuildError` if the zip has one already."""
    from .compile import ZIP_DATE

    code = Path(__file__).with_name("site_imports.py").read_bytes()
    with zipfile.ZipFile(stdlib, "a", compression=zipfile.ZIP_DEFLATED) as archive:
        if any(name in archive.namelist() for name in (SITECUSTOMIZE, "sitecustomize.pyc")):
            raise LiteBuildError(f"{stdlib.name} has a sitecustomize of its own already")
        archive.writestr(zipfile.ZipInfo(SITECUSTOMIZE, ZIP_DATE), code,
                         compress_type=zipfile.ZIP_DEFLATED)


def _zip_sound(path: Path) -> bool:
    try:
        with zipfile.ZipFile(path) as archive:
            return archive.testzip() is None
    except (zipfile.BadZipFile, zlib.error, EOFError, OSError, ValueError):
        return False


# --------------------------------------------------------------------------- the output folder
def _existing_ancestor(path: Path) -> Path:
    """The nearest of *path*'s parents that exists (a file or a folder)."""
    return next(parent for parent in path.parents if os.path.lexists(parent))


def check_cache(cache: Path) -> Path:
    """The download cache *cache*, resolved; refused when it is a file or inside one."""
    cache = Path(cache).expanduser().resolve()
    where = f"the download cache {cache} (--cache-dir, else ${CACHE_ENV})"
    if cache.exists() and not cache.is_dir():
        raise LiteBuildError(f"{where} is a file, not a folder: name a folder")
    if not cache.exists() and not _existing_ancestor(cache).is_dir():
        raise LiteBuildError(f"{where} cannot be made: {_existing_ancestor(cache)} is a file")
    return cache


def marker_problem(folder: Path) -> str | None:
    """Why *folder* is not a site this builder wrote (its :data:`SITE_MARKER` missing or not
    the builder's), or ``None``."""
    try:
        _marker(folder)
    except _NotOurs as why:
        return str(why)
    return None


class _NotOurs(Exception):
    """The folder's marker is missing or not the builder's (the message says how)."""


def _marker(folder: Path) -> dict[str, Any]:
    marker = folder / SITE_MARKER
    if not marker.is_file():
        raise _NotOurs(f"it holds no {SITE_MARKER}")
    try:
        data = json.loads(marker.read_text(encoding="utf-8"))
    except (OSError, ValueError) as err:
        raise _NotOurs(f"its {SITE_MARKER} is not the builder's JSON ({err})") from None
    if not isinstance(data, dict) or data.get("tool") != SITE_TOOL:
        raise _NotOurs(f"its {SITE_MARKER} does not name {SITE_TOOL}")
    files = data.get("files")
    if files is not None and not (isinstance(files, list)
                                  and all(isinstance(name, str) for name in files)):
        raise _NotOurs(f"its {SITE_MARKER} holds no list of the files the builder wrote")
    return data


def site_files(folder: Path) -> list[str]:
    """Every file under *folder* but its :data:`SITE_MARKER` (POSIX paths relative to it,
    sorted): regular files, symbolic links (not followed) and anything else that is not a
    folder."""
    found: list[str] = []
    for parent, subfolders, names in os.walk(folder):
        base = Path(parent)
        for sub in list(subfolders):
            if (base / sub).is_symlink():  # os.walk lists a link to a folder as a folder
                names.append(sub)
                subfolders.remove(sub)
        for name in names:
            found.append((base / name).relative_to(folder).as_posix())
    return sorted(name for name in found if name != SITE_MARKER)


def foreign_files(site: Path) -> list[str]:
    """The files in the builder's *site* that it did not write (its marker records what it
    wrote): a teacher's ``results/`` folder, notes, … Raises :class:`LiteBuildError` when the
    marker records nothing (an earlier builder's site: its files cannot be told from the
    teacher's) or one of them is not a regular file or a symbolic link."""
    data = _marker(site)
    if data.get("files") is None:
        raise LiteBuildError(
            f"--output {site} was written by an earlier version of the builder, which did not "
            f"record the files it wrote (in {SITE_MARKER}): files you added there cannot be "
            "told from the site's own. Move any files of yours out of it, delete the folder, "
            "and build again (or choose a new folder)")
    wrote = set(data["files"])
    foreign = [name for name in site_files(site) if name not in wrote]
    odd = [name for name in foreign
           if not ((site / name).is_symlink() or (site / name).is_file())]
    if odd:
        raise LiteBuildError(
            f"--output {site} holds files that are neither regular files nor links, which the "
            f"builder cannot carry over into the new site: {_few(odd)}. Move them out and "
            "build again")
    return foreign


def carry_over(old: Path, new: Path) -> list[str]:
    """Put every file of the earlier site *old* that the builder did not write
    (:func:`foreign_files`) at the same place in the new site *new* (a hard link where it
    can, else a copy; a symbolic link as a link); the files carried over. Raises
    :class:`LiteBuildError`, having changed nothing in *old*, when the new site has a file or
    a folder where one of them is."""
    foreign = foreign_files(old)

    def clashes(name: str) -> bool:
        target = new / name
        if os.path.lexists(target):
            return True
        return any(os.path.lexists(parent) and (parent.is_symlink() or not parent.is_dir())
                   for parent in target.parents if parent.is_relative_to(new))

    clashing = [name for name in foreign if clashes(name)]
    if clashing:
        raise LiteBuildError(
            f"the new site has files where the earlier site at {old} holds files of yours, "
            f"which the builder keeps: {_few(clashing)}. Move or rename them and build again; "
            "the earlier site is untouched")
    for name in foreign:
        source, target = old / name, new / name
        target.parent.mkdir(parents=True, exist_ok=True)
        if source.is_symlink():
            os.symlink(os.readlink(source), target)
            continue
        try:
            os.link(source, target)
        except OSError:
            shutil.copy2(source, target)
    return foreign


def _check_replaceable(output: Path) -> None:
    """Refuse an existing folder *output* that is neither empty nor a site this builder wrote,
    or that could not be moved aside and removed (a folder in it is read-only)."""
    try:
        empty = not any(output.iterdir())
    except OSError as err:
        raise LiteBuildError(f"--output {output} cannot be read: {err.strerror}") from None
    if not empty and not (output / SITE_MARKER).exists() \
            and (output / "jupyter-lite.json").exists():
        raise LiteBuildError(
            f"--output {output} is a JupyterLite site or project this builder did not write: "
            f"it holds a jupyter-lite.json but no {SITE_MARKER}, the file the builder writes "
            "into every site it builds (sites built before the builder wrote it lack it too). "
            "Building would delete everything in it: choose a new or an empty folder, or, if "
            "nothing in it is needed, delete the folder first")
    problem = None if empty else marker_problem(output)
    if problem is not None:
        raise LiteBuildError(
            f"--output {output} is not empty and {problem}, the file this builder writes into "
            "every site it builds: it replaces only its own sites. Choose a new or an empty "
            "folder")
    if not empty:
        foreign_files(output)  # the teacher's files there can be carried over
    for folder, subfolders, _ in os.walk(output):
        subfolders.sort()
        if not os.access(folder, os.W_OK | os.X_OK):
            raise LiteBuildError(
                f"--output {output} is read-only ({folder} cannot be written): the site there "
                "could not be replaced. Make it writable or choose another folder")


def check_output(output: Path, source: Path, notebooks: Path | None = None,
                 cache: Path | None = None) -> Path:
    """*output* resolved, once it is known the build may write it: refused (before any work)
    when it is a symbolic link; the project checkout *source* or a folder around it; inside
    or around the *notebooks* shipped, the checkout's ``notebooks/`` or package, or the
    download *cache*; a file or inside one; in a folder that cannot be written; a folder that
    cannot be replaced (see ``_check_replaceable``)."""
    given = Path(output).expanduser()
    if given.is_symlink():
        raise LiteBuildError(f"--output {given} is a symbolic link (to {os.readlink(given)}): "
                             "the builder does not replace a link; give the folder itself")
    output = given.resolve()
    source = Path(source).resolve()
    if output == source or output in source.parents:
        raise LiteBuildError(f"--output {output} would overwrite the project: choose a "
                             "folder of its own")
    keep_out = [
        (notebooks, "the notebooks the site ships", "the next build would ship the site as "
                                                    "notebooks"),
        (source / "notebooks", "the checkout's notebooks/", "the next build would ship the "
                                                            "site as notebooks"),
        (source / "horserace_nb", "the package", "the site would be packed into its wheel"),
        (cache, "the download cache", "each would hold the other"),
    ]
    for folder, what, why in keep_out:
        if folder is None:
            continue
        folder = Path(folder).resolve()
        if output.is_relative_to(folder) or folder.is_relative_to(output):
            place = "is inside" if output.is_relative_to(folder) else "holds"
            raise LiteBuildError(f"--output {output} {place} {what} ({folder}): {why}. "
                                 "Choose a folder outside it")
    if output.exists():
        if not output.is_dir():
            raise LiteBuildError(f"--output {output} is a file, not a folder")
        _check_replaceable(output)
    parent = output.parent if output.exists() else _existing_ancestor(output)
    if not parent.is_dir():
        raise LiteBuildError(f"--output {output} cannot be made: {parent} is a file, not a "
                             "folder")
    if not os.access(parent, os.W_OK | os.X_OK):
        raise LiteBuildError(f"--output {output}: the folder {parent} is read-only, and the "
                             "builder writes the new site beside the old one: make it writable "
                             "or choose another folder")
    return output


def write_marker(site: Path, version: str) -> None:
    """Write the :data:`SITE_MARKER` of a site this builder wrote, with the project's
    *version* and every file in *site* now (:func:`site_files`): what it wrote, which the
    next build replaces; any other file found there then is a teacher's, carried over."""
    data = {"tool": SITE_TOOL, "version": version, "files": site_files(site)}
    (site / SITE_MARKER).write_text(json.dumps(data, indent=0, ensure_ascii=False) + "\n",
                                    encoding="utf-8")


@dataclass
class NewSite:
    """Where :func:`replacing` has the new site written, and what it has to say afterwards."""

    path: Path
    notes: list[str] = field(default_factory=list)


def _make_parents(folder: Path) -> list[Path]:
    """Make *folder* and its missing parents; the folders made, outermost first."""
    made: list[Path] = []
    for parent in [*reversed(folder.parents), folder]:
        if not parent.exists():
            try:
                parent.mkdir()
            except OSError as err:
                _remove_made(made)
                raise LiteBuildError(f"cannot make the folder {parent}: {err.strerror}") \
                    from None
            made.append(parent)
    return made


def _remove_made(made: Sequence[Path]) -> None:
    for folder in reversed(made):
        with contextlib.suppress(OSError):
            folder.rmdir()


def _swap(output: Path, new: Path, old: Path) -> None:
    """Put the folder *new* at *output*, moving a folder there to *old* first (all three in
    one parent folder: renames); put it back if *new* cannot take its place."""
    mode = None
    if output.exists():
        mode = stat.S_IMODE(output.stat().st_mode)
        try:
            os.rename(output, old)
        except OSError as err:
            raise LiteBuildError(f"the earlier site at {output} could not be moved aside "
                                 f"({err.strerror}): it is untouched") from None
    try:
        os.rename(new, output)
    except OSError as err:
        if mode is not None:
            try:
                os.rename(old, output)
            except OSError:
                raise LiteBuildError(
                    f"the new site could not be put at {output} ({err.strerror}), nor the "
                    f"earlier one put back: it is at {old}, move it back by hand") from None
        raise LiteBuildError(f"the new site could not be put at {output} ({err.strerror}); "
                             "the earlier site is untouched") from None
    if mode is not None:
        with contextlib.suppress(OSError):
            os.chmod(output, mode)  # the earlier folder's permissions, e.g. for a web server


@contextlib.contextmanager
def replacing(output: Path) -> Iterator[NewSite]:
    """A place beside *output* (checked by :func:`check_output`) to write a new site into;
    when the block ends without an error, the site written there replaces *output*.

    The place is ``site`` in a hidden folder of *output*'s parent
    (``.NAME.horserace-…/``), made first (so a folder that cannot be written is refused before
    any work): putting the new site in place is a rename. The earlier site is moved aside
    first, put back if the new one cannot take its place, and removed last. On any error the
    earlier site is left as it was, and the hidden folder, and the parents made for it, are
    removed.
    """
    made = _make_parents(output.parent)
    try:
        staging = Path(tempfile.mkdtemp(dir=output.parent, prefix=f".{output.name}.horserace-"))
    except OSError as err:
        _remove_made(made)
        raise LiteBuildError(f"cannot write beside --output {output} ({err.strerror} in "
                             f"{output.parent}): the builder writes the new site beside the "
                             "old one, so that folder must be writable") from None
    new, old = NewSite(staging / "site"), staging / "old"
    done = False
    try:
        yield new
        _swap(output, new.path, old)
        done = True
    finally:
        if os.path.lexists(old) and not done:  # the earlier site could not be put back
            shutil.rmtree(new.path, ignore_errors=True)
        else:
            shutil.rmtree(staging, ignore_errors=True)
            if not done:
                _remove_made(made)
            elif os.path.lexists(staging):
                new.notes.append(f"the earlier site, moved to {staging}, could not be removed "
                                 "entirely: delete that folder by hand")


def _folder_size(folder: Path) -> int:
    return sum(path.stat().st_size for path in folder.rglob("*") if path.is_file())


# --------------------------------------------------------------------------- the build
def build_site(output: Path, *, source: Path | None = None, notebooks: Path | None = None,
               cache_dir: Path | None = None, log: Log | None = None,
               byte_compile: bool = True) -> SiteReport:
    """Build the classroom site into *output* and say what was written.

    *source* is the project checkout whose wheel the site serves (default: the checkout this
    package runs from); *notebooks* the tree of notebooks (default: its ``notebooks/``);
    *cache_dir* where downloads are kept (default: :func:`default_cache_dir`). *output* must
    be new, empty or a site this builder wrote (:func:`check_output`, before any work); the
    new site is written beside it and replaces it only once complete and checked
    (:func:`replacing`). *byte_compile* ``False`` ships the Python as source, as Pyodide's
    npm core has it (about twice as slow a kernel start: for comparisons).
    """
    started = time.perf_counter()
    say: Log = log or (lambda message: None)
    found = source or default_source()
    if found is None:
        raise LiteBuildError("this horserace_nb is not a checkout of the project: give the "
                             "checkout to build from (--source DIR)")
    source = found.resolve()
    if not (source / "pyproject.toml").is_file():
        raise LiteBuildError(f"{source} has no pyproject.toml: --source must be the project's "
                             "checkout")
    notebooks = (notebooks or source / "notebooks").resolve()
    plan = (plan_contents(notebooks, read_lessons(source / "notebooks")) if notebooks.is_dir()
            else ContentPlan())
    tree = plan.notebooks
    if not tree:
        raise LiteBuildError(f"no notebooks in {notebooks}")
    cache = check_cache(cache_dir or default_cache_dir())
    _need_build_tools()
    output = check_output(output, source, notebooks, cache)
    downloads: list[str] = []

    with replacing(output) as new, tempfile.TemporaryDirectory(prefix="horserace-lite-") as tmp:
        lite_dir = Path(tmp) / "lite"
        pyodide_dir = lite_dir / "static" / "pyodide"
        lock = _pyodide_core(cache, pyodide_dir, say, downloads)
        lock_keys = lock_closure(lock, LOCK_ROOTS)
        specs = {key: str(lock["packages"][key]["version"]) for key in lock_keys}
        specs.update(EXTRA_WHEELS)
        wheels = _cached_wheels(specs, cache / "wheels", say, downloads)
        project = _project_wheel(source, Path(tmp) / "project", say)

        kernel_extension = _kernel_extension()
        kernel_wheels = _kernel_wheels(kernel_extension)
        sources = [*wheels.values(), *kernel_wheels, project]
        compiled = (_byte_compiled(pyodide_dir, sources[:-1], project, cache,
                                   Path(tmp) / "compiled", say) if byte_compile
                    else {path: path for path in sources})
        add_sitecustomize(pyodide_dir / "python_stdlib.zip")
        served = {key: compiled[wheels[key]] for key in lock_keys}
        added = [*(compiled[wheels[key]] for key in EXTRA_WHEELS),
                 *(compiled[wheel] for wheel in kernel_wheels), compiled[project]]
        patched = patch_lock(lock, served, added)
        project_entry = wheel_entry(project)
        for wheel in [*served.values(), *added]:
            shutil.copyfile(wheel, pyodide_dir / wheel.name)
        (pyodide_dir / "pyodide-lock.json").write_text(json.dumps(patched, indent=1),
                                                       encoding="utf-8")

        federated = [*(wheels[key] for key in LABEXTENSION_WHEELS), kernel_extension]
        (lite_dir / "jupyter-lite.json").write_text(
            json.dumps(lite_json([project_entry["name"]]), indent=2), encoding="utf-8")
        (lite_dir / "overrides.json").write_text(json.dumps(SETTINGS_OVERRIDES, indent=2),
                                                 encoding="utf-8")
        contents = site_contents(notebooks, Path(tmp) / "contents", plan)
        (lite_dir / "jupyter_lite_config.json").write_text(
            json.dumps(build_config(contents, federated), indent=2), encoding="utf-8")

        say("building the site with JupyterLite")
        _run([sys.executable, "-m", "jupyterlite_core", "build", "--lite-dir", str(lite_dir),
              "--output-dir", str(new.path)], "jupyter lite build", cwd=lite_dir)
        add_script(new.path, project_entry["version"])
        try:  # the light classroom page (classroom/), beside the apps
            write_page(new.path, cache, project_entry["version"], say, light_lock(patched))
        except LightPageError as err:
            raise LiteBuildError(str(err)) from None
        write_marker(new.path, project_entry["version"])
        check_site(new.path, tree, project_entry["name"])
        if output.exists():
            kept = carry_over(output, new.path)
            if kept:
                new.notes.append(f"kept {len(kept)} file(s) of yours from the earlier site "
                                 f"(files the builder did not write): {_few(kept)}")

    return SiteReport(output=output, notebooks=tree, packages=sorted(patched["packages"]),
                      size_bytes=_folder_size(output),
                      seconds=time.perf_counter() - started, downloads=downloads,
                      notes=[*plan.notes(), *new.notes])


def site_settings(site: Path) -> dict[str, Any]:
    """The Pyodide kernel's settings in the built site's ``jupyter-lite.json``."""
    config = json.loads((site / "jupyter-lite.json").read_text(encoding="utf-8"))
    settings: dict[str, Any] = config["jupyter-config-data"]["litePluginSettings"][
        KERNEL_PLUGIN]
    return settings


def _few(names: Sequence[str], count: int = 5) -> str:
    more = f" and {len(names) - count} more" if len(names) > count else ""
    return ", ".join(names[:count]) + more


def _lock_file_problems(pyodide: Path) -> tuple[dict[str, Any], list[str]]:
    """The site's served lock (in its folder *pyodide*) and what is wrong with it: files it
    names that are missing or have another sha256."""
    try:
        lock = json.loads((pyodide / "pyodide-lock.json").read_text(encoding="utf-8"))
        packages = dict(lock["packages"])
    except (OSError, ValueError, KeyError, TypeError) as err:
        return {}, [f"its pyodide-lock.json cannot be read ({err})"]
    wrong = []
    for key, entry in sorted(packages.items()):
        path = pyodide / str(entry.get("file_name", ""))
        if not path.is_file() or sha256_of(path) != entry.get("sha256"):
            wrong.append(key)
    problems = [f"the files of {_few(wrong)} are missing or differ from the lock"] if wrong \
        else []
    return packages, problems


def check_site(site: Path, tree: Sequence[str], project_key: str) -> None:
    """Refuse a site that would not work offline: every notebook of *tree* and the builder's
    marker present, the Pyodide core complete, every file the lock names there with the
    lock's sha256, the kernel pointed at the site's own Pyodide, preloading the project (and
    only what the lock serves), never asking PyPI, the widgets' extensions there."""
    problems = []
    missing = [name for name in tree if not (site / "files" / name).is_file()]
    if missing:
        problems.append(f"it lacks the notebooks {_few(missing)}")
    if marker_problem(site) is not None:
        problems.append(f"it lacks the builder's {SITE_MARKER}")
    pyodide = site / "static" / "pyodide"
    core = [name for name in PYODIDE_NEEDS if not (pyodide / name).is_file()]
    if core:
        problems.append(f"its Pyodide core lacks {', '.join(core)}")
    packages, lock_problems = _lock_file_problems(pyodide)
    problems += lock_problems
    try:
        settings = site_settings(site)
    except (OSError, ValueError, KeyError, TypeError):
        problems.append("its jupyter-lite.json holds no Pyodide kernel settings")
        settings = {}
    if settings and settings.get("pyodideUrl") != "./static/pyodide/pyodide.mjs":
        problems.append(f"pyodideUrl is {settings.get('pyodideUrl')!r}")
    if settings and settings.get("disablePyPIFallback") is not True:
        problems.append("disablePyPIFallback is not set")
    preload = settings.get("loadPyodideOptions", {}).get("packages", []) if settings else []
    if settings and project_key not in preload:
        problems.append(f"{project_key} is not preloaded")
    unserved = [key for key in preload if key not in packages]
    if packages and unserved:
        problems.append(f"preloaded but not in the lock: {unserved}")
    problems += page_problems(site, tree)
    problems += light_page_problems(site)
    unserved_packs = [locale for locale in LAB_LOCALES.values()
                      if not (site / "api" / "translations" / f"{locale}.json").is_file()]
    if unserved_packs:
        problems.append(f"it lacks JupyterLab's language packs {', '.join(unserved_packs)}")
    extensions = site / "extensions"
    for needed in ("@jupyter-widgets/jupyterlab-manager", "anywidget", KERNEL_EXTENSION):
        if not (extensions / needed / "package.json").is_file():
            problems.append(f"the JupyterLab extension {needed} is missing")
    if problems:
        raise LiteBuildError("the built site is not usable offline: " + "; ".join(problems))


def page_problems(site: Path, tree: Sequence[str]) -> list[str]:
    """The site's app pages without the site's script, and links to the site's pages in its
    notebooks that lead nowhere."""
    problems = [f"its {page} is missing or lacks {SCRIPT_NAME}" for page in APP_PAGES
                if not has_script(site, page)]
    broken: list[str] = []
    shipped = content_tree(site)
    for name in tree:
        path = site / "files" / name
        try:
            cells = json.loads(path.read_text(encoding="utf-8")).get("cells", [])
        except (OSError, ValueError, AttributeError):
            continue  # a notebook that is not JSON is the teacher's own business
        for cell in cells if isinstance(cells, list) else []:
            source = cell.get("source", "") if isinstance(cell, dict) else ""
            text = "".join(source) if isinstance(source, list) else str(source)
            broken += [f"{name}: {problem}" for link in site_links(text)
                       if (problem := link_problem(site, link, shipped)) is not None]
    if broken:
        problems.append(f"links lead nowhere: {_few(broken, 3)}")
    return problems
