"""The Markdown files that stand for topic pages in the docs folder.

mkdocs-static-i18n only pairs up pages that exist as real files in the docs
folder, so every topic gets one small file per language in `docs/topics/`.
The files carry nothing but the topic's slug; the page itself is rendered
from the catalogue at build time. A file is written only when its content
changes, so `mkdocs serve` does not rebuild in a loop.
"""

from __future__ import annotations

from pathlib import Path

from .catalogue import LANGUAGES, Catalogue
from .urls import topic_source

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
