"""The chapter as a project on disk: where its files are and what checking it means.

Both the MkDocs plugin and the `python -m chapter check` command start here, so
they refuse the same mistakes with the same messages.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from .articles import Outline, alt_problems, article_problems, comment_problems, link_problems, outline, parity_problems, prose_lines
from .catalogue import DEFAULT_LANGUAGE, LANGUAGES, Catalogue
from .errors import ChapterError
from .figures import FIGURES_FOLDER, FigureError, figure_problems, figure_sources, handmade_copies, parse_figure
from .glossary import Glossary, load_glossary
from .loader import Warn, load_catalogue
from .sources import stray_articles
from .standard import Article, standard_problems
from .urls import ARTICLES_FOLDER, article_source

CATALOGUE = "topics.yaml"
GLOSSARY = "glossary.yaml"
DOCS = "docs"


class ArticleError(ChapterError):
    """Article and figure files that no topic owns, that break the chapter's rules, or whose languages have parted ways."""


@dataclass(frozen=True)
class Project:
    catalogue: Catalogue
    glossary: Glossary


def check_project(root: Path, docs_dir: Path | None = None, *, strict: bool = False, warn: Warn | None = None, standard: bool = False) -> Project:
    """The validated data of the project at `root`; ChapterError when anything is wrong.

    With `standard`, every article is also held to the chapter's standard (standard.py),
    as `chapter check` does; the build is not, so that a draft still publishes.
    """
    catalogue = load_catalogue(root / CATALOGUE, shown_as=CATALOGUE, strict=strict, warn=warn)
    glossary = load_glossary(root / GLOSSARY, shown_as=GLOSSARY)
    docs = docs_dir or root / DOCS
    texts = _article_texts(catalogue, docs)
    outlines = {key: outline(text) for key, text in texts.items()}
    problems = stray_articles(catalogue, docs) + _article_problems(catalogue, glossary, texts, outlines) + _figure_problems(glossary, docs)
    if standard:
        problems += _standard_problems(catalogue, texts, outlines, docs)
    if problems:
        shown = docs.relative_to(root) if docs.is_relative_to(root) else docs
        raise ArticleError("\n".join(f"{shown / path}: {message}" for path, message in problems))
    return Project(catalogue, glossary)


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


def _figure_problems(glossary: Glossary, docs: Path) -> list[tuple[str, str]]:
    """Figures that are not well-formed, show a page words in another language, or use an avoided term."""
    problems = [
        (
            f"{FIGURES_FOLDER}/{path.name}",
            f"per-language copies are written by the build from {path.name.split('.')[0]}.svg; put every language's labels there, marked with systemLanguage, and delete this file",
        )
        for path in handmade_copies(docs)
    ]
    for source in figure_sources(docs):
        place = f"{FIGURES_FOLDER}/{source.name}"
        try:
            figure = parse_figure(source.read_bytes())
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
