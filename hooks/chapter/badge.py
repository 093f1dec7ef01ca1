"""A topic's label as the badge macro (overrides/chapter/badge.html) shows it, on the index and in print."""

from __future__ import annotations

from dataclasses import dataclass

from .catalogue import Label


@dataclass(frozen=True)
class Badge:
    """A label's name, its look (a class of chapter.css), its legend link (None: it links nowhere) and its id."""

    label_id: str
    variant: str
    name: str
    href: str | None

    @classmethod
    def of(cls, label: Label, lang: str, href: str | None) -> Badge:
        return cls(label.id, label.variant, label.name[lang], href)
