"""The chapter as a project on disk: where its files are and what checking it means.

Both the MkDocs hook and the `python -m chapter check` command start here, so
they refuse the same mistakes with the same messages.
"""

from __future__ import annotations

from pathlib import Path

from .articles import Outline, article_problems, link_problems, outline, parity_problems
from .catalogue import DEFAULT_LANGUAGE, LANGUAGES, Catalogue
from .errors import ChapterError
from .loader import Warn, load_catalogue
from .sources import stray_articles
from .urls import article_source

CATALOGUE = "topics.yaml"
DOCS = "docs"


class ArticleError(ChapterError):
    """Article files that no topic owns, or whose languages have parted ways."""


def check_project(root: Path, docs_dir: Path | None = None, *, strict: bool = False, warn: Warn | None = None) -> Catalogue:
    """The validated catalogue of the project at `root`; ChapterError when anything is wrong."""
    catalogue = load_catalogue(root / CATALOGUE, shown_as=CATALOGUE, strict=strict, warn=warn)
    docs = docs_dir or root / DOCS
    problems = stray_articles(catalogue, docs) or _article_problems(catalogue, docs)
    if problems:
        shown = docs.relative_to(root) if docs.is_relative_to(root) else docs
        raise ArticleError("\n".join(f"{shown / path}: {message}" for path, message in problems))
    return catalogue


def _article_problems(catalogue: Catalogue, docs: Path) -> list[tuple[str, str]]:
    """Mistakes inside the articles: broken anchors and links, and translations whose structure departs from the original."""
    texts = {}
    for topic in catalogue.topics:
        for lang in LANGUAGES:
            path = docs / article_source(topic.slug, lang)
            if path.is_file():
                texts[topic.slug, lang] = path.read_text(encoding="utf-8")
    outlines = {key: outline(text) for key, text in texts.items()}
    anchors = {
        lang: {topic.slug: _anchors(outlines.get((topic.slug, lang))) for topic in catalogue.topics}
        for lang in LANGUAGES
    }
    problems = []
    for (slug, lang), found in outlines.items():
        place = article_source(slug, lang)
        problems += [(f"{place}:{line}", message) for line, message in article_problems(found) + link_problems(found, anchors[lang])]
        original = outlines.get((slug, DEFAULT_LANGUAGE))
        if lang != DEFAULT_LANGUAGE and original is not None:
            name = article_source(slug, DEFAULT_LANGUAGE).rpartition("/")[2]
            problems += [(f"{place}:{line}", message) for line, message in parity_problems(original, found, name)]
    return problems


def _anchors(found: Outline | None) -> frozenset[str] | None:
    return None if found is None else frozenset(heading.anchor for heading in found.headings if heading.anchor)
