"""`chapter status`: where every topic stands."""

from __future__ import annotations

import datetime

import pytest

from chapter.project import check_project
from chapter.report import status_rows, status_table
from tools.site import MINI, copy_project

ON = datetime.date(2026, 12, 2)


@pytest.fixture
def project(tmp_path):
    return copy_project(tmp_path / "project", data=MINI)


def test_status_says_where_each_topic_stands(project):
    rows = status_rows(check_project(project), project, ON)
    assert [(row.slug, row.articles, row.translation) for row in rows] == [
        ("pruning", (True, True), "in step"),
        ("gpu-architecture", (False, False), "no article yet"),
        ("kubernetes", (False, False), "no article yet"),
    ]
    assert not any(row.problems for row in rows)
    assert rows[0].label == "new (day 2 of 180)"
    assert status_table(rows, markdown=False).endswith("all 3 topics are in order")


def test_status_names_the_lagging_sections_and_the_half_written_pair(project):
    article = project / "docs/articles/pruning.ru.md"
    article.write_text(
        article.read_text(encoding="utf-8").replace("наименьшей величиной", "самой малой величиной"), encoding="utf-8"
    )
    (project / "docs/articles/gpu-architecture.ru.md").write_text("## Блоки { #blocks }\n", encoding="utf-8")
    rows = status_rows(check_project(project), project, ON)
    assert rows[0].translation == "en behind: how-it-works"
    assert [(problem.file, problem.line, problem.rule) for problem in rows[0].problems] == [
        ("docs/articles/pruning.en.md", 1, "CI202")
    ]
    assert rows[1].translation == "en missing"
    assert [problem.text() for problem in rows[1].problems] == [
        "docs/articles/gpu-architecture.ru.md: notice CI201 the article has no 'en' version yet: "
        "write docs/articles/gpu-architecture.en.md"
    ]
    table = status_table(rows, markdown=True)
    assert "| pruning | yes | yes | en behind: how-it-works | new (day 2 of 180) |" in table.splitlines()
    assert "2 of 3 topics need attention" in table


def test_status_names_a_recorded_topic_the_catalogue_no_longer_has(project):
    record = project / "docs/articles/translations.yaml"
    record.write_text(
        record.read_text(encoding="utf-8") + "gone:\n  why: {ru: 000000000000, en: 000000000000}\n", encoding="utf-8"
    )
    line = record.read_text(encoding="utf-8").splitlines().index("gone:") + 1
    row = status_rows(check_project(project), project, ON)[-1]
    assert (row.slug, row.translation) == ("gone", "recorded, no articles")
    assert [problem.text() for problem in row.problems] == [
        f"docs/articles/translations.yaml:{line}: notice CI204 records topic 'gone', "
        "which has no article in both languages: run `chapter sync --prune`",
    ]


def test_status_lists_every_broken_promise_of_a_topic(project):
    """A topic can break two promises at once, a label kept too long and a day still to come: the row names both."""
    catalogue = project / "topics.yaml"
    text = catalogue.read_text(encoding="utf-8")
    assert "    reviewed: 2026-12-01\n" in text  # pruning's, the one topic labelled new
    catalogue.write_text(text.replace("    reviewed: 2026-12-01\n", "    reviewed: 2027-12-01\n", 1), encoding="utf-8")
    row = status_rows(check_project(project), project, datetime.date(2027, 6, 1))[0]
    assert row.slug == "pruning"
    assert [problem.rule for problem in row.problems] == ["CI303", "CI301"]  # the date first: the rest counts from it
    assert row.label == "new (day 183 of 180) — promise broken"
