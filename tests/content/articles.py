"""The committed articles, read the way the content tests need them.

The catalogue and the glossary are read when a test first asks, not at import, so a mistake in them fails the
content tests that read them with its own message rather than every module that imports this one.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from chapter.articles import Outline, outline
from chapter.catalogue import LANGUAGES, Catalogue
from chapter.glossary import Glossary, load_glossary
from chapter.loader import load_catalogue
from chapter.standard import Article, read_article
from chapter.urls import article_source
from tools.site import ROOT

DOCS = ROOT / "docs"


@cache
def catalogue() -> Catalogue:
    return load_catalogue(ROOT / "topics.yaml")


@cache
def glossary() -> Glossary:
    return load_glossary(ROOT / "glossary.yaml")


def slugs() -> tuple[str, ...]:
    """Every topic's slug, in the catalogue's order: each has its article, borrowed ones included."""
    return tuple(topic.slug for topic in catalogue().topics)


def every_article() -> list[tuple[str, str]]:
    """(slug, language) of every article the catalogue calls for, whether or not its file is there yet."""
    return [(slug, lang) for slug in slugs() for lang in LANGUAGES]


def path(slug: str, lang: str) -> Path:
    return DOCS / article_source(slug, lang)


def text(slug: str, lang: str) -> str:
    return path(slug, lang).read_text(encoding="utf-8")


def read(slug: str, lang: str) -> Outline:
    return outline(text(slug, lang))


def article(slug: str, lang: str) -> Article:
    """The article as the standard's rules read it, as `chapter check` reads it."""
    return read_article(DOCS, frozenset(slugs()), slug, lang, text(slug, lang), read(slug, lang))
