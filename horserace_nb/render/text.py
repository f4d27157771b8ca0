"""Line breaking for the text drawn in the pictures (SVG has no line breaking of its own).

Where a line may break depends on the script, as a reader of it expects:

- English (and any text of spaced words): between words only.
- Korean: between words (at spaces) only; Hangul syllables are letters of a word, never break
  points ("플레|이어" would split the word).
- Japanese (no spaces): at the boundary of a phrase: after 、。 and closing brackets, and after a
  run of hiragana (a particle or an ending) where something else begins. Never inside a katakana
  word (ー included), never inside a run of kanji ("一度", "合計"), never between a number and
  what follows it (its counter: "40点") nor before a number, and no line starts with closing
  punctuation (、。」）…) or a small kana.

A phrase longer than a whole line is cut at the nearest allowed point between wide characters
(kinsoku rules still apply); only a single unbreakable run wider than the line is cut anywhere.

>>> wrap("Counted contributions: 2 + 8 = 10.", 10, 100)
['Counted', 'contributions: 2', '+ 8 = 10.']
>>> wrap("플레이어 1 차례입니다", 14, 80)
['플레이어 1', '차례입니다']
>>> wrap("プレイヤー1の手番です。牌を選んでください。", 14, 200)
['プレイヤー1の手番です。牌を', '選んでください。']
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence

__all__ = ["wrap", "text_width", "atoms", "NO_START"]

NO_START = frozenset("、。，．：；）)]」』】〕！？!?・ー…‥"
                     "ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ々〻゛゜")
"""Characters that never begin a line (Japanese kinsoku: closing punctuation, small kana, the
long-vowel mark)."""
_NO_END = frozenset("(（[「『【〔")
"""Characters that never end a line (opening brackets)."""
_CLOSE = frozenset("、。，．：；）」』】〕！？")
"""After these a Japanese line may always break."""


def _is_wide(c: str) -> bool:
    return unicodedata.east_asian_width(c) in "WF"


def text_width(text: str, size: float) -> float:
    """An estimate of the rendered width: wide (CJK) characters 1 em, others 0.6 em.

    >>> text_width("ab한", 10)
    22.0
    """
    wide = sum(1 for c in text if _is_wide(c))
    return size * (wide + 0.6 * (len(text) - wide))


def _kind(c: str) -> str:
    """The script class of *c* for line breaking."""
    o = ord(c)
    if 0x3041 <= o <= 0x309F:
        return "hira"
    if 0x30A0 <= o <= 0x30FF or 0x31F0 <= o <= 0x31FF or 0xFF66 <= o <= 0xFF9F:
        return "kata"  # katakana, ー and ・ included
    if 0x4E00 <= o <= 0x9FFF or 0x3400 <= o <= 0x4DBF or c in "々〆〇":
        return "kanji"
    if 0xAC00 <= o <= 0xD7A3 or 0x1100 <= o <= 0x11FF or 0x3130 <= o <= 0x318F:
        return "hangul"
    if c.isdigit():
        return "digit"
    if _is_wide(c):
        return "wide"  # CJK punctuation, full-width forms
    return "narrow"  # Latin letters, ASCII punctuation: parts of a spaced word


def _may_break(a: str, b: str, strict: bool) -> bool:
    """Whether a line may break between *a* and *b* (no space between them). *strict*: only at
    phrase boundaries; otherwise at any point the kinsoku rules allow (for an over-long phrase)."""
    if b in NO_START or a in _NO_END:
        return False
    ka, kb = _kind(a), _kind(b)
    if "hangul" in (ka, kb):
        return False  # Korean words break at spaces only
    if ka == "digit" or kb == "digit":
        return False  # a number stays with its counter and what leads to it
    if ka == "narrow" and kb == "narrow":
        return False  # a word of Latin letters
    if ka == "kata" and kb == "kata":
        return False  # a katakana word
    if a in _CLOSE:
        return True
    if strict:
        return ka == "hira" and kb != "hira"
    return ka != "narrow" or kb != "narrow"


def atoms(word: str, strict: bool = True) -> list[str]:
    """*word* (no spaces) cut at the points where a line may break.

    >>> atoms("手牌から牌を選んでください。")
    ['手牌から', '牌を', '選んでください。']
    >>> atoms("プレイヤー")
    ['プレイヤー']
    """
    out: list[str] = []
    current = ""
    for c in word:
        if current and _may_break(current[-1], c, strict):
            out.append(current)
            current = ""
        current += c
    out.append(current)
    return out


def _pieces(word: str, size: float, width: float) -> list[str]:
    """The phrases of *word*; one wider than *width* cut at the looser kinsoku points."""
    out: list[str] = []
    for phrase in atoms(word):
        if text_width(phrase, size) <= width:
            out.append(phrase)
            continue
        out.extend(atoms(phrase, strict=False))
    return out


def wrap(text: str, size: float, width: float, keep: Sequence[str] = ()) -> list[str]:
    """Greedy line breaking of *text* at font *size* into lines of at most *width* (estimated,
    :func:`text_width`) at the points the script allows; the spaces inside the *keep* phrases
    (e.g. "Bob 12") do not break. A single unbreakable piece wider than *width* gets a line of its
    own.

    >>> wrap("Bob 12 · Ann 7", 10, 50, keep=["Bob 12", "Ann 7"])
    ['Bob 12 ·', 'Ann 7']
    """
    for phrase in keep:
        text = text.replace(phrase, phrase.replace(" ", "\x00"))
    lines: list[str] = []
    line = ""
    for word in re.findall(r"[^ ]+ *", text):
        for atom in _pieces(word.replace("\x00", " "), size, width):
            if line and text_width((line + atom).rstrip(), size) > width:
                lines.append(line.rstrip())
                line = atom.lstrip()
            else:
                line += atom
    if line.strip():
        lines.append(line.rstrip())
    return lines or [""]
