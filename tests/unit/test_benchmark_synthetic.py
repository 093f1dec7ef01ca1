"""The benchmarks' synthetic chapters pass every check of the strict build, at any size."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from benchmarks.synthetic import article, shares, synthetic_catalogue, synthetic_project
from chapter.project import review_project
from tools.site import MINI


@pytest.mark.parametrize("size", [2, 5])
def test_a_synthetic_chapter_passes_the_strict_check(tmp_path: Path, size: int):
    project = synthetic_project(tmp_path / "project", size, source=MINI)
    review = review_project(project)
    assert [problem.text() for problem in review.problems] == []
    assert review.project is not None
    assert len(review.project.catalogue.topics) == size
    # every fact is quoted and every figure shown: a strict build refuses either left out (CI404, CI607)
    assert set(review.project.fact_uses) == set(yaml.safe_load((MINI / "facts.yaml").read_text())["facts"])
    assert review.project.figures_shown == {"../figures/pruning-zeros.svg"}


def test_shares_deal_every_item_to_some_topic():
    assert shares(["a", "b", "c"], 2) == [["a", "c"], ["b"]]
    assert shares(["a", "b"], 5) == [["a"], ["b"], ["a"], ["b"], ["a"]]
    assert shares([], 2) == [[], []]


def test_a_catalogue_keeps_only_the_lending_chapters_its_topics_come_from():
    real = yaml.safe_load((MINI / "topics.yaml").read_text(encoding="utf-8"))
    one = synthetic_catalogue(real, 1)  # the first topic of the mini chapter is the chapter's own
    assert [topic["slug"] for topic in one["topics"]] == ["pruning-1"]
    assert one["chapters"] == []
    six = synthetic_catalogue(real, 6)
    assert [topic.get("origin") for topic in six["topics"]].count("mlops") == 2
    assert [chapter["id"] for chapter in six["chapters"]] == ["mlops"]


def test_both_languages_of_an_article_have_the_same_sections_facts_and_figures():
    topics = [{"slug": f"t-{n}", "title": {"ru": f"Тема {n}", "en": f"Topic {n}"}} for n in range(3)]
    texts = {
        lang: article(topics[0], lang, topics, words, ["f-1"], ["figure"])
        for lang, words in (("ru", ["слово", "модель"]), ("en", ["word", "model"]))
    }
    anchors = {
        lang: [line.rsplit("{ #", 1)[1] for line in text.splitlines() if line.startswith("## ")]
        for lang, text in texts.items()
    }
    assert anchors["ru"] == anchors["en"]
    assert len(anchors["ru"]) == 6 and anchors["ru"][-1] == "sources }"
    for text in texts.values():
        assert "{fact:f-1}" in text
        assert "](../figures/figure.svg)" in text
        assert "```python\n" in text and "](t-" in text
