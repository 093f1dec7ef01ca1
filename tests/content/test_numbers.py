"""One quantity, one value: the hardware figures the chapter repeats come
from facts.yaml, not from the author's keyboard.

Each quantity is found where an article states it by hand: a clause (or a table
row) that names the subject and gives a number in the quantity's unit. A
`{fact:…}` marker is not a statement by hand (the reader used here drops it),
so what is found is a figure typed into the prose: one with a registered value
should be the marker, and one with another value has drifted from the source
(3 TB/s for the H100 SXM where the registry, after the datasheet, says 3.35).
Only measurements the registry does not hold may be written by hand.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import pytest

from chapter.articles import prose_lines
from chapter.facts import MARKER, load_registry
from chapter.facts import number as number_as_written
from chapter.glossary import load_glossary
from tests.content.articles import every_article, text
from tools.site import ROOT

REGISTRY, _ = load_registry(ROOT / "facts.yaml")
NUMBER = r"(?<![\w.,])(?P<number>\d{1,3}(?:[  ,]\d{3})+(?:[.,]\d+)?|\d+(?:[.,]\d+)?)"
# Clauses of running text; a table row is one clause, so a figure stays with its row's subject.
CLAUSE = re.compile(r"(?<=[.;!?])\s+(?=[A-ZА-ЯЁ«“(])|[,;(—]\s")


@dataclass(frozen=True)
class Quantity:
    name: str
    subject: str  # a regex naming what the figure is about
    unit: str  # a regex for what follows the number
    facts: tuple[str, ...]  # the registered facts of this quantity
    measured: dict[float, str] = field(
        default_factory=dict
    )  # values that are not specifications, and where they come from
    context: str = ""  # a regex the clause must also match

    def registered(self) -> dict[float, str]:
        values = {}
        for fact_id in self.facts:
            fact = REGISTRY.fact(fact_id)
            assert fact is not None, f"{fact_id} is not in facts.yaml"
            values[float(fact.value)] = fact_id
        return values


QUANTITIES = [
    Quantity(
        "H100 SXM memory bandwidth", r"\bH100\b(?!\s*(?:NVL|PCIe))", r"\s*(?:TB/s|ТБ/с)", ("h100-sxm-memory-bandwidth",)
    ),
    # A space before the unit: "H100 80GB HBM3" is a product name in source titles, not a figure.
    Quantity("H100 memory capacity", r"\bH100\b", r"\s+(?:GB|ГБ)\s+(?:of\s+)?(?:памяти\s+)?HBM", ("h100-sxm-memory",)),
    Quantity(
        "H100 NVLink bandwidth",
        r"\bH100\b",
        r"\s*(?:GB/s|ГБ/с)",
        (
            "h100-nvlink-bandwidth",
            "h100-nvlink-bandwidth-per-direction",
            "h100-nvlink-nccl-ring-busbw",
            "h100-nvlink-nvls-allreduce-busbw",
        ),
        context=r"NVLink",
    ),
    Quantity(
        "H100 SXM tensor-core peak",
        r"\bH100\b",
        r"\s*(?:TFLOPS|ТФЛОПС)",
        ("h100-sxm-bf16-dense", "h100-sxm-bf16-sparse", "h100-sxm-fp8-dense", "h100-sxm-tf32-dense", "h100-sxm-fp32"),
        context=r"BF16|bf16|FP16|FP8|TF32|FP32",
    ),
    Quantity(
        "PCIe 5.0 x16 bandwidth",
        r"PCIe (?:5\.0|Gen5)",
        r"\s*(?:GB/s|ГБ/с)",
        ("pcie-gen5-x16-bandwidth",),
        measured={64: "one direction: half of the registered both-ways figure"},
    ),
]
# Uptime Institute's survey average PUE by year: 2023 from Uptime Institute Intelligence,
# 2024 and 2025 from the Global Data Center Survey reports.
PUE_BY_YEAR = {2023: 1.58, 2024: 1.56, 2025: 1.54}
PUE_IN_YEAR = re.compile(r"(?P<value>1[.,]\d\d)\s+(?:in|в)\s+(?P<year>20\d\d)")


def number(written: str, lang: str) -> float:
    """A number as the language writes it: 1 979 and 3,35 in Russian, 1,979 and 3.35 in English."""
    if lang == "ru":
        return float(re.sub(r"[  ]", "", written).replace(",", "."))
    return float(written.replace(",", ""))


def mentions(article: str, lang: str, quantity: Quantity) -> list[tuple[int, float]]:
    """(line, value) of each place the article states the quantity."""
    found = []
    pattern = re.compile(NUMBER + f"(?:{quantity.unit})")
    for line, prose in prose_lines(article, lang):
        clauses = [prose] if prose.lstrip().startswith("|") else CLAUSE.split(prose)
        for clause in clauses:
            if re.search(quantity.subject, clause) and re.search(quantity.context, clause):
                found += [(line, number(match["number"], lang)) for match in pattern.finditer(clause)]
    return found


@pytest.mark.parametrize("quantity", QUANTITIES, ids=lambda quantity: quantity.name)
def test_no_article_types_a_registered_figure_by_hand(quantity):
    registered = quantity.registered()
    stated = [
        (f"{slug}.{lang}.md:{line}", value)
        for slug, lang in every_article()
        for line, value in mentions(text(slug, lang), lang, quantity)
    ]
    by_hand = [f"{where}: {value:g} is {{fact:{registered[value]}}}" for where, value in stated if value in registered]
    drifted = [
        f"{where}: {value:g}" for where, value in stated if value not in registered and value not in quantity.measured
    ]
    assert by_hand == [], "write the marker, so the value comes from facts.yaml"
    assert drifted == [], (
        f"{quantity.name} is one of {sorted(registered)} in facts.yaml, or a measurement: {sorted(quantity.measured)}"
    )


@pytest.mark.parametrize("quantity", QUANTITIES, ids=lambda quantity: quantity.name)
def test_the_quantity_is_still_quoted_in_several_articles(quantity):
    quoting = {
        slug
        for slug, lang in every_article()
        if any(f"{{fact:{fact_id}}}" in text(slug, lang) for fact_id in quantity.facts)
    }
    assert len(quoting) >= 2, "the quantity is no longer repeated; drop it here"


def test_every_article_gives_the_pue_of_the_year_it_names():
    stated = []
    for slug, lang in every_article():
        for line, prose in prose_lines(text(slug, lang), lang):
            if "PUE" in prose:
                stated += [
                    (f"{slug}.{lang}.md:{line}", int(match["year"]), number(match["value"], lang))
                    for match in PUE_IN_YEAR.finditer(prose)
                ]
    assert [(where, year, value) for where, year, value in stated if PUE_BY_YEAR.get(year) != value] == []
    assert {year for _, year, _ in stated} == set(PUE_BY_YEAR)


@pytest.mark.parametrize(
    ("article", "lang", "values"),
    [
        ("Bandwidth: 3 TB/s on the H100 SXM.", "en", [3.0]),
        ("| H100 SXM | 80 GB | 3.35 TB/s |", "en", [3.35]),
        ("У H100 SXM 3,35 ТБ/с, у H200 — 4,8 ТБ/с.", "ru", [3.35]),
        ("An H100 NVL has 3.9 TB/s.", "en", []),
        ("Bandwidth: {fact:h100-sxm-memory-bandwidth} on the H100 SXM.", "en", []),
    ],
    ids=["drifted", "table row", "two products", "another model", "a marker is not typed by hand"],
)
def test_the_scanner_reads_a_figure_with_its_own_subject(article, lang, values):
    assert [value for _, value in mentions(article, lang, QUANTITIES[0])] == values


def test_no_glossary_definition_types_a_registered_figure_by_hand():
    """The glossary is rendered from data too: a registered figure in a definition
    is its marker, so a change in facts.yaml reaches it."""
    glossary = load_glossary(ROOT / "glossary.yaml")
    typed = []
    for fact in (fact for fact in REGISTRY.facts if fact.unit is not None):
        for lang in ("ru", "en"):
            written = re.escape(number_as_written(fact.value, lang)).replace(r"\ ", r"[\s  ]")
            pattern = re.compile(rf"(?<![\w.,]){written}\s*{re.escape(fact.unit.symbol[lang])}")
            typed += [
                f"{term.id}.{lang}: {fact.id}"
                for term in glossary.terms
                if pattern.search(MARKER.sub(" ", term.definition[lang]))
            ]
    assert typed == [], "write the fact's marker in the definition"
