"""The shape of an article, and the rules that keep its two languages in step.

A reader who switches language expects the same article: the same sections
under the same anchors, the same code, figures, tables and sources. Comparing
outlines rather than text lets each language be written in its own words.
"""

from __future__ import annotations

import collections
import difflib
import functools
import io
import re
import tokenize
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from typing import Any

from .wording import cyrillic, english_words

SOURCES_ANCHOR = "sources"
# Ids the topic page itself uses around the article.
RESERVED_ANCHORS = frozenset({"topic", "__skip", "ci-legend", "ci-behind"})
# Fence classes of Python that cannot run on an ordinary CPU machine; such code is only parsed.
NOT_ON_CPU = frozenset({"gpu", "cluster"})
# Fences that need a script from another host to render.
REFUSED_FENCES = {"mermaid": "Mermaid diagrams load their renderer from another host; draw the diagram as an SVG file"}
# How a comment starts in each fence language; None: the block has no comments (printed output).
COMMENT_MARKERS = {
    "python": ("#",),
    "bash": ("#",),
    "sh": ("#",),
    "shell": ("#",),
    "yaml": ("#",),
    "toml": ("#",),
    "hcl": ("#", "//"),
    "text": (),
}

# Code as the site's renderer reads it. SuperFences opens a fence at any indentation with ``` or ~~~,
# a language and the options it knows, and closes it only with a line holding the same fence (same
# character, same length) at the same indentation; Python-Markdown then places the block as its
# indentation says: in a list item, an admonition, a tab, or (indented one level more than its
# context) inside an indented code block, which shows the fence lines as code.
FENCE = re.compile(r"(?P<fence>`{3,}+|~{3,}+)")  # matched where the line's indentation ends
FENCE_LANGUAGE = re.compile(r"[ \t]*+\.?[\w#.+-]++(?=[ \t]|$)")
FENCE_OPTION = re.compile(r"[ \t]*+(?P<key>[A-Za-z]\w*+)(?:=(?:\"[^\"]*+\"|'[^']*+'))?+(?=[ \t]|$)")
FENCE_OPTIONS = frozenset(
    {"title", "hl_lines", "linenums", "title_mode"}
)  # what the highlighter takes after the language
TAB_LENGTH = 4  # Python-Markdown's width of a tab and of one level of indentation
# Blocks whose body is indented one level under their first line: admonitions, details and content tabs.
BOX_OPENER = re.compile(r"!!! ?[\w-]|\?\?\?\+? ?[\w\"-]|===(?:\+|\+!|!\+|!)? +\"")
# Blocks that go on in later blocks indented one level: list items, definitions, footnotes.
LIST_OPENER = re.compile(r" {0,3}+(?:[*+-]|\d++\.) ")
LIST_INSIDE = re.compile(
    r" {0,3}+: {1,3}+\S| {0,3}+\[\^[^\]]*+\]:"
)  # found anywhere in a block, as their processors search
NESTED_LIST_ITEM = re.compile(r" {4,7}+(?:[*+-]|\d++\.) ")
# A heading with an optional attribute list holding its anchor; every part is taken whole (atomic
# groups, possessive repeats), so a line of any length is read in linear time.
HEADING = re.compile(
    r"^(?P<hashes>#{1,6})\s++(?P<title>(?>[^\s{#]++|#++|\{|\s++)*?)"
    r"(?:\s*+\{(?>[^{}#]*+(?:#(?=[\s{}])[^{}#]*+)*+)#(?P<anchor>[^\s{}]++)[^{}]*+\})?+\s*+#*+\s*+$"
)
ATTRIBUTE = re.compile(r'\.(?P<cls>[\w-]++)|(?<![\w-])(?P<key>[\w-]++)="(?P<value>[^"]*+)"')
IMAGE = re.compile(r"!\[(?P<alt>[^\]\[]*+)\]\((?P<src>[^)\s]++)(?:\s++\"[^\"]*+\")?+\)")
LINK = re.compile(r"(?<!!)\[(?P<text>[^\]\[]++)\]\((?P<target>[^)\s]++)(?:\s++\"[^\"]*+\")?+\)")
TABLE_RULE = re.compile(r"^\s*+\|?+\s*+:?+-{3,}+:?+\s*+(?:\|\s*+:?+-{3,}+:?+\s*+)*+\|?+\s*+$")
WORD = re.compile(r"[^\W\d_]++(?:[-'’][^\W\d_]++)*+")
INLINE_MARKUP = re.compile(r"`[^`\n]*+`|\{[^{}\n]*+\}")
CYRILLIC = re.compile(r"[А-Яа-яЁё]")
LATIN_PHRASE = re.compile(r"(?<![A-Za-z])[A-Za-z]{2,}+[^A-Za-z]++[A-Za-z]{2}")
ANCHOR = re.compile(r"^[a-z0-9]++(?:-[a-z0-9]++)*+$")
ENGLISH_GLOSS = re.compile(r"\([^()А-Яа-яЁё]*+\)")  # «затухание весов (weight decay)»
FRONT_MATTER_ENDS = ("---", "...")


@dataclass(frozen=True)
class Fence:
    """A code block: fenced (its opening and closing lines hold the fence) or indented (every line is code)."""

    start: int  # index of the opening line; of the first code line when the block is indented
    end: int  # index of the closing line; of the last code line when the block is indented
    fence: str  # ``` or ~~~, or longer; "" for an indented code block, which has no fence lines
    info: str
    indent: int = 0  # columns each code line sheds: the fence's own indentation, or the indented block's

    @property
    def body(self) -> range:
        """The indices of the lines the site shows as code."""
        return range(self.start + 1, self.end) if self.fence else range(self.start, self.end + 1)

    def code(self, lines: list[str]) -> str:
        """The code as the site shows it: tabs expanded, the block's indentation taken off each line."""
        return "\n".join(_shed(lines[index], self.indent) for index in self.body)


@dataclass(frozen=True)
class _Dropped:
    """A fence SuperFences opened and gave up, so the site shows its lines as text."""

    start: int
    fence: str
    indent: int
    stopped: int | None  # the line indented less than the fence, or None: never closed before the end


@dataclass(frozen=True)
class _Row:
    """One line as Python-Markdown's block parser sees it; a fenced block is one line to it."""

    index: int
    column: int  # indentation within the row's container
    text: str  # the line after its indentation; "" for a blank line
    shift: int  # columns the containers have taken off
    fence: Fence | None = None

    def dedented(self) -> _Row:
        """The row one level further in: what a list item or an admonition hands its body."""
        return (
            _Row(self.index, self.column - TAB_LENGTH, self.text, self.shift + TAB_LENGTH, self.fence)
            if self.column >= TAB_LENGTH
            else self
        )


@dataclass(frozen=True)
class _Reading:
    """Where the site sees code in an article, and the fences it does not read as their author meant."""

    code: tuple[Fence, ...]
    dropped: tuple[_Dropped, ...]
    swallowed: tuple[Fence, ...]  # fences inside an indented code block, shown with their fence lines
    refused: tuple[
        tuple[int, str, str], ...
    ]  # (line index, fence, option) of fences with an option the site does not know
    front_matter: int  # index of the line that closes front matter, or -1


def scan(lines: list[str]) -> Iterator[int | Fence]:
    """The one reading of what is code: each line outside code as its index, each code block as a Fence.

    Every pass over an article (outline, prose, link languages, fact markers)
    walks this, so none can see code where the site shows text, or text where
    it shows code. A fence that never closes is shown by the site as text, and
    so is everything after it.
    """
    index = 0
    for block in _read(lines).code:
        yield from range(index, block.start)
        yield block
        index = block.end + 1
    yield from range(index, len(lines))


def _read(lines: Sequence[str]) -> _Reading:
    return _reading(tuple(lines))


@functools.lru_cache(maxsize=8192)
def _reading(lines: tuple[str, ...]) -> _Reading:
    """The article as SuperFences and then Python-Markdown's block parser read it.

    Remembered for the lines it was given: each of the dozen passes over an article
    (outline, prose, link languages, fact markers…) asks again, and the answer is a
    frozen value of the lines alone.
    """
    expanded = [
        line.expandtabs(TAB_LENGTH) if line.strip(" \t") else "" for line in lines
    ]  # whitespace-only lines are blank to it
    fenced, dropped, refused = _fences(expanded)
    parser = _BlockReader()
    parser.read(_rows(expanded, fenced), None)
    code = sorted(
        [*(fence for fence in fenced.values() if fence.start not in parser.swallowed), *parser.indented],
        key=lambda block: block.start,
    )
    inside = {index for block in parser.indented for index in block.body}
    return _Reading(
        tuple(code),
        tuple(dropped),
        tuple(fenced[start] for start in sorted(parser.swallowed)),
        tuple(item for item in refused if item[0] not in inside),
        _front_matter(lines),
    )


def _prefix(line: str, limit: int | None = None) -> str:
    """The indentation SuperFences reads before a fence: spaces and blockquote marks."""
    end = 0
    while end < len(line) and line[end] in " >" and (limit is None or end < limit):
        end += 1
    return line[:end]


def _opener(line: str, at: int) -> tuple[str, str, str | None] | None:
    """(fence, info, unknown option) when the line opens a fence at `at`; the option makes SuperFences refuse it."""
    match = FENCE.match(line, at)
    if match is None:
        return None
    info = line[match.end() :].strip(" \t")
    language = FENCE_LANGUAGE.match(line, match.end())
    position = language.end() if language else match.end()
    rest = line[position:].strip(" \t")
    if not rest or (rest.startswith("{") and rest.endswith("}")):
        return match["fence"], info, None
    while position < len(line) and line[position:].strip(" \t"):
        option = FENCE_OPTION.match(line, position)
        if option is None:
            return match["fence"], info, line[position:].split()[0]
        if option["key"] not in FENCE_OPTIONS:
            return match["fence"], info, option["key"]
        position = option.end()
    return match["fence"], info, None


def _closes(content: str, fence: str) -> bool:
    return content.startswith(fence) and not content[len(fence) :].strip(" \t")


def _fences(lines: list[str]) -> tuple[dict[int, Fence], list[_Dropped], list[tuple[int, str, str]]]:
    """The fenced blocks SuperFences finds, line by line as it does.

    Closed ones by their first line, dropped ones, refused openers.
    """
    found: dict[int, Fence] = {}
    dropped: list[_Dropped] = []
    refused: list[tuple[int, str, str]] = []
    opened: tuple[int, str, str, str] | None = None  # start, indentation, fence, info
    blank_seen = False
    for index, line in enumerate(lines):
        if opened is None:
            ws = _prefix(line)
            opener = _opener(line, len(ws))
            if opener and opener[2] is not None:
                refused.append((index, opener[0], opener[2]))
            elif opener:
                opened, blank_seen = (index, ws, opener[0], opener[1]), False
            continue
        start, indentation, fence, info = opened
        ws = _prefix(line, len(indentation))
        content = line[len(ws) :]
        quoted, level = indentation.count(">"), ws.count(">")
        if quoted == 0:
            if level:
                ended: str | None = "stopped"
            elif not (ws + content).strip():
                ended = None
            elif len(ws) != len(indentation):
                ended = "stopped"
            elif _closes(content, fence) and not content.startswith((" ", "\t")):
                ended = "closed"
            else:
                ended = None
        elif level > quoted or (content and len(ws) < len(indentation)) or (content and blank_seen and level < quoted):
            ended = "stopped"
        else:
            ended = "closed" if content and _closes(content, fence) else None
        blank_seen = not content.strip()
        if ended == "closed":
            found[start] = Fence(start, index, fence, info, len(indentation))
        elif ended == "stopped":
            dropped.append(_Dropped(start, fence, len(indentation), index))
        if ended:
            opened = None
    if opened is not None:
        dropped.append(_Dropped(opened[0], opened[2], len(opened[1]), None))
    return found, dropped, refused


def _rows(lines: list[str], fenced: dict[int, Fence]) -> list[_Row]:
    """The lines as the block parser gets them: each fenced block one row, at its fence's indentation."""
    rows = []
    index = 0
    while index < len(lines):
        line = lines[index]
        text = line.lstrip(" ")
        fence = fenced.get(index)
        rows.append(_Row(index, len(line) - len(text), text if text.strip() else "", 0, fence))
        index = fence.end + 1 if fence else index + 1
    return rows


class _BlockReader:
    """Python-Markdown's block parser, as far as it decides what is code: which blocks are indented code,
    and which indented blocks belong to a list item, a definition, a footnote, an admonition, details or a tab."""

    def __init__(self) -> None:
        self.indented: list[Fence] = []
        self.swallowed: set[int] = set()  # first lines of fences inside indented code

    def read(self, rows: list[_Row], previous: str | None) -> None:
        """Read one container's rows; `previous` is the kind of block before them: code, text, box, list or None."""
        blocks = collections.deque(_blocks(rows))
        # The body of the last box or list item, read when it ends; a nested list's when the container starts with one.
        children: list[_Row] | None = [] if previous == "list" else None
        children_start: str | None = "text"
        while blocks:
            block = blocks.popleft()
            head = block[0]
            if head.column >= TAB_LENGTH and children is not None:
                taken, rest = _split_indented(block) if previous == "box" else (block, [])
                children += [_Row(head.index, 0, "", 0)] + [row.dedented() for row in taken]
                if rest:
                    blocks.appendleft(rest)
                continue
            if children is not None:
                self.read(children, children_start)
                children = None
            if head.column >= TAB_LENGTH:
                taken, rest = _split_indented(block)
                self.code(taken, merge=previous == "code")
                previous = "code"
                if rest:
                    blocks.appendleft(rest)
                continue
            box = next(
                (
                    at
                    for at, row in enumerate(block)
                    if row.column == 0 and row.fence is None and BOX_OPENER.match(row.text)
                ),
                None,
            )
            if box == 0:
                body, rest = _split_indented(block[1:])
                children, children_start, previous = [row.dedented() for row in body], None, "box"
                if rest:
                    blocks.appendleft(rest)
                continue
            if box is not None:
                blocks.appendleft(block[box:])
                block = block[:box]
            if _is_list(block):
                nested = any(
                    row.fence is None and NESTED_LIST_ITEM.match(" " * row.column + row.text) for row in block[1:]
                )
                children, children_start, previous = [], "list" if nested else "text", "list"
                continue
            previous = "text"
        if children is not None:
            self.read(children, children_start)

    def code(self, rows: list[_Row], *, merge: bool) -> None:
        """An indented code block; one that follows another across blank lines continues it."""
        last = rows[-1].fence.end if rows[-1].fence else rows[-1].index
        self.swallowed.update(row.fence.start for row in rows if row.fence)
        if merge and self.indented:
            self.indented[-1] = replace(self.indented[-1], end=last)
        else:
            self.indented.append(Fence(rows[0].index, last, "", "", rows[0].shift + TAB_LENGTH))


def _blocks(rows: list[_Row]) -> list[list[_Row]]:
    """Runs of rows between blank ones: the blocks Python-Markdown parses one by one."""
    found: list[list[_Row]] = [[]]
    for row in rows:
        if row.text or row.fence:
            found[-1].append(row)
        elif found[-1]:
            found.append([])
    return [block for block in found if block]


def _split_indented(rows: list[_Row]) -> tuple[list[_Row], list[_Row]]:
    """The leading rows indented a level or more, and the rest, which the parser reads as a new block."""
    cut = next((at for at, row in enumerate(rows) if row.column < TAB_LENGTH), len(rows))
    return rows[:cut], rows[cut:]


def _is_list(block: list[_Row]) -> bool:
    head = block[0]
    if head.fence is None and LIST_OPENER.match(" " * head.column + head.text):
        return True
    return any(
        row.fence is None and row.column < TAB_LENGTH and LIST_INSIDE.match(" " * row.column + row.text)
        for row in block
    )


def _shed(line: str, columns: int) -> str:
    """A code line without the indentation of its block; a blank line is empty."""
    expanded = line.expandtabs(TAB_LENGTH)
    return expanded[columns:] if expanded.strip() else ""


def _front_matter(lines: Sequence[str]) -> int:
    """The index of the line that closes front matter at the top of the file, or -1 when there is none."""
    if not lines or lines[0].rstrip() != "---":
        return -1
    return next((index for index in range(1, len(lines)) if lines[index].rstrip() in FRONT_MATTER_ENDS), -1)


def fence_problems(lines: list[str]) -> list[tuple[int, str]]:
    """Fences the site would not show as their author meant: (line, message)."""
    reading = _read(lines)
    problems = []
    for block in reading.code:
        if block.fence:
            problems += _inside_problems(lines, block.start, block.body, block.fence, block.indent, block.end)
    for dropped in reading.dropped:
        problems.append((dropped.start + 1, _dropped_message(lines, dropped)))
        if dropped.stopped is None:
            problems += _inside_problems(
                lines, dropped.start, range(dropped.start + 1, len(lines)), dropped.fence, dropped.indent, None
            )
    for fence in reading.swallowed:
        problems.append(
            (
                fence.start + 1,
                f"this code fence is indented {fence.indent} spaces where no list item or admonition holds it, so"
                f" the site shows an indented code block with the {fence.fence} lines in it: start the fence at the"
                " beginning of the line, or indent it under the list item or admonition it belongs to",
            )
        )
    for index, marks, option in reading.refused:
        problems.append(
            (
                index + 1,
                f"the site does not open a code block here, because it knows no option '{option}' after {marks}:"
                ' write the language, then only { .language title="…" } or title="…", hl_lines="…", linenums="…";'
                " until then it shows these lines as text",
            )
        )
    return sorted(problems)


def _dropped_message(lines: list[str], dropped: _Dropped) -> str:
    if dropped.stopped is not None:
        return (
            f"this code fence is indented {dropped.indent} spaces, but line {dropped.stopped + 1} inside"
            " its block is indented less, so the site shows the block as text: indent every line of"
            " the block at least as far as its fence"
        )
    message = (
        f"the code block opened here with {dropped.fence} is never closed: only a line of exactly {dropped.fence}"
        " closes it, and until then the site shows it as text"
    )
    later = sum(1 for line in lines[dropped.start + 1 :] if FENCE.match(line.lstrip(" >")))
    return message + (", and every code block after it" if later > 1 else "")


def _inside_problems(
    lines: list[str], start: int, body: range, fence: str, indent: int, end: int | None
) -> list[tuple[int, str]]:
    """Lines inside a fenced block that show its author meant to close it, or to open another one, there."""
    problems = []
    for index in body:
        content = _shed(lines[index], indent).strip()
        if len(content) > len(fence) and not content.strip(fence[0]):
            problems.append(
                (
                    index + 1,
                    f"this line looks like the end of the code block opened on line {start + 1}, but"
                    f" only a line of exactly {fence} closes it",
                )
            )
            return problems
        opener = _opener(content, 0)
        if end is not None and opener and opener[0] == fence and opener[1]:
            runs_on = (
                f"the code block opened here runs on to line {end + 1}: its closing {fence} is missing before line"
                f" {index + 1}, which looks like the start of another block"
            )
            return [(start + 1, runs_on)]
    return problems


@dataclass(frozen=True)
class Heading:
    line: int
    level: int
    title: str
    anchor: str | None


@dataclass(frozen=True)
class CodeBlock:
    line: int
    language: str
    classes: tuple[str, ...]
    title: str | None
    code: str
    sizes: str | None = None  # smaller sizes for the tests' run (sizes.py)

    @property
    def runs_on_cpu(self) -> bool:
        return self.language == "python" and not NOT_ON_CPU & set(self.classes)

    def declaration(self) -> str:
        """What the opening fence declares and both languages must share: language, classes, sizes."""
        sizes = (f'sizes="{self.sizes}"',) if self.sizes is not None else ()
        return " ".join((self.language, *("." + cls for cls in self.classes), *sizes))

    @functools.cached_property
    def comments(self) -> tuple[Comment, ...]:
        return find_comments(self.code, self.language)

    def comparable(self) -> str:
        """The code without its comments, which each language words its own way."""
        lines: list[str | None] = list(self.code.splitlines())
        for comment in reversed(self.comments):
            line = lines[comment.line - 1] or ""
            code = line[: comment.column].rstrip()
            lines[comment.line - 1] = (
                None if not code and line.strip() else code
            )  # None: a line that held only the comment
        return "\n".join(line.rstrip() for line in lines if line is not None).strip()


@dataclass(frozen=True)
class Comment:
    line: int  # within the block, from 1
    column: int
    text: str  # without the marker


@dataclass(frozen=True)
class Figure:
    line: int
    source: str
    alt: str


@dataclass(frozen=True)
class Table:
    line: int
    columns: int
    rows: int


@dataclass(frozen=True)
class Link:
    line: int
    target: str
    in_sources: bool


@dataclass(frozen=True)
class Outline:
    headings: tuple[Heading, ...]
    code: tuple[CodeBlock, ...]
    figures: tuple[Figure, ...]
    tables: tuple[Table, ...]
    links: tuple[Link, ...]
    fence_problems: tuple[tuple[int, str], ...] = ()
    front_matter: int = 0  # the line that closes front matter at the top of the article; 0 when it has none

    @property
    def sections(self) -> tuple[Heading, ...]:
        """The second-level sections, the sources section included."""
        return tuple(heading for heading in self.headings if heading.level == 2)

    @property
    def sources(self) -> tuple[str, ...]:
        return tuple(link.target for link in self.links if link.in_sources)


def outline(text: str) -> Outline:
    """Read the parts of an article that both languages must share."""
    headings, code, figures, tables, links = [], [], [], [], []
    lines = text.splitlines()
    in_sources = False
    table_until = (
        _front_matter(lines) + 1
    )  # index of the line after the table being read; front matter is skipped as one
    for item in scan(lines):
        if isinstance(item, Fence):
            code.append(_code_block(item.start + 1 if item.fence else item.start, item.info, item.code(lines)))
            continue
        if item < table_until:
            continue
        line, number = lines[item], item + 1
        first = line.lstrip()[:1]  # most lines are prose; only these characters can start anything else
        heading = HEADING.match(line) if first == "#" else None
        if heading:
            headings.append(Heading(number, len(heading["hashes"]), heading["title"], heading["anchor"]))
            if heading["hashes"] == "##":
                in_sources = heading["anchor"] == SOURCES_ANCHOR
        elif first == "|" and item + 1 < len(lines) and TABLE_RULE.match(lines[item + 1]):
            table_until = item + 2
            while table_until < len(lines) and lines[table_until].lstrip().startswith("|"):
                table_until += 1
            tables.append(Table(number, len(_cells(line)), table_until - item - 2))
        elif "](" in line:
            figures += [Figure(number, match["src"], match["alt"]) for match in IMAGE.finditer(line)]
            links += [Link(number, match["target"], in_sources) for match in LINK.finditer(line)]
    return Outline(
        tuple(headings),
        tuple(code),
        tuple(figures),
        tuple(tables),
        tuple(links),
        tuple(fence_problems(lines)),
        _front_matter(lines) + 1,
    )


def prose_lines(text: str, lang: str | None = None) -> list[tuple[int, str]]:
    """(line, text) of what a reader reads: prose, headings, tables, figure and link texts.

    Code, addresses and attribute lists are left out, and so, given `lang`,
    are link texts in another language (the English titles a Russian article cites).
    """

    def link_text(match: re.Match) -> str:
        return match["text"] if lang is None or _language_of(match["text"]) in (None, lang) else " "

    lines = text.splitlines()
    found = []
    skipped = _front_matter(lines)  # not the article's prose: reported by title_problems
    for item in scan(lines):
        if isinstance(item, Fence) or item <= skipped:
            continue
        line = lines[item]
        if "](" in line:
            line = LINK.sub(link_text, IMAGE.sub(r"\g<alt>", line))
        found.append((item + 1, INLINE_MARKUP.sub(" ", line)))
    return found


def prose(text: str) -> str:
    """The text a reader reads, as one string."""
    return "\n".join(line for _, line in prose_lines(text))


def word_count(text: str) -> int:
    return len(WORD.findall(prose(text)))


def _code_block(line: int, info: str, code: str) -> CodeBlock:
    """A fence's language, classes and title: ```python title="x"``` or ``` { .python .gpu title="x" } ```."""
    braced = info.startswith("{")
    language, _, rest = ("", "", info.strip("{} ")) if braced else info.partition(" ")
    classes: list[str] = []
    keys: dict[str, str] = {}
    for match in ATTRIBUTE.finditer(rest):
        if match["cls"]:
            classes.append(match["cls"])
        else:
            keys.setdefault(match["key"], match["value"])
    if braced and classes:
        language, classes = classes[0], classes[1:]
    return CodeBlock(line, language.lower(), tuple(classes), keys.get("title"), code, keys.get("sizes"))


def find_comments(code: str, language: str) -> tuple[Comment, ...]:
    """The comments of a code block, found as its language's own tokenizer would find them."""
    markers = COMMENT_MARKERS.get(language, ("#",))
    if not any(marker in code for marker in markers):
        return ()
    if language == "python":
        try:
            return tuple(
                Comment(token.start[0], token.start[1], token.string[1:].strip())
                for token in tokenize.generate_tokens(io.StringIO(code).readline)
                if token.type == tokenize.COMMENT
            )
        except (tokenize.TokenError, SyntaxError):
            pass  # not valid Python after all: read it like a shell script
    found = []
    for number, line in enumerate(code.splitlines(), start=1):
        column = _comment_start(line, markers)
        if column is not None:
            marker = next(m for m in markers if line.startswith(m, column))
            found.append(Comment(number, column, line[column + len(marker) :].strip()))
    return tuple(found)


def _comment_start(line: str, markers: tuple[str, ...]) -> int | None:
    """Where a shell-style comment starts: a marker at the line's start or after a space, outside quotes."""
    quote = None
    index = 0
    while index < len(line):
        char = line[index]
        if quote:
            if char == "\\" and quote == '"':
                index += 1
            elif char == quote:
                quote = None
        elif char in "'\"":
            quote = char
        elif (index == 0 or line[index - 1] in " \t") and any(line.startswith(m, index) for m in markers):
            return index
        index += 1
    return None


def _cells(row: str) -> list[str]:
    return row.strip().strip("|").split("|")


def heading_problems(found: Outline) -> list[tuple[int, str]]:
    """Headings without a unique, explicit anchor of the chapter's form: (line, message)."""
    problems = []
    seen: dict[str, int] = {}
    for heading in found.headings:
        if heading.level == 1:
            continue  # a page title: title_problems
        if heading.anchor is None:
            problems.append(
                (
                    heading.line,
                    f"heading '{heading.title}' needs an explicit anchor, equal in both languages:"
                    f" '{heading.title} {{ #some-anchor }}'",
                )
            )
            continue
        if not ANCHOR.match(heading.anchor):
            problems.append(
                (heading.line, f"anchor '#{heading.anchor}' must be lower-case Latin letters, digits and hyphens")
            )
        if heading.anchor in RESERVED_ANCHORS:
            problems.append(
                (heading.line, f"anchor '#{heading.anchor}' is taken by the topic page itself; choose another")
            )
        if heading.anchor in seen:
            problems.append(
                (heading.line, f"anchor '#{heading.anchor}' is already used on line {seen[heading.anchor]}")
            )
        seen.setdefault(heading.anchor, heading.line)
    return problems


def title_problems(found: Outline) -> list[tuple[int, str]]:
    """Front matter or a page title in the article: the topic page takes title, summary and label from topics.yaml."""
    problems = [
        (heading.line, "the page title comes from topics.yaml; start the article's headings at ##")
        for heading in found.headings
        if heading.level == 1
    ]
    if found.front_matter:
        problems.insert(
            0,
            (
                1,
                f"the article starts with front matter (lines 1–{found.front_matter}), which the page would show as"
                " text: an article's title, summary and label come from topics.yaml; delete these lines",
            ),
        )
    return problems


def code_block_problems(found: Outline) -> list[tuple[int, str]]:
    """Code blocks the site cannot show as written: (line, message)."""
    problems = []
    for block in found.code:
        if block.language in REFUSED_FENCES:
            problems.append((block.line, REFUSED_FENCES[block.language]))
        if NOT_ON_CPU & set(block.classes) and not block.title:
            problems.append(
                (
                    block.line,
                    "code marked .gpu or .cluster needs a title that tells the reader what"
                    ' it needs, e.g. title="Needs a CUDA GPU"',
                )
            )
    return problems


def parity_problems(original: Outline, translation: Outline, original_name: str) -> list[tuple[int, str]]:
    """Where `translation` departs from the structure of `original`: (line in the translation, message)."""
    problems = []
    pairs: list[tuple[str, Sequence[Any], Sequence[Any], Callable[[Any], str]]] = [
        ("heading", original.headings, translation.headings, lambda h: f"{'#' * h.level} {{ #{h.anchor} }}"),
        ("code block", original.code, translation.code, lambda c: c.declaration() + "\n" + c.comparable()),
        ("figure", original.figures, translation.figures, lambda f: f.source),
        ("table", original.tables, translation.tables, lambda t: f"{t.columns} columns × {t.rows} rows"),
    ]
    for kind, theirs, ours, key in pairs:
        for number, (their, our) in enumerate(zip(theirs, ours, strict=False), start=1):
            if key(their) != key(our):
                here, there = _first_difference(key(our), key(their))
                problems.append(
                    (
                        our.line,
                        f"{kind} {number} differs from {original_name}:{their.line}: {here!r} here, {there!r} there",
                    )
                )
                break
        else:
            if len(theirs) != len(ours):
                where = ours[len(theirs)].line if len(ours) > len(theirs) else (ours[-1].line if ours else 1)
                problems.append((where, f"{len(ours)} {kind}s here, {len(theirs)} in {original_name}"))
    if original.sources != translation.sources:
        line = next((link.line for link in translation.links if link.in_sources), 1)
        missing = [url for url in original.sources if url not in translation.sources]
        extra = [url for url in translation.sources if url not in original.sources]
        detail = (
            "; ".join(
                filter(
                    None,
                    [
                        f"missing {', '.join(missing)}" if missing else "",
                        f"not in {original_name}: {', '.join(extra)}" if extra else "",
                    ],
                )
            )
            or "the same links in another order"
        )
        problems.append((line, f"sources differ from {original_name}: {detail}"))
    return problems


def comment_problems(article: Outline, lang: str, latin: frozenset[str] = frozenset()) -> list[tuple[int, str]]:
    """Code comments not in the article's language: a Russian article comments its code in Russian.

    Only comments are meant: code, strings and printed output are the same in both languages.
    """
    problems = []
    for block in article.code:
        for comment in block.comments:
            if comment.line == 1 and comment.text.startswith("!"):
                continue  # #!/usr/bin/env bash
            line = block.line + comment.line
            if lang == "ru" and not cyrillic(comment.text) and english_words(comment.text, latin):
                problems.append(
                    (
                        line,
                        f"comment '{comment.text}' is in English; Russian articles comment their code in"
                        " Russian (the code itself stays as it is)",
                    )
                )
            elif lang != "ru" and cyrillic(comment.text):
                problems.append(
                    (line, f"comment '{comment.text}' is in Russian; write it in the language of the article")
                )
    return problems


def alt_problems(article: Outline, lang: str, latin: frozenset[str] = frozenset()) -> list[tuple[int, str]]:
    """Figure text alternatives not in the article's language; an English term in parentheses is a gloss."""
    problems = []
    for figure in article.figures:
        if lang == "ru":
            words = english_words(ENGLISH_GLOSS.sub(" ", figure.alt), latin)
            if words:
                problems.append(
                    (
                        figure.line,
                        f"the figure's text alternative has English words ({', '.join(words)}); describe the figure in"
                        " Russian (an English term may follow in parentheses)",
                    )
                )
        elif cyrillic(figure.alt):
            problems.append(
                (
                    figure.line,
                    "the figure's text alternative is in Russian; describe the figure in the language of the article",
                )
            )
    return problems


def _first_difference(ours: str, theirs: str) -> tuple[str, str]:
    """The first line where two descriptions part, so a long code block's message stays short."""
    pairs = zip(ours.splitlines() + ["(end)"], theirs.splitlines() + ["(end)"], strict=False)
    return next((a, b) for a, b in pairs if a != b)


def link_problems(article: Outline, anchors: dict[str, frozenset[str] | None]) -> list[tuple[int, str]]:
    """Links to topics or headings that do not exist: (line, message).

    `anchors` maps every topic's slug to the heading anchors of its article in
    the same language, or None when that article is not written yet.
    """
    own = frozenset(heading.anchor for heading in article.headings if heading.anchor)
    problems = []
    for link in article.links:
        page, _, anchor = link.target.partition("#")
        if not page:
            if anchor not in own:
                problems.append((link.line, f"link '#{anchor}': no heading in this article has that anchor"))
            continue
        slug = page.removesuffix(".md")
        if "/" in page or ":" in page or not page.endswith(".md"):
            continue  # an address, or a file such as a figure: the build checks those
        if slug not in anchors:
            close = difflib.get_close_matches(slug, list(anchors), n=1)
            hint = f"; did you mean '{close[0]}.md'?" if close else ""
            problems.append((link.line, f"link '{link.target}': no topic with slug '{slug}' in topics.yaml{hint}"))
        elif anchor and anchors[slug] is None:
            problems.append(
                (
                    link.line,
                    f"link '{link.target}': '{slug}' has no article in this language yet;"
                    f" link to the topic without '#{anchor}'",
                )
            )
        elif anchor and anchor not in (anchors[slug] or ()):
            problems.append(
                (link.line, f"link '{link.target}': the article on '{slug}' has no heading with anchor '#{anchor}'")
            )
    return problems


def mark_link_languages(text: str, lang: str) -> str:
    """Give a link whose text is in the other language its `lang`, so a screen reader reads it in that voice.

    Russian articles cite English titles: `[ZeRO: Memory Optimizations…](…)` becomes
    `[…](…){ lang="en" }`. Single Latin words (PyTorch, NVLink) are names, not English text.
    """

    def mark(match: re.Match) -> str:
        written_in = _language_of(match["text"])
        if written_in is None or written_in == lang or match.string[match.end() : match.end() + 1] == "{":
            return match[0]
        return f'{match[0]}{{ lang="{written_in}" }}'

    lines = text.splitlines(keepends=True)
    for item in scan([line.rstrip("\r\n") for line in lines]):
        if not isinstance(item, Fence) and "](" in lines[item]:  # code is left as it is
            lines[item] = LINK.sub(mark, lines[item])
    return "".join(lines)


def _language_of(text: str) -> str | None:
    if CYRILLIC.search(text):
        return "ru"
    return "en" if LATIN_PHRASE.search(text) else None
