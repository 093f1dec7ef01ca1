"""Glossary terms explained where an article first uses them.

The first time an article names a term of `glossary.yaml` in its running text,
in any inflected form (the glossary's own matching: «пропускной способности»
names «пропускная способность»), the words become a button that opens the
term's definition in a popover, with a link to its entry on the glossary page.
Later mentions stay plain text: one explanation per article is help, one per
paragraph is noise.

Not every text is running text. A term is not marked in headings, code, links,
figures, tables (a cell is looked up rather than read, and the first mention
there would use up the one the prose deserves), admonition titles, the page's
own header, notices and pager, inside another term, or inside an author's
`<span>`, which is how an author keeps a word that only looks like a term from
becoming one. Where a shorter term lies inside a longer one at the same place
(«кэш» in «KV-кэш»), the longer one is meant.

This runs on the rendered HTML of the page, read with the standard library's
parser (the one quotes.py reads with), and changes nothing but the marked
words: every other byte of the page stays as it was. The code blocks, most of a
page's tags, are skipped unread; the whole pass takes about 25 ms a page.

The markup (overrides/chapter/term.html, a macro per mention) is a
`<button type="button" popovertarget>` and, right after it, the
`<span popover role="definition">` it opens. Not `role="tooltip"`: a tooltip
(ARIA, and the APG's tooltip pattern) appears on hover or focus and never takes
focus, so it may hold no link; the APG sends content with a link to a non-modal
dialog, or, as here, a disclosure: the reader presses the button, the browser
gives it `aria-expanded` from `popovertarget` and puts the popover next in the
focus order. `role="definition"` says what the popover holds (ARIA: the
definition of a term); it takes no name of its own (ARIA 1.3 prohibits
aria-label on it). The button has no `aria-describedby`: a description would
read the whole definition, its link flattened to text, every time the button
is focused, and again once it is opened. axe accepts the markup, open and
closed, in both schemes (tests/browser/test_reader_terms.py). The Popover API
needs no script: Enter or a tap opens, Escape or a press elsewhere closes. A
browser without it (before 2024) shows the definition in place, which
chapter.css sets as a parenthetical; paper never shows it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from html.parser import HTMLParser

from .glossary import Glossary, Term

# Elements whose text is not running prose, or where a button cannot stand (a control in a link,
# a label or another control).
KEPT_OUT = frozenset(
    {
        "h1",
        "h2",
        "h3",
        "h4",
        "h5",
        "h6",
        "code",
        "pre",
        "kbd",
        "samp",
        "var",
        "a",
        "button",
        "label",
        "summary",
        "select",
        "textarea",
    }
    | {
        "figure",
        "figcaption",
        "table",
        "caption",
        "abbr",
        "dfn",
        "span",
        "sup",
        "sub",
        "time",
        "header",
        "nav",
        "aside",
    }
    | {"script", "style", "svg", "math", "template", "noscript", "title", "option"}
)
# Classes that mark an element's text as the page's own words rather than the article's:
# admonition titles, the lag mark, the note of a missing article, and a popover already made.
KEPT_OUT_CLASSES = frozenset({"admonition-title", "ci-behind-mark", "ci-missing", "ci-term-popover"})
VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"})
ID_PREFIX = "term-"
CODE_ID = re.compile(
    r"""\sid=["']?([^"'\s>]+)"""
)  # the ids a highlighted block gives its lines (anchor_linenums), as Pygments writes them

Popover = Callable[
    [Term, str, str], str
]  # (term, the words as the page writes them, the popover's id) -> the HTML that replaces them


@dataclass(frozen=True)
class Mention:
    """A term's first mention in the page: where its words are in the HTML, and the term."""

    start: int
    end: int
    term: Term


def mark_terms(html: str, glossary: Glossary, lang: str, popover: Popover) -> str:
    """The page with the first mention of each term replaced by what `popover` makes of it; the rest as it was.

    `popover` gets the words exactly as the page's HTML writes them (text, never markup: see `first_mentions`) and an id
    that no element of the page has.
    """
    prose = _Prose(html)
    mentions = first_mentions(prose.texts, glossary, lang)
    ids = Ids(prose.ids)
    pieces, done = [], 0
    for mention in mentions:
        pieces += [
            html[done : mention.start],
            popover(mention.term, html[mention.start : mention.end], ids.new(mention.term.id)),
        ]
        done = mention.end
    return "".join([*pieces, html[done:]])


def first_mentions(texts: Sequence[tuple[int, str]], glossary: Glossary, lang: str) -> list[Mention]:
    """The first mention of each term in `texts` ((offset, text) in page order), each as its offsets in the page.

    Within a text, overlapping mentions leave the one that starts first, and of those the longest («KV-кэш» over «кэш»),
    whether or not that term was marked before: the words mean the longer term either way. A mention is made of
    letters, digits, hyphens and spaces only (the glossary's patterns match nothing else), so it holds no markup.
    """
    marked: set[str] = set()
    found = []
    for offset, text in texts:
        for start, end, term in _leftmost_longest(glossary.mentions(text, lang)):
            if term.id not in marked:
                marked.add(term.id)
                found.append(Mention(offset + start, offset + end, term))
    return found


def _leftmost_longest(mentions: list[tuple[int, int, Term]]) -> list[tuple[int, int, Term]]:
    """Of overlapping mentions, the one that starts first, and the longest of those; in the order of the text."""
    kept: list[tuple[int, int, Term]] = []
    for start, end, term in sorted(mentions, key=lambda mention: (mention[0], -mention[1])):
        if not kept or start >= kept[-1][1]:
            kept.append((start, end, term))
    return kept


class Ids:
    """Ids for one page's popovers: `term-<id>-<n>`, the first n no element of the page, nor an earlier popover, has."""

    def __init__(self, taken: set[str]):
        self.taken = set(taken)

    def new(self, term_id: str) -> str:
        number = 1
        while f"{ID_PREFIX}{term_id}-{number}" in self.taken:
            number += 1
        made = f"{ID_PREFIX}{term_id}-{number}"
        self.taken.add(made)
        return made


class _Prose(HTMLParser):
    """The page's running text, as (offset in the HTML, text as written) in document order, and its elements' ids.

    Character references are left as written (convert_charrefs=False), so a text's length is its length in the page and
    a text never spans one: a term is found only where its words are written plainly, which is how articles write them.
    """

    def __init__(self, html: str):
        super().__init__(convert_charrefs=False)
        self.line_starts = [0] + [match.end() for match in re.finditer("\n", html)]
        self.open: list[
            tuple[str, bool]
        ] = []  # each open element, and whether its text (and all within it) is kept out
        self.texts: list[tuple[int, str]] = []
        self.ids: set[str] = set()
        read, blocks = _without_code_blocks(html)
        self.ids.update(match[1] for block in blocks for match in CODE_ID.finditer(block))
        self.feed(read)
        self.close()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if values.get("id"):
            self.ids.add(values["id"] or "")
        if tag in VOID:
            return
        classes = set((values.get("class") or "").split())
        self.open.append((tag, self._kept_out() or tag in KEPT_OUT or bool(classes & KEPT_OUT_CLASSES)))

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if values.get("id"):
            self.ids.add(values["id"] or "")

    def handle_endtag(self, tag: str) -> None:
        names = [name for name, _ in self.open]
        if tag in names:
            del self.open[len(names) - 1 - names[::-1].index(tag) :]

    def handle_data(self, data: str) -> None:
        if self.open and not self._kept_out() and data.strip():
            line, column = self.getpos()
            self.texts.append((self.line_starts[line - 1] + column, data))

    def _kept_out(self) -> bool:
        return bool(self.open) and self.open[-1][1]


def _without_code_blocks(html: str) -> tuple[str, list[str]]:
    """The page with each `<pre>` block blanked to spaces (its line breaks kept, so offsets stay), and the blocks.

    A code block holds no term, and its highlighted tokens are most of a page's tags: the parser is spared them.
    Found with str.find, so a page with an unclosed block is read in linear time.
    """
    pieces, blocks, done = [], [], 0
    while (start := html.find("<pre", done)) >= 0:
        end = html.find("</pre>", start)
        if end < 0:
            break
        end += len("</pre>")
        blocks.append(html[start:end])
        pieces += [html[done:start], "\n".join(" " * len(line) for line in blocks[-1].split("\n"))]
        done = end
    return "".join([*pieces, html[done:]]), blocks
