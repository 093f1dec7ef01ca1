"""The chapter's standard for an article: what every published article gives its reader.

Each rule has an id an author can look up and a message that says what to do.
`chapter check` runs them over every article; the content tests run the same
rules. The build does not: a draft below the standard still publishes.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

from .article_html import text_without_tags
from .articles import SOURCES_ANCHOR, Outline, prose_lines, word_count
from .files import FileError, read_text
from .urls import ARTICLES_FOLDER

MIN_WORDS = 600
MIN_SECTIONS = 3  # besides the sources
MIN_SOURCES = 3
TOPIC_LINK = re.compile(r"^(?P<slug>[a-z0-9-]+)\.md(?:#[a-z0-9-]+)?$")
HYPHEN_AS_DASH = re.compile(r"\S[ \t]+-[ \t]+\S")
MISSING_YO = re.compile(r"(?i)\b(еще|ее|объем\w*)\b")
PERCENT_WITHOUT_SPACE = re.compile(r"\d%")


@dataclass(frozen=True)
class Article:
    """One article as the rules read it; `figures` maps each figure's path to its SVG text, or None when missing."""

    slug: str
    lang: str
    text: str
    outline: Outline
    slugs: frozenset[str]
    figures: dict[str, str | None]


def read_article(docs: Path, slugs: frozenset[str], slug: str, lang: str, text: str, found: Outline) -> Article:
    """An article as the standard's rules read it, with the SVG text of each figure it shows."""
    figures = {}
    for figure in found.figures:
        path = docs / ARTICLES_FOLDER / figure.source
        try:
            figures[figure.source] = read_text(path, figure.source) if path.is_file() else None
        except FileError:
            figures[figure.source] = None  # the figure's own check names what is wrong with it
    return Article(slug, lang, text, found, slugs, figures)


Found = list[tuple[int, str]]


@dataclass(frozen=True)
class Rule:
    id: str
    title: str
    check: Callable[[Article], Found]


def _length(article: Article) -> Found:
    words = word_count(article.text)
    return (
        []
        if words >= MIN_WORDS
        else [(1, f"the article has {words} words of prose; the standard is at least {MIN_WORDS}")]
    )


def _sections(article: Article) -> Found:
    sections = article.outline.sections
    found = []
    if len(sections) - 1 < MIN_SECTIONS:
        found.append(
            (1, f"{max(len(sections) - 1, 0)} sections besides the sources; the standard is at least {MIN_SECTIONS}")
        )
    if not sections or sections[-1].anchor != SOURCES_ANCHOR:
        line = sections[-1].line if sections else 1
        found.append((line, f"the article ends with its sources: a last section '## … {{ #{SOURCES_ANCHOR} }}'"))
    return found


def _sources(article: Article) -> Found:
    links = [link for link in article.outline.links if link.in_sources]
    found = []
    if len(links) < MIN_SOURCES:
        found.append((links[0].line if links else 1, f"{len(links)} sources; the standard is at least {MIN_SOURCES}"))
    seen: set[str] = set()
    for link in links:
        parts = urlsplit(link.target)
        if parts.scheme != "https" or "." not in parts.netloc:
            found.append((link.line, f"source '{link.target}' is not an https:// address"))
        if link.target in seen:
            found.append((link.line, f"source '{link.target}' is listed twice"))
        seen.add(link.target)
    return found


def _something_to_use(article: Article) -> Found:
    found = article.outline
    return (
        []
        if found.code or found.tables or found.figures
        else [(1, "give the reader something to use: code, a table or a figure")]
    )


def _related_topics(article: Article) -> Found:
    targets = [TOPIC_LINK.match(link.target) for link in article.outline.links if not link.in_sources]
    related = {match["slug"] for match in targets if match} - {article.slug}
    if not related & article.slugs:
        return [(1, "link to at least one other topic of the chapter: [title](slug.md)")]
    return []


def _typography(article: Article) -> Found:
    found = []
    for line, prose in prose_lines(article.text):
        text = text_without_tags(prose)  # the quotes of an HTML attribute are not the author's typography
        if '"' in text:
            found.append((line, "straight quotes in prose: use «» in Russian, “” in English"))
        if HYPHEN_AS_DASH.search(text):
            found.append((line, "a hyphen used as a dash: use — (or – for ranges)"))
        if article.lang == "ru":
            for match in MISSING_YO.finditer(text):
                found.append((line, f"'{match[0]}': write ё (ещё, её, объём)"))
            if PERCENT_WITHOUT_SPACE.search(text):
                found.append((line, "a number and % are set apart by a space in Russian: «5 %»"))
    return found


def _figures(article: Article) -> Found:
    found = []
    for figure in article.outline.figures:
        if not figure.alt.strip():
            found.append((figure.line, "a figure needs a text alternative: ![what the figure shows](…)"))
        if not (figure.source.startswith("../figures/") and figure.source.endswith(".svg")):
            found.append(
                (
                    figure.line,
                    f"figure '{figure.source}': figures are SVG files in"
                    " docs/figures/, linked as ../figures/<name>.svg",
                )
            )
            continue
        svg = article.figures.get(figure.source)  # None: missing, which stops the build (CI505)
        if (
            svg is not None and "viewBox" not in svg
        ):  # what a figure may load or run is figure_safety's to say, for every figure, used or not
            found.append((figure.line, f"figure '{figure.source}' has no viewBox, so it cannot scale to the page"))
    return found


RULES = (
    Rule("CI101", "long enough to be useful", _length),
    Rule("CI102", "sections, ending with the sources", _sections),
    Rule("CI103", "real, distinct sources", _sources),
    Rule("CI104", "something to use", _something_to_use),
    Rule("CI105", "links to related topics", _related_topics),
    Rule("CI106", "typography", _typography),
    Rule("CI107", "figures that ship with the site", _figures),
)


def standard_problems(article: Article, rules: tuple[Rule, ...] = RULES) -> list[tuple[int, str, str]]:
    """(line, rule id, message) for every way the article falls short, in line order."""
    return sorted((line, rule.id, message) for rule in rules for line, message in rule.check(article))
