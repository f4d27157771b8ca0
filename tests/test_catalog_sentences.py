"""Every sentence a person reads is one whole catalog entry per language (issue 32).

Each entry of the catalog is rendered with sample values in en, ko and ja, and checked:

- **ends**: an entry is a *sentence* when its rendered English ends with a full stop, a question
  mark or an exclamation mark (a note in brackets such as "(R13)" may follow it), or when it is a
  refusal (``error.*``). Then its Korean ends with ``.``/``?``/``!`` and its Japanese with
  ``。``/``？``/``！`` (the same note may follow). The other entries are labels, buttons,
  titles, table cells and the lines that code joins with :func:`~horserace_nb.words.names.sentences`
  (which ends them with the language's ``_full_stop``); keys whose last part names a label
  (``…label…``) are labels whatever their English ends with. The rule is written down in
  ``horserace_nb/words/locales/README.md``.
- **particles**: no Korean entry writes a particle that depends on a value after that value as
  plain text (``{tile}을``: the catalog's ``{tile:을}`` chooses it), none writes both forms
  (``을(를)``), and every ``{x:을}`` follows the name shown, a bracketed tag included
  (``서연(컴퓨터)이``).
- **nesting**: a sentence put inside another (``t("exercise.right_why", why=t(...))``) does not say
  a sentence twice ("정답입니다. 정답입니다.").
- **no sentence built in code**: the package's text layers (words, teaching, render, sessions,
  widgets) never put a catalog text together with literal words or punctuation in an f-string,
  with ``+`` or with ``"sep".join`` (markup, spaces and symbols such as 🏆 are not words).
"""

from __future__ import annotations

import ast
import re
import string
import unicodedata
from collections.abc import Iterator
from pathlib import Path

import pytest

from horserace_nb.words.i18n import MESSAGES, t
from horserace_nb.words.names import sentences

PACKAGE = Path(__file__).resolve().parent.parent / "horserace_nb"
LANGS = ("en", "ko", "ja")
STOPS = {"en": (".", "?", "!"), "ko": (".", "?", "!"), "ja": ("。", "？", "！")}
_NOTE = re.compile(r"\s*[(（][^()（）]*[)）]$")  # a note after the sentence: " (R13, R15)"

# Sample values: a sentence where a placeholder carries one, a bracketed name where a name goes
# (so the particles are tried on the hardest case), numbers where counts go.
_SENTENCE_FIELDS = {"why", "hint", "reason", "error", "turn", "summary", "result", "text"}
_NUMBER_FIELDS = {
    "count", "n", "m", "raw", "display", "points", "score", "target", "stars", "max", "total",
    "step", "left", "length", "size", "number", "pips", "gain", "loss", "lost", "seed", "value",
    "free", "double", "doubles", "rounded", "played_sum", "decisions", "moves", "predictions",
    "page", "roll", "high", "low", "a", "b", "idle", "dealt", "drawn", "files", "lesson",
}
_NAME_FIELDS = {"name", "who", "choice", "partner", "team", "winners", "names", "payers",
                "chosen", "other", "others"}
_SAMPLE_SENTENCE = {"en": "This is a sample.", "ko": "예시 문장입니다.", "ja": "例の文です。"}
_SAMPLE_NAME = {"en": "Ann (computer)", "ko": "서연(컴퓨터)", "ja": "サヨ (コンピューター)"}


def _sample(field: str, lang: str) -> object:
    if field in _SENTENCE_FIELDS:
        return _SAMPLE_SENTENCE[lang]
    if field in _NUMBER_FIELDS:
        return 7
    if field in _NAME_FIELDS:
        return _SAMPLE_NAME[lang]
    if field in {"tile", "on", "anchor", "start", "end", "placed", "played", "wanted"}:
        return "[1|4]"
    return {"en": "sample", "ko": "예시", "ja": "例"}[lang]


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def render(key: str, lang: str, **given: object) -> str:
    """The entry *key* in *lang* with sample values (and *given* ones)."""
    fields = set().union(*(_fields(MESSAGES[key][code]) for code in MESSAGES[key]))
    return t(key, lang, **{f: given.get(f, _sample(f, lang)) for f in fields})


def ends_a_sentence(text: str, lang: str) -> bool:
    """Whether *text* ends with *lang*'s full stop (or ? !), a bracketed note allowed after it."""
    text = text.rstrip()
    if text.endswith(STOPS[lang]):
        return True
    before = _NOTE.sub("", text)
    return before != text and before.rstrip().endswith(STOPS[lang])


def is_label(key: str) -> bool:
    return "label" in key.rsplit(".", 1)[-1]


def is_sentence(key: str) -> bool:
    """The rule of the README: English ends a sentence, or the entry is a refusal."""
    if key.startswith("error."):
        return True
    return not is_label(key) and ends_a_sentence(render(key, "en"), "en")


KEYS = sorted(MESSAGES)
SENTENCES = [key for key in KEYS if is_sentence(key)]


def test_the_rule_finds_the_sentences_and_leaves_the_labels() -> None:
    assert "exercise.right_why" in SENTENCES and "error.branch_closed" in SENTENCES
    assert "replay.heading_placed" not in SENTENCES  # a heading
    assert "board.label_readonly" not in SENTENCES  # a label, though its English has a "."
    assert len(SENTENCES) > 400  # most of the catalog is sentences


@pytest.mark.parametrize("lang", LANGS)
def test_every_sentence_ends_with_the_full_stop_of_its_language(lang: str) -> None:
    missing = [f"{key}: {render(key, lang)!r}" for key in SENTENCES
               if not ends_a_sentence(render(key, lang), lang)]
    assert not missing, "\n".join(missing)


def test_japanese_sentences_use_japanese_punctuation() -> None:
    """No ASCII colon after Japanese text ("プレイヤー1: …") and no ASCII full stop."""
    wrong = []
    for key in KEYS:
        text = MESSAGES[key]["ja"]
        if re.search(r"[^\x00-\x7f][:;]|[^\x00-\x7f]\.(\s|$)", text):
            wrong.append(f"{key}: {text}")
    assert not wrong, "\n".join(wrong)


def test_refusals_are_whole_sentences_that_cite_the_same_rules_in_every_language() -> None:
    for key in (k for k in KEYS if k.startswith("error.")):
        cited = {lang: re.findall(r"R\d+", render(key, lang)) for lang in LANGS}
        assert cited["en"] and cited["ko"] == cited["en"] == cited["ja"], (key, cited)


# ------------------------------------------------------------------------------- particles

_VARYING = r"(이|가|을|를|은|는|과|와|으로|로|이나|나|이라|라|이다|이에요|예요|아|야)"


def test_no_korean_particle_after_a_value_is_written_as_plain_text() -> None:
    glued = re.compile(r"\}" + _VARYING + r"(?=[\s.,!?)”’]|$)")
    wrong = [f"{key}: {MESSAGES[key]['ko']}" for key in KEYS if glued.search(MESSAGES[key]["ko"])]
    assert not wrong, "write {value:을} so the catalog chooses the particle:\n" + "\n".join(wrong)


def test_no_korean_entry_writes_both_forms_of_a_particle() -> None:
    both = re.compile(r"을\(를\)|를\(을\)|이\(가\)|은\(는\)|과\(와\)|\(으\)로|\((이|을|은|과)\)")
    assert not [key for key in KEYS if both.search(MESSAGES[key]["ko"])]


def _particle_fields(text: str) -> Iterator[tuple[str, str]]:
    for _, name, spec, _ in string.Formatter().parse(text):
        if name and spec and not spec.startswith("plural:"):
            yield name, spec


def test_every_korean_particle_follows_the_name_shown_a_bracketed_tag_included() -> None:
    """A name with a tag, "서연(컴퓨터)", takes the particle of 서연 (consonant: 이, 을, 은 …);
    "지우(컴퓨터)" that of 지우 (vowel: 가, 를, 는 …) — never the one of the tag."""
    tried = 0
    for key in KEYS:
        text = MESSAGES[key]["ko"]
        for field, spec in _particle_fields(text):
            for name, after in (("서연(컴퓨터)", 0), ("지우 (사람)", 1), ("민준(나)", 0)):
                said = render(key, "ko", **{field: name})
                pair = next(p for p in _PAIRS if spec in p or spec == "/".join(p))
                assert name + pair[after] in said, (key, said)
                tried += 1
    assert tried > 100


_PAIRS = (("이", "가"), ("을", "를"), ("은", "는"), ("과", "와"), ("으로", "로"), ("이다", "다"),
          ("이에요", "예요"), ("이나", "나"), ("이라", "라"), ("이라고", "라고"), ("이랑", "랑"),
          ("으로서", "로서"), ("으로써", "로써"), ("아", "야"))


# ------------------------------------------------------------------------------- the code

TEXT_FUNCTIONS = {"t", "seat_name", "seat_names", "scoring_side", "scoring_sides", "side_name",
                  "point_name", "points_phrase", "list_text", "and_list", "sentences",
                  "team_name", "placement_heading", "target_label", "sum_line", "turn_line",
                  "localized"}
_MARKUP = re.compile(r"<[^>]*>|&[a-z]+;|&#\d+;")


def _name(call: ast.Call) -> str:
    f = call.func
    return f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""


def _words(literal: str) -> str:
    """What a literal adds to a text besides markup, spaces and symbols (🏆, ★)."""
    text = _MARKUP.sub("", literal)
    return "".join(c for c in text if not c.isspace() and unicodedata.category(c) != "So")


def glued_text(source: str) -> list[tuple[int, str]]:
    """The places in *source* where a catalog text is put together with literal text."""
    found: list[tuple[int, str]] = []
    tree = ast.parse(source)
    keys = {id(call.args[0]) for call in ast.walk(tree) if isinstance(call, ast.Call)
            and _name(call) == "t" and call.args}  # t(f"progress.lesson.{n}"): a key
    for function in ast.walk(tree):
        if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            continue
        texts = {node.targets[0].id for node in ast.walk(function)
                 if isinstance(node, ast.Assign) and len(node.targets) == 1
                 and isinstance(node.targets[0], ast.Name)
                 and any(isinstance(x, ast.Call) and _name(x) in TEXT_FUNCTIONS
                         for x in ast.walk(node.value))}

        def has_text(node: ast.AST, texts: set[str] = texts) -> bool:
            return any((isinstance(x, ast.Call) and _name(x) in TEXT_FUNCTIONS)
                       or (isinstance(x, ast.Name) and x.id in texts) for x in ast.walk(node))

        for node in ast.walk(function):
            if isinstance(node, ast.JoinedStr) and id(node) not in keys:
                literal = "".join(v.value for v in node.values if isinstance(v, ast.Constant)
                                  and isinstance(v.value, str))
                if _words(literal) and any(has_text(v.value) for v in node.values
                                           if isinstance(v, ast.FormattedValue)):
                    found.append((node.lineno, f"f-string adds {_words(literal)!r}"))
            elif isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
                sides = (node.left, node.right)
                if any(has_text(s) for s in sides) and any(
                        isinstance(s, ast.Constant) and isinstance(s.value, str)
                        and _words(s.value) for s in sides):
                    found.append((node.lineno, "+ adds literal text"))
            elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                  and node.func.attr == "join" and isinstance(node.func.value, ast.Constant)
                  and isinstance(node.func.value.value, str) and node.args
                  and node.func.value.value not in ("", "\n") and has_text(node.args[0])):
                found.append((node.lineno, f"joined with {node.func.value.value!r}"))
    return sorted(set(found))


def test_the_scan_finds_text_glued_in_code() -> None:
    """The scan would have found the replay's old step heading and its likes."""
    old_heading = (
        "def f(step, lang, who):\n"
        "    counter = t('replay.step', lang, step=step)\n"
        "    what = t('replay.passed', lang)\n"
        "    return f'{counter} — {who}: {what}'\n")
    assert glued_text(old_heading) == [(4, "f-string adds '—:'")]
    assert glued_text("def f(lang):\n    return t('a', lang) + '.'\n")
    assert glued_text("def f(lang):\n    return ' '.join(t(k, lang) for k in 'ab')\n")
    assert glued_text("def f(lang):\n    return f\"<b>{t('a', lang)}:</b>\"\n")
    assert not glued_text("def f(lang):\n    return f\"<b>{esc(t('a', lang))}</b> 🏆\"\n")
    assert not glued_text("def f(n, lang):\n    return t(f'progress.lesson.{n}', lang)\n")


@pytest.mark.parametrize("layer", ["words", "teaching", "render", "sessions", "widgets"])
def test_no_sentence_is_built_outside_the_catalog(layer: str) -> None:
    found = [f"{path.relative_to(PACKAGE)}:{line}: {what}"
             for path in sorted((PACKAGE / layer).glob("*.py"))
             for line, what in glued_text(path.read_text(encoding="utf-8"))]
    assert not found, "put the whole sentence in the catalog:\n" + "\n".join(found)


# ------------------------------------------------------------------------------- nesting

def _nested_calls() -> set[tuple[str, str, str]]:
    """(outer key, field, inner key) for every ``t("outer", …, field=t("inner", …))``."""
    out: set[tuple[str, str, str]] = set()
    for path in PACKAGE.rglob("*.py"):
        for call in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(call, ast.Call) and _name(call) == "t" and call.args
                    and isinstance(call.args[0], ast.Constant)):
                continue
            for keyword in call.keywords:
                inner = keyword.value
                if (isinstance(inner, ast.Call) and _name(inner) == "t" and inner.args
                        and isinstance(inner.args[0], ast.Constant) and keyword.arg):
                    out.add((str(call.args[0].value), keyword.arg, str(inner.args[0].value)))
    return out


NESTED = sorted(_nested_calls())


def test_the_nested_sentences_are_found() -> None:
    assert ("exercise.right_why", "why", "exercise.total.right") in NESTED


@pytest.mark.parametrize("lang", LANGS)
def test_a_sentence_inside_another_does_not_say_anything_twice(lang: str) -> None:
    """"정답입니다. 정답입니다. 끝 합계는 …" (KO-D01): no sentence is said twice in a row."""
    split = re.compile(r"(?<=[.?!。？！])\s*")
    for outer, field, inner in NESTED:
        said = render(outer, lang, **{field: render(inner, lang)})
        parts = [p for p in split.split(said) if p]
        assert all(a != b for a, b in zip(parts, parts[1:], strict=False)), (outer, inner, said)


def test_sentences_take_the_stop_and_the_joiner_from_the_catalog() -> None:
    assert sentences(["正解です。", "端の合計は10"], "ja") == "正解です。端の合計は10。"


def test_a_right_total_that_does_not_score_says_so() -> None:
    """KO-C29: "타일 놓기 가점은 원점수 0 (표시 점수 0점)입니다" becomes "득점하지 않습니다"."""
    from horserace_nb.core.layout import Layout
    from horserace_nb.teaching.exercises import check_total

    layout = Layout()
    layout.place("[1|2]")  # 2 + 1 = 3: no score (R15)
    ok, said = check_total(layout, 3, 0, "ko")
    assert ok and said == "정답입니다. 끝 합계는 2 + 1 = 3이므로 득점하지 않습니다 (R15)."
    assert check_total(layout, 3, 0, "ja")[1].endswith("得点はありません (R15)。")


def test_a_sum_of_one_end_is_not_written_as_an_equation() -> None:
    """KO-C19: an opening double's sum line reads "끝 합계 6: …", not "6 = 6: …"."""
    from horserace_nb.core.layout import Layout
    from horserace_nb.words.narration import sum_line

    layout = Layout()
    layout.place("[3|3]")
    assert sum_line(layout, "ko").startswith("끝 합계 6: ")
    assert sum_line(layout, "ja").startswith("端の合計 6：")
    layout.place("[3|5]", "[3|3]", "straight_a")
    assert " + " in sum_line(layout, "en")  # two counted ends: the equation stays
