"""The chapter as a project on disk: its sources, read once, and the named checks the build and `chapter check` share.

Every source goes through the one reader (files.py); what cannot be read is a
problem, not a stop, so each check runs over everything that could be read and
the mistakes of several files are reported in one run. The MkDocs plugin and
`chapter check` both call `review_project`, so they find the same problems; the
severity of each rule (problems.py) decides what stops a build.
"""

from __future__ import annotations

import dataclasses
import datetime
import difflib
import functools
import posixpath
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from .article_html import raw_html_problems, rendered_html_problems
from .articles import (
    Outline,
    alt_problems,
    code_block_problems,
    comment_problems,
    heading_problems,
    link_problems,
    outline,
    parity_problems,
    prose_lines,
    title_problems,
)
from .calculator_pages import calculator_problems, placed
from .calculator_pages import marker_problems as calculator_marker_problems
from .calculator_pages import place as place_calculators
from .calculators import CALCULATORS
from .catalogue import DEFAULT_LANGUAGE, LANGUAGES, Catalogue
from .facts import FACTS, MARKER, NO_FACTS, Registry, load_registry, markers
from .figure_safety import figure_safety
from .figures import (
    FIGURES_FOLDER,
    FigureError,
    figure_markers,
    figure_problems,
    figure_sources,
    handmade_copies,
    orphan_problems,
    parse_figure,
)
from .files import FileError, read_text
from .glossary import Glossary, bandwidth_of_work, load_glossary
from .libraries import EXAMPLES_IN, EXAMPLES_LOCK, Library, checked_with, pins, unpinned
from .loader import DataFileError, front_matter, read_catalogue
from .markdown import article_renderer
from .problems import NOTICE, Problem, ProblemsFound, blocking
from .promises import broken_promises, field_lines, today
from .quotes import checked_render
from .render import PAGE_KINDS, PageRenderer
from .sizes import sizes_problems
from .standard import read_article, standard_problems
from .topic_stubs import stray_articles
from .translations import RECORD_PATH, PairState, Record, RecordError, compare, read_record
from .urls import ARTICLES_FOLDER, TRANSLATIONS_RECORD, article_source
from .wording import cyrillic

CATALOGUE = "topics.yaml"
GLOSSARY = "glossary.yaml"
DOCS = "docs"
TOPICS = "topics"  # where the build writes each topic's page source, beside which an article's links are resolved


@dataclass(frozen=True)
class Project:
    catalogue: Catalogue
    glossary: Glossary
    # Each article pair against its record in translations.yaml, by slug; topics with one language or none are absent.
    translations: Mapping[str, PairState] = field(default_factory=dict)
    registry: Registry = NO_FACTS
    # The topics whose articles quote each fact, in catalogue order.
    fact_uses: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    # The figure addresses the articles show (`../figures/ring.svg`): a figure none shows is not published.
    figures_shown: frozenset[str] = frozenset()
    # The text of every article, by (slug, language), as the checks read it: the pages show what was checked.
    articles: Mapping[tuple[str, str], str] = field(default_factory=dict)
    # The libraries each article's examples import, at the versions they are checked with.
    libraries: Mapping[tuple[str, str], tuple[Library, ...]] = field(default_factory=dict)


@dataclass(frozen=True)
class Sources:
    """Every source of the project, read once; None (or absent) where a file could not be read."""

    root: Path
    docs: Path
    shown: str  # the docs folder as messages name it
    on: datetime.date
    catalogue: Catalogue | None
    glossary: Glossary | None
    registry: Registry | None
    has_facts: bool  # whether facts.yaml exists
    fact_lines: Mapping[str, int]
    record: Record | None
    record_lines: Mapping[tuple[str, ...], int]
    texts: Mapping[tuple[str, str], str]  # (slug, language) -> article text
    outlines: Mapping[tuple[str, str], Outline]
    figures: Mapping[str, bytes]  # figure file name -> its SVG source
    examples_pins: Mapping[str, tuple[str, int]]  # distribution -> (version, line) in requirements-examples.lock

    def article(self, slug: str, lang: str) -> str:
        return f"{self.shown}/{article_source(slug, lang)}"

    def figure(self, name: str) -> str:
        return f"{self.shown}/{FIGURES_FOLDER}/{name}"

    @functools.cached_property
    def figures_shown(self) -> frozenset[str]:
        """The figure addresses the articles show, as they write them (`../figures/ring.svg`)."""
        return frozenset(figure.source for found in self.outlines.values() for figure in found.figures)

    @functools.cached_property
    def figure_markers(self) -> dict[str, list[tuple[int, str]]]:
        """(line, fact id) of every marker in each figure's text, by figure name."""
        return {name: figure_markers(source) for name, source in self.figures.items()}

    @functools.cached_property
    def catalogue_lines(self) -> dict[str, dict[str, int]]:
        """The line of each field of each topic, by slug, for messages that point into topics.yaml.

        Only for a valid catalogue.
        """
        return field_lines(self.root / CATALOGUE) if self.catalogue is not None else {}

    @functools.cached_property
    def quoted(self) -> dict[tuple[str, str], list[tuple[int, str]]]:
        """(line, fact id) of every marker each article quotes, its figures' markers included (line 0: in a figure)."""
        return quoted_facts(self)

    @functools.cached_property
    def pairs(self) -> dict[str, PairState]:
        """Each topic whose article has both languages, against its record."""
        slugs = dict.fromkeys(slug for slug, _ in self.texts)
        record = self.record or {}
        return {
            slug: compare(slug, {lang: self.texts[slug, lang] for lang in LANGUAGES}, record.get(slug))
            for slug in slugs
            if all((slug, lang) in self.texts for lang in LANGUAGES)
        }


@dataclass(frozen=True)
class Review:
    """What checking the project found, and the project itself where its data could be read."""

    problems: list[Problem]
    project: Project | None


Check = Callable[[Sources], list[Problem]]


PRINT_PAGE = "print"  # docs/print.<lang>.md: the print edition of a language, where there is one


def project_renderer(project: Project, templates: Path, docs: Path, pdfs: frozenset[str] = frozenset()) -> PageRenderer:
    """The renderer of a checked project's pages: its data, the templates in `templates`, the print pages in `docs`."""
    return PageRenderer(
        project.catalogue,
        templates,
        project.articles,
        glossary=project.glossary,
        translations=project.translations,
        registry=project.registry,
        fact_uses=project.fact_uses,
        today=today(),
        libraries=project.libraries,
        printable=frozenset(lang for lang in LANGUAGES if (docs / f"{PRINT_PAGE}.{lang}.md").is_file()),
        pdfs=pdfs,
    )


def review_project(root: Path, docs_dir: Path | None = None, *, on: datetime.date | None = None) -> Review:
    """Every problem of the project at `root`, from every named check, sorted by place.

    Never raises for the project's content.
    """
    sources, problems = read_sources(root, docs_dir or root / DOCS, on or today())
    for _, check in CHECKS:
        problems += check(sources)
    project = None
    if sources.catalogue is not None and sources.glossary is not None and sources.registry is not None:
        uses = fact_uses(sources)
        quoted = {fact: slugs for fact, slugs in uses.items() if slugs}
        libraries = {key: checked_with(found.code, sources.examples_pins) for key, found in sources.outlines.items()}
        project = Project(
            sources.catalogue,
            sources.glossary,
            sources.pairs,
            sources.registry,
            quoted,
            sources.figures_shown,
            sources.texts,
            libraries,
        )
    return Review(sorted(set(problems)), project)


def check_project(
    root: Path,
    docs_dir: Path | None = None,
    *,
    strict: bool = False,
    standard: bool = False,
    on: datetime.date | None = None,
) -> Project:
    """The validated project, for commands that work on it.

    ProblemsFound names what stops it: errors, warnings when `strict`, notices with `standard`.
    """
    review = review_project(root, docs_dir, on=on)
    stopping = blocking(review.problems, strict=strict) + (
        [problem for problem in review.problems if problem.severity == NOTICE] if standard else []
    )
    if stopping or review.project is None:
        raise ProblemsFound(stopping)
    return review.project


def read_sources(root: Path, docs: Path, on: datetime.date) -> tuple[Sources, list[Problem]]:
    """Read every source once; what cannot be read is reported and left out."""
    problems: list[Problem] = []

    def attempt(read: Callable[[], object]) -> object | None:
        try:
            return read()
        except DataFileError as error:
            problems.extend(error.found)
        except RecordError as error:
            problems.extend(error.found)
        except FileError as error:
            problems.append(error.problem)
        return None

    shown = docs.relative_to(root).as_posix() if docs.is_relative_to(root) else str(docs)
    catalogue, found = read_catalogue(root / CATALOGUE, CATALOGUE)
    problems += found
    glossary = attempt(lambda: load_glossary(root / GLOSSARY, shown_as=GLOSSARY))
    facts = attempt(lambda: load_registry(root / FACTS))
    record = attempt(lambda: read_record(docs / RECORD_PATH, shown_as=f"{shown}/{RECORD_PATH}"))
    texts = {}
    for slug, lang in _article_names(catalogue, docs):
        text = attempt(
            functools.partial(read_text, docs / article_source(slug, lang), f"{shown}/{article_source(slug, lang)}")
        )
        if isinstance(text, str):
            texts[slug, lang] = text
    figures = {}
    for path in figure_sources(docs):
        svg = attempt(functools.partial(read_text, path, f"{shown}/{FIGURES_FOLDER}/{path.name}"))
        if isinstance(svg, str):
            figures[path.name] = svg.encode("utf-8")
    lock = (
        attempt(functools.partial(read_text, root / EXAMPLES_LOCK, EXAMPLES_LOCK))
        if (root / EXAMPLES_LOCK).is_file()
        else ""
    )
    registry, fact_lines = facts if isinstance(facts, tuple) else (None, {})
    record_data, record_lines = record if isinstance(record, tuple) else (None, {})
    sources = Sources(
        root,
        docs,
        shown,
        on,
        catalogue,
        glossary if isinstance(glossary, Glossary) else None,
        registry,
        (root / FACTS).is_file(),
        fact_lines,
        record_data,
        record_lines,
        texts,
        {key: outline(text) for key, text in texts.items()},
        figures,
        pins(lock) if isinstance(lock, str) else {},
    )
    return sources, problems


def _article_names(catalogue: Catalogue | None, docs: Path) -> list[tuple[str, str]]:
    """(slug, language) of every article to read.

    The catalogue's, or while it cannot be read, every file named like one.
    """
    if catalogue is not None:
        return [
            (topic.slug, lang)
            for topic in catalogue.topics
            for lang in LANGUAGES
            if (docs / article_source(topic.slug, lang)).is_file()
        ]
    folder = docs / ARTICLES_FOLDER
    names = [path.name.split(".") for path in sorted(folder.glob("*.md"))] if folder.is_dir() else []
    return [(parts[0], parts[1]) for parts in names if len(parts) == 3 and parts[1] in LANGUAGES]


# The checks, each over what could be read.


def _stray_articles(sources: Sources) -> list[Problem]:
    if sources.catalogue is None:
        return []
    return [
        Problem(f"{sources.shown}/{path}", 0, 0, "CI501", message)
        for path, message in stray_articles(sources.catalogue, sources.docs)
    ]


def _article_structure(sources: Sources) -> list[Problem]:
    """Fences, titles, headings, code blocks and, against the original, the translation's structure."""
    problems = []
    for (slug, lang), found in sources.outlines.items():
        place = sources.article(slug, lang)
        problems += [Problem(place, line, 0, "CI503", message) for line, message in found.fence_problems]
        problems += [Problem(place, line, 0, "CI502", message) for line, message in title_problems(found)]
        problems += [Problem(place, line, 0, "CI504", message) for line, message in heading_problems(found)]
        problems += [Problem(place, line, 0, "CI509", message) for line, message in code_block_problems(found)]
        original = sources.outlines.get((slug, DEFAULT_LANGUAGE))
        if lang != DEFAULT_LANGUAGE and original is not None:
            name = article_source(slug, DEFAULT_LANGUAGE).rpartition("/")[2]
            problems += [
                Problem(place, line, 0, "CI506", message) for line, message in parity_problems(original, found, name)
            ]
    return problems


def _libraries(sources: Sources) -> list[Problem]:
    """Every library an example imports is pinned for the examples.

    So the tests check it and the page can say at which version.
    """
    return [
        Problem(
            sources.article(slug, lang),
            line,
            0,
            "CI510",
            f"the code imports {module!r}, which {EXAMPLES_IN} does not pin: add it at the version the"
            " article is written for, then run `make lock`",
        )
        for (slug, lang), found in sources.outlines.items()
        for line, module in unpinned(found.code, sources.examples_pins)
    ]


def _example_sizes(sources: Sources) -> list[Problem]:
    """Smaller sizes for the tests' run that would not replace exactly what they name."""
    return [
        Problem(sources.article(slug, lang), block.line, 0, "CI512", message)
        for (slug, lang), found in sources.outlines.items()
        for block in found.code
        for message in sizes_problems(block)
    ]


def _links(sources: Sources) -> list[Problem]:
    """Links to topics or sections that do not exist, and links or figures to files the site does not have."""
    if sources.catalogue is None:
        return []
    anchors = {
        lang: {topic.slug: _anchors(sources.outlines.get((topic.slug, lang))) for topic in sources.catalogue.topics}
        for lang in LANGUAGES
    }
    problems = []
    for (slug, lang), found in sources.outlines.items():
        place = sources.article(slug, lang)
        problems += [Problem(place, line, 0, "CI505", message) for line, message in link_problems(found, anchors[lang])]
        targets = [(link.line, link.target) for link in found.links] + [
            (figure.line, figure.source) for figure in found.figures
        ]
        problems += [
            Problem(place, line, 0, "CI505", message)
            for line, target in targets
            if (message := _file_target(target, sources.figures))
        ]
    return problems


def _file_target(target: str, figures: Mapping[str, bytes]) -> str | None:
    """Why a file link leads nowhere on the site; None for topic links, fragments, addresses and figures that exist."""
    path = target.partition("#")[0]
    if not path or ":" in path or path.startswith("//") or (path.endswith(".md") and "/" not in path):
        return None  # a section, an address or a topic: link_problems checks those
    resolved = posixpath.normpath(posixpath.join(TOPICS, path))
    folder, _, name = resolved.rpartition("/")
    if folder == FIGURES_FOLDER and name in figures:
        return None
    if folder == FIGURES_FOLDER and name.endswith(".svg"):
        close = difflib.get_close_matches(name, list(figures), n=1)
        hint = f"; did you mean '../{FIGURES_FOLDER}/{close[0]}'?" if close else ""
        return f"'{target}': there is no figure {DOCS}/{FIGURES_FOLDER}/{name}{hint}"
    return (
        f"'{target}': the site has no such file; link a topic as <slug>.md (with #anchor for a section) and show a"
        f" figure as ../{FIGURES_FOLDER}/<name>.svg"
    )


def _wording(sources: Sources) -> list[Problem]:
    """Terms the glossary avoids, in prose, code comments and figures.

    Also comments and text alternatives not in the article's language.
    """
    problems = []
    latin = sources.glossary.latin if sources.glossary else frozenset()
    for (slug, lang), found in sources.outlines.items():
        place = sources.article(slug, lang)
        if sources.glossary is not None:
            lines = prose_lines(sources.texts[slug, lang], lang) + _comment_lines(found)
            problems += [
                Problem(place, line, 0, "CI507", message) for line, message in sources.glossary.problems(lines, lang)
            ]
            if lang == "ru":
                problems += [Problem(place, line, 0, "CI507", message) for line, message in bandwidth_of_work(lines)]
        found_language = comment_problems(found, lang, latin) + alt_problems(found, lang, latin)
        problems += [Problem(place, line, 0, "CI508", message) for line, message in found_language]
    return problems


def _figures(sources: Sources) -> list[Problem]:
    """Figures that are not well-formed or show a page words in another language or an avoided term.

    Also hand-made copies.
    """
    problems = [
        Problem(
            sources.figure(path.name),
            0,
            0,
            "CI703",
            f"per-language copies are written by the build from {path.name.split('.')[0]}.svg; put every language's"
            " labels there, marked with systemLanguage, and delete this file",
        )
        for path in handmade_copies(sources.docs)
    ]
    problems += [
        Problem(sources.figure(name), 0, 0, rule, message)
        for name, rule, message in orphan_problems(sources.figures, sources.figures_shown)
    ]
    latin = sources.glossary.latin if sources.glossary else frozenset()
    for name, source in sources.figures.items():
        unsafe = figure_safety(source)
        problems += [Problem(sources.figure(name), line, 0, rule, message) for line, rule, message in unsafe]
        if any(rule == "CI701" for _, rule, _ in unsafe):
            continue  # not a figure the other checks can read
        try:
            figure = parse_figure(source)
        except FigureError as error:
            problems.append(Problem(sources.figure(name), error.line, 0, "CI701", str(error)))
            continue
        problems += [
            Problem(sources.figure(name), line, 0, "CI702", message) for line, message in figure_problems(figure, latin)
        ]
        if sources.glossary is not None:
            for lang in LANGUAGES:
                labels = [(label.line, label.prose) for label in figure.labels(lang)]
                problems += [
                    Problem(sources.figure(name), line, 0, "CI507", message)
                    for line, message in sources.glossary.problems(labels, lang)
                ]
    return problems


def _article_html(sources: Sources) -> list[Problem]:
    """HTML an article may not carry, and markers its page cannot show, read as the site renders the article.

    The source is read first, so each problem has its line; the rendered article
    is then held to what Markdown and the allowed HTML make, in case the source
    reading missed what the renderer found.
    """
    problems = []
    render = article_renderer()
    for (slug, lang), text in sources.texts.items():
        place = sources.article(slug, lang)
        raw = [Problem(place, line, column, rule, message) for line, column, rule, message in raw_html_problems(text)]
        html, misplaced_markers = checked_render(text, render)
        problems += raw + [
            Problem(place, line, column, rule, message) for line, column, rule, message in misplaced_markers
        ]
        if not raw:
            problems += [
                Problem(place, 0, 0, rule, f"as the site renders it: {message}")
                for rule, message in rendered_html_problems(html)
            ]
    return problems


def _calculators(sources: Sources) -> list[Problem]:
    """Calculator markers that name no calculator or cannot stand as their own paragraph.

    Also languages that place different calculators.
    """
    problems = [
        Problem(sources.article(slug, lang), line, column, rule, message)
        for (slug, lang), text in sources.texts.items()
        for line, column, rule, message in calculator_marker_problems(text)
    ]
    for (slug, lang), text in sources.texts.items():
        if sources.registry is not None:
            problems += [
                Problem(sources.article(slug, lang), placement.line, 1, "CI513", message)
                for placement in place_calculators(text)[1]
                for message in calculator_problems(CALCULATORS[placement.calculator], sources.registry)
            ]
        original = sources.texts.get((slug, DEFAULT_LANGUAGE))
        if lang != DEFAULT_LANGUAGE and original is not None and placed(text) != placed(original):
            message = (
                f"places the calculators {placed(text)}, and the {DEFAULT_LANGUAGE} article {placed(original)}:"
                " place the same ones in the same order"
            )
            problems.append(Problem(sources.article(slug, lang), 1, 0, "CI513", message))
    return problems


def quoted_facts(sources: Sources) -> dict[tuple[str, str], list[tuple[int, str]]]:
    """(line, fact id) of every marker each article quotes, its figures' markers included (line 0: in a figure)."""
    quoted = {}
    for key, text in sources.texts.items():
        pictured = [
            sources.figure_markers.get(figure.source.rpartition("/")[2], []) for figure in sources.outlines[key].figures
        ]
        quoted[key] = markers(text) + [(0, fact_id) for marks in pictured for _, fact_id in marks]
    return quoted


def fact_uses(sources: Sources) -> dict[str, tuple[str, ...]]:
    """The topics that quote each fact, in catalogue order; every fact of the registry is a key."""
    quoted = sources.quoted
    facts = sources.registry.facts if sources.registry else ()
    return {
        fact.id: tuple(
            dict.fromkeys(slug for (slug, _), found in quoted.items() for _, used in found if used == fact.id)
        )
        for fact in facts
    }


def _facts(sources: Sources) -> list[Problem]:
    """Markers that name no fact or stand where no value can be shown.

    Also languages that quote different facts, and facts nobody quotes.
    """
    quoted = sources.quoted
    if sources.registry is None:
        return []  # facts.yaml could not be read: reported where it is wrong
    if not sources.has_facts and any(quoted.values()):
        count = sum(len(found) for found in quoted.values())
        message = f"{FACTS} is missing, and the articles quote facts {count} times: restore it, or write the values out"
        return [Problem(FACTS, 0, 0, "CI007", message)]
    problems = _unknown_facts(sources, sources.registry)
    for (slug, lang), found in quoted.items():
        original = quoted.get((slug, DEFAULT_LANGUAGE))
        if lang != DEFAULT_LANGUAGE and original is not None:
            problems += [
                Problem(sources.article(slug, side), line, 0, "CI405", message)
                for side, line, message in _differing_quotes(slug, lang, found, original)
            ]
    return problems + _unused_facts(sources)


def _unknown_facts(sources: Sources, registry: Registry) -> list[Problem]:
    """Markers, in the articles and in the figures, that name no fact of facts.yaml."""
    known = [fact.id for fact in registry.facts]
    places = [
        (sources.article(slug, lang), line, fact_id)
        for (slug, lang), found in sources.quoted.items()
        for line, fact_id in found
        if line  # line 0: a marker in a figure, named below at the figure's own line
    ]
    places += [
        (sources.figure(name), line, fact_id)
        for name in sources.figures
        for line, fact_id in sources.figure_markers[name]
    ]
    return [
        Problem(where, line, 0, "CI403", f"{{fact:{fact_id}}} names no fact in {FACTS}; {_hint(fact_id, known)}")
        for where, line, fact_id in places
        if registry.fact(fact_id) is None
    ]


def _unused_facts(sources: Sources) -> list[Problem]:
    """Facts declared in facts.yaml that no article, figure or glossary definition quotes."""
    in_glossary = {fact for _, _, fact in _glossary_quotes(sources)}
    return [
        Problem(
            FACTS,
            sources.fact_lines.get(fact_id, 1),
            0,
            "CI406",
            f"fact {fact_id!r} is declared but no article quotes it: write"
            f" {{fact:{fact_id}}} where one does, or remove it",
        )
        for fact_id, slugs in fact_uses(sources).items()
        if not slugs and fact_id not in in_glossary
    ]


def _glossary_quotes(sources: Sources) -> list[tuple[str, str, str]]:
    """(term id, language, fact id) of every marker in the glossary's definitions."""
    terms = sources.glossary.terms if sources.glossary else ()
    return [
        (term.id, lang, match["id"])
        for term in terms
        for lang in LANGUAGES
        for match in MARKER.finditer(term.definition[lang])
    ]


def _glossary_facts(sources: Sources) -> list[Problem]:
    """Markers in the glossary's definitions.

    Each names a fact, and both languages of a definition quote the same ones.
    """
    if sources.registry is None or sources.glossary is None:
        return []
    known = [fact.id for fact in sources.registry.facts]
    quotes = _glossary_quotes(sources)
    problems = [
        Problem(
            GLOSSARY,
            0,
            0,
            "CI403",
            f"terms.{term_id}.definition.{lang}: {{fact:{fact_id}}} names no fact in {FACTS}; {_hint(fact_id, known)}",
        )
        for term_id, lang, fact_id in quotes
        if sources.registry.fact(fact_id) is None
    ]
    for term in sources.glossary.terms:
        sides = {
            lang: Counter(fact for term_id, side, fact in quotes if term_id == term.id and side == lang)
            for lang in LANGUAGES
        }
        if len({tuple(sorted(counted.items())) for counted in sides.values()}) > 1:
            problems.append(
                Problem(
                    GLOSSARY,
                    0,
                    0,
                    "CI405",
                    f"terms.{term.id}.definition: the languages quote different facts; both quote the same ones",
                )
            )
    return problems


def _hint(fact_id: str, known: list[str]) -> str:
    close = difflib.get_close_matches(fact_id, known, n=1)
    return f"did you mean {close[0]!r}?" if close else f"declare it in {FACTS} first"


def _differing_quotes(
    slug: str, lang: str, found: list[tuple[int, str]], original: list[tuple[int, str]]
) -> list[tuple[str, int, str]]:
    """Facts a translation quotes more or less often than the original: (language, line, message).

    Each is placed at a marker the author can see.
    """
    sides = {lang: found, DEFAULT_LANGUAGE: original}
    counts = {side: Counter(fact_id for _, fact_id in marks) for side, marks in sides.items()}
    problems = []
    for fact_id in sorted(set(counts[lang]) | set(counts[DEFAULT_LANGUAGE])):
        here, there = counts[lang][fact_id], counts[DEFAULT_LANGUAGE][fact_id]
        if here == there:
            continue
        side, other = (lang, DEFAULT_LANGUAGE) if here else (DEFAULT_LANGUAGE, lang)
        line = next(line for line, used in sides[side] if used == fact_id) or 1  # 0: a marker in a figure
        elsewhere = f"{_times(counts[other][fact_id])} in" if counts[other][fact_id] else "not in"
        other_name = article_source(slug, other).rpartition("/")[2]
        problems.append(
            (
                side,
                line,
                f"{{fact:{fact_id}}} is quoted {_times(counts[side][fact_id])} here and {elsewhere}"
                f" {other_name}: both languages quote the same facts",
            )
        )
    return problems


def _times(count: int) -> str:
    return "once" if count == 1 else f"{count} times"


def _catalogue_text(sources: Sources) -> list[Problem]:
    """Dates out of order and catalogue text in the other language: a Russian title on English pages, or the reverse."""
    if sources.catalogue is None:
        return []
    lines = sources.catalogue_lines
    problems = []
    for position, topic in enumerate(sources.catalogue.topics):
        places = lines.get(topic.slug, {})
        if topic.reviewed is not None and topic.reviewed < topic.added:
            problems.append(
                Problem(
                    CATALOGUE,
                    places.get("reviewed", 0),
                    0,
                    "CI013",
                    f"topics[{position}].reviewed: {topic.reviewed.isoformat()} is before the day the topic was added"
                    f" ({topic.added.isoformat()}): an article is reviewed after it is written",
                )
            )
        for name in ("title", "summary"):
            text, field = getattr(topic, name), f"topics[{position}].{name}"
            # Russian text may be a name in Latin letters (Kubernetes); English text has no Cyrillic letters.
            if cyrillic(text["en"]):
                problems.append(
                    Problem(
                        CATALOGUE,
                        places.get(name, 0),
                        0,
                        "CI014",
                        f"{field}.en is in Russian ({text['en']!r}): write the English there",
                    )
                )
    return problems


def _standard(sources: Sources) -> list[Problem]:
    """The chapter's standard for an article (CI101–CI107), as notices."""
    if sources.catalogue is None:
        return []
    slugs = frozenset(topic.slug for topic in sources.catalogue.topics)
    problems = []
    for (slug, lang), text in sources.texts.items():
        article = read_article(sources.docs, slugs, slug, lang, text, sources.outlines[slug, lang])
        problems += [
            Problem(sources.article(slug, lang), line, 0, rule, message)
            for line, rule, message in standard_problems(article)
        ]
    return problems


def _translations(sources: Sources) -> list[Problem]:
    if sources.record is None:
        return []
    # A topic whose article could not be read is not gone from the record: its file's own problem says what to fix.
    unread = {
        slug
        for slug in sources.record
        if any((sources.docs / article_source(slug, lang)).is_file() for lang in LANGUAGES)
    }
    record = {
        slug: sections for slug, sections in sources.record.items() if slug in sources.pairs or slug not in unread
    }
    return translation_problems(sources.shown, sources.pairs, record, sources.record_lines)


def _promises(sources: Sources) -> list[Problem]:
    """Labels that say more than the topic's dates allow, and facts due for a reading or dated ahead."""
    problems = []
    if sources.catalogue is not None:
        lines = sources.catalogue_lines
        problems += [
            Problem(CATALOGUE, broken.line, 0, broken.rule, broken.message)
            for broken in broken_promises(sources.catalogue, lines, sources.on)
        ]
    if sources.registry is not None:
        registry, on = sources.registry, sources.on
        problems += [
            Problem(
                FACTS,
                sources.fact_lines.get(fact.id, 1),
                0,
                "CI402",
                f"facts.{fact.id}.as_of: {fact.as_of.isoformat()} is after today"
                f" ({on.isoformat()}): write the day the source was read",
            )
            for fact in registry.ahead(on)
        ]
        problems += [
            Problem(
                FACTS,
                sources.fact_lines.get(fact.id, 1),
                0,
                "CI401",
                f"fact {fact.id!r} was read from its source on {fact.as_of.isoformat()}, more than"
                f" the registry's {registry.review_within} days ago: read the source again, then"
                " update `value` if it changed and `as_of`",
            )
            for fact in registry.stale(on)
        ]
    return problems


def translation_problems(
    shown: str, pairs: Mapping[str, PairState], record: Mapping[str, object], lines: Mapping[tuple[str, ...], int]
) -> list[Problem]:
    """What an author has to do to bring each pair back in step."""
    problems = [problem for slug, pair in pairs.items() for problem in _pair_problems(shown, slug, pair, lines)]
    for slug in [slug for slug in record if slug not in pairs]:
        message = f"records topic {slug!r}, which has no article in both languages: run `chapter sync --prune`"
        problems.append(Problem(f"{shown}/{RECORD_PATH}", lines.get((slug,), 1), 0, "CI204", message))
    return problems


def _pair_problems(shown: str, slug: str, pair: PairState, lines: Mapping[tuple[str, ...], int]) -> list[Problem]:
    """What one topic's pair of articles needs: a first record, sections brought up to date, a record pruned."""
    first = LANGUAGES[0]
    sync = f"`chapter sync {slug}`"
    problems = []

    def add(path: str, line: int, rule: str, message: str) -> None:
        problems.append(Problem(f"{shown}/{path}", line, 0, rule, message))

    if not pair.recorded:
        add(
            article_source(slug, first),
            1,
            "CI201",
            f"the pair is not in {TRANSLATIONS_RECORD} yet: once both languages say the same, run"
            f" {sync} to record that they are in step",
        )
        return problems
    for lang, lags in pair.behind.items():
        other = next(other for other in LANGUAGES if other != lang)
        for lag in lags:
            add(
                article_source(slug, lang),
                lag.line,
                "CI202",
                f"section '{lag.anchor}' is behind"
                f" {article_source(slug, other).rpartition('/')[2]}:{lag.ahead_line}, which"
                " changed after the pair was last in step: bring this section up to date, then run"
                f" `chapter sync {slug} --section {lag.anchor}`; a change there that needs no translation (a"
                " typo, a link) needs only that command",
            )
    for anchor, line in pair.both_changed:
        add(
            article_source(slug, first),
            line,
            "CI203",
            f"section '{anchor}' changed in both languages since the pair was last in step:"
            f" when they say the same again, run {sync}",
        )
    for anchor, line in pair.unrecorded:
        message = f"section '{anchor}' is new to {TRANSLATIONS_RECORD}: once both languages have it, run {sync}"
        add(article_source(slug, first), line, "CI201", message)
    for anchor in pair.stale:
        message = f"records section '{anchor}' of {slug!r}, which its articles no longer have: run {sync}"
        add(RECORD_PATH, lines.get((slug, anchor), 1), "CI204", message)
    return problems


def _comment_lines(found: Outline) -> list[tuple[int, str]]:
    return [(block.line + comment.line, comment.text) for block in found.code for comment in block.comments]


def _anchors(found: Outline | None) -> frozenset[str] | None:
    return None if found is None else frozenset(heading.anchor for heading in found.headings if heading.anchor)


def _pages(sources: Sources) -> list[Problem]:
    """Pages of the docs folder whose front matter names what does not exist.

    A chapter page the renderer does not make, or a topic the catalogue lacks.
    """
    problems = []
    slugs = {topic.slug for topic in sources.catalogue.topics} if sources.catalogue else None
    for path in sorted(sources.docs.glob("*.md")):
        place = f"{sources.shown}/{path.name}"
        try:
            meta = front_matter(read_text(path, place), place)
        except FileError as error:
            problems.append(error.problem)
            continue
        except DataFileError as error:
            problems += [
                dataclasses.replace(problem, rule="CI801") if problem.rule in ("CI010", "CI011") else problem
                for problem in error.found
            ]
            continue
        kind = meta.get("chapter")
        if kind is not None and kind.value not in PAGE_KINDS:
            close = difflib.get_close_matches(str(kind.value), PAGE_KINDS, n=1)
            hint = f" — did you mean {close[0]!r}?" if close else ""
            problems.append(
                Problem(
                    place,
                    kind.line,
                    kind.column,
                    "CI801",
                    f"chapter: unknown chapter page kind {kind.value!r}; expected"
                    f" one of: {', '.join(PAGE_KINDS)}{hint}",
                )
            )
        topic = meta.get("topic")
        if (
            kind is not None
            and kind.value == "topic"
            and slugs is not None
            and (topic is None or topic.value not in slugs)
        ):
            where = topic or kind
            problems.append(
                Problem(
                    place,
                    where.line,
                    where.column,
                    "CI801",
                    f"topic: {getattr(topic, 'value', None)!r} is not a topic of topics.yaml",
                )
            )
    return problems


# Every check the build and `chapter check` run, by name, in the order their problems matter least to most.
CHECKS: tuple[tuple[str, Check], ...] = (
    ("stray articles", _stray_articles),
    ("article structure", _article_structure),
    ("links and figures", _links),
    ("libraries", _libraries),
    ("example sizes", _example_sizes),
    ("wording", _wording),
    ("figures", _figures),
    ("facts", _facts),
    ("facts in the glossary", _glossary_facts),
    ("article HTML and markers", _article_html),
    ("calculators", _calculators),
    ("catalogue text", _catalogue_text),
    ("pages", _pages),
    ("article standard", _standard),
    ("translations", _translations),
    ("promises", _promises),
)
