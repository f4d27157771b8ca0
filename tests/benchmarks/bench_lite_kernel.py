"""Benchmark: where the JupyterLite kernel's start goes, without a browser.

The site's Pyodide runs under Node.js (as :mod:`horserace_nb.lite.compile` runs it to
byte-compile), with the built site's own files: its ``pyodide.mjs``, its lock and wheels, and the
preload list of its ``jupyter-lite.json``. The script does what the pyodide-kernel worker does
when a notebook opens (``initRuntime``: ``loadPyodide`` with the preload list;
``initPackageManager``: ``import piplite.piplite``; ``initKernel``: ``import pyodide_kernel``),
then what the probe notebook of ``bench_lite.py`` does (``import horserace_nb``, a
``PlayWidget``; its comm goes nowhere), and prints each stage's seconds, wall clock and CPU
(Node's own, its compiler threads included: on a loaded machine the CPU figure is the one to
compare), median of ``--repeat`` runs, with the load average.

``--each`` loads the preloaded packages one at a time (dependencies first) to show what each
costs to unpack; the kernel loads them all at once, so the total is not the kernel's.

What it cannot show: the browser's share (the app that opens the notebook before the kernel's
worker starts, the WebAssembly compile, two threads sharing two cores): ``bench_lite.py``.

Run: .venv/bin/python tests/benchmarks/bench_lite_kernel.py --site DIR [--repeat N] [--each]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

STAGES_JS = r"""
const site = %(site)s, each = %(each)s;
const idx = site + "/static/pyodide/";
const fs = await import("node:fs");
const settings = JSON.parse(fs.readFileSync(site + "/jupyter-lite.json"))["jupyter-config-data"]
  .litePluginSettings["@jupyterlite/pyodide-kernel-extension:kernel"];
const preload = settings.loadPyodideOptions.packages;
const out = [];
let wall = performance.now(), cpu = process.cpuUsage();
const mark = (name) => {
  const now = performance.now(), used = process.cpuUsage(cpu);
  out.push([name, (now - wall) / 1000, (used.user + used.system) / 1e6]);
  wall = now; cpu = process.cpuUsage();
};
const { loadPyodide } = await import(idx + "pyodide.mjs");
mark("import pyodide.mjs");
const quiet = { stdout: () => {}, stderr: () => {} };
let py;
if (each) {
  py = await loadPyodide({ indexURL: idx, packages: [], ...quiet });
  mark("loadPyodide (no packages)");
  const lock = JSON.parse(fs.readFileSync(idx + "pyodide-lock.json")).packages;
  const key = (name) => name.toLowerCase().replace(/[-_.]+/g, "-");
  const seen = new Set(), order = [];
  const visit = (name) => {
    if (seen.has(name)) return;
    seen.add(name);
    for (const dep of lock[name].depends) visit(key(dep));
    order.push(name);
  };
  preload.forEach(visit);
  for (const name of order) {
    await py.loadPackage([name], { messageCallback: () => {} });
    mark("  unpack " + name);
  }
} else {
  py = await loadPyodide({ indexURL: idx, packages: [], ...quiet });
  mark("loadPyodide (no packages)");
  await py.loadPackage(preload, { messageCallback: () => {} });
  mark("loadPackage(preload list)");
}
const run = async (name, code) => {
  try { await py.runPythonAsync(code); } catch (err) {
    console.log(JSON.stringify({ error: name + ": " + String(err).slice(-600) }));
    process.exit(1);
  }
  mark(name);
};
await run("import piplite.piplite", "import piplite.piplite");
await run("import IPython (for pyodide_kernel)", "import IPython");
await run("import pyodide_kernel", "import pyodide_kernel");
await run("import horserace_nb", "import horserace_nb");
await run("import horserace_nb.widgets", "from horserace_nb.widgets import PlayWidget");
await run("PlayWidget(Game(...))",
  "import IPython\nIPython.get_ipython().send_comm = lambda *args: None\n" +
  "from horserace_nb import Game\nPlayWidget(Game(players=2, seed=2024), human=0)");
console.log(JSON.stringify({ stages: out }));
"""


def load() -> str:
    return " ".join(f"{x:.1f}" for x in os.getloadavg())


def one_run(node: str, site: Path, each: bool) -> list[tuple[str, float, float]]:
    with tempfile.TemporaryDirectory(prefix="bench-kernel-") as tmp:
        script = Path(tmp) / "stages.mjs"
        script.write_text(STAGES_JS % {"site": json.dumps(str(site)),
                                       "each": json.dumps(each)}, encoding="utf-8")
        done = subprocess.run([node, str(script)], capture_output=True, text=True, check=False,
                              stdin=subprocess.DEVNULL, timeout=600)
    lines = [line for line in done.stdout.splitlines() if line.startswith("{")]
    result = json.loads(lines[-1]) if lines else {"error": done.stderr[-600:]}
    if "error" in result:
        raise SystemExit(f"node failed: {result['error']}")
    return [(name, float(wall), float(cpu)) for name, wall, cpu in result["stages"]]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, required=True, help="a site built by "
                        "python -m horserace_nb.lite build (or bench_lite.py --keep)")
    parser.add_argument("--repeat", type=int, default=3, help="runs (median)")
    parser.add_argument("--each", action="store_true",
                        help="unpack the preloaded packages one at a time")
    args = parser.parse_args()
    node = shutil.which("node")
    if node is None:
        raise SystemExit("node (Node.js) was not found")
    site = args.site.resolve()
    print(f"site {site}, {os.cpu_count()} cores, load at start {load()}")
    runs = []
    for number in range(args.repeat):
        stages = one_run(node, site, args.each)
        runs.append(stages)
        print(f"  run {number + 1}: total {sum(s[1] for s in stages):5.2f} s wall, "
              f"{sum(s[2] for s in stages):5.2f} s CPU   load {load()}", flush=True)
    print(f"median of {args.repeat} (seconds):")
    print(f"  {'stage':<32} {'wall':>6} {'CPU':>6}")
    for index, (name, _, _) in enumerate(runs[0]):
        wall = statistics.median(run[index][1] for run in runs)
        cpu = statistics.median(run[index][2] for run in runs)
        print(f"  {name:<32} {wall:6.2f} {cpu:6.2f}")
    totals = [(sum(s[1] for s in run), sum(s[2] for s in run)) for run in runs]
    print(f"  {'total':<32} {statistics.median(t[0] for t in totals):6.2f} "
          f"{statistics.median(t[1] for t in totals):6.2f}")
    print(f"load average at end: {load()}")


if __name__ == "__main__":
    sys.exit(main())
