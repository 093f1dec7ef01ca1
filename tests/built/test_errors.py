"""A mistake stops the build with the author's terms, before the last good site is touched."""

from __future__ import annotations

from pathlib import Path

import material
import pytest

from tools.site import MINI, copy_project, mkdocs

THEME = Path(material.__file__).parent / "templates"
# The small chapter: a mistake is found the same way in three topics as in twenty, and builds in a fraction of the time.
CATALOGUE = (MINI / "topics.yaml").read_text(encoding="utf-8")
LABEL_LINE = CATALOGUE.splitlines().index("    label: new") + 1
# An article whose code block "closes" with four backticks: to the site that is no close at all.
PRUNING = (MINI / "docs" / "articles" / "pruning.en.md").read_text(encoding="utf-8").splitlines(keepends=True)
FENCE = next(number for number, line in enumerate(PRUNING) if line.startswith("```"))
CLOSE = PRUNING.index("```\n", FENCE + 1)
LONGER_CLOSE = "".join(PRUNING[:CLOSE] + ["````\n"] + PRUNING[CLOSE + 1 :])


@pytest.mark.parametrize(
    ("files", "message"),
    [
        (
            {"topics.yaml": CATALOGUE.replace("label: new", "label: hot", 1)},
            f"topics.yaml:{LABEL_LINE}:12: error CI011 topics[0].label: unknown label 'hot'; expected one "
            "of: new, current",
        ),
        (
            {"docs/articles/prunning.en.md": "## Text { #text }\n"},
            "docs/articles/prunning.en.md: error CI501 no topic with slug 'prunning' in topics.yaml; did you "
            "mean 'pruning'?",
        ),
        (
            {"topics.yaml": CATALOGUE.replace("    origin: mlops\n", "")},
            "chapters[0]: chapter 'mlops' is declared but no topic comes from it",
        ),
        (
            {"docs/articles/pruning.en.md": LONGER_CLOSE},
            f"docs/articles/pruning.en.md:{FENCE + 1}: error CI503 the code block opened here with ``` is "
            "never closed: only a line of exactly ``` closes it, and until then the site shows it as text",
        ),
    ],
    ids=["catalogue", "orphan article", "unused chapter under --strict", "fence closed with a longer fence"],
)
def test_mistake_stops_the_build_before_the_site_is_touched(tmp_path, files, message):
    project = copy_project(tmp_path / "project", files=files, data=MINI)
    site = tmp_path / "site"
    site.mkdir()
    (site / "index.html").write_text("the last good build", encoding="utf-8")

    result = mkdocs("build", "--strict", "--site-dir", str(site), cwd=project)

    output = result.stdout + result.stderr
    assert result.returncode == 1
    assert message in output
    assert "Traceback" not in output
    assert [p.name for p in site.iterdir()] == ["index.html"]
    assert (site / "index.html").read_text(encoding="utf-8") == "the last good build"
    assert not (project / "docs" / "topics").exists()


def test_unused_chapter_is_only_a_warning_without_strict(tmp_path):
    project = copy_project(
        tmp_path / "project", files={"topics.yaml": CATALOGUE.replace("    origin: mlops\n", "")}, data=MINI
    )
    result = mkdocs("build", "--no-strict", "--site-dir", str(tmp_path / "site"), cwd=project)
    assert result.returncode == 0
    assert (
        "WARNING -  topics.yaml:" in result.stderr and "'mlops' is declared but no topic comes from it" in result.stderr
    )


def test_a_theme_whose_markup_changed_under_a_correction_stops_the_build(tmp_path):
    """As after an upgrade whose header no longer includes the language switcher's partial."""
    header = (THEME / "partials" / "header.html").read_text(encoding="utf-8")
    changed = header.replace('{% include "partials/alternate.html" %}', "")
    assert changed != header
    project = copy_project(tmp_path / "project", files={"overrides/partials/header.html": changed}, data=MINI)
    result = mkdocs("build", "--strict", "--site-dir", str(tmp_path / "site"), cwd=project)
    output = result.stdout + result.stderr
    assert result.returncode == 1 and "Traceback" not in output
    assert "theme correction 'switcher-languages' (checked with mkdocs-material" in output
    assert "theme correction 'search-in-header'" in output
