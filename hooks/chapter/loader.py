"""Reading the data files (`topics.yaml`, `glossary.yaml`, `facts.yaml`): every mistake reported at once, in the
author's terms.

One reader serves them all: `NodeReader` reads each record by the field declarations of its dataclass
(catalogue.py's `entry`), and a file's own reader adds only what refers across records. Validation walks the
YAML node tree rather than parsed data, so each problem carries the line and column of the value to fix and the
path of its field (`topics[4].title.ru`). Only plain data is accepted: no anchors, aliases or tags.
"""

from __future__ import annotations

import calendar
import dataclasses
import datetime
import difflib
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path
from typing import Any, TypeVar

import yaml
from babel.dates import get_month_names

from . import problems as found
from .catalogue import LANGUAGES, LINE_LIMIT, Catalogue, Chapter, Label, OtherChapter, Spec, Text, Topic, keys, specs
from .errors import ChapterError
from .files import FileError, read_text

SLUG_PATTERN = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
DATE_PATTERN = re.compile(r"\d{4}-\d{2}-\d{2}")
DATE_TAGS = (
    "tag:yaml.org,2002:str",
    "tag:yaml.org,2002:timestamp",
)  # 2026-12-01 is a timestamp to YAML 1.1, text to editors
# An address as RFC 3986 writes it: no space, quote, angle bracket, brace, backslash, caret, backtick or bar unencoded.
# One character, then any: linear, and a pattern JSON Schema (ECMA-262) reads the same way.
URL_PATTERN = re.compile(r"https?://[^\s/?#\"<>\\^`{|}][^\s\"<>\\^`{|}]*")
NUMBER_PATTERN = re.compile(r"-?\d+(?:\.\d+)?")
NUMBER_TAGS = ("tag:yaml.org,2002:int", "tag:yaml.org,2002:float")
PLAIN_TAGS = {f"tag:yaml.org,2002:{kind}" for kind in ("str", "int", "float", "bool", "null", "seq", "map")}
YAML_LINE_BREAK = re.compile("\r\n|[\r\n\x85\u2028\u2029]")  # what PyYAML counts as a new line
MAX_DEPTH = 100  # lists and mappings inside one another; the catalogue needs four
FAST_LOADER = getattr(yaml, "CSafeLoader", None)  # PyYAML built with libyaml

TOP_KEYS, _ = keys(Catalogue)


@dataclass(frozen=True, order=True)
class Problem:
    """A mistake inside one data file, placed on its node; `field` names it in the file's own terms
    (`topics[4].title.ru`)."""

    line: int
    column: int
    field: str
    message: str
    rule: str = "CI011"  # a value the field does not take; CI010 for the shape of the file

    def placed(self, path: str) -> found.Problem:
        return found.Problem(
            path, self.line, self.column, self.rule, f"{self.field}: {self.message}" if self.field else self.message
        )


class DataFileError(ChapterError):
    """Everything wrong with one data file, or with a page's front matter, sorted by position."""

    def __init__(self, path: str, problems: list[Problem]):
        self.problems = sorted(problems)
        self.found = [problem.placed(path) for problem in self.problems]
        super().__init__("\n".join(problem.text() for problem in self.found))


class CatalogueError(DataFileError):
    """Everything wrong with `topics.yaml`."""


Warn = Callable[[str], None]


def load_catalogue(
    path: Path, shown_as: str | None = None, *, strict: bool = False, warn: Warn | None = None
) -> Catalogue:
    """Read and validate a catalogue file; raise CatalogueError naming every problem.

    `shown_as` is the name messages give the file. Doubtful but harmless things
    (a lending chapter no topic uses) go to `warn`, or are errors when `strict`.
    """
    name = shown_as or str(path)
    return parse_catalogue(read_data(path, name, CatalogueError), name, strict=strict, warn=warn)


def read_catalogue(path: Path, shown_as: str) -> tuple[Catalogue | None, list[found.Problem]]:
    """The catalogue, or None where it cannot be read, with every problem and doubt (CI012) it has; never raises."""
    try:
        catalogue, reader = _parse(read_data(path, shown_as, CatalogueError), shown_as)
    except CatalogueError as error:
        return None, error.found
    problems = [problem.placed(shown_as) for problem in sorted(reader.problems + reader.doubts)]
    if catalogue is None and not reader.problems:
        problems.append(found.Problem(shown_as, 1, 1, "CI010", "the catalogue is missing"))
    return (catalogue if not reader.problems else None), problems


def parse_catalogue(
    text: str, path: str = "topics.yaml", *, strict: bool = False, warn: Warn | None = None
) -> Catalogue:
    """The catalogue in `text`; CatalogueError naming every problem, doubts (CI012) included when `strict`."""
    catalogue, reader = _parse(text, path)
    if strict:
        reader.problems += reader.doubts
    if reader.problems or catalogue is None:
        raise CatalogueError(path, reader.problems or [Problem(1, 1, "", "the catalogue is missing", "CI010")])
    if warn and not strict:
        for doubt in sorted(reader.doubts):
            warn(doubt.placed(path).text())
    return catalogue


def read_data(path: Path, name: str, error: type[DataFileError] = DataFileError) -> str:
    """A data file's text, read as every source of the chapter is (files.py); `error`, the file's own kind of
    DataFileError, for one that is missing, too large or not clean UTF-8."""
    try:
        return read_text(path, name)
    except FileError as unreadable:
        wrong = unreadable.problem
        raise error(name, [Problem(wrong.line, wrong.column, "", wrong.message, wrong.rule)]) from None


def _parse(text: str, path: str) -> tuple[Catalogue | None, CatalogueReader]:
    """The catalogue and the reader that holds its problems and doubts; CatalogueError for a file that is not
    plain YAML."""
    if FAST_LOADER is not None:
        # libyaml is six times faster on big catalogues but places a few marks
        # (empty values) differently; anything to report is read again by PyYAML,
        # whose positions the messages are written for.
        try:
            catalogue, reader = _read(text, path, FAST_LOADER)
        except (CatalogueError, UnicodeEncodeError):
            pass
        else:
            if catalogue is not None and not reader.problems and not reader.doubts:
                return catalogue, reader
    return _read(text, path, yaml.SafeLoader)


def _read(text: str, path: str, loader: type) -> tuple[Catalogue | None, CatalogueReader]:
    reader = CatalogueReader()
    return reader.catalogue(compose_plain(text, path, loader, error=CatalogueError)), reader


def compose_plain(
    text: str,
    path: str,
    loader: type,
    contents: str = "the chapter, labels, chapters and topics",
    error: type[DataFileError] = DataFileError,
) -> yaml.Node:
    """The YAML node tree, refusing syntax errors and anything beyond plain data with `error`, the file's own kind
    of DataFileError."""
    if not text.strip():
        raise error(path, [Problem(1, 1, "", f"the file is empty; it must hold {contents}", "CI010")])
    try:
        problems = _beyond_plain(list(yaml.parse(text, Loader=loader)))  # a syntax error anywhere comes first
        if problems:
            raise error(path, problems)
        root = yaml.compose(text, Loader=loader)  # parsed again, but by the same parser, and composed in C with libyaml
    except yaml.MarkedYAMLError as syntax:
        raise error(path, [dataclasses.replace(_syntax_problem(syntax), rule="CI005")]) from None
    except yaml.reader.ReaderError as forbidden:  # a character YAML forbids anywhere, such as NUL or another control
        character = f"U+{forbidden.character:04X}"
        place = _place(text, forbidden.position)
        raise error(
            path, [Problem(*place, "", f"the character {character} is not allowed in YAML; delete it", "CI003")]
        ) from None
    if root is None:
        raise error(path, [Problem(1, 1, "", f"the file holds only comments; it must hold {contents}", "CI010")])
    return root


def _beyond_plain(events: Iterable[yaml.Event]) -> list[Problem]:
    """What plain data has not: aliases, anchors, tags, and nesting deep enough to exhaust Python's recursion."""
    problems = []
    depth = 0
    for event in events:
        mark = event.start_mark
        where = (mark.line + 1, mark.column + 1, "")
        if isinstance(event, yaml.CollectionStartEvent):
            depth += 1
        elif isinstance(event, yaml.CollectionEndEvent):
            depth -= 1
        if depth > MAX_DEPTH:
            deep = f"lists and mappings are nested more than {MAX_DEPTH} levels deep; the file needs only a few"
            problems.append(Problem(*where, deep, "CI006"))
            break
        anchor, tag = getattr(event, "anchor", None), getattr(event, "tag", None)  # only some events have them
        if isinstance(event, yaml.AliasEvent):
            message = f"YAML alias '*{anchor}' is not allowed; write the value out in full"
            problems.append(Problem(*where, message, "CI006"))
        elif anchor:
            message = f"YAML anchor '&{anchor}' is not allowed; write each value out in full"
            problems.append(Problem(*where, message, "CI006"))
        if tag and not _is_plain(event):
            message = f"YAML tag '{tag}' is not allowed; the file holds plain text, lists and mappings"
            problems.append(Problem(*where, message, "CI006"))
    return problems


@dataclass(frozen=True)
class Scalar:
    value: str
    line: int
    column: int


def front_matter(text: str, path: str) -> dict[str, Scalar]:
    """The plain values of a page's YAML front matter (between `---` lines at its top), placed in the page;
    DataFileError where it is not plain YAML."""
    lines = text.splitlines()
    if not lines or lines[0].rstrip() != "---":
        return {}
    end = next((index for index in range(1, len(lines)) if lines[index].rstrip() in ("---", "...")), None)
    if end is None or end == 1:
        return {}
    root = compose_plain(
        "\n".join(["", *lines[1:end]]), path, yaml.SafeLoader, contents="the page's settings"
    )  # "" keeps the page's line numbers
    if not isinstance(root, yaml.MappingNode):
        raise DataFileError(
            path,
            [
                Problem(
                    root.start_mark.line + 1,
                    root.start_mark.column + 1,
                    "",
                    "front matter is a mapping of settings",
                    "CI010",
                )
            ],
        )
    return {
        str(key.value): Scalar(str(value.value), value.start_mark.line + 1, value.start_mark.column + 1)
        for key, value in root.value
        if isinstance(value, yaml.ScalarNode)
    }


def _place(text: str, index: int) -> tuple[int, int]:
    """Line and column of a character, counted as PyYAML counts them in its marks."""
    breaks = list(YAML_LINE_BREAK.finditer(text, 0, index))
    start = breaks[-1].end() if breaks else 0
    return len(breaks) + 1, index - start + 1


def _is_plain(event: yaml.Event) -> bool:
    tag = getattr(event, "tag", None)  # only node events have one
    return tag in PLAIN_TAGS or tag == "!" or (isinstance(event, yaml.ScalarEvent) and tag is None)


def _syntax_problem(error: yaml.MarkedYAMLError) -> Problem:
    """PyYAML's complaint retold for an author, placed where the fix belongs."""
    problem, context = error.problem or "", error.context or ""
    at = error.problem_mark or error.context_mark or yaml.Mark("", 0, 0, 0, "", 0)
    opened = error.context_mark or at
    stopped = f"(YAML stopped at line {at.line + 1}, column {at.column + 1})"
    if "'\\t'" in problem:
        message, mark = "a tab character; YAML indents with spaces only", at
    elif "quoted scalar" in context:
        message, mark = f"this quoted text is never closed {stopped}", opened
    elif "flow sequence" in context:
        message, mark = f"this '[' is never closed by a matching ']' {stopped}", opened
    elif "flow mapping" in context:
        message, mark = f"this '{{' is never closed by a matching '}}' {stopped}", opened
    elif runaway := _runaway_quote(at):
        quote = '"' if runaway.style == '"' else "'"
        message = (
            f"this quoted text has no closing {quote} on its line,"
            f" so YAML reads the lines after it as part of the text {stopped}:"
            f" add the closing {quote} on line {runaway.start_mark.line + 1}"
        )
        mark = runaway.start_mark
    elif "mapping values are not allowed" in problem:
        message, mark = "unexpected ':'; check this line's indentation, or put text containing ': ' in quotes", at
    elif "expected <block end>" in problem:
        message, mark = "this line is indented differently from the keys above it", at
    else:
        message, mark = problem + (f" ({context})" if context else ""), at
    return Problem(mark.line + 1, mark.column + 1, "", f"YAML syntax error: {message}")


KEY_LINE = re.compile(r" *+[\w-]++:(?: |$)")  # a line that starts a key of a block mapping


def _runaway_quote(mark: yaml.Mark) -> yaml.ScalarToken | None:
    """The first quoted text before a syntax error that runs on over a line holding a key: its closing quote is
    missing.

    PyYAML stops where the runaway text finally ends, often dozens of lines
    below; its tokens up to the error show where the text opened. Quoted text
    wrapped over lines is fine in YAML, so only one that swallows a key counts.
    """
    buffer = getattr(mark, "buffer", None)  # the pure-Python reader keeps the text it read; libyaml does not
    if not isinstance(buffer, str):
        return None
    text = buffer.rstrip("\0")
    rows = YAML_LINE_BREAK.split(text)
    try:
        for token in yaml.scan(text, Loader=yaml.SafeLoader):
            if isinstance(token, yaml.ScalarToken) and token.style in ('"', "'") and _swallows_a_key(rows, token):
                return token
    except yaml.YAMLError:
        pass  # the error itself: every token before it has been seen
    return None


def _swallows_a_key(rows: list[str], token: yaml.ScalarToken) -> bool:
    """Whether a line inside the quoted text looks like a key at or left of the indentation of the line that
    opens it."""
    first = token.start_mark.line
    indent = len(rows[first]) - len(rows[first].lstrip(" "))
    inside = rows[first + 1 : token.end_mark.line + 1]
    return any(KEY_LINE.match(row) and len(row) - len(row.lstrip(" ")) <= indent for row in inside)


def _no_such_day(written: str) -> str:
    """Why a date of the right form names no day: the month or the day is out of range, such as 30 February."""
    year, month, day = (int(part) for part in written.split("-"))
    if not 1 <= month <= 12:
        return f"there is no month {month:02d}; months run from 01 to 12"
    name = get_month_names("wide", locale="en")[month]
    days = calendar.monthrange(year, month)[1]
    if day == 0:
        return f"days of the month run from 01 to {days}"
    return f"{year} has no {day} {name} ({name} {year} has {days} days)"


def _suggest(value: str, known: tuple[str, ...] | list[str]) -> str:
    close = difflib.get_close_matches(value, known, n=1, cutoff=0.6)
    return f" — did you mean {close[0]!r}?" if close else ""


def kind_of(node: yaml.Node) -> str:
    """What a node holds, as a message names it: a mapping, a list, text, the number 3."""
    if isinstance(node, yaml.MappingNode):
        return "a mapping"
    if isinstance(node, yaml.SequenceNode):
        return "a list"
    return {
        "tag:yaml.org,2002:int": f"the number {node.value}",
        "tag:yaml.org,2002:float": f"the number {node.value}",
        "tag:yaml.org,2002:bool": f"the boolean {node.value}",
        "tag:yaml.org,2002:null": "nothing (null)",
        "tag:yaml.org,2002:timestamp": f"the date {node.value}",
        "tag:yaml.org,2002:str": "text",
    }.get(node.tag, f"the special YAML value {node.value!r}")  # such as '=' or '<<'


T = TypeVar("T")


class NodeReader:
    """Turns YAML nodes into values, collecting problems instead of stopping at the first."""

    def __init__(self) -> None:
        self.problems: list[Problem] = []
        self.doubts: list[Problem] = []

    def problem(self, node: yaml.Node, field: str, message: str, rule: str = "CI011") -> None:
        """A value the field does not take (CI011), or, with rule CI010, a file of the wrong shape."""
        mark = node.start_mark
        self.problems.append(Problem(mark.line + 1, mark.column + 1, field, message, rule))

    def mapping(
        self, node: yaml.Node, field: str, required: tuple[str, ...], optional: tuple[str, ...] = ()
    ) -> dict[str, yaml.Node] | None:
        """The values of the known keys of a mapping, reporting unknown, repeated and missing ones.

        None when the node is not a mapping; otherwise the keys that are there,
        so that what is present is still checked when something is missing.
        """
        if not isinstance(node, yaml.MappingNode):
            self.problem(
                node,
                field,
                f"expected a mapping with keys {', '.join(required + optional)}; found {kind_of(node)}",
                "CI010",
            )
            return None
        known = required + optional
        fields: dict[str, yaml.Node] = {}
        for key, value in node.value:
            name = _scalar(key)
            if name is None:
                self.problem(key, field, f"expected a key ({', '.join(known)}); found {kind_of(key)}", "CI010")
            elif name in fields:
                self.problem(key, _dotted(field, name), f"duplicate key {name!r}; each key may appear once", "CI010")
            elif name not in known:
                hint = _suggest(str(name), known) or "; expected one of: " + ", ".join(known)
                self.problem(key, field, f"unknown key {name!r}{hint}", "CI010")
            else:
                fields[name] = value
        for name in required:
            if name not in fields:
                self.problem(
                    node,
                    _dotted(field, name),
                    "missing" + (" translation" if name in LANGUAGES else " required key"),
                    "CI010",
                )
        return fields

    def sequence(self, node: yaml.Node, field: str, item: Callable[[yaml.Node, str], T | None]) -> tuple[T, ...]:
        if not isinstance(node, yaml.SequenceNode):
            self.problem(node, field, f"expected a list; found {kind_of(node)}", "CI010")
            return ()
        items = (item(child, f"{field}[{index}]") for index, child in enumerate(node.value))
        return tuple(value for value in items if value is not None)

    def string(self, node: yaml.Node, field: str, limit: int = LINE_LIMIT) -> str | None:
        """Text on one line of at most `limit` characters: every text field is shown in a line, a card or a cell."""
        if not isinstance(node, yaml.ScalarNode) or node.tag != "tag:yaml.org,2002:str":
            self.problem(node, field, f"expected text; found {kind_of(node)}", "CI010")
            return None
        if not node.value.strip():
            self.problem(node, field, "must not be empty")
            return None
        if "\n" in node.value or "\r" in node.value:
            self.problem(
                node,
                field,
                "must be one line: readers see it as a title, a card or a table cell; write it without line breaks",
            )
            return None
        if len(node.value) > limit:
            self.problem(
                node,
                field,
                f"is {len(node.value):,} characters long; at most {limit} fit where it is shown: shorten it",
            )
            return None
        return node.value

    def matching(self, node: yaml.Node, field: str, pattern: re.Pattern[str], complaint: str) -> str | None:
        """Text that matches `pattern` whole; otherwise the value and `complaint` are reported."""
        value = self.string(node, field)
        if value is not None and not pattern.fullmatch(value):
            self.problem(node, field, f"{value!r} {complaint}")
            return None
        return value

    def identifier(self, node: yaml.Node, field: str) -> str | None:
        complaint = (
            "is not a lower-case kebab-case identifier such as 'gpu-architecture' (letters a–z, digits, single hyphens)"
        )
        return self.matching(node, field, SLUG_PATTERN, complaint)

    def url(self, node: yaml.Node, field: str) -> str | None:
        return self.matching(
            node,
            field,
            URL_PATTERN,
            "is not an http:// or https:// address"
            " (spaces, quotes, <, >, braces and backslashes are written %-encoded)",
        )

    def date(self, node: yaml.Node, field: str) -> datetime.date | None:
        if not isinstance(node, yaml.ScalarNode) or node.tag not in DATE_TAGS:
            self.problem(node, field, f"expected a date such as 2026-12-01; found {kind_of(node)}")
            return None
        if not DATE_PATTERN.fullmatch(node.value):
            self.problem(node, field, f"{node.value!r} is not a date; write the day as YYYY-MM-DD, e.g. 2026-12-01")
            return None
        try:
            return datetime.date.fromisoformat(node.value)
        except ValueError:
            self.problem(node, field, f"{node.value!r} is not a day of the calendar: {_no_such_day(node.value)}")
            return None

    def days(self, node: yaml.Node, field: str) -> int | None:
        if (
            not isinstance(node, yaml.ScalarNode)
            or node.tag != "tag:yaml.org,2002:int"
            or not node.value.isdigit()
            or int(node.value) < 1
        ):
            shown = repr(node.value) if isinstance(node, yaml.ScalarNode) else kind_of(node)
            self.problem(node, field, f"expected a whole number of days, at least 1, such as 180; found {shown}")
            return None
        return int(node.value)

    def number(self, node: yaml.Node, field: str) -> Decimal | None:
        """A number exactly as written (3.35 stays 3.35), for figures quoted from a source."""
        if (
            not isinstance(node, yaml.ScalarNode)
            or node.tag not in NUMBER_TAGS
            or not NUMBER_PATTERN.fullmatch(node.value)
        ):
            shown = repr(node.value) if isinstance(node, yaml.ScalarNode) else kind_of(node)
            self.problem(
                node,
                field,
                "expected a number such as 3.35 or 1979 (a point before the decimals, no spaces or units);"
                f" found {shown}",
            )
            return None
        return Decimal(node.value)

    def text(self, node: yaml.Node, field: str, limit: int = LINE_LIMIT) -> Text | None:
        fields = self.mapping(node, field, LANGUAGES) or {}
        values: dict[str, Any] = {
            lang: self.string(fields[lang], f"{field}.{lang}", limit) for lang in LANGUAGES if lang in fields
        }
        return Text(**values) if _complete(values, LANGUAGES) else None

    def reference(self, node: yaml.Node, field: str, known: dict[str, T], what: str) -> T | None:
        value = self.string(node, field)
        if value is None:
            return None
        if value not in known:
            names = tuple(known)
            expected = ", ".join(names) or "(none declared)"
            self.problem(node, field, f"unknown {what} {value!r}; expected one of: {expected}{_suggest(value, names)}")
            return None
        return known[value]

    def wordlist(self, node: yaml.Node, field: str, limit: int = LINE_LIMIT) -> tuple[str, ...]:
        """A list of one-language texts, such as the variants of a term not to write."""
        return self.sequence(node, field, lambda item, where: self.string(item, where, limit))

    def unique(self, node: yaml.Node, field: str, key: str, what: str) -> None:
        """Report a repeated `key` value among the mappings of a sequence."""
        if not isinstance(node, yaml.SequenceNode):
            return
        seen: set[str] = set()
        for index, item in enumerate(node.value):
            for name, value in item.value if isinstance(item, yaml.MappingNode) else ():
                if name.value == key and isinstance(value, yaml.ScalarNode):
                    if value.value in seen:
                        self.problem(
                            value, f"{field}[{index}].{key}", f"duplicate {what} {value.value!r}; each must be unique"
                        )
                    seen.add(value.value)

    def record(self, node: yaml.Node, field: str, record: type[T], known: Any, key: str | None = None) -> T | None:
        """One record, each field read by its declared kind; None when a required field is missing or wrong."""
        required, optional = keys(record)
        fields = self.mapping(node, field, required, optional)
        if fields is None:
            return None
        declared = specs(record)
        values: dict[str, Any] = {
            spec.name: self.value(spec, fields[spec.name], _dotted(field, spec.name), known)
            for spec in declared
            if spec.name in fields
        }
        for spec in declared:
            if spec.needs and spec.name in fields and spec.needs not in fields:
                self.problem(
                    fields[spec.name],
                    _dotted(field, spec.name),
                    f"`{spec.name}` needs `{spec.needs}` beside it: add `{spec.needs}` or remove `{spec.name}`",
                    "CI010",
                )
        if not _complete(values, required):
            return None  # reported where it is wrong; an optional field that is wrong is reported and left out
        values.update({spec.name: key for spec in declared if spec.kind == "key"})
        return record(**values)

    def records(self, node: yaml.Node, field: str, record: type[T], known: Any) -> tuple[T, ...]:
        found = self.sequence(node, field, lambda item, where: self.record(item, where, record, known))
        for spec in specs(record):
            if spec.unique:
                self.unique(node, field, spec.name, spec.unique)
        return found

    def value(self, spec: Spec, node: yaml.Node, field: str, known: Any) -> Any:
        plain: dict[str, Callable[[yaml.Node, str], Any]] = {
            "identifier": self.identifier,
            "date": self.date,
            "url": self.url,
            "days": self.days,
            "number": self.number,
        }
        if spec.kind == "text":
            return self.text(node, field, spec.limit)
        if spec.kind == "words":
            return self.string(node, field, spec.limit)
        if spec.kind == "wordlist":
            return self.wordlist(node, field, spec.limit)
        if spec.kind == "choice":
            return self.reference(node, field, {choice: choice for choice in spec.choices}, spec.name)
        if spec.kind in plain:
            return plain[spec.kind](node, field)
        if spec.kind == "record" and spec.of is not None:
            return self.record(node, field, spec.of, known)
        return self.refer(spec, node, field, known)

    def refer(self, spec: Spec, node: yaml.Node, field: str, known: Any) -> Any:
        """A reference to something the file declares elsewhere, which only the reader of that file knows."""
        raise AssertionError(f"{spec.name}: a field of kind {spec.kind!r} is read by its file's own reader")

    def keyed(self, node: yaml.Node, field: str, record: type[T], known: Any, what: str) -> tuple[T, ...]:
        """A mapping of ids to records, such as the labels; at least one, each id once."""
        if not isinstance(node, yaml.MappingNode):
            self.problem(node, field, f"expected a mapping of {what} ids to {what}s; found {kind_of(node)}", "CI010")
            return ()
        found: dict[str, T] = {}
        seen: set[str] = set()  # every id declared, valid record or not, so a repeat is reported either way
        for key, value in node.value:
            item_id = self.identifier(key, field)
            if item_id in seen:
                self.problem(
                    key, f"{field}.{item_id}", f"duplicate {what} {item_id!r}; each {what} may be declared once"
                )
                continue
            if item_id is not None:
                seen.add(item_id)
            if not isinstance(key, yaml.ScalarNode):
                continue  # a list or mapping as the id: reported above, and nothing to name the rest by
            item = self.record(value, f"{field}.{key.value}", record, known, key=item_id)
            if item_id is not None and item is not None:
                found[item_id] = item
        if not node.value:
            self.problem(node, field, f"declare at least one {what}", "CI010")
        return tuple(found.values())


@dataclass(frozen=True)
class Known:
    """What the fields that refer to other records may name, once those are read."""

    labels: dict[str, Label]
    chapters: dict[str, OtherChapter]
    own_id: str | None


class CatalogueReader(NodeReader):
    """Reads the node tree of `topics.yaml` into the catalogue, as the records of catalogue.py declare it."""

    def catalogue(self, root: yaml.Node) -> Catalogue | None:
        fields = self.mapping(root, "", TOP_KEYS)
        if fields is None:
            return None
        own_id = _value(fields.get("chapter"), "id")
        nothing = Known({}, {}, own_id)
        chapter = self.record(fields["chapter"], "chapter", Chapter, nothing) if "chapter" in fields else None
        labels = self.keyed(fields["labels"], "labels", Label, nothing, "label") if "labels" in fields else ()
        chapters_node = fields.get("chapters", yaml.SequenceNode("tag:yaml.org,2002:seq", []))
        chapters = self.records(chapters_node, "chapters", OtherChapter, nothing)
        for index, item in enumerate(chapters_node.value if isinstance(chapters_node, yaml.SequenceNode) else ()):
            if own_id is not None and _value(item, "id") == own_id:
                self.problem(
                    item, f"chapters[{index}].id", f"{own_id!r} is this chapter's own id; list only other chapters here"
                )
        known = Known({label.id: label for label in labels}, {c.id: c for c in chapters}, own_id)
        topics = self.records(fields["topics"], "topics", Topic, known) if "topics" in fields else ()
        self.unused_chapters(chapters_node, chapters, topics)
        if chapter is None or not _complete(fields, TOP_KEYS):
            return None
        return Catalogue(chapter, labels, chapters, topics)

    def unused_chapters(self, node: yaml.Node, chapters: tuple[OtherChapter, ...], topics: tuple[Topic, ...]) -> None:
        used = {topic.origin.id for topic in topics if topic.origin}
        for index, item in enumerate(node.value if isinstance(node, yaml.SequenceNode) else ()):
            chapter = next((c for c in chapters if _value(item, "id") == c.id), None)
            if chapter is not None and chapter.id not in used:
                mark = item.start_mark
                self.doubts.append(
                    Problem(
                        mark.line + 1,
                        mark.column + 1,
                        f"chapters[{index}]",
                        f"chapter {chapter.id!r} is declared but no topic comes from it",
                        "CI012",
                    )
                )

    def refer(self, spec: Spec, node: yaml.Node, field: str, known: Known) -> Any:
        if spec.kind == "label":
            return self.reference(node, field, known.labels, "label")
        if spec.kind == "lender":
            return self.origin(node, field, known.chapters, known.own_id)
        return super().refer(spec, node, field, known)

    def origin(
        self, node: yaml.Node, field: str, chapters: dict[str, OtherChapter], own_id: str | None
    ) -> OtherChapter | None:
        if own_id is not None and _scalar(node) == own_id:
            self.problem(node, field, "a topic cannot come from its own chapter; remove 'origin'")
            return None
        return self.reference(node, field, chapters, "chapter")


def _complete(values: Mapping[str, object], keys: tuple[str, ...]) -> bool:
    """Whether every key is there with a usable value."""
    return all(values.get(key) is not None for key in keys)


def _dotted(field: str, name: object) -> str:
    return f"{field}.{name}" if field else str(name)


def _scalar(node: yaml.Node) -> str | None:
    return node.value if isinstance(node, yaml.ScalarNode) else None


def _value(mapping: yaml.Node | None, key: str) -> str | None:
    """The scalar under `key` in a mapping node, if there is one."""
    if not isinstance(mapping, yaml.MappingNode):
        return None
    return next((_scalar(value) for name, value in mapping.value if _scalar(name) == key), None)
