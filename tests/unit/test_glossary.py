"""glossary.yaml: read with positioned errors, described for editors, and applied to text in any inflected form."""

from __future__ import annotations

import json

import pytest
import yaml
from jsonschema import Draft202012Validator

from chapter.glossary import GlossaryError, bandwidth_of_work, parse_glossary
from chapter.schema import schema_files
from tools.site import ROOT

MINIMAL = """\
terms:
  - id: cache
    term: {ru: кэш, en: cache}
    avoid: {ru: [кеш]}
    definition: {ru: Быстрая память, en: Fast memory}
  - id: checkpoint
    term: {ru: чекпоинт, en: checkpoint}
    avoid: {ru: [контрольная точка]}
    definition: {ru: Сохранённое состояние, en: Saved state}
  - id: trial
    term: {ru: испытание, en: trial}
    avoid: {ru: [trial]}
    definition: {ru: Один запуск, en: One run}
  - id: tflops
    term: {ru: ТФЛОПС, en: TFLOPS}
    avoid: {ru: [TFLOPS], en: [TFLOP/s]}
    definition: {ru: 10¹² операций в секунду, en: 10¹² operations per second}
latin: [leaf]
"""
SCHEMA = json.loads((ROOT / "glossary.schema.json").read_text(encoding="utf-8"))
VALIDATOR = Draft202012Validator(SCHEMA)


def _errors(text: str) -> list[str]:
    with pytest.raises(GlossaryError) as caught:
        parse_glossary(text)
    return str(caught.value).splitlines()


def _problems(text: str, lang: str = "ru") -> list[tuple[int, str]]:
    return parse_glossary(MINIMAL).problems([(7, text)], lang)


def test_the_committed_schema_is_the_one_the_records_write():
    """Generated from glossary.py like the other two: a field declared there reaches editors with `chapter schema`."""
    assert (ROOT / "glossary.schema.json").read_text(encoding="utf-8") == schema_files()["glossary.schema.json"]
    assert SCHEMA["$defs"]["term"]["required"] == ["id", "term", "definition"]


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Кеш аллокатора растёт.", "'Кеш'"),  # capital at the start of a sentence
        ("размер кеша", "'кеша'"),
        ("по кешированию", "'кешированию'"),
        ("две контрольные точки", "'контрольные точки'"),  # both words declined
        ("у контрольной\nточки", "'контрольной\nточки'"),
        ("81 trials", "'trials'"),
        ("все испытания (и trials тоже)", "'trials'"),  # parentheses, but Russian inside
        ("989 TFLOPS", "'TFLOPS'"),
    ],
)
def test_avoided_variants_are_found_in_any_form(text, found):
    assert [message.split(":")[0] for _, message in _problems(text)] == [found]


def test_the_message_names_the_line_the_term_and_the_glossary_entry():
    assert _problems("размер кеша") == [(7, "'кеша': write 'кэш' (glossary: cache), not 'кеш'")]


@pytest.mark.parametrize(
    "text",
    [
        "KV-кэш и кэш L2",  # the term itself
        "испытание (trial) — один запуск",  # the gloss that introduces a term
        "разброс по зёрнам (trial variance)",  # an English gloss of a phrase
        "мускешбо",  # inside another word
        "989 ТФЛОПС",
    ],
)
def test_the_term_itself_its_gloss_and_other_words_pass(text):
    assert _problems(text) == []


def test_each_language_has_its_own_variants():
    assert _problems("989 TFLOP/s", "en") == [(7, "'TFLOP/s': write 'TFLOPS' (glossary: tflops), not 'TFLOP/s'")]
    assert _problems("a cache of 989 TFLOPS", "en") == []


def test_yo_and_ye_are_the_same_letter():
    glossary = parse_glossary(MINIMAL.replace("[кеш]", "[свёртка]"))
    assert len(glossary.problems([(1, "поэлементная свертка")], "ru")) == 1
    assert len(glossary.problems([(1, "поэлементная свёртка")], "ru")) == 1


def test_latin_words_are_read_in_lower_case():
    assert parse_glossary(MINIMAL.replace("latin: [leaf]", "latin: [Leaf, Spine]")).latin == frozenset(
        {"leaf", "spine"}
    )


CASES = {
    "unknown key": (
        MINIMAL.replace("    avoid: {ru: [кеш]}\n", "    avoids: {ru: [кеш]}\n"),
        ["glossary.yaml:4:5: error CI010 terms[0]: unknown key 'avoids' — did you mean 'avoid'?"],
    ),
    "missing definition": (
        MINIMAL.replace("    definition: {ru: Быстрая память, en: Fast memory}\n", ""),
        ["glossary.yaml:2:5: error CI010 terms[0].definition: missing required key"],
    ),
    "missing translation": (
        MINIMAL.replace("term: {ru: кэш, en: cache}", "term: {ru: кэш}"),
        ["glossary.yaml:3:11: error CI010 terms[0].term.en: missing translation"],
    ),
    "bad id": (
        MINIMAL.replace("id: cache", "id: Cache"),
        [
            "glossary.yaml:2:9: error CI011 terms[0].id: 'Cache' is not a lower-case kebab-case identifier"
            " such as 'gpu-architecture' (letters a–z, digits, single hyphens)"
        ],
    ),
    "avoid as a list": (
        MINIMAL.replace("avoid: {ru: [кеш]}", "avoid: [кеш]"),
        [
            "glossary.yaml:4:12: error CI010 terms[0].avoid: expected a mapping of languages (ru, en)"
            " to lists of variants; found a list"
        ],
    ),
    "unknown language": (
        MINIMAL.replace("avoid: {ru: [кеш]}", "avoid: {ru: [кеш], de: [Cache]}"),
        ["glossary.yaml:4:24: error CI010 terms[0].avoid: unknown key 'de'; expected one of: ru, en"],
    ),
    "variant as text": (
        MINIMAL.replace("avoid: {ru: [кеш]}", "avoid: {ru: кеш}"),
        ["glossary.yaml:4:17: error CI010 terms[0].avoid.ru: expected a list; found text"],
    ),
    "no terms": ("latin: [leaf]\n", ["glossary.yaml:1:1: error CI010 terms: missing required key"]),
    "empty file": ("\n", ["glossary.yaml:1:1: error CI010 the file is empty; it must hold the terms of the chapter"]),
}
# The schema sees only shapes; these two need the loader.
LOADER_ONLY = {
    "duplicate id": (
        MINIMAL.replace("id: checkpoint", "id: cache"),
        ["glossary.yaml:6:9: error CI011 terms[1].id: duplicate term id 'cache'; each must be unique"],
    ),
    "variant that forbids its own term": (
        MINIMAL.replace("avoid: {ru: [кеш]}", "avoid: {ru: [кэша]}"),
        ["glossary.yaml:4:18: error CI011 terms[0].avoid.ru[0]: 'кэша' would also forbid the term itself, 'кэш'"],
    ),
}


@pytest.mark.parametrize(("text", "expected"), CASES.values(), ids=CASES.keys())
def test_mistakes_are_named_with_their_place_and_the_schema_refuses_them(text, expected):
    assert _errors(text) == expected
    assert not VALIDATOR.is_valid(yaml.safe_load(text))


@pytest.mark.parametrize(("text", "expected"), LOADER_ONLY.values(), ids=LOADER_ONLY.keys())
def test_mistakes_only_the_loader_sees(text, expected):
    assert _errors(text) == expected
    assert VALIDATOR.is_valid(yaml.safe_load(text))


PERF = MINIMAL.replace("avoid: {ru: [TFLOPS], en: [TFLOP/s]}", "avoid: {ru: [TFLOPS], en: [TFLOP/s, perf, the]}")


@pytest.mark.parametrize(
    "text",
    [
        "Performance is perfect in Perfetto.",
        "Run perftest there.",
        "They measured it.",
        "Other words: theory, breathe.",
    ],
    ids=["performance", "perftest", "they", "inside words"],
)
def test_english_variants_are_whole_words_not_prefixes(text):
    assert parse_glossary(PERF).problems([(3, text)], "en") == []


def test_an_english_variant_is_still_found_as_a_word():
    found = parse_glossary(PERF).problems([(3, "The perf of the kernel, as perf-tools say.")], "en")
    assert sorted(message.split(":")[0] for _, message in found) == ["'The'", "'perf'", "'perf'", "'the'"]


def test_russian_variants_are_still_found_in_any_inflected_form():
    found = parse_glossary(MINIMAL).problems([(5, "Промах кеша и данные в кешем.")], "ru")
    assert [message.split(":")[0] for _, message in found] == ["'кеша'", "'кешем'"]


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Владелец GPU видит суммарную пропускную способность в токенах в секунду.", True),
        ("Пропускная способность 1 200 токенов/с при батче 64.", True),
        ("`vllm bench serve` выдаёт пропускную способность в запросах в секунду.", True),
        (
            "Пропускная способность памяти 3,35 ТБ/с ограничивает декодирование.",
            False,
        ),  # bytes per second: the right term
        (
            "Пропускная способность сети ограничивает, сколько токенов в секунду даст кластер.",
            False,
        ),  # the network's, not the tokens'
        ("Производительность — 1 200 токенов/с.", False),
    ],
)
def test_work_per_second_is_not_called_bandwidth(text, found):
    problems = bandwidth_of_work([(7, text)])
    assert bool(problems) is found
    assert all(line == 7 and "«производительность» (glossary: throughput)" in message for line, message in problems)
