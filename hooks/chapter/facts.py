"""The chapter's hardware figures, each stated once in `facts.yaml` with its source, and shown in either language.

An article writes `{fact:h100-sxm-memory-bandwidth}` where the figure goes; the
page shows the value as the page language writes numbers and units (3,35 ТБ/с;
3.35 TB/s), linked to the fact's entry on the facts page, which gives the
source and the day it was read. So a figure cannot differ between articles or
languages, and a vendor's revision is one edit.
"""

from __future__ import annotations

import datetime
import re
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path
from typing import Any

import yaml
from babel.numbers import format_decimal

from .articles import Fence, scan
from .catalogue import TITLE_LIMIT, Spec, Text, entry, keys
from .language import locale
from .loader import DataFileError, NodeReader, Problem, compose_plain, read_data

FACTS = "facts.yaml"

# `{fact:<id>}` in an article's prose, a table included; never in code.
MARKER = re.compile(r"\{fact:(?P<id>[^}\s]*)\}")
INLINE_CODE = re.compile(r"(`+[^`]*?`+)")  # a code span, kept whole by split()
NARROW_NO_BREAK_SPACE = "\u202f"  # Russian groups thousands with a thin space that does not break
NO_BREAK_SPACE = "\u00a0"  # between a number and its unit
SYMBOL_LIMIT = 20  # characters of a unit's symbol, which follows a number in running text


class FactsError(DataFileError):
    """Everything wrong with `facts.yaml`."""


@dataclass(frozen=True)
class Subject:
    """A group of facts on the facts page, such as the accelerators."""

    id: str = field(metadata=entry("key", "The subject's id, e.g. `accelerators`; facts name it in `subject`."))
    title: Text = field(
        metadata=entry(
            "text", "The heading of the subject's group on the facts page, in Russian and English.", limit=TITLE_LIMIT
        )
    )


@dataclass(frozen=True)
class Unit:
    """A unit as each language writes it after a number."""

    id: str = field(metadata=entry("key", "The unit's id, e.g. `tb-per-s`; facts name it in `unit`."))
    symbol: Text = field(
        metadata=entry("text", "The unit as each language writes it, e.g. `ТБ/с` and `TB/s`.", limit=SYMBOL_LIMIT)
    )


@dataclass(frozen=True)
class Source:
    """Where a fact was read: a primary source (vendor documentation, a paper, a specification)."""

    title: str = field(
        metadata=entry("words", "The source's title as it names itself, e.g. `NVIDIA H100 Tensor Core GPU Datasheet`.")
    )
    url: str = field(metadata=entry("url", "The address of the source (http:// or https://)."))


@dataclass(frozen=True, kw_only=True)  # keyword-only: the file's order puts optional fields among required ones
class Fact:
    """One figure the chapter quotes: its value and unit, what exactly it is, and where it was read."""

    id: str = field(
        metadata=entry(
            "key", "The fact's id, e.g. `h100-sxm-memory-bandwidth`: articles write `{fact:<id>}` where the value goes."
        )
    )
    subject: Subject = field(
        metadata=entry(
            "subject", "The id of a subject declared under `subjects`, under which the facts page lists the fact."
        )
    )
    name: Text = field(
        metadata=entry(
            "text",
            "What the figure is, for the facts page, in Russian and English, e.g. `H100 SXM memory bandwidth`.",
            limit=TITLE_LIMIT,
        )
    )
    value: Decimal = field(
        metadata=entry("number", "The value as the source gives it, in the fact's unit, e.g. `3.35`.")
    )
    unit: Unit | None = field(
        default=None,
        metadata=entry("unit", "Optional: the id of a unit declared under `units`; leave it out for a count."),
    )
    qualifier: Text | None = field(
        default=None,
        metadata=entry(
            "text",
            "Optional: what the value depends on, e.g. dense or with sparsity, per direction or both, SXM or PCIe, "
            "in Russian and English.",
        ),
    )
    source: Source = field(metadata=entry("record", Source.__doc__ or "", of=Source))
    as_of: datetime.date = field(metadata=entry("date", "The day the value was read from the source, as YYYY-MM-DD."))


@dataclass(frozen=True)
class Registry:
    """The chapter's hardware facts: every figure several articles quote.

    Each comes with its primary source and the day it was read.
    """

    review_within: int = field(
        metadata=entry(
            "days",
            "How many days a fact may go unread: older ones are flagged on the facts page and by `chapter check`, "
            "e.g. 365.",
        )
    )
    subjects: tuple[Subject, ...] = field(
        metadata=entry(
            "map", "The groups of the facts page, keyed by subject id, in the order the page shows them.", of=Subject
        )
    )
    units: tuple[Unit, ...] = field(metadata=entry("map", "The units facts are given in, keyed by unit id.", of=Unit))
    facts: tuple[Fact, ...] = field(
        metadata=entry(
            "map", "The facts, keyed by fact id, in the order the facts page lists them within each subject.", of=Fact
        )
    )

    def fact(self, fact_id: str) -> Fact | None:
        return next((fact for fact in self.facts if fact.id == fact_id), None)

    def stale(self, on: datetime.date) -> tuple[Fact, ...]:
        """The facts read longer ago than the registry allows: the first figures to check again."""
        return tuple(fact for fact in self.facts if (on - fact.as_of).days > self.review_within)

    def ahead(self, on: datetime.date) -> tuple[Fact, ...]:
        """The facts dated after the day `on`: a source cannot have been read on a day still to come."""
        return tuple(fact for fact in self.facts if fact.as_of > on)


def markers(text: str) -> list[tuple[int, str]]:
    """(line, fact id) of every marker in an article, in order; markers in code are code, and stay as written."""
    found = []
    lines = text.splitlines()
    for item in scan(lines):
        if not isinstance(item, Fence) and "{fact:" in lines[item]:
            found += [(item + 1, match["id"]) for part in _outside_code(lines[item]) for match in MARKER.finditer(part)]
    return found


def _outside_code(line: str) -> list[str]:
    return [part for part in INLINE_CODE.split(line) if part and not part.startswith("`")]


# A project without facts.yaml quotes no facts.
NO_FACTS = Registry(365, (), (), ())


def number(value: Decimal, lang: str) -> str:
    """A number as the page language writes it: 3,35 and 1 979 (thin space) in Russian, 3.35 and 1,979 in English."""
    written = format_decimal(value, locale=locale(lang), decimal_quantization=False, group_separator=True)
    return written.replace(NO_BREAK_SPACE, NARROW_NO_BREAK_SPACE) if lang == "ru" else written


def quantity(fact: Fact, lang: str) -> str:
    """The value with its unit, kept on one line."""
    shown = number(fact.value, lang)
    return f"{shown}{NO_BREAK_SPACE}{fact.unit.symbol[lang]}" if fact.unit else shown


@dataclass(frozen=True)
class Declared:
    """What fact fields may refer to, once the file's subjects and units are read."""

    subjects: dict[str, Subject]
    units: dict[str, Unit]


class RegistryReader(NodeReader):
    """Reads the node tree of `facts.yaml` as the records above declare it."""

    def registry(self, root: yaml.Node) -> Registry | None:
        required, _ = keys(Registry)
        fields = self.mapping(root, "", required)
        if fields is None:
            return None
        nothing = Declared({}, {})
        review_within = self.days(fields["review_within"], "review_within") if "review_within" in fields else None
        subjects = (
            self.keyed(fields["subjects"], "subjects", Subject, nothing, "subject") if "subjects" in fields else ()
        )
        units = self.keyed(fields["units"], "units", Unit, nothing, "unit") if "units" in fields else ()
        declared = Declared({subject.id: subject for subject in subjects}, {unit.id: unit for unit in units})
        facts = self.keyed(fields["facts"], "facts", Fact, declared, "fact") if "facts" in fields else ()
        if review_within is None or not all(name in fields for name in required):
            return None
        return Registry(review_within, subjects, units, facts)

    def refer(self, spec: Spec, node: yaml.Node, field: str, known: Declared) -> Any:
        if spec.kind == "subject":
            return self.reference(node, field, known.subjects, "subject")
        if spec.kind == "unit":
            return self.reference(node, field, known.units, "unit")
        return super().refer(spec, node, field, known)


def load_registry(path: Path, shown_as: str = FACTS) -> tuple[Registry, dict[str, int]]:
    """The registry and the line of each fact's id; an absent file is an empty registry.

    FactsError names every problem.
    """
    if not path.is_file():
        return NO_FACTS, {}
    text = read_data(path, shown_as, FactsError)
    reader = RegistryReader()
    contents = "review_within, subjects, units and facts"
    root = compose_plain(text, shown_as, yaml.SafeLoader, contents, FactsError)
    registry = reader.registry(root)
    if reader.problems or registry is None:
        raise FactsError(shown_as, reader.problems or [Problem(1, 1, "", "the registry is missing", "CI010")])
    facts = next((value for key, value in root.value if key.value == "facts"), None)
    lines = (
        {key.value: key.start_mark.line + 1 for key, _ in facts.value} if isinstance(facts, yaml.MappingNode) else {}
    )
    return registry, lines
