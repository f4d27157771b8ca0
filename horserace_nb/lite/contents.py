"""What the classroom site ships of ``notebooks/``, and which of its notebooks it trusts.

The site publishes every file it ships on the web host and lists it in every learner's file
browser, so :func:`plan_contents` walks the notebooks' folder itself, without following a
symbolic link out of it, and leaves out, naming each with the reason (the build prints them):

* hidden files and folders (checkpoints too) and ``__pycache__``, as before;
* **learners' results**: a file whose content is a results file or a stored value
  (``"format": "horserace_nb.results"`` or ``"horserace_nb.store"``, whatever its name, even
  when it is damaged), a downloaded results file by its name
  (``horserace-results-*.json``), the class report's table (``class-report*.csv``), and every
  folder named ``results`` (the class report lesson collects the class's files there);
* a symbolic link that leads out of the folder, to a folder, or nowhere;
* anything that is not a regular file (a FIFO would stop the build).

Trust: JupyterLab runs a notebook's stored scripts and shows its stored pictures (SVG) only in a
trusted notebook. The site marks trusted only the project's own lessons: a notebook whose path
and bytes are those :data:`LESSONS_MANIFEST` records (``lessons/build.py`` writes it beside the
notebooks it generates). Any other notebook (a teacher's own, a lesson edited by hand) ships
untrusted, and the build says so.
"""

from __future__ import annotations

import fnmatch
import hashlib
import json
import os
import re
import stat
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

LESSONS_MANIFEST = ".lessons.json"
"""The file in ``notebooks/`` that names the project's lessons (path → sha256 of the bytes
``lessons/build.py`` wrote): ``{"format": "horserace_nb.lessons", "sha256": {…}}``."""
LESSONS_FORMAT = "horserace_nb.lessons"

LEARNER_FORMATS: tuple[str, ...] = ("horserace_nb.results", "horserace_nb.store")
"""The ``format`` of a learner's results file and of the value kept in the browser
(:mod:`horserace_nb.teaching.progress`): a file holding either is never shipped."""
LEARNER_FOLDERS: tuple[str, ...] = ("results",)
"""Folders (any depth, any case) never shipped: where a teacher collects the class's files."""
LEARNER_NAMES: tuple[str, ...] = ("horserace-results-*.json", "class-report*.csv")
"""File names (any case) never shipped: the names the progress page and the class report
give the files they save."""

_FORMAT = re.compile(rb'"format"\s*:\s*"horserace_nb\.(?:results|store)"')
_CHUNK = 1 << 20


def is_hidden(name: str) -> bool:
    """A file or folder the site leaves out: hidden ones (checkpoints too) and caches."""
    return name.startswith(".") or name == "__pycache__"


def learner_data(path: Path) -> bool:
    """Whether the regular file *path* holds a learner's results: JSON text (it starts with
    ``{`` or ``[``) with ``"format": "horserace_nb.results"`` (or ``.store``) in it, read in
    chunks (linear time, bounded memory), whole or damaged."""
    with path.open("rb") as file:
        head = file.read(_CHUNK)
        start = head.lstrip(b"\xef\xbb\xbf \t\r\n")[:1]
        if start not in (b"{", b"["):
            return False
        tail = b""
        while head:
            if _FORMAT.search(tail + head):
                return True
            tail = head[-64:]
            head = file.read(_CHUNK)
    return False


@dataclass
class ContentPlan:
    """What :func:`plan_contents` found: the files the site ships, its notebooks, the ones it
    trusts, and what it leaves out (path and why)."""

    files: list[str] = field(default_factory=list)
    notebooks: list[str] = field(default_factory=list)
    trusted: list[str] = field(default_factory=list)
    left_out: list[tuple[str, str]] = field(default_factory=list)
    said: list[str] = field(default_factory=list)
    """Other lines the build says about the contents (a puzzle set the start page does not
    show, and why)."""

    @property
    def untrusted(self) -> list[str]:
        trusted = set(self.trusted)
        return [name for name in self.notebooks if name not in trusted]

    def notes(self) -> list[str]:
        """What the build says about them, one line each (at most a few names a line)."""
        lines = []
        reasons: dict[str, list[str]] = {}
        for name, why in self.left_out:
            reasons.setdefault(why, []).append(name)
        for why, names in reasons.items():
            lines.append(f"left out of the site ({why}): {few(names)}")
        lines += self.said
        if self.untrusted:
            lines.append(f"shipped untrusted (not the project's lessons as generated: their "
                         f"stored pictures show as text until run): {few(self.untrusted)}")
        return lines


def few(names: list[str], count: int = 5) -> str:
    more = f" and {len(names) - count} more" if len(names) > count else ""
    return ", ".join(names[:count]) + more


def _matches(name: str, patterns: Iterable[str]) -> bool:
    return any(fnmatch.fnmatch(name.lower(), pattern) for pattern in patterns)


def plan_contents(notebooks: Path, lessons: Mapping[str, str] | None = None) -> ContentPlan:
    """The site's contents from the folder *notebooks* (see the module's documentation); the
    notebooks whose path and sha256 *lessons* records are trusted. Sorted paths, POSIX."""
    root = Path(notebooks)
    plan = ContentPlan()
    lessons = lessons or {}
    real_root = root.resolve()

    def visit(folder: Path, prefix: PurePosixPath) -> None:
        with os.scandir(folder) as entries:
            found = sorted(entries, key=lambda entry: entry.name)
        for entry in found:
            name = (prefix / entry.name).as_posix()
            if is_hidden(entry.name):
                continue
            path = Path(entry.path)
            if entry.is_symlink():
                target = path.resolve()
                if not target.exists():
                    plan.left_out.append((name, "a symbolic link to nothing"))
                    continue
                if not target.is_relative_to(real_root):
                    plan.left_out.append((name, "a symbolic link out of the notebooks' folder"))
                    continue
                if target.is_dir():
                    plan.left_out.append((name, "a symbolic link to a folder, not followed"))
                    continue
            mode = path.stat().st_mode
            if stat.S_ISDIR(mode):
                if _matches(entry.name, LEARNER_FOLDERS):
                    plan.left_out.append((f"{name}/", "learners' results"))
                    continue
                visit(path, prefix / entry.name)
                continue
            if not stat.S_ISREG(mode):
                plan.left_out.append((name, "not a regular file"))
                continue
            if _matches(entry.name, LEARNER_NAMES) or learner_data(path):
                plan.left_out.append((name, "learners' results"))
                continue
            plan.files.append(name)
            if name.endswith(".ipynb"):
                plan.notebooks.append(name)
                if lessons.get(name) == _sha256(path):
                    plan.trusted.append(name)

    visit(root, PurePosixPath())
    return plan


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as file:
        while chunk := file.read(_CHUNK):
            digest.update(chunk)
    return digest.hexdigest()


def lessons_manifest(notebooks: Path, names: Iterable[str]) -> str:
    """The text of :data:`LESSONS_MANIFEST` for the generated notebooks *names* (paths
    relative to *notebooks*) as they are on disk."""
    digests = {name: _sha256(Path(notebooks) / name) for name in sorted(names)}
    return json.dumps({"format": LESSONS_FORMAT, "sha256": digests}, indent=1) + "\n"


def read_lessons(notebooks: Path) -> dict[str, str]:
    """The project's lessons recorded in *notebooks*' :data:`LESSONS_MANIFEST` (path →
    sha256); empty when there is none or it is not one (then nothing is trusted)."""
    try:
        data = json.loads((Path(notebooks) / LESSONS_MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(data, dict) or data.get("format") != LESSONS_FORMAT \
            or not isinstance(data.get("sha256"), dict):
        return {}
    return {str(name): digest for name, digest in data["sha256"].items()
            if isinstance(digest, str)}
