"""One quantity, one value: the hardware figures the chapter repeats agree in every article and language.

Each quantity is found where an article states it: a clause (or a table row)
that names the subject and gives a number in the quantity's unit. Every value
found must be one the primary source gives; the allowed values say what each
one is, so a figure that drifts in one article (3 TB/s for the H100 SXM where
the datasheet says 3.35) fails here with the article and line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import pytest

from chapter.articles import prose_lines
from tests.content.articles import every_article, text

NUMBER = r"(?<![\w.,])(?P<number>\d{1,3}(?:[  ,]\d{3})+(?:[.,]\d+)?|\d+(?:[.,]\d+)?)"
# Clauses of running text; a table row is one clause, so a figure stays with its row's subject.
CLAUSE = re.compile(r"(?<=[.;!?])\s+(?=[A-ZА-ЯЁ«“(])|[,;(—]\s")


@dataclass(frozen=True)
class Quantity:
    name: str
    subject: str  # a regex naming what the figure is about
    unit: str  # a regex for what follows the number
    values: dict[float, str]  # each value the primary sources give, and what it is
    context: str = ""  # a regex the clause must also match


QUANTITIES = [
    Quantity(
        "H100 SXM memory bandwidth",
        r"\bH100\b(?!\s*(?:NVL|PCIe))",
        r"\s*(?:TB/s|ТБ/с)",
        {3.35: "HBM3 bandwidth, NVIDIA H100 product page and datasheet"},
    ),
    Quantity(
        "H100 memory capacity",
        r"\bH100\b",
        r"\s*(?:GB|ГБ)\s+(?:of\s+)?(?:памяти\s+)?HBM",
        {80: "HBM3 capacity as NVIDIA writes it (81,559 MiB reported)"},
    ),
    Quantity(
        "H100 NVLink bandwidth",
        r"\bH100\b",
        r"\s*(?:GB/s|ГБ/с)",
        {
            900: "per GPU, both directions (NVIDIA H100 product page)",
            450: "per GPU and direction, the line rate",
            370: "bus bandwidth NCCL reaches for ring-type collectives (NCCL maintainer, nccl-tests issue 212)",
            480: "all-reduce bus bandwidth with NVLink SHARP (same source)",
        },
        context=r"NVLink",
    ),
    Quantity(
        "H100 SXM tensor-core peak",
        r"\bH100\b",
        r"\s*(?:TFLOPS|ТФЛОПС)",
        {
            989: "dense BF16/FP16 (NVIDIA H100 product page: 1,979 with sparsity)",
            1979: "BF16 with sparsity, or dense FP8",
            494.7: "dense TF32",
            67: "FP32 on the ordinary cores, quoted beside it",
        },
        context=r"BF16|bf16|FP16|FP8|TF32|FP32",
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
def test_every_article_gives_a_repeated_figure_the_value_of_its_source(quantity):
    stated = {(slug, lang): mentions(text(slug, lang), lang, quantity) for slug, lang in every_article()}
    wrong = [f"{slug}.{lang}.md:{line}: {value:g}" for (slug, lang), found in stated.items() for line, value in found if value not in quantity.values]
    assert wrong == [], f"{quantity.name} is one of {sorted(quantity.values)}"
    assert len({slug for (slug, _), found in stated.items() if found}) >= 2, "the quantity is no longer repeated; drop it or fix the pattern"


def test_every_article_gives_the_pue_of_the_year_it_names():
    stated = []
    for slug, lang in every_article():
        for line, prose in prose_lines(text(slug, lang), lang):
            if "PUE" in prose:
                stated += [(f"{slug}.{lang}.md:{line}", int(match["year"]), number(match["value"], lang)) for match in PUE_IN_YEAR.finditer(prose)]
    assert [(where, year, value) for where, year, value in stated if PUE_BY_YEAR.get(year) != value] == []
    assert {year for _, year, _ in stated} == set(PUE_BY_YEAR)


@pytest.mark.parametrize(
    ("article", "lang", "values"),
    [
        ("Bandwidth: 3 TB/s on the H100 SXM.", "en", [3.0]),
        ("| H100 SXM | 80 GB | 3.35 TB/s |", "en", [3.35]),
        ("У H100 SXM 3,35 ТБ/с, у H200 — 4,8 ТБ/с.", "ru", [3.35]),
        ("An H100 NVL has 3.9 TB/s.", "en", []),
    ],
    ids=["drifted", "table row", "two products", "another model"],
)
def test_the_scanner_reads_a_figure_with_its_own_subject(article, lang, values):
    assert [value for _, value in mentions(article, lang, QUANTITIES[0])] == values
