"""The chapter catalogue: `topics.yaml` read into small immutable objects.

Validation walks the YAML node tree rather than the parsed data, so every
problem can be reported with the line and column the author has to fix.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, TypeVar

import yaml

LANGUAGES = ("ru", "en")
DEFAULT_LANGUAGE = LANGUAGES[0]  # served at the site root; the others under /<lang>/
SLUG_PATTERN = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
URL_PATTERN = re.compile(r"https?://[^\s/$.?#][^\s]*")


@dataclass(frozen=True)
class Text:
    """A string in every language of the site."""

    ru: str
    en: str

    def __getitem__(self, lang: str) -> str:
        return getattr(self, lang)


@dataclass(frozen=True)
class Chapter:
    id: str
    title: Text
    summary: Text


@dataclass(frozen=True)
class Label:
    id: str
    name: Text
    meaning: Text


@dataclass(frozen=True)
class OtherChapter:
    """A chapter of the knowledge base that lends topics to this one."""

    id: str
    title: Text
    url: str | None


@dataclass(frozen=True)
class Topic:
    slug: str
    title: Text
    summary: Text
    label: Label
    origin: OtherChapter | None


@dataclass(frozen=True)
class Catalogue:
    chapter: Chapter
    labels: tuple[Label, ...]
    chapters: tuple[OtherChapter, ...]
    topics: tuple[Topic, ...]

    @property
    def borrowed(self) -> tuple[Topic, ...]:
        return tuple(topic for topic in self.topics if topic.origin is not None)

    def topic(self, slug: str) -> Topic:
        return next(topic for topic in self.topics if topic.slug == slug)


@dataclass(frozen=True, order=True)
class Problem:
    line: int
    column: int
    field: str
    message: str

    def describe(self, path: str) -> str:
        where = f"{path}:{self.line}:{self.column}"
        return f"{where}: {self.field}: {self.message}" if self.field else f"{where}: {self.message}"


class CatalogueError(Exception):
    """Everything wrong with a catalogue file, sorted by position."""

    def __init__(self, path: str, problems: list[Problem]):
        self.path = path
        self.problems = sorted(problems)
        super().__init__("\n".join(problem.describe(path) for problem in self.problems))


def load_catalogue(path: Path, shown_as: str | None = None) -> Catalogue:
    """Read and validate a catalogue file; raise CatalogueError naming every problem.

    `shown_as` is the name errors give the file, such as its path relative to the project.
    """
    name = shown_as or str(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise CatalogueError(name, [Problem(1, 1, "", f"cannot read the file: {error.strerror}")])
    return parse_catalogue(text, name)


def parse_catalogue(text: str, path: str = "topics.yaml") -> Catalogue:
    try:
        root = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        line, column = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        raise CatalogueError(path, [Problem(line, column, "", f"YAML syntax error: {error.problem}")])
    reader = _Reader()
    catalogue = reader.catalogue(root)
    if reader.problems or catalogue is None:
        raise CatalogueError(path, reader.problems or [Problem(1, 1, "", "the file is empty")])
    return catalogue


T = TypeVar("T")


class _Reader:
    """Turns YAML nodes into catalogue objects, collecting problems instead of stopping at the first."""

    def __init__(self) -> None:
        self.problems: list[Problem] = []

    def problem(self, node: yaml.Node, field: str, message: str) -> None:
        mark = node.start_mark
        self.problems.append(Problem(mark.line + 1, mark.column + 1, field, message))

    def mapping(self, node: yaml.Node, field: str, required: tuple[str, ...], optional: tuple[str, ...] = ()) -> dict[str, yaml.Node] | None:
        if not isinstance(node, yaml.MappingNode):
            self.problem(node, field, "expected a mapping of keys to values")
            return None
        fields: dict[str, yaml.Node] = {}
        for key, value in node.value:
            name = key.value if isinstance(key, yaml.ScalarNode) else None
            if name not in required + optional:
                self.problem(key, field, f"unknown key {name!r}; expected one of: {', '.join(required + optional)}")
            elif name in fields:
                self.problem(key, field, f"duplicate key {name!r}")
            else:
                fields[name] = value
        for name in required:
            if name not in fields:
                self.problem(node, field, f"missing required key {name!r}")
        return fields

    def sequence(self, node: yaml.Node, field: str, item: Callable[[yaml.Node, str], T | None]) -> tuple[T, ...]:
        if not isinstance(node, yaml.SequenceNode):
            self.problem(node, field, "expected a list")
            return ()
        items = (item(child, f"{field}[{index}]") for index, child in enumerate(node.value))
        return tuple(value for value in items if value is not None)

    def string(self, node: yaml.Node, field: str) -> str | None:
        if not isinstance(node, yaml.ScalarNode) or node.tag != "tag:yaml.org,2002:str":
            self.problem(node, field, "expected a text string")
            return None
        if not node.value.strip():
            self.problem(node, field, "must not be empty")
            return None
        return node.value

    def slug(self, node: yaml.Node, field: str) -> str | None:
        value = self.string(node, field)
        if value is not None and not SLUG_PATTERN.fullmatch(value):
            self.problem(node, field, f"{value!r} is not a lower-case kebab-case identifier such as 'gpu-architecture'")
            return None
        return value

    def text(self, node: yaml.Node, field: str) -> Text | None:
        fields = self.mapping(node, field, LANGUAGES)
        if fields is None:
            return None
        values = {lang: self.string(fields[lang], f"{field}.{lang}") for lang in LANGUAGES if lang in fields}
        if len(values) != len(LANGUAGES) or None in values.values():
            return None
        return Text(**values)

    def catalogue(self, root: yaml.Node | None) -> Catalogue | None:
        if root is None:
            return None
        fields = self.mapping(root, "", ("chapter", "labels", "chapters", "topics"))
        if fields is None or len(fields) < 4:
            return None
        chapter = self.chapter(fields["chapter"], "chapter")
        labels = self.labels(fields["labels"], "labels")
        chapters = self.sequence(fields["chapters"], "chapters", self.other_chapter)
        self.unique(fields["chapters"], "chapters", "id", "chapter id")
        topic = self.topic_reader({label.id: label for label in labels}, {c.id: c for c in chapters}, chapter)
        topics = self.sequence(fields["topics"], "topics", topic)
        self.unique(fields["topics"], "topics", "slug", "slug")
        if chapter is None:
            return None
        return Catalogue(chapter, labels, chapters, topics)

    def unique(self, node: yaml.Node, field: str, key: str, what: str) -> None:
        """Report a repeated `key` value among the mappings of a sequence."""
        if not isinstance(node, yaml.SequenceNode):
            return
        seen: set[str] = set()
        for index, item in enumerate(node.value):
            if not isinstance(item, yaml.MappingNode):
                continue
            for name, value in item.value:
                if name.value == key and isinstance(value, yaml.ScalarNode):
                    if value.value in seen:
                        self.problem(value, f"{field}[{index}].{key}", f"duplicate {what} {value.value!r}")
                    seen.add(value.value)

    def chapter(self, node: yaml.Node, field: str) -> Chapter | None:
        fields = self.mapping(node, field, ("id", "title", "summary"))
        if fields is None or len(fields) < 3:
            return None
        values = (self.slug(fields["id"], f"{field}.id"), self.text(fields["title"], f"{field}.title"), self.text(fields["summary"], f"{field}.summary"))
        return None if None in values else Chapter(*values)

    def labels(self, node: yaml.Node, field: str) -> tuple[Label, ...]:
        if not isinstance(node, yaml.MappingNode):
            self.problem(node, field, "expected a mapping of label ids to labels")
            return ()
        labels = []
        for key, value in node.value:
            label_id = self.slug(key, field)
            fields = self.mapping(value, f"{field}.{key.value}", ("name", "meaning"))
            if label_id is None or fields is None or len(fields) < 2:
                continue
            name = self.text(fields["name"], f"{field}.{label_id}.name")
            meaning = self.text(fields["meaning"], f"{field}.{label_id}.meaning")
            if name and meaning:
                labels.append(Label(label_id, name, meaning))
        return tuple(labels)

    def other_chapter(self, node: yaml.Node, field: str) -> OtherChapter | None:
        fields = self.mapping(node, field, ("id", "title"), ("url",))
        if fields is None or "id" not in fields or "title" not in fields:
            return None
        chapter_id = self.slug(fields["id"], f"{field}.id")
        title = self.text(fields["title"], f"{field}.title")
        url = None
        if "url" in fields:
            url = self.string(fields["url"], f"{field}.url")
            if url is not None and not URL_PATTERN.fullmatch(url):
                self.problem(fields["url"], f"{field}.url", f"{url!r} is not an http:// or https:// address")
                url = None
        return None if chapter_id is None or title is None else OtherChapter(chapter_id, title, url)

    def topic_reader(self, labels: dict[str, Label], chapters: dict[str, OtherChapter], own: Chapter | None) -> Callable[[yaml.Node, str], Topic | None]:
        def topic(node: yaml.Node, field: str) -> Topic | None:
            fields = self.mapping(node, field, ("slug", "title", "summary", "label"), ("origin",))
            if fields is None or not {"slug", "title", "summary", "label"} <= fields.keys():
                return None
            slug = self.slug(fields["slug"], f"{field}.slug")
            title = self.text(fields["title"], f"{field}.title")
            summary = self.text(fields["summary"], f"{field}.summary")
            label = self.reference(fields["label"], f"{field}.label", labels, "label")
            origin = None
            if "origin" in fields:
                if own is not None and fields["origin"].value == own.id:
                    self.problem(fields["origin"], f"{field}.origin", "a topic cannot be borrowed from its own chapter; remove 'origin'")
                    return None
                origin = self.reference(fields["origin"], f"{field}.origin", chapters, "chapter")
                if origin is None:
                    return None
            if None in (slug, title, summary, label):
                return None
            return Topic(slug, title, summary, label, origin)

        return topic

    def reference(self, node: yaml.Node, field: str, known: dict[str, T], what: str) -> T | None:
        value = self.string(node, field)
        if value is None:
            return None
        if value not in known:
            self.problem(node, field, f"unknown {what} {value!r}; expected one of: {', '.join(known)}")
            return None
        return known[value]

