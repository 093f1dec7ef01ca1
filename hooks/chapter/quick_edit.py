"""The page an author is editing, shown at once under `mkdocs serve`, before the rebuild that follows.

A rebuild renders both languages, checks the whole project, indexes the site and gates every file; the
author, meanwhile, waits for one page. When the only change since the last good build is one article's
text, its topic page is rendered again from the last build's state and replaced in the served site (the
preview); the full rebuild then runs as ever and replaces the whole site, so what the author ends up with is
byte for byte the full build. The preview is only shown when nothing the build would refuse shows in it (the
fact markers resolve, the gate finds nothing in the page), and a rebuild that fails puts the page back as the
last good site had it.

Plain functions on texts and paths: the MkDocs plugin supplies the rendering.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from .gate import file_findings
from .policy import META_START, with_policy
from .urls import ARTICLES_FOLDER

ARTICLE_SUFFIX = ".md"


def changed_articles(docs: Path, known: Mapping[tuple[str, str], str]) -> dict[tuple[str, str], str]:
    """The articles whose text differs from `known` (by slug and language), with their new text.

    An article added or removed counts as changed, with the text "" for a removed one.
    """
    found: dict[tuple[str, str], str] = {}
    for path in sorted((docs / ARTICLES_FOLDER).glob(f"*.*{ARTICLE_SUFFIX}")):
        slug, _, lang = path.name.removesuffix(ARTICLE_SUFFIX).rpartition(".")
        found[slug, lang] = path.read_text(encoding="utf-8", errors="replace")
    return {key: found.get(key, "") for key in sorted(found.keys() | known.keys()) if found.get(key) != known.get(key)}


def splice(page: str, old_content: str, new_content: str) -> str | None:
    """The built page with its content replaced and its policy made for the new content; None where the old
    content is not in the page exactly once, so that no other part of the page is touched."""
    if page.count(old_content) != 1:
        return None
    start = page.find(META_START)
    end = page.find('">', start)
    if start < 0 or end < 0:
        return None
    bare = page[:start] + page[end + 2 :]
    return with_policy(bare.replace(old_content, new_content, 1), new_content, live=True)


@dataclass(frozen=True)
class Shown:
    """A page replaced in the served site, and the bytes the last good build wrote there."""

    built: str  # where, in the site folder
    path: Path
    previous: bytes

    def restore(self) -> None:
        _write(self.path, self.previous)


def show(site: Path, built: str, page: str) -> Shown | None:
    """Put `page` at `built` (relative to the site folder) in the served site; None, leaving the site as it was,
    where the page is not there or the gate finds anything in the new one."""
    path = site / built
    if not path.is_file():
        return None
    previous = path.read_bytes()
    trial = _beside(path)
    trial.write_text(page, encoding="utf-8")
    try:
        if file_findings(trial, built, live=True):
            return None
        os.replace(trial, path)
    finally:
        trial.unlink(missing_ok=True)
    return Shown(built, path, previous)


def _write(path: Path, content: bytes) -> None:
    trial = _beside(path)
    trial.write_bytes(content)
    os.replace(trial, path)


def _beside(path: Path) -> Path:
    """A hidden file beside `path`, of the same kind (the gate reads a file by its suffix)."""
    return path.with_name(f".{path.stem}.preview{path.suffix}")
