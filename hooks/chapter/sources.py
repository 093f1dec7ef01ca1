"""The Markdown files that stand for topic pages in the docs folder.

mkdocs-static-i18n only pairs up pages that exist as real files in the docs
folder, so every topic gets one small file per language in `docs/topics/`.
The files carry nothing but the topic's slug; the page itself is rendered
from the catalogue at build time. A file is written only when its content
changes, so `mkdocs serve` does not rebuild in a loop.
"""

from __future__ import annotations

from pathlib import Path

import difflib

from .catalogue import LANGUAGES, Catalogue
from .urls import ARTICLES_FOLDER, topic_source

TOPICS_FOLDER = "topics"

STUB = """\
---
# Generated from topics.yaml; edits here are overwritten.
chapter: topic
topic: {slug}
---
"""


def sync_topic_sources(catalogue: Catalogue, docs_dir: Path) -> list[Path]:
    """Make docs/topics/ hold exactly one file per topic and language; return the paths it changed."""
    wanted = {
        docs_dir / topic_source(topic.slug, lang): STUB.format(slug=topic.slug)
        for topic in catalogue.topics
        for lang in LANGUAGES
    }
    folder = docs_dir / TOPICS_FOLDER
    folder.mkdir(parents=True, exist_ok=True)
    changed = [stale for stale in folder.glob("*.md") if stale not in wanted]
    for stale in changed:
        stale.unlink()
    for path, content in wanted.items():
        if not path.is_file() or path.read_text(encoding="utf-8") != content:
            path.write_text(content, encoding="utf-8")
            changed.append(path)
    return changed


def navigation(catalogue: Catalogue) -> list[str]:
    """The site navigation in catalogue order; mkdocs-static-i18n picks each page's language version."""
    return ["index.md", *(f"{TOPICS_FOLDER}/{topic.slug}.md" for topic in catalogue.topics)]


def article_problems(catalogue: Catalogue, docs_dir: Path) -> list[tuple[str, str]]:
    """Article files that would silently never be shown: (path in docs, what is wrong)."""
    folder = docs_dir / ARTICLES_FOLDER
    slugs = [topic.slug for topic in catalogue.topics]
    problems = []
    for path in sorted(folder.rglob("*")) if folder.is_dir() else ():
        if path.is_dir():
            continue
        name = path.relative_to(docs_dir).as_posix()
        slug, _, rest = path.name.partition(".")
        if path.parent != folder or rest not in {f"{lang}.md" for lang in LANGUAGES}:
            problems.append((name, f"articles are named {ARTICLES_FOLDER}/<slug>.<{'|'.join(LANGUAGES)}>.md, directly in {ARTICLES_FOLDER}/"))
        elif slug not in slugs:
            close = difflib.get_close_matches(slug, slugs, n=1)
            hint = f"; did you mean {close[0]!r}?" if close else "; add the topic to topics.yaml or rename the file"
            problems.append((name, f"no topic with slug {slug!r} in topics.yaml{hint}"))
    return problems
