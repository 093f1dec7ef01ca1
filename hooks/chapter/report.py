"""How the `chapter` command reports: a status table per topic, and problems as GitHub workflow annotations."""

from __future__ import annotations

import datetime
import re
from dataclasses import dataclass
from pathlib import Path

from .catalogue import LANGUAGES, Topic
from .project import CATALOGUE, DOCS, Project, translation_problems
from .promises import broken_promises, field_lines
from .translations import RECORD_PATH, PairState, read_record
from .urls import article_source

# Every message the checks print starts with its place: `file:line[:column]: ` or `file: `,
# then, for the rules with ids, the id.
PLACED = re.compile(r"^(?P<file>[^\s:]+)(?::(?P<line>\d+))?(?::(?P<column>\d+))?: (?:(?P<rule>CI\d{3}) )?(?P<message>.+)$")


def annotation(problem: str, level: str = "error") -> str:
    """One problem as a workflow command, so that it shows on its line of the pull request's diff."""
    found = PLACED.match(problem)
    if found is None:
        return f"::{level}::{_data(problem)}"
    properties = [f"file={_property(found['file'])}"]
    properties += [f"{name}={found[key]}" for name, key in (("line", "line"), ("col", "column")) if found[key]]
    properties.append(f"title={_property(found['rule'] or 'chapter check')}")
    return f"::{level} {','.join(properties)}::{_data(found['message'])}"


def _data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _property(text: str) -> str:
    return _data(text).replace(":", "%3A").replace(",", "%2C")


@dataclass(frozen=True)
class StatusRow:
    slug: str
    articles: tuple[bool, ...]  # in LANGUAGES order
    translation: str
    label: str
    problems: tuple[str, ...]  # placed messages, as `chapter check` prints them


def status_rows(project: Project, root: Path, on: datetime.date) -> list[StatusRow]:
    """Where each topic stands on the day `on`: which articles exist, whether they are in step, whether the label keeps its promise."""
    docs = root / DOCS
    record, record_lines = read_record(docs / RECORD_PATH)
    broken = broken_promises(project.catalogue, field_lines(root / CATALOGUE), on)
    rows = []
    for topic in project.catalogue.topics:
        present = tuple((docs / article_source(topic.slug, lang)).is_file() for lang in LANGUAGES)
        problems = []
        pair = project.translations.get(topic.slug)
        if pair is not None:
            problems += [f"{DOCS}/{place}: {message}" for place, message in translation_problems({topic.slug: pair}, {}, record_lines)]
            translation = _translation(pair)
        elif any(present):
            missing = next(lang for lang, here in zip(LANGUAGES, present, strict=True) if not here)
            written = next(lang for lang, here in zip(LANGUAGES, present, strict=True) if here)
            problems.append(
                f"{DOCS}/{article_source(topic.slug, written)}: the article has no '{missing}' version yet: write {DOCS}/{article_source(topic.slug, missing)}"
            )
            translation = f"{missing} missing"
        else:
            translation = "no article yet"
        promises = [f"{CATALOGUE}:{item.line}: {item.rule} {item.message}" for item in broken if item.slug == topic.slug]
        problems += promises
        rows.append(StatusRow(topic.slug, present, translation, _label(topic, on, not promises), tuple(problems)))
    topics = {topic.slug for topic in project.catalogue.topics}
    for slug in [slug for slug in record if slug not in project.translations and slug not in topics]:
        problems = [f"{DOCS}/{place}: {message}" for place, message in translation_problems({}, {slug: record[slug]}, record_lines)]
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
    lines = ["  ".join(cell.ljust(width) for cell, width in zip(cells, widths, strict=True)).rstrip() for cells in [head, *body]]
    return "\n".join([*lines, "", summary])
