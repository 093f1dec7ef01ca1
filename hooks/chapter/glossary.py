"""The chapter's terminology: `glossary.yaml` read, and its rules applied to articles.

One idea has one Russian term. The glossary names it, gives its English
counterpart and a definition in both languages, and lists the variants not to
write; the check finds those in any inflected form, because Russian declines
them (кеш, кеша, кешем).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

import yaml

from .catalogue import LANGUAGES, TITLE_LIMIT, Text
from .loader import CatalogueError, NodeReader, Problem, compose_plain, read_data

GLOSSARY_KEYS = ("terms",)
GLOSSARY_OPTIONAL_KEYS = ("latin",)
TERM_KEYS = ("id", "term", "definition")
TERM_OPTIONAL_KEYS = ("avoid",)
CONTENTS = "the terms of the chapter"
# Endings a Russian word sheds in declension; a variant matches whatever follows its stem.
RUSSIAN_ENDING = re.compile(r"[аеёиоуыэюяйь]{1,2}$")
CYRILLIC_WORD = re.compile(r"[А-Яа-яЁё]")
WORD_START = re.compile(r"(?<!\w)\w")


@dataclass(frozen=True)
class Term:
    id: str
    term: Text
    definition: Text
    avoid: Mapping[str, tuple[str, ...]]  # language -> variants not to write


@dataclass(frozen=True)
class Glossary:
    terms: tuple[Term, ...]
    latin: frozenset[str]  # ordinary words Russian text writes in Latin letters, lower case

    @functools.cached_property
    def _variants(self) -> dict[str, dict[str, list[tuple[re.Pattern, str, Term]]]]:
        """Per language, the variants by the first two letters they start with, so a line is read once."""
        found: dict[str, dict[str, list]] = {lang: {} for lang in LANGUAGES}
        for term in self.terms:
            for lang, variants in term.avoid.items():
                for variant in variants:
                    found[lang].setdefault(_fold(variant)[:2].casefold(), []).append(
                        (variant_pattern(variant, lang), variant, term)
                    )
        return found

    def problems(self, lines: Iterable[tuple[int, str]], lang: str) -> list[tuple[int, str]]:
        """Avoided variants in `lines` of text in `lang`: (line, message naming the term to write)."""
        variants = self._variants[lang]
        found = []
        for number, text in lines:
            searched = _fold(text)
            for start in WORD_START.finditer(searched):
                for pattern, variant, term in variants.get(searched[start.start() : start.start() + 2].casefold(), ()):
                    match = pattern.match(searched, start.start())
                    if match and not _is_gloss(text, match.start(), match.end()):
                        found.append(
                            (
                                number,
                                f"'{text[match.start() : match.end()]}': write '{term.term[lang]}' (glossary: {term.id}), not '{variant}'",
                            )
                        )
        return sorted(found)

    @functools.cached_property
    def _term_patterns(self) -> dict[str, dict[str, list[tuple[re.Pattern, Term]]]]:
        """Per language, each term's own pattern by the first two letters it starts with, as `_variants` holds the avoided ones."""
        found: dict[str, dict[str, list]] = {lang: {} for lang in LANGUAGES}
        for term in self.terms:
            for lang in LANGUAGES:
                found[lang].setdefault(_fold(term.term[lang])[:2].casefold(), []).append(
                    (variant_pattern(term.term[lang], lang), term)
                )
        return found

    def mentions(self, text: str, lang: str) -> list[tuple[int, int, Term]]:
        """Every place `text` names a term in `lang`, matched as avoided variants are (any inflected form): (start, end, term).

        Overlapping mentions are all given («KV-кэш» and the «кэш» in it); the caller chooses among them.
        """
        terms = self._term_patterns[lang]
        searched = _fold(text)
        found = []
        for start in WORD_START.finditer(searched):
            for pattern, term in terms.get(searched[start.start() : start.start() + 2].casefold(), ()):
                match = pattern.match(searched, start.start())
                if match:
                    found.append((match.start(), match.end(), term))
        return found


# «Пропускная способность» directly measured in units of work: the glossary keeps the term for bytes per second
# (bandwidth) and «производительность» for work per second (throughput). Each part is taken whole: linear time.
BANDWIDTH_OF_WORK = re.compile(
    r"(?<!\w)пропускн\w*+\s++способност\w*+\s++(?:в\s++)?+(?:[\d\s  ,.]*+\s*+)?+"
    r"(?P<unit>(?:токен|запрос|пример|образц|сэмпл|итерац|шаг|операци)\w*+(?:\s*+/\s*+с\b|\s++в\s++секунду))",
    re.IGNORECASE,
)


def bandwidth_of_work(lines: Iterable[tuple[int, str]]) -> list[tuple[int, str]]:
    """Russian prose that calls work per second «пропускная способность»: (line, message naming the term to write)."""
    return [
        (
            number,
            f"'{match[0]}': work per second ({match['unit']}) is «производительность» (glossary: throughput);"
            " «пропускная способность» is bytes per second (glossary: bandwidth)",
        )
        for number, text in lines
        for match in BANDWIDTH_OF_WORK.finditer(text)
    ]


def variant_pattern(variant: str, lang: str) -> re.Pattern:
    """A variant as text in `lang` writes it: in Russian in any inflected form (each Cyrillic word by its stem,
    every word as a prefix, кеш → кеша, кешем); in English as whole words, so `perf` leaves performance alone.

    Every part is taken whole (possessive repeats), so a line of any length is searched in linear time.
    """
    if lang == "ru":
        words = [
            re.escape(RUSSIAN_ENDING.sub("", word) if CYRILLIC_WORD.search(word) else word) + r"\w*+"
            for word in _fold(variant).split()
        ]
    else:
        words = [re.escape(word) + r"(?!\w)" for word in _fold(variant).split()]
    return re.compile(r"(?<!\w)" + r"\s++".join(words), re.IGNORECASE)


def load_glossary(path: Path, shown_as: str | None = None) -> Glossary:
    name = shown_as or str(path)
    return parse_glossary(read_data(path, name), name)


def parse_glossary(text: str, path: str = "glossary.yaml") -> Glossary:
    reader = GlossaryReader()
    glossary = reader.glossary(compose_plain(text, path, yaml.SafeLoader, CONTENTS))
    if reader.problems or glossary is None:
        raise CatalogueError(path, reader.problems or [Problem(1, 1, "", "the glossary is missing", "CI010")])
    return glossary


class GlossaryReader(NodeReader):
    """Reads the node tree of `glossary.yaml`."""

    def glossary(self, root: yaml.Node) -> Glossary | None:
        fields = self.mapping(root, "", GLOSSARY_KEYS, GLOSSARY_OPTIONAL_KEYS)
        if fields is None:
            return None
        terms = self.sequence(fields["terms"], "terms", self.term) if "terms" in fields else ()
        if "terms" in fields:
            self.unique(fields["terms"], "terms", "id", "term id")
        latin = self.sequence(fields["latin"], "latin", self.string) if "latin" in fields else ()
        if "terms" not in fields:
            return None
        return Glossary(terms, frozenset(word.lower() for word in latin))

    def term(self, node: yaml.Node, field: str) -> Term | None:
        fields = self.mapping(node, field, TERM_KEYS, TERM_OPTIONAL_KEYS)
        if fields is None:
            return None
        term_id = self.identifier(fields["id"], f"{field}.id") if "id" in fields else None
        term = self.text(fields["term"], f"{field}.term", TITLE_LIMIT) if "term" in fields else None
        definition = self.text(fields["definition"], f"{field}.definition") if "definition" in fields else None
        avoid = self.avoid(fields["avoid"], f"{field}.avoid", term) if "avoid" in fields else {}
        if term_id is None or term is None or definition is None or avoid is None:
            return None
        return Term(term_id, term, definition, avoid)

    def avoid(self, node: yaml.Node, field: str, term: Text | None) -> dict[str, tuple[str, ...]] | None:
        """Variants per language; a variant that would match the term itself is refused."""
        if not isinstance(node, yaml.MappingNode):
            self.problem(
                node,
                field,
                f"expected a mapping of languages ({', '.join(LANGUAGES)}) to lists of variants; found a {'list' if isinstance(node, yaml.SequenceNode) else 'value'}",
                "CI010",
            )
            return None
        fields = self.mapping(node, field, (), LANGUAGES) or {}
        avoid = {}
        for lang, value in fields.items():
            variants = self.sequence(value, f"{field}.{lang}", self.string)
            for index, variant in enumerate(variants):
                if term is not None and variant_pattern(variant, lang).search(_fold(term[lang])):
                    self.problem(
                        value.value[index],
                        f"{field}.{lang}[{index}]",
                        f"{variant!r} would also forbid the term itself, {term[lang]!r}",
                    )
            avoid[lang] = variants
        return avoid


def _fold(text: str) -> str:
    """ё read as е, so that «свертка» is caught as «свёртка» is; the length stays the same."""
    return text.replace("ё", "е").replace("Ё", "Е")


def _is_gloss(text: str, start: int, end: int) -> bool:
    """A variant in parentheses that hold nothing but it, or nothing but English, introduces a term
    rather than replacing it: «испытание (trial)», «разброс по зёрнам (trial variance)»."""
    opening, closing = text.rfind("(", 0, start), text.find(")", end)
    if opening < 0 or closing < 0 or ")" in text[opening:start] or "(" in text[end:closing]:
        return False
    inside = text[opening + 1 : closing]
    return inside.strip() == text[start:end] or not CYRILLIC_WORD.search(inside)
