"""The chapter catalogue as small immutable objects; `loader.py` reads them from `topics.yaml`."""

from __future__ import annotations

import datetime
from dataclasses import dataclass

LANGUAGES = ("ru", "en")
DEFAULT_LANGUAGE = LANGUAGES[0]  # served at the site root; the others under /<lang>/


@dataclass(frozen=True)
class Text:
    """A string in every language of the site."""

    ru: str
    en: str

    def __getitem__(self, lang: str) -> str:
        return getattr(self, lang)


@dataclass(frozen=True)
class Chapter:
    id: str
    title: Text
    summary: Text


@dataclass(frozen=True)
class Label:
    id: str
    name: Text
    meaning: Text


@dataclass(frozen=True)
class OtherChapter:
    """A chapter of the knowledge base that lends topics to this one."""

    id: str
    title: Text
    url: str | None


@dataclass(frozen=True)
class Topic:
    slug: str
    title: Text
    summary: Text
    label: Label
    origin: OtherChapter | None
    reviewed: datetime.date | None = None  # when its article was last checked against its sources


@dataclass(frozen=True)
class Catalogue:
    chapter: Chapter
    labels: tuple[Label, ...]
    chapters: tuple[OtherChapter, ...]
    topics: tuple[Topic, ...]

    @property
    def borrowed(self) -> tuple[Topic, ...]:
        return tuple(topic for topic in self.topics if topic.origin is not None)

    def topic(self, slug: str) -> Topic:
        return next(topic for topic in self.topics if topic.slug == slug)
