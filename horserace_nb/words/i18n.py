"""The message catalog: every string a person sees, one data file per language.

The messages live in ``horserace_nb/words/locales/<lang>.json``: one flat JSON object per language,
message key → whole sentence, keys sorted, one entry per line, UTF-8 as written (a translator edits
it without Python). The entries whose keys start with ``_`` are not messages but facts about the
language (:data:`GRAMMAR`): ``"_label"`` its own name (``"한국어"``), ``"_plural"`` its plural rule
(a name in :data:`PLURAL_RULES`), ``"_sentence_joiner"``, ``"_list_separator"`` and
``"_list_and"`` how it joins sentences and lists (used by :mod:`horserace_nb.words.names`); no code
names a language to decide its grammar. Adding a language means adding one file: :data:`LANGS`
lists the files present (``en``, ``ko``, ``ja`` first, then the others in alphabetical order), and
a key missing from a new file falls back to English. The files are read once, the first time a
message is needed, and kept.

Messages are whole sentences with ``{name}`` placeholders, never pieces glued together (Korean
particles and Japanese word order make concatenation wrong). The Korean and Japanese vocabulary
follows the rule texts (RULES.md's glossary). Two placeholder formats do what concatenation cannot:

``{name:을}`` — a Korean particle chosen by the final sound of the value as it is read
    (:func:`particle`). Write either form of the pair (``{tile:을}`` or ``{tile:를}`` give the same
    result): 이/가, 을/를, 은/는, 과/와, 으로/로, 이다/다, 이에요/예요, 이나/나, 이라/라,
    이라고/라고, 이랑/랑, 으로서/로서, 으로써/로써, 아/야. The particle follows the value
    directly: ``"{seat:이} {tile:을} 놓았습니다"``.

``{name:plural:# point:# points}`` — the form for the count *name* (:func:`plural`); ``#`` stands
    for the number. Forms are listed in the language's order (English: one, other); a language
    without plural forms needs no spec at all (``{display}점``).

>>> t("side.branch_a", "ko")
'갈래 A'
>>> t("score.points", "en", raw=10, display=2)
'10 raw (2 points)'
>>> t("score.points", "en", raw=5, display=1)
'5 raw (1 point)'
>>> t("replay.placed", "ko", tile="[3|3]", on="[1|3]", side=side_name("high", "ko"))
'[3|3]을 [1|3]의 높은 끝에 놓습니다'
>>> t("play.ev_opened", "ko", name="1번 자리", tile="[2|1]")
'1번 자리가 [2|1]로 시작했습니다.'
"""

from __future__ import annotations

import functools
import json
import string
import sys
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from importlib import resources
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING

from ..core.tiles import Side

if TYPE_CHECKING:
    if sys.version_info >= (3, 11):
        from importlib.resources.abc import Traversable
    else:
        from importlib.abc import Traversable

__all__ = [
    "LANGS", "MESSAGES", "LOCALES", "GRAMMAR", "PLURAL_RULES", "Catalog", "catalog", "t",
    "grammar", "side_name", "check_lang", "label", "particle", "plural",
]

LOCALES: Traversable = resources.files(__package__ or "horserace_nb").joinpath("locales")
"""The package's folder of language files, ``<lang>.json``."""

_FIRST = ("en", "ko", "ja")
_LABEL, _PLURAL, _LIST_AND = "_label", "_plural", "_list_and"
_DEFAULT_RULE = "one_other"

GRAMMAR: tuple[str, ...] = ("_label", "_plural", "_sentence_joiner", "_full_stop",
                            "_list_separator", "_list_and", "_rules_page", "_word_break")
"""The entries of a language file that are not messages but facts about the language (their keys
start with ``_``): its own name, its plural rule (a name in :data:`PLURAL_RULES`), what joins two
sentences (``" "``, Japanese ``""``), what ends one (``"."``, ``"。"``), what separates list items (``", "``, ``"、"``) and how the
last two names of a list are joined (``"{first} and {last}"``, ``"{first:과} {last}"``), and the
rules page in the language, in the notebooks' folder (``"rules.ko.md"``; a language without one
links to English's), and where a line may break inside a text set in it (the CSS ``word-break``
of a table's headings and cells: ``"keep-all"`` for Korean, set between words; ``"normal"``)."""


def _order(langs: Iterable[str]) -> tuple[str, ...]:
    present = set(langs)
    return tuple(lang for lang in _FIRST if lang in present) + tuple(sorted(present - set(_FIRST)))


def _lang_files(directory: Traversable | Path) -> dict[str, Traversable | Path]:
    files: dict[str, Traversable | Path] = {}
    for entry in directory.iterdir():
        if entry.name.endswith(".json") and entry.is_file():
            files[entry.name[: -len(".json")]] = entry
    return files


LANGS: tuple[str, ...] = _order(_lang_files(LOCALES))
"""The languages with a file in :data:`LOCALES`: ``("en", "ko", "ja")`` and any added later."""


# ------------------------------------------------------------------------------- Korean particles

# Each pair: (form after a consonant, form after a vowel). 으로/로 also takes 로 after ㄹ.
_PAIRS: tuple[tuple[str, str], ...] = (
    ("이", "가"), ("을", "를"), ("은", "는"), ("과", "와"), ("으로", "로"), ("이다", "다"),
    ("이에요", "예요"), ("이나", "나"), ("이라", "라"), ("이라고", "라고"), ("이랑", "랑"),
    ("으로서", "로서"), ("으로써", "로써"), ("아", "야"),
)
_PAIR_OF: dict[str, tuple[str, str]] = {}
for _pair in _PAIRS:
    _PAIR_OF[_pair[0]] = _PAIR_OF[_pair[1]] = _PAIR_OF["/".join(_pair)] = _pair
del _pair

_VOWEL, _CONSONANT, _RIEUL = "vowel", "consonant", "rieul"
# Sino-Korean digits: 영 일 이 삼 사 오 육 칠 팔 구.
_DIGIT = (_CONSONANT, _RIEUL, _VOWEL, _CONSONANT, _VOWEL, _VOWEL, _CONSONANT, _RIEUL, _RIEUL,
          _VOWEL)
# Trailing zeros read as a unit: 십 백 천 만 … 억 … 조 … 경.
_UNIT = {1: _CONSONANT, 2: _CONSONANT, 3: _CONSONANT, 4: _CONSONANT, 8: _CONSONANT, 12: _VOWEL,
         16: _CONSONANT}
# Latin letters spelled out: 엘 ends in ㄹ, 엠 and 엔 in a consonant, every other name in a vowel
# (에이, 비, 씨, … 엑스, 와이, 제트).
_LETTER = {"l": _RIEUL, "m": _CONSONANT, "n": _CONSONANT}
_NOT_READ = " \t\n)]}>»」』】〉》\"'”’.,!?"


def _number_sound(digits: str, decimal: bool) -> str:
    if decimal:  # 2.50: digits after the point are read one by one (이 점 오 영)
        return _DIGIT[int(digits[-1])]
    stripped = digits.rstrip("0")
    if not stripped:
        return _CONSONANT  # 영
    zeros = len(digits) - len(stripped)
    if zeros == 0:
        return _DIGIT[int(digits[-1])]
    if zeros % 4:
        return _CONSONANT  # 십, 백, 천
    return _UNIT.get(zeros, _CONSONANT)


def _latin_sound(letters: str) -> str:
    if len(letters) == 1 or (letters.isupper() and len(letters) <= 4):
        return _LETTER.get(letters[-1].lower(), _VOWEL)  # spelled out: A 에이, L 엘, N 엔
    word = letters.lower()  # a word or name, read as Korean writes it: Bob 밥, Paul 폴, Mark 마크
    if word.endswith("l"):
        return _RIEUL
    if word.endswith(("m", "n", "ng", "b", "p", "ck")):
        return _CONSONANT
    return _VOWEL


_GLOSS = {")": "(", "）": "（"}


def _read_part(word: str) -> str:
    """The part of *word* whose last sound a particle follows: a closing gloss in round brackets
    after a word ("서연(컴퓨터)", "서연 (나)") is not read, so the particle follows the word before
    it (서연(컴퓨터)이, as Korean orthography attaches it); a value that is all bracket is read
    inside it ("(나)" → 나)."""
    text = word.rstrip()
    opening = _GLOSS.get(text[-1:])
    if opening is not None:
        start = text.rfind(opening)
        if start > 0 and text[:start].strip():
            return text[:start]
    return text


def _final_sound(word: str) -> str:
    text = _read_part(word).rstrip(_NOT_READ)
    if not text:
        return _VOWEL
    last = text[-1]
    if "\uac00" <= last <= "\ud7a3":  # a Hangul syllable: its final consonant (jongseong)
        final = (ord(last) - 0xAC00) % 28
        return _VOWEL if final == 0 else _RIEUL if final == 8 else _CONSONANT
    if last.isascii() and last.isdigit():
        start = len(text)
        while start > 0 and (text[start - 1].isdigit() or text[start - 1] == ","):
            start -= 1
        digits = text[start:].replace(",", "")
        return _number_sound(digits, start > 0 and text[start - 1] == ".")
    if last.isascii() and last.isalpha():
        start = len(text)
        while start > 0 and text[start - 1].isascii() and text[start - 1].isalpha():
            start -= 1
        return _latin_sound(text[start:])
    return _VOWEL


def particle(word: object, form: str) -> str:
    """The Korean particle *form* (either member of its pair) that follows *word* as it is read.

    The final sound decides: a Hangul syllable by its final consonant; a number by its last
    digit read in Sino-Korean (영 일 삼 육 칠 팔 end in a consonant, 일 칠 팔 in ㄹ; 이 사 오 구
    in a vowel), round numbers by their unit (10 십, 100 백); a tile ``[a|b]`` by its last
    number; Latin capitals spelled out (A 에이, L 엘, M 엠); a Latin word or name as Korean
    writes it: ending in l → ㄹ (Paul 폴), in m, n, ng, b, p or ck → a consonant (Tom, Bob, Jack),
    otherwise a vowel (Alice, Mark 마크, Peter). A gloss in round brackets after a word is not
    read: the particle follows the word before it ("서연(컴퓨터)이", "민준(나)이"); closing
    square brackets and quotes are not read either; anything else reads as a vowel. 으로 is used after a consonant except ㄹ (서울로, 집으로).

    >>> [w + particle(w, "이") for w in ("선수 1", "선수 2", "1번 자리", "직선 A", "Paul")]
    ['선수 1이', '선수 2가', '1번 자리가', '직선 A가', 'Paul이']
    >>> [w + particle(w, "을") for w in ("[3|3]", "[1|4]", "[0|0]", "[2|5]", "10", "낮은 끝")]
    ['[3|3]을', '[1|4]를', '[0|0]을', '[2|5]를', '10을', '낮은 끝을']
    >>> [w + particle(w, "로") for w in ("[2|1]", "[1|3]", "[4|4]", "서울", "집", "바다")]
    ['[2|1]로', '[1|3]으로', '[4|4]로', '서울로', '집으로', '바다로']
    >>> [w + particle(w, "이") for w in ("서연(컴퓨터)", "민준 (나)", "1번 플레이어(컴퓨터)")]
    ['서연(컴퓨터)이', '민준 (나)이', '1번 플레이어(컴퓨터)가']

    :raises ValueError: if *form* is not a particle this function knows.
    """
    try:
        after_consonant, after_vowel = _PAIR_OF[form]
    except KeyError:
        known = ", ".join("/".join(pair) for pair in _PAIRS)
        raise ValueError(f"{form!r} is not a Korean particle; use one of {known}") from None
    sound = _final_sound(str(word))
    if sound == _VOWEL or (sound == _RIEUL and after_consonant.startswith("으로")):
        return after_vowel
    return after_consonant


# ------------------------------------------------------------------------------- plural forms

def _one_other(n: int) -> int:
    return 0 if n == 1 else 1


def _one_with_zero_other(n: int) -> int:
    return 0 if n in (0, 1) else 1


def _one_few_many(n: int) -> int:  # 1, 21, 31 …; 2–4, 22–24 …; the rest
    if n % 10 == 1 and n % 100 != 11:
        return 0
    return 1 if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14 else 2


def _one_only_few_many(n: int) -> int:  # 1; 2–4, 22–24 …; the rest (21 is "many")
    if n == 1:
        return 0
    return 1 if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14 else 2


def _other(n: int) -> int:  # only "other": the last form
    return sys.maxsize


PLURAL_RULES: Mapping[str, Callable[[int], int]] = MappingProxyType({
    "one_other": _one_other, "one_with_zero_other": _one_with_zero_other,
    "one_few_many": _one_few_many, "one_only_few_many": _one_only_few_many, "other": _other,
})
"""The plural rules a language file names in its ``"_plural"`` entry: rule name → the index of
the form a count takes. ``one_other`` (English, German: 1 | the rest; the default),
``one_with_zero_other`` (French, Portuguese: 0 and 1 | the rest), ``one_few_many`` (Russian,
Ukrainian: 1, 21 … | 2–4, 22–24 … | the rest), ``one_only_few_many`` (Polish: 1 | 2–4, 22–24 … |
the rest), ``other`` (Korean, Japanese, Chinese: one form)."""


def plural(count: object, forms: Sequence[str], lang: str = "en", *,
           rule: str | None = None) -> str:
    """The form of *forms* that goes with *count* in *lang* (by its file's ``"_plural"`` rule,
    or by the :data:`PLURAL_RULES` name *rule*), its ``#`` replaced by the count.

    *forms* are in the rule's order (English: one, other). A count that is not a whole number
    takes the last form.

    >>> [plural(n, ["# point", "# points"]) for n in (0, 1, 2, 11)]
    ['0 points', '1 point', '2 points', '11 points']
    >>> plural(3, ["#점"], "ko")
    '3점'
    >>> plural(0, ["# point", "# points"], rule="one_with_zero_other")
    '0 point'
    """
    return _plural(count, forms, catalog().plural_rule(lang) if rule is None else _rule(rule))


def _rule(name: str) -> Callable[[int], int]:
    try:
        return PLURAL_RULES[name]
    except KeyError:
        raise ValueError(f"{name!r} is not a plural rule; use one of "
                         f"{', '.join(PLURAL_RULES)}") from None


def _plural(count: object, forms: Sequence[str], rule: Callable[[int], int]) -> str:
    if not forms:
        raise ValueError("plural needs at least one form")
    try:
        n = int(str(count))
    except ValueError:
        index = len(forms) - 1
    else:
        index = min(rule(abs(n)), len(forms) - 1)
    return forms[index].replace("#", str(count))


# ------------------------------------------------------------------------------- formatting

_Part = tuple[str, str | None, str | None, str | None]  # literal, field, spec, conversion
_CONVERT: dict[str, Callable[[object], str]] = {"r": repr, "s": str, "a": ascii}


def _compile(text: str) -> tuple[_Part, ...] | None:
    """The pieces of a template that uses a particle or plural spec (None: plain ``format``).

    :raises ValueError: for a spec that is neither, or such a field that is not a plain name.
    """
    parts = tuple(string.Formatter().parse(text))
    if not any(name is not None and spec for _, name, spec, _ in parts):
        return None
    for _, name, spec, _ in parts:
        if name is None or not spec:
            continue
        if not (spec in _PAIR_OF or (spec.startswith("plural:") and all(spec.split(":")[1:]))):
            raise ValueError(f"{{{name}:{spec}}} is neither a Korean particle nor a plural")
    for _, name, _, _ in parts:
        if name is not None and not name.isidentifier():
            raise ValueError(f"{{{name}}}: a message with particles or plurals names its fields")
    return parts


def _render(parts: tuple[_Part, ...], rule: Callable[[int], int],
            params: Mapping[str, object]) -> str:
    out: list[str] = []
    for literal, name, spec, conversion in parts:
        out.append(literal)
        if name is None:
            continue
        value = params[name]
        if conversion:
            value = _CONVERT[conversion](value)
        if not spec:
            out.append(format(value, ""))
        elif spec.startswith("plural:"):
            out.append(_plural(value, spec.split(":")[1:], rule))
        else:
            text = format(value, "")
            out.append(text + particle(text, spec))
    return "".join(out)


class Catalog:
    """The messages of every language, read from one folder of ``<lang>.json`` files.

    The package's catalog is :func:`catalog`; build another with :meth:`from_directory` (a
    translator trying a new file, a test).
    """

    def __init__(self, messages: Mapping[str, Mapping[str, str]]) -> None:
        if "en" not in messages:
            raise ValueError("a catalog needs en.json: English is every message's fallback")
        self.langs: tuple[str, ...] = _order(messages)
        self._messages = {lang: dict(messages[lang]) for lang in self.langs}
        self._compiled: dict[tuple[str, str], tuple[_Part, ...]] = {}
        for lang, entries in self._messages.items():
            for key, text in entries.items():
                if not isinstance(text, str):
                    raise ValueError(f"{lang}.json: the message {key!r} is not a string")
                try:
                    parts = _compile(text)
                except ValueError as exc:
                    raise ValueError(f"{lang}.json: the message {key!r}: {exc}") from None
                if parts is not None:
                    self._compiled[lang, key] = parts
        self._rules: dict[str, Callable[[int], int]] = {}
        for lang, entries in self._messages.items():
            name = entries.get(_PLURAL, self._messages["en"].get(_PLURAL, _DEFAULT_RULE))
            try:
                self._rules[lang] = _rule(name)
            except ValueError as exc:
                raise ValueError(f"{lang}.json: {_PLURAL}: {exc}") from None
            pattern = entries.get(_LIST_AND)
            if pattern is not None and {n for _, n, _, _ in string.Formatter().parse(pattern)
                                        if n is not None} != {"first", "last"}:
                raise ValueError(f"{lang}.json: {_LIST_AND} joins {{first}} and {{last}}, not "
                                 f"{pattern!r}")
        self._keys = sorted({k for m in self._messages.values() for k in m if not k.startswith("_")})

    @classmethod
    def from_directory(cls, directory: Traversable | Path) -> Catalog:
        """Read every ``<lang>.json`` in *directory*.

        :raises ValueError: if a file is not a JSON object of strings, or en.json is missing.
        """
        messages: dict[str, dict[str, str]] = {}
        for lang, file in _lang_files(directory).items():
            try:
                data = json.loads(file.read_text(encoding="utf-8"))
            except json.JSONDecodeError as exc:
                raise ValueError(f"{lang}.json is not valid JSON: {exc}") from None
            if not isinstance(data, dict):
                raise ValueError(f"{lang}.json must hold one object: message key → text")
            messages[lang] = data
        return cls(messages)

    def keys(self) -> list[str]:
        """Every message key of every language (sorted), without the :data:`GRAMMAR` entries."""
        return list(self._keys)

    def entry(self, key: str) -> Mapping[str, str]:
        """The template of *key* in each language that has it."""
        return MappingProxyType({lang: m[key] for lang, m in self._messages.items() if key in m})

    def label(self, lang: str) -> str:
        """The language's own name (its ``_label``; the code if the file has none)."""
        return self._messages[self.check_lang(lang)].get(_LABEL, lang)

    def plural_rule(self, lang: str) -> Callable[[int], int]:
        """The plural rule of *lang* (its ``_plural``, else English's): count → form index."""
        return self._rules[self.check_lang(lang)]

    def grammar(self, entry: str, lang: str, /, **params: object) -> str:
        """One of *lang*'s grammar entries (:data:`GRAMMAR`; English's if the file lacks it),
        its placeholders filled.

        :raises KeyError: for an entry that is not a grammar entry or that English lacks.
        """
        if entry not in GRAMMAR:
            raise KeyError(f"{entry!r} is not a grammar entry; they are {', '.join(GRAMMAR)}")
        text = self._messages[self.check_lang(lang)].get(entry)
        if text is None:
            text, lang = self._messages["en"].get(entry), "en"
            if text is None:
                raise KeyError(f"no grammar entry {entry!r} in en.json")
        if not params:
            return text
        parts = self._compiled.get((lang, entry))
        return text.format(**params) if parts is None else _render(parts, self._rules[lang],
                                                                   params)

    def check_lang(self, lang: str) -> str:
        """Return *lang* if this catalog has it.

        :raises ValueError: otherwise.
        """
        if lang not in self._messages:
            raise ValueError(
                f"language {lang!r} is not available; use one of {', '.join(self.langs)}"
            )
        return lang

    def t(self, key: str, lang: str = "en", /, **params: object) -> str:
        """The message *key* in *lang* (English if *lang*'s file lacks it), placeholders filled."""
        text = None if key.startswith("_") else self._messages[self.check_lang(lang)].get(key)
        if text is None:
            text, lang = self._messages["en"].get(key), "en"
            if text is None or key.startswith("_"):
                raise KeyError(f"no message {key!r} in the catalog")
        parts = self._compiled.get((lang, key))
        return text.format(**params) if parts is None else _render(parts, self._rules[lang],
                                                                   params)


@functools.cache
def catalog() -> Catalog:
    """The package's catalog, read from :data:`LOCALES` on first use and kept."""
    return Catalog.from_directory(LOCALES)


class _Messages(Mapping[str, Mapping[str, str]]):
    """A read-only view: message key → {lang: template}, read from the files when first used."""

    def __getitem__(self, key: str) -> Mapping[str, str]:
        entry = catalog().entry(key)
        if not entry or key.startswith("_"):
            raise KeyError(key)
        return entry

    def __iter__(self) -> Iterator[str]:
        return iter(catalog().keys())

    def __len__(self) -> int:
        return len(catalog().keys())


MESSAGES: Mapping[str, Mapping[str, str]] = _Messages()
"""Every message key → its template in each language (read-only)."""


def check_lang(lang: str) -> str:
    """Return *lang* if it is one of :data:`LANGS`.

    :raises ValueError: otherwise.
    """
    if lang not in LANGS:
        raise ValueError(f"language {lang!r} is not available; use one of {', '.join(LANGS)}")
    return lang


def t(key: str, lang: str = "en", /, **params: object) -> str:
    """The message *key* in *lang*, with its ``{placeholders}`` filled from *params*."""
    return catalog().t(key, check_lang(lang), **params)


def grammar(entry: str, lang: str, /, **params: object) -> str:
    """One of *lang*'s :data:`GRAMMAR` entries: ``grammar("_sentence_joiner", "ja") == ""``.

    The words layer's :mod:`~horserace_nb.words.names` uses them to join sentences and lists.
    """
    return catalog().grammar(entry, check_lang(lang), **params)


def label(lang: str) -> str:
    """The name of *lang* in that language, for a language menu: ``label("ko") == "한국어"``."""
    return catalog().label(check_lang(lang))


def side_name(side: Side | str, lang: str = "en") -> str:
    """The name of a connection point in *lang* (glossary)."""
    return t(f"side.{Side.coerce(side).value}", lang)
