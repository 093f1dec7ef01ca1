"""`topics.schema.json`, `glossary.schema.json` and `facts.schema.json`, the schemas editors check the data files
against, written from their records.

Editors complete and underline the file from it while the author types; the
loader remains the judge, since cross-references and YAML beyond plain data
are beyond a JSON Schema. The schemas are generated and committed, and
`chapter schema --check` fails when a committed one is stale.
"""

from __future__ import annotations

import json
import re
from typing import Any

from .catalogue import LANGUAGES, Catalogue, Spec, Text, specs
from .facts import Registry
from .glossary import Glossary
from .loader import DATE_PATTERN, SLUG_PATTERN, URL_PATTERN

SCHEMA_FILE = "topics.schema.json"
FACTS_SCHEMA_FILE = "facts.schema.json"
GLOSSARY_SCHEMA_FILE = "glossary.schema.json"
SCHEMA_FILES = (SCHEMA_FILE, GLOSSARY_SCHEMA_FILE, FACTS_SCHEMA_FILE)

DESCRIPTION = (
    "The catalogue of one chapter of the ML knowledge base: the single source of the chapter index, the topic pages"
    " and the navigation of the bilingual (Russian and English) site. This schema checks the shape of the file:"
    " which keys exist, which are required, their types, that every text has both translations and is not blank,"
    " and the format of identifiers and addresses."
    " Cross-references cannot be expressed here and are checked by `python -m chapter check` (and by every site"
    " build): a topic's `label` must be declared under `labels`; a topic's `origin` must be declared under"
    " `chapters` and must not be this chapter's own id; topic slugs, label ids and chapter ids must be unique;"
    " `chapters` must not list this chapter itself; every chapter listed under `chapters` should lend at least one"
    " topic. The loader also refuses YAML anchors, aliases, tags and repeated keys, which a JSON Schema cannot see."
    " Generated from hooks/chapter/catalogue.py: edit the records there and run `python -m chapter schema`."
)
LANGUAGE_NAMES = {"ru": "Russian", "en": "English"}
LANGUAGE_PLACES = {"ru": "the Russian pages at the site root", "en": "the English pages under `/en/`"}

KIND_DEFINITIONS: dict[str, dict[str, Any]] = {
    "identifier": {
        "title": "Identifier",
        "description": "A lower-case kebab-case identifier: letters a–z and digits in words joined by single hyphens,"
        " e.g. `gpu-architecture`. No upper case, underscores, spaces, slashes or leading, trailing or double hyphens.",
        "type": "string",
        "pattern": f"^{SLUG_PATTERN.pattern}$",
    },
    "nonBlank": {
        "title": "Text in one language",
        "description": "Text that is not empty and not only whitespace.",
        "type": "string",
        "pattern": "\\S",
    },
}


FACTS_DESCRIPTION = (
    "The chapter's hardware facts: every figure the articles quote, each once, with its unit, what it depends on,"
    " its primary source and the day it was read. Articles write `{fact:<id>}` where a value goes; the site shows it"
    " in the page language and lists every fact on the facts page. Cross-references (a fact's `subject` and `unit`"
    " must be declared) and unused facts are checked by `chapter check` and every build. Generated from"
    " hooks/chapter/facts.py: edit the records there and run `chapter schema`."
)
GLOSSARY_DESCRIPTION = (
    "The terminology of the chapter: one Russian term for each idea with its English counterpart and a one-line"
    " definition in both languages, and the variants not to write. `python -m chapter check` (and every site build)"
    " reports an avoided variant wherever an article, a code comment or a figure uses it, in any inflected form, with"
    " the file, line and term to write. This schema checks the shape of the file; the loader also refuses repeated"
    " term ids, a variant that would forbid its own term, YAML anchors, aliases and tags. Generated from"
    " hooks/chapter/glossary.py: edit the records there and run `chapter schema`."
)


def catalogue_schema() -> dict[str, Any]:
    return _schema(Catalogue, "Chapter catalogue (topics.yaml)", DESCRIPTION)


def facts_schema() -> dict[str, Any]:
    return _schema(Registry, "Hardware facts (facts.yaml)", FACTS_DESCRIPTION)


def glossary_schema() -> dict[str, Any]:
    return _schema(Glossary, "Chapter glossary (glossary.yaml)", GLOSSARY_DESCRIPTION)


def _schema(record: type, title: str, description: str) -> dict[str, Any]:
    definitions: dict[str, Any] = dict(KIND_DEFINITIONS)
    definitions["text"] = _text()
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": title,
        "description": description,
        **_object(specs(record), definitions),
        "$defs": definitions,
    }


def schema_text(schema: dict[str, Any] | None = None) -> str:
    return json.dumps(schema or catalogue_schema(), ensure_ascii=False, indent=2) + "\n"


def schema_files() -> dict[str, str]:
    """Each generated schema's file name and text."""
    return {
        SCHEMA_FILE: schema_text(catalogue_schema()),
        GLOSSARY_SCHEMA_FILE: schema_text(glossary_schema()),
        FACTS_SCHEMA_FILE: schema_text(facts_schema()),
    }


def _text() -> dict[str, Any]:
    return {
        "title": "Bilingual text",
        "description": _prose(Text.__doc__ or "")
        + " "
        + ", ".join(f"`{lang}` is shown on {LANGUAGE_PLACES[lang]}" for lang in LANGUAGES)
        + ". All are required.",
        "type": "object",
        "properties": {
            lang: {
                "$ref": "#/$defs/nonBlank",
                "description": f"The {LANGUAGE_NAMES[lang]} text, shown on {LANGUAGE_PLACES[lang]}. Must not be empty.",
            }
            for lang in LANGUAGES
        },
        "required": list(LANGUAGES),
        "additionalProperties": False,
    }


def _object(fields: tuple[Spec, ...], definitions: dict[str, Any]) -> dict[str, Any]:
    written = [spec for spec in fields if spec.kind != "key"]
    needs = {spec.name: [spec.needs] for spec in written if spec.needs}
    required = [spec.name for spec in written if spec.required]
    return {
        "type": "object",
        "properties": {spec.name: _field(spec, definitions) for spec in written},
        **({"required": required} if required else {}),
        **({"dependentRequired": needs} if needs else {}),
        "additionalProperties": False,
    }


def _field(spec: Spec, definitions: dict[str, Any]) -> dict[str, Any]:
    described = {"description": _prose(spec.description)}
    if spec.kind in ("identifier", "label", "lender", "subject", "unit"):
        return {"$ref": "#/$defs/identifier", **described}
    if spec.kind == "words":
        return {"$ref": "#/$defs/nonBlank", **described}
    if spec.kind == "wordlist":
        return {**described, "type": "array", "items": {"$ref": "#/$defs/nonBlank"}}
    if spec.kind == "choice":
        return {**described, "enum": list(spec.choices)}
    if spec.kind == "number":
        return {**described, "type": "number"}
    if spec.kind == "text":
        return {"$ref": "#/$defs/text", **described}
    if spec.kind == "url":
        return {**described, "type": "string", "pattern": f"^{URL_PATTERN.pattern}$"}
    if spec.kind == "date":
        return {**described, "type": "string", "format": "date", "pattern": f"^{DATE_PATTERN.pattern}$"}
    if spec.kind == "days":
        return {**described, "type": "integer", "minimum": 1}
    assert spec.of is not None, spec
    if spec.kind == "record":
        return {**described, **_object(specs(spec.of), definitions)}
    name = _definition(spec.of, definitions)
    if spec.kind == "list":
        return {**described, "type": "array", "items": {"$ref": f"#/$defs/{name}"}}
    key = next(item for item in specs(spec.of) if item.kind == "key")
    return {
        **described,
        "type": "object",
        "propertyNames": {"$ref": "#/$defs/identifier", "description": key.description},
        "additionalProperties": {"$ref": f"#/$defs/{name}"},
        "minProperties": 1,
    }


def _definition(record: type, definitions: dict[str, Any]) -> str:
    """The record's entry under $defs, added on first use: `OtherChapter` is `otherChapter`."""
    name = record.__name__[0].lower() + record.__name__[1:]
    if name not in definitions:
        title = re.sub(r"(?<!^)(?=[A-Z])", " ", record.__name__).capitalize()
        described = {"title": title, "description": _prose(record.__doc__ or "")}
        definitions[name] = {**described, **_object(specs(record), definitions)}
    return name


def _prose(text: str) -> str:
    """A description on one line, however its docstring or string literal wraps it in the source."""
    return " ".join(text.split())
