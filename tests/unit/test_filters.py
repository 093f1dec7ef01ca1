"""The filtered views of the chapter index, without MkDocs."""

from __future__ import annotations

import pytest

from chapter.catalogue import Catalogue
from chapter.filters import ALL, OWN, View, card_views, views
from chapter.loader import load_catalogue
from tools.site import MINI


@pytest.fixture(scope="module")
def catalogue() -> Catalogue:
    """The small chapter (two labels, a topic borrowed from mlops), not the real one, whose topics authors change."""
    return load_catalogue(MINI / "topics.yaml")


def test_every_label_and_origin_combination_is_a_view_the_unfiltered_one_first(catalogue):
    found = views(catalogue)
    lending = [chapter.id for chapter in catalogue.chapters]
    assert found[0] == View(ALL, ALL) and found[0].is_default and found[0].target == ""
    assert {view.key for view in found} == {
        f"{label}-{origin}"
        for label in [ALL, *(known.id for known in catalogue.labels)]
        for origin in [ALL, OWN, *lending]
    }
    assert all(view.target == f"filter-{view.key}" for view in found[1:])


def test_a_view_shows_the_topics_of_its_label_and_origin(catalogue):
    new_mlops = View("new", "mlops")
    own_current = View("current", OWN)
    for topic in catalogue.topics:
        origin = topic.origin.id if topic.origin else None
        assert new_mlops.shows(topic) == (topic.label.id == "new" and origin == "mlops")
        assert own_current.shows(topic) == (topic.label.id == "current" and origin is None)
        assert View(ALL, ALL).shows(topic)


def test_a_card_belongs_to_four_views(catalogue):
    topic = next(t for t in catalogue.topics if t.origin and t.origin.id == "mlops")
    assert set(card_views(topic, views(catalogue))) == {
        "all-all",
        f"{topic.label.id}-all",
        "all-mlops",
        f"{topic.label.id}-mlops",
    }


def test_lending_chapters_without_topics_get_no_view(catalogue):
    import dataclasses

    from chapter.catalogue import OtherChapter, Text

    idle = OtherChapter("idle", Text(ru="Без тем", en="No topics"), None)
    assert not any(
        view.origin == "idle" for view in views(dataclasses.replace(catalogue, chapters=(idle, *catalogue.chapters)))
    )
