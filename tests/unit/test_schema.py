"""topics.schema.json, the schema editors check topics.yaml against, agrees with the loader.

Both judge the same texts: the small chapter's catalogue, the loader tests' MINIMAL
and CASES, and edits of the small chapter's catalogue (the real one is held to the
schema with the content). The schema sees only the shape of the data; the
cross-references and the YAML the loader refuses are listed in LOADER_ONLY, so
every new loader case has to be placed on one side or the other. Each edit is made
when its test runs, so an edit that no longer applies fails that test alone.
"""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest
import yaml
from jsonschema import Draft202012Validator

from chapter.__main__ import main
from chapter.catalogue import Chapter, OtherChapter, Topic, specs
from chapter.loader import CatalogueError, parse_catalogue
from chapter.schema import schema_text
from tests.unit.test_loader import CASES, MINIMAL
from tools.site import MINI, ROOT, replace_once

SCHEMA_NAME = "topics.schema.json"
SCHEMA = json.loads((ROOT / SCHEMA_NAME).read_text(encoding="utf-8"))
VALIDATOR = Draft202012Validator(SCHEMA, format_checker=Draft202012Validator.FORMAT_CHECKER)


class EditorLoader(yaml.SafeLoader):
    """YAML as an editor's YAML 1.2 reads dates: `2026-12-01` is text, which the schema checks by its format."""


EditorLoader.yaml_implicit_resolvers = {
    first: [(tag, pattern) for tag, pattern in resolvers if tag != "tag:yaml.org,2002:timestamp"]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}

# Loader cases whose mistake a JSON Schema cannot see, so the schema accepts the data
# (or PyYAML cannot turn the text into data at all).
LOADER_ONLY = {
    # YAML syntax errors: there is no data to validate
    "unclosed quote",
    "unclosed bracket",
    "bad indentation",
    "outdented key",
    "tab",
    # PyYAML keeps the last of repeated keys; the data has no trace of the first
    "duplicate key",
    # cross-references between sections: checked by `python -m chapter check`
    "unknown label",
    "misspelt label",
    "unknown origin",
    "origin is this chapter",
    "duplicate slug",
    "duplicate chapter",
    "lending chapter with this chapter's id",
    # an alias is resolved to the anchored value, which is valid data
    "anchor and alias",
    # tags: safe_load refuses to construct them, so there is no data to validate
    "python tag",
    "local tag",
}
# Not listed: "empty file" loads as null, which the schema refuses as not a mapping.


def schema_accepts(text: str) -> bool | None:
    """Whether the schema accepts the data of `text`; None when PyYAML cannot read it as plain data."""
    try:
        data = yaml.load(text, Loader=EditorLoader)
    except yaml.YAMLError:
        return None
    return VALIDATOR.is_valid(data)


def loader_accepts(text: str) -> bool:
    try:
        parse_catalogue(text)
    except CatalogueError:
        return False
    return True


Edit = Callable[[str], str]


def _edit(old: str, new: str) -> Edit:
    return lambda text: replace_once(text, old, new)


def _section(key: str, new: str) -> Edit:
    """The top-level section `key` (up to the next top-level key) replaced by `new` lines."""

    def edit(text: str) -> str:
        lines = text.splitlines(keepends=True)
        start = lines.index(f"{key}:\n")
        end = next((i for i in range(start + 1, len(lines)) if lines[i][:1].isalpha()), len(lines))
        return "".join(lines[:start]) + new + "".join(lines[end:])

    return edit


@pytest.fixture(scope="module")
def small() -> str:
    """The small chapter's catalogue: every kind of section and field, written as an author writes them."""
    return (MINI / "topics.yaml").read_text(encoding="utf-8")


def test_schema_is_a_valid_2020_12_schema():
    Draft202012Validator.check_schema(SCHEMA)
    assert SCHEMA["$schema"] == "https://json-schema.org/draft/2020-12/schema"


def test_every_property_has_a_description_for_editors():
    def undescribed(node, where):
        if isinstance(node, dict):
            for name, prop in node.get("properties", {}).items():
                if not prop.get("description"):
                    yield f"{where}/properties/{name}"
            for key, value in node.items():
                yield from undescribed(value, f"{where}/{key}")

    assert SCHEMA["title"] and "python -m chapter check" in SCHEMA["description"]
    assert list(undescribed(SCHEMA, "#")) == []


@pytest.mark.parametrize("name", ["small chapter", "MINIMAL"])
def test_both_accept_valid_catalogues(name, small):
    text = small if name == "small chapter" else MINIMAL
    assert loader_accepts(text)
    assert schema_accepts(text), [
        error.message for error in VALIDATOR.iter_errors(yaml.load(text, Loader=EditorLoader))
    ]


@pytest.mark.parametrize("name", CASES.keys())
def test_loader_case_is_rejected_by_the_schema_or_listed_as_loader_only(name):
    text, _ = CASES[name]
    assert not loader_accepts(text)
    if name in LOADER_ONLY:
        assert schema_accepts(text) is not False, f"{name!r} is rejected by the schema; remove it from LOADER_ONLY"
    else:
        assert schema_accepts(text) is False, (
            f"the schema misses {name!r}: teach it, or list it in LOADER_ONLY with the reason"
        )


def test_loader_only_names_exactly_the_cases_the_schema_lets_through():
    let_through = {name for name, (text, _) in CASES.items() if schema_accepts(text) is not False}
    assert LOADER_ONLY == let_through


TITLE = "    title:\n      ru: Прунинг\n      en: Pruning\n"
TOPIC = "  - slug: gpu-architecture\n    label: current\n"
LENDER = "  - id: mlops\n"
MUTATIONS = {
    "missing translation": _edit("      en: Pruning\n", ""),
    "unknown language": _edit("      en: Pruning\n", "      en: Pruning\n      de: Ausdünnen\n"),
    "unknown topic key": _edit("  - slug: gpu-architecture\n", "  - slug: gpu-architecture\n    draft: true\n"),
    "unknown chapter key": _edit("\n  summary:\n", "\n  author: someone\n  summary:\n"),
    "unknown label key": _edit("  new:\n    name:", "  new:\n    colour: green\n    name:"),
    "number as title": _edit("en: Pruning", "en: 42"),
    "boolean as text": _edit("en: Pruning", "en: yes"),
    "blank text": _edit("en: Pruning", "en: '   '"),
    "empty text": _edit("en: Pruning", "en: ''"),
    "text as a plain string": _edit(TITLE, "    title: Pruning\n"),
    "bad slug": _edit("slug: gpu-architecture", "slug: GPU_Architecture"),
    "slug with a slash": _edit("slug: gpu-architecture", "slug: gpu/architecture"),
    "slug with a double hyphen": _edit("slug: gpu-architecture", "slug: gpu--architecture"),
    "number as slug": _edit("slug: gpu-architecture", "slug: 42"),
    "bad chapter id": _edit("  id: compute-infrastructure", "  id: Compute Infrastructure"),
    "bad lending chapter id": _edit(LENDER, "  - id: ml_ops\n"),
    "bad label id": _edit("labels:\n  new:", "labels:\n  New:"),
    "number as label id": _edit("labels:\n  new:", "labels:\n  2024:"),
    "no labels": _section("labels", "labels: {}\n\n"),
    "label is a list": _edit("label: current", "label: [current]"),
    "missing label": _edit(TOPIC, "  - slug: gpu-architecture\n"),
    "missing slug": _edit(TOPIC, "  - label: current\n"),
    "missing chapter summary": _section(
        "chapter", "chapter:\n  id: compute-infrastructure\n  title: {ru: Глава, en: Chapter}\n\n"
    ),
    "topics is a mapping": _edit("topics:\n  - slug: pruning", "topics:\n  first:\n  - slug: pruning"),
    "chapters is missing": _section("chapters", ""),
    "url that is not a web address": _edit(LENDER, LENDER + "    url: ftp://example.org/mlops\n"),
    "url with a space": _edit(LENDER, LENDER + "    url: https://example.org/ml ops\n"),
    "url without a host": _edit(LENDER, LENDER + "    url: https:///mlops\n"),
    "number as url": _edit(LENDER, LENDER + "    url: 42\n"),
    "null origin": _edit("origin: mlops", "origin:"),
    "review date that is not a date": _edit("reviewed: 2026-12-01", "reviewed: last week"),
    "review date that does not exist": _edit("reviewed: 2026-12-01", "reviewed: 2026-11-31"),
    "review date as a number": _edit("reviewed: 2026-12-01", "reviewed: 20261201"),
    "top level is text": lambda text: "just some text\n",
}
# Edits both must accept: the schema must not be stricter than the loader.
ACCEPTED = {
    "with a web address": _edit(LENDER, LENDER + "    url: https://example.org/mlops/?lang=en#top\n"),
    "keys in another order": _edit(TOPIC, "  - label: current\n    slug: gpu-architecture\n"),
    "folded text": _edit("en: Pruning", "en: >-\n        Pruning\n        weights"),
    "quoted number as text": _edit("en: Pruning", "en: '42'"),
    "digits in identifiers": _edit("slug: gpu-architecture", "slug: gpu-2-architecture"),
    "quoted review date": _edit("reviewed: 2026-12-01", "reviewed: '2026-12-01'"),
    "topic not reviewed yet": _edit("    reviewed: 2026-12-01\n", ""),
    "no lending chapters and no topics": lambda text: _section("topics", "topics: []\n")(
        _section("chapters", "chapters: []\n\n")(text)
    ),
}


@pytest.mark.parametrize("edit", MUTATIONS.values(), ids=MUTATIONS.keys())
def test_both_reject_mistakes_in_a_catalogue(edit, small):
    text = edit(small)
    assert not loader_accepts(text)
    assert schema_accepts(text) is False


@pytest.mark.parametrize("edit", ACCEPTED.values(), ids=ACCEPTED.keys())
def test_both_accept_harmless_edits_of_a_catalogue(edit, small):
    text = edit(small)
    assert loader_accepts(text)
    assert schema_accepts(text) is True


# Refused by the loader but let through by the schema as Python checks it; pinned so a change is noticed.
SCHEMA_GAPS = {
    # YAML 1.1 (the loader) reads an unquoted date as a date; editors read it as text
    "date as text": _edit("en: Pruning", "en: 2024-05-01"),
    # `<<` is a YAML merge key: safe_load merges the mapping in, the loader calls it an unknown key
    "merge key": _edit(TOPIC, "  - slug: gpu-architecture\n    <<: {label: current}\n"),
    # Python's re lets `$` match before a final newline; editors (ECMA-262 regexes) refuse these
    "slug ending in a newline": _edit("slug: gpu-architecture", "slug: |\n      gpu-architecture"),
    "url ending in a newline": _edit(LENDER, LENDER + '    url: "https://example.org/\\n"\n'),
}


@pytest.mark.parametrize("edit", SCHEMA_GAPS.values(), ids=SCHEMA_GAPS.keys())
def test_known_gaps_are_refused_by_the_loader_alone(edit, small):
    text = edit(small)
    assert not loader_accepts(text)
    assert schema_accepts(text) is True


def test_the_committed_schema_is_the_one_the_records_write():
    """Generated from catalogue.py: a field added there reaches editors with `python -m chapter schema`."""
    assert (ROOT / SCHEMA_NAME).read_text(encoding="utf-8") == schema_text()


def test_schema_check_fails_on_a_stale_schema_and_schema_writes_a_fresh_one(tmp_path, capsys):
    stale = tmp_path / SCHEMA_NAME
    stale.write_text(schema_text().replace("Optional: the day", "The day"), encoding="utf-8")
    assert main(["schema", str(tmp_path), "--check"]) == 1
    assert "topics.schema.json is stale" in capsys.readouterr().err
    assert main(["schema", str(tmp_path)]) == 0
    assert stale.read_text(encoding="utf-8") == schema_text()
    assert main(["schema", str(tmp_path), "--check"]) == 0


def test_every_declared_field_is_in_the_schema_with_its_description():
    for record, where in (
        (Topic, SCHEMA["$defs"]["topic"]),
        (OtherChapter, SCHEMA["$defs"]["otherChapter"]),
        (Chapter, SCHEMA["properties"]["chapter"]),
    ):
        written = [spec for spec in specs(record) if spec.kind != "key"]
        assert list(where["properties"]) == [spec.name for spec in written]
        assert where["required"] == [spec.name for spec in written if spec.required]
        assert all(where["properties"][spec.name]["description"] == spec.description for spec in written)
