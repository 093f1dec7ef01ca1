"""The calculators and the glossary as the chapter's real data shapes them.

The calculators offer the accelerators of the real facts.yaml and reproduce their articles' own tables; the glossary
loads, names its schema and defines every term in both languages. Content, not units: an edit to the data may
change them.
"""

from __future__ import annotations

import json

import pytest
import yaml
from jsonschema import Draft202012Validator

from chapter.calculator_pages import calculator_problems, view
from chapter.calculators import CALCULATORS, INFERENCE_MEMORY, TRAINING_MEMORY, Field
from chapter.facts import load_registry
from chapter.figure_safety import figure_safety
from chapter.figures import figure_sources
from chapter.glossary import load_glossary
from tools.site import ROOT

VALIDATOR = Draft202012Validator(json.loads((ROOT / "glossary.schema.json").read_text(encoding="utf-8")))


def test_every_calculator_has_its_strings_and_sane_defaults():
    registry = load_registry(ROOT / "facts.yaml")[0]
    for calculator in CALCULATORS.values():
        for lang in ("ru", "en"):
            assert view(calculator, lang, registry).leaves_out
        for field in calculator.fields:
            if isinstance(field, Field):
                assert (
                    field.low < field.default if field.low_open else field.low <= field.default
                ) and field.default <= field.high
        assert calculator_problems(calculator, registry) == []


@pytest.mark.parametrize(
    ("lang", "verdicts"), [("ru", ("помещается", "не помещается")), ("en", ("fits", "does not fit"))]
)
def test_the_inference_table_says_in_words_whether_each_case_fits(lang, verdicts):
    """Qwen3-8B fits an H100 at batch 64, not at 256 (the article's own table); 70B in BF16 does not fit an H200."""
    registry = load_registry(ROOT / "facts.yaml")[0]
    shown = view(INFERENCE_MEMORY, lang, registry)
    assert [row[-1] for row in shown.rows] == [verdicts[0], verdicts[1], verdicts[0], verdicts[1], verdicts[0]]
    results = {result.name: result for result in shown.results}
    assert results["fits"].value == verdicts[0] and (results["fits"].yes, results["fits"].no) == verdicts
    assert results["kv_token"].value == "144\u00a0" + {"ru": "КиБ", "en": "KiB"}[lang]  # 2 · 36 · 8 · 128 · 2 bytes
    assert (
        INFERENCE_MEMORY.compute(INFERENCE_MEMORY.defaults | {"hbm": 81559 * 2**20})["capacity"] == 410757
    )  # the article's output


def test_a_count_is_whole_and_says_so():
    fields = {field.name: field for field in view(INFERENCE_MEMORY, "en", load_registry(ROOT / "facts.yaml")[0]).fields}
    assert fields["layers"].whole == "true" and fields["layers"].message == "Enter a whole number from 1 to 1,000."
    assert fields["params"].whole == "false" and fields["params"].scale == "1000000000.0"


@pytest.mark.parametrize(("lang", "on", "off"), [("ru", "да", "нет"), ("en", "on", "off")])
def test_a_switch_is_a_checkbox_and_the_table_says_on_or_off(lang, on, off):
    """The article's worked example: 7B on 8 GPUs needs 112 GB of states with plain DDP and 38.5 GB with ZeRO-1."""
    shown = view(TRAINING_MEMORY, lang, load_registry(ROOT / "facts.yaml")[0])
    switches = {field.name: field for field in shown.fields if field.switch}
    assert set(switches) == {"recompute", "fused"} and switches["fused"].checked and not switches["recompute"].checked
    assert [row[:4] for row in shown.rows[:2]] == [("0", "1", off, on), ("1", "1", off, on)]
    states = [row[4] for row in shown.rows[:2]]
    assert states == ["112", "38,5" if lang == "ru" else "38.5"]


def test_real_glossary_loads_and_points_editors_at_its_schema():
    glossary = load_glossary(ROOT / "glossary.yaml")
    assert len(glossary.terms) >= 20
    text = (ROOT / "glossary.yaml").read_text(encoding="utf-8")
    assert text.splitlines()[0] == "# yaml-language-server: $schema=./glossary.schema.json"
    assert VALIDATOR.is_valid(yaml.safe_load(text))


def test_every_term_is_defined_in_both_languages_and_ids_are_unique():
    glossary = load_glossary(ROOT / "glossary.yaml")
    assert len({term.id for term in glossary.terms}) == len(glossary.terms)
    assert all(term.definition.ru and term.definition.en for term in glossary.terms)


def test_every_figure_of_the_chapter_is_safe():
    sources = figure_sources(ROOT / "docs")
    assert len(sources) > 2
    assert {path.name: figure_safety(path.read_bytes()) for path in sources} == {path.name: [] for path in sources}
