"""The shape of an article, and the rules that keep its two languages in step.

A reader who switches language expects the same article: the same sections
under the same anchors, the same code, figures, tables and sources. Comparing
outlines rather than text lets each language be written in its own words.
"""

from __future__ import annotations

import difflib
import functools
import io
import re
import tokenize
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
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
COMMENT_MARKERS = {"python": ("#",), "bash": ("#",), "sh": ("#",), "shell": ("#",), "yaml": ("#",), "toml": ("#",), "hcl": ("#", "//"), "text": ()}

# Fences as SuperFences, which renders the site, reads them: opened at the start of a line, closed
# only by a line holding the same fence (same character, same length) and nothing else.
FENCE = re.compile(r"^(?P<fence>`{3,}|~{3,})\s*(?P<info>.*?)\s*$")
INDENTED_FENCE = re.compile(r"^[ \t]+(?P<fence>`{3,}|~{3,})")
HEADING = re.compile(r"^(?P<hashes>#{1,6})\s+(?P<title>.*?)(?:\s*\{[^}]*?#(?P<anchor>[^\s}]+)[^}]*\})?\s*#*\s*$")
ATTRIBUTE = re.compile(r'\.(?P<cls>[\w-]+)|(?P<key>[\w-]+)="(?P<value>[^"]*)"')
IMAGE = re.compile(r"!\[(?P<alt>[^\]]*)\]\((?P<src>[^)\s]+)(?:\s+\"[^\"]*\")?\)")
LINK = re.compile(r"(?<!!)\[(?P<text>[^\]]+)\]\((?P<target>[^)\s]+)(?:\s+\"[^\"]*\")?\)")
TABLE_RULE = re.compile(r"^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$")
WORD = re.compile(r"[^\W\d_]+(?:[-'’][^\W\d_]+)*")
INLINE_MARKUP = re.compile(r"`[^`\n]*`|\{[^}\n]*\}")
CYRILLIC = re.compile(r"[А-Яа-яЁё]")
LATIN_PHRASE = re.compile(r"[A-Za-z]{2,}[^A-Za-z]+[A-Za-z]{2,}")
ANCHOR = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
ENGLISH_GLOSS = re.compile(r"\([^()А-Яа-яЁё]*\)")  # «затухание весов (weight decay)»


@dataclass(frozen=True)
class Fence:
    start: int  # index of the opening line
    end: int  # index of the closing line
    fence: str
    info: str


def scan(lines: list[str]) -> Iterator[int | Fence]:
    """The one reading of what is code: each line outside code as its index, each code block as a Fence.

    Every pass over an article (outline, prose, link languages) walks this, so
    none can see code where the site shows text, or text where it shows code.
    A fence that never closes is shown by the site as text, and read as text here.
    """
    index = 0
    while index < len(lines):
        fence = FENCE.match(lines[index]) if lines[index].startswith(("`", "~")) else None
        end = _fence_end(lines, index, fence["fence"]) if fence else None
        if fence is None or end is None:
            yield index
            index += 1
        else:
            yield Fence(index, end, fence["fence"], fence["info"])
            index = end + 1


def fence_problems(lines: list[str]) -> list[tuple[int, str]]:
    """Fences the site would not show as code: (line, message)."""
    problems = []
    for item in scan(lines):
        if isinstance(item, Fence):
            problems += [
                (
                    index + 1,
                    f"this line looks like the end of the code block opened on line {item.start + 1}, but only a line of exactly {item.fence} closes it",
                )
                for index in range(item.start + 1, item.end)
                if len(lines[index].strip()) > len(item.fence) and not lines[index].strip().strip(item.fence[0])
            ]
            continue
        line = lines[item]
        fence = FENCE.match(line) if line.startswith(("`", "~")) else None
        if fence:
            problems.append(
                (
                    item + 1,
                    f"the code block opened here with {fence['fence']} is never closed: only a line of exactly {fence['fence']} closes it, and until then the site shows it as text",
                )
            )
        elif INDENTED_FENCE.match(line):
            problems.append((item + 1, "a code fence starts at the beginning of the line; indented, the site shows it as text"))
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

    @property
    def runs_on_cpu(self) -> bool:
        return self.language == "python" and not NOT_ON_CPU & set(self.classes)

    @functools.cached_property
    def comments(self) -> tuple[Comment, ...]:
        return find_comments(self.code, self.language)

    def comparable(self) -> str:
        """The code without its comments, which each language words its own way."""
        lines: list[str | None] = list(self.code.splitlines())
        for comment in reversed(self.comments):
            line = lines[comment.line - 1] or ""
            code = line[: comment.column].rstrip()
            lines[comment.line - 1] = None if not code and line.strip() else code  # None: a line that held only the comment
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
    table_until = -1  # index of the line after the table being read
    for item in scan(lines):
        if isinstance(item, Fence):
            code.append(_code_block(item.start + 1, item.info, "\n".join(lines[item.start + 1 : item.end])))
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
    return Outline(tuple(headings), tuple(code), tuple(figures), tuple(tables), tuple(links), tuple(fence_problems(lines)))


def prose_lines(text: str, lang: str | None = None) -> list[tuple[int, str]]:
    """(line, text) of what a reader reads: prose, headings, tables, figure and link texts.

    Code, addresses and attribute lists are left out, and so, given `lang`,
    are link texts in another language (the English titles a Russian article cites).
    """

    def link_text(match: re.Match) -> str:
        return match["text"] if lang is None or _language_of(match["text"]) in (None, lang) else " "

    lines = text.splitlines()
    found = []
    for item in scan(lines):
        if isinstance(item, Fence):
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


def _fence_end(lines: list[str], start: int, fence: str) -> int | None:
    """The index of the line that closes the fence opened at `start`, or None when none does."""
    return next((i for i in range(start + 1, len(lines)) if lines[i].startswith(fence) and not lines[i].rstrip(" \t")[len(fence) :]), None)


def _code_block(line: int, info: str, code: str) -> CodeBlock:
    """A fence's language, classes and title: ```python title="x"``` or ``` { .python .gpu title="x" } ```."""
    braced = info.startswith("{")
    language, _, rest = ("", "", info.strip("{} ")) if braced else info.partition(" ")
    classes, title = [], None
    for match in ATTRIBUTE.finditer(rest):
        if match["cls"]:
            classes.append(match["cls"])
        elif match["key"] == "title":
            title = match["value"]
    if braced and classes:
        language, classes = classes[0], classes[1:]
    return CodeBlock(line, language.lower(), tuple(classes), title, code)


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


def article_problems(found: Outline) -> list[tuple[int, str]]:
    """Mistakes within one article: (line, message)."""
    problems = list(found.fence_problems)
    seen: dict[str, int] = {}
    for heading in found.headings:
        if heading.level == 1:
            problems.append((heading.line, "the page title comes from topics.yaml; start the article's headings at ##"))
        if heading.anchor is None:
            problems.append(
                (heading.line, f"heading '{heading.title}' needs an explicit anchor, equal in both languages: '{heading.title} {{ #some-anchor }}'")
            )
            continue
        if not ANCHOR.match(heading.anchor):
            problems.append((heading.line, f"anchor '#{heading.anchor}' must be lower-case Latin letters, digits and hyphens"))
        if heading.anchor in RESERVED_ANCHORS:
            problems.append((heading.line, f"anchor '#{heading.anchor}' is taken by the topic page itself; choose another"))
        if heading.anchor in seen:
            problems.append((heading.line, f"anchor '#{heading.anchor}' is already used on line {seen[heading.anchor]}"))
        seen.setdefault(heading.anchor, heading.line)
    for block in found.code:
        if block.language in REFUSED_FENCES:
            problems.append((block.line, REFUSED_FENCES[block.language]))
        if NOT_ON_CPU & set(block.classes) and not block.title:
            problems.append((block.line, 'code marked .gpu or .cluster needs a title that tells the reader what it needs, e.g. title="Needs a CUDA GPU"'))
    return problems


def parity_problems(original: Outline, translation: Outline, original_name: str) -> list[tuple[int, str]]:
    """Where `translation` departs from the structure of `original`: (line in the translation, message)."""
    problems = []
    pairs: list[tuple[str, Sequence[Any], Sequence[Any], Callable[[Any], str]]] = [
        ("heading", original.headings, translation.headings, lambda h: f"{'#' * h.level} {{ #{h.anchor} }}"),
        ("code block", original.code, translation.code, lambda c: " ".join((c.language, *("." + cls for cls in c.classes))) + "\n" + c.comparable()),
        ("figure", original.figures, translation.figures, lambda f: f.source),
        ("table", original.tables, translation.tables, lambda t: f"{t.columns} columns × {t.rows} rows"),
    ]
    for kind, theirs, ours, key in pairs:
        for number, (their, our) in enumerate(zip(theirs, ours, strict=False), start=1):
            if key(their) != key(our):
                here, there = _first_difference(key(our), key(their))
                problems.append((our.line, f"{kind} {number} differs from {original_name}:{their.line}: {here!r} here, {there!r} there"))
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
                    (line, f"comment '{comment.text}' is in English; Russian articles comment their code in Russian (the code itself stays as it is)")
                )
            elif lang != "ru" and cyrillic(comment.text):
                problems.append((line, f"comment '{comment.text}' is in Russian; write it in the language of the article"))
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
                        f"the figure's text alternative has English words ({', '.join(words)}); describe the figure in Russian (an English term may follow in parentheses)",
                    )
                )
        elif cyrillic(figure.alt):
            problems.append((figure.line, "the figure's text alternative is in Russian; describe the figure in the language of the article"))
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
            problems.append((link.line, f"link '{link.target}': '{slug}' has no article in this language yet; link to the topic without '#{anchor}'"))
        elif anchor and anchor not in (anchors[slug] or ()):
            problems.append((link.line, f"link '{link.target}': the article on '{slug}' has no heading with anchor '#{anchor}'"))
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
