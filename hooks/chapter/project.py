"""The chapter as a project on disk: where its files are and what checking it means.

Both the MkDocs hook and the `python -m chapter check` command start here, so
they refuse the same mistakes with the same messages.
"""

from __future__ import annotations

from pathlib import Path

from .catalogue import Catalogue
from .errors import ChapterError
from .loader import Warn, load_catalogue
from .sources import article_problems

CATALOGUE = "topics.yaml"
DOCS = "docs"


class ArticleError(ChapterError):
    """Article files that no topic of the catalogue owns."""


def check_project(root: Path, docs_dir: Path | None = None, *, strict: bool = False, warn: Warn | None = None) -> Catalogue:
    """The validated catalogue of the project at `root`; ChapterError when anything is wrong."""
    catalogue = load_catalogue(root / CATALOGUE, shown_as=CATALOGUE, strict=strict, warn=warn)
    docs = docs_dir or root / DOCS
    problems = article_problems(catalogue, docs)
    if problems:
        shown = docs.relative_to(root) if docs.is_relative_to(root) else docs
        raise ArticleError("\n".join(f"{shown / path}: {message}" for path, message in problems))
    return catalogue
