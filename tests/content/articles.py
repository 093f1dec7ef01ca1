"""The committed articles, read the way the content tests need them."""

from __future__ import annotations

from pathlib import Path

from chapter.articles import Outline, outline
from chapter.catalogue import LANGUAGES
from chapter.glossary import load_glossary
from chapter.loader import load_catalogue
from chapter.project import standard_article
from chapter.standard import Article
from chapter.urls import article_source
from tools.site import ROOT

DOCS = ROOT / "docs"
CATALOGUE = load_catalogue(ROOT / "topics.yaml")
GLOSSARY = load_glossary(ROOT / "glossary.yaml")
# Topics whose articles are written: all of them, the chapter's own and those borrowed from other chapters.
WRITTEN = tuple(topic.slug for topic in CATALOGUE.topics)
SLUGS = frozenset(topic.slug for topic in CATALOGUE.topics)


def path(slug: str, lang: str) -> Path:
    return DOCS / article_source(slug, lang)


def text(slug: str, lang: str) -> str:
    return path(slug, lang).read_text(encoding="utf-8")


def read(slug: str, lang: str) -> Outline:
    return outline(text(slug, lang))


def article(slug: str, lang: str) -> Article:
    """The article as the standard's rules read it, as `chapter check` reads it."""
    return standard_article(DOCS, SLUGS, slug, lang, text(slug, lang), read(slug, lang))


def every_article() -> list[tuple[str, str]]:
    """(slug, language) of every article file present, written or not yet required."""
    return [(slug, lang) for slug in sorted(SLUGS) for lang in LANGUAGES if path(slug, lang).is_file()]
