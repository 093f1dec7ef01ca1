"""The chapter's terminology: `glossary.yaml` read, and its rules applied to articles.

One idea has one Russian term. The glossary names it, gives its English
counterpart and a definition in both languages, and lists the variants not to
write; the check finds those in any inflected form, because Russian declines
them (кеш, кеша, кешем). The records below declare how the file writes each
field, as catalogue.py's do for `topics.yaml`: the shared reader reads the file
by them and `chapter schema` writes `glossary.schema.json` from them.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from .catalogue import LANGUAGES, TITLE_LIMIT, Spec, Text, entry, keys
from .loader import DataFileError, NodeReader, Problem, compose_plain, kind_of, read_data

CONTENTS = "the terms of the chapter"
# Endings a Russian word sheds in declension; a variant matches whatever follows its stem.
RUSSIAN_ENDING = re.compile(r"[аеёиоуыэюяйь]{1,2}$")
CYRILLIC_WORD = re.compile(r"[А-Яа-яЁё]")
WORD_START = re.compile(r"(?<!\w)\w")


MATCHING = (
    " Each variant is matched in any inflected form: a Russian word by its stem (`корзина` also finds `корзины`,"
    " `корзинах`), every word as the start of a word; ё and е are the same letter. A variant alone in parentheses,"
    " or in parentheses that hold only English, is a gloss and is allowed:"
    " «испытание (trial)», «разброс по зёрнам (trial variance)»."
)


class GlossaryError(DataFileError):
    """Everything wrong with `glossary.yaml`."""


@dataclass(frozen=True)
class Variants:
    """The variants of a term not to write, per language."""

    ru: tuple[str, ...] = field(
        default=(),
        metadata=entry("wordlist", "Variants Russian articles must not use, e.g. `кеш` for `кэш`." + MATCHING),
    )
    en: tuple[str, ...] = field(
        default=(),
        metadata=entry("wordlist", "Variants English articles must not use, e.g. `TFLOP/s` for `TFLOPS`." + MATCHING),
    )

    def __getitem__(self, lang: str) -> tuple[str, ...]:
        return getattr(self, lang)


@dataclass(frozen=True)
class Term:
    """One idea of the chapter and how each language names it."""

    id: str = field(
        metadata=entry(
            "identifier",
            "The term's identifier, unique in the glossary, e.g. `kv-cache`: its anchor on the glossary page"
            " (`glossary/#kv-cache`).",
            unique="term id",
        )
    )
    term: Text = field(
        metadata=entry(
            "text",
            "The term itself: the Russian word the chapter writes and its English counterpart.",
            limit=TITLE_LIMIT,
        )
    )
    definition: Text = field(metadata=entry("text", "A one-line definition for readers, in each language."))
    avoid: Variants = field(
        default=Variants(),
        metadata=entry("record", "Optional: the variants not to write, per language.", of=Variants),
    )


@dataclass(frozen=True)
class Glossary:
    """The terminology of the chapter: one Russian term for each idea with its English counterpart and a one-line
    definition in both languages, and the variants not to write."""

    terms: tuple[Term, ...] = field(
        metadata=entry(
            "list", "The terms, in any order: the glossary page sorts them alphabetically in each language.", of=Term
        )
    )
    latin: frozenset[str] = field(  # read in lower case
        default=frozenset(),
        metadata=entry(
            "wordlist",
            "Ordinary words that Russian technical text writes in Latin letters (e.g. `leaf`, `spine`), so that the"
            " checks of figure labels and code comments do not take them for untranslated English. Acronyms, names"
            " with capitals inside (NVLink) and identifiers are recognised without being listed.",
        ),
    )

    @functools.cached_property
    def _variants(self) -> dict[str, dict[str, list[tuple[re.Pattern, str, Term]]]]:
        """Per language, the variants by the first two letters they start with, so a line is read once."""
        found: dict[str, dict[str, list]] = {lang: {} for lang in LANGUAGES}
        for term in self.terms:
            for lang in LANGUAGES:
                for variant in term.avoid[lang]:
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
                        written = text[match.start() : match.end()]
                        found.append(
                            (number, f"'{written}': write '{term.term[lang]}' (glossary: {term.id}), not '{variant}'")
                        )
        return sorted(found)

    @functools.cached_property
    def _term_patterns(self) -> dict[str, dict[str, list[tuple[re.Pattern, Term]]]]:
        """Per language, each term's own pattern by the first two letters it starts with, as `_variants` holds
        the avoided ones."""
        found: dict[str, dict[str, list]] = {lang: {} for lang in LANGUAGES}
        for term in self.terms:
            for lang in LANGUAGES:
                found[lang].setdefault(_fold(term.term[lang])[:2].casefold(), []).append(
                    (variant_pattern(term.term[lang], lang), term)
                )
        return found

    def mentions(self, text: str, lang: str) -> list[tuple[int, int, Term]]:
        """Every place `text` names a term in `lang`, matched as avoided variants are (any inflected form):
        (start, end, term).

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
    return parse_glossary(read_data(path, name, GlossaryError), name)


def parse_glossary(text: str, path: str = "glossary.yaml") -> Glossary:
    """The glossary in `text`; GlossaryError naming every problem."""
    reader = GlossaryReader()
    glossary = reader.glossary(compose_plain(text, path, yaml.SafeLoader, CONTENTS, GlossaryError))
    if reader.problems or glossary is None:
        raise GlossaryError(path, reader.problems or [Problem(1, 1, "", "the glossary is missing", "CI010")])
    return glossary


class GlossaryReader(NodeReader):
    """Reads the node tree of `glossary.yaml` as the records above declare it; adds the one rule across fields,
    that a variant must not forbid its own term."""

    def glossary(self, root: yaml.Node) -> Glossary | None:
        required, optional = keys(Glossary)
        fields = self.mapping(root, "", required, optional)
        if fields is None:
            return None
        terms = self.records(fields["terms"], "terms", Term, None) if "terms" in fields else None
        latin = self.wordlist(fields["latin"], "latin") if "latin" in fields else ()
        if terms is None:
            return None
        return Glossary(terms, frozenset(word.lower() for word in latin))

    def value(self, spec: Spec, node: yaml.Node, field: str, known: Any) -> Any:
        if spec.of is Variants and not isinstance(node, yaml.MappingNode):
            languages = ", ".join(LANGUAGES)
            found = kind_of(node)
            wanted = f"expected a mapping of languages ({languages}) to lists of variants"
            self.problem(node, field, f"{wanted}; found {found}", "CI010")
            return None
        return super().value(spec, node, field, known)

    def record(self, node: yaml.Node, field: str, record: type[Any], known: Any, key: str | None = None) -> Any:
        read = super().record(node, field, record, known, key)
        if isinstance(read, Term) and isinstance(node, yaml.MappingNode):
            self.own_term(read, node, field)
        return read

    def own_term(self, term: Term, node: yaml.MappingNode, field: str) -> None:
        """Refuse a variant that would match the term itself: the check would then forbid the term."""
        avoid = next((value for key, value in node.value if key.value == "avoid"), None)
        for key, variants in avoid.value if isinstance(avoid, yaml.MappingNode) else ():
            lang = key.value
            if lang not in LANGUAGES or not isinstance(variants, yaml.SequenceNode):
                continue  # reported by the reader
            own = term.term[lang]
            for index, item in enumerate(variants.value):
                variant = item.value  # only one the reader took is checked: an empty one would match anything
                if variant in term.avoid[lang] and variant_pattern(variant, lang).search(_fold(own)):
                    message = f"{variant!r} would also forbid the term itself, {own!r}"
                    self.problem(item, f"{field}.avoid.{lang}[{index}]", message)


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
