"""The real catalogue carries the seed exactly."""

from __future__ import annotations

import dataclasses

import pytest


def test_chapter_matches_the_seed(catalogue, seed):
    assert catalogue.chapter.title.en == seed.title_en
    assert catalogue.chapter.title.ru == seed.title_ru
    assert catalogue.chapter.summary.ru == seed.summary_ru


def test_topics_match_the_seed_in_order(catalogue, seed):
    assert len(catalogue.topics) == len(seed.topics) == 20
    for topic, expected in zip(catalogue.topics, seed.topics, strict=True):
        assert topic.title.en == expected.title_en
        assert topic.label.name.ru == expected.label_ru
        origin = f"из «{topic.origin.title.ru}»" if topic.origin else ""
        assert topic.title.ru + origin + topic.summary.ru == expected.ru_line


def test_nine_topics_are_borrowed(catalogue):
    assert len(catalogue.borrowed) == 9
    assert {topic.origin.id for topic in catalogue.borrowed} == {chapter.id for chapter in catalogue.chapters}


def test_every_english_text_is_written(catalogue):
    texts = (
        [catalogue.chapter.summary]
        + [t.summary for t in catalogue.topics]
        + [label.meaning for label in catalogue.labels]
    )
    for text in texts:
        assert text.en.strip() and text.en != text.ru


def test_objects_are_immutable(catalogue):
    with pytest.raises(dataclasses.FrozenInstanceError):
        catalogue.topics[0].slug = "other"
