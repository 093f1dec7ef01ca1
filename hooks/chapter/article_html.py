"""What HTML an article may carry: Markdown's own, and a few elements Markdown has no mark for.

An article is written by whoever sends a pull request, and the site publishes it
on the chapter's own origin. Python-Markdown passes raw HTML through untouched,
so without a check an article could run a script, fetch a tracker or a font from
another host, or hide a `javascript:` address behind a link. Two checks share one
reading of HTML (the standard library's html.parser, the parser Python-Markdown
itself reads raw HTML with) and one table of what is allowed:

- `raw_html_problems` reads an article's source, as `chapter check` and the build
  do, and names each refused element, attribute and address at its line and column;
- `rendered_html_problems` reads the HTML the site renders an article to, so
  whatever the source check misses (a construct it reads differently from
  Markdown) still cannot reach a page.

Links to other hosts are fine: a reader chooses to follow a link, while a page
fetches its resources (images, scripts, frames, styles) by itself.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from html.parser import HTMLParser

from markdown.blockprocessors import ReferenceProcessor
from markdown.extensions.attr_list import get_attrs_and_remainder
from markdown.inlinepatterns import BACKTICK_RE, IMAGE_LINK_RE, LINK_RE, BacktickInlineProcessor, LinkInlineProcessor
from markdown.util import BLOCK_LEVEL_ELEMENTS

from .articles import Fence, scan

ELEMENT, ATTRIBUTE, SCHEME, RESOURCE = "CI601", "CI602", "CI603", "CI604"


@dataclass(frozen=True)
class Allowed:
    """Elements HTML may hold, the attributes they may carry, and why the chapter needs them."""

    elements: tuple[str, ...]
    attributes: tuple[str, ...]
    why: str


AUTHOR_HTML = (
    Allowed(("kbd",), (), "keys a reader presses: <kbd>Ctrl</kbd>+<kbd>C</kbd>; Markdown has no mark for them"),
    Allowed(("sub",), (), "subscripts in units and formulas: H<sub>2</sub>O, x<sub>i</sub>"),
    Allowed(("sup",), (), "superscripts: 2<sup>16</sup>, 10<sup>−9</sup>"),
    Allowed(
        ("abbr",),
        ("title",),
        "an abbreviation spelled out where it stands (Markdown's *[HBM]: … spells it out everywhere)",
    ),
    Allowed(("br",), (), "a line break inside a table cell, which Markdown cannot break otherwise"),
    Allowed(
        ("span",), (), "a phrase in the other language, marked with lang so that a screen reader reads it in that voice"
    ),
)
"""The raw HTML an author may write in an article: the little Markdown cannot say."""

AUTHOR_ATTRIBUTES = ("lang",)
"""Attributes every element an author writes may carry: `lang` marks a phrase in another language."""

ATTRIBUTE_LIST_KEYS = ("lang",)
"""What an author's attribute list (`{ #anchor .class lang="en" }`, attr_list) may set besides the id and classes."""

MARKDOWN_HTML = (
    Allowed(("h1", "h2", "h3", "h4", "h5", "h6"), (), "headings; toc and attr_list give them their anchor as an id"),
    Allowed(("p",), (), "paragraphs; an admonition's title is one with a class (admonition)"),
    Allowed(
        ("em", "strong", "blockquote", "hr", "br", "pre", "ul", "ol"),
        (),
        "Markdown's emphasis, quotes, rules, code blocks and lists",
    ),
    Allowed(("li",), (), "list items; footnotes give theirs an id (footnotes)"),
    Allowed(("dl", "dt", "dd"), (), "definition lists (def_list)"),
    Allowed(
        ("a",),
        ("href", "title", "name"),
        "links; the headings' permalinks (toc), footnote links (footnotes) and code line anchors (anchor_linenums)",
    ),
    Allowed(("img",), ("src", "alt", "title"), "figures: ![what the figure shows](../figures/<name>.svg)"),
    Allowed(
        ("code", "span"),
        (),
        "code and its highlighted tokens, which carry classes (pymdownx.highlight, pymdownx.inlinehilite)",
    ),
    Allowed(
        ("div",),
        ("data-tabs",),
        "admonitions, highlighted code, footnotes and tab sets, whose data-tabs counts the tabs (pymdownx.tabbed)",
    ),
    Allowed(("details",), ("open",), "collapsible admonitions, open or closed (pymdownx.details)"),
    Allowed(("summary",), (), "a collapsible admonition's title (pymdownx.details)"),
    Allowed(("input",), ("type", "name", "checked"), "the radio buttons that switch tabs (pymdownx.tabbed)"),
    Allowed(("label",), ("for",), "the tabs' titles, each naming its radio button (pymdownx.tabbed)"),
    Allowed(
        ("table", "thead", "tbody", "tr"), (), "tables (tables); numbered code is laid out as one (pymdownx.highlight)"
    ),
    Allowed(
        ("th", "td"),
        ("style", "colspan"),
        "table cells, aligned by a text-align style (tables); a numbered code block's title spans two columns",
    ),
    Allowed(("abbr",), ("title",), "abbreviations spelled out (abbr)"),
    Allowed(("sup",), (), "footnote marks (footnotes)"),
)
"""The HTML Python-Markdown writes with the extensions mkdocs.yml lists under `markdown_extensions`."""

CHAPTER_HTML = (
    Allowed(
        ("a",),
        ("hreflang", "rel"),
        "a fact's link to the facts page; a lag notice's link to the other language; the pager's previous and next",
    ),
    Allowed(
        ("aside",),
        ("role", "aria-labelledby", "data-pagefind-ignore"),
        "the notice that the other language's article has moved ahead",
    ),
    Allowed(
        ("p",),
        ("data-pagefind-ignore", "data-pagefind-filter", "data-pagefind-meta"),
        "the mark under a lagging section; the header's label",
    ),
    Allowed(
        ("header",),
        ("data-pagefind-filter", "data-pagefind-meta"),
        "the topic page's header, which tells search its chapter and label",
    ),
    Allowed(("nav",), ("aria-label",), "the pager to the previous and next topics"),
    Allowed(("time",), ("datetime",), "the days the topic was added and reviewed"),
)
"""The chapter's own markup in and around an article on its topic page (overrides/chapter/topic.html), Jinja-escaped."""

RENDERED_ATTRIBUTES = ("id", "class", "lang")
"""Attributes any rendered element may carry.

toc and attr_list give ids and classes, a link in the other language its lang.
"""

VALUES: Mapping[str, frozenset[str]] = {
    "style": frozenset({"text-align: left;", "text-align: center;", "text-align: right;"}),
    "type": frozenset({"radio"}),
}
"""The only values these attributes may take.

A style could fetch from another host (url(…)), an input could be a form's.
"""

# Attributes whose value is an address, and those of them whose address the browser fetches by itself.
URL_ATTRIBUTES = frozenset(
    {
        "href",
        "src",
        "srcset",
        "cite",
        "action",
        "formaction",
        "poster",
        "background",
        "data",
        "ping",
        "longdesc",
        "lowsrc",
        "dynsrc",
        "codebase",
        "manifest",
    }
    | {"icon", "archive", "classid", "usemap", "xlink:href", "itemtype", "profile"}
)
RESOURCE_ATTRIBUTES = frozenset(
    {
        "src",
        "srcset",
        "poster",
        "background",
        "data",
        "lowsrc",
        "dynsrc",
        "codebase",
        "manifest",
        "icon",
        "archive",
        "classid",
    }
)
RESOURCE_HREF = frozenset({"link", "image", "use", "feimage"})  # elements whose href is fetched, not followed
SCHEMES = frozenset({"http", "https", "mailto"})  # what a link may follow; a resource takes no scheme at all
STYLE_URL = re.compile(r"url\s*\(|@import|image-set\s*\(", re.IGNORECASE)

# Where an element a reader might reach for has a better way in an article.
ADVICE = {
    "script": "a page runs no script from an article; show code in a fenced block",
    "noscript": "a page runs no script from an article; write the text as Markdown",
    "style": "the chapter's styles are in docs/stylesheets/chapter.css",
    "link": "the chapter's styles and fonts ship with the site (docs/stylesheets/chapter.css)",
    "iframe": "link to it instead: [what it shows](https://…)",
    "object": "link to it instead: [what it shows](https://…)",
    "embed": "link to it instead: [what it shows](https://…)",
    "img": "show a figure as Markdown: ![what the figure shows](../figures/<name>.svg)",
    "a": "write the link as Markdown: [text](address)",
}
DEFAULT_ADVICE = "write it as Markdown; where the text means the tag itself, put it in `code` or write &lt; for <"

# An autolink as CommonMark writes it (<scheme:…>); Markdown links the http(s) ones, the rest would be read as tags.
AUTOLINK = re.compile(r"<(?P<url>[A-Za-z][A-Za-z0-9+.\-]{1,31}:[^<>\x00-\x20]*)>")
AUTOMAIL = re.compile(r"<[^<>\s/=\"']+@[^@<>\s/=\"']+>")  # <me@example.com>, which Markdown links before reading tags
ATTRIBUTE_LIST = re.compile(
    r"\{:?[ ]*(?P<attributes>[^{}\n ][^{}\n]*)\}"
)  # no { inside, so a line of braces reads in linear time
# An image by reference: ![text][id], ![id][] and ![id].
IMAGE_REFERENCE = re.compile(r"!\[(?P<text>[^\[\]]*)\](?:[ ]?\[(?P<id>[^\[\]]*)\])?")
CONTROLS = re.compile(r"[\x00-\x20\x7f]")
URL_SCHEME = re.compile(r"^(?P<scheme>[A-Za-z][A-Za-z0-9+.\-]*):")
BLOCK_TAG = re.compile(r"^ {0,3}</?(?P<tag>[A-Za-z][A-Za-z0-9-]*)")
QUOTED = 60  # characters of a tag quoted in a message

Found = tuple[int, int, str, str]  # line, column (both from 1), rule, message


@dataclass(frozen=True)
class Policy:
    """What one reading allows.

    Elements with their attributes, attributes allowed on every element, and how to word a refusal.
    """

    elements: Mapping[str, frozenset[str]]
    everywhere: frozenset[str]
    refusal: str  # why the element is refused, after "an article may not carry <tag>; "


def _table(*groups: Iterable[Allowed]) -> dict[str, frozenset[str]]:
    """Each element's allowed attributes, merged from every group that names it."""
    table: dict[str, frozenset[str]] = {}
    for group in groups:
        for allowed in group:
            for element in allowed.elements:
                table[element] = table.get(element, frozenset()) | frozenset(allowed.attributes)
    return table


def _author_policy() -> Policy:
    names = ", ".join(f"<{element}>" for element in sorted(_table(AUTHOR_HTML)))
    return Policy(_table(AUTHOR_HTML), frozenset(AUTHOR_ATTRIBUTES), f"it is Markdown, with raw HTML only for {names}")


def _rendered_policy() -> Policy:
    return Policy(
        _table(MARKDOWN_HTML, CHAPTER_HTML, AUTHOR_HTML),
        frozenset(RENDERED_ATTRIBUTES),
        "the site renders an article only to the HTML of Markdown, its extensions, the chapter's"
        " templates and the raw HTML an author may write",
    )


# Reading addresses -------------------------------------------------------------------------------


def _compact(url: str) -> str:
    """The address as a browser reads it: entities decoded, controls and spaces dropped, backslashes as slashes.

    Browsers remove tabs and newlines anywhere in an address and trim other
    control characters; dropping every one of them here can only refuse more.
    """
    return CONTROLS.sub("", html.unescape(url)).replace("\\", "/")


def scheme_of(url: str) -> str | None:
    """The address's scheme in lower case, or None for a relative address or a fragment."""
    match = URL_SCHEME.match(_compact(url))
    return match["scheme"].lower() if match else None


def other_host(url: str) -> bool:
    """Whether fetching `url` would leave the site: it names a scheme or a host (//host, \\\\host)."""
    compact = _compact(url)
    return compact.startswith("//") or URL_SCHEME.match(compact) is not None


def _shown(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= QUOTED else text[: QUOTED - 1] + "…"


def _address_problem(url: str, *, resource: bool, what: str, image: bool = False) -> tuple[str, str] | None:
    """(rule, message) when an address may not stand where it is: a refused scheme, or a resource from another host."""
    scheme = scheme_of(url)
    if scheme is not None and scheme not in SCHEMES:
        return SCHEME, (
            f"{what} '{_shown(url)}' has the scheme '{scheme}:', which a page may not follow; "
            "use an https:// address, a mailto: address or one relative to the page"
        )
    if resource and other_host(url):
        advice = ": save the figure as SVG in docs/figures/ and show it as ../figures/<name>.svg" if image else ""
        return (
            RESOURCE,
            f"{what} '{_shown(url)}' is fetched from another host; the site ships everything it shows{advice}",
        )
    return None


def _srcset_urls(value: str) -> list[str]:
    """The addresses of a srcset: comma-separated candidates, each an address and an optional size."""
    return [candidate.split()[0] for candidate in value.split(",") if candidate.split()]


# Reading HTML ------------------------------------------------------------------------------------


class _Reader(HTMLParser):
    """Reads HTML as Python-Markdown does and notes every element, attribute and address the policy refuses.

    Where html.parser and a browser could read the same text differently (comments
    that hold markup, CDATA sections, declarations, a tag never closed) the text
    is refused: what cannot be read with certainty cannot be allowed.
    """

    def __init__(self, policy: Policy):
        super().__init__(convert_charrefs=True)
        self.policy = policy
        self.found: list[Found] = []
        self.refused_open: set[str] = set()

    def finish(self) -> list[Found]:
        """The problems found, once every line has been fed; an unclosed tag at the end is one of them."""
        rest = self.rawdata[self.rawdata.find("<") :] if "<" in self.rawdata else ""
        if re.match(r"<[A-Za-z!/?]", rest):
            line, column = self.getpos()
            self._note(
                line,
                column,
                ELEMENT,
                f"'{_shown(rest)}' is a tag never closed with >; a browser would read it into whatever follows",
            )
        self.close()
        return self.found

    def _note(self, line: int, offset: int, rule: str, message: str) -> None:
        self.found.append((line, offset + 1, rule, message))

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        line, offset = self.getpos()
        text = self.get_starttag_text() or f"<{tag}>"
        allowed = self.policy.elements.get(tag)
        if allowed is None:
            self.refused_open.add(tag)
            self._note(
                line,
                offset,
                ELEMENT,
                f"{_shown(text)}: an article may not carry <{tag}>;"
                f" {self.policy.refusal}; {ADVICE.get(tag, DEFAULT_ADVICE)}",
            )
        for name, value in attrs:
            where = _attribute_place(text, name, line, offset)
            for rule, message in _attribute_problems(tag, name, value, allowed, self.policy):
                self._note(*where, rule, message)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)

    def handle_endtag(self, tag: str) -> None:
        if tag not in self.policy.elements and tag not in self.refused_open:
            line, offset = self.getpos()
            self._note(
                line,
                offset,
                ELEMENT,
                f"</{tag}>: an article may not carry <{tag}>; {self.policy.refusal}; {DEFAULT_ADVICE}",
            )

    def handle_comment(self, data: str) -> None:
        if "<" in data or ">" in data:
            line, offset = self.getpos()
            self._note(
                line,
                offset,
                ELEMENT,
                "an HTML comment that holds < or >, which browsers may end early and read as markup; remove it",
            )

    def handle_decl(self, decl: str) -> None:
        self._refuse_markup(f"<!{decl}>")

    def unknown_decl(self, data: str) -> None:
        self._refuse_markup(f"<![{data}]>")

    def handle_pi(self, data: str) -> None:
        self._refuse_markup(f"<?{data}>")

    def _refuse_markup(self, text: str) -> None:
        line, offset = self.getpos()
        self._note(
            line,
            offset,
            ELEMENT,
            f"{_shown(text)}: declarations, CDATA sections and processing instructions are"
            " not HTML an article may carry; remove it",
        )


def _attribute_problems(
    tag: str, name: str, value: str | None, allowed: frozenset[str] | None, policy: Policy
) -> Iterator[tuple[str, str]]:
    """(rule, message) for one attribute.

    One the element may not carry, a value it may not take, an address it may not hold.
    """
    value = value or ""
    if name.startswith("on"):
        yield ATTRIBUTE, f"{name}= on <{tag}> is an event handler, which runs a script; an article's HTML carries none"
    elif allowed is not None and name not in allowed and name not in policy.everywhere:
        takes = sorted(allowed | policy.everywhere)
        yield (
            ATTRIBUTE,
            f"{name}= is an attribute <{tag}> may not carry in an article; it takes"
            f" {', '.join(takes) if takes else 'none'}",
        )
    elif allowed is not None and name in VALUES and " ".join(value.split()).lower() not in VALUES[name]:
        yield ATTRIBUTE, f'{name}="{_shown(value)}" on <{tag}>: {name} takes only {", ".join(sorted(VALUES[name]))}'
    if name == "style" and STYLE_URL.search(html.unescape(value)):
        yield (
            RESOURCE,
            f'style="{_shown(value)}" on <{tag}> fetches a resource; the chapter\'s styles are in'
            " docs/stylesheets/chapter.css",
        )
    if name in URL_ATTRIBUTES:
        resource = name in RESOURCE_ATTRIBUTES or (name in ("href", "xlink:href") and tag in RESOURCE_HREF)
        for url in _srcset_urls(value) if name == "srcset" else [value]:
            problem = _address_problem(url, resource=resource, what=f"{name}= on <{tag}>", image=tag == "img")
            if problem:
                yield problem


def _attribute_place(tag_text: str, name: str, line: int, offset: int) -> tuple[int, int]:
    """The line and offset of attribute `name` within a start tag that starts at (line, offset)."""
    match = re.search(rf"(?<=[\s/\"']){re.escape(name)}(?=[\s=/>])", tag_text, re.IGNORECASE)
    if match is None:
        return line, offset
    before = tag_text[: match.start()]
    newlines = before.count("\n")
    return (line + newlines, match.start() - before.rfind("\n") - 1) if newlines else (line, offset + match.start())


def _read_html(text: str, policy: Policy) -> list[Found]:
    reader = _Reader(policy)
    reader.feed(text)
    return reader.finish()


# Reading an article's source ---------------------------------------------------------------------


class _Source:
    """An article's text with code blanked out, kept at its lines and columns, blanked further as each part is read."""

    def __init__(self, text: str):
        lines = text.splitlines()
        self.fences = [item for item in scan(lines) if isinstance(item, Fence)]
        for fence in self.fences:
            for index in range(fence.start, fence.end + 1):
                lines[index] = ""
        self.text = "\n".join(lines)
        self.starts = [0] + [index + 1 for index, char in enumerate(self.text) if char == "\n"]

    def place(self, offset: int) -> tuple[int, int]:
        """(line, column), both from 1, of an offset into the text."""
        line = _last_at_most(self.starts, offset)
        return line + 1, offset - self.starts[line] + 1

    def blank(self, spans: Iterable[tuple[int, int]]) -> None:
        """Replace each span by spaces, newlines kept, so what is read next no longer sees it."""
        chars = list(self.text)
        for start, end in spans:
            chars[start:end] = [char if char == "\n" else " " for char in chars[start:end]]
        self.text = "".join(chars)

    def blocks(self) -> Iterator[tuple[int, str]]:
        """(offset, text) of each run of lines between blank lines: where Markdown reads inline markup."""
        for match in re.finditer(r"(?:^[ \t]*\S.*(?:\n|$))+", self.text, re.MULTILINE):
            yield match.start(), match.group()


def _last_at_most(starts: list[int], offset: int) -> int:
    low, high = 0, len(starts)
    while high - low > 1:
        middle = (low + high) // 2
        low, high = (middle, high) if starts[middle] <= offset else (low, middle)
    return low


def _code_spans(source: _Source) -> list[tuple[int, int]]:
    """Inline code of any number of backticks, found by Python-Markdown's own processor, block by block.

    A block that opens with a block-level tag is raw HTML to Markdown, where backticks make no code.
    """
    processor = BacktickInlineProcessor(BACKTICK_RE)
    spans = []
    for offset, block in source.blocks():
        opening = BLOCK_TAG.match(block)
        if opening and opening["tag"].lower() in BLOCK_LEVEL_ELEMENTS:
            continue
        position = 0
        while match := processor.compiled_re.search(block, position):
            element, start, end = processor.handleMatch(match, block)
            if element is not None and not isinstance(element, str) and start is not None and end is not None:
                spans.append((offset + start, offset + end))
            position = max(end or match.end(), match.end())
    return spans


class _Destinations(LinkInlineProcessor):
    """Python-Markdown's reading of a link's destination and title (getLink), over source text, not a page rendered.

    Its `unescape` restores what an earlier inline pattern stashed; the source has nothing stashed.
    """

    def unescape(self, text: str) -> str:
        return text


def _link_problems(source: _Source) -> list[Found]:
    """Inline links and images, read by Python-Markdown's own processors: a refused scheme, an image from another host.

    Their destinations are blanked afterwards, so that <address> in one is not read as a tag.
    """
    found, spans = [], []
    processors = ((_Destinations(IMAGE_LINK_RE), True), (_Destinations(LINK_RE), False))
    for offset, block in source.blocks():  # as Markdown reads them: a link never runs past its paragraph
        closing = _closing_brackets(block)
        for processor, resource in processors:
            for match in processor.compiled_re.finditer(block):
                index = closing.get(match.end() - 1, -1) + 1  # after the ], as the processor's getText finds it
                if not index or not block.startswith("(", index):
                    continue
                url, _, end, handled = processor.getLink(block, index)
                if not handled:
                    continue
                problem = _address_problem(
                    url, resource=resource, what="the image" if resource else "the link", image=resource
                )
                if problem:
                    found.append((*source.place(offset + match.start()), *problem))
                spans.append((offset + index, offset + end))
    source.blank(spans)
    return found


def _closing_brackets(text: str) -> dict[int, int]:
    """Where each [ of the text is closed, in one pass.

    Nested brackets are counted as Python-Markdown's getText counts them.
    """
    opened: list[int] = []
    closing = {}
    for index, char in enumerate(text):
        if char == "[":
            opened.append(index)
        elif char == "]" and opened:
            closing[opened.pop()] = index
    return closing


def _reference_problems(source: _Source) -> list[Found]:
    """Reference definitions ([id]: address): a refused scheme; an image from another host where one uses the id."""
    images = {
        (match["id"] or match["text"]).lower(): match.start()
        for match in IMAGE_REFERENCE.finditer(source.text)
        if not source.text.startswith("(", match.end())
    }
    found, spans = [], []
    for match in ReferenceProcessor.RE.finditer(source.text):
        url = match.group(2).removeprefix("<").removesuffix(">")
        problem = _address_problem(url, resource=False, what=f"reference [{match.group(1)}]")
        used = images.get(match.group(1).lower())
        if problem is None and used is not None:
            problem = _address_problem(
                url,
                resource=True,
                what=f"reference [{match.group(1)}], shown as an image on line {source.place(used)[0]},",
                image=True,
            )
        if problem:
            found.append((*source.place(match.start(2)), *problem))
        spans.append(match.span(2))
    source.blank(spans)
    return found


def _autolink_problems(source: _Source) -> list[Found]:
    """Autolinks (<https://…>, <me@example.com>) are addresses, not tags: a refused scheme is named, each is blanked."""
    found = []
    for match in AUTOLINK.finditer(source.text):
        problem = _address_problem(match["url"], resource=False, what="the autolink")
        if problem:
            found.append((*source.place(match.start()), *problem))
    source.blank([match.span() for pattern in (AUTOLINK, AUTOMAIL) for match in pattern.finditer(source.text)])
    return found


def _attribute_list_problems(source: _Source) -> list[Found]:
    """Attribute lists that set an attribute other than the id, classes and lang.

    Those are attr_list's { #anchor .class key="value" }.
    """
    found = []
    for match in ATTRIBUTE_LIST.finditer(source.text):
        attributes, _ = get_attrs_and_remainder(match["attributes"])
        for key, value in attributes:
            if value is None or key in (".", "id") or key.lower() in ATTRIBUTE_LIST_KEYS:
                continue
            place = source.place(match.start())
            handler = "an event handler, which runs a script; " if key.lower().startswith("on") else ""
            found.append(
                (
                    *place,
                    ATTRIBUTE,
                    f"the attribute list sets {key}=, {handler}an article's attribute lists"
                    " set only an #anchor, .classes and lang",
                )
            )
            if key.lower() == "style" and STYLE_URL.search(html.unescape(value)):
                found.append(
                    (
                        *place,
                        RESOURCE,
                        f"the attribute list's style=\"{_shown(value)}\" fetches a resource; the chapter's"
                        " styles are in docs/stylesheets/chapter.css",
                    )
                )
    return found


def _fence_attribute_problems(source: _Source) -> list[Found]:
    """A fence's { … } that gives its block data- attributes, the only ones SuperFences passes on to the page."""
    found = []
    for fence in source.fences:
        attributes, _ = get_attrs_and_remainder(fence.info.strip("{} ")) if fence.info.startswith("{") else ([], "")
        found += [
            (
                fence.start + 1,
                fence.indent + 1,
                ATTRIBUTE,
                f"the code block's {key}= is an attribute an article may not set; a"
                " fence takes a language, classes and title",
            )
            for key, _ in attributes
            if key.lower().startswith("data-")
        ]
    return found


def raw_html_problems(text: str) -> list[Found]:
    """(line, column, rule, message) for each element, attribute and address an article's source may not carry.

    Code is not read: fenced blocks as the article scanner sees them, inline code of
    any number of backticks as Python-Markdown sees it. Markdown's links, images,
    reference definitions and autolinks are read for their addresses, and what is
    left is read as HTML against AUTHOR_HTML.
    """
    source = _Source(text)
    source.blank(_code_spans(source))
    found = _reference_problems(source)
    found += _link_problems(source)
    found += _autolink_problems(source)
    found += _attribute_list_problems(source)
    found += _fence_attribute_problems(source)
    found += _read_html(source.text, _author_policy())
    return sorted(found)


def rendered_html_problems(rendered: str) -> list[tuple[str, str]]:
    """(rule, message) for each element, attribute and address in an article's HTML that the site does not make.

    The guarantee behind `raw_html_problems`: every element and attribute must be
    one Markdown and the site's extensions produce, the chapter's own markup, or on
    the author's allowlist; every address a scheme a page may follow; every
    resource the site's own.
    """
    return [(rule, message) for _, _, rule, message in _read_html(rendered, _rendered_policy())]


def text_without_tags(line: str) -> str:
    """A line of prose with its HTML tags replaced by spaces.

    Quotes around attribute values are not the author's typography.
    """
    if "<" not in line:
        return line
    reader = _TextReader()
    reader.feed(line)
    reader.close()
    return "".join(reader.parts)


class _TextReader(HTMLParser):
    """Keeps the text of HTML and a space for each tag."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=False)
        self.parts: list[str] = []

    def handle_data(self, data: str) -> None:
        self.parts.append(data)

    def handle_entityref(self, name: str) -> None:
        self.parts.append(f"&{name};")

    def handle_charref(self, name: str) -> None:
        self.parts.append(f"&#{name};")

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.parts.append(" ")

    def handle_endtag(self, tag: str) -> None:
        self.parts.append(" ")
