"""What the `chapter` command writes for authors: a new topic, and records of pairs brought in step.

Every change is checked before anything is written, so a refused command leaves
the project as it was.
"""

from __future__ import annotations

import datetime
import json
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from .catalogue import LANGUAGES, Catalogue
from .errors import ChapterError
from .loader import SLUG_PATTERN, parse_catalogue
from .problems import ERROR, ProblemsFound, blocking
from .project import CATALOGUE, DOCS, Project, check_project, review_project
from .translations import RECORD_PATH, read_record, stamp, write_record
from .urls import article_source

# The articles of a new topic: the same sections under the same anchors in both languages, so the
# pair passes the build's checks at once and its structure is the one `chapter check` expects.
SKELETONS = {
    "ru": """\
## О чём эта тема { #overview }

Черновик: статья по этой теме пишется.

## Источники { #sources }

Первичные источники появятся вместе с текстом.
""",
    "en": """\
## What this topic covers { #overview }

A draft: the article on this topic is being written.

## Sources { #sources }

Primary sources will be listed with the text.
""",
}
assert sorted(SKELETONS) == sorted(LANGUAGES)


class AuthoringError(ChapterError):
    """A command an author gave that cannot be carried out as asked."""


@dataclass(frozen=True)
class NewTopic:
    slug: str
    title: dict[str, str]
    summary: dict[str, str]
    label: str | None = None  # default: the first label that lasts a while after a topic is added, such as `new`
    origin: str | None = None
    after: str | None = None  # default: at the end of the catalogue


def add_topic(root: Path, new: NewTopic, on: datetime.date) -> list[Path]:
    """Add the topic to the catalogue, write both article skeletons and record them in step; the paths written."""
    project = check_project(root)
    catalogue = project.catalogue
    if not SLUG_PATTERN.fullmatch(new.slug):
        raise AuthoringError(
            f"{new.slug!r} is not a lower-case kebab-case slug such as 'gpu-memory'"
            " (letters a–z, digits, single hyphens)"
        )
    if any(topic.slug == new.slug for topic in catalogue.topics):
        raise AuthoringError(f"{CATALOGUE} already has a topic {new.slug!r}")
    docs = root / DOCS
    articles = {lang: docs / article_source(new.slug, lang) for lang in LANGUAGES}
    present = [path for path in articles.values() if path.exists()]
    if present:
        raise AuthoringError(f"{present[0].relative_to(root)} already exists; move it away or choose another slug")
    path = root / CATALOGUE
    text = path.read_text(encoding="utf-8")
    changed = _insert(text, _entry(new, catalogue, on), catalogue, new.after)
    extended = parse_catalogue(changed, CATALOGUE)  # the same messages as the build's, before anything is written
    path.write_text(changed, encoding="utf-8")
    for lang, article in articles.items():
        article.parent.mkdir(parents=True, exist_ok=True)
        article.write_text(SKELETONS[lang], encoding="utf-8")
    record_path = docs / RECORD_PATH
    record, _ = read_record(record_path)
    record[new.slug] = stamp(SKELETONS, None)
    write_record(record_path, record, extended)
    return [path, *articles.values(), record_path]


def _entry(new: NewTopic, catalogue: Catalogue, on: datetime.date) -> str:
    label = new.label or next(
        (label.id for label in catalogue.labels if label.lasts is not None), catalogue.labels[0].id
    )
    rows = [f"  - slug: {new.slug}", f"    label: {label}", f"    added: {on.isoformat()}"]
    if new.origin:
        rows.append(f"    origin: {new.origin}")
    for name, values in (("title", new.title), ("summary", new.summary)):
        rows.append(f"    {name}:")
        rows += [f"      {lang}: {json.dumps(values[lang], ensure_ascii=False)}" for lang in LANGUAGES]
    return "\n".join(rows) + "\n"


def _insert(text: str, entry: str, catalogue: Catalogue, after: str | None) -> str:
    """The catalogue with the entry after the topic `after`, or last, separated as the file separates its topics."""
    lines = text.splitlines(keepends=True)
    starts = [index for index, line in enumerate(lines) if line.startswith("  - slug: ")]
    if not starts:
        raise AuthoringError(f"{CATALOGUE} has no topics to add one after; write the first one by hand")
    spaced = any(not lines[index - 1].strip() for index in starts[1:])
    if after is not None:
        slugs = [topic.slug for topic in catalogue.topics]
        if after not in slugs:
            raise AuthoringError(f"--after {after!r}: {CATALOGUE} has no such topic")
        position = slugs.index(after)
        if position + 1 < len(starts):
            end = starts[position + 1]
            while end > 0 and not lines[end - 1].strip():
                end -= 1
            gap = "\n" if spaced else ""
            return "".join(lines[:end]) + gap + entry + "".join(lines[end:])
    body = text.rstrip("\n") + "\n"
    return body + ("\n" if spaced else "") + entry


def _project_for_sync(root: Path, *, rewrite: bool) -> tuple[Project, bool]:
    """The project, and whether translations.yaml is damaged, which only a sync of every pair may write anew."""
    review = review_project(root)
    record = f"{DOCS}/{RECORD_PATH}"
    damaged = any(problem.file == record and problem.severity == ERROR for problem in review.problems)
    stopping = [
        problem for problem in blocking(review.problems, strict=False) if not (rewrite and problem.file == record)
    ]
    if stopping or review.project is None:
        raise ProblemsFound(stopping)
    return review.project, damaged


def sync_pairs(
    root: Path, slugs: Iterable[str] | None, sections: Iterable[str] = (), *, prune: bool = False
) -> list[str]:
    """Record the named pairs (None: all), or only their named sections, as in step; what changed, for the author."""
    docs = root / DOCS
    path = docs / RECORD_PATH
    project, damaged = _project_for_sync(root, rewrite=slugs is None)
    wanted = list(project.translations if slugs is None else slugs)
    unknown = [slug for slug in wanted if slug not in project.translations]
    if unknown:
        known = {topic.slug for topic in project.catalogue.topics}
        slug = unknown[0]
        reason = "no topic has that slug" if slug not in known else "its article is not written in both languages"
        raise AuthoringError(f"cannot bring {slug!r} in step: {reason}")
    chosen = list(sections)
    for slug in wanted:
        anchors = {section.anchor for section in project.translations[slug].sections[LANGUAGES[0]]}
        missing = [anchor for anchor in chosen if anchor not in anchors]
        if missing:
            raise AuthoringError(
                f"{slug!r} has no section {missing[0]!r}; its sections are: {', '.join(sorted(anchors))}"
            )
    record = {} if damaged else read_record(path)[0]  # a damaged record is written again from the articles
    done = []
    for slug in wanted:
        texts = {lang: (docs / article_source(slug, lang)).read_text(encoding="utf-8") for lang in LANGUAGES}
        new = stamp(texts, record.get(slug), chosen)
        if new != record.get(slug):
            done.append(slug)
        record[slug] = new
    if prune:
        stale = [slug for slug in record if slug not in project.translations]
        for slug in stale:
            del record[slug]
        done += [f"{slug} (removed)" for slug in stale]
    write_record(path, record, project.catalogue)
    return done
