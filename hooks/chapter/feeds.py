"""The chapter's Atom feeds (RFC 4287), one per language, made from the catalogue's dates.

A reader who subscribes learns when a topic is added and when its article is
checked again. The dates are the ones authors write in topics.yaml (`added`,
`reviewed`), never a file's time or git history: two builds of one commit write
the same bytes, and a shallow clone writes what a full one does.

Entry ids are tag: URIs (RFC 4151) named by the chapter's id, not by the host the
site is published at, so they stay the same when the site moves (RFC 4287 §4.2.6
forbids an id to change when a feed is relocated). Links are absolute where the
build knows the site's address; a preview has none and writes them relative to the
feed's own address, against which a feed reader resolves them (RFC 3986 §5.1.3).

Borrowed topics are entries too: each has its page and its article here, checked
here, so a reader of this chapter meets it here whatever its home chapter
announces; the entry names that chapter as its category.
"""

from __future__ import annotations

import datetime
from collections.abc import Collection, Iterable
from dataclasses import dataclass
from pathlib import Path

import jinja2

from .catalogue import DEFAULT_LANGUAGE, LANGUAGES, Catalogue, Topic
from .language import translate
from .urls import INDEX, topic_path

FEED_NAME = "feed.atom"
FEED_TEMPLATE = "feed.xml"  # in the chapter's templates folder; not published itself
MEDIA_TYPE = "application/atom+xml"
# The day the chapter's feeds began: the date of each feed's tag: id, which must never change.
FEEDS_BEGAN = "2026-12-03"
ADDED, REVIEWED = "added", "reviewed"


@dataclass(frozen=True)
class CategoryView:
    term: str
    label: str


@dataclass(frozen=True)
class EntryView:
    id: str
    title: str
    summary: str
    href: str
    updated: str  # an RFC 3339 date-time
    category: CategoryView | None  # the home chapter of a borrowed topic


@dataclass(frozen=True)
class FeedView:
    lang: str
    id: str
    title: str
    subtitle: str
    author: str
    self_href: str
    home_href: str
    updated: str
    entries: tuple[EntryView, ...]


@dataclass(frozen=True)
class FeedLink:
    """What a page's head needs to name its language's feed.

    Without `hreflang`: search engines read a page's `alternate` links with a language as that
    page in other languages, and the feed says its own language (`xml:lang`). A preview, which
    has no address, names its feed by path.
    """

    path: str  # from the site root
    title: str
    address: str | None  # absolute, where the site has an address


def feed_path(lang: str) -> str:
    """The feed of `lang` from the site root: `feed.atom` for the default language, `<lang>/feed.atom` for others."""
    return ("" if lang == DEFAULT_LANGUAGE else f"{lang}/") + FEED_NAME


def feed_link(lang: str, site_url: str | None) -> FeedLink:
    address = language_base(site_url, lang) + FEED_NAME if site_url else None
    return FeedLink(feed_path(lang), translate(lang, "feed.link"), address)


def language_base(site_url: str | None, lang: str) -> str:
    """Where `lang`'s pages start: absolute under a published address, "" (relative to the feed) in a preview."""
    if not site_url:
        return ""
    root = site_url if site_url.endswith("/") else site_url + "/"
    return root + ("" if lang == DEFAULT_LANGUAGE else f"{lang}/")


def timestamp(date: datetime.date) -> str:
    """A catalogue date as the date-time Atom requires: the start of that day in UTC."""
    return f"{date.isoformat()}T00:00:00Z"


def entry_id(chapter: str, date: datetime.date, lang: str, slug: str, kind: str) -> str:
    """One event's id, e.g. `tag:compute-infrastructure,2026-11-30:en/pruning/added`: a later review gets a new one."""
    return f"tag:{chapter},{date.isoformat()}:{lang}/{slug}/{kind}"


def feed(catalogue: Catalogue, lang: str, base: str, written: Collection[str] | None = None) -> FeedView:
    """The feed of one language, newest entry first.

    `base` comes from language_base; `written` holds the slugs whose article exists in `lang` (None: all).

    A topic gives an entry on the day it was added, and one on the day its article
    was reviewed when that is later and the article is written in this language.
    """
    chapter = catalogue.chapter
    events = sorted(
        _events(catalogue.topics, written), key=lambda event: (-event[0].toordinal(), event[1] != REVIEWED, event[2])
    )
    entries = tuple(
        _entry(catalogue, catalogue.topics[position], date, kind, lang, base) for date, kind, position in events
    )
    newest = max((date for date, _, _ in events), default=None)
    return FeedView(
        lang=lang,
        id=f"tag:{chapter.id},{FEEDS_BEGAN}:{lang}/feed",
        title=chapter.title[lang],
        subtitle=chapter.summary[lang],
        author=chapter.title[lang],
        self_href=base + FEED_NAME,
        home_href=base + INDEX if base else "./",
        updated=timestamp(newest) if newest else timestamp(datetime.date.fromisoformat(FEEDS_BEGAN)),
        entries=entries,
    )


def _events(topics: Iterable[Topic], written: Collection[str] | None) -> Iterable[tuple[datetime.date, str, int]]:
    """(date, kind, position in the catalogue) of every entry: catalogue order breaks ties, so the order is stable."""
    for position, topic in enumerate(topics):
        yield topic.added, ADDED, position
        if topic.reviewed is not None and topic.reviewed > topic.added and (written is None or topic.slug in written):
            yield topic.reviewed, REVIEWED, position


def _entry(catalogue: Catalogue, topic: Topic, date: datetime.date, kind: str, lang: str, base: str) -> EntryView:
    origin = topic.origin
    return EntryView(
        id=entry_id(catalogue.chapter.id, date, lang, topic.slug, kind),
        title=translate(lang, f"feed.{kind}", title=topic.title[lang]),
        summary=topic.summary[lang],
        href=base + topic_path(topic.slug),
        updated=timestamp(date),
        category=CategoryView(origin.id, origin.title[lang]) if origin else None,
    )


def render_feed(view: FeedView, templates_dir: Path) -> str:
    """The feed's XML, written by its template: every text escaped, so catalogue text is never markup."""
    environment = jinja2.Environment(
        loader=jinja2.FileSystemLoader(templates_dir),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    return environment.get_template(FEED_TEMPLATE).render(feed=view, media_type=MEDIA_TYPE)


def write_feeds(
    catalogue: Catalogue,
    site_dir: Path,
    site_url: str | None,
    templates_dir: Path,
    articles: Collection[tuple[str, str]],
) -> list[Path]:
    """Every language's feed, written into the built site; the files written are returned.

    `articles` holds the (slug, language) of each written article.
    """
    written = []
    for lang in LANGUAGES:
        view = feed(
            catalogue, lang, language_base(site_url, lang), {slug for slug, language in articles if language == lang}
        )
        path = site_dir / feed_path(lang)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(render_feed(view, templates_dir), encoding="utf-8", newline="\n")
        written.append(path)
    return written
