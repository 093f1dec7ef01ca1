"""The chapter's standard for an article: each rule passes a good article and names what a short one lacks."""

from __future__ import annotations

import pytest

from chapter.articles import outline
from chapter.standard import RULES, Article, standard_problems

SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><text x="1" y="5">GPU</text></svg>'
WORDS = " ".join(["Кольцевой обмен передаёт данные между соседями."] * 110)  # 660 words

GOOD = f"""\
## Как устроено {{ #how }}

{WORDS} См. [сеть кластера](cluster-networking.md).

## Сколько стоит {{ #cost }}

Ещё 5 % — «кавычки» и тире — на месте.

![Кольцо из четырёх GPU](../figures/ring.svg)

## Что выбрать {{ #choice }}

| Сеть | Скорость |
|---|---|
| NVLink | 900 ГБ/с |

## Источники {{ #sources }}

- [NCCL](https://docs.nvidia.com/deeplearning/nccl/)
- [ZeRO](https://arxiv.org/abs/1910.02054)
- [NVLink](https://www.nvidia.com/en-us/data-center/nvlink/)
"""


def _article(text: str, lang: str = "ru", figures: dict[str, str | None] | None = None) -> Article:
    found = outline(text)
    known = {figure.source: SVG for figure in found.figures} if figures is None else figures
    return Article(
        "collective-operations", lang, text, found, frozenset({"collective-operations", "cluster-networking"}), known
    )


def test_a_good_article_meets_every_rule():
    assert standard_problems(_article(GOOD)) == []


def test_every_rule_has_its_own_id():
    assert len({rule.id for rule in RULES}) == len(RULES)


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        (WORDS, "Коротко.", (None, "CI101 the article has ")),
        (
            "## Что выбрать { #choice }",
            "### Что выбрать { #choice }",
            (None, "CI102 2 sections besides the sources; the standard is at least 3"),
        ),
        (
            "/nvlink/)\n",
            "/nvlink/)\n\n## Послесловие { #after }\n\nТекст.\n",
            ("## Послесловие", "CI102 the article ends with its sources: a last section '## … { #sources }'"),
        ),
        (
            "- [NVLink](https://www.nvidia.com/en-us/data-center/nvlink/)\n",
            "",
            ("- [NCCL]", "CI103 2 sources; the standard is at least 3"),
        ),
        (
            "https://arxiv.org/abs/1910.02054",
            "http://arxiv.org/abs/1910.02054",
            ("- [ZeRO](http:", "CI103 source 'http://arxiv.org/abs/1910.02054' is not an https:// address"),
        ),
        (
            "https://www.nvidia.com/en-us/data-center/nvlink/",
            "https://arxiv.org/abs/1910.02054",
            ("- [NVLink](https://arxiv", "CI103 source 'https://arxiv.org/abs/1910.02054' is listed twice"),
        ),
        (
            " См. [сеть кластера](cluster-networking.md).",
            "",
            (None, "CI105 link to at least one other topic of the chapter: [title](slug.md)"),
        ),
        ("«кавычки»", '"кавычки"', ("Ещё 5 %", "CI106 straight quotes in prose: use «» in Russian, “” in English")),
        (
            "кавычки» и тире — на",
            "кавычки» и тире - на",
            ("Ещё 5 %", "CI106 a hyphen used as a dash: use — (or – for ranges)"),
        ),
        ("Ещё 5 %", "Еще 5 %", ("Еще 5 %", "CI106 'Еще': write ё (ещё, её, объём)")),
        ("Ещё 5 %", "Ещё 5%", ("Ещё 5%", "CI106 a number and % are set apart by a space in Russian: «5 %»")),
        (
            "![Кольцо из четырёх GPU]",
            "![ ]",
            ("![ ]", "CI107 a figure needs a text alternative: ![what the figure shows](…)"),
        ),
        (
            "../figures/ring.svg",
            "https://example.org/ring.png",
            (
                "![Кольцо",
                "CI107 figure 'https://example.org/ring.png': figures are SVG files in docs/figures/, "
                "linked as ../figures/<name>.svg",
            ),
        ),
    ],
    ids=[
        "short",
        "few sections",
        "no sources last",
        "few sources",
        "not https",
        "twice",
        "no related topic",
        "straight quotes",
        "hyphen",
        "yo",
        "percent",
        "no alt",
        "not an svg",
    ],
)
def test_each_rule_names_what_the_article_lacks(old, new, expected):
    assert old in GOOD
    text = GOOD.replace(old, new, 1)
    where, message = expected  # where: the start of the line named, or None for the article as a whole (line 1)
    line = (
        1
        if where is None
        else next(number for number, line in enumerate(text.splitlines(), start=1) if line.startswith(where))
    )
    problems = standard_problems(_article(text))
    rule, _, words = message.partition(" ")
    assert len(problems) == 1 and problems[0][:2] == (line, rule) and problems[0][2].startswith(words), problems


def test_nothing_to_use_is_named():
    text = GOOD.replace("![Кольцо из четырёх GPU](../figures/ring.svg)\n", "").replace(
        "| Сеть | Скорость |\n|---|---|\n| NVLink | 900 ГБ/с |\n", "Текст.\n"
    )
    assert standard_problems(_article(text)) == [
        (1, "CI104", "give the reader something to use: code, a table or a figure")
    ]


def test_a_figure_must_scale_to_the_page():
    line = GOOD.splitlines().index("![Кольцо из четырёх GPU](../figures/ring.svg)") + 1
    svg = '<svg xmlns="http://www.w3.org/2000/svg"/>'
    assert standard_problems(_article(GOOD, figures={"../figures/ring.svg": svg})) == [
        (line, "CI107", "figure '../figures/ring.svg' has no viewBox, so it cannot scale to the page")
    ]


def test_english_articles_are_not_held_to_russian_typography():
    english = GOOD.replace("Ещё 5 %", "Also 5%").replace("Еще", "")
    assert standard_problems(_article(english, lang="en")) == []
