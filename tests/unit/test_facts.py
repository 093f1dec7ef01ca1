"""The facts registry: read like the catalogue, every figure shown as its page language writes numbers and units."""

from __future__ import annotations

from decimal import Decimal

import pytest

from chapter.facts import FactsError, load_registry, markers, number, quantity
from tools.site import MINI

REGISTRY = (MINI / "facts.yaml").read_text(encoding="utf-8")


def _load(tmp_path, text):
    path = tmp_path / "facts.yaml"
    path.write_text(text, encoding="utf-8")
    return load_registry(path, "facts.yaml")


@pytest.mark.parametrize(
    ("value", "ru", "en"),
    [
        ("3.35", "3,35", "3.35"),
        ("1979", "1\u202f979", "1,979"),  # Russian groups thousands with a thin no-break space
        ("0.5", "0,5", "0.5"),
        ("989.4", "989,4", "989.4"),
        ("57344", "57\u202f344", "57,344"),
    ],
)
def test_numbers_are_written_as_each_language_writes_them(value, ru, en):
    assert (number(Decimal(value), "ru"), number(Decimal(value), "en")) == (ru, en)


def test_a_fact_keeps_the_value_its_source_gives_exactly(tmp_path):
    registry, lines = _load(tmp_path, REGISTRY.replace("value: 3.35", "value: 0.1"))
    fact = registry.fact("h100-sxm-memory-bandwidth")
    assert (
        fact is not None and fact.value == Decimal("0.1") and quantity(fact, "en") == "0.1\u00a0TB/s"
    )  # not 0.1000000000000000055…
    assert REGISTRY.splitlines()[lines["h100-sxm-memory-bandwidth"] - 1] == "  h100-sxm-memory-bandwidth:"


def test_units_follow_the_page_language_and_stay_with_their_number(tmp_path):
    registry, _ = _load(tmp_path, REGISTRY)
    fact = registry.fact("h100-sxm-memory-bandwidth")
    assert fact is not None
    assert (quantity(fact, "ru"), quantity(fact, "en")) == ("3,35\u00a0ТБ/с", "3.35\u00a0TB/s")
    assert fact.qualifier is not None and fact.qualifier.en == "HBM3"


NOT_A_NUMBER = "expected a number such as 3.35 or 1979 (a point before the decimals, no spaces or units)"


@pytest.mark.parametrize(
    ("old", "new", "at", "message"),
    [
        (
            "    unit: tb-per-s\n",
            "    unit: tbps\n",
            "tbps",
            "CI011 facts.h100-sxm-memory-bandwidth.unit: unknown unit 'tbps'; "
            "expected one of: gb, tb-per-s — did you mean 'tb-per-s'?",
        ),
        (
            "value: 3.35",
            "value: 3,35",
            "3,35",
            f"CI011 facts.h100-sxm-memory-bandwidth.value: {NOT_A_NUMBER}; found '3,35'",
        ),
        (
            "value: 3.35",
            "value: 3.35 TB/s",
            "3.35 TB/s",
            f"CI011 facts.h100-sxm-memory-bandwidth.value: {NOT_A_NUMBER}; found '3.35 TB/s'",
        ),
        ("value: 80\n", "value: '80'\n", "'80'", f"CI011 facts.h100-sxm-memory.value: {NOT_A_NUMBER}; found '80'"),
        (
            "    as_of: 2026-11-30\n  h100-sxm-memory-bandwidth:",
            "  h100-sxm-memory-bandwidth:",
            "subject: accelerators",
            "CI010 facts.h100-sxm-memory.as_of: missing required key",
        ),
        (
            "      url: https://www.nvidia.com/en-us/data-center/h100/\n",
            "      url: nvidia.com\n",
            "nvidia.com",
            "CI011 facts.h100-sxm-memory.source.url: 'nvidia.com' is not an http:// or https:// address "
            "(spaces, quotes, <, >, braces and backslashes are written %-encoded)",
        ),
        (
            "review_within: 365",
            "review_within: a year",
            "a year",
            "CI011 review_within: expected a whole number of days, at least 1, such as 180; found 'a year'",
        ),
    ],
    ids=["unknown unit", "decimal comma", "unit in the value", "quoted number", "missing date", "address", "period"],
)
def test_a_mistake_in_the_registry_is_reported_with_its_place(tmp_path, old, new, at, message):
    assert old in REGISTRY
    text = REGISTRY.replace(old, new, 1)
    row = next(index for index, line in enumerate(text.splitlines()) if at in line)
    column = text.splitlines()[row].index(at) + 1  # a missing key is reported where its record's mapping starts
    with pytest.raises(FactsError) as caught:
        _load(tmp_path, text)
    assert str(caught.value) == f"facts.yaml:{row + 1}:{column}: error {message}"


def test_markers_are_read_outside_code_only():
    text = "HBM {fact:a} and `{fact:b}`\n\n```python\nx = '{fact:c}'\n```\n\n| H100 | {fact:d} |\n"
    assert markers(text) == [(1, "a"), (7, "d")]
