"""Calculator markers in an article, and the page a reader without JavaScript gets.

Real numbers, as the page language writes them.
"""

from __future__ import annotations

import dataclasses
import math

import pytest
from bs4 import BeautifulSoup

from chapter.calculator_pages import OptionView, calculator_problems, insert, marker_problems, place, placed, view
from chapter.calculators import (
    BYTES_PER_UNIT,
    CHECKPOINT_INTERVAL,
    INFERENCE_MEMORY,
    Choice,
    checkpoint,
    daly,
    waste_fraction,
    young,
)
from chapter.facts import load_registry
from chapter.markdown import render_article
from chapter.render import PageRenderer
from tools.site import MINI, ROOT

TEMPLATES = ROOT / "overrides" / "chapter"
MARKER = "{calculator:checkpoint-interval}"
ARTICLE = f"## Part {{ #part }}\n\nText before.\n\n{MARKER}\n\nText after.\n"


def test_a_marker_line_becomes_a_token_paragraph_that_markdown_leaves_alone():
    text, placements = place(ARTICLE)
    assert [placement.calculator for placement in placements] == ["checkpoint-interval"]
    assert placements[0].line == 5 and MARKER not in text
    assert f"<p>{placements[0].token}</p>" in render_article(text)


def test_a_marker_in_code_is_code():
    article = f"```text\n{MARKER}\n```\n\nInline `{MARKER}` too.\n"
    text, placements = place(article)
    assert placements == () and text == article
    assert marker_problems(article) == [
        (
            5,
            9,
            "CI513",
            f"{MARKER} shares its line with other text or is indented: write the marker alone at the start of a line",
        )
    ]


@pytest.mark.parametrize(
    ("article", "line", "column", "says"),
    [
        (
            "Text.\n\n{calculator:checkpoint-intervals}\n",
            3,
            1,
            "names no calculator; the calculators are: checkpoint-interval",
        ),
        (f"Text.\n\nSee {MARKER}\n", 3, 5, "shares its line with other text"),
        (f"Text.\n\n  {MARKER}\n", 3, 3, "is indented"),
        (f"Text.\n{MARKER}\n", 2, 1, "put a blank line before and after the marker"),
        (f"{MARKER}\nText.\n", 1, 1, "put a blank line before and after the marker"),
        (f"{MARKER}\n\nText.\n\n{MARKER}\n", 5, 1, "is placed twice in the article"),
    ],
)
def test_a_marker_the_page_cannot_show_is_named_with_its_place(article, line, column, says):
    [problem] = marker_problems(article)
    assert problem[:3] == (line, column, "CI513") and says in problem[3]


def test_a_good_marker_has_no_problem_and_is_listed():
    assert marker_problems(ARTICLE) == []
    assert placed(ARTICLE) == ["checkpoint-interval"]


def test_insert_replaces_the_paragraph_and_names_a_token_that_landed_elsewhere():
    text, placements = place(ARTICLE)
    html, problems = insert(render_article(text), placements, lambda calculator: f"<form>{calculator}</form>")
    assert "<form>checkpoint-interval</form>" in html and problems == []
    html, problems = insert(f"<li>{placements[0].token}</li>", placements, lambda calculator: "<form></form>")
    assert html == f"<li>{MARKER}</li>" and problems[0][:3] == (5, 1, "CI513")


def test_the_build_formulas_are_the_articles():
    """Spot values worked by hand: Young's √(2·60·3600) = 657.27 s; Daly beyond c ≥ 2M is M; the shares add up."""
    assert young(60, 3600) == pytest.approx(657.267069, rel=1e-9)
    assert daly(7200, 3600) == 3600 and daly(7199, 3600) < 3600
    x = 60 / 7200
    assert daly(60, 3600) == pytest.approx(math.sqrt(2 * 60 * 3600) * (1 + math.sqrt(x) / 3 + x / 9) - 60, rel=1e-12)
    assert waste_fraction(600, 60, 600, 3600) == pytest.approx(60 / 660 + 660 / 7200 + 600 / 3600, rel=1e-12)
    assert checkpoint(60, 600, 3600)["waste_daly"] == waste_fraction(daly(60, 3600), 60, 600, 3600)


@pytest.mark.parametrize(
    ("lang", "interval", "share", "hours"),
    [("ru", "18,6\u00a0мин", "15,7\u00a0%", "3,1"), ("en", "18.6\u00a0min", "15.7%", "3.1")],
)
def test_the_defaults_are_computed_and_written_as_the_page_language_writes_them(lang, interval, share, hours):
    """Daly at C = 60 s, M = 3.1 h: 1117.6 s = 18.6 min; the lost share 15.7%."""
    shown = view(CHECKPOINT_INTERVAL, lang)
    results = {result.name: result.value for result in shown.results}
    assert results["daly"] == interval and results["waste_daly"] == share
    assert {field.name: field.value for field in shown.fields}["mtbf"] == hours
    assert interval in shown.summary and share in shown.summary and "{" not in shown.summary
    assert len(shown.rows) == len(CHECKPOINT_INTERVAL.cases) and all(len(row) == 7 for row in shown.rows)


def test_each_input_says_its_limits_in_the_page_language():
    fields = {field.name: field for field in view(CHECKPOINT_INTERVAL, "ru").fields}
    assert fields["c"].message == "Введите число больше 0\u00a0с и не больше 86\u00a0400\u00a0с."
    assert fields["r"].message == "Введите число от 0\u00a0с до 604\u00a0800\u00a0с."
    assert (fields["c"].low_open, fields["r"].low_open, fields["mtbf"].scale) == ("true", "false", "3600")


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_rendered_page_carries_a_labelled_form_outputs_and_the_table(catalogue, lang):
    renderer = PageRenderer(catalogue, TEMPLATES, {("pruning", lang): ARTICLE})
    page = renderer.render({"chapter": "topic", "topic": "pruning"}, "", lang)
    assert page is not None and page.quoting is not None and len(page.quoting.calculators) == 1
    html, problems = renderer.finish(render_article(page.markdown), page.quoting)
    assert problems == []
    soup = BeautifulSoup(html, "html.parser")
    form = soup.select_one('form[data-calculator="checkpoint-interval"]')
    assert form is not None
    for field in form.select("input"):
        assert soup.select_one(f'label[for="{field["id"]}"]').get_text(strip=True)
        assert field["value"] and field["data-message"] and field["inputmode"] == "decimal"
    outputs = {output["name"]: output.get_text() for output in form.select("output")}
    assert outputs == {result.name: result.value for result in view(CHECKPOINT_INTERVAL, lang).results}
    assert form.select_one('[aria-live="polite"]').get_text() == view(CHECKPOINT_INTERVAL, lang).summary
    assert all(output["aria-live"] == "off" for output in form.select("output"))
    assert len(soup.select(".ci-calc table tbody tr")) == len(CHECKPOINT_INTERVAL.cases)
    assert soup.select_one(".ci-calc__leaves-out").get_text()


def test_text_of_an_article_around_a_calculator_stays_text(catalogue):
    """The marker is replaced where the author wrote it and nowhere else: a marker in code stays as written."""
    article = ARTICLE + f"\n`{MARKER}`\n"
    renderer = PageRenderer(catalogue, TEMPLATES, {("pruning", "en"): article})
    page = renderer.render({"chapter": "topic", "topic": "pruning"}, "", "en")
    html, _ = renderer.finish(render_article(page.markdown), page.quoting)
    assert f"<code>{MARKER}</code>" in html and html.count("<form") == 1


REGISTRY = load_registry(MINI / "facts.yaml")[0]


def test_a_choice_offers_facts_in_bytes_and_a_missing_one_is_named():
    """The mini chapter's facts.yaml has the H100's 80 GB but none of the inference calculator's memories."""
    assert calculator_problems(INFERENCE_MEMORY, REGISTRY) == [
        f"the calculator inference-memory offers the fact {fact}, which facts.yaml does not have"
        for fact in INFERENCE_MEMORY.facts
    ]
    h100 = REGISTRY.fact("h100-sxm-memory")
    assert h100 is not None and BYTES_PER_UNIT[h100.unit.id] * float(h100.value) == 80e9
    choice = Choice("hbm", ("h100-sxm-memory",), "h100-sxm-memory")
    memory = dataclasses.replace(INFERENCE_MEMORY, fields=(*INFERENCE_MEMORY.fields[:-1], choice), cases=())
    assert calculator_problems(memory, REGISTRY) == []
    [option] = view(memory, "ru", REGISTRY).fields[-1].options
    assert option == OptionView("80000000000.0", "Память H100 SXM — 80\u00a0ГБ", True)
    bandwidth = dataclasses.replace(
        memory, fields=(*memory.fields[:-1], Choice("hbm", ("h100-sxm-memory-bandwidth",), "h100-sxm-memory-bandwidth"))
    )
    assert "its unit is not one of: gb, gib, mb, mib" in calculator_problems(bandwidth, REGISTRY)[0]
