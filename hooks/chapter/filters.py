"""Narrowing the chapter index by label and by origin, with no script.

Each view — a label or all labels, and this chapter's own topics, one lending
chapter's or all — has an address of its own, `#filter-<label>-<origin>`; while
some articles of the page's language lag behind the other language, one more
view, `#filter-translation-behind`, shows their topics. The
index holds an empty target element per view; the stylesheet shows a view's
filter bar and note and hides the cards outside it while its target is the
page's fragment. So a view can be shared and bookmarked, works with scripts
switched off, and a hidden card is hidden from assistive technology too.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product

from .catalogue import Catalogue, Topic

ALL = "all"
OWN = "own"
BEHIND = "translation-behind"


@dataclass(frozen=True)
class View:
    label: str  # a label id or ALL
    origin: str  # OWN, a lending chapter's id, or ALL
    behind: frozenset[str] | None = None  # the slugs whose translation lags, for the view that shows only those

    @property
    def key(self) -> str:
        return BEHIND if self.behind is not None else f"{self.label}-{self.origin}"

    @property
    def target(self) -> str:
        """The id whose fragment shows this view; the unfiltered index needs none."""
        return "" if self.is_default else f"filter-{self.key}"

    @property
    def is_default(self) -> bool:
        return self.label == ALL and self.origin == ALL and self.behind is None

    def shows(self, topic: Topic) -> bool:
        origin = topic.origin.id if topic.origin else OWN
        in_step = self.behind is None or topic.slug in self.behind
        return self.label in (ALL, topic.label.id) and self.origin in (ALL, origin) and in_step


def views(catalogue: Catalogue, behind: frozenset[str] = frozenset()) -> list[View]:
    """Every combination of a label (or all) and an origin (or all), the unfiltered index first.

    Then the lagging translations' view, if any lag.
    """
    labels = [ALL, *(label.id for label in catalogue.labels)]
    origins = [
        ALL,
        OWN,
        *(
            chapter.id
            for chapter in catalogue.chapters
            if any(t.origin and t.origin.id == chapter.id for t in catalogue.topics)
        ),
    ]
    found = [View(label, origin) for label, origin in product(labels, origins)]
    return found + [View(ALL, ALL, behind)] if behind else found


def card_views(topic: Topic, all_views: list[View]) -> tuple[str, ...]:
    """The keys of the views a topic's card belongs to."""
    return tuple(view.key for view in all_views if view.shows(topic))
