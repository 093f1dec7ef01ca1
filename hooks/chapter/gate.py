"""The last check before the site is published: every file a reader's browser gets, read as the browser reads it.

The source checks read articles, figures and data files; this gate reads what
they became, so markup that reaches a page some other way (a template override,
a theme stylesheet, a file copied from docs/ as it is) is found too. It fails the
build on three things, each named at the source an author edits (rule CI608):

- a resource from another host: a script, stylesheet, image, frame, object, form
  target, SVG `<image>` or `<use>`, CSS `url()` or `@import`, or an absolute URL in
  the site's JavaScript. Links (`<a href>`) may lead anywhere; they load nothing;
- an inline event handler (`on…=`, any case) on any element of a page or a figure,
  and a `<script>` in a figure (a figure opened on its own runs it on the site's origin);
- a `javascript:` address, in any case, entity-encoded or split by tabs and newlines,
  as the URL parser reads it.

Every page must also carry the site's Content-Security-Policy (policy.py) before its
first script, and every inline script of a page must be one the policy allows.

Parsers, each what the browser does: HTML through selectolax (the Lexbor engine,
a WHATWG HTML5 parser in C, maintained, and fast enough to read every page of a
build in a fraction of a second, where html5lib takes seconds): entities are
decoded and names lower-cased as a browser does. SVG and other XML through the
standard library's expat. CSS through tinycss2, a CSS Syntax Level 3 tokenizer
(escapes, comments and `url()` as browsers tokenize them). JavaScript is not
parsed: an absolute URL in it is found by its text.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ElementTree
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import tinycss2
from selectolax.lexbor import LexborHTMLParser

from .figures import LOCALISED
from .policy import LIVE, META_START, source_hash
from .problems import Problem

RULE = "CI608"
HTML = (".html", ".htm")
XML = (
    ".svg",
    ".xml",
    ".xhtml",
    ".xht",
    ".xsl",
    ".xslt",
    ".atom",
)  # .atom: the feeds (feeds.py), which a browser may open as XML
CSS = (".css",)
SCRIPTS = (".js", ".mjs")

# Attributes that hold an address, where a `javascript:` scheme would run. `to`, `from`,
# `values` and `by` are SVG animation values, which can set an `href` to one.
URL_ATTRIBUTES = frozenset(
    (
        "href src action formaction data poster cite background codebase longdesc ping srcset imagesrcset lowsrc "
        "dynsrc manifest icon to from values by"
    ).split()
)
# Of those, the ones that make the browser fetch or send something wherever they stand.
FETCHING = frozenset(
    "src srcset imagesrcset action formaction poster background codebase ping lowsrc dynsrc manifest icon".split()
)
# `href` fetches everywhere but on links a reader follows, and on <link> elements that only name a relation
# (`self`: an Atom feed's own address).
FOLLOWED = frozenset({"a", "area"})
NAMING_RELATIONS = frozenset(
    (
        "alternate author bookmark canonical external help license me next nofollow noopener noreferrer opener prev "
        "self tag"
    ).split()
)
# Pagefind parses page addresses against this base (`new URL(url, "https://example.com")`) and
# strips it again; nothing is fetched from it.
KNOWN_BASES = {"pagefind/": frozenset({"example.com"})}
_SCHEME = re.compile(r"[a-z][a-z0-9+.\-]*:")
_URL_NOISE = re.compile(r"[\t\n\r]")
_JS_URL = re.compile(
    r"\b(?:https?|wss?|ftps?):(?:\\?/|\\u002[fF]|\\x2[fF]){2}((?:[\w\-.~%:@\[\]]|\\\.)*)", re.IGNORECASE
)


@dataclass(frozen=True)
class Finding:
    """One thing found in a built file: what it is, and the text to look for in the sources."""

    message: str
    evidence: str


@dataclass
class Provenance:
    """Which source file each built file came from, recorded by the build as it writes them, for the gate's messages.

    `shared` are the files that write into every page (templates, data files), where the
    gate looks for an offending text that the page's own source does not hold.
    """

    project_dir: Path
    shared: tuple[str, ...]
    live: bool = False  # built for `mkdocs serve`, whose pages allow inline scripts (policy.py)
    built: dict[Path, str] = field(
        default_factory=dict
    )  # a built file's absolute path: its source, relative to the project

    @classmethod
    def of_project(
        cls, project_dir: Path, theme_dir: Path, data_files: Sequence[str], *, live: bool = False
    ) -> Provenance:
        """Sources of a project whose theme overrides live in `theme_dir` and whose pages also draw on `data_files`."""
        templates = sorted(path for path in theme_dir.rglob("*") if path.is_file())
        shared = [_relative(path, project_dir) or path.as_posix() for path in templates] + [
            name for name in data_files if (project_dir / name).is_file()
        ]
        return cls(project_dir, tuple(shared), live)

    def record(self, built: Path, source: Path, outside: str) -> None:
        """`built` came from `source`; a source outside the project (the installed theme's files) is named `outside`."""
        name = _relative(source, self.project_dir)
        self.built[built.resolve()] = name if name is not None else outside

    def problems(self, site_dir: Path) -> list[Problem]:
        """The gate's problems in the site built into `site_dir`, named at these sources."""
        site = site_dir.resolve()
        mapping = {
            path.relative_to(site).as_posix(): source for path, source in self.built.items() if site in path.parents
        }
        return published_problems(site_dir, mapping, project_dir=self.project_dir, shared=self.shared, live=self.live)


def _relative(path: Path, project_dir: Path) -> str | None:
    """A project file as an author names it; None outside the project.

    A localised figure copy is named by the figure it is made from.
    """
    try:
        name = path.resolve().relative_to(project_dir.resolve()).as_posix()
    except ValueError:
        return None
    original = LOCALISED.sub(".svg", name)
    return original if original != name and (project_dir / original).is_file() else name


def published_problems(
    site_dir: Path,
    sources: Mapping[str, str],
    *,
    project_dir: Path | None = None,
    shared: Sequence[str] = (),
    live: bool = False,
) -> list[Problem]:
    """Every problem in the files under `site_dir`, each at the source an author edits.

    `sources` maps a built file's path (relative to `site_dir`, with `/`) to the file it came from,
    relative to the project. Where the offending text is found in that file, or else in one of
    `shared` (templates and data files that write every page), the problem names that file and
    line; otherwise the file the page came from, and the message names the built file. `live`:
    a site built for `mkdocs serve`, whose policy allows inline scripts (policy.py).
    """
    places: dict[tuple[str, int, str], list[str]] = {}
    for path in sorted(p for p in site_dir.rglob("*") if p.is_file()):
        built = path.relative_to(site_dir).as_posix()
        for finding in file_findings(path, built, live=live):
            file, line = _locate(finding, sources.get(built, built), project_dir, shared)
            places.setdefault((file, line, finding.message), []).append(built)
    # One mistake in a template is on every page: reported once, with the first page that shows it.
    return sorted(
        Problem(file, line, 0, RULE, f"{message} ({_where(built)})") for (file, line, message), built in places.items()
    )


def _where(built: list[str]) -> str:
    """The built files that show one problem, in a few words."""
    others = len(set(built)) - 1
    return f"in {built[0]}" + (f" and {others} more built file{'s' if others > 1 else ''}" if others else "")


def file_findings(path: Path, built: str, *, live: bool = False) -> list[Finding]:
    """What the browser would do wrong with one built file, by its kind; files no browser runs are not read."""
    suffix = path.suffix.lower()
    if suffix not in HTML + XML + CSS + SCRIPTS:
        return []
    text = path.read_text(encoding="utf-8", errors="replace")
    if suffix in HTML:
        return html_findings(text, live=live)
    if suffix in XML:
        return xml_findings(text)
    if suffix in CSS:
        return css_findings(text, stylesheet=True)
    return script_findings(text, built)


def html_findings(text: str, *, live: bool = False) -> list[Finding]:
    """An HTML page: its elements' attributes and styles, and its policy against its inline scripts."""
    document = LexborHTMLParser(text)
    findings = _policy_findings(document, live=live)
    for node in document.root.traverse() if document.root else ():
        attributes = node.attributes
        if attributes:
            findings += element_findings(node.tag or "", attributes)
        tag = node.tag
        if tag == "style":
            findings += css_findings(node.text(deep=True), stylesheet=True)
    return findings


def _policy_findings(document: LexborHTMLParser, *, live: bool) -> list[Finding]:
    """A page whose head lacks the site's policy before its first script, or has an inline script the policy forbids."""
    # Lexbor matches a selector list in document order: the first match says which comes first.
    first = document.css_first('head > meta[http-equiv="content-security-policy" i], script')
    if first is None or first.tag != "meta":
        return [
            Finding(
                "no Content-Security-Policy before the page's first script: "
                "only pages MkDocs renders from Markdown carry one; "
                "write the page as Markdown instead of HTML",
                META_START,
            )
        ]
    allowed = directive(first.attributes.get("content") or "", "script-src")
    if live and LIVE in allowed:
        return []
    findings = []
    for script in document.css("script"):
        body = script.text(deep=True)
        if "src" not in script.attributes and source_hash(body) not in allowed:
            findings.append(
                Finding(
                    "an inline <script> the page's Content-Security-Policy does not allow, so it never runs: "
                    "pages carry no scripts of their own; remove it",
                    next((line for line in body.splitlines() if line.strip()), "<script"),
                )
            )
    return findings


def directive(policy: str, name: str) -> set[str]:
    """The sources one directive of a policy allows (the first directive of that name counts, as in browsers)."""
    for part in policy.split(";"):
        words = part.split()
        if words and words[0].lower() == name:
            return set(words[1:])
    return set()


def element_findings(tag: str, attributes: Mapping[str, str | None]) -> list[Finding]:
    """One element's handlers, addresses and inline style; `tag` and attribute names as the parser gives them."""
    findings: list[Finding] = []
    for raw_name, raw_value in attributes.items():
        name = _local(raw_name.lower())
        if name.startswith("on"):
            findings.append(
                Finding(
                    f"an inline event handler `{raw_name}=` on <{_local(tag)}>: "
                    "the site's pages run only its own script files; remove it",
                    raw_name,
                )
            )
        elif name in URL_ATTRIBUTES:
            findings += _url_findings(_local(tag.lower()), raw_name, name, raw_value or "", attributes)
        elif name == "style":
            findings += css_findings(raw_value or "", stylesheet=False)
    return findings


def _url_findings(
    tag: str, raw_name: str, name: str, value: str, attributes: Mapping[str, str | None]
) -> list[Finding]:
    """A `javascript:` address in any address attribute; another host in one that makes the browser fetch."""
    kinds = [(url, kind) for url in _addresses(name, value) if (kind := url_kind(url))]
    if not kinds:
        return []
    relations = set((attributes.get("rel") or "").lower().split())
    fetches = name in FETCHING or (name == "data" and tag == "object") or (name == "href" and _fetches(tag, relations))
    return [_address_finding(tag, raw_name, url, kind) for url, kind in kinds if kind == "script" or fetches]


def _fetches(tag: str, relations: set[str]) -> bool:
    """Whether an `href` on this element loads something (everything but links followed and relations named)."""
    if tag in FOLLOWED:
        return False
    return not (tag == "link" and relations and relations <= NAMING_RELATIONS)


def _addresses(name: str, value: str) -> list[str]:
    """The addresses one attribute holds: a list of candidates in a srcset, a list of values in an SVG animation."""
    if name in ("srcset", "imagesrcset"):
        return [candidate.split()[0] for candidate in value.split(",") if candidate.split()]
    if name in ("values", "to", "from", "by"):
        return [part.strip() for part in value.split(";")]
    if name == "ping":
        return value.split()
    return [value]


def url_kind(url: str) -> str | None:
    """`"script"` for a `javascript:` address, `"host"` for one on another host, None for the site's own.

    The address is read as the URL parser reads it.
    """
    # The URL parser drops tabs and newlines anywhere, and spaces and control characters at either end.
    address = _URL_NOISE.sub("", url).strip("".join(map(chr, range(33)))).lower()
    if address.startswith(("javascript:", "vbscript:")):
        return "script"
    if address.replace("\\", "/").startswith("//"):
        return "host"
    scheme = _SCHEME.match(address)
    if scheme and scheme.group() not in ("data:", "about:", "mailto:", "tel:"):
        return "host"
    return None


def _address_finding(tag: str, attribute: str, url: str, kind: str) -> Finding:
    """The finding for one address, in the words of what it does."""
    if kind == "script":
        return Finding(f"a `javascript:` address in <{tag} {attribute}>: link to a page or an anchor instead", url)
    return Finding(
        f"<{tag} {attribute}> loads {url.strip()} from another host: "
        "put the file in docs/ and refer to it by a relative address",
        url,
    )


def css_findings(text: str, *, stylesheet: bool) -> list[Finding]:
    """Addresses in a stylesheet (or a `style` attribute): `url()`, `src()`, `image-set()` and `@import`."""
    nodes = tinycss2.parse_stylesheet(text) if stylesheet else tinycss2.parse_blocks_contents(text)
    findings = []
    for url in _css_urls(nodes):
        kind = url_kind(url)
        if kind == "script":
            findings.append(Finding("a `javascript:` address in a stylesheet: remove it", url))
        elif kind == "host":
            findings.append(
                Finding(
                    f"a stylesheet loads {url.strip()} from another host: "
                    "put the file in docs/ and refer to it by a relative address",
                    url,
                )
            )
    return findings


def _css_urls(nodes) -> Iterator[str]:
    """Every address the CSS tokens hold, at any depth."""
    for node in nodes:
        kind = getattr(node, "type", "")
        if kind == "url":
            yield node.value
        elif kind == "at-rule":
            if node.lower_at_keyword == "namespace":  # names a namespace; nothing is fetched
                continue
            if node.lower_at_keyword == "import":
                yield from (token.value for token in node.prelude if token.type == "string")
            yield from _css_urls(node.prelude)
            yield from _css_urls(node.content or [])
        elif kind == "function":
            if node.lower_name in ("url", "src", "image-set", "-webkit-image-set", "image"):
                yield from (token.value for token in node.arguments if token.type == "string")
            yield from _css_urls(node.arguments)
        elif kind in ("qualified-rule",):
            yield from _css_urls(node.prelude)
            yield from _css_urls(node.content)
        elif kind in ("declaration",):
            yield from _css_urls(node.value)
        elif kind in ("() block", "[] block", "{} block"):
            yield from _css_urls(node.content)


def xml_findings(text: str) -> list[Finding]:
    """An SVG or other XML file: no browser policy applies when opened on its own, so it may hold no script at all."""
    try:
        root = ElementTree.fromstring(text)
    except ElementTree.ParseError:
        return []  # a browser shows an error instead of a file that is not well-formed XML, and runs nothing in it
    findings = []
    for element in root.iter():
        tag = _local(str(element.tag)).lower()
        if tag == "script":
            findings.append(
                Finding(
                    "a <script> element: a figure opened on its own would run it on the site's origin; remove it",
                    "<script",
                )
            )
        findings += element_findings(tag, {_xml_name(name): value for name, value in element.attrib.items()})
        if tag == "style":
            findings += css_findings("".join(element.itertext()), stylesheet=True)
    return findings


def script_findings(text: str, built: str) -> list[Finding]:
    """Absolute addresses of other hosts in one of the site's JavaScript files."""
    known = next((hosts for folder, hosts in KNOWN_BASES.items() if built.startswith(folder)), frozenset())
    findings = []
    for match in _JS_URL.finditer(text):
        host = match.group(1).replace("\\", "").lower().rsplit("@", 1)[-1].split(":")[0]
        if host not in known:
            findings.append(
                Finding(
                    f"a script refers to another host ({match.group(0)}): the site loads nothing from other hosts",
                    match.group(0),
                )
            )
    return findings


def _local(name: str) -> str:
    """A name without its namespace: `xlink:href` and `{http://www.w3.org/1999/xlink}href` are both `href`."""
    if ":" not in name and "}" not in name:
        return name
    return name.rsplit("}", 1)[-1].rsplit(":", 1)[-1]


def _xml_name(name: str) -> str:
    """An attribute name as written, with the xlink namespace as its usual prefix (for messages)."""
    return "xlink:" + _local(name) if name.startswith("{http://www.w3.org/1999/xlink}") else _local(name)


def _locate(finding: Finding, source: str, project_dir: Path | None, shared: Sequence[str]) -> tuple[str, int]:
    """The source file and line holding the finding's text, or the built file's own source (line 0) where none does."""
    for candidate in (source, *shared):
        line = _line_of(finding.evidence, project_dir / candidate) if project_dir else 0
        if line:
            return candidate, line
    return source, 0


def _line_of(evidence: str, path: Path) -> int:
    """The first line of `path` that holds `evidence`, in any case; 0 where none does or the file cannot be read."""
    needle = evidence.strip().lower()
    if not needle or not path.is_file():
        return 0
    try:
        lines = path.read_text(encoding="utf-8", errors="replace").lower().splitlines()
    except OSError:
        return 0
    return next((number for number, line in enumerate(lines, 1) if needle in line), 0)
