"""The Markdown files that stand for topic pages in the docs folder, and the navigation over them.

mkdocs-static-i18n only pairs up pages that exist as real files in the docs
folder, so every topic gets one small file per language in `docs/topics/`.
The files carry nothing but the topic's slug; the page itself is rendered
from the catalogue at build time. A file is written only when its content
changes, so `mkdocs serve` does not rebuild in a loop.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TypeVar

from .catalogue import LANGUAGES, Catalogue, OtherChapter, Topic
from .language import translate
from .urls import ARTICLES_FOLDER, TRANSLATIONS_RECORD, topic_source

T = TypeVar("T")

TOPICS_FOLDER = "topics"

STUB = """\
---
# Generated from topics.yaml; edits here are overwritten.
chapter: topic
topic: {slug}
---
"""


def sync_topic_stubs(catalogue: Catalogue, docs_dir: Path) -> list[Path]:
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


# Topics in one navigation section before it is cut into parts. Material renders the
# navigation into every page; with navigation.prune a page carries each section's
# topics or part titles, and the topics of its own part only, so a page's share stays
# small however long the catalogue grows. The real chapter's largest group has 11 topics.
PART_SIZE = 40


def topic_groups(catalogue: Catalogue) -> list[tuple[OtherChapter | None, tuple[Topic, ...]]]:
    """The chapter's own topics, then those of each lending chapter in declared order; catalogue order inside each."""
    groups: list[tuple[OtherChapter | None, tuple[Topic, ...]]] = [
        (None, tuple(t for t in catalogue.topics if t.origin is None))
    ]
    for chapter in catalogue.chapters:
        groups.append(
            (chapter, tuple(t for t in catalogue.topics if t.origin is not None and t.origin.id == chapter.id))
        )
    return [(chapter, topics) for chapter, topics in groups if topics]


def parts(items: Sequence[T], size: int) -> list[tuple[int, Sequence[T]]]:
    """Consecutive runs of at most `size` items, each with the 1-based position of its first item."""
    if size < 1:
        raise ValueError(f"a part holds at least one item, not {size}")
    return [(start + 1, items[start : start + size]) for start in range(0, len(items), size)]


def navigation(
    catalogue: Catalogue, lang: str, *, part_size: int = PART_SIZE, markup: Callable[[str], str] = str
) -> list:
    """The site navigation of one language, as MkDocs' `nav` setting takes it.

    The index, the glossary and the facts page, then one section per group of topics titled in `lang`
    (mkdocs-static-i18n would translate titles only from a fixed table in
    mkdocs.yml), a group longer than `part_size` cut into numbered parts.
    `markup` prepares each title for templates that print it unescaped; the
    plugin picks each page's language version of the paths.
    """
    nav: list[Any] = ["index.md", "glossary.md", "facts.md"]
    for chapter, topics in topic_groups(catalogue):
        paths: list[Any] = [f"{TOPICS_FOLDER}/{topic.slug}.md" for topic in topics]
        if len(paths) > part_size:
            paths = [
                {markup(translate(lang, "nav_part", first=first, last=first + len(part) - 1)): part}
                for first, part in parts(paths, part_size)
            ]
        title = translate(lang, "nav_own") if chapter is None else chapter.title[lang]
        nav.append({markup(title): paths})
    return nav


def stray_articles(catalogue: Catalogue, docs_dir: Path) -> list[tuple[str, str]]:
    """Article files that would silently never be shown: (path in docs, what is wrong)."""
    folder = docs_dir / ARTICLES_FOLDER
    slugs = {topic.slug for topic in catalogue.topics}
    problems = []
    for path in sorted(folder.rglob("*")) if folder.is_dir() else ():
        if path.is_dir() or path == folder / TRANSLATIONS_RECORD:
            continue
        name = path.relative_to(docs_dir).as_posix()
        slug, _, rest = path.name.partition(".")
        if path.parent != folder or rest not in {f"{lang}.md" for lang in LANGUAGES}:
            problems.append(
                (
                    name,
                    "articles are named"
                    f" {ARTICLES_FOLDER}/<slug>.<{'|'.join(LANGUAGES)}>.md, directly in {ARTICLES_FOLDER}/",
                )
            )
        elif slug not in slugs:
            close = difflib.get_close_matches(slug, sorted(slugs), n=1)
            hint = f"; did you mean {close[0]!r}?" if close else "; add the topic to topics.yaml or rename the file"
            problems.append((name, f"no topic with slug {slug!r} in topics.yaml{hint}"))
    return problems
