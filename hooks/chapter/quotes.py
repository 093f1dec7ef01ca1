"""A fact marker shows its value as text, wherever Markdown puts it.

An article writes `{fact:h100-sxm-memory}`; the page shows the value linked to
the facts page. The value, its unit and its source come from facts.yaml and are
data: pasted into the article before Markdown runs, a unit written as
`[GB](javascript:…)` would become a live link. So each marker is first replaced
by a token of letters and digits, which Markdown leaves as it is; Markdown
renders the page; then the rendered HTML, read with a real parser, says where
each token landed, and the token is replaced there:

- in text (paragraphs, lists, tables, headings, footnotes): the fact's link,
  made by the caller from a template that escapes the data once;
- in code: the marker as written, since code shows what the author typed;
- in a link's text, an image's description or any attribute (addresses,
  titles, raw HTML such as `<abbr title="{fact:x}">`): a problem, CI404, since
  a linked value cannot stand there; so is a marker the page lost.

The build and `chapter check` both call `resolve`, so they agree on every place.
"""

from __future__ import annotations

import bisect
import hashlib
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from html.parser import HTMLParser
from types import MappingProxyType

from markupsafe import escape

from .articles import Fence, scan
from .facts import MARKER

PLACEMENT = "CI404"
UNKNOWN = "CI403"
CODE = frozenset({"code", "pre"})  # shows the marker as the author wrote it
LINKS = frozenset({"a", "button"})  # a fact's link cannot nest in another link or control
NOT_TEXT = frozenset({"script", "style", "textarea", "title", "svg", "math"})  # no place for a link to the facts page
VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"})
TOKEN_START = "cifact"
TOKEN = re.compile(TOKEN_START + r"[0-9a-f]{12}q[0-9]+z")  # what _prefix and quote_markers make
ATTRIBUTE_NAMES = MappingProxyType(
    {
        ("img", "alt"): "an image's description",
        ("img", "src"): "an image's address",
        ("a", "href"): "a link's address",
        ("a", "title"): "a link's title",
        ("abbr", "title"): "an abbreviation's expansion",
    }
)

Found = tuple[int, int, str, str]  # line, column, rule, message: a problem in the article


@dataclass(frozen=True)
class Quote:
    """One marker of an article: where the author wrote it, and the token standing for it until the page is rendered."""

    token: str
    fact_id: str
    line: int
    column: int

    @property
    def marker(self) -> str:
        return f"{{fact:{self.fact_id}}}"


@dataclass(frozen=True)
class Quoted:
    """An article whose markers outside fenced code are tokens, and the markers they stand for."""

    text: str
    quotes: tuple[Quote, ...]


def quote_markers(text: str) -> Quoted:
    """The article with each marker outside code blocks replaced by a token that Markdown cannot change.

    Code blocks are as `articles.scan` reads them.

    Inline code is included: the rendered HTML, not a guess at Markdown's code
    spans, decides that a marker stands in code, where it is shown as written.
    The tokens share a prefix the article does not contain, derived from the
    article itself, so the same article always gives the same tokens.
    """
    prefix = _prefix(text)
    lines = text.splitlines(keepends=True)
    quotes: list[Quote] = []
    for item in scan([line.rstrip("\r\n") for line in lines]):
        if isinstance(item, Fence) or "{fact:" not in lines[item]:
            continue
        pieces, done = [], 0
        for match in MARKER.finditer(lines[item]):
            quotes.append(Quote(f"{prefix}{len(quotes)}z", match["id"], item + 1, match.start() + 1))
            pieces += [lines[item][done : match.start()], quotes[-1].token]
            done = match.end()
        lines[item] = "".join([*pieces, lines[item][done:]])
    return Quoted("".join(lines), tuple(quotes))


def resolve(html: str, quotes: Sequence[Quote], link: Callable[[str], str | None]) -> tuple[str, list[Found]]:
    """The page's HTML with each token replaced as its place allows, and the problems of those that cannot stand there.

    `link(fact id)` is the fact's link as HTML, its data escaped; None for an id facts.yaml does not have.
    """
    if not quotes:
        return html, []
    by_token = {quote.token: quote for quote in quotes}
    found = list(TOKEN.finditer(html))
    places = _Places(html, [match.span() for match in found])
    pieces, problems, seen, done = [], [], set(), 0
    for match in found:
        quote = by_token.get(match[0])
        if quote is None:
            continue
        seen.add(quote.token)
        shown, problem = _shown(quote, places.at(match.start()), link)
        pieces += [html[done : match.start()], shown]
        done = match.end()
        problems += [problem] if problem else []
    problems += [
        (
            quote.line,
            quote.column,
            PLACEMENT,
            f"{quote.marker} does not reach the page: "
            "it stands where Markdown shows nothing, such as a link definition no link uses; "
            "write it in the text",
        )
        for quote in quotes
        if quote.token not in seen
    ]
    return "".join([*pieces, html[done:]]), sorted(set(problems))


def resolve_text(text: str, quotes: Sequence[Quote], value: Callable[[str], str | None]) -> str:
    """Escaped plain text, such as a table of contents entry, with each token replaced by its fact's value.

    The value is escaped, or the marker where there is none.
    """
    for quote in quotes:
        if quote.token in text:
            text = text.replace(quote.token, str(escape(value(quote.fact_id) or quote.marker)))
    return text


def checked_render(text: str, render: Callable[[str], str]) -> tuple[str, list[Found]]:
    """The article rendered by `render` (markdown.py), each marker where it landed, and those its page cannot show.

    Fenced code is left empty (no marker is read there, and highlighting is most
    of the work); whether a fact exists is not asked here (the project's check
    names unknown facts once, with a suggestion).
    """
    quoted = quote_markers(text)
    html = render(_without_fenced_code(quoted.text))
    return resolve(html, quoted.quotes, lambda fact_id: "")


def _without_fenced_code(text: str) -> str:
    """The article with the lines inside its fenced code blocks left empty.

    They hold no token, and highlighting them is most of the work.

    The fences themselves stay, so every other line is read as before and keeps its number.
    """
    lines = text.splitlines(keepends=True)
    for item in scan([line.rstrip("\r\n") for line in lines]):
        if isinstance(item, Fence) and item.fence:  # an indented block is left whole: it has no fence lines to keep it
            lines[item.start + 1 : item.end] = ["\n"] * (item.end - item.start - 1)
    return "".join(lines)


def _prefix(text: str) -> str:
    """Letters and digits found nowhere in the text: the start of every token of this article."""
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()
    while f"{TOKEN_START}{digest[:12]}q" in text:
        digest = hashlib.sha256(digest.encode("ascii")).hexdigest()
    return f"{TOKEN_START}{digest[:12]}q"


def _shown(quote: Quote, place: _Place, link: Callable[[str], str | None]) -> tuple[str, Found | None]:
    """What stands in the page for one token at its place, and the problem if the place cannot hold it."""
    literal = str(escape(quote.marker))
    if place.kind == "text":
        shown = link(quote.fact_id)
        if shown is None:
            return literal, (quote.line, quote.column, UNKNOWN, f"{quote.marker} names no fact in facts.yaml")
        return shown, None
    if place.kind == "as written":
        return literal, None
    return literal, (
        quote.line,
        quote.column,
        PLACEMENT,
        f"{quote.marker} stands in {place.where(quote.token)}, {place.why}",
    )


@dataclass(frozen=True)
class _Place:
    """Where a stretch of the page lies.

    In text, somewhere the marker shows as written (code, a comment), or somewhere refused.
    """

    kind: str  # "text", "as written" or "refused"
    what: str = ""  # for a refused place: what it is
    why: str = ""  # and what to do instead
    tag: str = ""  # for a tag: its name
    attrs: tuple[tuple[str, str], ...] = ()  # and its attributes, each as written, to name the one a token is in

    def where(self, token: str) -> str:
        """The refused place in an author's words: the attribute that holds `token`, where the place is a tag."""
        name = next((name for name, written in self.attrs if token in written), None)
        if name is None:
            return self.what
        return ATTRIBUTE_NAMES.get((self.tag, name), f"the {name} attribute of <{self.tag}>")


TEXT = _Place("text")
AS_WRITTEN = _Place("as written")
ELSEWHERE = _Place(
    "refused", "HTML markup that shows nothing (an end tag, a declaration)", "write the marker in the text"
)
IN_LINK = _Place(
    "refused", "a link's text", "where the value cannot be linked to the facts page: move the marker out of the link"
)


class _Places(HTMLParser):
    """The stretches of a page's HTML that hold a token (text, a tag, a comment), each with the place it lies in.

    Only those stretches are recorded, and only the open elements are followed
    besides: a page is mostly highlighted code, and this runs on every page that quotes a fact.
    """

    def __init__(self, html: str, tokens: list[tuple[int, int]]):
        """Read `html` as far as its `tokens` (start, end) need.

        That is up to the last one, and on only where a token's construct is still open there.
        """
        super().__init__(convert_charrefs=False)  # data comes as written, so its length is its length in the page
        self.line_starts = [0] + [match.end() for match in re.finditer("\n", html)]
        self.spans: list[tuple[int, int, _Place]] = []
        self.open: list[str] = []
        last = max((end for _, end in tokens), default=0)
        self.feed(html[:last])  # text is handed over as far as it goes, so a token that ends the text is placed
        if any(self.at(start) is ELSEWHERE for start, _ in tokens):
            self.feed(html[last:])
            self.close()

    def at(self, offset: int) -> _Place:
        """The place of the character at `offset`, the first of a token."""
        index = bisect.bisect_right(self.spans, offset, key=lambda span: span[0]) - 1
        if index >= 0 and offset < self.spans[index][1]:
            return self.spans[index][2]
        return ELSEWHERE

    def _record(self, length: int, place: _Place) -> None:
        line, column = self.getpos()
        start = self.line_starts[line - 1] + column
        self.spans.append((start, start + length, place))

    def _text(self) -> _Place:
        """Text in the open elements.

        Refused in those that show no text, as written in code, refused in a link, else text.
        """
        hidden = next((tag for tag in reversed(self.open) if tag in NOT_TEXT), None)
        if hidden:
            return _Place(
                "refused", f"a <{hidden}> element", "which the page does not show as text: move the marker out"
            )
        if CODE.intersection(self.open):
            return AS_WRITTEN
        return IN_LINK if LINKS.intersection(self.open) else TEXT

    def _tag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        """A tag: a token there is in an attribute's value or name, where only plain text can stand."""
        written = self.get_starttag_text() or ""
        if TOKEN_START in written:
            named = tuple((name, f"{name}={value or ''}") for name, value in attrs)
            why = "which shows plain text, not a link: write the value itself there, or move the marker into the text"
            self._record(len(written), _Place("refused", f"the tag <{tag}>", why, tag, named))

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._tag(tag, attrs)
        if tag not in VOID:
            self.open.append(tag)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._tag(tag, attrs)

    def handle_endtag(self, tag: str) -> None:
        if tag in self.open:
            del self.open[len(self.open) - 1 - self.open[::-1].index(tag) :]

    def handle_data(self, data: str) -> None:
        if TOKEN_START in data:
            self._record(len(data), self._text())

    def handle_comment(self, data: str) -> None:
        if TOKEN_START in data:
            self._record(len(data) + 7, AS_WRITTEN)  # <!-- and -->
