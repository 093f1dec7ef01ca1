"""A calculator placed in an article: built into its page with the build's numbers, its script on that page only, a
wrong marker refused with its place."""

from __future__ import annotations

import pytest

from chapter.calculator_pages import view
from chapter.calculators import CHECKPOINT_INTERVAL
from tools.site import MINI, BuiltSite, build_copy, copy_project, mkdocs

ARTICLES = MINI / "docs" / "articles"
MARKER = "{calculator:checkpoint-interval}"
SECTION = {"ru": "## Источники { #sources }", "en": "## Sources { #sources }"}
SCRIPT = "chapter/calculators.js"


def _with_marker(lang: str, marker: str = MARKER) -> str:
    text = (ARTICLES / f"pruning.{lang}.md").read_text(encoding="utf-8")
    assert SECTION[lang] in text
    return text.replace(SECTION[lang], f"{marker}\n\n{SECTION[lang]}")


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> BuiltSite:
    files = {f"docs/articles/pruning.{lang}.md": _with_marker(lang) for lang in ("ru", "en")}
    return build_copy(tmp_path_factory.mktemp("calculator"), files=files, data=MINI)


@pytest.mark.parametrize(("url", "lang"), [("/topics/pruning/", "ru"), ("/en/topics/pruning/", "en")])
def test_the_page_shows_the_builds_results_and_loads_the_script(site, url, lang):
    page = site.html(url)
    shown = view(CHECKPOINT_INTERVAL, lang)
    form = page.select_one('form[data-calculator="checkpoint-interval"]')
    assert form is not None and MARKER not in page.get_text()
    assert {output["name"]: output.get_text() for output in form.select("output")} == {
        result.name: result.value for result in shown.results
    }
    assert [cell.get_text() for cell in page.select(".ci-calc tbody tr")[0].select("td")] == list(shown.rows[0])
    scripts = [script for script in page.select("script[src]") if script["src"].endswith(SCRIPT)]
    assert len(scripts) == 1 and scripts[0]["type"] == "module"
    assert site.file(f"/{SCRIPT}").is_file()


@pytest.mark.parametrize("url", ["/", "/en/", "/topics/kubernetes/", "/glossary/", "/en/facts/"])
def test_pages_without_a_calculator_do_not_load_its_script(site, url):
    assert not [script for script in site.html(url).select("script[src]") if script["src"].endswith(SCRIPT)]


def test_a_marker_that_names_no_calculator_stops_the_build_with_its_place(tmp_path):
    text = _with_marker("en", "{calculator:checkpoint-intervals}")
    line = text.splitlines().index("{calculator:checkpoint-intervals}") + 1
    files = {
        "docs/articles/pruning.en.md": text,
        "docs/articles/pruning.ru.md": _with_marker("ru", "{calculator:checkpoint-intervals}"),
    }
    project = copy_project(tmp_path / "project", files=files, data=MINI)
    result = mkdocs("build", "--strict", "--site-dir", str(tmp_path / "site"), cwd=project)
    assert result.returncode != 0
    assert (
        f"docs/articles/pruning.en.md:{line}:1: error CI513 {{calculator:checkpoint-intervals}} names no "
        "calculator; the calculators are: checkpoint-interval" in result.stdout + result.stderr
    )
    assert "Traceback" not in result.stdout + result.stderr


def test_a_calculator_whose_facts_are_missing_stops_the_build_with_its_place(tmp_path):
    """The small chapter's facts.yaml lacks the accelerators the inference
    calculator offers: named at the marker, not a traceback."""
    marker = "{calculator:inference-memory}"
    files = {f"docs/articles/pruning.{lang}.md": _with_marker(lang, marker) for lang in ("ru", "en")}
    line = files["docs/articles/pruning.en.md"].splitlines().index(marker) + 1
    project = copy_project(tmp_path / "project", files=files, data=MINI)
    result = mkdocs("build", "--strict", "--site-dir", str(tmp_path / "site"), cwd=project)
    output = result.stdout + result.stderr
    assert result.returncode != 0 and "Traceback" not in output
    assert (
        f"docs/articles/pruning.en.md:{line}:1: error CI513 the calculator inference-memory offers the fact "
        "h100-memory-reported, which facts.yaml does not have" in output
    )
