"""``python -m horserace_nb.serve [FOLDER]``: the classroom page for a class, from one Voilà server.

Run in the project's folder (after the README's first command has set up ``.venv``)::

    .venv/bin/python -m horserace_nb.serve

It starts Voilà serving ``notebooks/`` (*FOLDER*) on every address of this computer, so the
classroom network reaches it, with:

- **a key**: a token generated at every start (or ``--token``), without which every page is
  refused (the login page asks for it); the command prints the full address to hand out, the
  key in it (``…/voila/render/en/09_classroom.ipynb?token=…``), one per language;
- **at most** :data:`MAX_KERNELS` **kernels** (``--max-kernels``): each page runs one (about
  50 MB); the next page is answered with a sentence in its language (HTTP 503) and starts
  nothing (:class:`~horserace_nb.serve.kernels.ClassKernelManager`);
- **idle kernels culled**: a kernel no page is connected to (a bare request, a page closed
  without saying so) after :data:`IDLE_MINUTES` minutes without activity (``--idle-minutes``),
  the kernel of a page still open after :data:`OPEN_IDLE_MINUTES` (``--open-idle-minutes``),
  checked every minute (more often for shorter times).

``voila.json`` in the folder it is started from (the project's) is read as Voilà reads it: the
wait for a kernel's output and the kernels' Unix sockets. Any further Voilà option follows
``--`` (``-- --Voila.base_url=/class/``). Stop the server with Ctrl+C.
"""

from __future__ import annotations

import argparse
import math
import re
import secrets
import socket
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from traitlets import Unicode
from voila.app import Voila

from ..teaching.course import notebook
from ..words.i18n import LANGS, check_lang, label, t
from .kernels import ClassKernelManager

__all__ = ["MAX_KERNELS", "IDLE_MINUTES", "OPEN_IDLE_MINUTES", "PORT", "CLASS_PAGE",
           "new_token", "check_token", "class_urls", "voila_argv", "ClassVoila", "parser",
           "main"]

MAX_KERNELS = 40
"""The most kernels at once by default: a class of 30 with a few pages opened twice (about
2 GB of kernels)."""
IDLE_MINUTES = 5.0
"""Minutes without activity after which a kernel no page is connected to is culled."""
OPEN_IDLE_MINUTES = 30.0
"""Minutes without activity after which the kernel of a page still open is culled."""
CULL_INTERVAL = 60
"""Seconds between two checks for idle kernels (at most; shorter idle times check more
often)."""
PORT = 8866
"""Voilà's own port."""
CLASS_PAGE = notebook("classroom")
"""The classroom page, in each language's folder."""
TOKEN_LETTERS = "abcdefghjkmnpqrstuvwxyz23456789"
"""The letters of a generated key: lower case, none read as another (no 0/o, 1/l/i)."""
TOKEN_LENGTH = 12
"""A generated key's length: about 59 bits, typed in a few seconds."""
TEMPLATES = Path(__file__).with_name("templates")
"""This package's Voilà templates."""
_TOKEN = re.compile(r"[A-Za-z0-9_-]{8,64}")


def new_token() -> str:
    """A fresh key for the class's addresses (cryptographically random)."""
    return "".join(secrets.choice(TOKEN_LETTERS) for _ in range(TOKEN_LENGTH))


def check_token(text: str) -> str:
    """*text* as a key: 8 to 64 letters, digits, ``-`` or ``_`` (it goes in an address)."""
    if not _TOKEN.fullmatch(text):
        raise argparse.ArgumentTypeError(
            "the token is 8 to 64 letters, digits, '-' or '_' (it goes in the address)")
    return text


def _minutes(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not math.isfinite(value) or value <= 0 or value > 24 * 60:
        raise argparse.ArgumentTypeError(f"minutes above 0, at most a day, not {text[:40]!r}")
    return value


def _count(text: str) -> int:
    if not re.fullmatch(r"[0-9]{1,5}", text) or not 1 <= int(text) <= 10_000:
        raise argparse.ArgumentTypeError(f"a whole number from 1 to 10000, not {text[:40]!r}")
    return int(text)


def _port(text: str) -> int:
    if not re.fullmatch(r"[0-9]{1,5}", text) or not 1 <= int(text) <= 65535:
        raise argparse.ArgumentTypeError(f"a port from 1 to 65535, not {text[:40]!r}")
    return int(text)


def lan_address() -> str:
    """This computer's address on the network other devices reach it by (the one its route
    out goes through; nothing is sent), or its name."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("192.0.2.1", 9))  # a documentation address: no packet leaves
        return str(probe.getsockname()[0])
    except OSError:
        return socket.gethostname()
    finally:
        probe.close()


def class_urls(root: Path, host: str, port: int, token: str,
               base_url: str = "/") -> list[tuple[str, str]]:
    """``(lang, address)`` of the classroom page in every language *root* holds, the key in
    each."""
    if ":" in host and not host.startswith("["):
        host = f"[{host}]"  # an IPv6 address
    base = "/" + base_url.strip("/") + "/" if base_url.strip("/") else "/"
    return [(lang, f"http://{host}:{port}{base}voila/render/{lang}/{CLASS_PAGE}?token={token}")
            for lang in LANGS if (root / lang / CLASS_PAGE).is_file()]


def voila_argv(root: Path, *, ip: str, port: int, token: str, max_kernels: int,
               idle_minutes: float, open_idle_minutes: float, lang: str,
               extra: Sequence[str] = ()) -> list[str]:
    """The Voilà command line of the class server (see the module's text)."""
    idle = max(1, round(idle_minutes * 60))
    open_idle = max(1, round(open_idle_minutes * 60))
    manager = f"{ClassKernelManager.__module__}.{ClassKernelManager.__name__}"
    return [
        str(root), f"--Voila.ip={ip}", f"--Voila.port={port}", "--Voila.port_retries=0",
        f"--Voila.token={token}",
        f"--VoilaConfiguration.multi_kernel_manager_class={manager}",
        f"--ClassKernelManager.max_kernels={max_kernels}",
        f"--ClassKernelManager.open_idle_timeout={open_idle}",
        f"--MappingKernelManager.cull_idle_timeout={idle}",
        f"--MappingKernelManager.cull_interval={max(1, min(CULL_INTERVAL, idle // 2))}",
        "--MappingKernelManager.cull_connected=True",
        f"--ClassVoila.class_lang={lang}",
        *extra,
    ]


class ClassVoila(Voila):  # type: ignore[misc]
    """Voilà that, once it listens, prints the addresses to hand out (the key in them) where
    Voilà would open a browser."""

    class_lang = Unicode("en", help="The language of what the command prints.").tag(
        config=True)

    def initialize(self, argv: Any = None) -> None:
        super().initialize(argv)
        self.open_browser = True  # (no browser opens: the addresses are printed instead)

    def setup_template_dirs(self) -> None:
        """Voilà's templates, and before them this package's (the page of a full class,
        ``503.html``)."""
        super().setup_template_dirs()
        paths: list[str] = list(getattr(self, "template_paths", []))
        self.template_paths = [str(TEMPLATES), *paths]

    def launch_browser(self) -> None:
        lang = self.class_lang
        root = Path(self.root_dir)
        ip = str(self.ip)
        host = lan_address() if ip in ("", "0.0.0.0", "::") else ip
        manager: Any = self.kernel_manager
        urls = class_urls(root, host, int(self.port), str(self.token), str(self.base_url))
        lines = [t("serve.give", lang)]
        lines += [f"  {label(code)}: {url}" for code, url in urls]
        if not urls:
            lines.append("  " + t("serve.no_page", lang, page=CLASS_PAGE, folder=str(root)))
        lines.append(t("serve.limits", lang, max=manager.max_kernels,
                       idle=_shown_minutes(manager.cull_idle_timeout),
                       open=_shown_minutes(manager.open_idle_timeout)))
        lines.append(t("serve.stop", lang))
        print("\n".join(lines), flush=True)


def _shown_minutes(seconds: int) -> str:
    minutes = seconds / 60
    return str(round(minutes)) if minutes >= 10 or minutes == round(minutes) else \
        f"{minutes:.1f}".rstrip("0").rstrip(".")


def parser() -> argparse.ArgumentParser:
    main = argparse.ArgumentParser(
        prog="python -m horserace_nb.serve",
        description="The classroom page for a class from one Voilà server: every page behind "
                    "a key (printed in the address to hand out), a limit on kernels, idle "
                    "kernels closed in minutes.")
    main.add_argument("folder", nargs="?", type=Path, default=Path("notebooks"),
                      help="the notebooks' folder (default: notebooks, in the project's folder)")
    main.add_argument("--ip", default="0.0.0.0",
                      help="the address to listen on (default: 0.0.0.0, every address; "
                           "127.0.0.1: this computer only)")
    main.add_argument("--port", type=_port, default=PORT, help=f"the port (default: {PORT})")
    main.add_argument("--token", type=check_token,
                      help="the key of the addresses (default: a new one at every start)")
    main.add_argument("--max-kernels", type=_count, default=MAX_KERNELS, metavar="N",
                      help=f"the most pages (kernels) at once (default: {MAX_KERNELS})")
    main.add_argument("--idle-minutes", type=_minutes, default=IDLE_MINUTES, metavar="M",
                      help="close a kernel no page is connected to after M minutes without "
                           f"activity (default: {IDLE_MINUTES:g})")
    main.add_argument("--open-idle-minutes", type=_minutes, default=OPEN_IDLE_MINUTES,
                      metavar="M",
                      help="close the kernel of a page still open after M minutes without "
                           f"activity (default: {OPEN_IDLE_MINUTES:g})")
    main.add_argument("--lang", type=str, default="en", choices=list(LANGS),
                      help="the language of what this command prints (default: en)")
    main.epilog = "Further Voilà options follow --: ... -- --Voila.base_url=/class/"
    return main


def main(argv: Sequence[str] | None = None) -> int:
    given = list(sys.argv[1:] if argv is None else argv)
    ours, extra = ((given[:given.index("--")], given[given.index("--") + 1:])
                   if "--" in given else (given, []))
    args = parser().parse_args(ours)
    root: Path = args.folder
    if not root.is_dir():
        parser().error(f"folder: no such folder: {str(root)[:200]} (run the command in the "
                       "project's folder, or name the notebooks' folder)")
    lang = check_lang(args.lang)
    token = args.token or new_token()
    ClassVoila.launch_instance(voila_argv(
        root, ip=args.ip, port=args.port, token=token, max_kernels=args.max_kernels,
        idle_minutes=args.idle_minutes, open_idle_minutes=args.open_idle_minutes, lang=lang,
        extra=extra))
    return 0


if __name__ == "__main__":
    sys.exit(main())
