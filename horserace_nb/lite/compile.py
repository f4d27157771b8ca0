"""Byte-compile the site's Python for the very interpreter that runs it: Pyodide, under Node.js.

Pyodide's npm core ships its standard library as source (``python_stdlib.zip``) and the wheels
the kernel loads are source too, and Pyodide never writes bytecode
(``sys.dont_write_bytecode``): every kernel compiles every module it imports, IPython and the
widget libraries included, each time a learner opens a notebook. The build compiles them
once instead, with the site's own Pyodide running in Node.js (the same CPython 3.14 build,
so the magic number and the ``cpython-314`` cache tag are the kernel's):

* each wheel gets ``__pycache__/NAME.cpython-314.pyc`` beside every module (its sources stay:
  tracebacks show the lines), listed in its ``RECORD``; the lock entry gets the new sha256;
* the standard library zip gets ``NAME.pyc`` in place of ``NAME.py`` (``zipimport`` looks for
  ``.pyc`` first; Pyodide's own CDN build is compiled the same way).

The ``.pyc`` are *unchecked* hash-based (PEP 552): the importer uses them without comparing
them with the source's timestamp, which a wheel unpacked in the browser does not keep. The
result is the same bytes for the same input (a fixed date in the zip files).
"""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import subprocess
import tempfile
import zipfile
from collections.abc import Sequence
from pathlib import Path, PurePosixPath

COMPILE_RECIPE = "1"
"""Bumped whenever the compiled output changes for the same input (cached files are keyed by
it, the Pyodide version and the input's sha256)."""
SITE_PACKAGES = "/lib/python3.14/site-packages"
STDLIB_ZIP = "/lib/python314.zip"
ZIP_DATE = (1980, 1, 1, 0, 0, 0)
NODE_TIMEOUT_S = 600

# Loads the site's Pyodide in Node.js, mounts the host folder of sources at /work and
# byte-compiles it there with compileall (unchecked hash-based .pyc): wheels/NAME/ into
# __pycache__ with their site-packages path, stdlib/ beside the sources with the zip's path.
_NODE_SCRIPT = r"""
import { loadPyodide } from %(pyodide)s;
const py = await loadPyodide({ indexURL: %(index)s, packages: [],
                              stdout: () => {}, stderr: (line) => console.error(line) });
py.FS.mkdirTree("/work");
py.FS.mount(py.FS.filesystems.NODEFS, { root: %(work)s }, "/work");
const result = py.runPython(`
import compileall, json, os, py_compile, re, sys
mode = py_compile.PycInvalidationMode.UNCHECKED_HASH
skip = re.compile(r"[.](dist-info|data)/")
ok = {}
for name in sorted(os.listdir("/work/wheels")):
    root = "/work/wheels/" + name
    ok[name] = bool(compileall.compile_dir(root, quiet=2, rx=skip, stripdir=root,
                                           prependdir=%(site)s, invalidation_mode=mode))
if os.path.isdir("/work/stdlib"):
    ok["stdlib"] = bool(compileall.compile_dir("/work/stdlib", quiet=2, legacy=True,
                                               stripdir="/work/stdlib", prependdir=%(zip)s,
                                               invalidation_mode=mode))
json.dumps({"tag": sys.implementation.cache_tag, "ok": ok})
`);
console.log(result);
"""


class CompileError(RuntimeError):
    """Byte-compiling with Pyodide in Node.js failed; the message says why."""


def compiled_key(path: Path, pyodide_version: str) -> str:
    """The cache key of the compiled form of *path*: its sha256, the Pyodide version and
    :data:`COMPILE_RECIPE`."""
    digest = hashlib.sha256(path.read_bytes()).hexdigest()
    return hashlib.sha256(f"{digest}:{pyodide_version}:{COMPILE_RECIPE}".encode()).hexdigest()[:24]


def _extract(archive_path: Path, dest: Path) -> None:
    with zipfile.ZipFile(archive_path) as archive:
        for info in archive.infolist():
            name = PurePosixPath(info.filename)
            if info.is_dir() or name.is_absolute() or ".." in name.parts:
                continue
            target = dest.joinpath(*name.parts)
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(archive.read(info))


def _new_info(name: str) -> zipfile.ZipInfo:
    info = zipfile.ZipInfo(name, ZIP_DATE)
    info.compress_type = zipfile.ZIP_DEFLATED
    info.external_attr = 0o644 << 16
    return info


def repack_wheel(wheel: Path, tree: Path, out: Path) -> int:
    """Write *wheel* to *out* with the ``__pycache__`` files compiled into *tree* (the wheel
    unpacked), added after their sources and to ``RECORD``; the number of ``.pyc`` added."""
    pycs = sorted(path.relative_to(tree).as_posix() for path in tree.rglob("*.pyc")
                  if path.parent.name == "__pycache__")
    with zipfile.ZipFile(wheel) as source, zipfile.ZipFile(out, "w") as target:
        infos = source.infolist()
        record = next((info for info in infos
                       if re.fullmatch(r"[^/]+\.dist-info/RECORD", info.filename)), None)
        for info in infos:
            if info is not record:
                target.writestr(info, source.read(info))
        for name in pycs:
            target.writestr(_new_info(name), (tree / name).read_bytes())
        if record is not None:
            text = source.read(record).decode("utf-8")
            lines = [line for line in text.splitlines() if line.strip()]
            last = [line for line in lines if line.startswith(record.filename + ",")]
            rest = [line for line in lines if line not in last]
            text = "\n".join([*rest, *(f"{name},," for name in pycs),
                              *(last or [f"{record.filename},,"])]) + "\n"
            target.writestr(record, text.encode("utf-8"))
    return len(pycs)


def repack_stdlib(zip_path: Path, tree: Path, out: Path) -> int:
    """Write the standard library zip *zip_path* to *out* with each module's ``.pyc``
    (compiled beside it into *tree*) in place of its ``.py``; the number of modules
    compiled."""
    count = 0
    with zipfile.ZipFile(zip_path) as source, zipfile.ZipFile(out, "w") as target:
        for info in source.infolist():
            name = info.filename
            if name.endswith(".py") and (tree / (name + "c")).is_file():
                target.writestr(_new_info(name + "c"), (tree / (name + "c")).read_bytes())
                count += 1
            else:
                target.writestr(info, source.read(info))
    return count


def compile_with_pyodide(pyodide_dir: Path, wheels: Sequence[Path], out_dir: Path,
                         stdlib: Path | None = None, node: str | None = None) -> dict[str, Path]:
    """Byte-compile *wheels* (and the standard library zip *stdlib*, if given) with the
    Pyodide core in *pyodide_dir*, run by Node.js; the compiled files, written to *out_dir*
    under their own names, by the name of the input (``"stdlib"`` for the zip).

    Raises :class:`CompileError` when Node.js is missing or fails, or when a compiled file's
    cache tag is not the kernel's.
    """
    node = node or shutil.which("node")
    if node is None:
        raise CompileError("node (Node.js) was not found: the build byte-compiles the site's "
                           "Python with Pyodide under Node.js (apt-get install nodejs)")
    out_dir.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="horserace-pyc-") as tmp:
        work = Path(tmp) / "work"
        (work / "wheels").mkdir(parents=True)
        for wheel in wheels:
            _extract(wheel, work / "wheels" / wheel.name)
        if stdlib is not None:
            _extract(stdlib, work / "stdlib")
        index = pyodide_dir.resolve().as_posix() + "/"
        script = Path(tmp) / "compile.mjs"
        script.write_text(_NODE_SCRIPT % {
            "pyodide": json.dumps((pyodide_dir.resolve() / "pyodide.mjs").as_uri()),
            "index": json.dumps(index), "work": json.dumps(str(work)),
            "site": repr(SITE_PACKAGES), "zip": repr(STDLIB_ZIP)}, encoding="utf-8")
        try:
            done = subprocess.run([node, str(script)], capture_output=True, text=True,
                                  stdin=subprocess.DEVNULL, timeout=NODE_TIMEOUT_S,
                                  check=False)
        except (OSError, subprocess.TimeoutExpired) as err:
            raise CompileError(f"node could not byte-compile the site's Python ({err})") \
                from None
        lines = [line for line in done.stdout.splitlines() if line.startswith("{")]
        if done.returncode != 0 or not lines:
            said = "; ".join(line.strip()[:300] for line in done.stderr.splitlines()
                             if line.strip())[-600:]
            raise CompileError(f"Pyodide in node failed to byte-compile the site's Python "
                               f"(exit {done.returncode}): {said or 'it printed nothing'}")
        result = json.loads(lines[-1])
        tag = result["tag"]
        found: dict[str, Path] = {}
        for wheel in wheels:
            tree = work / "wheels" / wheel.name
            wrong = [path.name for path in tree.rglob("*.pyc") if f".{tag}." not in path.name]
            if wrong:
                raise CompileError(f"{wheel.name}: .pyc files without the tag {tag}: {wrong[:3]}")
            found[wheel.name] = out_dir / wheel.name
            repack_wheel(wheel, tree, found[wheel.name])
        if stdlib is not None:
            found["stdlib"] = out_dir / stdlib.name
            repack_stdlib(stdlib, work / "stdlib", found["stdlib"])
    return found
