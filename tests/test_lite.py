"""The classroom site's build (:mod:`horserace_nb.lite`), without a browser or the network: the
Pyodide lock the site serves, the kernel settings, the build configuration, the notebook tree,
and the clear errors a teacher sees. (``tests/browser/test_lite.py`` builds a whole site and
runs it in Chromium.)"""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
import zipfile
from collections.abc import Sequence
from pathlib import Path

import pytest

from horserace_nb.lite import (
    KERNEL_PLUGIN,
    KERNEL_PRELOAD,
    LiteBuildError,
    kernel_settings,
    lock_closure,
    notebook_tree,
    patch_lock,
    wheel_entry,
)
from horserace_nb.lite.__main__ import main
from horserace_nb.lite.build import (
    JUPYTERLITE_VERSION,
    build_config,
    check_output,
    lite_json,
)

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
    assert config["apps"] == ["lab"]


def test_notebook_tree_is_the_repositorys(tmp_path: Path) -> None:
    tree = notebook_tree(REPO / "notebooks")
    assert "index.ipynb" in tree
    per_lang = {lang: sorted(name.split("/", 1)[1] for name in tree
                             if name.startswith(f"{lang}/")) for lang in ("en", "ko", "ja")}
    assert per_lang["en"] and per_lang["en"] == per_lang["ko"] == per_lang["ja"]
    assert "01_tiles_layout_spinners.ipynb" in per_lang["ja"]

    (tmp_path / "en" / ".ipynb_checkpoints").mkdir(parents=True)
    (tmp_path / "en" / ".ipynb_checkpoints" / "a-checkpoint.ipynb").write_text("{}")
    (tmp_path / "en" / "a.ipynb").write_text("{}")
    (tmp_path / "notes.txt").write_text("")
    assert notebook_tree(tmp_path) == ["en/a.ipynb"]


# --------------------------------------------------------------------------- the output folder
def test_check_output_accepts_only_an_earlier_site_or_an_empty_folder(tmp_path: Path) -> None:
    source = tmp_path / "checkout"
    source.mkdir()
    old_site = tmp_path / "site"
    old_site.mkdir()
    (old_site / "jupyter-lite.json").write_text("{}")
    check_output(old_site, source)
    check_output(tmp_path / "new", source)
    (tmp_path / "empty").mkdir()
    check_output(tmp_path / "empty", source)

    other = tmp_path / "photos"
    other.mkdir()
    (other / "holiday.jpg").write_text("")
    with pytest.raises(LiteBuildError, match="not empty"):
        check_output(other, source)
    with pytest.raises(LiteBuildError, match="a file"):
        check_output(other / "holiday.jpg", source)
    with pytest.raises(LiteBuildError, match="overwrite the project"):
        check_output(tmp_path, source)


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
