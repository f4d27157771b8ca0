"""The message catalog: one file per language, every message in every language with the same
placeholders, Korean particles and plurals chosen by one function each."""

from __future__ import annotations

import json
import re
import string
from pathlib import Path

import pytest

from horserace_nb.core.errors import IllegalMove
from horserace_nb.core.tiles import FULL_SET, Side
from horserace_nb.words import i18n
from horserace_nb.words.i18n import (
    GRAMMAR,
    LANGS,
    LOCALES,
    MESSAGES,
    PLURAL_RULES,
    Catalog,
    catalog,
    label,
    particle,
    plural,
    side_name,
    t,
)
from horserace_nb.words.names import list_text

FIELDS = string.Formatter()
PACKAGE = Path(i18n.__file__).parent
SHIPPED = ("en", "ko", "ja")


def fields(text: str) -> dict[str, set[str]]:
    """Placeholder name → the format specs it is written with."""
    found: dict[str, set[str]] = {}
    for _, name, spec, _ in FIELDS.parse(text):
        if name is not None:
            found.setdefault(name, set()).add(spec or "")
    return found


def files() -> dict[str, dict[str, str]]:
    return {lang: json.loads((PACKAGE / "locales" / f"{lang}.json").read_text("utf-8"))
            for lang in LANGS}


# ------------------------------------------------------------------------------- the files

def test_one_file_per_language_in_a_stable_order() -> None:
    assert LANGS[:3] == SHIPPED
    assert sorted(LANGS) == sorted(p.name[:-5] for p in LOCALES.iterdir()
                                   if p.name.endswith(".json"))
    assert [label(lang) for lang in SHIPPED] == ["English", "한국어", "日本語"]


@pytest.mark.parametrize("lang", LANGS)
def test_files_are_sorted_flat_utf8_one_entry_a_line(lang: str) -> None:
    """What a translator edits: no escapes, no nesting, keys in order, one entry per line."""
    text = (PACKAGE / "locales" / f"{lang}.json").read_text("utf-8")
    data = json.loads(text)
    assert all(isinstance(v, str) for v in data.values())
    assert text == json.dumps(data, ensure_ascii=False, indent=2, sort_keys=True) + "\n"
    assert "\\u" not in text
    assert len(text.splitlines()) == len(data) + 2


def test_the_files_are_read_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Read on first use, then kept: a hundred messages later the files were read once."""
    reads: list[object] = []
    real = Catalog.from_directory.__func__  # type: ignore[attr-defined]

    def counting(cls: type[Catalog], directory: Path) -> Catalog:
        reads.append(directory)
        return real(cls, directory)  # type: ignore[no-any-return]

    monkeypatch.setattr(Catalog, "from_directory", classmethod(counting))
    catalog.cache_clear()
    for _ in range(20):
        for lang in LANGS:
            t("side.low", lang)
            t("score.points", lang, raw=5, display=1)
            assert MESSAGES["side.low"][lang]
    assert len(reads) == 1 and catalog() is catalog()


def test_adding_a_language_is_adding_a_file(tmp_path: Path) -> None:
    """A new xx.json joins after en, ko, ja; keys it lacks fall back to English."""
    for lang in SHIPPED:
        (tmp_path / f"{lang}.json").write_text(
            (PACKAGE / "locales" / f"{lang}.json").read_text("utf-8"), "utf-8")
    (tmp_path / "xx.json").write_text(json.dumps(
        {"_label": "Xish", "side.low": "xlow", "score.points": "{raw} xraw ({display} xpts)"}),
        "utf-8")
    (tmp_path / "notes.txt").write_text("not a language", "utf-8")
    cat = Catalog.from_directory(tmp_path)
    assert cat.langs == ("en", "ko", "ja", "xx")
    assert cat.label("xx") == "Xish"
    assert cat.t("side.low", "xx") == "xlow"
    assert cat.t("score.points", "xx", raw=10, display=2) == "10 xraw (2 xpts)"
    assert cat.t("side.high", "xx") == "high end"  # not yet translated: English
    assert dict(cat.entry("side.low")) == {"en": "low end", "ko": "낮은 끝", "ja": "目が少ない端",
                                           "xx": "xlow"}
    with pytest.raises(ValueError, match="en, ko, ja, xx"):
        cat.t("side.low", "fr")


@pytest.mark.parametrize("lang", LANGS)
def test_every_file_says_how_its_language_joins_and_counts(lang: str) -> None:
    """A language is one file: its name, plural rule, sentence joiner and list patterns are in
    it (GRAMMAR), not in code."""
    data = files()[lang]
    assert set(GRAMMAR) <= set(data), sorted(set(GRAMMAR) - set(data))
    assert data["_plural"] in PLURAL_RULES
    assert {n for _, n, _, _ in FIELDS.parse(data["_list_and"]) if n} == {"first", "last"}
    assert data["_sentence_joiner"] in (" ", "")


def test_a_new_file_without_grammar_entries_takes_englishs(tmp_path: Path) -> None:
    (tmp_path / "en.json").write_text((PACKAGE / "locales" / "en.json").read_text("utf-8"),
                                      "utf-8")
    (tmp_path / "xx.json").write_text('{"_label": "Xish"}', "utf-8")
    cat = Catalog.from_directory(tmp_path)
    assert cat.grammar("_list_and", "xx", first="A", last="B") == "A and B"
    assert cat.grammar("_sentence_joiner", "xx") == " "
    assert cat.plural_rule("xx")(1) == 0 and cat.plural_rule("xx")(2) == 1
    with pytest.raises(KeyError, match="not a grammar entry"):
        cat.grammar("side.low", "xx")


@pytest.mark.parametrize(("texts", "message"), [
    ({"en": '{"a": "{n:plural}"}'}, r"en\.json.*'a'"),
    ({"en": '{"a": "fine"'}, r"en\.json is not valid JSON"),
    ({"en": '{"a": "{x:을}"}', "ko": '["not", "an", "object"]'}, r"ko\.json must hold one object"),
    ({"en": "{}", "xx": '{"_plural": "two_forms"}'},
     r"xx\.json: _plural: 'two_forms' is not a plural rule"),
    ({"en": "{}", "xx": '{"_list_and": "{a} et {b}"}'},
     r"xx\.json: _list_and joins \{first\} and \{last\}"),
])
def test_a_broken_file_is_refused_with_its_name(tmp_path: Path, texts: dict[str, str],
                                                message: str) -> None:
    for lang, text in texts.items():
        (tmp_path / f"{lang}.json").write_text(text, "utf-8")
    with pytest.raises(ValueError, match=message):
        Catalog.from_directory(tmp_path)


# ------------------------------------------------------------------------------- parity

@pytest.mark.parametrize("key", sorted(MESSAGES))
def test_every_message_exists_in_every_language_with_the_same_placeholders(key: str) -> None:
    entry = MESSAGES[key]
    assert set(entry) == set(LANGS), f"{key}: languages {sorted(entry)}"
    assert all(entry[lang].strip() for lang in LANGS), f"{key}: an empty message"
    names = {lang: set(fields(entry[lang])) for lang in LANGS}
    assert all(names[lang] == names["en"] for lang in LANGS), f"{key}: {names}"


def test_every_file_has_every_key_and_a_label() -> None:
    keys = {lang: set(data) for lang, data in files().items()}
    assert all(keys[lang] == keys["en"] for lang in LANGS)
    assert "_label" in keys["en"]


def test_format_specs_are_particles_or_plurals_in_the_right_language() -> None:
    """Particles only in Korean, plural forms only where the language has them; every spec
    renders (the catalog refuses unknown specs when it loads)."""
    for key, entry in MESSAGES.items():
        for lang, text in entry.items():
            for name, specs in fields(text).items():
                for spec in specs - {""}:
                    if spec.startswith("plural:"):
                        assert lang not in ("ko", "ja"), f"{key} {lang}: {{{name}:{spec}}}"
                    else:
                        assert lang == "ko", f"{key} {lang}: {{{name}:{spec}}}"
                        assert particle("[1|1]", spec)


def test_korean_and_japanese_are_translated_not_copied() -> None:
    """A message with English words in it is translated (formats such as '{tile}: {value}'
    are the same everywhere and have no words)."""
    words = re.compile(r"[A-Za-z]{4,}")
    for key, entry in MESSAGES.items():
        english = words.findall(re.sub(r"\{[^}]*\}", "", entry["en"]))
        if not english:
            continue
        for lang in ("ko", "ja"):
            assert entry[lang] != entry["en"], f"{key} is not translated into {lang}"


BOTH_FORMS = re.compile(r"[을를이가은는과와아야]\([을를이가은는과와아야]\)|\(으\)로|\(이\)")


def test_no_particle_written_both_ways_anywhere_in_the_package() -> None:
    """Never 을(를), 이(가), 은(는), (으)로, 과(와): the particle is chosen (issue 12 item 9)."""
    offenders = []
    for path in PACKAGE.rglob("*"):
        if path.suffix in (".py", ".json", ".js", ".css", ".md", ".html") and path.is_file():
            for n, line in enumerate(path.read_text("utf-8").splitlines(), 1):
                if BOTH_FORMS.search(line):
                    offenders.append(f"{path.relative_to(PACKAGE)}:{n}: {line.strip()}")
    assert not offenders, "\n".join(offenders)


def test_rule_text_terms() -> None:
    """The rule texts' words: 눈값 for pips, 중립적인 추첨 / 公平なくじ for the lot,
    切り下げ / 切り上げ for the rounding, タロン glossed as タロン (山札) on the board."""
    assert "중립적인 추첨" in MESSAGES["play.lead_lot"]["ko"]
    assert "公平なくじ" in MESSAGES["play.lead_lot"]["ja"]
    assert "切り下げ" in MESSAGES["settle.rounding"]["ja"]
    assert "切り上げ" in MESSAGES["settle.rounding"]["ja"]
    assert "タロン (山札)" in t("render.boneyard", "ja", count=3)
    ko = " ".join(MESSAGES[k]["ko"] for k in MESSAGES)
    assert "제비" not in ko and "눈 합계" not in ko


def test_side_names_follow_the_glossary() -> None:
    """RULES.md's glossary: straight A / 직선 A / 直線側A, branch B / 갈래 B / 側枝B, …"""
    assert [side_name(s, "ko") for s in (Side.LOW, Side.HIGH, Side.STRAIGHT_A, Side.BRANCH_B)] \
        == ["낮은 끝", "높은 끝", "직선 A", "갈래 B"]
    assert [side_name(s, "ja") for s in (Side.LOW, Side.HIGH, Side.STRAIGHT_B, Side.BRANCH_A)] \
        == ["目が少ない端", "目が多い端", "直線側B", "側枝A"]


def test_unknown_language_and_key_are_refused_clearly() -> None:
    with pytest.raises(ValueError, match="en, ko, ja"):
        t("side.low", "fr")
    with pytest.raises(KeyError, match="no message"):
        t("no.such.key", "en")
    with pytest.raises(KeyError, match="no message"):
        t("_label", "en")
    with pytest.raises(KeyError):
        MESSAGES["_label"]


def test_every_turn_reason_has_its_sentence() -> None:
    """The replay widget says why a turn goes on or ends with the message "turn.<reason>"."""
    from horserace_nb.core.game import Reason

    reasons = [v for k, v in vars(Reason).items() if k.isupper()]
    assert reasons and all(f"turn.{r}" in MESSAGES for r in reasons)


# ------------------------------------------------------------------------------- particles

@pytest.mark.parametrize(("word", "form", "expected"), [
    # tiles: the last number as read (영 일 삼 육 칠 팔: consonant; 이 사 오 구: vowel)
    ("[3|3]", "을", "을"), ("[1|4]", "을", "를"), ("[0|0]", "이", "이"), ("[1|2]", "이", "가"),
    ("[5|6]", "은", "은"), ("[4|5]", "은", "는"), ("[1|1]", "과", "과"), ("[2|4]", "과", "와"),
    # 으로/로: ㄹ (일 칠 팔) and vowels take 로, other consonants 으로
    ("[2|1]", "로", "로"), ("[1|3]", "로", "으로"), ("[3|3]", "으로", "으로"),
    ("[0|6]", "로", "으로"), ("[2|2]", "로", "로"), ("[0|0]", "로", "으로"),
    # numbers: the last digit, or the unit of a round number (십 백 천 만)
    (7, "이", "이"), (8, "로", "로"), (9, "이", "가"), (10, "을", "을"), (15, "를", "를"),
    (20, "로", "으로"), (100, "이", "이"), (305, "이", "가"), (61, "은", "은"),
    ("1,000", "이", "이"), (0, "이", "이"), ("2.5", "이", "가"),
    # Hangul: the final consonant of the last syllable, ㄹ for 로
    ("서울", "로", "로"), ("집", "로", "으로"), ("바다", "로", "로"), ("낮은 끝", "은", "은"),
    ("1번 자리", "이", "가"), ("경마", "을", "를"), ("1번 자리·3번 자리", "이", "가"),
    ("갈래 B", "은", "는"), ("직선 A", "이", "가"), ("5조", "와", "와"), ("시작 (나)", "이", "이"),
    # a gloss in round brackets is not read: the particle follows the word before it (KO-D02)
    ("서연(컴퓨터)", "이", "이"), ("서연 (컴퓨터)", "이", "이"), ("민준(나)", "을", "을"),
    ("1번 플레이어(컴퓨터)", "이", "가"), ("지우(사람)", "은", "는"), ("(나)", "이", "가"),
    ("서연（컴퓨터）", "이", "이"),
    # Latin letters spelled out; Latin names as written in Korean
    ("L", "로", "로"), ("M", "이", "이"), ("N", "을", "을"), ("A", "을", "를"), ("AI", "이", "가"),
    ("Paul", "로", "로"), ("Tom", "이", "이"), ("Bob", "은", "은"), ("Alice", "이", "가"),
    ("Mark", "를", "를"), ("“Next”", "을", "를"),
    # copula and other pairs
    ("[1|3]", "이다", "이다"), ("[1|2]", "이다", "다"), ("5", "이에요", "예요"),
    ("3", "이나", "이나"), ("2", "이랑", "랑"), ("6", "아", "아"),
])
def test_particle_follows_the_final_sound_as_read(word: object, form: str, expected: str) -> None:
    assert particle(word, form) == expected
    pair = next(p for p in i18n._PAIRS if form in p)  # either form of the pair, or "a/b"
    assert {particle(word, f) for f in (*pair, "/".join(pair))} == {expected}


def test_every_tile_takes_the_particle_of_its_high_number() -> None:
    vowel = {2, 4, 5}  # 이 사 오
    for tile in FULL_SET:
        assert particle(tile, "을") == ("를" if tile.high in vowel else "을"), tile
        assert particle(tile, "로") == ("으로" if tile.high in (0, 3, 6) else "로"), tile


def test_particle_refuses_an_unknown_form() -> None:
    with pytest.raises(ValueError, match="not a Korean particle"):
        particle("[1|1]", "의")


def test_korean_sentences_read_with_the_right_particles() -> None:
    low, b = side_name("low", "ko"), side_name("straight_b", "ko")
    assert t("play.ev_placed", "ko", name="1번 자리", tile="[3|3]", on="[1|3]", side=b) \
        == "1번 자리가 [3|3]을 [1|3]의 직선 B에 놓았습니다."
    assert t("play.ev_placed", "ko", name="3번 자리", tile="[1|4]", on="[4|4]", side=low) \
        == "3번 자리가 [1|4]를 [4|4]의 낮은 끝에 놓았습니다."
    assert t("bots.open", "ko", tile="[2|1]") == "[2|1]로 시작합니다."
    assert t("bots.open", "ko", tile="[1|3]") == "[1|3]으로 시작합니다."
    assert t("bots.open", "ko", tile="[3|3]") == "[3|3]으로 시작합니다."
    assert t("error.taken", "ko", on="[4|4]", side=b) \
        == "[4|4]의 직선 B는 이미 채워져 있습니다 (R9)."
    assert t("play.ev_opened", "ko", name="Paul", tile="[5|5]") == "Paul이 [5|5]로 시작했습니다."


# ------------------------------------------------------------------------------- plurals

def test_one_point_is_singular_in_english_only() -> None:
    assert t("score.points", "en", raw=5, display=1) == "5 raw (1 point)"
    assert t("score.points", "en", raw=55, display=11) == "55 raw (11 points)"
    assert t("score.points", "en", raw=0, display=0) == "0 raw (0 points)"
    assert t("score.points", "ko", raw=5, display=1) == "원점수 5 (표시 점수 1점)"
    assert t("score.points", "ja", raw=5, display=1) == "換算前の得点5点 (表示得点1点)"


def test_english_counts_agree_with_their_nouns() -> None:
    assert t("render.boneyard", "en", count=1) == "Boneyard: 1 tile"
    assert t("render.boneyard", "en", count=14) == "Boneyard: 14 tiles"
    assert t("play.tile_fits", "en", tile="[1|1]", count=1).startswith("[1|1] fits in 1 place,")
    assert t("play.undone", "en", count=2, name="Seat 1", tile="[1|1]").startswith(
        "Took back 2 actions:")
    assert t("settle.pips", "en", name="Player 1", pips=1) == "Player 1 holds 1 pip."
    assert t("exercise.wrong_total", "en", ends=1).startswith("Not quite: there is 1 scoring end.")
    assert t("exercise.wrong_total", "en", ends=3).startswith("Not quite: there are 3 scoring")
    no_plural_words = re.compile(r"\b1 (points|tiles|actions|pips|sampled deals)\b")
    for key, entry in MESSAGES.items():
        params = {name: 1 for name in fields(entry["en"])}
        assert not no_plural_words.search(t(key, "en", **params)), key


@pytest.mark.parametrize(("count", "lang", "expected"), [
    (1, "en", "1 point"), (0, "en", "0 points"), (2, "en", "2 points"), (-1, "en", "-1 point"),
    ("1.5", "en", "1.5 points"), (1, "ko", "1 points"), (2, "ja", "2 points"),
])
def test_plural_picks_the_form_by_the_language_files_rule(count: object, lang: str,
                                                          expected: str) -> None:
    forms = ["# point", "# points"]
    assert plural(count, forms, lang) == expected


@pytest.mark.parametrize(("count", "rule", "expected"), [
    (0, "one_with_zero_other", "0 point"), (2, "one_with_zero_other", "2 points"),
    (21, "one_few_many", "21 point"), (22, "one_few_many", "22 points"),
    (5, "one_only_few_many", "5 points"), (1, "other", "1 points"),
])
def test_plural_rules_by_name(count: object, rule: str, expected: str) -> None:
    assert plural(count, ["# point", "# points"], rule=rule) == expected


def test_three_form_languages_use_their_three_forms() -> None:
    forms = ["# one", "# few", "# many"]
    assert [plural(n, forms, rule="one_few_many") for n in (1, 3, 5, 11, 21, 24)] == [
        "1 one", "3 few", "5 many", "11 many", "21 one", "24 few"]
    assert [plural(n, forms, rule="one_only_few_many") for n in (1, 2, 12, 22, 25)] == [
        "1 one", "2 few", "12 many", "22 few", "25 many"]


# ------------------------------------------------------------------------------- errors

def test_bad_side_names_the_valid_sides_in_each_language() -> None:
    for lang in SHIPPED:
        sides = list_text([side_name(s, lang) for s in Side], lang)
        text = t("error.bad_side", lang, side="left", sides=sides)
        assert "left" in text and side_name("branch_b", lang) in text
    assert t("error.bad_side", "en", side="left", sides="low end, high end") \
        == "'left' is not a connection point: use one of low end, high end (R10, R12)."


def test_bad_tile_reads_cleanly_for_an_out_of_range_tile() -> None:
    err = IllegalMove("error.bad_tile", rule="R1", text="[1|7]")
    assert str(err) == ("[1|7] is not a tile of the double-six set: each half shows a number "
                        "from 0 to 6; write it like [1|4] or 1-4 (R1).")
    assert err.localized("ko").startswith("[1|7]은 더블 식스 세트의 타일이 아닙니다.")
    assert err.localized("ja").startswith("[1|7] はダブルシックスのセットの牌ではありません。")
