"""Real-browser tests: JupyterLab 4, Notebook 7 and Voilà driven by Playwright in Chromium.

The servers run on 127.0.0.1 with a free port, no token and no password, and with a
temporary HOME, JUPYTER_CONFIG_DIR, JUPYTER_DATA_DIR, JUPYTER_RUNTIME_DIR and IPYTHONDIR, so the
user's own Jupyter settings never leak in. Each server serves copies of the notebooks in a
temporary root directory; its log goes to a file that is attached to every failing test's
report and copied to ``test-artifacts/browser/`` at teardown. One server per front end per
session (JupyterLab, Notebook 7, Voilà showing a folder), one browser per session; each test's
kernels are shut down after it.

Two workers (``-n 2 --dist loadgroup``, as ``.ci/run`` runs them): every test here is put in the
``xdist_group`` of the server it uses (``lab``, ``notebook``, ``voila``; see
:func:`browser_group`), so each front end's tests run on one worker with one server (the
JupyterLab tests are two groups, ``lab`` and ``lab-b``: :data:`SECOND_LAB`); the site's
tests (marked ``site``) need no server and go to either worker (the site is built once for
both). A test that shares a page between checks is one test function, so its checks stay
together. A new module is grouped by the fixtures it uses, or by its name when it uses none of
these (its own module-scoped server then stays with its tests).

The browser is Debian's Chromium (``/usr/bin/chromium``, or ``$HORSERACE_CHROMIUM``); Playwright
only drives it (never run ``playwright install``). Without it the tests skip with a note in the
summary, unless ``HORSERACE_REQUIRE_BROWSER=1`` (CI), where they fail instead.

Run only these tests: ``.venv/bin/python -m pytest -m browser tests/browser``.
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import importlib.util
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from horserace_nb.teaching.course import notebook

REPO = Path(__file__).resolve().parents[2]
ARTIFACTS = REPO / "test-artifacts" / "browser"
CHROMIUM = Path(os.environ.get("HORSERACE_CHROMIUM", "/usr/bin/chromium"))
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync"]
REQUIRE_ENV = "HORSERACE_REQUIRE_BROWSER"
HOW_TO_ENABLE = ("install Debian's chromium: apt-get install chromium "
                 "(or point $HORSERACE_CHROMIUM at a Chromium binary)")
VIEWPORT = {"width": 1280, "height": 1400}  # tall enough for a whole widget in a screenshot
SERVER_START_TIMEOUT = 60.0
# a kernel's work, as the page shows it: on a loaded 2-core CI machine Notebook 7 once took over
# 60 s to Run All a lesson
KERNEL_TIMEOUT_MS = 120_000

# The English tutorials (``$HORSERACE_TUTORIALS_DIR`` runs the checks on other copies), by the
# name they have in the server's root directory.
TUTORIALS = Path(os.environ.get("HORSERACE_TUTORIALS_DIR", REPO / "notebooks" / "en"))
NOTEBOOKS: dict[str, Path] = {
    name: TUTORIALS / name
    for name in (notebook("joining_spinners"), notebook("play"), notebook("classroom"))
}


# --------------------------------------------------------------------------- availability
def browser_missing() -> str | None:
    """Why the browser tests cannot run here, or ``None`` when they can."""
    if not CHROMIUM.is_file() or not os.access(CHROMIUM, os.X_OK):
        return f"Chromium not found at {CHROMIUM}"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "the Python package playwright is not installed (pip install -e '.[test]')"
    return None


def browser_required() -> bool:
    return os.environ.get(REQUIRE_ENV, "").strip() not in ("", "0")


SKIP_PREFIX = "browser tests skipped: "
LITE_SKIP_PREFIX = "JupyterLite site not built: "  # test_lite.py: no npm or no '.[lite]'


SERVER_GROUPS = {"lab_server": "lab", "themed_lab": "lab", "notebook_server": "notebook",
                 "voila_servers": "voila", "voila_server": "voila"}
"""The fixture a test uses → its ``xdist_group`` (the first found, in this order)."""
SITE_FIXTURES = ("lite_url", "lite_site")
SECOND_LAB = frozenset({"test_demo", "test_devices", "test_lab"})
"""The modules whose JupyterLab tests form a second group, ``lab-b``: the JupyterLab tests
took longer on one worker (about 150 s) than Notebook 7's and Voilà's together (about 130 s),
so the other worker waited. Split in two (about 90 and 60 s), each worker has about as much to
do; the worker that takes ``lab-b`` starts a JupyterLab of its own (a session server is one per
worker process)."""


def browser_group(item: pytest.Item) -> str | None:
    """The ``xdist_group`` of a test of this folder: the front end whose session server it uses;
    none for the site's tests (no server: either worker); else its module's name."""
    names = getattr(item, "fixturenames", ())
    for fixture, group in SERVER_GROUPS.items():
        if fixture in names:
            return "lab-b" if group == "lab" and Path(str(item.path)).stem in SECOND_LAB \
                else group
    if any(fixture in names for fixture in SITE_FIXTURES):
        return None
    return f"module-{Path(str(item.path)).stem}"


@pytest.hookimpl(wrapper=True, tryfirst=True)  # around pytest-xdist's reading of the groups
def pytest_collection_modifyitems(config: pytest.Config,
                                  items: list[pytest.Item]) -> Iterator[None]:
    """Mark every test of this folder ``browser`` (``-m "not browser"`` leaves them all out), the
    site's ``site`` (``-m "browser and not site"``: the Jupyter servers' tests only), give each
    its ``xdist_group`` (:func:`browser_group`), and skip them up front when Chromium is missing
    (unless it is required: then the ``browser`` fixture fails them). Then, with
    ``--dist loadgroup``, see that each grouped test's id carries its group, as pytest-xdist
    means it to (:func:`_group_in_ids`)."""
    _mark_browser_tests(items)
    result = yield
    if getattr(config.option, "loadgroup", False):  # set in pytest-xdist's workers
        _group_in_ids(items)
    return result


def _group_in_ids(items: list[pytest.Item]) -> None:
    """pytest-xdist (3.8) tells the controller a test's group by appending ``@group`` to the id
    it reports from a worker, by setting ``item._nodeid``; pytest 9.2 reads the id from
    ``item._id`` instead, so the suffix is lost and ``--dist loadgroup`` spreads a group over
    the workers (two servers of one front end, pages shared across workers). Append it where it
    is missing (nothing to do once pytest-xdist writes it where pytest reads it)."""
    for item in items:
        groups = sorted({str(mark.args[0] if mark.args else mark.kwargs.get("name", "default"))
                         for mark in item.iter_markers("xdist_group")})
        if not groups or "@" in item.nodeid or not hasattr(item, "_id"):
            continue
        from _pytest.nodeid import coerce_node_id

        item._id = coerce_node_id(f"{item.nodeid}@{'_'.join(groups)}")


def _mark_browser_tests(items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    for item in items:
        if here not in Path(str(item.path)).parents:
            continue
        if item.get_closest_marker("browser") is None:
            item.add_marker(pytest.mark.browser)
        names = getattr(item, "fixturenames", ())
        if any(fixture in names for fixture in SITE_FIXTURES) \
                and item.get_closest_marker("site") is None:
            item.add_marker(pytest.mark.site)
        if item.get_closest_marker("xdist_group") is None:
            group = browser_group(item)
            if group is not None:
                item.add_marker(pytest.mark.xdist_group(group))
    why = browser_missing()
    if why is None or browser_required():
        return
    skip = pytest.mark.skip(reason=f"{SKIP_PREFIX}{why}; to run them, {HOW_TO_ENABLE}")
    for item in items:
        if item.get_closest_marker("browser") is not None:
            item.add_marker(skip)


def pytest_terminal_summary(terminalreporter: Any) -> None:
    """One line saying that the browser tests did not run, and how to run them."""
    skipped = [r for r in terminalreporter.stats.get("skipped", [])
               if isinstance(r.longrepr, tuple) and SKIP_PREFIX in str(r.longrepr[-1])]
    if skipped:
        terminalreporter.write_line(
            f"NOTE: {len(skipped)} browser test(s) skipped ({browser_missing()}); "
            f"to run them, {HOW_TO_ENABLE}. Set {REQUIRE_ENV}=1 to make this an error.",
            yellow=True)
    loads = [value for reports in terminalreporter.stats.values() for r in reports
             if getattr(r, "when", None) == "teardown"
             for name, value in getattr(r, "user_properties", []) if name == LOADS]
    if loads:
        terminalreporter.write_line(f"browser page loads: {sum(loads)} in {len(loads)} tests "
                                    "(each test's count: its user property page_loads)")
    lite = [str(r.longrepr[-1]) for r in terminalreporter.stats.get("skipped", [])
            if isinstance(r.longrepr, tuple) and LITE_SKIP_PREFIX in str(r.longrepr[-1])]
    if lite:
        reason = lite[0].split(LITE_SKIP_PREFIX, 1)[1]
        terminalreporter.write_line(
            f"NOTE: {len(lite)} JupyterLite site test(s) skipped: {reason}. "
            f"Set {REQUIRE_ENV}=1 to make this an error.", yellow=True)


# --------------------------------------------------------------------------- servers
def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _shown(path: Path) -> str:
    try:
        return str(path.relative_to(REPO))
    except ValueError:
        return str(path)


def available(name: str) -> Path:
    """The source of notebook *name* (the tutorials are part of the repository: a missing one
    is a failure, not a skip)."""
    source = NOTEBOOKS[name]
    if not source.is_file():
        pytest.fail(f"{_shown(source)} is missing "
                    "(build it: .venv/bin/python lessons/build.py)")
    return source


@dataclass
class JupyterServer:
    """One server process this test session started, and where its files are."""

    kind: str
    base: Path
    root: Path
    port: int
    log_path: Path
    proc: subprocess.Popen[bytes] | None = field(default=None, repr=False)
    env: dict[str, str] = field(default_factory=dict, repr=False)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def log_text(self, limit: int = 8_000) -> str:
        try:
            text = self.log_path.read_text(encoding="utf-8", errors="replace")
        except OSError:
            return ""
        return text if len(text) <= limit else "…" + text[-limit:]

    def stop(self) -> None:
        """Stop the server by its own PID (SIGTERM, then SIGKILL), then whatever it left behind
        in the process group it was started in (its kernels)."""
        proc = self.proc
        if proc is None:
            return
        if proc.poll() is None:
            proc.send_signal(signal.SIGTERM)
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(timeout=10)
        # the group id is the server's PID: only processes it started are in it
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(proc.pid, signal.SIGKILL)
        self.proc = None


def _prepare(kind: str, base: Path, notebooks: list[str]) -> JupyterServer:
    dirs = {name: base / name for name in ("home", "config", "data", "runtime", "ipython", "root")}
    for folder in dirs.values():
        folder.mkdir(parents=True, exist_ok=True)
    # Keep JupyterLab's news/update toast and the announcements plugin from covering the page.
    settings = dirs["config"] / "lab" / "user-settings" / "@jupyterlab" / "apputils-extension"
    settings.mkdir(parents=True, exist_ok=True)
    (settings / "notification.jupyterlab-settings").write_text(
        json.dumps({"fetchNews": "false", "checkForUpdates": False}), encoding="utf-8")
    labconfig = dirs["config"] / "labconfig"
    labconfig.mkdir(parents=True, exist_ok=True)
    (labconfig / "page_config.json").write_text(json.dumps({"disabledExtensions": {
        "@jupyterlab/apputils-extension:announcements": True}}), encoding="utf-8")
    # Server extensions the checks do not use: a faster start, a quieter log. (The widgets
    # themselves need nothing but ipywidgets' own front end, jupyterlab_widgets.)
    (dirs["config"] / "jupyter_server_config.json").write_text(json.dumps({"ServerApp": {
        "jpserver_extensions": {"jupyter_server_terminals": False,
                                "voila.server_extension": False}}}), encoding="utf-8")
    for name in notebooks:
        if NOTEBOOKS[name].is_file():
            shutil.copyfile(NOTEBOOKS[name], dirs["root"] / name)
    env = {k: v for k, v in os.environ.items() if not k.startswith(("JUPYTER", "IPYTHON"))}
    env.update(HOME=str(dirs["home"]), JUPYTER_CONFIG_DIR=str(dirs["config"]),
               JUPYTER_DATA_DIR=str(dirs["data"]), JUPYTER_RUNTIME_DIR=str(dirs["runtime"]),
               IPYTHONDIR=str(dirs["ipython"]), PYTHONUNBUFFERED="1")
    # the lessons trusted, as the README's set-up does (jupyter trust)
    copies = sorted(str(path) for path in dirs["root"].glob("*.ipynb"))
    if copies:
        subprocess.run([str(Path(sys.executable).with_name("jupyter")), "trust", *copies],
                       env=env, check=True, capture_output=True)
    return JupyterServer(kind=kind, base=base, root=dirs["root"], port=free_port(),
                         log_path=base / f"{kind}-server.log", env=env)


def _command(server: JupyterServer, target: str | None) -> list[str]:
    python = sys.executable
    if server.kind == "voila":
        assert target is not None
        return [python, "-m", "voila", str(server.root / target), "--no-browser",
                f"--port={server.port}", "--Voila.ip=127.0.0.1", "--Voila.port_retries=0",
                "--show_tracebacks=True"]
    module = {"lab": "jupyterlab", "notebook": "notebook"}[server.kind]
    cmd = [python, "-m", module, "--no-browser", "--ip=127.0.0.1", f"--port={server.port}",
           "--ServerApp.port_retries=0", "--IdentityProvider.token=", "--ServerApp.password=",
           "--ServerApp.disable_check_xsrf=True", f"--ServerApp.root_dir={server.root}"]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        cmd.append("--allow-root")  # containers and CI often run as root
    return cmd


def _ready(server: JupyterServer) -> bool:
    """Whether the server answers. Voilà has no /api root, and asking for the notebook would
    execute it: any HTTP answer from its static route will do."""
    path = "/voila/static/__ping__" if server.kind == "voila" else "/api"
    try:
        with urllib.request.urlopen(server.url + path, timeout=2) as response:
            return bool(response.status == 200)
    except urllib.error.HTTPError:
        return server.kind == "voila"
    except (urllib.error.URLError, OSError):
        return False


def start_server(kind: str, base: Path, notebooks: list[str],
                 target: str | None = None) -> JupyterServer:
    """Start a server of *kind* ("lab", "notebook", "voila") serving copies of *notebooks*;
    for Voilà, *target* is the one notebook it shows. Fails the test with the log on error.
    A port taken between choosing and binding it is retried on another one."""
    for attempt in range(3):
        server = _prepare(kind, base, notebooks)
        with server.log_path.open("wb") as log:
            server.proc = subprocess.Popen(
                _command(server, target), cwd=server.root, env=server.env, stdout=log,
                stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, start_new_session=True)
        deadline = time.monotonic() + SERVER_START_TIMEOUT
        while not _ready(server):
            if server.proc.poll() is not None or time.monotonic() > deadline:
                break
            time.sleep(0.2)
        else:
            return server
        code = server.proc.poll()
        server.stop()
        if code is not None and "already in use" in server.log_text() and attempt < 2:
            continue
        why = (f"exited with {code}" if code is not None
               else f"did not answer within {SERVER_START_TIMEOUT:.0f} s")
        pytest.fail(f"{kind} server {why}; its log ({server.log_path}):\n"
                    f"{server.log_text()}", pytrace=False)
    raise AssertionError("unreachable")


def _keep_log(server: JupyterServer, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with contextlib.suppress(OSError):
        shutil.copyfile(server.log_path, ARTIFACTS / f"{name}.log")


RULES_PAGES = ("rules.md", "rules.ipynb")
REPORT = REPO / "notebooks" / "ko" / notebook("class_report")
"""Voilà's session server shows the Korean class report too (beside the English lessons)."""


def _with_rules_pages(server: JupyterServer) -> JupyterServer:
    """Give *server*'s root a ``notebooks/`` as the lessons have it: the rules pages, and an
    ``en/`` beside them where a test writes a notebook whose rule links must resolve as in a
    lesson (``../rules.md``)."""
    folder = server.root / "notebooks"
    (folder / "en").mkdir(parents=True, exist_ok=True)
    for name in RULES_PAGES:
        shutil.copyfile(REPO / "notebooks" / name, folder / name)
    return server


def _session_server(kind: str, tmp_path_factory: pytest.TempPathFactory) -> JupyterServer:
    base = tmp_path_factory.mktemp(kind)
    if kind == "voila":
        # Voilà shows the folder (``voila <root>``): /voila/render/<notebook> for any of them
        _prepare(kind, base, [])
        shutil.copyfile(REPORT, base / "root" / REPORT.name)
    return _with_rules_pages(start_server(kind, base, list(NOTEBOOKS),
                                          target="" if kind == "voila" else None))


def _serving(kind: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[JupyterServer]:
    """A session fixture's body: the run's server of *kind*, stopped and its log kept after."""
    server = _session_server(kind, tmp_path_factory)
    yield server
    server.stop()
    _keep_log(server, f"{kind}-server")


@pytest.fixture(scope="session")
def lab_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[JupyterServer]:
    """The run's JupyterLab 4 server (one per worker; every JupyterLab test is in the ``lab``
    group, hence on one worker), serving the tutorials and :func:`_with_rules_pages`."""
    yield from _serving("lab", tmp_path_factory)


@pytest.fixture(scope="session")
def notebook_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[JupyterServer]:
    """The run's Notebook 7 server (the ``notebook`` group)."""
    yield from _serving("notebook", tmp_path_factory)


@pytest.fixture(scope="session")
def voila_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[JupyterServer]:
    """The run's Voilà server (the ``voila`` group), showing its root folder: the tutorials,
    the Korean class report, :func:`_with_rules_pages`; a notebook is at
    :func:`voila_url`."""
    yield from _serving("voila", tmp_path_factory)


def voila_url(server: JupyterServer, name: str) -> str:
    """Where Voilà's folder server shows notebook *name* (a path in its root)."""
    return f"{server.url}/voila/render/{name}"


class VoilaServers:
    """``voila(name)``: the Voilà server showing notebook *name* at :func:`voila_url` (the
    session's one server; kept for the tests written when each notebook had its own)."""

    def __init__(self, server: JupyterServer) -> None:
        self.server = server
        self.servers: dict[str, JupyterServer] = {}

    def __call__(self, name: str) -> JupyterServer:
        available(name)
        self.servers[name] = self.server
        return self.server


@pytest.fixture
def voila_servers(voila_server: JupyterServer) -> VoilaServers:
    return VoilaServers(voila_server)


def shut_down_kernels(server: JupyterServer) -> None:
    """Stop every kernel of a JupyterLab or Notebook 7 *server* (its REST API): the session's
    servers would otherwise keep one kernel per notebook a test opened."""
    if server.proc is None or server.kind not in ("lab", "notebook"):
        return
    with contextlib.suppress(OSError, ValueError, urllib.error.URLError):
        with urllib.request.urlopen(f"{server.url}/api/kernels", timeout=5) as response:
            kernels = json.loads(response.read())
        for kernel in kernels:
            request = urllib.request.Request(f"{server.url}/api/kernels/{kernel['id']}",
                                             method="DELETE")
            with contextlib.suppress(urllib.error.URLError, OSError):
                urllib.request.urlopen(request, timeout=10).close()


@pytest.fixture(autouse=True)
def _kernels_stopped_after_the_test(request: pytest.FixtureRequest) -> Iterator[None]:
    """After each test (and after its pages are closed: this fixture is torn down last), the
    kernels it started on the session's servers are stopped."""
    yield
    for value in getattr(request.node, "funcargs", {}).values():
        if isinstance(value, JupyterServer):
            shut_down_kernels(value)


# --------------------------------------------------------------------------- the JupyterLite site
def build_missing() -> str | None:
    """Why the site cannot be built here, or ``None``."""
    from horserace_nb.lite.build import default_cache_dir, pyodide_tarball

    if shutil.which("npm") is None and not pyodide_tarball(default_cache_dir()).is_file():
        return "npm was not found (the Pyodide core comes from the npm registry; apt-get " \
               "install npm)"
    for module in ("jupyterlite_core", "jupyterlite_pyodide_kernel", "jupyter_server"):
        if importlib.util.find_spec(module) is None:
            return f"{module} is not installed (pip install -e '.[lite]')"
    return None


@dataclass
class BuiltSite:
    path: Path
    report: Any


@pytest.fixture(scope="session")
def lite_site(tmp_path_factory: pytest.TempPathFactory) -> BuiltSite:
    """The site, built once per run from this checkout (here, in the one conftest, so that
    every module using it shares the one build: a module importing the fixture by name would
    get a session fixture of its own, and build the site again). With pytest-xdist the workers
    share it too: the first builds it into the run's common temporary folder, under a lock, the
    others wait and take it. The build's downloads are cached between runs
    (:func:`horserace_nb.lite.build.default_cache_dir`)."""
    why = build_missing()
    if why is not None:
        if browser_required():
            pytest.fail(f"{REQUIRE_ENV}=1 but the JupyterLite site cannot be built: {why}",
                        pytrace=False)
        pytest.skip(f"{LITE_SKIP_PREFIX}{why}")
    from horserace_nb.lite import build_site

    if not os.environ.get("PYTEST_XDIST_WORKER"):
        output = tmp_path_factory.mktemp("lite") / "site"
        report = build_site(output, source=REPO)
        print(f"\n[lite] {report.summary()}")
        return BuiltSite(output, report)
    import fcntl
    import pickle

    shared = tmp_path_factory.getbasetemp().parent / "lite-shared"
    shared.mkdir(exist_ok=True)
    with (shared / "lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file is closed
        saved = shared / "report.pickle"
        if saved.is_file():
            report = pickle.loads(saved.read_bytes())
        else:
            report = build_site(shared / "site", source=REPO)
            saved.write_bytes(pickle.dumps(report))
            print(f"\n[lite] {report.summary()}")
    return BuiltSite(shared / "site", report)


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    """Serve files as any static host does (with the types Pyodide needs), without logging."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".wasm": "application/wasm", ".mjs": "text/javascript",
                      ".js": "text/javascript", ".json": "application/json",
                      ".whl": "application/octet-stream"}

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002
        pass


@contextlib.contextmanager
def static_server(root: Path, handler_class: type[http.server.SimpleHTTPRequestHandler]
                  = QuietHandler) -> Iterator[str]:
    """Serve *root* on 127.0.0.1 (a free port) from a thread with *handler_class* (a
    :class:`QuietHandler` by default: the benchmarks pass one that counts); yields the base
    URL."""
    handler = functools.partial(handler_class, directory=str(root))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, name="lite-static", daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)


@pytest.fixture(scope="session")
def lite_url(lite_site: BuiltSite) -> Iterator[str]:
    with static_server(lite_site.path) as url:
        yield url


# --------------------------------------------------------------------------- browser
@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """One Chromium for the whole session."""
    why = browser_missing()
    if why is not None:
        if browser_required():
            pytest.fail(f"{REQUIRE_ENV}=1 but the browser tests cannot run: {why}; "
                        f"{HOW_TO_ENABLE}", pytrace=False)
        pytest.skip(f"{SKIP_PREFIX}{why}; to run them, {HOW_TO_ENABLE}")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


def _loopback_only(route: Any) -> None:
    """Abort every request that leaves this machine (Voilà asks a CDN for a font)."""
    host = re.sub(r"^[a-z]+://", "", route.request.url).split("/")[0].rsplit(":", 1)[0]
    if host in ("127.0.0.1", "localhost", "[::1]") or route.request.url.startswith(
            ("data:", "blob:", "about:")):
        route.continue_()
    else:
        route.abort()


LOADS = "page_loads"
"""The user property each browser test reports: the pages it loaded (a ``load`` event of a
page's main frame: a ``goto``, a reload, a link followed, a new tab)."""


def count_loads(context: Any, item: pytest.Item) -> None:
    """Count the page loads of every page of *context* into *item*'s ``page_loads``."""
    counter = {"loads": 0}

    def watch(pg: Any) -> None:
        pg.on("load", lambda _page: counter.__setitem__("loads", counter["loads"] + 1))

    context.on("page", watch)
    item.stash[_LOAD_COUNTERS] = [*item.stash.get(_LOAD_COUNTERS, []), counter]


_LOAD_COUNTERS = pytest.StashKey[list[dict[str, int]]]()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_teardown(item: pytest.Item) -> Iterator[None]:
    yield
    counters = item.stash.get(_LOAD_COUNTERS, [])
    if counters:
        item.user_properties.append((LOADS, sum(c["loads"] for c in counters)))


def artifact_name(item: pytest.Item) -> str:
    """``test_lab.py::test_x`` → ``test_lab-test_x``."""
    name = f"{Path(str(item.path)).stem}-{item.name}"
    return re.sub(r"[^A-Za-z0-9_.-]+", "-", name).strip("-")


@pytest.fixture
def page(browser: Any, request: pytest.FixtureRequest) -> Iterator[Any]:
    """A fresh page (own context: no shared storage) that only talks to loopback. Console
    errors are kept in ``page.horserace_errors``; a failing test leaves a screenshot."""
    for old in ARTIFACTS.glob(f"{artifact_name(request.node)}*.png"):
        old.unlink()  # no stale screenshot of an earlier run
    context = browser.new_context(viewport=VIEWPORT, locale="en-US")
    context.set_default_timeout(30_000)
    count_loads(context, request.node)
    pg = context.new_page()
    pg.route("**/*", _loopback_only)
    errors: list[str] = []
    pg.on("pageerror", lambda exc: errors.append(f"page error: {exc}"))
    pg.on("console", lambda msg: errors.append(f"console: {msg.text}")
          if msg.type == "error" else None)
    pg.horserace_errors = errors
    yield pg
    report = getattr(request.node, "rep_call", None)
    if report is not None and report.failed:
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        with contextlib.suppress(Exception):  # it must not hide the real failure
            pg.screenshot(path=str(ARTIFACTS / f"{artifact_name(request.node)}-FAILED.png"),
                          full_page=True)
    context.close()


@pytest.fixture
def screenshot(page: Any, request: pytest.FixtureRequest) -> Callable[..., Path]:
    """``screenshot()`` saves a full-page PNG of the check as
    ``test-artifacts/browser/<module>-<test>[-<suffix>].png`` and returns its path."""

    def take(suffix: str = "") -> Path:
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        name = artifact_name(request.node) + (f"-{suffix}" if suffix else "")
        path = ARTIFACTS / f"{name}.png"
        page.screenshot(path=str(path), full_page=True)
        return path

    return take


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    """Remember each phase's report (for the failure screenshot) and attach the logs of the
    servers a failing test used, and the page's console errors."""
    outcome = yield
    report = outcome.get_result()
    setattr(item, f"rep_{report.when}", report)
    if not report.failed:
        return
    funcargs = getattr(item, "funcargs", {})
    for value in funcargs.values():
        servers = ([value] if isinstance(value, JupyterServer) else
                   list(value.servers.values()) if isinstance(value, VoilaServers) else [])
        for server in servers:
            report.sections.append((f"{server.kind} server log ({server.log_path})",
                                    server.log_text()))
    pg = funcargs.get("page")
    if pg is not None and getattr(pg, "horserace_errors", None):
        report.sections.append(("browser console errors", "\n".join(pg.horserace_errors)))


def run_all_cells(page: Any, menu: Sequence[str] = ("Run", "Run All Cells"),
                  timeout: int = KERNEL_TIMEOUT_MS) -> None:
    """Choose *menu* (JupyterLab's Run → Run All Cells, as the interface's language names it)
    and wait until every code cell of the open notebook has run (its prompt numbered)."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    started = """() => [...document.querySelectorAll('.jp-CodeCell .jp-InputArea-prompt')]
        .some(p => /\\[(\\d+|\\*)\\]/.test(p.textContent))"""
    for attempt in (1, 2):
        page.get_by_role("menuitem", name=menu[0], exact=True).click()
        page.get_by_role("menuitem", name=menu[1], exact=True).click()
        try:
            # a queued cell shows [*] at once, even while the kernel is busy: none after 30 s
            # means the menu's command was not taken (a menu closed by a late relayout), and
            # running it again runs nothing twice
            page.wait_for_function(started, timeout=30_000)
            break
        except PlaywrightTimeout:
            if attempt == 2:
                raise
    page.wait_for_function(
        """() => {
            const prompts = [...document.querySelectorAll('.jp-CodeCell .jp-InputArea-prompt')];
            return prompts.length > 0 && prompts.every(p => /\\[\\d+\\]/.test(p.textContent));
        }""", timeout=timeout)


# --------------------------------------------------------------------------- page helpers
class Frontend:
    """Drive one front end as a person would: open a notebook, Run → Run All Cells, wait until
    the kernel is idle. Voilà runs the notebook itself: opening it is all there is."""

    def __init__(self, page: Any, server: JupyterServer) -> None:
        self.page = page
        self.server = server

    def open(self, name: str) -> None:
        available(name)
        kind = self.server.kind
        if kind == "lab":
            self.page.goto(f"{self.server.url}/lab/tree/{name}?reset")
        elif kind == "notebook":
            self.page.goto(f"{self.server.url}/notebooks/{name}")
        else:
            self.page.goto(voila_url(self.server, name))
            return
        self.wait_idle()

    def wait_idle(self) -> None:
        if self.server.kind == "lab":
            # the status bar's "Python 3 (ipykernel) | Idle" (the execution indicator says
            # idle before the kernel has even started)
            self.page.locator(".jp-StatusBar-TextItem", has_text=re.compile(r"\|\s*Idle")) \
                .first.wait_for(timeout=KERNEL_TIMEOUT_MS)
        elif self.server.kind == "notebook":
            # no status bar: the toolbar names the kernel once it is started ("No Kernel"
            # before), and its circle indicator is idle again once it has initialized
            self.page.wait_for_function(
                """() => {
                    const name = document.querySelector('.jp-Toolbar-kernelName');
                    const dot = document.querySelector('.jp-Notebook-ExecutionIndicator');
                    return name && /Python 3/.test(name.textContent) &&
                           dot && dot.dataset.status === 'idle';
                }""", timeout=KERNEL_TIMEOUT_MS)

    def run_all(self) -> None:
        """Run → Run All Cells, then wait until every code cell has run and the kernel is
        idle."""
        run_all_cells(self.page)
        self.wait_idle()

    def show(self, locator: Any) -> None:
        """Scroll *locator*'s top to the top of the view (for the screenshot)."""
        locator.evaluate("e => e.scrollIntoView({block: 'start'})")
        settled(self.page)  # JupyterLab's windowed notebook draws what came into view


@pytest.fixture
def frontend(page: Any) -> Callable[[JupyterServer], Frontend]:
    """``frontend(server)``: a :class:`Frontend` on this test's page."""
    return lambda server: Frontend(page, server)


def _tiles_on(board: Any) -> list[str]:
    """The ``data-tile`` of every tile drawn in a board's picture (the layout, not hands)."""
    return sorted(board.locator("svg g.hr-svg-tile").evaluate_all(
        "els => els.map(e => e.getAttribute('data-tile'))"))


def check_board_still(board: Any) -> None:
    """Nothing in the board's picture is animated by the page's own style sheets (an inline SVG
    inherits them: Voilà's ``.spinner`` rule, meant for its loading spinner, would set an
    orange spinner outline rotating). The board's own brief mark of what just changed (its
    ``hr-`` animations, under 300 ms) is not the page's."""
    moving = board.locator("svg *").evaluate_all(
        """els => els.filter(e => !/^(none|hr-[a-z-]+)$/.test(getComputedStyle(e).animationName))
                    .map(e => `${e.tagName}.${e.getAttribute('class')} ` +
                              `${e.getAttribute('data-tile') || ''}: ` +
                              getComputedStyle(e).animationName)""")
    assert not moving, f"the page's CSS animates parts of the board: {moving}"


def check_replay_next(page: Any) -> Any:
    """The replay widget shows a board; its Next button moves to the next step: the heading and
    the board's tiles become those the widget's own code gives for that step (the default
    example, in English). Returns the widget's locator."""
    from playwright.sync_api import expect

    from horserace_nb.sessions.replay import build_steps, step_texts

    steps, example = build_steps(None)
    headings = [step_texts(s, len(steps), "en", example)["heading"] for s in steps]
    tiles = [sorted(str(tile) for tile in s.layout.tiles) for s in steps]

    replay = page.locator(".hr-replay").first
    board = replay.locator(".hr-board")
    expect(board.locator("svg")).to_be_visible(timeout=KERNEL_TIMEOUT_MS)
    # JupyterLab skips drawing cells far out of view (its text reads empty): bring it in view
    heading = replay.locator(".hr-heading")
    heading.evaluate("e => e.scrollIntoView({block: 'center'})")
    page.wait_for_function("e => e.innerText.trim() !== ''", arg=heading.element_handle(),
                           timeout=KERNEL_TIMEOUT_MS)
    before = heading.inner_text().strip()
    assert before in headings, f"unexpected replay heading {before!r}"
    index = headings.index(before)
    assert index + 1 < len(headings), "the notebook shows the last step: Next cannot advance"
    assert _tiles_on(board) == tiles[index]
    assert tiles[index + 1] != tiles[index]

    # (not exact: the Font Awesome icon before the label is part of the accessible name)
    replay.get_by_role("button", name="Next").click()

    expect(heading).to_have_text(headings[index + 1])
    page.wait_for_function(
        "([el, n]) => el.querySelectorAll('svg g.hr-svg-tile').length === n",
        arg=[board.element_handle(), len(tiles[index + 1])])
    assert _tiles_on(board) == tiles[index + 1]
    check_board_still(board)
    return replay


@dataclass
class PlayResult:
    tile: str
    target: str
    before: dict[str, str]
    after: dict[str, str]


_WATCH = """(root) => {
    if (!window.__hrWatch) {
        window.__hrWatch = {count: 0, last: performance.now()};
        new MutationObserver(() => {
            window.__hrWatch.count += 1;
            window.__hrWatch.last = performance.now();
        }).observe(root, {subtree: true, childList: true, attributes: true,
                          characterData: true});
    }
    return window.__hrWatch.count;
}"""


class PlayDriver:
    """Play the learner's first placement on the board, as a person would: let the computer
    move ("Computer's next move") until the hand's tiles in the picture are buttons, click a
    tile, see its legal points light up, click the first lit point (or do it all with the
    keyboard: focus, Enter, Enter).

    Waiting for the kernel's answer: the widget sends its changes one by one, so the first
    change says little. After each click that goes to the kernel the driver waits until the
    widget has changed and then stayed unchanged for a moment (and, in JupyterLab and Notebook
    7, until the kernel is idle again), so it never acts on a half-updated widget."""

    QUIET_MS = {"lab": 150, "notebook": 150, "voila": 300}
    """How long the widget must stay unchanged after a click. JupyterLab and Notebook 7 then
    also wait for the kernel to be idle; Voilà shows no kernel state, hence a longer pause."""

    TILES = ".hr-board svg g.hr-svg-hand-tile"
    PLAYABLE = ".hr-board svg g.hr-svg-hand-tile.hr-playable"
    LIT = ".hr-board svg .hr-svg-spot.hr-lit"

    def __init__(self, page: Any, frontend: Frontend) -> None:
        from horserace_nb.words.i18n import t

        self.page = page
        self.frontend = frontend
        self.root = page.locator(".hr-play").first
        self.next_label = t("play.next", "en")
        self.draw_label = t("play.draw", "en")

    def settle(self, action: Callable[[], Any]) -> None:
        """Do *action*; wait until the widget has changed and settled."""
        before = self.root.evaluate(_WATCH)
        action()
        self.page.wait_for_function(
            """([before, quiet]) => window.__hrWatch.count > before &&
                                    performance.now() - window.__hrWatch.last > quiet""",
            arg=[before, self.QUIET_MS[self.frontend.server.kind]], polling=50,
            timeout=KERNEL_TIMEOUT_MS)
        self.frontend.wait_idle()

    def click(self, button: Any) -> None:
        """Click *button*; wait until the widget has changed and settled."""
        self.settle(button.click)

    def texts(self) -> dict[str, str]:
        def text(selector: str) -> str:
            return " ".join(self.root.locator(selector).all_inner_texts()).strip()

        hand = self.root.locator(self.TILES).evaluate_all(
            "els => els.map(e => e.getAttribute('data-tile'))")
        return {"status": text(".hr-status"), "scores": text(".hr-scores"),
                "message": text(".hr-message"), "hand": " ".join(hand)}

    def wait_for_my_turn(self, limit: int = 30) -> None:
        """Until a tile of the hand can be played (the computer moves, the learner draws)."""
        from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
        from playwright.sync_api import expect

        expect(self.root.locator(".hr-board svg.hr-svg-horserace")).to_be_visible(
            timeout=KERNEL_TIMEOUT_MS)
        expect(self.root.locator(self.TILES).first).to_be_attached()
        for _ in range(limit):
            if self.root.locator(self.PLAYABLE).count():
                return
            next_move = self.root.get_by_role("button", name=self.next_label)
            draw = self.root.get_by_role("button", name=self.draw_label)
            # (a button enabled when looked at may be disabled by the time it is clicked: the
            # widget's last change arriving; then look again rather than wait for it)
            button = next_move if next_move.is_enabled() else \
                draw if draw.is_enabled() else None  # nothing fits: draw until one does (R18)
            if button is not None:
                try:
                    self.settle(functools.partial(button.click, timeout=5_000))
                except PlaywrightTimeoutError:
                    continue
            else:
                # the turn line may say "your turn" a moment before the board's picture marks
                # the tiles that fit (a loaded machine): wait for the picture once, then say so
                try:
                    expect(self.root.locator(self.PLAYABLE).first).to_be_attached(
                        timeout=KERNEL_TIMEOUT_MS)
                    return
                except AssertionError:
                    pytest.fail(f"neither a tile, {self.next_label!r} nor "
                                f"{self.draw_label!r} can be clicked: {self.texts()}")
        pytest.fail(f"still not the learner's turn after {limit} moves")

    def place_first_fitting_tile(self, *, keyboard: bool = False) -> PlayResult:
        """Choose the first tile that is a button and place it on its first lit point: by
        clicks in the picture, or with the keyboard only."""
        from playwright.sync_api import expect

        self.wait_for_my_turn()
        before = self.texts()
        tile = self.root.locator(self.PLAYABLE).first
        chosen = tile.get_attribute("data-tile")
        assert tile.get_attribute("role") == "button" and tile.get_attribute("tabindex") == "0"
        assert tile.get_attribute("aria-label") == chosen
        lit = self.root.locator(self.LIT)
        if keyboard:
            tile.focus()  # where Tab lands on the board's first tile
            self.page.keyboard.press("Escape")  # clears a drawn tile's selection: choose anew
            tile.focus()
            self.page.keyboard.press("Enter")
            expect(lit.first).to_be_focused()  # Enter chose it; focus went on to its points
        else:
            tile.click()
        # its legal points are lit at once, on the client, each a labelled button
        expect(lit.first).to_be_visible()
        spots = lit.evaluate_all(
            "els => els.map(e => [e.getAttribute('role'), e.getAttribute('aria-label')])")
        assert spots and all(role == "button" and label for role, label in spots), spots
        target = spots[0][1]
        if not keyboard:
            lit.first.hover()
        preview = self.root.locator(".hr-board-preview")
        expect(preview).to_contain_text(" = ")  # "2 + 3 + 8 = 13: …"
        if keyboard:
            self.settle(lambda: self.page.keyboard.press("Enter"))
        else:
            self.settle(lit.first.click)
        return PlayResult(str(chosen), str(target), before, self.texts())

    def show_choice(self) -> str:
        """Click the first playable tile and point at its first lit point (no placement): the
        board as the README pictures it. Returns the preview shown."""
        from playwright.sync_api import expect

        self.wait_for_my_turn()
        tile = self.root.locator(self.PLAYABLE).first
        if tile.get_attribute("aria-pressed") != "true":
            tile.click()
        lit = self.root.locator(self.LIT)
        expect(lit.first).to_be_visible()
        lit.first.hover()
        preview = self.root.locator(".hr-board-preview")
        expect(preview).to_contain_text(" = ")
        return str(preview.inner_text())

    def check_placement(self, result: PlayResult) -> None:
        """The placed tile left the hand and lies on the board; the turn or score display
        changed; the message tells the placement; nothing was refused."""
        from playwright.sync_api import expect

        board = self.root.locator(".hr-board")
        expect(board.locator(f"svg g.hr-svg-tile[data-tile='{result.tile}']")).to_have_count(1)
        expect(board.locator(f"svg g.hr-svg-hand-tile[data-tile='{result.tile}']")
               ).to_have_count(0)
        assert (result.after["status"], result.after["scores"]) != (
            result.before["status"], result.before["scores"]), "neither turn nor score changed"
        assert result.tile in result.after["message"], result.after
        assert self.root.locator(".hr-msg-error").count() == 0, result.after
        check_board_still(board)


@pytest.fixture
def replay_check(page: Any) -> Callable[[], Any]:
    """``replay_check()``: :func:`check_replay_next` on this test's page."""
    return lambda: check_replay_next(page)


@pytest.fixture
def play(page: Any) -> Callable[[JupyterServer], PlayDriver]:
    """``play(server)``: a :class:`PlayDriver` on this test's page (open the notebook
    first)."""
    return lambda server: PlayDriver(page, Frontend(page, server))


@pytest.fixture
def device_page(browser: Any, request: pytest.FixtureRequest) -> Iterator[Callable[..., Any]]:
    """``device_page(width, height, touch=False, **context_options)``: a fresh page on a
    viewport of that size (with ``touch``: a touch screen, ``has_touch`` and ``is_mobile``, as a
    tablet or a phone), loopback only, console errors in ``page.horserace_errors``; closed at
    teardown."""
    contexts: list[Any] = []

    def make(width: int, height: int, *, touch: bool = False, **options: Any) -> Any:
        context = browser.new_context(viewport={"width": width, "height": height},
                                      locale="en-US", has_touch=touch, is_mobile=touch,
                                      **options)
        context.set_default_timeout(30_000)
        count_loads(context, request.node)
        contexts.append(context)
        pg = context.new_page()
        pg.route("**/*", _loopback_only)
        errors: list[str] = []
        pg.on("pageerror", lambda exc: errors.append(f"page error: {exc}"))
        pg.horserace_errors = errors
        return pg

    yield make
    for context in contexts:
        with contextlib.suppress(Exception):
            context.close()


def write_notebook(server: JupyterServer, name: str, cells: list[tuple[str, str]]) -> str:
    """Write a notebook of *cells* (``("code" | "markdown", source)``) into *server*'s root;
    returns its name."""
    nb = {"cells": [{"cell_type": kind, "metadata": {}, "source": source,
                     **({"outputs": [], "execution_count": None} if kind == "code" else {})}
                    for kind, source in cells],
          "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3 (ipykernel)",
                                      "language": "python"}},
          "nbformat": 4, "nbformat_minor": 5}
    (server.root / name).write_text(json.dumps(nb), encoding="utf-8")
    return name


def set_lab_theme(server: JupyterServer, theme: str) -> None:
    """Make *theme* ("JupyterLab Light", "JupyterLab Dark", "JupyterLab Dark High Contrast")
    the theme of the pages *server* serves from now on (its user settings)."""
    folder = (server.base / "config" / "lab" / "user-settings" / "@jupyterlab"
              / "apputils-extension")
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "themes.jupyterlab-settings").write_text(json.dumps({"theme": theme}),
                                                         encoding="utf-8")


@pytest.fixture
def themed_lab(lab_server: JupyterServer) -> Iterator[JupyterServer]:
    """The session's JupyterLab, for a test that sets a theme: back in Light afterwards."""
    yield lab_server
    set_lab_theme(lab_server, "JupyterLab Light")


POINTS_PATH = "notebooks/en/points.ipynb"
POINTS_CODE = 'from horserace_nb.widgets.exercise import Exercises\nExercises("counted", seed=4)'
PICKABLE = "svg .hr-svg-spot.hr-pickable"


def points_server(kind: str, tmp_path_factory: pytest.TempPathFactory) -> JupyterServer:
    """A server of *kind* over a root holding ``notebooks/`` as the lessons have it (the rules
    pages beside ``en/``), with one notebook there: the counted-points exercise. Voilà shows
    the folder (``voila <root>``), so that it renders any notebook in it."""
    base = tmp_path_factory.mktemp(f"points-{kind}")
    root = base / "root" / "notebooks"
    (root / "en").mkdir(parents=True)
    for name in ("rules.md", "rules.ipynb"):
        shutil.copyfile(REPO / "notebooks" / name, root / name)
    server = start_server(kind, base, [], target="" if kind == "voila" else None)
    write_notebook(server, POINTS_PATH, [("code", POINTS_CODE)])
    return server


STORED_PICTURES = ".jp-NotebookPanel .jp-RenderedSVG img"


def wait_for_stored_pictures(page: Any) -> Any:
    """Wait until the open notebook shows a stored picture (an SVG output drawn as an image,
    as JupyterLab draws it in a trusted cell) and every picture it has drawn has loaded
    (JupyterLab draws only the cells near the view). Returns the pictures' locator."""
    shown = page.locator(STORED_PICTURES)
    shown.first.wait_for()
    page.wait_for_function(f"""() => Array.from(document.querySelectorAll("{STORED_PICTURES}"))
        .every((image) => image.complete && image.naturalWidth > 0)""")
    return shown


def open_notebook(page: Any, server: JupyterServer, name: str) -> Frontend:
    """Open notebook *name* of *server* in JupyterLab (fresh, ``?reset``) or Notebook 7, and run
    all its cells."""
    ui = Frontend(page, server)
    page.goto(f"{server.url}/lab/tree/{name}?reset" if server.kind == "lab"
              else f"{server.url}/notebooks/{name}")
    ui.wait_idle()
    ui.run_all()
    return ui


def open_points_exercise(page: Any, server: JupyterServer) -> PlayDriver:
    """Open the counted-points exercise of :func:`points_server`, run it, and wait until its
    points can be clicked."""
    from playwright.sync_api import expect

    if server.kind == "voila":
        ui = Frontend(page, server)
        page.goto(f"{server.url}/voila/render/{POINTS_PATH}")
    else:
        ui = open_notebook(page, server, POINTS_PATH)
    driver = PlayDriver(page, ui)
    driver.root = page.locator(".hr-exercise").first
    expect(driver.root.locator(PICKABLE).first).to_be_visible(timeout=KERNEL_TIMEOUT_MS)
    return driver


SETTLED_JS = """() => new Promise(resolve => {
    const moving = () => document.getAnimations().some(a => a.playState === 'running'
        && a.effect && a.effect.getComputedTiming().endTime !== Infinity);
    const frames = (left) => requestAnimationFrame(() =>
        left > 0 ? frames(left - 1) : moving() ? frames(1) : resolve(true));
    frames(1);
})"""


def settled(page: Any) -> None:
    """Wait until *page* has drawn two more frames and no animation or transition of a finite
    length is running (a theme switched, a part scrolled into view, a tile's brief mark): what
    a fixed pause stood for, without waiting longer than the page needs."""
    page.evaluate(SETTLED_JS)


def switch_lab_theme(page: Any, theme: str) -> None:
    """Switch the JupyterLab page *page* to *theme* ("JupyterLab Light", "JupyterLab Dark",
    "JupyterLab Dark High Contrast") in place, as a person does (Settings → Theme), and wait
    until its style sheet is in use: one loaded page serves the checks of every theme. (JupyterLab
    keeps the choice in the server's user settings: :func:`themed_lab` puts Light back.)"""
    if page.evaluate("() => document.body.dataset.jpThemeName") == theme:
        return
    page.get_by_role("menuitem", name="Settings", exact=True).click()
    page.locator("#jp-mainmenu-settings > ul > li.lm-Menu-item[data-type='submenu']",
                 has_text="Theme").first.click()
    page.locator(".lm-Menu-item[data-command='apputils:change-theme']").filter(
        has=page.locator(".lm-Menu-itemLabel", has_text=re.compile(f"^{re.escape(theme)}$"))
    ).first.click()
    page.wait_for_function(f"() => document.body.dataset.jpThemeName === {theme!r}",
                           timeout=KERNEL_TIMEOUT_MS)
    page.keyboard.press("Escape")  # the menu, if it is still open
    settled(page)  # the theme's variables applied to the widgets


def write_points_exercise(server: JupyterServer) -> JupyterServer:
    """Write the counted-points exercise at :data:`POINTS_PATH` in a session server (whose root
    has the rules pages one folder up, :func:`_with_rules_pages`); returns *server*."""
    write_notebook(server, POINTS_PATH, [("code", POINTS_CODE)])
    return server
