"""The classroom site: the tutorials in JupyterLite, running in the browser with nothing to install.

``python -m horserace_nb.lite build --output DIR`` writes a static site (JupyterLab and a Pyodide
Python kernel) holding the notebooks of ``notebooks/`` (never a learner's results or anything
outside it; only the project's own lessons trusted: :mod:`horserace_nb.lite.contents`), and
keeps the files a teacher added to DIR; ``import horserace_nb`` works in it as
it is, the widgets work, and at run time the site requests nothing outside itself. The build
needs the optional extra ``lite`` (``pip install 'horserace_nb[lite]'``) and ``npm``; what it
downloads (the Pyodide core from npm, pure-Python wheels from PyPI) is cached.

Nothing in the rules core, the renderer or the widgets imports this subpackage.
"""

from .build import (
    EXTRA_WHEELS,
    KERNEL_PLUGIN,
    KERNEL_PRELOAD,
    KERNEL_WHEELS,
    LOCK_ROOTS,
    PYODIDE_VERSION,
    LiteBuildError,
    SiteReport,
    build_site,
    default_cache_dir,
    kernel_settings,
    lock_closure,
    notebook_tree,
    patch_lock,
    site_notebook,
    wheel_entry,
)

__all__ = [
    "EXTRA_WHEELS", "KERNEL_PLUGIN", "KERNEL_PRELOAD", "KERNEL_WHEELS", "LOCK_ROOTS",
    "PYODIDE_VERSION", "LiteBuildError", "SiteReport", "build_site", "default_cache_dir",
    "kernel_settings", "lock_closure", "notebook_tree", "patch_lock", "site_notebook",
    "wheel_entry",
]
