"""Labels held to the legend's promises: new only for a while after a topic is added, current only while reviewed."""

from __future__ import annotations

import dataclasses
import datetime

import pytest

from chapter.catalogue import Catalogue
from chapter.loader import load_catalogue
from chapter.promises import broken_promises, field_lines, today
from tools.site import MINI

ADDED = datetime.date(2026, 11, 30)
REVIEWED = datetime.date(2026, 11, 30)


@pytest.fixture
def mini() -> Catalogue:
    return load_catalogue(MINI / "topics.yaml")


def _days(catalogue: Catalogue, label: str, field: str) -> int:
    value = getattr(next(item for item in catalogue.labels if item.id == label), field)
    assert isinstance(value, int)
    return value


def _broken(catalogue, on):
    return [(item.slug, item.rule) for item in broken_promises(catalogue, {}, on)]


def test_the_fixture_states_its_topics_dates_as_this_test_reads_them(mini):
    assert {topic.added for topic in mini.topics} == {ADDED}
    assert {topic.reviewed for topic in mini.topics if topic.label.id == "current"} == {REVIEWED}


def test_a_new_topic_may_stay_new_for_exactly_the_days_the_label_lasts(mini):
    lasts = _days(mini, "new", "lasts")
    assert _broken(mini, ADDED + datetime.timedelta(days=lasts)) == []
    assert _broken(mini, ADDED + datetime.timedelta(days=lasts + 1)) == [("pruning", "CI301")]


def test_the_message_says_how_old_the_topic_is_and_what_to_do(mini):
    lasts = _days(mini, "new", "lasts")
    on = ADDED + datetime.timedelta(days=lasts + 1)
    [broken] = broken_promises(mini, {"pruning": {"label": 40, "added": 38}}, on)
    assert broken.line == 40
    assert broken.message == (
        f"topics[0].label: 'new' stays on a topic for {lasts} days after it was added, "
        f"and 'pruning' was added on 2026-11-30, {lasts + 1} days ago:"
        " review the article and give the topic a label that says what it is now"
        " (such as 'current', with a `reviewed` date)"
    )


def test_a_current_topic_needs_a_review_within_the_labels_period(mini):
    within = _days(mini, "current", "review_within")
    reviews = [
        (slug, rule) for slug, rule in _broken(mini, REVIEWED + datetime.timedelta(days=within)) if rule == "CI302"
    ]
    assert reviews == []
    late = REVIEWED + datetime.timedelta(days=within + 1)
    assert [(slug, rule) for slug, rule in _broken(mini, late) if rule == "CI302"] == [
        ("gpu-architecture", "CI302"),
        ("kubernetes", "CI302"),
    ]
    [broken] = [item for item in broken_promises(mini, {}, late) if item.slug == "gpu-architecture"]
    assert (
        f"was last reviewed on 2026-11-30, {within + 1} days ago: "
        "check the article against its sources and update `reviewed`" in broken.message
    )


def test_a_current_topic_without_any_review_date_is_reported(mini):
    topics = tuple(
        dataclasses.replace(topic, reviewed=None) if topic.slug == "kubernetes" else topic for topic in mini.topics
    )
    found = broken_promises(
        dataclasses.replace(mini, topics=topics), {}, ADDED + datetime.timedelta(days=1)
    )  # every date of the fixture is past
    assert [(item.slug, item.rule) for item in found] == [("kubernetes", "CI302")]
    assert (
        "has no `reviewed` date: check the article against its sources and add `reviewed: YYYY-MM-DD`"
        in found[0].message
    )


def test_labels_without_promises_promise_nothing(mini):
    labels = tuple(dataclasses.replace(label, lasts=None, review_within=None) for label in mini.labels)
    by_id = {label.id: label for label in labels}
    topics = tuple(dataclasses.replace(topic, label=by_id[topic.label.id], reviewed=None) for topic in mini.topics)
    assert (
        _broken(dataclasses.replace(mini, labels=labels, topics=topics), ADDED + datetime.timedelta(days=10_000)) == []
    )


def test_field_lines_point_at_each_topics_fields(mini):
    text = (MINI / "topics.yaml").read_text(encoding="utf-8").splitlines()
    lines = field_lines(MINI / "topics.yaml")
    assert sorted(lines) == sorted(topic.slug for topic in mini.topics)
    for slug, fields in lines.items():
        assert text[fields["slug"] - 1] == f"  - slug: {slug}"
        for name in ("label", "added"):
            assert text[fields[name] - 1].startswith(f"    {name}: ")


@pytest.mark.parametrize(("field", "what"), [("added", "was added"), ("reviewed", "was last checked")])
def test_a_day_still_to_come_is_reported_at_its_field(mini, field, what):
    """A future date would stretch the promise that counts from it.

    For example, 'current' for a year past a review that never happened.
    """
    later = datetime.date(2027, 6, 1)
    topics = tuple(
        dataclasses.replace(topic, **{field: later}) if topic.slug == "gpu-architecture" else topic
        for topic in mini.topics
    )
    on = REVIEWED + datetime.timedelta(days=1)
    found = broken_promises(
        dataclasses.replace(mini, topics=topics), {"gpu-architecture": {"label": 30, field: 33}}, on
    )
    assert [(item.slug, item.rule, item.line) for item in found] == [("gpu-architecture", "CI303", 33)]
    assert (
        found[0].message == f"topics[1].{field}: 2027-06-01 is after today (2026-12-01): write the day the topic {what}"
    )
    assert _broken(mini, on) == []  # the fixture's own dates are all in the past


def test_today_is_the_day_of_source_date_epoch():
    midnight = int(datetime.datetime(2026, 12, 1, tzinfo=datetime.UTC).timestamp())
    assert today({"SOURCE_DATE_EPOCH": str(midnight)}) == datetime.date(2026, 12, 1)
    assert today({"SOURCE_DATE_EPOCH": str(midnight + 86_399)}) == datetime.date(2026, 12, 1)
    assert today({"SOURCE_DATE_EPOCH": str(midnight - 1)}) == datetime.date(2026, 11, 30)
