"""How `chapter status` reports: where each topic stands, as a table for a terminal or a pull request's summary."""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from pathlib import Path

from .catalogue import LANGUAGES, Topic
from .problems import Problem
from .project import CATALOGUE, DOCS, Project, translation_problems
from .promises import broken_promises, field_lines
from .translations import RECORD_PATH, PairState, read_record
from .urls import article_source


@dataclass(frozen=True)
class StatusRow:
    slug: str
    articles: tuple[bool, ...]  # in LANGUAGES order
    translation: str
    label: str
    problems: tuple[Problem, ...]


def status_rows(project: Project, root: Path, on: datetime.date) -> list[StatusRow]:
    """Where each topic stands on the day `on`.

    Which articles exist, whether they are in step, whether the label keeps its promise.
    """
    docs = root / DOCS
    record, record_lines = read_record(docs / RECORD_PATH)
    broken = broken_promises(project.catalogue, field_lines(root / CATALOGUE), on)
    rows = []
    for topic in project.catalogue.topics:
        present = tuple((docs / article_source(topic.slug, lang)).is_file() for lang in LANGUAGES)
        problems = []
        pair = project.translations.get(topic.slug)
        if pair is not None:
            problems += translation_problems(DOCS, {topic.slug: pair}, {}, record_lines)
            translation = _translation(pair)
        elif any(present):
            missing = next(lang for lang, here in zip(LANGUAGES, present, strict=True) if not here)
            written = next(lang for lang, here in zip(LANGUAGES, present, strict=True) if here)
            problems.append(
                Problem(
                    f"{DOCS}/{article_source(topic.slug, written)}",
                    0,
                    0,
                    "CI201",
                    f"the article has no '{missing}' version yet: write {DOCS}/{article_source(topic.slug, missing)}",
                )
            )
            translation = f"{missing} missing"
        else:
            translation = "no article yet"
        promises = [
            Problem(CATALOGUE, item.line, 0, item.rule, item.message) for item in broken if item.slug == topic.slug
        ]
        problems += promises
        rows.append(StatusRow(topic.slug, present, translation, _label(topic, on, not promises), tuple(problems)))
    topics = {topic.slug for topic in project.catalogue.topics}
    for slug in [slug for slug in record if slug not in project.translations and slug not in topics]:
        problems = translation_problems(DOCS, {}, {slug: record[slug]}, record_lines)
        rows.append(StatusRow(slug, (False,) * len(LANGUAGES), "recorded, no articles", "—", tuple(problems)))
    return rows


def _translation(pair: PairState) -> str:
    if not pair.recorded:
        return "not recorded"
    parts = [f"{lang} behind: {', '.join(lag.anchor for lag in lags)}" for lang, lags in pair.behind.items() if lags]
    parts += [f"changed in both: {', '.join(anchor for anchor, _ in pair.both_changed)}"] if pair.both_changed else []
    parts += [f"not recorded: {', '.join(anchor for anchor, _ in pair.unrecorded)}"] if pair.unrecorded else []
    parts += [f"recorded, gone: {', '.join(pair.stale)}"] if pair.stale else []
    return "; ".join(parts) or "in step"


def _label(topic: Topic, on: datetime.date, kept: bool) -> str:
    label = topic.label
    facts = []
    if label.lasts is not None:
        facts.append(f"day {(on - topic.added).days} of {label.lasts}")
    if label.review_within is not None:
        facts.append(f"reviewed {topic.reviewed.isoformat()}" if topic.reviewed else "never reviewed")
    return f"{label.id} ({', '.join(facts)}){'' if kept else ' — promise broken'}" if facts else label.id


def status_table(rows: list[StatusRow], *, markdown: bool) -> str:
    head = ("topic", *LANGUAGES, "translation", "label")
    body = [(row.slug, *("yes" if here else "no" for here in row.articles), row.translation, row.label) for row in rows]
    needing = sum(bool(row.problems) for row in rows)
    summary = f"{needing} of {len(rows)} topics need attention" if needing else f"all {len(rows)} topics are in order"
    if markdown:
        lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
        lines += ["| " + " | ".join(cell.replace("|", "\\|") for cell in cells) + " |" for cells in body]
        return "\n".join(["### Chapter status", "", summary, "", *lines])
    widths = [max(len(cells[index]) for cells in [head, *body]) for index in range(len(head))]
    lines = [
        "  ".join(cell.ljust(width) for cell, width in zip(cells, widths, strict=True)).rstrip()
        for cells in [head, *body]
    ]
    return "\n".join([*lines, "", summary])
