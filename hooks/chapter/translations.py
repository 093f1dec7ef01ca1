"""Whether an article's two languages are still in step, section by section, without git history.

`docs/articles/translations.yaml` keeps, for every article pair, a fingerprint of
each section in each language as it stood when an author last brought the pair
in step (`chapter sync`). A section whose fingerprint has since changed in one
language only has moved ahead of the other, whose readers are told. Commit dates
would misjudge it both ways (an unrelated commit looks like a fresh translation,
a typo fix like a stale one) and are missing from shallow clones.

A fingerprint ignores how prose is wrapped and spaced, so re-flowing a paragraph
changes nothing; in code only trailing spaces are ignored, since indentation is
meaning there.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from .articles import HEADING, Fence, scan
from .catalogue import LANGUAGES, Catalogue
from .errors import ChapterError
from .files import FileError, read_text
from .loader import DataFileError, compose_plain
from .problems import Problem
from .urls import ARTICLES_FOLDER, TRANSLATIONS_RECORD

RECORD_PATH = f"{ARTICLES_FOLDER}/{TRANSLATIONS_RECORD}"  # relative to the docs folder
INTRO = "topic"  # the text before the first section, whose place on the page is the topic heading
FINGERPRINT_LENGTH = 12
HEADER = """\
# Which version of each language the other follows, section by section: a fingerprint of each
# section's text in each language as it stood when the pair was last brought in step.
# Written by `chapter sync <slug>`; do not edit by hand.
"""

Record = dict[str, dict[str, dict[str, str]]]  # slug -> anchor -> language -> fingerprint


class RecordError(ChapterError):
    """translations.yaml is not what `chapter sync` writes."""

    def __init__(self, found: list[Problem]):
        self.found = found
        super().__init__("\n".join(problem.text() for problem in found))


@dataclass(frozen=True)
class Section:
    anchor: str
    title: str  # as the heading writes it; "" for the introduction
    line: int  # of the heading; 1 for the introduction
    fingerprint: str


def sections(text: str) -> tuple[Section, ...]:
    """The article's second-level sections, and the introduction before them when it has any text."""
    lines = text.splitlines()
    found: list[Section] = []
    pieces: list[str] = []
    anchor, title, line = INTRO, "", 1  # the section being read

    def close() -> None:
        if anchor != INTRO or pieces:
            found.append(Section(anchor, title, line, fingerprint(pieces)))

    for item in scan(lines):
        if isinstance(item, Fence):
            pieces.append("\n".join(row.rstrip() for row in lines[item.start : item.end + 1]))
            continue
        heading = HEADING.match(lines[item]) if lines[item].startswith("## ") else None
        if heading and heading["anchor"]:
            close()
            anchor, title, line, pieces = heading["anchor"], heading["title"], item + 1, []
        pieces.extend(lines[item].split())
    close()
    return tuple(found)


def fingerprint(pieces: Iterable[str]) -> str:
    return hashlib.sha256("\x1f".join(pieces).encode("utf-8")).hexdigest()[:FINGERPRINT_LENGTH]


@dataclass(frozen=True)
class Lag:
    """A section of one language's article that the other language has moved ahead of."""

    anchor: str
    title: str  # in the language that lags
    line: int  # of the section in the language that lags
    ahead_line: int  # of the same section in the language that moved ahead


@dataclass(frozen=True)
class PairState:
    """One article pair measured against its record."""

    slug: str
    recorded: bool
    behind: Mapping[str, tuple[Lag, ...]]  # by language: its sections that the other language has moved ahead of
    both_changed: tuple[tuple[str, int], ...] = ()  # (anchor, line in the default language): changed on both sides
    unrecorded: tuple[tuple[str, int], ...] = ()  # sections the record does not know yet
    stale: tuple[str, ...] = ()  # sections the record knows that the article no longer has
    sections: Mapping[str, tuple[Section, ...]] = field(default_factory=dict)

    @property
    def in_step(self) -> bool:
        return self.recorded and not (any(self.behind.values()) or self.both_changed or self.unrecorded or self.stale)


def compare(slug: str, texts: Mapping[str, str], record: Mapping[str, Mapping[str, str]] | None) -> PairState:
    """Where each language stands against the fingerprints recorded for the pair (None: never recorded)."""
    found = {lang: sections(texts[lang]) for lang in LANGUAGES}
    by_anchor = {lang: {section.anchor: section for section in found[lang]} for lang in LANGUAGES}
    first = LANGUAGES[0]
    behind: dict[str, list[Lag]] = {lang: [] for lang in LANGUAGES}
    both, unrecorded = [], []
    for section in found[first]:
        pair = {lang: by_anchor[lang][section.anchor] for lang in LANGUAGES if section.anchor in by_anchor[lang]}
        if len(pair) < len(LANGUAGES):
            continue  # the structure check reports sections one language lacks
        was = (record or {}).get(section.anchor)
        if was is None:
            unrecorded.append((section.anchor, section.line))
            continue
        changed = [lang for lang, side in pair.items() if side.fingerprint != was.get(lang)]
        if len(changed) == len(LANGUAGES):
            both.append((section.anchor, section.line))
        elif changed:
            ahead = pair[changed[0]]
            for lang, side in pair.items():
                if lang not in changed:
                    behind[lang].append(Lag(section.anchor, side.title, side.line, ahead.line))
    stale = tuple(anchor for anchor in (record or {}) if anchor not in by_anchor[first])
    return PairState(
        slug,
        record is not None,
        {lang: tuple(lags) for lang, lags in behind.items()},
        tuple(both),
        tuple(unrecorded),
        stale,
        found,
    )


def stamp(
    texts: Mapping[str, str], previous: Mapping[str, Mapping[str, str]] | None, only: Iterable[str] = ()
) -> dict[str, dict[str, str]]:
    """The pair's record once it is in step: every section as it stands now, or only the named ones."""
    found = {lang: {section.anchor: section.fingerprint for section in sections(texts[lang])} for lang in LANGUAGES}
    chosen = set(only)
    result = {}
    for anchor in found[LANGUAGES[0]]:
        if chosen and anchor not in chosen and previous and anchor in previous:
            result[anchor] = dict(previous[anchor])
        else:
            result[anchor] = {lang: found[lang].get(anchor, "") for lang in LANGUAGES}
    return result


def read_record(path: Path, shown_as: str = RECORD_PATH) -> tuple[Record, dict[tuple[str, ...], int]]:
    """The record and the line of each slug and section in it; an absent file is an empty record.

    The file is read as every data file is (plain YAML, no aliases, a sane depth);
    RecordError names each place that is not what `chapter sync` writes.
    """
    if not path.is_file():
        return {}, {}
    try:
        root = compose_plain(
            read_text(path, shown_as), shown_as, yaml.SafeLoader, contents="the fingerprints `chapter sync` writes"
        )
    except FileError as error:
        raise RecordError([_rewrite(error.problem)]) from None
    except DataFileError as error:
        raise RecordError([_rewrite(problem) for problem in error.found]) from None
    record: Record = {}
    lines: dict[tuple[str, ...], int] = {}
    problems = []

    def wrong(node: yaml.Node, what: str) -> None:
        problems.append(
            _rewrite(Problem(shown_as, node.start_mark.line + 1, node.start_mark.column + 1, "CI205", what))
        )

    if not isinstance(root, yaml.MappingNode):
        wrong(root, "expected a mapping of topic slugs to their sections")
    for slug_node, sections_node in root.value if isinstance(root, yaml.MappingNode) else ():
        slug = str(slug_node.value)
        lines[(slug,)] = slug_node.start_mark.line + 1
        if not isinstance(sections_node, yaml.MappingNode):
            wrong(sections_node, f"{slug}: expected a mapping of section anchors to fingerprints")
            continue
        record[slug] = {}
        for anchor_node, sides in sections_node.value:
            anchor = str(anchor_node.value)
            lines[(slug, anchor)] = anchor_node.start_mark.line + 1
            values = (
                {str(key.value): value.value for key, value in sides.value}
                if isinstance(sides, yaml.MappingNode)
                else {}
            )
            if sorted(values) != sorted(LANGUAGES) or not all(isinstance(value, str) for value in values.values()):
                wrong(
                    sides, f"{slug}.{anchor}: expected {{{', '.join(f'{lang}: <fingerprint>' for lang in LANGUAGES)}}}"
                )
                continue
            record[slug][anchor] = values
    if problems:
        raise RecordError(problems)
    return record, lines


def _rewrite(problem: Problem) -> Problem:
    """A fault in the record, with the command that writes the whole file again from the articles."""
    advice = "; `chapter sync --all` writes the file again from the articles as they stand"
    return Problem(problem.file, problem.line, problem.column, problem.rule, problem.message + advice)


def write_record(path: Path, record: Record, catalogue: Catalogue) -> None:
    """The record in catalogue order, one line per section, so a review shows which sections were brought in step."""
    order = {topic.slug: position for position, topic in enumerate(catalogue.topics)}
    rows = [HEADER]
    for slug in sorted(record, key=lambda slug: (order.get(slug, len(order)), slug)):
        rows.append(f"{slug}:\n")
        for anchor, sides in record[slug].items():
            rows.append(f"  {anchor}: {{{', '.join(f'{lang}: {sides[lang]}' for lang in LANGUAGES)}}}\n")
    path.write_text("".join(rows), encoding="utf-8")
