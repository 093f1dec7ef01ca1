"""The build benchmark's page: medians, ratios and budgets from numbers given by hand."""

from __future__ import annotations

from pathlib import Path

import yaml

from benchmarks.control import control_config, front_matter, same_pages, titles
from benchmarks.report import report, row, table
from benchmarks.timing import Result, Run, Search
from chapter.loader import load_catalogue
from tools.site import MINI


def _result(size: int, site: str, seconds: list[float], pages: int, hooks: dict[str, float] | None = None) -> Result:
    result = Result(size, site, [Run(wall, wall * 0.9, 100.0, pages) for wall in seconds])
    result.search = Search("обучения", 70 * 1024, 150 * 1024, 19, 2**20)
    if hooks:
        result.hooks, result.hooks_build = hooks, 10.0
    return result


def _pair(size: int, ours: list[float], control: list[float], pages: int):
    return (
        _result(size, "ours", ours, pages, {"post_build": 1.0, "config": 0.5}),
        _result(size, "control", control, pages),
        [],
    )


def test_the_page_gives_medians_and_ratios_and_passes_budgets_that_are_met():
    pairs = [_pair(20, [7.0, 7.4, 7.2], [7.0, 7.2, 7.3], 45), _pair(200, [21.0, 21.5, 22.0], [21.0, 22.0, 21.8], 405)]
    text, ok = report(pairs, 3, [20, 200], 20, ["- Machine: a test"])
    assert ok
    lines = text.splitlines()
    assert "| 20 | ours | 45 | 7.20 | 7.00–7.40 | 160.0 | 6.48 | 100 | 1.000 | 1.000 |" in lines
    assert "| 200 | control | 405 | 21.80 | 21.00–22.00 | 53.8 | 19.62 | 100 |  |  |" in lines
    assert any(
        line.startswith("- Hooks add at most 5% to the control build, 200 topics") and "**PASS**" in line
        for line in lines
    )
    assert "| 20 | 10.00 | 1.50 | 17.6% | post_build 1.00, config 0.50 |" in lines
    assert ".venv/bin/python -m benchmarks.build --runs 3 --sizes 20,200" in lines
    assert "- Machine: a test" in lines


def test_a_missed_budget_fails_the_page():
    slow = [_pair(20, [8.0, 8.0, 8.0], [7.0, 7.0, 7.0], 45)]
    text, ok = report(slow, 3, [20], 20, [])
    assert not ok
    assert "ours/control (paired) = 1.143 — **FAIL**" in text
    assert "- Per-page growth: not measured; it needs two synthetic sizes" in text


def test_per_page_growth_is_judged_between_synthetic_sizes():
    pairs = [_pair(200, [20.0], [20.0], 400), _pair(2000, [400.0], [400.0], 4000)]
    text, ok = report(pairs, 1, [200, 2000], 20, [])
    assert not ok
    assert "ours 2.00× — **FAIL**" in text


def test_markdown_tables():
    assert row(("a", 1, "")) == "| a | 1 |  |"
    assert table(("x", "y"), "lr") == ["| x | y |", "| --- | ---: |"]


def test_the_control_config_extends_the_project_and_replaces_plugins_and_navigation():
    catalogue = load_catalogue(MINI / "topics.yaml")
    i18n = {"languages": [{"locale": "ru", "default": True, "build": True}, {"locale": "en", "build": True}]}
    config = yaml.safe_load(control_config(catalogue, ["chapter", {"i18n": i18n}]))
    assert config["INHERIT"] == "mkdocs.chapter.yml"
    assert [next(iter(plugin)) for plugin in config["plugins"]] == ["search", "i18n"]
    english = config["plugins"][1]["i18n"]["languages"][1]
    assert english["site_name"] == catalogue.chapter.title["en"]
    assert set(english["nav_translations"]) == set(titles(config["nav"]))


def test_front_matter_and_page_comparison(tmp_path: Path):
    assert front_matter("---\ntitle: A\n---\n\nText") == ({"title": "A"}, "\nText")
    assert front_matter("Text") == ({}, "Text")
    page = (
        '<article class="md-content__inner"><article>x</article>{}</article><nav class="md-nav md-nav--primary"></nav>'
    )
    for site, text in (("ours", "one"), ("control", "two")):
        (tmp_path / site / "en").mkdir(parents=True)
        (tmp_path / site / "index.html").write_text(page.format(text), encoding="utf-8")
    (tmp_path / "ours" / "extra.html").write_text("", encoding="utf-8")
    (tmp_path / "control" / "en" / "404.html").write_text("", encoding="utf-8")
    assert same_pages(tmp_path / "ours", tmp_path / "control", ["index.html"]) == [
        "only in ours: extra.html",
        "index.html: the article differs",
    ]
