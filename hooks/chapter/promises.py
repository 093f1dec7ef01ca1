"""Whether each topic's label still says what the legend promises: new for a while, current only when reviewed.

A label may declare `lasts` (days after a topic's `added` date that it may stay
on the topic) and `review_within` (days within which the topic needs a
`reviewed` date). "Today" is the day of SOURCE_DATE_EPOCH where it is set, so a
check of one commit gives the same answer on every machine and every day.
"""

from __future__ import annotations

import datetime
import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

import yaml

from .catalogue import Catalogue, Topic


def today(environ: Mapping[str, str] = os.environ) -> datetime.date:
    epoch = environ.get("SOURCE_DATE_EPOCH", "").strip()
    if epoch.isdigit():
        return datetime.datetime.fromtimestamp(int(epoch), datetime.UTC).date()
    return datetime.datetime.now(datetime.UTC).date()


@dataclass(frozen=True)
class Broken:
    """A topic whose label breaks a promise: where to fix it and what to do."""

    slug: str
    line: int
    rule: str
    message: str


def broken_promises(catalogue: Catalogue, lines: Mapping[str, Mapping[str, int]], on: datetime.date) -> list[Broken]:
    """Every topic whose label, on the day `on`, says more than the topic's dates allow.

    `lines` gives the line of each topic's fields.
    """
    found = []
    for position, topic in enumerate(catalogue.topics):
        field = f"topics[{position}].label"
        places = lines.get(topic.slug, {})
        line = places.get("label", 1)
        label = topic.label
        # A day still to come would stretch every promise that counts from it.
        for name, day, what in (("added", topic.added, "was added"), ("reviewed", topic.reviewed, "was last checked")):
            if day is not None and day > on:
                found.append(
                    Broken(
                        topic.slug,
                        places.get(name, line),
                        "CI303",
                        f"topics[{position}].{name}: {day.isoformat()} is after today"
                        f" ({on.isoformat()}): write the day the topic {what}",
                    )
                )
        if label.lasts is not None and (on - topic.added).days > label.lasts:
            age = (on - topic.added).days
            found.append(
                Broken(
                    topic.slug,
                    line,
                    "CI301",
                    f"{field}: '{label.id}' stays on a topic for {label.lasts} days after it was added, and"
                    f" {topic.slug!r} was added on {topic.added.isoformat()}, {age} days ago: review the article and"
                    f" give the topic a label that says what it is now{_other(catalogue, topic)}",
                )
            )
        if label.review_within is not None:
            if topic.reviewed is None:
                found.append(
                    Broken(
                        topic.slug,
                        line,
                        "CI302",
                        f"{field}: '{label.id}' promises a review within {label.review_within} days, and {topic.slug!r}"
                        " has no `reviewed` date: check the article against its sources and add `reviewed: YYYY-MM-DD`",
                    )
                )
            elif (on - topic.reviewed).days > label.review_within:
                found.append(
                    Broken(
                        topic.slug,
                        line,
                        "CI302",
                        f"{field}: '{label.id}' promises a review within {label.review_within} days, and {topic.slug!r}"
                        f" was last reviewed on {topic.reviewed.isoformat()}, {(on - topic.reviewed).days} days ago:"
                        " check the article against its sources and update `reviewed`",
                    )
                )
    return found


def _other(catalogue: Catalogue, topic: Topic) -> str:
    """A suggestion of the label to move to: one that makes a promise about reviews rather than age."""
    reviewed = [
        label.id for label in catalogue.labels if label.review_within is not None and label.id != topic.label.id
    ]
    return f" (such as '{reviewed[0]}', with a `reviewed` date)" if reviewed else ""


def field_lines(path: Path) -> dict[str, dict[str, int]]:
    """The line of each field of each topic in a valid catalogue, by slug, for messages that point at it."""
    root = yaml.compose(path.read_text(encoding="utf-8"), Loader=yaml.SafeLoader)
    topics = next((value for key, value in root.value if key.value == "topics"), None)
    lines = {}
    for item in topics.value if topics is not None else ():
        fields = {key.value: value for key, value in item.value}
        lines[fields["slug"].value] = {name: value.start_mark.line + 1 for name, value in fields.items()}
    return lines
