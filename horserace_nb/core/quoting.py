"""Quoting what a user gave in an error message, briefly.

An error quotes the offending value so the reader sees what was wrong, but never in full: a
5 MB field must not become a 5 MB message.

>>> excerpt("[1|4]")
"'[1|4]'"
>>> excerpt("x" * 1000)
"'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…' (1000 characters)"
"""

from __future__ import annotations

__all__ = ["excerpt", "EXCERPT_CHARS"]

EXCERPT_CHARS = 40
"""How many characters of a long value an error message quotes."""


def excerpt(value: object, limit: int = EXCERPT_CHARS) -> str:
    """``repr(value)``, cut to about *limit* characters for long text, lists and dicts.

    Runs in time proportional to *limit*, not to the size of *value*, for text; containers are
    described by their type and length.
    """
    if isinstance(value, (str, bytes)):
        if len(value) <= limit:
            return repr(value)
        kind = "characters" if isinstance(value, str) else "bytes"
        return f"{repr(value[:limit])[:-1]}…{repr(value[:1])[-1]} ({len(value)} {kind})"
    if isinstance(value, (list, tuple, dict, set, frozenset)):
        if len(value) <= 8:
            text = repr(value)
            if len(text) <= limit * 2:
                return text
        return f"a {type(value).__name__} of {len(value)} items"
    text = repr(value)
    return text if len(text) <= limit * 2 else f"{text[:limit]}… ({type(value).__name__})"
