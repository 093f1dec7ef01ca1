"""The catalogue file carries the seed exactly, and the loader refuses what it cannot trust."""

from __future__ import annotations

import dataclasses

import pytest

from chapter.catalogue import CatalogueError, parse_catalogue
from tests.site import ROOT

REAL = (ROOT / "topics.yaml").read_text(encoding="utf-8")


def test_chapter_matches_the_seed(catalogue, seed):
    assert catalogue.chapter.title.en == seed.title_en
    assert catalogue.chapter.title.ru == seed.title_ru
    assert catalogue.chapter.summary.ru == seed.summary_ru


def test_topics_match_the_seed_in_order(catalogue, seed):
    assert len(catalogue.topics) == len(seed.topics) == 20
    for topic, expected in zip(catalogue.topics, seed.topics):
        assert topic.title.en == expected.title_en
        assert topic.label.name.ru == expected.label_ru
        origin = f"из «{topic.origin.title.ru}»" if topic.origin else ""
        assert topic.title.ru + origin + topic.summary.ru == expected.ru_line


def test_nine_topics_are_borrowed(catalogue):
    assert len(catalogue.borrowed) == 9
    assert {topic.origin.id for topic in catalogue.borrowed} == {chapter.id for chapter in catalogue.chapters}


def test_every_english_text_is_written(catalogue):
    texts = [catalogue.chapter.summary] + [t.summary for t in catalogue.topics] + [label.meaning for label in catalogue.labels]
    for text in texts:
        assert text.en.strip() and text.en != text.ru


def test_objects_are_immutable(catalogue):
    with pytest.raises(dataclasses.FrozenInstanceError):
        catalogue.topics[0].slug = "other"


def _error(text: str) -> str:
    with pytest.raises(CatalogueError) as caught:
        parse_catalogue(text)
    return str(caught.value)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (("label: new\n    title:\n      en: AI Accelerators", "label: hot\n    title:\n      en: AI Accelerators"),
         "topics[0].label: unknown label 'hot'; expected one of: new, current"),
        (("origin: mlops\n    title:\n      en: Kubernetes", "origin: devops\n    title:\n      en: Kubernetes"),
         "topics[11].origin: unknown chapter 'devops'; expected one of: ml-system-design, mlops"),
        (("slug: gpu-architecture", "slug: ai-accelerators"),
         "topics[1].slug: duplicate slug 'ai-accelerators'"),
        (("      en: GPU Architecture\n", ""),
         "topics[1].title: missing required key 'en'"),
        (("      ru: Архитектура GPU\n", ""),
         "topics[1].title: missing required key 'ru'"),
        (("slug: pruning", "slug: ../pruning"),
         "topics[16].slug: '../pruning' is not a lower-case kebab-case identifier"),
        (("origin: mlops\n    title:\n      en: Kubernetes", "origin: compute-infrastructure\n    title:\n      en: Kubernetes"),
         "topics[11].origin: a topic cannot be borrowed from its own chapter"),
    ],
    ids=["unknown label", "unknown origin", "duplicate slug", "missing English title", "missing Russian title", "unsafe slug", "own chapter"],
)
def test_invalid_catalogue_is_refused_naming_file_and_field(change, message):
    old, new = change
    assert old in REAL
    error = _error(REAL.replace(old, new, 1))
    assert error.startswith("topics.yaml:")
    assert message in error


def test_error_points_at_the_line_and_column_of_the_value():
    broken = REAL.replace("label: new", "label: hot", 1)
    line = broken.splitlines().index("    label: hot") + 1
    assert _error(broken).startswith(f"topics.yaml:{line}:12: topics[0].label:")


def test_all_problems_are_reported_together_in_line_order():
    broken = REAL.replace("label: new", "label: hot", 1).replace("slug: pruning", "slug: Pruning", 1)
    lines = _error(broken).splitlines()
    assert len(lines) == 2
    assert "topics[0].label" in lines[0] and "topics[16].slug" in lines[1]


def test_yaml_syntax_error_names_the_line():
    assert _error('chapter:\n  id: "unclosed\n').startswith("topics.yaml:")


def test_empty_file_is_refused():
    assert "empty" in _error("")
