"""The chapter as a project on disk: where its files are and what checking it means.

Both the MkDocs plugin and the `python -m chapter check` command start here, so
they refuse the same mistakes with the same messages.
"""

from __future__ import annotations

import datetime
import difflib
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from .articles import Outline, alt_problems, article_problems, comment_problems, link_problems, outline, parity_problems, prose_lines
from .catalogue import DEFAULT_LANGUAGE, LANGUAGES, Catalogue
from .errors import ChapterError
from .facts import FACTS, NO_FACTS, Registry, load_registry, markers, misplaced
from .figures import FIGURES_FOLDER, FigureError, figure_markers, figure_problems, figure_sources, handmade_copies, parse_figure
from .glossary import Glossary, load_glossary
from .loader import Warn, load_catalogue
from .promises import broken_promises, field_lines, today
from .sources import stray_articles
from .standard import Article, standard_problems
from .translations import RECORD_PATH, PairState, compare, read_record
from .urls import ARTICLES_FOLDER, TRANSLATIONS_RECORD, article_source

CATALOGUE = "topics.yaml"
GLOSSARY = "glossary.yaml"
DOCS = "docs"


class ArticleError(ChapterError):
    """Article and figure files that no topic owns, that break the chapter's rules, or whose languages have parted ways."""


@dataclass(frozen=True)
class Project:
    catalogue: Catalogue
    glossary: Glossary
    # Each article pair against its record in translations.yaml, by slug; topics with one language or none are absent.
    translations: Mapping[str, PairState] = field(default_factory=dict)
    registry: Registry = NO_FACTS
    # The topics whose articles quote each fact, in catalogue order.
    fact_uses: Mapping[str, tuple[str, ...]] = field(default_factory=dict)


def check_project(
    root: Path,
    docs_dir: Path | None = None,
    *,
    strict: bool = False,
    warn: Warn | None = None,
    standard: bool = False,
    on: datetime.date | None = None,
) -> Project:
    """The validated data of the project at `root`; ChapterError when anything is wrong.

    With `standard`, as `chapter check` does, every article is also held to the chapter's
    standard (standard.py), every translation to its record (translations.py) and every
    label, on the day `on` (by default SOURCE_DATE_EPOCH's), to its promise (promises.py).
    The build is not: a draft, a translation that lags and an aging label still publish.
    """
    catalogue = load_catalogue(root / CATALOGUE, shown_as=CATALOGUE, strict=strict, warn=warn)
    glossary = load_glossary(root / GLOSSARY, shown_as=GLOSSARY)
    docs = docs_dir or root / DOCS
    shown = docs.relative_to(root) if docs.is_relative_to(root) else docs
    record, record_lines = read_record(docs / RECORD_PATH, shown_as=str(shown / RECORD_PATH))
    registry, fact_lines = load_registry(root / FACTS)
    texts = _article_texts(catalogue, docs)
    outlines = {key: outline(text) for key, text in texts.items()}
    figures = {source.name: source.read_bytes() for source in figure_sources(docs)}
    problems = stray_articles(catalogue, docs) + _article_problems(catalogue, glossary, texts, outlines) + _figure_problems(glossary, docs, figures)
    pairs = {
        topic.slug: compare(topic.slug, {lang: texts[topic.slug, lang] for lang in LANGUAGES}, record.get(topic.slug))
        for topic in catalogue.topics
        if all((topic.slug, lang) in texts for lang in LANGUAGES)
    }
    quoted = {key: markers(text) for key, text in texts.items()}
    problems += _fact_problems(registry, quoted)
    problems += [
        (
            f"{article_source(slug, lang)}:{line}",
            f"{{fact:{fact_id}}} stands in an image description or a link's text, which show plain text: write the value there",
        )
        for (slug, lang), text in texts.items()
        for line, fact_id in misplaced(text)
    ]
    # A figure quotes its facts for every article that shows it.
    in_figures = {name: figure_markers(source) for name, source in figures.items()}
    for (slug, lang), found in outlines.items():
        pictured = [in_figures.get(figure.source.rpartition("/")[2], []) for figure in found.figures]
        quoted[slug, lang] = quoted[slug, lang] + [(0, fact_id) for marks in pictured for _, fact_id in marks]
    problems += [
        (f"{FIGURES_FOLDER}/{name}:{line}", f"{{fact:{fact_id}}} names no fact in {FACTS}")
        for name, found in in_figures.items()
        for line, fact_id in found
        if registry.fact(fact_id) is None
    ]
    uses = {fact.id: tuple(dict.fromkeys(slug for (slug, _), found in quoted.items() for _, used in found if used == fact.id)) for fact in registry.facts}
    own = []  # problems in the project's own files, outside the docs folder
    for fact_id in [fact_id for fact_id, slugs in uses.items() if not slugs]:
        # Like a lending chapter no topic uses: a doubt, which --strict makes an error.
        place, doubt = (
            f"{FACTS}:{fact_lines.get(fact_id, 1)}",
            f"fact {fact_id!r} is declared but no article quotes it: write {{fact:{fact_id}}} where one does, or remove it",
        )
        if strict:
            own.append((place, doubt))
        elif warn:
            warn(f"{place}: {doubt}")
    if standard:
        on = on or today()
        problems += _standard_problems(catalogue, texts, outlines, docs)
        problems += translation_problems(pairs, record, record_lines)
        lines = field_lines(root / CATALOGUE)
        own += [(f"{CATALOGUE}:{broken.line}", f"{broken.rule} {broken.message}") for broken in broken_promises(catalogue, lines, on)]
        own += [
            (
                f"{FACTS}:{fact_lines.get(fact.id, 1)}",
                f"CI402 facts.{fact.id}.as_of: {fact.as_of.isoformat()} is after today ({on.isoformat()}): write the day the source was read",
            )
            for fact in registry.ahead(on)
        ]
        own += [
            (
                f"{FACTS}:{fact_lines.get(fact.id, 1)}",
                f"CI401 fact {fact.id!r} was read from its source on {fact.as_of.isoformat()}, more than the registry's {registry.review_within} days ago:"
                " read the source again, then update `value` if it changed and `as_of`",
            )
            for fact in registry.stale(on)
        ]
    if problems or own:
        raise ArticleError("\n".join([f"{shown / path}: {message}" for path, message in problems] + [f"{path}: {message}" for path, message in own]))
    return Project(catalogue, glossary, pairs, registry, {fact_id: slugs for fact_id, slugs in uses.items() if slugs})


def _fact_problems(registry: Registry, quoted: Mapping[tuple[str, str], list[tuple[int, str]]]) -> list[tuple[str, str]]:
    """Markers that name no fact, and articles whose languages quote different facts."""
    known = [fact.id for fact in registry.facts]
    problems = []
    for (slug, lang), found in quoted.items():
        for line, fact_id in found:
            if registry.fact(fact_id) is None:
                close = difflib.get_close_matches(fact_id, known, n=1)
                hint = f"did you mean {close[0]!r}?" if close else f"declare it in {FACTS} first"
                problems.append((f"{article_source(slug, lang)}:{line}", f"{{fact:{fact_id}}} names no fact in {FACTS}; {hint}"))
        original = quoted.get((slug, DEFAULT_LANGUAGE))
        if lang != DEFAULT_LANGUAGE and original is not None:
            problems += _differing_quotes(slug, lang, found, original)
    return problems


def _differing_quotes(slug: str, lang: str, found: list[tuple[int, str]], original: list[tuple[int, str]]) -> list[tuple[str, str]]:
    """Facts a translation quotes more or less often than the original, each placed at a marker the author can see."""
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
        problems.append(
            (
                f"{article_source(slug, side)}:{line}",
                f"{{fact:{fact_id}}} is quoted {_times(counts[side][fact_id])} here and {elsewhere} {article_source(slug, other).rpartition('/')[2]}:"
                " both languages quote the same facts",
            )
        )
    return problems


def _times(count: int) -> str:
    return "once" if count == 1 else f"{count} times"


def translation_problems(pairs: Mapping[str, PairState], record: Mapping[str, object], lines: Mapping[tuple[str, ...], int]) -> list[tuple[str, str]]:
    """What an author has to do to bring each pair back in step: (path in docs with line, message)."""
    first = LANGUAGES[0]
    problems = []
    for slug, pair in pairs.items():
        sync = f"`chapter sync {slug}`"
        if not pair.recorded:
            problems.append(
                (
                    f"{article_source(slug, first)}:1",
                    f"CI201 the pair is not in {TRANSLATIONS_RECORD} yet: once both languages say the same, run {sync} to record that they are in step",
                )
            )
            continue
        for lang, lags in pair.behind.items():
            other = next(other for other in LANGUAGES if other != lang)
            for lag in lags:
                problems.append(
                    (
                        f"{article_source(slug, lang)}:{lag.line}",
                        f"CI202 section '{lag.anchor}' is behind {article_source(slug, other).rpartition('/')[2]}:{lag.ahead_line}, which changed after the pair was"
                        f" last in step: bring this section up to date, then run `chapter sync {slug} --section {lag.anchor}`; a change there that needs no"
                        " translation (a typo, a link) needs only that command",
                    )
                )
        for anchor, line in pair.both_changed:
            problems.append(
                (
                    f"{article_source(slug, first)}:{line}",
                    f"CI203 section '{anchor}' changed in both languages since the pair was last in step: when they say the same again, run {sync}",
                )
            )
        for anchor, line in pair.unrecorded:
            problems.append(
                (f"{article_source(slug, first)}:{line}", f"CI201 section '{anchor}' is new to {TRANSLATIONS_RECORD}: once both languages have it, run {sync}")
            )
        problems += [
            (f"{RECORD_PATH}:{lines.get((slug, anchor), 1)}", f"CI204 records section '{anchor}' of {slug!r}, which its articles no longer have: run {sync}")
            for anchor in pair.stale
        ]
    problems += [
        (f"{RECORD_PATH}:{lines.get((slug,), 1)}", f"CI204 records topic {slug!r}, which has no article in both languages: run `chapter sync --prune`")
        for slug in record
        if slug not in pairs
    ]
    return problems


def _article_texts(catalogue: Catalogue, docs: Path) -> dict[tuple[str, str], str]:
    """The text of every article present, by (slug, language)."""
    texts = {}
    for topic in catalogue.topics:
        for lang in LANGUAGES:
            path = docs / article_source(topic.slug, lang)
            if path.is_file():
                texts[topic.slug, lang] = path.read_text(encoding="utf-8")
    return texts


def standard_article(docs: Path, slugs: frozenset[str], slug: str, lang: str, text: str, found: Outline) -> Article:
    """An article as the standard's rules read it, with the SVG text of each figure it shows."""
    figures = {}
    for figure in found.figures:
        path = docs / ARTICLES_FOLDER / figure.source
        figures[figure.source] = path.read_text(encoding="utf-8") if path.is_file() else None
    return Article(slug, lang, text, found, slugs, figures)


def _standard_problems(catalogue: Catalogue, texts: dict[tuple[str, str], str], outlines: dict[tuple[str, str], Outline], docs: Path) -> list[tuple[str, str]]:
    slugs = frozenset(topic.slug for topic in catalogue.topics)
    problems = []
    for (slug, lang), text in texts.items():
        article = standard_article(docs, slugs, slug, lang, text, outlines[slug, lang])
        problems += [(f"{article_source(slug, lang)}:{line}", message) for line, message in standard_problems(article)]
    return problems


def _article_problems(
    catalogue: Catalogue, glossary: Glossary, texts: dict[tuple[str, str], str], outlines: dict[tuple[str, str], Outline]
) -> list[tuple[str, str]]:
    """Mistakes inside the articles: broken anchors and links, terms and comments, and translations whose structure departs from the original."""
    anchors = {lang: {topic.slug: _anchors(outlines.get((topic.slug, lang))) for topic in catalogue.topics} for lang in LANGUAGES}
    problems = []
    for (slug, lang), found in outlines.items():
        place = article_source(slug, lang)
        own = article_problems(found) + link_problems(found, anchors[lang])
        own += glossary.problems(prose_lines(texts[slug, lang], lang) + _comment_lines(found), lang)
        own += comment_problems(found, lang, glossary.latin) + alt_problems(found, lang, glossary.latin)
        original = outlines.get((slug, DEFAULT_LANGUAGE))
        if lang != DEFAULT_LANGUAGE and original is not None:
            name = article_source(slug, DEFAULT_LANGUAGE).rpartition("/")[2]
            own += parity_problems(original, found, name)
        problems += [(f"{place}:{line}", message) for line, message in sorted(own, key=lambda problem: problem[0])]
    return problems


def _figure_problems(glossary: Glossary, docs: Path, figures: Mapping[str, bytes]) -> list[tuple[str, str]]:
    """Figures that are not well-formed, show a page words in another language, or use an avoided term."""
    problems = [
        (
            f"{FIGURES_FOLDER}/{path.name}",
            f"per-language copies are written by the build from {path.name.split('.')[0]}.svg; put every language's labels there, marked with systemLanguage, and delete this file",
        )
        for path in handmade_copies(docs)
    ]
    for name, source in figures.items():
        place = f"{FIGURES_FOLDER}/{name}"
        try:
            figure = parse_figure(source)
        except FigureError as error:
            problems.append((f"{place}:{error.line}", str(error)))
            continue
        found = figure_problems(figure, glossary.latin)
        for lang in LANGUAGES:
            found += glossary.problems([(label.line, label.prose) for label in figure.labels(lang)], lang)
        problems += [(f"{place}:{line}", message) for line, message in sorted(found, key=lambda problem: problem[0])]
    return problems


def _comment_lines(found: Outline) -> list[tuple[int, str]]:
    return [(block.line + comment.line, comment.text) for block in found.code for comment in block.comments]


def _anchors(found: Outline | None) -> frozenset[str] | None:
    return None if found is None else frozenset(heading.anchor for heading in found.headings if heading.anchor)
