"""The classroom site's build (:mod:`horserace_nb.lite`), without a browser or the network: the
Pyodide lock the site serves, the kernel settings, the build configuration, the notebook tree,
and the clear errors a teacher sees. (``tests/browser/test_lite.py`` builds a whole site and
runs it in Chromium.)"""

from __future__ import annotations

import functools
import hashlib
import io
import json
import os
import shutil
import stat
import subprocess
import sys
import tarfile
import time
import zipfile
from collections.abc import Sequence
from pathlib import Path

import pytest

from horserace_nb.lite import (
    EXTRA_WHEELS,
    KERNEL_PLUGIN,
    KERNEL_PRELOAD,
    LiteBuildError,
    kernel_settings,
    lock_closure,
    notebook_tree,
    patch_lock,
    site_notebook,
    wheel_entry,
)
from horserace_nb.lite import build as build
from horserace_nb.lite.__main__ import main
from horserace_nb.lite.build import (
    JUPYTERLITE_VERSION,
    NPM_FETCH_OPTIONS,
    PYODIDE_NEEDS,
    PYODIDE_VERSION,
    SITE_MARKER,
    build_config,
    check_output,
    check_site,
    lite_json,
    marker_problem,
    npm_integrity,
    npm_reason,
    replacing,
    wheel_problem,
    write_marker,
)
from horserace_nb.teaching.course import notebook

REPO = Path(__file__).resolve().parent.parent


def make_wheel(folder: Path, name: str, version: str, requires: Sequence[str] = (),
               files: Sequence[str] = ()) -> Path:
    """A small pure-Python wheel."""
    dist = name.replace("-", "_")
    wheel = folder / f"{dist}-{version}-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as archive:
        for file in files or [f"{dist}/__init__.py"]:
            archive.writestr(file, "")
        metadata = ["Metadata-Version: 2.1", f"Name: {name}", f"Version: {version}"]
        metadata += [f"Requires-Dist: {line}" for line in requires]
        archive.writestr(f"{dist}-{version}.dist-info/METADATA", "\n".join(metadata) + "\n")
        archive.writestr(f"{dist}-{version}.dist-info/RECORD", "")
    return wheel


def lock_entry(name: str, version: str, file_name: str, depends: list[str]) -> dict[str, object]:
    return {"name": name, "version": version, "file_name": file_name, "install_dir": "site",
            "sha256": "0" * 64, "package_type": "package", "imports": [name],
            "depends": depends, "unvendored_tests": False}


@pytest.fixture
def lock() -> dict[str, object]:
    """A lock shaped like Pyodide's: keys in PEP 503 form, depends as the packages spell them."""
    return {"info": {"python": "3.14.2", "platform": "emscripten_5_0_3"}, "packages": {
        "ipython": lock_entry("ipython", "9.12.0", "ipython-9.12.0-py3-none-any.whl",
                              ["prompt_toolkit", "traitlets"]),
        "prompt-toolkit": lock_entry("prompt_toolkit", "3.0.52",
                                     "prompt_toolkit-3.0.52-py3-none-any.whl", []),
        "traitlets": lock_entry("traitlets", "5.14.3", "traitlets-5.14.3-py3-none-any.whl", []),
        "numpy": lock_entry("numpy", "2.3.0", "numpy-2.3.0-cp314-cp314-pyemscripten.whl", []),
    }}


# --------------------------------------------------------------------------- the lock
def test_lock_closure_follows_depends_in_any_spelling(lock: dict[str, object]) -> None:
    assert lock_closure(lock, ["IPython"]) == ["ipython", "prompt-toolkit", "traitlets"]
    assert lock_closure(lock, ["traitlets"]) == ["traitlets"]


def test_lock_closure_names_a_package_the_lock_lacks(lock: dict[str, object]) -> None:
    with pytest.raises(LiteBuildError, match="'jedi'"):
        lock_closure(lock, ["ipython", "jedi"])


def test_wheel_entry_reads_the_wheel(tmp_path: Path) -> None:
    wheel = make_wheel(tmp_path, "Horserace_NB", "0.1.0", requires=[
        "ipywidgets>=8.0", "svgwrite (>=1.4)", 'pytest; extra == "test"',
        'tomli; python_version < "3.11"', 'pyodide-only; sys_platform == "emscripten"',
        "IPyWidgets[extra]"], files=["horserace_nb/__init__.py", "horserace_nb/x.py",
                                     "single_module.py", "horserace_nb-0.1.0.data/x.txt"])
    entry = wheel_entry(wheel)
    assert entry["name"] == "horserace-nb"
    assert entry["version"] == "0.1.0"
    assert entry["file_name"] == wheel.name
    assert entry["sha256"] == hashlib.sha256(wheel.read_bytes()).hexdigest()
    assert entry["imports"] == ["horserace_nb", "single_module"]
    # the kernel is Python 3.14 on Emscripten: no extras, no markers for other Pythons
    assert entry["depends"] == ["ipywidgets", "svgwrite", "pyodide-only"]
    assert (entry["install_dir"], entry["package_type"]) == ("site", "package")


def test_wheel_entry_refuses_a_platform_wheel(tmp_path: Path) -> None:
    wheel = make_wheel(tmp_path, "fast", "1.0")
    platform = wheel.rename(tmp_path / "fast-1.0-cp314-cp314-linux_x86_64.whl")
    with pytest.raises(LiteBuildError, match="not a pure-Python wheel"):
        wheel_entry(platform)


def test_patch_lock_serves_the_files_given(lock: dict[str, object], tmp_path: Path) -> None:
    served = {key: make_wheel(tmp_path, name, version) for key, name, version in [
        ("ipython", "ipython", "9.12.0"), ("prompt-toolkit", "prompt_toolkit", "3.0.52"),
        ("traitlets", "traitlets", "5.14.3")]}
    project = make_wheel(tmp_path, "horserace_nb", "0.1.0", requires=["ipython", "traitlets"])
    patched = patch_lock(lock, served, [project])

    assert patched["info"] == lock["info"]
    # only what the site serves: numpy (in Pyodide's lock, not in the site) is gone
    assert sorted(patched["packages"]) == ["horserace-nb", "ipython", "prompt-toolkit",
                                           "traitlets"]
    for key, path in served.items():
        entry = patched["packages"][key]
        assert entry["sha256"] == hashlib.sha256(path.read_bytes()).hexdigest()
        assert entry["file_name"] == path.name
        assert entry["depends"] == lock["packages"][key]["depends"]  # type: ignore[index]
    assert patched["packages"]["horserace-nb"]["depends"] == ["ipython", "traitlets"]
    assert lock["packages"]["ipython"]["sha256"] == "0" * 64  # type: ignore[index]


def test_patch_lock_refuses_another_file_name(lock: dict[str, object], tmp_path: Path) -> None:
    other = make_wheel(tmp_path, "traitlets", "5.14.2")
    with pytest.raises(LiteBuildError, match="traitlets-5.14.3-py3-none-any.whl"):
        patch_lock(lock, {"traitlets": other}, [])


def test_patch_lock_refuses_a_wheel_the_lock_has(lock: dict[str, object],
                                                 tmp_path: Path) -> None:
    """A package in the lock must not also be added: the lock entry would win."""
    served = {"traitlets": make_wheel(tmp_path, "traitlets", "5.14.3")}
    newer = make_wheel(tmp_path, "IPython", "9.13.0")
    with pytest.raises(LiteBuildError, match="'ipython' is in Pyodide's lock"):
        patch_lock(lock, served, [newer])


def test_patch_lock_refuses_a_dependency_not_served(lock: dict[str, object],
                                                    tmp_path: Path) -> None:
    served = {"traitlets": make_wheel(tmp_path, "traitlets", "5.14.3")}
    widget = make_wheel(tmp_path, "anywidget", "0.11.0", requires=["psygnal>=0.8.1"])
    with pytest.raises(LiteBuildError, match="'anywidget' depends on psygnal"):
        patch_lock(lock, served, [widget])


# --------------------------------------------------------------------------- configuration
def test_kernel_settings_preload_the_project_and_never_ask_pypi() -> None:
    settings = kernel_settings(["horserace-nb"])
    assert settings["disablePyPIFallback"] is True
    packages = settings["loadPyodideOptions"]["packages"]
    assert packages[0] == "horserace-nb"
    assert set(KERNEL_PRELOAD) <= set(packages)
    assert len(packages) == len(set(packages))
    config = lite_json(["horserace-nb"])
    assert config["jupyter-config-data"]["litePluginSettings"][KERNEL_PLUGIN] == settings
    json.dumps(config)  # written as JSON


def test_build_config_ships_the_notebooks_and_only_the_given_extensions(tmp_path: Path) -> None:
    extension = tmp_path / "anywidget-0.11.0-py3-none-any.whl"
    config = build_config(REPO / "notebooks", [extension])["LiteBuildConfig"]
    assert config["contents"] == [str(REPO / "notebooks")]
    assert config["federated_extensions"] == [str(extension)]
    assert config["ignore_sys_prefix"] == ["federated_extensions"]
    assert config["apps"] == ["lab", "repl"]  # the REPL: the classroom page


def test_notebook_tree_is_the_repositorys(tmp_path: Path) -> None:
    tree = notebook_tree(REPO / "notebooks")
    assert "index.ipynb" in tree
    per_lang = {lang: sorted(name.split("/", 1)[1] for name in tree
                             if name.startswith(f"{lang}/")) for lang in ("en", "ko", "ja")}
    assert per_lang["en"] and per_lang["en"] == per_lang["ko"] == per_lang["ja"]
    assert "02_joining_spinners.ipynb" in per_lang["ja"]

    (tmp_path / "en" / ".ipynb_checkpoints").mkdir(parents=True)
    (tmp_path / "en" / ".ipynb_checkpoints" / "a-checkpoint.ipynb").write_text("{}")
    (tmp_path / "en" / "a.ipynb").write_text("{}")
    (tmp_path / "notes.txt").write_text("")
    assert notebook_tree(tmp_path) == ["en/a.ipynb"]


def test_missing_npm_says_what_to_install(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("jupyterlite_core")
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))
    code = main(["build", "--output", str(tmp_path / "site"), "--cache-dir",
                 str(tmp_path / "cache"), "--source", str(REPO), "--quiet"])
    assert code == 1
    err = capsys.readouterr().err
    assert "npm was not found" in err and "apt-get install npm" in err


def test_the_lite_extra_pins_the_versions_the_build_expects() -> None:
    tomllib = pytest.importorskip("tomllib")  # Python 3.11+
    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    for extra in ("lite", "test"):
        pins = project["optional-dependencies"][extra]
        assert f"jupyterlite-core=={JUPYTERLITE_VERSION}" in pins
        assert f"jupyterlite-pyodide-kernel=={JUPYTERLITE_VERSION}" in pins
    assert any(dep.startswith("anywidget") for dep in project["dependencies"])


def test_the_package_does_not_import_the_site_builder() -> None:
    """The rules core, the renderer and the widgets never load :mod:`horserace_nb.lite`."""
    code = ("import sys, horserace_nb, horserace_nb.render, horserace_nb.widgets; "
            "print(sorted(m for m in sys.modules if m.startswith('horserace_nb.lite')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, cwd=REPO).stdout.strip()
    assert out == "[]"


def test_a_first_board_loads_no_review() -> None:
    """A first :class:`PlayWidget` (a lesson's first board, in the site's kernel too) does not
    import the review widget or its session: they load when "Review this hand" is first
    pressed (issue 21: a faster first board)."""
    code = ("import sys; from horserace_nb import Game; from horserace_nb.widgets import "
            "PlayWidget; w = PlayWidget(Game(players=2, seed=2024), human=0); "
            "print(sorted(m for m in sys.modules if m.startswith('horserace_nb.') and "
            "m.endswith('.review') and not m.startswith('horserace_nb.teaching')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, cwd=REPO).stdout.strip()
    assert out == "[]"


# --------------------------------------------------------------------------- issue 16: helpers
NPM_UNREACHABLE_STDERR = """\
npm error code ECONNREFUSED
npm error syscall connect
npm error errno ECONNREFUSED
npm error FetchError: request to http://127.0.0.1:9/pyodide failed, reason: connect \
ECONNREFUSED 127.0.0.1:9
npm error     at ClientRequest.<anonymous> (/usr/lib/node_modules/npm/node_modules/\
minipass-fetch/lib/index.js:130:14)
npm error     at process.processTicksAndRejections (node:internal/process/task_queues:83:21) {
npm error   code: 'ECONNREFUSED',
npm error   port: 9,
npm error   type: 'system'
npm error }
npm error
npm error If you are behind a proxy, please make sure that the 'proxy' config is set properly.
npm error A complete log of this run can be found in: /root/.npm/_logs/x-debug-0.log
"""
"""What npm 11 prints on stderr when the registry refuses the connection."""

NPM_UNREACHABLE_JSON = json.dumps({"error": {
    "code": "ECONNREFUSED",
    "summary": "FetchError: request to http://127.0.0.1:9/pyodide failed, reason: connect "
               "ECONNREFUSED 127.0.0.1:9",
    "detail": "If you are behind a proxy, please make sure that the 'proxy' config is set "
              "properly."}})
"""What ``npm pack --json`` prints on stdout then."""

LOCK_VERSIONS = {"micropip": "0.11.1", "packaging": "26.1", "ipython": "9.12.0",
                 "jedi": "0.19.2", "svgwrite": "1.4.3", "typing-extensions": "4.15.0"}
"""A fake Pyodide lock: the build's :data:`LOCK_ROOTS`, without dependencies."""


def fake_lock() -> dict[str, object]:
    packages = {key: lock_entry(key, version,
                                f"{key.replace('-', '_')}-{version}-py3-none-any.whl", [])
                for key, version in LOCK_VERSIONS.items()}
    return {"info": {"python": "3.14.2"}, "packages": packages}


def make_tarball(path: Path, files: dict[str, bytes]) -> Path:
    """An npm-style tarball: *files* under ``package/``."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with tarfile.open(path, "w:gz") as archive:
        for name, data in sorted(files.items()):
            member = tarfile.TarInfo(f"package/{name}")
            member.size = len(data)
            archive.addfile(member, io.BytesIO(data))
    return path


def core_files(lock: object | None = None, lock_bytes: bytes | None = None) -> dict[str, bytes]:
    files = {name: b"core" for name in PYODIDE_NEEDS}
    files["pyodide-lock.json"] = (lock_bytes if lock_bytes is not None
                                  else json.dumps(lock or fake_lock()).encode())
    return files


def trust(monkeypatch: pytest.MonkeyPatch, tarball: Path) -> None:
    """Take *tarball* for npm's own (the pinned sha512 is the real core's)."""
    monkeypatch.setattr(build, "PYODIDE_INTEGRITY", npm_integrity(tarball))


def fake_npm(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, gives: Path | None = None,
             stdout: str = "", stderr: str = "", code: int = 0) -> Path:
    """An ``npm`` first on PATH that copies *gives* (if any) to ``--pack-destination``,
    prints *stdout* and *stderr* and exits with *code*; it writes its arguments to the file
    returned."""
    folder = tmp_path / "fake-bin"
    folder.mkdir(exist_ok=True)
    calls = folder / "calls.json"
    script = folder / "npm"
    script.write_text(f"""#!{sys.executable}
import json, pathlib, shutil, sys
calls = pathlib.Path({str(calls)!r})
calls.write_text(json.dumps([*json.loads(calls.read_text() or "[]"), sys.argv[1:]]))
gives = {None if gives is None else str(gives)!r}
if gives:
    dest = pathlib.Path(sys.argv[sys.argv.index("--pack-destination") + 1])
    shutil.copyfile(gives, dest / "pyodide-{PYODIDE_VERSION}.tgz")
sys.stdout.write({stdout!r})
sys.stderr.write({stderr!r})
sys.exit({code})
""")
    script.chmod(0o755)
    calls.write_text("[]")
    monkeypatch.setenv("PATH", f"{folder}{os.pathsep}{os.environ.get('PATH', '')}")
    return calls


def make_checkout(tmp_path: Path) -> Path:
    """A small stand-in for the project checkout: a pyproject.toml and one notebook."""
    source = tmp_path / "checkout"
    (source / "notebooks" / "en").mkdir(parents=True, exist_ok=True)
    (source / "horserace_nb").mkdir(exist_ok=True)
    (source / "pyproject.toml").write_text("[project]\nname = 'horserace_nb'\n")
    (source / "notebooks" / "en" / "01.ipynb").write_text("{}")
    return source


def make_old_site(folder: Path) -> dict[str, bytes]:
    """A site as the builder leaves it (its marker, a jupyter-lite.json, files in folders);
    what it holds."""
    for index in range(12):
        path = folder / f"part{index % 3}" / f"file{index}.txt"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(f"old {index}")
    (folder / "jupyter-lite.json").write_text("{}")
    write_marker(folder, "0.1.0")
    return contents(folder)


def contents(folder: Path) -> dict[str, bytes]:
    return {path.relative_to(folder).as_posix(): path.read_bytes()
            for path in sorted(folder.rglob("*")) if path.is_file()}


def leftovers(parent: Path) -> list[str]:
    """The builder's temporary folders left in *parent*."""
    return sorted(path.name for path in parent.iterdir() if ".horserace-" in path.name)


def cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    """Run the CLI's main quietly; its exit code and its one error line (asserted single)."""
    code = main(["build", "--quiet", *args])
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and err.startswith("error: "), err
    assert "Traceback" not in err
    return code, err


def cli_process(*args: str, cwd: Path = REPO) -> tuple[int, str]:
    """``python -m horserace_nb.lite build --quiet ARGS`` in a subprocess: its exit code and
    its one error line."""
    done = subprocess.run([sys.executable, "-m", "horserace_nb.lite", "build", "--quiet", *args],
                          capture_output=True, text=True, cwd=cwd, timeout=120)
    err = done.stderr.strip()
    assert "Traceback" not in err, err
    assert err.count("\n") == 0 and err.startswith("error: "), err
    return done.returncode, err


# --------------------------------------------------------------------------- the output folder
def test_check_output_accepts_only_its_own_site_or_an_empty_folder(tmp_path: Path) -> None:
    source = make_checkout(tmp_path)
    old_site = tmp_path / "site"
    make_old_site(old_site)
    assert check_output(old_site, source) == old_site.resolve()
    check_output(tmp_path / "new", source)
    check_output(tmp_path / "new" / "deeper", source)
    (tmp_path / "empty").mkdir()
    check_output(tmp_path / "empty", source)

    other = tmp_path / "photos"
    other.mkdir()
    (other / "holiday.jpg").write_text("")
    with pytest.raises(LiteBuildError, match=f"not empty and it holds no {SITE_MARKER}"):
        check_output(other, source)
    with pytest.raises(LiteBuildError, match="a file"):
        check_output(other / "holiday.jpg", source)
    with pytest.raises(LiteBuildError, match="cannot be made: .*holiday.jpg is a file"):
        check_output(other / "holiday.jpg" / "site", source)
    with pytest.raises(LiteBuildError, match="overwrite the project"):
        check_output(tmp_path, source)


@pytest.mark.parametrize("marker", ["not json", '{"tool": "someone-else"}', "[1, 2]"])
def test_a_marker_the_builder_did_not_write_is_refused(tmp_path: Path, marker: str) -> None:
    folder = tmp_path / "site"
    folder.mkdir()
    (folder / "index.html").write_text("")
    (folder / SITE_MARKER).write_text(marker)
    with pytest.raises(LiteBuildError, match=f"its {SITE_MARKER} "):
        check_output(folder, make_checkout(tmp_path))


def test_the_marker_names_the_tool_the_version_and_the_files_written(tmp_path: Path) -> None:
    (tmp_path / "lab").mkdir()
    (tmp_path / "lab" / "index.html").write_text("")
    (tmp_path / "index.html").write_text("")
    write_marker(tmp_path, "0.2.0")
    assert json.loads((tmp_path / SITE_MARKER).read_text()) == {
        "tool": "horserace_nb.lite", "version": "0.2.0",
        "files": ["index.html", "lab/index.html"]}
    assert marker_problem(tmp_path) is None


def test_a_jupyterlite_project_without_the_marker_is_refused_and_kept(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 16, item 2: a teacher's own JupyterLite project is not "a site built before"."""
    project = tmp_path / "my-lite"
    (project / "files").mkdir(parents=True)
    (project / "jupyter-lite.json").write_text('{"jupyter-config-data": {}}')
    (project / "files" / "my-lesson.ipynb").write_text("{}")
    before = contents(project)
    code, err = cli(capsys, "--output", str(project), "--source", str(make_checkout(tmp_path)),
                    "--cache-dir", str(tmp_path / "cache"))
    assert code == 1
    assert "jupyter-lite.json but no .horserace-site" in err and "did not write" in err
    assert "choose a new or an empty folder" in err
    assert contents(project) == before
    assert not (tmp_path / "cache").exists()  # refused before any work


@pytest.mark.parametrize("inside", ["notebooks/_site", "notebooks", "notebooks/en/site",
                                    "horserace_nb/site"])
def test_an_output_inside_the_notebooks_or_the_package_is_refused(tmp_path: Path,
                                                                  inside: str) -> None:
    """Issue 16, item 14: the next build would have taken the site for notebooks."""
    source = make_checkout(tmp_path)
    with pytest.raises(LiteBuildError, match="is inside .*Choose a folder outside it"):
        check_output(source / inside, source)
    assert not (source / "notebooks" / "_site").exists()


def test_an_output_around_the_notebooks_or_the_cache_is_refused(tmp_path: Path) -> None:
    source = make_checkout(tmp_path)
    outside = tmp_path / "elsewhere"
    with pytest.raises(LiteBuildError, match="holds the notebooks the site ships"):
        check_output(outside, source, notebooks=outside / "lessons")
    with pytest.raises(LiteBuildError, match="holds the download cache"):
        check_output(outside, source, cache=outside / "cache")
    with pytest.raises(LiteBuildError, match="is inside the download cache"):
        check_output(outside / "cache" / "site", source, cache=outside / "cache")
    check_output(source / "site", source)  # the README's --output site, in the checkout


def test_an_output_that_is_a_symbolic_link_is_refused(tmp_path: Path) -> None:
    real = tmp_path / "real"
    make_old_site(real)
    link = tmp_path / "link"
    link.symlink_to(real)
    with pytest.raises(LiteBuildError, match="is a symbolic link"):
        check_output(link, make_checkout(tmp_path))
    (tmp_path / "dangling").symlink_to(tmp_path / "nowhere")
    with pytest.raises(LiteBuildError, match="is a symbolic link"):
        check_output(tmp_path / "dangling", make_checkout(tmp_path))


def test_a_read_only_old_site_is_refused_before_any_work(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """A folder in the old site that cannot be written (simulated: root writes anywhere)."""
    site = tmp_path / "site"
    before = make_old_site(site)
    locked = site / "part1"
    real_access = os.access

    def access(path: object, mode: int, **kwargs: object) -> bool:
        return Path(str(path)) != locked and real_access(path, mode)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "access", access)
    code, err = cli(capsys, "--output", str(site), "--source", str(make_checkout(tmp_path)),
                    "--cache-dir", str(tmp_path / "cache"))
    assert code == 1 and "is read-only" in err and "part1 cannot be written" in err
    assert contents(site) == before and leftovers(tmp_path) == []
    assert not (tmp_path / "cache").exists()


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0,
                    reason="root writes into read-only folders")
def test_a_read_only_parent_is_refused_before_any_work_for_real(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    parent = tmp_path / "parent"
    before = make_old_site(parent / "site")
    parent.chmod(0o555)
    try:
        code, err = cli(capsys, "--output", str(parent / "site"), "--source",
                        str(make_checkout(tmp_path)), "--cache-dir", str(tmp_path / "cache"))
    finally:
        parent.chmod(0o755)
    assert code == 1 and "is read-only" in err
    assert contents(parent / "site") == before and leftovers(parent) == []


def test_a_parent_where_nothing_can_be_written_is_refused_before_any_work(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 16, item 1: the parent folder refuses writes (simulated for root: every mkdir in
    it fails as in a read-only folder). Nothing is fetched, the old site is untouched."""
    parent = tmp_path / "parent"
    site = parent / "site"
    before = make_old_site(site)
    real_mkdir = os.mkdir

    def mkdir(path: object, *args: object, **kwargs: object) -> None:
        if Path(str(path)).parent == parent:
            raise PermissionError(13, "Permission denied", str(path))
        real_mkdir(path, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "mkdir", mkdir)
    calls = fake_npm(tmp_path, monkeypatch, code=1)
    code, err = cli(capsys, "--output", str(site), "--source", str(make_checkout(tmp_path)),
                    "--cache-dir", str(tmp_path / "cache"))
    assert code == 1 and "cannot write beside --output" in err and "Permission denied" in err
    assert contents(site) == before and leftovers(parent) == []
    assert json.loads(calls.read_text()) == []  # no npm run: refused before any work


# --------------------------------------------------------------------------- the swap
def test_the_new_site_replaces_the_old_one_by_a_rename(tmp_path: Path) -> None:
    site = tmp_path / "site"
    make_old_site(site)
    site.chmod(0o750)
    with replacing(site) as new:
        assert new.path.parent.parent == tmp_path  # beside the old site, in the same parent
        new.path.mkdir()
        (new.path / "index.html").write_text("new")
        assert (site / "jupyter-lite.json").is_file()  # the old site stays until the swap
    assert contents(site) == {"index.html": b"new"}
    assert stat.S_IMODE(site.stat().st_mode) == 0o750  # the old folder's permissions
    assert leftovers(tmp_path) == [] and new.notes == []


def test_the_old_site_stays_when_the_new_one_fails_its_checks(tmp_path: Path) -> None:
    """Issue 16: the swap happens only for a complete, checked site."""
    site = tmp_path / "site"
    before = make_old_site(site)
    checks = pytest.raises(LiteBuildError, match="not usable offline: it lacks the notebooks "
                                                 "en/01")
    with checks, replacing(site) as new:
        new.path.mkdir()
        (new.path / "index.html").write_text("half a site")
        write_marker(new.path, "0.1.0")
        check_site(new.path, ["en/01.ipynb"], "horserace-nb")
    assert contents(site) == before
    assert leftovers(tmp_path) == []


def test_the_old_site_stays_when_the_new_one_cannot_be_put_in_place(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 16, item 1: the rename that puts the new site in place fails (as for a
    read-only parent): the old site is put back whole, the temporary folder removed."""
    site = tmp_path / "site"
    before = make_old_site(site)
    real_rename = os.rename

    def rename(src: object, dst: object) -> None:
        if Path(str(dst)) == site and Path(str(src)).name == "site":  # the new site only
            raise PermissionError(13, "Permission denied", str(dst))
        real_rename(src, dst)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "rename", rename)
    fails = pytest.raises(LiteBuildError, match="Permission denied.*earlier site is untouched")
    with fails, replacing(site) as new:
        new.path.mkdir()
        (new.path / "index.html").write_text("new")
    assert contents(site) == before
    assert leftovers(tmp_path) == []


def test_the_old_site_stays_when_it_cannot_be_moved_aside(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    site = tmp_path / "site"
    before = make_old_site(site)

    def rename(src: object, dst: object) -> None:
        raise PermissionError(13, "Permission denied", str(src))

    fails = pytest.raises(LiteBuildError, match="could not be moved aside.*untouched")
    with fails, replacing(site) as new:
        new.path.mkdir()
        monkeypatch.setattr(os, "rename", rename)
    assert contents(site) == before
    assert leftovers(tmp_path) == []


def test_an_old_file_that_cannot_be_removed_leaves_the_new_site_whole(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 16, item 1: a file of the old site that cannot be removed no longer leaves a half
    deleted site: the new one is in place, whole, and the leftover is named."""
    site = tmp_path / "site"
    make_old_site(site)
    real_unlink = os.unlink

    def unlink(path: object, *args: object, **kwargs: object) -> None:
        if str(path).endswith("file4.txt"):
            raise PermissionError(13, "Operation not permitted", str(path))
        real_unlink(path, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "unlink", unlink)
    with replacing(site) as new:
        new.path.mkdir()
        (new.path / "index.html").write_text("new")
    monkeypatch.undo()
    assert contents(site) == {"index.html": b"new"}
    assert len(new.notes) == 1 and "could not be removed entirely" in new.notes[0]
    [left] = leftovers(tmp_path)
    assert left in new.notes[0]


def test_folders_made_for_a_failed_site_are_removed(tmp_path: Path) -> None:
    output = tmp_path / "a" / "b" / "site"
    with pytest.raises(LiteBuildError), replacing(output) as new:
        assert (tmp_path / "a" / "b").is_dir()
        new.path.mkdir()
        raise LiteBuildError("the build failed")
    assert list(tmp_path.iterdir()) == []


# --------------------------------------------------------------------------- downloads
def test_wheel_problem_finds_damage(tmp_path: Path) -> None:
    good = make_wheel(tmp_path, "micropip", "0.11.1", files=["micropip/__init__.py"])
    assert wheel_problem(good, "micropip", "0.11.1") is None
    assert wheel_problem(good) is None
    data = good.read_bytes()

    def variant(name: str, content: bytes) -> Path:
        path = tmp_path / name / good.name
        path.parent.mkdir()
        path.write_bytes(content)
        return path

    assert "not a sound zip" in str(wheel_problem(variant("truncated", data[: len(data) // 2])))
    assert "not a sound zip" in str(wheel_problem(variant("garbage", b"<html>502</html>")))
    assert "not a sound zip" in str(wheel_problem(variant("empty", b"")))
    with zipfile.ZipFile(tmp_path / "stored.whl", "w") as archive:  # uncompressed members
        archive.writestr("micropip/__init__.py", "A" * 200)
        archive.writestr("micropip-0.11.1.dist-info/METADATA", "Name: micropip\nVersion: 0.11.1\n")
    stored = (tmp_path / "stored.whl").read_bytes()
    middle = stored.index(b"A" * 200) + 100
    flipped = stored[:middle] + b"B" + stored[middle + 1:]  # one byte changed: its CRC fails
    assert wheel_problem(tmp_path / "stored.whl") is None
    assert "micropip/__init__.py in it is damaged" in str(wheel_problem(variant("flip", flipped)))
    assert "not micropip 0.11.2" in str(wheel_problem(good, "micropip", "0.11.2"))


def wheel_cache(folder: Path) -> dict[str, Path]:
    """A download cache holding sound wheels for the fake lock and :data:`EXTRA_WHEELS`."""
    folder.mkdir(parents=True, exist_ok=True)
    specs = {**LOCK_VERSIONS, **EXTRA_WHEELS}
    return {key: make_wheel(folder, key, version) for key, version in specs.items()}


def test_a_truncated_cached_wheel_is_fetched_again(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 16, item 3: a truncated micropip in the cache is not shipped: it is fetched again
    (only it), checked, and put in the cache."""
    cache = tmp_path / "wheels"
    wheels = wheel_cache(cache)
    micropip = wheels["micropip"]
    micropip.write_bytes(micropip.read_bytes()[:100])
    asked: list[dict[str, str]] = []

    def download(specs: dict[str, str], dest: Path) -> None:
        asked.append(dict(specs))
        for key, version in specs.items():
            make_wheel(dest, key, version)

    monkeypatch.setattr(build, "_pip_download", download)
    logged: list[str] = []
    downloads: list[str] = []
    found = build._cached_wheels({**LOCK_VERSIONS, **EXTRA_WHEELS}, cache, logged.append,
                                 downloads)
    assert asked == [{"micropip": "0.11.1"}]
    assert downloads == [micropip.name]
    assert found["micropip"] == micropip and wheel_problem(micropip, "micropip", "0.11.1") is None
    assert any("damaged" in line and micropip.name in line for line in logged)
    assert sorted(p.name for p in cache.iterdir()) == sorted(p.name for p in wheels.values())


def test_a_wheel_damaged_again_stops_the_build_and_keeps_the_site(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 16, items 3 and 13: the extra wheel anywidget is garbage in the cache and from
    PyPI too: one error line naming it; the earlier site untouched, no temporary folder."""
    cache = tmp_path / "cache"
    trust(monkeypatch, make_tarball(build.pyodide_tarball(cache), core_files()))
    wheels = wheel_cache(cache / "wheels")
    wheels["anywidget"].write_bytes(b"<html>Bad gateway</html>")

    def download(specs: dict[str, str], dest: Path) -> None:
        for key, version in specs.items():
            (dest / make_wheel(dest, key, version).name).write_bytes(b"<html>again</html>")

    monkeypatch.setattr(build, "_pip_download", download)
    site = tmp_path / "site"
    before = make_old_site(site)
    code, err = cli(capsys, "--output", str(site), "--source", str(make_checkout(tmp_path)),
                    "--cache-dir", str(cache))
    assert code == 1
    assert f"pip download gave a damaged {wheels['anywidget'].name}: it is not a sound zip" in err
    assert contents(site) == before and leftovers(tmp_path) == []


def test_a_damaged_cached_tarball_is_fetched_again(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    good = make_tarball(tmp_path / "good" / f"pyodide-{PYODIDE_VERSION}.tgz", core_files())
    trust(monkeypatch, good)
    cache = tmp_path / "cache"
    tarball = build.pyodide_tarball(cache)
    tarball.parent.mkdir(parents=True)
    tarball.write_bytes(good.read_bytes()[:300])
    calls = fake_npm(tmp_path, monkeypatch, gives=good)
    downloads: list[str] = []
    lock = build._pyodide_core(cache, tmp_path / "core", lambda message: None, downloads)
    assert lock == fake_lock()
    assert tarball.read_bytes() == good.read_bytes() and downloads == [tarball.name]
    assert sorted(p.name for p in (tmp_path / "core").iterdir()) == sorted(PYODIDE_NEEDS)
    assert [call[:2] for call in json.loads(calls.read_text())] == [
        ["pack", f"pyodide@{PYODIDE_VERSION}"]]
    assert [p.name for p in tarball.parent.iterdir()] == [tarball.name]


TARBALL_DAMAGE = {
    "garbage": (lambda good: b"<html>Service unavailable</html>", False, "checksum"),
    "truncated": (lambda good: good.read_bytes()[:200], False, "checksum"),
    "empty": (lambda good: b"", False, "checksum"),
    "truncated, trusted": (lambda good: good.read_bytes()[:200], True, "not a readable .tgz"),
    "no lock": (lambda good: make_tarball(good.parent / "x" / "no-lock.tgz", {
        name: b"" for name in PYODIDE_NEEDS if name != "pyodide-lock.json"}).read_bytes(),
        True, "it lacks pyodide-lock.json"),
    "broken lock": (lambda good: make_tarball(good.parent / "x" / "broken.tgz", core_files(
        lock_bytes=b'{"info": {}, "packages": {')).read_bytes(), True, "is not JSON"),
    "lock of another shape": (lambda good: make_tarball(good.parent / "x" / "shape.tgz",
                                                        core_files(lock={"packages": []})
                                                        ).read_bytes(),
                              True, "has no info and packages"),
}


@pytest.mark.parametrize("damage", sorted(TARBALL_DAMAGE))
def test_a_damaged_tarball_is_one_error_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                             capsys: pytest.CaptureFixture[str],
                                             damage: str) -> None:
    """Issue 16, item 13: a garbage, truncated or empty tarball, one without a lock or with
    broken lock JSON, in the cache and from npm again: one error line naming the file; the
    earlier site untouched."""
    make_bytes, trusted, message = TARBALL_DAMAGE[damage]
    good = make_tarball(tmp_path / "good" / "pyodide.tgz", core_files())
    bad = tmp_path / "bad.tgz"
    bad.write_bytes(make_bytes(good))
    if trusted:
        trust(monkeypatch, bad)
    cache = tmp_path / "cache"
    build.pyodide_tarball(cache).parent.mkdir(parents=True)
    shutil.copyfile(bad, build.pyodide_tarball(cache))
    calls = fake_npm(tmp_path, monkeypatch, gives=bad)
    site = tmp_path / "site"
    before = make_old_site(site)
    code, err = cli(capsys, "--output", str(site), "--source", str(make_checkout(tmp_path)),
                    "--cache-dir", str(cache))
    assert code == 1
    assert f"gave a damaged pyodide-{PYODIDE_VERSION}.tgz: " in err and message in err
    assert len(json.loads(calls.read_text())) == 1  # fetched again, once
    assert contents(site) == before and leftovers(tmp_path) == []
    assert not build.pyodide_tarball(cache).exists()  # the damaged file is not kept


def test_the_pinned_checksum_is_npms_for_the_real_core() -> None:
    """:data:`PYODIDE_INTEGRITY` is what ``npm pack`` reports for the core (checked against a
    core the build fetched into the usual cache, when there is one)."""
    assert build.PYODIDE_INTEGRITY.startswith("sha512-")
    tarball = build.pyodide_tarball(build.default_cache_dir())
    if not tarball.is_file():
        pytest.skip(f"no Pyodide core in {tarball.parent}")
    assert npm_integrity(tarball) == build.PYODIDE_INTEGRITY
    assert build.read_pyodide_tarball(tarball)["info"]["python"].startswith("3.14")


# --------------------------------------------------------------------------- npm
def test_npm_reason_is_npms_own(tmp_path: Path) -> None:
    assert npm_reason(NPM_UNREACHABLE_JSON, NPM_UNREACHABLE_STDERR) == (
        "FetchError: request to http://127.0.0.1:9/pyodide failed, reason: connect "
        "ECONNREFUSED 127.0.0.1:9")
    from_stderr = npm_reason("", NPM_UNREACHABLE_STDERR)
    assert from_stderr.startswith("FetchError: request to http://127.0.0.1:9/pyodide failed")
    assert "If you are behind a proxy" in from_stderr
    assert " at " not in from_stderr and "complete log" not in from_stderr
    assert npm_reason("", "") == "npm printed no reason"


def test_npm_failure_says_why_with_bounded_retries(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 16, item 15: npm's reason is passed through (it used to be swallowed by
    ``--silent``), and npm is told to give up soon."""
    calls = fake_npm(tmp_path, monkeypatch, stdout=NPM_UNREACHABLE_JSON,
                     stderr=NPM_UNREACHABLE_STDERR, code=1)
    with pytest.raises(LiteBuildError) as caught:
        build._pyodide_core(tmp_path / "cache", tmp_path / "core", lambda message: None, [])
    message = str(caught.value)
    assert "\n" not in message and "--silent" not in message
    assert f"npm pack pyodide@{PYODIDE_VERSION} failed: FetchError" in message
    assert "ECONNREFUSED 127.0.0.1:9" in message and "npm config get registry" in message
    [args] = json.loads(calls.read_text())
    assert set(NPM_FETCH_OPTIONS) <= set(args) and "--json" in args
    assert list((tmp_path / "cache" / "npm").iterdir()) == []  # no temporary folder left


@pytest.mark.skipif(shutil.which("npm") is None, reason="npm is not installed")
def test_an_unreachable_npm_registry_fails_in_seconds(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """The real npm, pointed at a closed port on loopback (nothing leaves the machine)."""
    monkeypatch.setenv("npm_config_registry", "http://127.0.0.1:9/")
    started = time.perf_counter()
    with pytest.raises(LiteBuildError, match="ECONNREFUSED"):
        build._pyodide_core(tmp_path / "cache", tmp_path / "core", lambda message: None, [])
    assert time.perf_counter() - started < 20  # npm's defaults took 70 s


# --------------------------------------------------------------------------- the CLI
def test_a_cache_dir_naming_a_file_is_one_error_line(tmp_path: Path) -> None:
    """Issue 16, item 13, through ``python -m horserace_nb.lite``."""
    pytest.importorskip("jupyterlite_core")
    cache = tmp_path / "cache.txt"
    cache.write_text("notes")
    code, err = cli_process("--output", str(tmp_path / "site"), "--cache-dir", str(cache),
                            "--source", str(make_checkout(tmp_path)))
    assert code == 1 and "is a file, not a folder" in err and str(cache) in err
    code, err = cli_process("--output", str(tmp_path / "site"), "--cache-dir",
                            str(cache / "sub"), "--source", str(make_checkout(tmp_path)))
    assert code == 1 and "cannot be made" in err
    assert cache.read_text() == "notes" and not (tmp_path / "site").exists()


def test_an_output_in_a_file_is_one_error_line(tmp_path: Path) -> None:
    pytest.importorskip("jupyterlite_core")
    parent = tmp_path / "notes.txt"
    parent.write_text("")
    code, err = cli_process("--output", str(parent / "site"), "--cache-dir",
                            str(tmp_path / "cache"), "--source", str(make_checkout(tmp_path)))
    assert code == 1 and "notes.txt is a file" in err
    assert not (tmp_path / "cache").exists()


def test_a_symbolic_link_output_is_one_error_line(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    real = tmp_path / "real"
    before = make_old_site(real)
    (tmp_path / "link").symlink_to(real)
    code, err = cli(capsys, "--output", str(tmp_path / "link"), "--cache-dir",
                    str(tmp_path / "cache"), "--source", str(make_checkout(tmp_path)))
    assert code == 1 and "symbolic link" in err
    assert contents(real) == before and (tmp_path / "link").is_symlink()


def test_an_output_inside_the_notebooks_is_one_error_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = make_checkout(tmp_path)
    code, err = cli(capsys, "--output", str(source / "notebooks" / "_site"), "--cache-dir",
                    str(tmp_path / "cache"), "--source", str(source))
    assert code == 1 and "is inside the notebooks" in err
    assert not (source / "notebooks" / "_site").exists()


def test_a_usage_error_is_exit_code_2(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as caught:
        main(["build"])
    assert caught.value.code == 2
    assert "the following arguments are required: --output" in capsys.readouterr().err


def test_an_os_error_during_the_build_is_one_error_line(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """What no check can foresee (a full disk, say) is one line too, not a traceback."""
    from horserace_nb.lite import __main__ as cli_module

    def full(*args: object, **kwargs: object) -> None:
        raise OSError(28, "No space left on device", str(tmp_path / "site"))

    monkeypatch.setattr(cli_module, "build_site", full)
    code, err = cli(capsys, "--output", str(tmp_path / "site"))
    assert code == 1 and "No space left on device" in err


def test_a_failing_tool_is_one_line() -> None:
    with pytest.raises(LiteBuildError) as caught:
        build._run([sys.executable, "-c", "import sys; print('Collecting x'); "
                    "sys.exit('ERROR: No matching distribution found for x==1')"],
                   "pip download")
    assert str(caught.value) == ("pip download failed (exit 1): ERROR: No matching "
                                 "distribution found for x==1")


# --------------------------------------------------------------------------- issue 21
def test_the_site_builds_the_repl_for_the_classroom_page(tmp_path: Path) -> None:
    assert build_config(tmp_path, [])["LiteBuildConfig"]["apps"] == ["lab", "repl"]
    data = lite_json(["horserace-nb"])["jupyter-config-data"]
    assert data["exposeAppInBrowser"] == "true"  # a string: JupyterLab lowercases it


def test_the_classroom_page_runs_the_classroom_in_each_language() -> None:
    import urllib.parse

    from horserace_nb.lite.pages import classroom_url

    for lang in ("en", "ko", "ja"):
        page, _, query = classroom_url(lang).partition("?")
        asked = dict(urllib.parse.parse_qsl(query))
        assert page == "repl/index.html"
        assert asked["code"] == ("from horserace_nb.widgets import Classroom\n"
                                 f'Classroom(lang="{lang}")')
        assert (asked["hideCodeInput"], asked["showBanner"], asked["execute"]) == ("1", "0", "1")
        assert "toolbar" not in asked  # the REPL keeps its toolbar for any value of it
        assert asked["lang"] == lang
        projector = dict(urllib.parse.parse_qsl(classroom_url(lang, projector=True)
                                                .partition("?")[2]))
        assert projector["code"] == asked["code"].replace(")", ", projector=True)")
    with pytest.raises(ValueError, match="lang must be one of en, ko, ja, not 'fr'"):
        classroom_url("fr")


def test_the_start_page_and_the_guides_link_the_classroom_page_for_the_projector() -> None:
    """The teacher opens the projector's page from one link, in every language (issue 19)."""
    import json

    from horserace_nb.lite.classroom_page import light_url
    from horserace_nb.lite.pages import site_links

    notebooks = Path(__file__).resolve().parents[1] / "notebooks"

    def links(name: str) -> list[str]:
        cells = json.loads((notebooks / name).read_text(encoding="utf-8"))["cells"]
        return [link for cell in cells for link in site_links("".join(cell["source"]))]

    for lang in ("en", "ko", "ja"):  # the light classroom page is the classroom page (issue 34)
        for projector in (False, True):
            assert light_url(lang, projector=projector) in links("index.ipynb"), lang
            assert light_url(lang, projector=projector) in links(
                f"{lang}/{notebook('teacher_guide')}"), lang


def test_the_site_script_carries_the_catalogs_messages(tmp_path: Path) -> None:
    from horserace_nb.lite.pages import SCRIPT_NAME, add_script, site_script
    from horserace_nb.words.i18n import t

    script = site_script("9.9")
    for lang in ("en", "ko", "ja"):
        assert json.dumps(t("site.starting", lang),
                          ensure_ascii=False) in script
        assert json.dumps(t("site.ready", lang), ensure_ascii=False) in script
    assert "__HR_MESSAGES__" not in script
    for app in ("lab", "repl"):
        (tmp_path / app).mkdir()
        (tmp_path / app / "index.html").write_text(
            '<head>\n    <script id="jupyter-config-data" type="application/json">{}</script>')
    add_script(tmp_path, "9.9")
    add_script(tmp_path, "9.9")  # twice: still one tag
    for app in ("lab", "repl"):
        html = (tmp_path / app / "index.html").read_text()
        assert html.count(SCRIPT_NAME) == 1
        assert html.index(SCRIPT_NAME) < html.index("jupyter-config-data")
    assert (tmp_path / SCRIPT_NAME).read_text() == script
    (tmp_path / "lab" / "index.html").write_text("<head></head>")
    with pytest.raises(ValueError, match="lab/index.html of the site has no jupyter-config-data"):
        add_script(tmp_path, "9.9")


def test_the_start_up_message_draws_no_frames_while_the_kernel_starts() -> None:
    """The message shown while the kernel starts is still: an endless animation (it had a
    pulsing dot) makes the browser compose a frame 60 times a second all through the start,
    which in Chromium without a GPU took 6.9 s of CPU on a 2-core machine beside the kernel's
    own 5 s, and the kernel was ready 28.7 s after its worker started instead of 12.5 s
    (``tests/benchmarks/bench_lite.py``; Chromebooks and school laptops compose in software
    too)."""
    from horserace_nb.lite.pages import site_script

    script = site_script("9.9")
    for moving in ("animation", "@keyframes", "transition", "requestAnimationFrame"):
        assert moving not in script, moving


def test_a_link_to_a_missing_lesson_fails_the_site_check(tmp_path: Path) -> None:
    """The builder refuses a site whose notebooks link to a page or lesson it does not hold."""
    from horserace_nb.lite.build import page_problems
    from horserace_nb.lite.pages import add_script

    site = tmp_path / "site"
    for app in ("lab", "repl"):
        (site / app).mkdir(parents=True)
        (site / app / "index.html").write_text('<script id="jupyter-config-data"></script>')
    add_script(site, "0.1.0")
    (site / "files" / "ko").mkdir(parents=True)
    (site / "files" / "ko" / "04_turns.ipynb").write_text("{}")
    good = "[3](../lab/index.html?path=ko/04_turns.ipynb) [c](../repl/index.html?kernel=python)"
    bad = "[4](../lab/index.html?path=ko/05_settlement.ipynb) [n](../notebooks/index.html?x=1)"
    (site / "files" / "ko" / "08.ipynb").write_text(json.dumps(
        {"cells": [{"cell_type": "markdown", "source": [good, bad]}]}))
    problems = page_problems(site, ["ko/04_turns.ipynb", "ko/08.ipynb"])
    assert problems == ["links lead nowhere: ko/08.ipynb: lab/index.html?path="
                        "ko/05_settlement.ipynb: the site has no notebook ko/05_settlement.ipynb"]


def test_every_direct_link_of_the_notebooks_names_a_notebook_of_the_checkout() -> None:
    from horserace_nb.lite.pages import site_links

    checked = 0
    for path in sorted((REPO / "notebooks").rglob("*.ipynb")):
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        for link in (x for cell in cells for x in site_links("".join(cell["source"]))):
            if "path=" in link:
                assert (REPO / "notebooks" / link.split("path=")[1]).is_file(), (path, link)
                checked += 1
    assert checked >= 4 * 27  # the start page and the three guides: 9 lessons × 3 languages


def test_repacked_wheels_carry_their_pyc_in_the_record(tmp_path: Path) -> None:
    from horserace_nb.lite.compile import repack_stdlib, repack_wheel

    wheel = make_wheel(tmp_path, "demo", "1.0", files=["demo/__init__.py", "demo/x.py"])
    tree = tmp_path / "tree"
    (tree / "demo" / "__pycache__").mkdir(parents=True)
    for name in ("__init__", "x"):
        pyc = tree / "demo" / "__pycache__" / f"{name}.cpython-314.pyc"
        pyc.write_bytes(b"pyc " + name.encode())
    out = tmp_path / "out" / wheel.name
    out.parent.mkdir()
    assert repack_wheel(wheel, tree, out) == 2
    with zipfile.ZipFile(out) as archive:
        names = archive.namelist()
        record = archive.read("demo-1.0.dist-info/RECORD").decode().splitlines()
        assert archive.read("demo/__pycache__/x.cpython-314.pyc") == b"pyc x"
    assert {"demo/__init__.py", "demo/x.py", "demo/__pycache__/x.cpython-314.pyc"} <= set(names)
    assert "demo/__pycache__/x.cpython-314.pyc,," in record
    assert record[-1].startswith("demo-1.0.dist-info/RECORD,")
    assert wheel_problem(out, "demo", "1.0") is None
    first = out.read_bytes()
    repack_wheel(wheel, tree, out)
    assert out.read_bytes() == first  # the same bytes each time

    stdlib = tmp_path / "python_stdlib.zip"
    with zipfile.ZipFile(stdlib, "w") as archive:
        archive.writestr("os.py", "x = 1")
        archive.writestr("data.txt", "kept")
    (tmp_path / "std").mkdir()
    (tmp_path / "std" / "os.pyc").write_bytes(b"compiled")
    assert repack_stdlib(stdlib, tmp_path / "std", tmp_path / "out" / "std.zip") == 1
    with zipfile.ZipFile(tmp_path / "out" / "std.zip") as archive:
        assert sorted(archive.namelist()) == ["data.txt", "os.pyc"]


# --------------------------------------------------------------------------- the site's imports
def test_the_site_stdlib_gets_the_finder_once_with_the_same_bytes(tmp_path: Path) -> None:
    """The builder adds the finder to the site's standard library as ``sitecustomize.py`` (the
    module Python's ``site`` imports at start), the same bytes for the same zip; a zip with a
    ``sitecustomize`` of its own is refused, untouched."""
    from horserace_nb.lite.build import SITECUSTOMIZE, add_sitecustomize

    zips = []
    for name in ("a", "b"):
        stdlib = tmp_path / name / "python_stdlib.zip"
        stdlib.parent.mkdir()
        with zipfile.ZipFile(stdlib, "w") as archive:
            archive.writestr(zipfile.ZipInfo("os.pyc", (1980, 1, 1, 0, 0, 0)), b"compiled")
        add_sitecustomize(stdlib)
        zips.append(stdlib.read_bytes())
    assert zips[0] == zips[1]
    with zipfile.ZipFile(tmp_path / "a" / "python_stdlib.zip") as archive:
        assert archive.read(SITECUSTOMIZE) == (
            Path(build.__file__).with_name("site_imports.py").read_bytes())
        assert archive.read("os.pyc") == b"compiled"
    before = zips[0]
    with pytest.raises(LiteBuildError, match="sitecustomize of its own"):
        add_sitecustomize(tmp_path / "a" / "python_stdlib.zip")
    assert (tmp_path / "a" / "python_stdlib.zip").read_bytes() == before


@pytest.mark.parametrize("installed", [True, False])
def test_the_site_finder_looks_in_pythons_folders_before_the_notebooks(
        tmp_path: Path, installed: bool) -> None:
    """In the kernel the notebook's folder is the current folder, first on ``sys.path``. With
    the site's finder a standard module is Python's own even when the folder holds a file of
    that name, and a module found only in the folder (a learner's helper) still imports."""
    (tmp_path / "colorsys.py").write_text("WHERE = 'the folder'\n", encoding="utf-8")
    (tmp_path / "hr_beside.py").write_text("WHERE = 'beside the notebook'\n", encoding="utf-8")
    code = ("import sys\nassert sys.path[0] == ''\n"
            + ("from horserace_nb.lite import site_imports\nsite_imports.install()\n"
               "site_imports.install()\n" if installed else "")
            + "import colorsys, hr_beside\n"
              "print(getattr(colorsys, 'WHERE', 'python'), '|', hr_beside.WHERE)")
    env = {**os.environ, "PYTHONPATH": str(Path(build.__file__).parents[2])}
    done = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, env=env,
                          capture_output=True, text=True, check=True)
    assert done.stdout.strip() == (f"{'python' if installed else 'the folder'} | "
                                   "beside the notebook")


def test_the_site_ships_the_lessons_trusted_and_leaves_the_checkout_alone(tmp_path: Path) -> None:
    """The site's copy of each notebook has every code cell trusted (JupyterLab shows a stored
    picture only then) and is otherwise the lesson itself as a Jupyter server would hand it
    over (texts as strings, not lists of lines); the rules pages come along; hidden
    folders do not; the checkout's files are not changed."""
    import json

    import nbformat

    from horserace_nb.lite.build import site_contents

    notebooks = Path(__file__).resolve().parents[1] / "notebooks"
    before = {path: path.read_bytes() for path in notebooks.rglob("*") if path.is_file()}
    site = site_contents(notebooks, tmp_path / "contents")
    assert notebook_tree(site) == notebook_tree(notebooks)
    assert (site / "rules.ko.md").read_bytes() == (notebooks / "rules.ko.md").read_bytes()
    assert not any(part.startswith(".") for path in site.rglob("*")
                   for part in path.relative_to(site).parts)
    for name in notebook_tree(notebooks):
        shipped = json.loads((site / name).read_text(encoding="utf-8"))
        # the lines of each text joined, as a Jupyter server hands the notebook over
        assert all(isinstance(cell["source"], str) for cell in shipped["cells"]), name
        assert all(isinstance(output.get("text", ""), str) and
                   all(isinstance(value, str) for value in output.get("data", {}).values())
                   for cell in shipped["cells"] for output in cell.get("outputs", [])), name
        code = [cell for cell in shipped["cells"] if cell["cell_type"] == "code"]
        assert all(cell["metadata"]["trusted"] is True for cell in code), name
        assert code or name in ("index.ipynb", "rules.ipynb", "rules.ja.ipynb", "rules.ko.ipynb")
        for cell in code:
            del cell["metadata"]["trusted"]
        # the site's kernel named as JupyterLab names it (the browser test: opened unchanged)
        assert shipped["metadata"].pop("kernelspec")["name"] == "python"
        assert shipped["metadata"].pop("language_info")["name"] == "python"
        source = nbformat.reads((notebooks / name).read_text(encoding="utf-8"), as_version=4)
        for key in ("kernelspec", "language_info"):
            source.metadata.pop(key, None)
        assert shipped == source, name
    written = (site / "en/01_tiles_players.ipynb").read_text(encoding="utf-8")
    assert written == site_notebook(written)  # written as nbformat writes: stable
    assert {path: path.read_bytes() for path in notebooks.rglob("*") if path.is_file()} == before


# --------------------------------------------------------------------------- issue 28
def results_text(learner: str = "Mina") -> str:
    from horserace_nb.teaching.progress import Result, results_file

    result = Result("03", "exercise", "total", 201001, stars=2, tries=2, rules=("R13",),
                    when="2026-12-01T08:55:12+00:00")
    return results_file([result], learner=learner, site="lab", saved="2026-12-01T09:00:00+00:00")


def teacher_notebooks(tmp_path: Path) -> Path:
    """A notebooks folder as a teacher's checkout may hold it: a lesson of the project as
    generated, the same lesson edited, a notebook of the teacher's, and learners' results in
    every disguise (lesson 11's ``results/``, a results file renamed, a damaged one, the class
    report's table), a link out of the folder, a FIFO, a link to a file inside it."""
    notebooks = tmp_path / "notebooks"
    (notebooks / "en" / "results").mkdir(parents=True)
    lesson = "en/04_turns.ipynb"
    shutil.copyfile(REPO / "notebooks" / lesson, notebooks / lesson)
    edited = json.loads((REPO / "notebooks" / lesson).read_text(encoding="utf-8"))
    edited["cells"][0]["source"] = ["My own words"]
    (notebooks / "en" / "05_edited.ipynb").write_text(json.dumps(edited), encoding="utf-8")
    (notebooks / "en" / "mine.ipynb").write_text(json.dumps({
        "cells": [{"cell_type": "code", "metadata": {"trusted": True}, "source": "1",
                   "outputs": [], "execution_count": None}],
        "metadata": {}, "nbformat": 4, "nbformat_minor": 5}), encoding="utf-8")
    (notebooks / "en" / "results" / "horserace-results-Mina-2026-12-01.json").write_text(
        results_text())
    (notebooks / "en" / "results" / "notes.txt").write_text("Mina: good")
    (notebooks / "en" / "mina.txt").write_text(results_text())  # renamed: found by content
    (notebooks / "en" / "joon.ipynb").write_text(results_text("Joon"))
    (notebooks / "en" / "damaged.json").write_text(results_text("Aiko")[:120])
    (notebooks / "en" / "class-report.csv").write_text("learner,stars\nMina,2\n")
    (notebooks / "en" / "handout.md").write_text('Results files say "format": '
                                                 '"horserace_nb.results".')
    secret = tmp_path / "secret.txt"
    secret.write_text("outside")
    (notebooks / "en" / "secret.txt").symlink_to(secret)
    (notebooks / "en" / "elsewhere").symlink_to(tmp_path, target_is_directory=True)
    (notebooks / "en" / "nowhere.md").symlink_to(tmp_path / "missing.md")
    (notebooks / "en" / "handout-link.md").symlink_to(notebooks / "en" / "handout.md")
    if hasattr(os, "mkfifo"):
        os.mkfifo(notebooks / "en" / "pipe.json")
    return notebooks


def test_the_site_ships_no_results_nothing_outside_and_trusts_only_the_lessons(
        tmp_path: Path) -> None:
    """Issue 28, items 4 and 5: learners' results (by content, by name, in ``results/``),
    links out of the folder and special files stay out, each named with its reason; only a
    lesson byte-identical to the generated one ships trusted, a teacher's notebook (even one
    whose cells say ``trusted``) and an edited lesson ship untrusted, and the plan says so."""
    from horserace_nb.lite.build import site_contents
    from horserace_nb.lite.contents import plan_contents, read_lessons

    notebooks = teacher_notebooks(tmp_path)
    plan = plan_contents(notebooks, read_lessons(REPO / "notebooks"))
    assert plan.files == ["en/04_turns.ipynb", "en/05_edited.ipynb", "en/handout-link.md",
                          "en/handout.md", "en/mine.ipynb"]
    assert plan.notebooks == ["en/04_turns.ipynb", "en/05_edited.ipynb", "en/mine.ipynb"]
    assert plan.trusted == ["en/04_turns.ipynb"]
    left = dict(plan.left_out)
    for name in ("en/results/", "en/mina.txt", "en/joon.ipynb", "en/damaged.json",
                 "en/class-report.csv"):
        assert left.pop(name) == "learners' results", name
    assert left.pop("en/secret.txt") == "a symbolic link out of the notebooks' folder"
    assert left.pop("en/elsewhere") == "a symbolic link out of the notebooks' folder"
    assert left.pop("en/nowhere.md") == "a symbolic link to nothing"
    if hasattr(os, "mkfifo"):
        assert left.pop("en/pipe.json") == "not a regular file"
    assert left == {}
    notes = "\n".join(plan.notes())
    assert "left out of the site (learners' results): en/class-report.csv" in notes
    assert "en/results/" in notes and "en/secret.txt" in notes
    assert "shipped untrusted" in notes and "en/05_edited.ipynb, en/mine.ipynb" in notes

    site = site_contents(notebooks, tmp_path / "contents", plan)
    shipped = sorted(p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file())
    assert shipped == plan.files
    assert not any(p.is_symlink() for p in site.rglob("*"))
    assert (site / "en" / "handout-link.md").read_text() == (notebooks / "en" / "handout.md"
                                                              ).read_text()

    def trust(name: str) -> set[object]:
        cells = json.loads((site / name).read_text(encoding="utf-8"))["cells"]
        return {cell["metadata"].get("trusted") for cell in cells if cell["cell_type"] == "code"}

    assert trust("en/04_turns.ipynb") == {True}
    assert trust("en/05_edited.ipynb") == {False}
    assert trust("en/mine.ipynb") == {False}


def test_the_lessons_manifest_is_the_checked_in_lessons() -> None:
    """``notebooks/.lessons.json`` (written by ``lessons/build.py``) names every notebook of
    the checkout with the sha256 of its bytes: the site trusts exactly these."""
    from horserace_nb.lite.contents import LESSONS_MANIFEST, lessons_manifest, read_lessons

    notebooks = REPO / "notebooks"
    recorded = read_lessons(notebooks)
    assert sorted(recorded) == notebook_tree(notebooks)
    assert (notebooks / LESSONS_MANIFEST).read_text(encoding="utf-8") == lessons_manifest(
        notebooks, recorded), "out of date: run .venv/bin/python lessons/build.py"


def test_a_teachers_files_in_the_site_are_carried_over(tmp_path: Path) -> None:
    """Issue 28, item 3: a rebuild keeps every file the builder did not write (a results
    folder, notes, a link), at the same place and unchanged; the builder's own old files go;
    the kept files stay out of the new marker's list, so the next build keeps them again."""
    from horserace_nb.lite.build import carry_over, foreign_files

    site = tmp_path / "site"
    make_old_site(site)
    (site / "results").mkdir()
    (site / "results" / "horserace-results-Mina-2026-12-01.json").write_text(results_text())
    (site / "part1" / "my notes.txt").write_text("for Friday")
    (site / "shortcut").symlink_to("results")
    mine = {"part1/my notes.txt": b"for Friday",
            "results/horserace-results-Mina-2026-12-01.json": results_text().encode()}
    check_output(site, make_checkout(tmp_path))  # accepted: its files can be carried over
    assert foreign_files(site) == ["part1/my notes.txt",
                                   "results/horserace-results-Mina-2026-12-01.json", "shortcut"]
    with replacing(site) as new:
        new.path.mkdir()
        (new.path / "index.html").write_text("new")
        write_marker(new.path, "0.2.0")
        assert carry_over(site, new.path) == [*mine, "shortcut"]
    assert contents(site) == {"index.html": b"new", SITE_MARKER: (site / SITE_MARKER
                                                                  ).read_bytes(), **mine}
    assert os.readlink(site / "shortcut") == "results"
    assert foreign_files(site) == [*mine, "shortcut"]
    assert leftovers(tmp_path) == []


def test_a_teachers_file_where_the_new_site_writes_stops_the_build(tmp_path: Path) -> None:
    from horserace_nb.lite.build import carry_over

    site = tmp_path / "site"
    make_old_site(site)
    (site / "index.html").write_text("my own start page")
    (site / "lab").write_text("a file where the new site has a folder")
    before = contents(site)
    refused = pytest.raises(LiteBuildError,
                            match="holds files of yours.*index.html, lab.*untouched")
    with refused, replacing(site) as new:
        (new.path / "lab").mkdir(parents=True)
        (new.path / "index.html").write_text("new")
        (new.path / "lab" / "index.html").write_text("new")
        carry_over(site, new.path)
    assert contents(site) == before and leftovers(tmp_path) == []


def test_a_site_of_an_earlier_builder_is_refused_before_any_work(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Its marker lists no files: the teacher's could not be told from the site's."""
    site = tmp_path / "site"
    before = make_old_site(site)
    (site / SITE_MARKER).write_text('{"tool": "horserace_nb.lite", "version": "0.1.0"}')
    before = contents(site)
    code, err = cli(capsys, "--output", str(site), "--source", str(make_checkout(tmp_path)),
                    "--cache-dir", str(tmp_path / "cache"))
    assert code == 1 and "earlier version of the builder" in err
    assert "Move any files of yours out of it" in err
    assert contents(site) == before and not (tmp_path / "cache").exists()


def test_the_link_check_looks_only_at_the_sites_own_contents(tmp_path: Path) -> None:
    """Issue 28, item 16: a link's path is a file of the site's content tree, written plainly;
    the build machine's disk is never looked at (``../../etc/hostname`` used to pass, and so
    did ``/ko/04_turns.ipynb``, which starts two kernels)."""
    from horserace_nb.lite.build import page_problems
    from horserace_nb.lite.pages import add_script, link_problem

    site = tmp_path / "site"
    for app in ("lab", "repl", "notebooks"):
        (site / app).mkdir(parents=True)
        (site / app / "index.html").write_text('<script id="jupyter-config-data"></script>')
    add_script(site, "0.1.0")
    (site / "files" / "ko").mkdir(parents=True)
    (site / "files" / "ko" / "04_turns.ipynb").write_text("{}")
    (tmp_path / "hostname").write_text("build-machine")  # site/files/../../hostname
    assert link_problem(site, "lab/index.html?path=ko/04_turns.ipynb") is None
    for path in ("../../hostname", "/ko/04_turns.ipynb", "./ko/04_turns.ipynb",
                 "ko//04_turns.ipynb", "ko/../ko/04_turns.ipynb", "../files/ko/04_turns.ipynb"):
        problem = link_problem(site, f"lab/index.html?path={path}")
        assert problem is not None and f"the site has no notebook {path}" in problem, path
    links = ("[a](../lab/index.html?path=../../hostname) "
             "[b](../lab/index.html?path=ko/04_turns.ipynb)")
    (site / "files" / "ko" / "08.ipynb").write_text(json.dumps(
        {"cells": [{"cell_type": "markdown", "source": links}]}))
    assert page_problems(site, ["ko/04_turns.ipynb", "ko/08.ipynb"]) == [
        "links lead nowhere: ko/08.ipynb: lab/index.html?path=../../hostname: the site has no "
        "notebook ../../hostname"]


@pytest.mark.skipif(shutil.which("node") is None, reason="Node.js is not installed")
def test_the_site_script_takes_the_address_path_as_jupyterlab_does() -> None:
    """Issue 28, item 13: the site's script names the kernel it starts early by the path
    JupyterLab opens: the parameter decoded once more, then Node's ``path.posix.normalize``
    (which JupyterLab's ``PathExt.normalize`` is) less one leading slash, a drive's prefix
    kept. Checked against Node's own ``path.posix.normalize`` for odd paths."""
    script = (Path(build.__file__).with_name("site.js")).read_text(encoding="utf-8")
    start = script.index("  function posixNormalize(")
    code = script[start:script.index("  const ASKED = ", start)]
    paths = ["en/04_turns.ipynb", "/en/04_turns.ipynb", "./en/04_turns.ipynb",
             "en//04_turns.ipynb", "//en/04_turns.ipynb", "/./ko/../en//04_turns.ipynb",
             "../en/04_turns.ipynb", "../../etc/hostname", "/../en/x.ipynb", "en/", "./", ".",
             "/", "en/./a/../b/", "a/b/../../..", "%2Fen%2F04.ipynb", "en/%252F.ipynb",
             "drive:/en//x.ipynb", "en/a%20b.ipynb"]
    program = code + f"""
const path = require("path");
const expected = (p) => {{
  const decoded = decodeURIComponent(p);
  const norm = (q) => q === "" ? "" : path.posix.normalize(q).replace(/^\\//, "");
  const colon = decoded.split(":");
  return colon.length === 1 ? norm(decoded)
    : `${{colon[0]}}:${{norm(colon.slice(1).join(":"))}}`;
}};
const paths = {json.dumps(paths)};
console.log(JSON.stringify(paths.map((p) => [addressPath(p), expected(p)])));
console.log(JSON.stringify(addressPath("%E0%A4%A")));
"""
    done = subprocess.run(["node", "-e", program], capture_output=True, text=True, check=True,
                          timeout=60)
    pairs, undecodable = done.stdout.splitlines()
    found = json.loads(pairs)
    assert [ours for ours, _ in found] == [theirs for _, theirs in found]
    assert dict(zip(paths, (ours for ours, _ in found), strict=True))[
        "/./ko/../en//04_turns.ipynb"] == "en/04_turns.ipynb"
    assert json.loads(undecodable) is None  # JupyterLab's opener fails on it too


def build_tools_missing() -> str | None:
    import importlib.util

    for module in ("jupyterlite_core", "jupyterlite_pyodide_kernel", "jupyter_server"):
        if importlib.util.find_spec(module) is None:
            return f"{module} is not installed (pip install -e '.[lite]')"
    if shutil.which("npm") is None and not build.pyodide_tarball(
            build.default_cache_dir()).is_file():
        return "npm was not found and the Pyodide core is not in the cache"
    return None


@pytest.mark.site  # a real build: in .ci/run's site stage, beside the shared site's build
def test_a_rebuild_keeps_the_teachers_files_and_publishes_no_results(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 28, items 3, 4 and 5, through ``python -m horserace_nb.lite build`` (a real
    build, ~20 s with the download cache warm): into a site the builder wrote, where the teacher
    put a ``results/`` folder and notes, from a notebooks folder holding learners' results in
    every disguise, a link out of it, a FIFO, an edited lesson and a notebook of the teacher's.
    The teacher's files are there afterwards, unchanged; no result reaches the site's files or
    its contents listing; only the generated lesson is trusted; the summary says all that."""
    why = build_tools_missing()
    if why is not None:
        pytest.skip(why)
    notebooks = teacher_notebooks(tmp_path)
    site = tmp_path / "site"
    make_old_site(site)
    (site / "results").mkdir()
    (site / "results" / "horserace-results-Mina-2026-12-01.json").write_text(results_text())
    (site / "notes.txt").write_text("3a: lesson 4 on Friday")
    mine = {path: data for path, data in contents(site).items()
            if path.startswith("results/") or path == "notes.txt"}

    code = main(["build", "--quiet", "--output", str(site), "--notebooks", str(notebooks),
                 "--source", str(REPO)])
    out = capsys.readouterr().out
    assert code == 0, out
    assert {path: data for path, data in contents(site).items() if path in mine} == mine
    assert not (site / "part0").exists()  # the builder's own old files are replaced
    assert build.foreign_files(site) == sorted(mine)
    assert "note: kept 2 file(s) of yours from the earlier site" in out
    assert ("note: left out of the site (learners' results): en/class-report.csv, "
            "en/damaged.json, en/joon.ipynb, en/mina.txt, en/results/") in out
    assert ("note: left out of the site (a symbolic link out of the notebooks' folder): "
            "en/elsewhere, en/secret.txt") in out
    assert "note: left out of the site (a symbolic link to nothing): en/nowhere.md" in out
    assert "shipped untrusted" in out and "en/05_edited.ipynb, en/mine.ipynb" in out

    shipped = sorted(p.relative_to(site / "files").as_posix()
                     for p in (site / "files").rglob("*") if p.is_file())
    assert shipped == ["en/04_turns.ipynb", "en/05_edited.ipynb", "en/handout-link.md",
                       "en/handout.md", "en/mine.ipynb"]
    listing = " ".join(p.read_text(encoding="utf-8")
                       for p in (site / "api" / "contents").rglob("*.json"))  # (not the
    # language packs' translations in api/translations, whose English words say "results")
    for name in ("results", "mina.txt", "joon", "damaged", "class-report", "secret", "pipe"):
        assert name not in listing, name
    cells = {name: json.loads((site / "files" / name).read_text(encoding="utf-8"))["cells"]
             for name in ("en/04_turns.ipynb", "en/mine.ipynb")}
    assert {c["metadata"]["trusted"] for c in cells["en/04_turns.ipynb"]
            if c["cell_type"] == "code"} == {True}
    assert [c["metadata"]["trusted"] for c in cells["en/mine.ipynb"]] == [False]


# --------------------------------------------------------------------------- fuzzing the folders
# Issue 28: random notebooks' folders and random earlier sites, derived from a fixed seed (set
# HORSERACE_FUZZ=random for new ones), a few dozen examples, each in milliseconds.
FOLDER_FUZZ = dict(max_examples=int(os.environ.get("HORSERACE_FUZZ_EXAMPLES", "30")),
                   deadline=None, database=None,
                   derandomize=os.environ.get("HORSERACE_FUZZ") != "random")
FOLDERS = ["en", "ko", "results", "Results", "class", ".hidden", "__pycache__", "results2"]
NAMES = ["a.ipynb", "b.json", "notes.txt", "horserace-results-Mina-2026-12-01.json",
         "Class-Report.csv", "picture.svg", "x.md", ".secret.json"]


@functools.cache
def _content(kind: str) -> bytes:
    text = results_text()
    return {
        "results": text.encode(),
        "damaged": text.encode()[:90],
        "bom": b"\xef\xbb\xbf  \n" + text.encode(),
        "store": json.dumps({"results": [], "format": "horserace_nb.store"}).encode(),
        "nested": json.dumps([{"x": 1}, json.loads(text)]).encode(),
        "notebook": json.dumps({"cells": [], "metadata": {}, "nbformat": 4,
                                "nbformat_minor": 5}).encode(),
        "mention": b'# Results\nA file holds "format": "horserace_nb.results".\n',
        "bytes": bytes(range(256)) * 3,
    }[kind]


LEARNER_KINDS = {"results", "damaged", "bom", "store", "nested"}


def test_fuzz_the_sites_contents_never_hold_a_learners_results(tmp_path: Path) -> None:
    """Whatever the notebooks' folder holds, the site's contents hold no file with a learner's
    results (by content or by name), nothing in a ``results`` folder, nothing hidden, nothing
    reached through a link out; every other file ships, once, with the same bytes."""
    from hypothesis import given, settings
    from hypothesis import strategies as st

    from horserace_nb.lite.build import site_contents
    from horserace_nb.lite.contents import plan_contents

    entry = st.tuples(st.lists(st.sampled_from(FOLDERS), max_size=3), st.sampled_from(NAMES),
                      st.sampled_from(sorted({*LEARNER_KINDS, "notebook", "mention", "bytes"})))
    counter = iter(range(10**9))

    @settings(**FOLDER_FUZZ)  # type: ignore[arg-type]
    @given(st.lists(entry, min_size=1, max_size=12), st.booleans())
    def check(entries: list[tuple[list[str], str, str]], link_out: bool) -> None:
        root = tmp_path / f"case{next(counter)}"
        notebooks = root / "notebooks"
        notebooks.mkdir(parents=True)
        written: dict[str, str] = {}
        for folders, name, kind in entries:
            path = notebooks.joinpath(*folders, name)
            if any(p.exists() and not p.is_dir() for p in path.parents):
                continue
            path.parent.mkdir(parents=True, exist_ok=True)
            if path.is_dir():
                continue
            path.write_bytes(_content(kind))
            written[path.relative_to(notebooks).as_posix()] = kind
        if link_out:
            (root / "outside.txt").write_text("outside")
            (notebooks / "out.txt").symlink_to(root / "outside.txt")
        plan = plan_contents(notebooks)

        def should_ship(name: str, kind: str) -> bool:
            parts = name.split("/")
            return (kind not in LEARNER_KINDS
                    and not any(p.startswith(".") or p == "__pycache__" for p in parts)
                    and not any(p.lower() == "results" for p in parts[:-1])
                    and not parts[-1].lower().startswith(("horserace-results-", "class-report")))

        assert plan.files == sorted(n for n, k in written.items() if should_ship(n, k))
        site = site_contents(notebooks, root / "site", plan)
        for name in plan.files:
            shipped = (site / name).read_bytes()
            if not name.endswith(".ipynb"):
                assert shipped == (notebooks / name).read_bytes()
            assert b"horserace_nb.results\"," not in shipped.replace(b" ", b"")
        assert sorted(p.relative_to(site).as_posix() for p in site.rglob("*")
                      if p.is_file()) == plan.files

    check()


def test_fuzz_a_rebuild_never_loses_a_teachers_file(tmp_path: Path) -> None:
    """Whatever a teacher added to an earlier site, and whatever the new site writes: either
    every one of the teacher's files is in the new site, unchanged, or the build stops and the
    earlier site is exactly as it was."""
    from hypothesis import given, settings
    from hypothesis import strategies as st

    from horserace_nb.lite.build import carry_over

    rel = st.lists(st.sampled_from(["a", "b", "results", "lab", "files"]), min_size=1,
                   max_size=3).map("/".join)
    counter = iter(range(10**9))

    def put(folder: Path, names: list[str], text: str) -> list[str]:
        made = []
        for name in names:
            path = folder / name
            if os.path.lexists(path) or any(p.exists() and not p.is_dir()
                                            for p in path.parents):
                continue
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(f"{text} {name}")
            made.append(name)
        return made

    @settings(**FOLDER_FUZZ)  # type: ignore[arg-type]
    @given(st.lists(rel, max_size=5), st.lists(rel, max_size=5), st.lists(rel, max_size=5))
    def check(builder_files: list[str], teacher_files: list[str], new_files: list[str]) -> None:
        root = tmp_path / f"case{next(counter)}"
        site = root / "site"
        site.mkdir(parents=True)
        put(site, builder_files, "builder")
        write_marker(site, "0.1.0")
        mine = put(site, teacher_files, "teacher")
        before = contents(site)
        try:
            with replacing(site) as new:
                new.path.mkdir()
                put(new.path, new_files, "new")
                write_marker(new.path, "0.2.0")
                carry_over(site, new.path)
        except LiteBuildError as err:
            assert "holds files of yours" in str(err)
            assert contents(site) == before
        else:
            after = contents(site)
            assert all(after[name] == before[name] for name in mine)
        assert leftovers(root) == []

    check()


# --------------------------------------------------------------------------- issue 32
def test_a_build_without_jupyterlabs_language_packs_is_refused_before_any_work(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """The site's JupyterLab speaks the lessons' languages with its language packs: a build
    environment without the Korean one is refused, naming the pack, and nothing is written."""
    from horserace_nb.lite import build

    monkeypatch.setattr(build, "language_packs", lambda: ["ja_JP"])
    code, err = cli(capsys, "--output", str(tmp_path / "site"), "--source",
                    str(make_checkout(tmp_path)), "--cache-dir", str(tmp_path / "cache"))
    assert code == 1 and "jupyterlab-language-pack-ko-KR" in err, err
    assert "ja-JP" not in err
    assert not (tmp_path / "site").exists() and not (tmp_path / "cache").exists()


def test_the_site_script_sets_jupyterlabs_locale_from_the_lesson() -> None:
    """The script carries JupyterLab's locale for each language of the site but English."""
    from horserace_nb.lite.pages import LAB_LOCALES, site_script

    script = site_script("9.9")
    assert "__HR_LOCALES__" not in script
    assert f"const LOCALES = {json.dumps(LAB_LOCALES)};" in script
    assert LAB_LOCALES == {"ko": "ko_KR", "ja": "ja_JP"}
