"""The print edition: every topic page's article on one page per language, made to be read on paper.

The edition reuses the HTML each topic page shows, facts resolved, figures in
the page language, so paper and screen cannot disagree. Put on one page, the
articles' identifiers would collide (every article has its `__codelineno-0-1`,
its `fn:1`, its sections with common names) and their links would lead off the
page. So each article is read with a real HTML parser (selectolax, as the gate
reads pages) and every identifier is given its topic's prefix; every link that
lands on a page the edition holds — another topic, the glossary, the facts —
becomes an anchor inside the edition, and the others are made relative to the
edition's own address. Nothing here knows about MkDocs.
"""

from __future__ import annotations

import datetime
import posixpath
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass
from urllib.parse import urlsplit

from markupsafe import Markup
from selectolax.lexbor import LexborHTMLParser, LexborNode

from .badge import Badge
from .catalogue import LANGUAGES, Catalogue, Topic
from .facts import Registry
from .language import long_date, translate
from .urls import FACTS_PATH, GLOSSARY_PATH, topic_path

PRINT_PATH = "print/"
GLOSSARY = "glossary"  # the id of the glossary's section in the edition, and the prefix of its entries
FACTS = "facts"
SEPARATOR = "--"  # between a section's prefix and an id of its own: `pruning--two-four`
PDF_NAME = "compute-infrastructure"  # the PDF of each language: print/compute-infrastructure.<lang>.pdf

# What a topic page shows around its article, which the edition replaces with its own heading or leaves out:
# the page header, the neighbour links, the notices that point to the other language, and each heading's ¶ link.
NOT_PRINTED = "header.ci-heading, nav.ci-pager, aside.ci-behind, p.ci-behind-mark, a.headerlink"
# Attributes that name an identifier of the same page (or a list of them), which move with the identifiers.
ID_REFERENCES = (
    "for",
    "headers",
    "list",
    "form",
    "popovertarget",
    "aria-labelledby",
    "aria-describedby",
    "aria-controls",
    "aria-owns",
    "aria-details",
)
ADDRESSES = ("href", "src")


@dataclass(frozen=True)
class Place:
    """Where a piece of HTML comes from: the page whose relative links it holds, and the prefix its identifiers take."""

    page: str  # the page's path, relative to the root of its language: topics/pruning/, glossary/
    prefix: str  # the id of the piece's section in the edition


@dataclass(frozen=True)
class PrintedTopic:
    """One topic of the edition: its heading, and its article as the edition holds it, or where the topic lives."""

    slug: str
    title: str
    other_title: str
    badge: Badge  # linking nowhere on paper
    summary: str
    reviewed: str | None  # the day its article was last checked, as the page language writes it
    article: Markup | None  # None: no article in this language
    origin: str | None  # which chapter a borrowed topic belongs to, as a sentence
    home: str | None  # the topic's address in its own chapter


@dataclass(frozen=True)
class Edition:
    """The print page of one language: its title page, the topics in catalogue order, the glossary and the facts."""

    title: str
    other_title: str
    summary: str
    dates: tuple[str, ...]  # when the articles were reviewed, and when the figures were checked
    topics: tuple[PrintedTopic, ...]
    glossary: Markup | None
    facts: Markup | None


def edition(
    catalogue: Catalogue,
    lang: str,
    pages: Mapping[str, str],
    glossary: str | None,
    facts: str | None,
    registry: Registry,
) -> Edition:
    """The edition of one language from the finished HTML of the chapter's pages.

    `pages` holds each topic page with an article in this language, by slug; `glossary`
    and `facts` the content of those pages, or None where the chapter has none.
    """
    slugs = {topic.slug for topic in catalogue.topics}
    chapter = catalogue.chapter
    other = next(language for language in LANGUAGES if language != lang)
    dates = (
        _span(lang, "print.reviewed", [topic.reviewed for topic in catalogue.topics if topic.reviewed]),
        _span(lang, "print.facts", [fact.as_of for fact in registry.facts]),
    )
    return Edition(
        title=chapter.title[lang],
        other_title=chapter.title[other],
        summary=chapter.summary[lang],
        dates=tuple(date for date in dates if date),
        topics=tuple(_printed(topic, lang, other, pages.get(topic.slug), slugs) for topic in catalogue.topics),
        glossary=Markup(place_in_edition(glossary, Place(GLOSSARY_PATH, GLOSSARY), slugs))
        if glossary is not None
        else None,
        facts=Markup(place_in_edition(facts, Place(FACTS_PATH, FACTS), slugs)) if facts is not None else None,
    )


def _printed(topic: Topic, lang: str, other: str, page: str | None, slugs: Collection[str]) -> PrintedTopic:
    """A topic as the edition shows it; its article is the topic page's, its ids and links made the edition's."""
    here = Place(topic_path(topic.slug), topic.slug)
    return PrintedTopic(
        slug=topic.slug,
        title=topic.title[lang],
        other_title=topic.title[other],
        badge=Badge.of(topic.label, lang, None),
        summary=topic.summary[lang],
        reviewed=translate(lang, "reviewed", date=long_date(lang, topic.reviewed)) if topic.reviewed else None,
        article=Markup(place_in_edition(article_body(page), here, slugs)) if page is not None else None,
        origin=translate(lang, "belongs_to", chapter=translate(lang, "quoted", text=topic.origin.title[lang]))
        if topic.origin
        else None,
        home=topic.home,
    )


def _span(lang: str, key: str, days: list[datetime.date]) -> str | None:
    """A sentence naming the first and the last of `days` (one day when they are the same), or None without any."""
    if not days:
        return None
    first, last = min(days), max(days)
    if first == last:
        return translate(lang, f"{key}.day", date=long_date(lang, first))
    return translate(lang, f"{key}.range", first=long_date(lang, first), last=long_date(lang, last))


def pdf_path(lang: str) -> str:
    """Where the PDF of a language lives, relative to the root of that language."""
    return f"{PRINT_PATH}{PDF_NAME}.{lang}.pdf"


def anchor(prefix: str, fragment: str = "") -> str:
    """The edition's id for `fragment` of the section `prefix`; the section itself without one."""
    return f"{prefix}{SEPARATOR}{fragment}" if fragment else prefix


def article_body(page_html: str) -> str:
    """A topic page's content less what the edition replaces: its header, pager, language notices and ¶ links."""
    document = LexborHTMLParser(page_html)
    for node in document.css(NOT_PRINTED):
        node.decompose()
    return _inner(document)


def place_in_edition(html: str, place: Place, topics: Collection[str]) -> str:
    """HTML from `place.page` as it reads inside the edition: its ids prefixed, its links pointed into the edition.

    `topics` are the slugs of the topics the edition holds, each a section whose id is its slug.
    """
    document = LexborHTMLParser(html)
    for node in _elements(document):
        _rename(node, place.prefix)
        for name in ADDRESSES:
            value = node.attributes.get(name)
            if value is not None:
                node.attrs[name] = (
                    edition_address(value, place, topics) if name == "href" else rebased(value, place.page)
                )
    return _inner(document)


def edition_address(href: str, place: Place, topics: Collection[str]) -> str:
    """Where a link on `place.page` leads in the edition.

    An anchor where the edition holds the page, else the same address from the edition.
    """
    parts = urlsplit(href)
    if parts.scheme or parts.netloc or href.startswith("//"):
        return href
    if not parts.path and not parts.query:
        return f"#{anchor(place.prefix, parts.fragment)}"
    target = _site_path(place.page, parts.path)
    section = _section(target, topics)
    if section is not None and not parts.query:
        return f"#{anchor(section, parts.fragment)}"
    return rebased(href, place.page)


def rebased(url: str, page: str) -> str:
    """A relative address written on `page`, rewritten to lead to the same file from the edition; others unchanged."""
    parts = urlsplit(url)
    if parts.scheme or parts.netloc or url.startswith("//") or not parts.path or parts.path.startswith("/"):
        return url
    target = _site_path(page, parts.path)
    rest = (f"?{parts.query}" if parts.query else "") + (f"#{parts.fragment}" if parts.fragment else "")
    return _from_edition(target) + rest


def ids(html: str) -> list[str]:
    """Every id in a piece of HTML, in document order, repeats included."""
    return [node.attributes["id"] or "" for node in LexborHTMLParser(html).css("[id]")]


def _from_edition(target: str) -> str:
    """The relative address of the site path `target` (a folder ends in /) from the edition's page."""
    return "../" * PRINT_PATH.count("/") + target


def _site_path(page: str, path: str) -> str:
    """The path, relative to the language's root, that `path` written on `page` names ('' for the root).

    Folders keep their /.
    """
    joined = posixpath.normpath(posixpath.join(page, path))
    if joined in (".", ""):
        return ""
    return joined + "/" if path.endswith("/") or path.endswith("..") or path == "." else joined


def _section(target: str, topics: Collection[str]) -> str | None:
    """The edition's section that holds the page at `target`: a topic, the glossary or the facts; None for any other."""
    if target == GLOSSARY_PATH:
        return GLOSSARY
    if target == FACTS_PATH:
        return FACTS
    slug = target.removeprefix("topics/").removesuffix("/")
    return slug if slug in topics and target == topic_path(slug) else None


def _rename(node: LexborNode, prefix: str) -> None:
    """The element's id, name (a link's old-style anchor, a group of tabs) and references to ids, each given the prefix.

    A name is an identifier too: two topics' `__tabbed_1` radio buttons would make one group of tabs on one page.
    """
    for name in ("id", "name", *ID_REFERENCES):
        value = node.attributes.get(name)
        if value:
            node.attrs[name] = (
                anchor(prefix, value)
                if name in ("id", "name")
                else " ".join(anchor(prefix, part) for part in value.split())
            )


def _elements(document: LexborHTMLParser) -> Iterable[LexborNode]:
    body = document.body
    return body.css("*") if body is not None else ()


def _inner(document: LexborHTMLParser) -> str:
    body = document.body
    return body.inner_html if body is not None and body.inner_html is not None else ""
