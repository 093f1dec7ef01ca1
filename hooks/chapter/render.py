"""Chapter pages rendered from the catalogue.

Python prepares plain view objects with every string already in the page
language; the Jinja templates in `overrides/chapter/` turn them into markup,
escaping all catalogue text. Nothing here knows about MkDocs.
"""

from __future__ import annotations

import dataclasses
import datetime
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import jinja2
from markupsafe import Markup

from . import filters, print_edition
from .articles import mark_link_languages
from .badge import Badge
from .calculator_pages import Placement, insert, place, placed
from .calculator_pages import view as calculator_view
from .calculators import CALCULATORS
from .catalogue import LANGUAGES, Catalogue, Topic
from .errors import ChapterError
from .facts import MARKER, NO_FACTS, Fact, Registry, quantity
from .glossary import Glossary, Term
from .language import STRINGS, long_date, translate, translate_count
from .libraries import Library
from .quotes import Found, Quote, Quoted, quote_markers, resolve, resolve_text
from .terms import mark_terms
from .translations import INTRO, Lag, PairState
from .urls import FACTS_PATH, GLOSSARY_PATH, INDEX, article_source, language_url, relative_url, topic_path
from .wording import cyrillic

# What a page's front matter may name in `chapter:`; render() dispatches on it.
PAGE_KINDS = ("index", "topic", "glossary", "facts", "print")


class PageError(ChapterError):
    """A page asks for something the catalogue does not have."""


@dataclass(frozen=True)
class Quoting:
    """A topic page's fact markers.

    Its Markdown carries them as tokens until `PageRenderer.finish` resolves them in its HTML.
    """

    source: str  # the article, relative to the docs folder, for messages
    lang: str
    here: str  # the page's path, which the links to the facts page are relative to
    quotes: tuple[Quote, ...]
    calculators: tuple[Placement, ...] = ()  # the calculators the article places, shown in `PageRenderer.finish` too


@dataclass(frozen=True)
class RenderedPage:
    title: str
    description: str
    markdown: str
    quoting: Quoting | None = None  # a topic page's article, whose HTML the build finishes and checks; None: no article


@dataclass(frozen=True)
class TopicView:
    slug: str
    href: str
    title: str
    other_title: str
    summary: str
    badge: Badge
    origin: str | None
    views: str = ""  # the keys of the index's filtered views that show this card, space-separated
    behind: bool = False  # the article in the page language lags behind the other language's
    leaves: str | None = (
        None  # where the card leads out of the chapter, said in the page language; None: to the topic page here
    )


@dataclass(frozen=True)
class FilterOption:
    text: str
    count: int
    href: str | None  # None where the choice would show no topic
    current: bool


@dataclass(frozen=True)
class FilterView:
    """One filtered view of the chapter index: its filter bar, what it shows, and its note."""

    key: str
    target: str
    labels: tuple[FilterOption, ...]
    origins: tuple[FilterOption, ...]
    translations: tuple[FilterOption, ...]  # empty while no article of the page language lags
    shown: str
    note: str | None


@dataclass(frozen=True)
class LegendEntry:
    badge: Badge
    meaning: str


@dataclass(frozen=True)
class OriginView:
    title: str
    url: str | None


@dataclass(frozen=True)
class TermView:
    id: str
    term: str
    other: str  # the term in the other language
    definition: tuple[str, ...]  # text, and each quoted fact as its link (Markup), in order
    avoid: str  # the variants not to write, quoted, or ""


@dataclass(frozen=True)
class FactView:
    id: str
    name: str
    value: str  # with its unit, as the page language writes it
    qualifier: str | None
    source_title: str
    source_lang: str  # the language the source's title is in
    source_url: str
    as_of: DateView
    stale: bool
    used_in: tuple[NeighbourView, ...]


@dataclass(frozen=True)
class SubjectView:
    title: str
    facts: tuple[FactView, ...]


@dataclass(frozen=True)
class DateView:
    iso: str  # for <time datetime>
    text: str  # as the page language writes it


@dataclass(frozen=True)
class ExamplesView:
    libraries: str  # each with its version, as the examples' lock pins it
    date: DateView


@dataclass(frozen=True)
class LagView:
    """A section of the page's article that the other language has moved ahead of, and the link to it there."""

    title: str
    href: str


@dataclass(frozen=True)
class NeighbourView:
    href: str
    title: str


class PageRenderer:
    """Renders the chapter index and the topic pages of one catalogue."""

    def __init__(
        self,
        catalogue: Catalogue,
        templates_dir: Path,
        articles: Mapping[tuple[str, str], str] | None = None,
        glossary: Glossary | None = None,
        translations: Mapping[str, PairState] | None = None,
        registry: Registry | None = None,
        fact_uses: Mapping[str, tuple[str, ...]] | None = None,
        today: datetime.date | None = None,
        libraries: Mapping[tuple[str, str], tuple[Library, ...]] | None = None,
        printable: frozenset[str] = frozenset(),
        pdfs: frozenset[str] = frozenset(),
    ):
        self.catalogue = catalogue
        self.glossary = glossary
        self.translations = translations or {}
        self.registry = registry or NO_FACTS
        self.fact_uses = fact_uses or {}
        self.today = today or datetime.date.min  # without a day to judge by, no fact is overdue
        self.libraries = (
            libraries or {}
        )  # what each article's examples import, at the versions the tests check them with
        self.articles = articles or {}  # the text of each article, by (slug, language), as the project check read it
        self.printable = printable  # the languages that have a print edition (a page with `chapter: print`)
        self.pdfs = pdfs  # the languages whose print edition is published as a PDF too
        # Looked up once per page; a scan of the catalogue per page would make big builds quadratic.
        self.positions = {topic.slug: position for position, topic in enumerate(catalogue.topics)}
        self.macros: dict[str, object] = {}
        self.env = jinja2.Environment(
            loader=jinja2.FileSystemLoader(templates_dir),
            autoescape=True,
            undefined=jinja2.StrictUndefined,
            trim_blocks=True,
            lstrip_blocks=True,
        )

    def render(self, meta: Mapping[str, Any], markdown: str, lang: str) -> RenderedPage | None:
        """The page for front matter that names a chapter page; None for any other page."""
        kind = meta.get("chapter")
        if kind is None:
            return None
        if kind == "index":
            return self.index(lang, markdown)
        if kind == "glossary":
            if self.glossary is None:
                raise PageError("a page with `chapter: glossary` needs glossary.yaml, which this project does not have")
            return self.glossary_page(self.glossary, lang)
        if kind == "facts":
            return self.facts_page(lang)
        if kind == "print":
            # The edition is made of the finished topic pages, so the page gets its content once they
            # are done (print_content).
            return RenderedPage(translate(lang, "print_title"), translate(lang, "print_summary"), "")
        if kind == "topic":
            slug = meta.get("topic")
            if not isinstance(slug, str) or slug not in self.positions:
                raise PageError(f"front matter names topic {slug!r}, which topics.yaml does not list")
            return self.topic(self.catalogue.topics[self.positions[slug]], lang)
        raise PageError(f"unknown chapter page kind {kind!r}; expected one of: {', '.join(PAGE_KINDS)}")

    def index(self, lang: str, markdown: str) -> RenderedPage:
        chapter = self.catalogue.chapter
        behind = frozenset(slug for slug, pair in self.translations.items() if pair.behind[lang])
        all_views = filters.views(self.catalogue, behind)
        cards = [
            dataclasses.replace(
                self._topic_view(topic, lang, INDEX),
                views=" ".join(filters.card_views(topic, all_views)),
                behind=topic.slug in behind,
            )
            for topic in self.catalogue.topics
        ]
        html = self._template("index.html", lang).render(
            title=chapter.title[lang],
            other_title=chapter.title[_other(lang)],
            summary=chapter.summary[lang],
            legend=[LegendEntry(Badge.of(label, lang, None), label.meaning[lang]) for label in self.catalogue.labels],
            cards=cards,
            views=[self._filter_view(view, all_views, lang) for view in all_views],
            glossary_href=GLOSSARY_PATH if self.glossary is not None else None,
            facts_href=FACTS_PATH if self.registry.facts else None,
            print_href=print_edition.PRINT_PATH if lang in self.printable else None,
            pdf_href=print_edition.pdf_path(lang) if lang in self.pdfs else None,
        )
        return RenderedPage(chapter.title[lang], chapter.summary[lang], _blocks(html, markdown))

    def _filter_view(self, view: filters.View, all_views: list[filters.View], lang: str) -> FilterView:
        topics = self.catalogue.topics
        names = {label.id: label.name[lang] for label in self.catalogue.labels}
        names |= {chapter.id: chapter.title[lang] for chapter in self.catalogue.chapters}
        names |= {
            filters.ALL: translate(lang, "filters.all"),
            filters.OWN: translate(lang, "filters.own"),
            filters.BEHIND: translate(lang, "filters.behind"),
        }

        def option(other: filters.View, chosen: str) -> FilterOption:
            count = sum(other.shows(topic) for topic in topics)
            href = "#topics" if other.is_default else f"#{other.target}"
            return FilterOption(names[chosen], count, href if count else None, other == view)

        plain = [other for other in all_views if other.behind is None]
        labels = dict.fromkeys(other.label for other in plain)
        origins = dict.fromkeys(other.origin for other in plain)
        lagging = [other for other in all_views if other.behind is not None]
        shown = [topic for topic in topics if view.shows(topic)]
        borrowed = sum(topic.origin is not None for topic in shown)
        return FilterView(
            key=view.key,
            target=view.target,
            labels=tuple(option(filters.View(label, view.origin), label) for label in labels),
            origins=tuple(option(filters.View(view.label, origin), origin) for origin in origins),
            translations=tuple(
                option(other, chosen)
                for other, chosen in zip(
                    [view if view.behind is None else all_views[0], *lagging],
                    [filters.ALL, filters.BEHIND],
                    strict=False,
                )
            )
            if lagging
            else (),
            shown=translate_count(lang, "filters.shown", len(shown), total=len(topics)),
            note=translate_count(lang, "borrowed_note", borrowed) if borrowed else None,
        )

    def glossary_page(self, glossary: Glossary, lang: str) -> RenderedPage:
        """Every term in the page language's alphabetical order, with its counterpart and definition."""
        entries = [
            TermView(
                term.id,
                term.term[lang],
                term.term[_other(lang)],
                self._with_facts(term.definition[lang], lang, GLOSSARY_PATH),
                ", ".join(_quote(lang, variant) for variant in term.avoid[lang]),
            )
            for term in sorted(glossary.terms, key=lambda term: _alphabetical(term.term[lang]))
        ]
        html = self._template("glossary.html", lang).render(entries=entries, chapter=self.catalogue.chapter.title[lang])
        return RenderedPage(translate(lang, "glossary_title"), translate(lang, "glossary_summary"), _blocks(html))

    def facts_page(self, lang: str) -> RenderedPage:
        """Every fact, grouped by subject, with its source, the day it was read and the topics that quote it."""
        stale = set(self.registry.stale(self.today))
        subjects = [
            SubjectView(
                subject.title[lang],
                tuple(
                    self._fact_view(fact, lang, fact in stale)
                    for fact in self.registry.facts
                    if fact.subject == subject
                ),
            )
            for subject in self.registry.subjects
        ]
        html = self._template("facts.html", lang).render(
            subjects=[subject for subject in subjects if subject.facts], chapter=self.catalogue.chapter.title[lang]
        )
        return RenderedPage(translate(lang, "facts_title"), translate(lang, "facts_summary"), _blocks(html))

    def print_content(self, lang: str, pages: Mapping[str, str]) -> str:
        """The print edition's HTML from the finished topic pages that have an article in `lang` (by slug).

        Facts are shown as on those pages.
        """
        glossary = self.glossary_page(self.glossary, lang).markdown if self.glossary is not None else None
        facts = self.facts_page(lang).markdown if self.registry.facts else None
        edition = print_edition.edition(self.catalogue, lang, pages, glossary, facts, self.registry)
        return self._template("print.html", lang).render(edition=edition)

    def shows_calculators(self, lang: str, slugs: Iterable[str]) -> bool:
        """Whether any of these topics' articles in `lang` places a calculator.

        A page holding them loads the calculators' script.
        """
        return any(placed(self.articles.get((slug, lang), "")) for slug in slugs)

    def _fact_view(self, fact: Fact, lang: str, stale: bool) -> FactView:
        used = [
            self.catalogue.topics[self.positions[slug]]
            for slug in self.fact_uses.get(fact.id, ())
            if slug in self.positions
        ]
        return FactView(
            fact.id,
            fact.name[lang],
            quantity(fact, lang),
            fact.qualifier[lang] if fact.qualifier else None,
            fact.source.title,
            "ru" if cyrillic(fact.source.title) else "en",
            fact.source.url,
            _date(lang, fact.as_of),
            stale,
            tuple(NeighbourView(relative_url(FACTS_PATH, topic_path(topic.slug)), topic.title[lang]) for topic in used),
        )

    def topic(self, topic: Topic, lang: str) -> RenderedPage:
        here = topic_path(topic.slug)
        topics = self.catalogue.topics
        position = self.positions[topic.slug]
        neighbours = [
            NeighbourView(relative_url(here, topic_path(other.slug)), other.title[lang]) if other else None
            for other in (
                topics[position - 1] if position > 0 else None,
                topics[position + 1] if position + 1 < len(topics) else None,
            )
        ]
        macros = self._macros(lang)
        header = macros.header(
            topic=self._topic_view(topic, lang, here, badge_href=relative_url(here, f"#label-{topic.label.id}")),
            origin=OriginView(_quote(lang, topic.origin.title[lang]), topic.origin.url) if topic.origin else None,
            home=topic.home,
            added=_date(lang, topic.added),
            reviewed=_date(lang, topic.reviewed) if topic.reviewed else None,
            chapter=(topic.origin.title if topic.origin else self.catalogue.chapter.title)[lang],
            examples=self._examples(topic.slug, lang),
        )
        quoted = self._article(topic, lang)
        article, placements = place(quoted.text) if quoted is not None else (None, ())
        pair = self.translations.get(topic.slug)
        lags = pair.behind[lang] if pair is not None and article is not None else ()
        if lags:
            article = self._with_lag_marks(article or "", lags, topic.slug, lang)
        body = article if article is not None else str(macros.missing_article())
        pager = macros.pager(previous=neighbours[0], next=neighbours[1])
        quoting = (
            Quoting(article_source(topic.slug, lang), lang, here, quoted.quotes, placements)
            if quoted is not None
            else None
        )
        return RenderedPage(topic.title[lang], topic.summary[lang], _blocks(str(header), body, str(pager)), quoting)

    def _examples(self, slug: str, lang: str) -> ExamplesView | None:
        """The libraries the article's examples are checked with, on the day of this build.

        The tests check them on every build.
        """
        libraries = self.libraries.get((slug, lang), ())
        if not libraries or self.today == datetime.date.min:
            return None
        return ExamplesView(
            ", ".join(f"{library.name} {library.version}" for library in libraries), _date(lang, self.today)
        )

    def finish(self, html: str, quoting: Quoting) -> tuple[str, list[Found]]:
        """A topic page's HTML with fact markers resolved, and (line, column, rule, message) of those that cannot be.

        Each marker is shown as its place allows. After Markdown, so the data of facts.yaml is never read as
        Markdown: the link is escaped once, by its template.
        """
        html, found = resolve(
            html, quoting.quotes, lambda fact_id: self._fact_link(fact_id, quoting.lang, quoting.here)
        )
        html = self._with_terms(
            html, quoting
        )  # before the calculators: their labels and notes are not the article's prose
        html, misplaced = insert(
            html, quoting.calculators, lambda calculator: self._calculator(calculator, quoting.lang)
        )
        return html, found + misplaced

    def _calculator(self, calculator: str, lang: str) -> str:
        """A placed calculator's markup, its defaults and typical cases computed by the build (calculator_pages.py)."""
        macros: Any = self._template("calculator.html", lang).make_module()
        return str(macros.calculator(view=calculator_view(CALCULATORS[calculator], lang, self.registry))).strip()

    def finish_text(self, text: str, quoting: Quoting) -> str:
        """Escaped plain text of the page, such as a table of contents entry, with each fact as its plain value."""
        return resolve_text(text, quoting.quotes, lambda fact_id: self._fact_value(fact_id, quoting.lang))

    def _with_terms(self, html: str, quoting: Quoting) -> str:
        """The article's first mention of each glossary term as a button opening its definition (terms.py says which).

        The definition is the glossary page's, its facts linked as there, relative to this page;
        the words stay as written.
        """
        if self.glossary is None:
            return html
        lang, here = quoting.lang, quoting.here
        macros: Any = self._template(
            "term.html", lang
        ).make_module()  # once per page; its macros are what the template defines

        def popover(term: Term, words: str, popover_id: str) -> str:
            definition = self._with_facts(term.definition[lang], lang, here)
            # `words` is the page's own HTML text, letters, digits, hyphens and spaces
            # (terms.first_mentions): kept as written.
            return str(
                macros.term(
                    id=popover_id,
                    words=Markup(words),
                    definition=definition,
                    href=relative_url(here, f"{GLOSSARY_PATH}#{term.id}"),
                )
            )

        return mark_terms(html, self.glossary, lang, popover)

    def _with_lag_marks(self, article: str, lags: tuple[Lag, ...], slug: str, lang: str) -> str:
        """The article with a notice at its top naming the lagging sections, and a mark under each one's heading."""
        macros = self._macros(lang)
        here = topic_path(slug)
        there = {lag.anchor: language_url(here, lang, _other(lang), f"{here}#{lag.anchor}") for lag in lags}
        lines = article.splitlines()
        for lag in sorted(lags, key=lambda lag: lag.line, reverse=True):
            at = 0 if lag.anchor == INTRO else lag.line  # under the heading; the introduction has none
            lines[at:at] = ["", str(macros.lag_mark(href=there[lag.anchor])).strip(), ""]
        sections = [
            LagView(_heading_text(lag.title) or translate(lang, "behind.intro"), there[lag.anchor]) for lag in lags
        ]
        return _blocks(str(macros.lag_notice(sections=sections)), "\n".join(lines))

    def _macros(self, lang: str):
        """The topic page's macros in one language, made once per language.

        Not `Template.module`: Jinja caches that with the globals of its first use,
        which would give every later language the first one's strings.
        """
        if lang not in self.macros:
            self.macros[lang] = self._template("topic.html", lang).make_module()
        return self.macros[lang]

    def _template(self, name: str, lang: str) -> jinja2.Template:
        return self.env.get_template(name, globals={"lang": lang, "other_lang": _other(lang), "t": STRINGS[lang]})

    def _article(self, topic: Topic, lang: str) -> Quoted | None:
        """The article's Markdown with its fact markers as tokens (facts are shown after Markdown, in `finish`)."""
        text = self.articles.get((topic.slug, lang))
        if text is None:
            return None
        quoted = quote_markers(text)
        return Quoted(mark_link_languages(quoted.text, lang), quoted.quotes)

    def _fact_link(self, fact_id: str, lang: str, here: str) -> str | None:
        """The fact's value linked to its entry on the facts page, as HTML; None for an id facts.yaml does not have."""
        fact = self.registry.fact(fact_id)
        if fact is None:
            return None
        cite = translate(lang, "facts.cite", source=fact.source.title, date=long_date(lang, fact.as_of))
        return str(
            self._macros(lang).fact(
                value=quantity(fact, lang), href=relative_url(here, f"{FACTS_PATH}#{fact.id}"), cite=cite
            )
        ).strip()

    def _with_facts(self, text: str, lang: str, here: str) -> tuple[str, ...]:
        """Plain text of a data file, its `{fact:…}` markers as the facts' links.

        The figure comes from facts.yaml, the words stay text.
        """
        pieces: list[str] = []
        done = 0
        for match in MARKER.finditer(text):
            link = self._fact_link(match["id"], lang, here)
            pieces += [text[done : match.start()], Markup(link) if link is not None else match[0]]
            done = match.end()
        return (*pieces, text[done:])

    def _fact_value(self, fact_id: str, lang: str) -> str | None:
        fact = self.registry.fact(fact_id)
        return quantity(fact, lang) if fact is not None else None

    def _topic_view(self, topic: Topic, lang: str, here: str, badge_href: str | None = None) -> TopicView:
        leaves = topic.home is not None and here == INDEX
        return TopicView(
            slug=topic.slug,
            href=topic.home if leaves and topic.home else relative_url(here, topic_path(topic.slug)),
            title=topic.title[lang],
            other_title=topic.title[_other(lang)],
            summary=topic.summary[lang],
            badge=Badge.of(topic.label, lang, badge_href),
            origin=translate(lang, "origin", chapter=topic.origin.title[lang]) if topic.origin else None,
            leaves=translate(lang, "home.card", chapter=topic.origin.title[lang]) if leaves and topic.origin else None,
        )


def _date(lang: str, date: datetime.date) -> DateView:
    return DateView(date.isoformat(), long_date(lang, date))


def _heading_text(title: str) -> str:
    """A heading's words without its inline code marks, for a list of section names."""
    return title.replace("`", "").strip()


def _other(lang: str) -> str:
    return next(other for other in LANGUAGES if other != lang)


def _alphabetical(term: str) -> str:
    """A sort key that puts ё with е, as Russian dictionaries do."""
    return term.casefold().replace("ё", "е")


def _quote(lang: str, text: str) -> str:
    return translate(lang, "quoted", text=text)


def _blocks(*blocks: str) -> str:
    """Markdown made of raw HTML blocks and Markdown text, kept apart by blank lines."""
    return "\n\n".join(block.strip() for block in blocks if block.strip()) + "\n"
