"""The chapter catalogue as small immutable objects; `loader.py` reads them from `topics.yaml`."""

from __future__ import annotations

import dataclasses
import datetime
from dataclasses import dataclass, field
from typing import Any

LANGUAGES = ("ru", "en")
DEFAULT_LANGUAGE = LANGUAGES[0]  # served at the site root; the others under /<lang>/
LINE_LIMIT = 400  # characters of a one-line text field: a summary, a meaning, a definition
TITLE_LIMIT = 120  # characters of a title or a name
# How a label's badge looks: each is a class of chapter.css (`ci-badge--<variant>`), so no label is left unstyled.
VARIANTS = ("new", "current", "neutral")


@dataclass(frozen=True)
class Text:
    """A string in every language of the site."""

    ru: str
    en: str

    def __getitem__(self, lang: str) -> str:
        return getattr(self, lang)


def entry(
    kind: str,
    description: str,
    *,
    of: type | None = None,
    unique: str | None = None,
    needs: str | None = None,
    limit: int = LINE_LIMIT,
    choices: tuple[str, ...] = (),
) -> dict[str, Any]:
    """How a data file writes a field, for the loader and the editor schema alike.

    `kind` is one of KINDS; `of` the record a record, list or map holds; `unique`
    the word for the field in a message when two records of a list share it;
    `needs` a field of the same record that must be there when this one is; `limit` the most
    characters a text field may hold (every text field is one line); `choices` the values a choice takes.
    """
    assert kind in KINDS, kind
    assert (kind == "choice") == bool(choices), kind
    return {
        "kind": kind,
        "description": description,
        "of": of,
        "unique": unique,
        "needs": needs,
        "limit": limit,
        "choices": choices,
    }


# identifier: lower-case kebab-case; text: a Text; words: text in one language; wordlist: a list of
# such texts; choice: one of `choices`; url: an http(s) address; date: YYYY-MM-DD; days: a whole
# number of days, at least 1; number: a decimal number as written; label, subject, unit: the id of a
# declared label, subject or unit; lender: the id of a declared lending chapter; key: the record's
# key in the map that holds it; record, list, map: records of `of`, one, a list, by key.
KINDS = (
    "identifier",
    "text",
    "words",
    "wordlist",
    "choice",
    "url",
    "date",
    "days",
    "number",
    "label",
    "subject",
    "unit",
    "lender",
    "key",
    "record",
    "list",
    "map",
)


@dataclass(frozen=True)
class Spec:
    """One field of a record as the file writes it."""

    name: str
    kind: str
    description: str
    required: bool
    of: type | None
    unique: str | None
    needs: str | None
    limit: int
    choices: tuple[str, ...]


def specs(record: type) -> tuple[Spec, ...]:
    """The fields of a record in the order the file lists them; a field with a default is optional."""
    return tuple(
        Spec(
            item.name,
            item.metadata["kind"],
            item.metadata["description"],
            item.default is dataclasses.MISSING,
            item.metadata["of"],
            item.metadata["unique"],
            item.metadata["needs"],
            item.metadata["limit"],
            item.metadata["choices"],
        )
        for item in dataclasses.fields(record)
    )


def keys(record: type) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The required and the optional keys of a record in the file."""
    written = [spec for spec in specs(record) if spec.kind != "key"]
    return tuple(spec.name for spec in written if spec.required), tuple(
        spec.name for spec in written if not spec.required
    )


# The records of topics.yaml. Each field says how the file writes it: adding one here is all the
# loader, the editor schema (topics.schema.json, generated) and the error messages need.


@dataclass(frozen=True)
class Chapter:
    """This chapter: its id, its title (the heading of the chapter index page) and its summary (the introduction
    under that heading)."""

    id: str = field(
        metadata=entry(
            "identifier",
            "This chapter's identifier in the knowledge base, e.g. `compute-infrastructure`."
            " Topics lent by other chapters name their chapter by such an id in `origin`;"
            " it must not appear under `chapters`.",
        )
    )
    title: Text = field(
        metadata=entry(
            "text",
            limit=TITLE_LIMIT,
            description="The chapter's name: the site name and the heading of the chapter index page"
            " (with the other language's title under it), in Russian and English.",
        )
    )
    summary: Text = field(
        metadata=entry(
            "text",
            "A short introduction to the chapter, shown under the heading of the chapter index page"
            " and used as its page description, in Russian and English.",
        )
    )


@dataclass(frozen=True)
class Label:
    """A status label: its badge text, how the badge looks and what it means."""

    id: str = field(
        metadata=entry("key", "A label id: lower-case kebab-case, e.g. `new`. Topics refer to the label by this id.")
    )
    name: Text = field(
        metadata=entry(
            "text",
            "The label's short name, shown as the badge on the cards and pages of the topics that carry it,"
            " e.g. `new`.",
            limit=TITLE_LIMIT,
        )
    )
    variant: str = field(
        metadata=entry(
            "choice",
            "How the label's badge looks: `new` (amber), `current` (green) or `neutral` (plain)."
            " Several labels may share a variant; the site's stylesheet styles each.",
            choices=VARIANTS,
        )
    )
    meaning: Text = field(
        metadata=entry(
            "text",
            "What the label tells a reader about a topic; shown next to the badge in the legend on the chapter index,"
            " to which the badge on a topic page links.",
        )
    )
    lasts: int | None = field(
        default=None,
        metadata=entry(
            "days",
            "Optional: how many days after its `added` date a topic may carry this label, e.g. 180 for `new`."
            " `chapter check` reports a topic that carries it longer, so the label keeps the legend's promise.",
        ),
    )
    review_within: int | None = field(
        default=None,
        metadata=entry(
            "days",
            "Optional: a topic with this label needs a `reviewed` date at most this many days old,"
            " e.g. 365 for `current`."
            " `chapter check` reports a topic without one, so the label keeps the legend's promise.",
        ),
    )


@dataclass(frozen=True)
class OtherChapter:
    """Another chapter of the knowledge base from which this chapter borrows topics."""

    id: str = field(
        metadata=entry(
            "identifier",
            "The lending chapter's identifier; topics name it in `origin`."
            " Must be unique in this list and differ from this chapter's own `chapter.id`.",
            unique="chapter id",
        )
    )
    title: Text = field(
        metadata=entry(
            "text",
            limit=TITLE_LIMIT,
            description='The lending chapter\'s name, shown as "from <title>" on the cards and pages of topics'
            " borrowed from it, in Russian and English.",
        )
    )
    url: str | None = field(
        default=None,
        metadata=entry(
            "url",
            "Optional web address (http:// or https://) of the lending chapter's site."
            " When given, the page of a topic borrowed from it links to its home chapter.",
        ),
    )


@dataclass(frozen=True)
class Topic:
    """One topic of the chapter: a card on the chapter index and its own page."""

    slug: str = field(
        metadata=entry(
            "identifier",
            "The topic's identifier: its page is `/topics/<slug>/` (and `/en/topics/<slug>/` in English)"
            " and its article files are `docs/articles/<slug>.ru.md` and `docs/articles/<slug>.en.md`."
            " Must be unique among topics; changing it changes the page address.",
            unique="slug",
        )
    )
    title: Text = field(
        metadata=entry(
            "text",
            limit=TITLE_LIMIT,
            description="The topic's title: the heading of its card in the chapter index and of its page,"
            " and the link text in the previous/next pager, in Russian and English.",
        )
    )
    summary: Text = field(
        metadata=entry(
            "text",
            "One or two sentences about the topic, shown on its card in the chapter index,"
            " under the heading of its page and as that page's description, in Russian and English.",
        )
    )
    label: Label = field(
        metadata=entry(
            "label",
            "The id of one of the labels declared under `labels` (e.g. `new`);"
            " its name is shown as a badge on the topic's card and page.",
        )
    )
    added: datetime.date = field(
        metadata=entry(
            "date",
            "The day the topic was added to the chapter, as YYYY-MM-DD (e.g. `2026-11-20`); the topic page shows it,"
            " and a label with `lasts` (such as `new`) may stay on the topic only that many days after it.",
        )
    )
    origin: OtherChapter | None = field(
        default=None,
        metadata=entry(
            "lender",
            "Optional: the id of the chapter (declared under `chapters`) this topic is borrowed from;"
            ' its card and page then say "from <chapter title>",'
            " and the page links to that chapter when it has a `url`."
            " Leave it out for the chapter's own topics; it must not be this chapter's own id.",
        ),
    )
    reviewed: datetime.date | None = field(
        default=None,
        metadata=entry(
            "date",
            "Optional: the day the topic's article was last checked against its sources,"
            " as YYYY-MM-DD (e.g. `2026-12-01`);"
            ' the topic page shows it in the page language ("Reviewed 1 December 2026").'
            " Update it whenever the article is reviewed.",
        ),
    )
    home: str | None = field(
        default=None,
        metadata=entry(
            "url",
            "Optional, for a borrowed topic only: the web address of the topic in its own chapter."
            " Its card on the chapter index then opens that address, marked as leading to another chapter,"
            " and the topic's page here links to it.",
            needs="origin",
        ),
    )


@dataclass(frozen=True)
class Catalogue:
    """The catalogue of one chapter of the ML knowledge base: the single source of the chapter index, the topic pages
    and the navigation."""

    chapter: Chapter = field(metadata=entry("record", Chapter.__doc__ or "", of=Chapter))
    labels: tuple[Label, ...] = field(
        metadata=entry(
            "map",
            "The status labels a topic can carry, keyed by label id (e.g. `new`, `current`)."
            " Each topic names one of these ids in its `label`;"
            " the site shows the label as a badge on the topic's card and explains every label in the legend."
            " Declare at least one.",
            of=Label,
        )
    )
    chapters: tuple[OtherChapter, ...] = field(
        metadata=entry(
            "list",
            "Other chapters of the knowledge base that lend topics to this one."
            " A topic whose `origin` names one of these ids is shown as borrowed from that chapter."
            " Every chapter listed here should be the `origin` of at least one topic.",
            of=OtherChapter,
        )
    )
    topics: tuple[Topic, ...] = field(
        metadata=entry(
            "list",
            "The topics of the chapter, in the order the chapter index shows them."
            " Each topic gets a page at `/topics/<slug>/`;"
            " its article, when written, lives in `docs/articles/<slug>.ru.md` and `docs/articles/<slug>.en.md`.",
            of=Topic,
        )
    )

    @property
    def borrowed(self) -> tuple[Topic, ...]:
        return tuple(topic for topic in self.topics if topic.origin is not None)
