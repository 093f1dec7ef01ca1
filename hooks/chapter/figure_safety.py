"""Figures are inert: what an SVG may hold before the site ships it.

A figure is served from the site's own origin, and a reader who opens it on
its own ("open image in new tab") gets a document in which scripts run and
links lead anywhere. So every figure is held to what a drawing needs, and the
rest is refused before the build writes a page:

- nothing that runs: no `<script>`, no `on*` handler, no `javascript:`,
  `vbscript:` or `data:` address, no animation that rewrites a link, handler or
  style, no HTML or MathML inside the drawing;
- nothing from elsewhere: a figure is self-contained, so every `href`, every
  other address and every CSS `url(…)` is a fragment of the figure itself
  (`#arrow`), and CSS `@import` and `<?xml-stylesheet?>` are refused outright;
- nothing that hides either: no DOCTYPE (whose entities can spell any of the
  above, or expand to gigabytes), UTF-8 only, and a fact's marker only where
  its value becomes text.

The decision is taken on the parsed document, not on its bytes: expat resolves
character references (`&#106;avascript:`), tinycss2 resolves CSS escapes
(`\\68 ttps:`), and names are compared without regard to case.
"""

from __future__ import annotations

import xml.parsers.expat
from dataclasses import dataclass, field
from urllib.parse import urlsplit

import tinycss2
import tinycss2.ast

from .facts import MARKER

SVG = "http://www.w3.org/2000/svg"
XHTML = "http://www.w3.org/1999/xhtml"
MATHML = "http://www.w3.org/1998/Math/MathML"
ACTIVE, ELSEWHERE, MALFORMED, MISPLACED_MARKER = "CI605", "CI606", "CI701", "CI404"

# The SVG elements a drawing is made of. Anything else in the SVG namespace is refused: the elements
# that run code (script, handler, listener) or embed another document (foreignObject, video, …) among them.
DRAWING = frozenset(
    {
        *("svg", "g", "defs", "symbol", "use", "switch", "a", "view", "title", "desc", "metadata", "style"),
        *("rect", "circle", "ellipse", "line", "polyline", "polygon", "path", "image"),
        *("text", "tspan", "textPath", "marker", "pattern", "clipPath", "mask"),
        *(
            "linearGradient",
            "radialGradient",
            "stop",
            "filter",
            "animate",
            "animateMotion",
            "animateTransform",
            "set",
            "mpath",
        ),
        *("feBlend", "feColorMatrix", "feComponentTransfer", "feComposite", "feConvolveMatrix", "feDiffuseLighting"),
        *("feDisplacementMap", "feDistantLight", "feDropShadow", "feFlood", "feFuncA", "feFuncB", "feFuncG", "feFuncR"),
        *("feGaussianBlur", "feImage", "feMerge", "feMergeNode", "feMorphology", "feOffset", "fePointLight"),
        *("feSpecularLighting", "feSpotLight", "feTile", "feTurbulence"),
    }
)
RUNS = frozenset({"script", "handler", "listener"})
EMBEDS = frozenset({"foreignObject", "iframe", "embed", "object", "video", "audio", "canvas", "font-face-uri"})
ANIMATION = frozenset({"animate", "animateColor", "animateMotion", "animateTransform", "set"})
# Attributes whose value is an address, whatever element carries them (`base` is xml:base).
ADDRESS = frozenset(
    {
        "href",
        "src",
        "srcset",
        "action",
        "formaction",
        "data",
        "poster",
        "background",
        "codebase",
        "cite",
        "longdesc",
        "ping",
        "base",
    }
)
# CSS functions whose strings are addresses; url() written without quotes is a token of its own.
CSS_ADDRESS = frozenset({"url", "src", "image", "image-set", "-webkit-image", "-webkit-image-set"})
ACTIVE_SCHEMES = frozenset({"javascript", "vbscript", "data"})
# Attributes a reader hears as text: the only ones where a fact's value may stand.
LABELS = frozenset({"aria-label", "aria-description", "aria-roledescription", "aria-valuetext"})
STRIPPED = "".join(map(chr, range(0x21)))  # what a browser strips around an address
REMOVED = str.maketrans("", "", "\t\n\r")  # and removes inside it

Found = list[tuple[int, str, str]]


def figure_safety(source: bytes) -> Found:
    """(line, rule id, message) for everything in an SVG that is not an inert, self-contained drawing.

    [] for a figure that may ship.

    CI605: content that runs (script, handlers, javascript:, HTML); CI606: a
    reference to another host or another file; CI701: a file that is not
    well-formed UTF-8 XML with an <svg> root; CI404: a fact's marker where its
    value would not be text.
    """
    try:
        source.decode("utf-8")
    except UnicodeDecodeError as error:
        line = source.count(b"\n", 0, error.start) + 1
        return [
            (
                line,
                MALFORMED,
                "the figure is not UTF-8 text; save it as UTF-8"
                ' (with the XML declaration\'s encoding="UTF-8", or none)',
            )
        ]
    return sorted(_Reader(source).read())


@dataclass
class _Element:
    namespace: str
    local: str
    written: str  # the name as the author wrote it, prefix included
    line: int
    style: list[tuple[int, str]] = field(default_factory=list)  # (line, text) of a <style> element's own characters


class _Stop(Exception):
    """Raised from a handler to stop reading where going on would be unsafe."""


@dataclass
class _Reader:
    """One pass of expat over a figure, collecting what it finds; the handlers are its methods."""

    source: bytes
    found: Found = field(default_factory=list)
    stack: list[_Element] = field(default_factory=list)
    rooted: bool = False
    # UTF-8 whatever the declaration says, as the file was checked to be;
    # a space separates namespace, local name and prefix.
    parser: xml.parsers.expat.XMLParserType = field(
        default_factory=lambda: xml.parsers.expat.ParserCreate("UTF-8", " ")
    )

    def read(self) -> Found:
        parser = self.parser
        parser.namespace_prefixes = True
        parser.XmlDeclHandler = self.declaration
        parser.StartDoctypeDeclHandler = self.doctype
        parser.ProcessingInstructionHandler = self.instruction
        parser.StartElementHandler = self.start
        parser.EndElementHandler = self.end
        parser.CharacterDataHandler = self.characters
        try:
            parser.Parse(self.source, True)
        except xml.parsers.expat.ExpatError as error:
            reason = xml.parsers.expat.ErrorString(error.code)
            self.found.append(
                (error.lineno, MALFORMED, f"the SVG is not well-formed XML: {reason}; correct the markup at this line")
            )
        except _Stop:
            pass
        return self.found

    def add(self, rule: str, message: str, line: int | None = None) -> None:
        self.found.append((line or self.parser.CurrentLineNumber, rule, message))

    def declaration(self, version: str, encoding: str | None, standalone: int) -> None:
        if encoding and encoding.lower().replace("_", "-") not in ("utf-8", "utf8"):
            self.add(
                MALFORMED,
                f'the XML declaration names encoding="{encoding}"; figures are UTF-8: save the file as UTF-8 and'
                ' write encoding="UTF-8" or no encoding',
            )

    def doctype(self, name: str, system_id: str | None, public_id: str | None, has_internal_subset: int) -> None:
        """A DOCTYPE is refused and reading stops there: its entities could spell anything, or expand without end."""
        advice = "its entities can hide addresses and expand to gigabytes" if has_internal_subset else "SVG needs none"
        self.add(
            MALFORMED, f"<!DOCTYPE {name}>: a figure carries no DOCTYPE ({advice}); delete it and write the text itself"
        )
        raise _Stop

    def instruction(self, target: str, data: str) -> None:
        if target.lower() == "xml-stylesheet":
            self.add(
                ELSEWHERE,
                f"<?xml-stylesheet {_shown(data)}?> loads a stylesheet from another file; put the rules"
                " in a <style> element inside the figure",
            )
        else:
            self.add(MALFORMED, f"<?{target} …?>: a processing instruction has no place in a figure; delete it")

    def start(self, name: str, attributes: dict[str, str]) -> None:
        element = _element(name, self.parser.CurrentLineNumber)
        if not self.rooted:
            self.rooted = True
            if (element.namespace, element.local) != (SVG, "svg"):
                self.add(
                    MALFORMED,
                    f'the figure starts with <{element.written}>; an SVG figure starts with <svg xmlns="{SVG}">',
                )
        self.element(element)
        for attribute, value in attributes.items():
            self.attribute(element, _element(attribute, element.line), value)
        self.stack.append(element)

    def end(self, name: str) -> None:
        element = self.stack.pop()
        if element.style:
            css, line = "".join(text for _, text in element.style), element.style[0][0]
            where = f"<{element.written}>"
            for match in MARKER.finditer(css):
                self.add(
                    MISPLACED_MARKER,
                    f"{match[0]} in {where}: a fact's value is text, so its marker may stand"
                    " in a label only; write the value here",
                    line + css.count("\n", 0, match.start()),
                )
            self.css(css, line, where)

    def characters(self, data: str) -> None:
        element = self.stack[-1] if self.stack else None
        if element is not None and element.namespace == SVG and element.local == "style":
            element.style.append((self.parser.CurrentLineNumber, data))

    def element(self, element: _Element) -> None:
        """Only SVG's drawing elements.

        HTML and MathML are refused wherever they stand, other namespaces (an editor's metadata) are inert.
        """
        tag = f"<{element.written}>"
        if element.namespace in (XHTML, MATHML):
            kind = "an HTML" if element.namespace == XHTML else "a MathML"
            self.add(
                ACTIVE,
                f"{tag} is {kind} element, which a browser runs or embeds inside the drawing; draw"
                " it with SVG shapes and <text> instead",
            )
        elif element.namespace != SVG or element.local in DRAWING:
            return
        elif element.local in RUNS:
            self.add(
                ACTIVE, f"{tag} runs code wherever the figure is opened; a figure is a drawing: delete the element"
            )
        elif element.local in EMBEDS:
            self.add(
                ACTIVE,
                f"{tag} embeds another document or media inside the drawing; draw"
                " it with SVG shapes and <text> instead",
            )
        else:
            self.add(
                ACTIVE,
                f"{tag} is not one of the drawing elements a figure may hold (shapes, text, gradients, markers,"
                " filters); draw it with those, or delete it",
            )

    def attribute(self, element: _Element, attribute: _Element, value: str) -> None:
        tag, name, local = f"<{element.written}>", attribute.written, attribute.local.lower()
        if local.startswith("on"):
            self.add(
                ACTIVE,
                f'{tag} {name}="{_shown(value)}": an event handler runs code wherever the figure is opened; delete the'
                f" {name} attribute",
            )
            return
        if MARKER.search(value) and local not in LABELS:
            self.add(
                MISPLACED_MARKER,
                f'{tag} {name}="{_shown(value)}": a fact\'s value is text, so its marker may stand in a label (<text>,'
                " aria-label) only; write the value here",
            )
        if element.namespace == SVG and element.local in ANIMATION and local == "attributename":
            target = value.rpartition(":")[2].strip().lower()
            if target.startswith("on") or target in ADDRESS or target == "style":
                self.add(
                    ACTIVE,
                    f'{tag} attributeName="{_shown(value)}" rewrites a link, handler or style as the figure plays;'
                    " animate drawing attributes only",
                )
        if local in ADDRESS:
            self.address(value, f'{tag} {name}="{_shown(value)}"')
        elif "(" in value and local not in LABELS:  # a CSS function needs a parenthesis, escapes included
            self.css(value, element.line, f"the {name} attribute of {tag}")

    def address(self, value: str, where: str, line: int | None = None) -> None:
        """Every address in a figure is a fragment of the figure itself (or empty, the figure)."""
        kind = _kind(value)
        if kind == "fragment":
            return
        if kind in ACTIVE_SCHEMES:
            self.add(
                ACTIVE,
                f"{where}: a {kind}: address runs or embeds what no check has read; a figure may point only at its own"
                ' parts, as "#id"',
                line,
            )
        elif kind == "host":
            self.add(
                ELSEWHERE,
                f"{where} loads from another host, and the site ships everything it shows: draw it in the figure and"
                ' refer to it as "#id"',
                line,
            )
        else:
            self.add(
                ELSEWHERE,
                f"{where} refers to another file; a figure is self-contained: put what it needs inside it and refer to"
                ' it as "#id"',
                line,
            )

    def css(self, css: str, line: int, where: str) -> None:
        """CSS in a <style> element or an attribute: @import refused, every address in it a fragment."""
        for token in _css_tokens(tinycss2.parse_component_value_list(css, skip_comments=True)):
            at = line + token.source_line - 1
            if isinstance(token, tinycss2.ast.AtKeywordToken) and token.lower_value == "import":
                self.add(
                    ELSEWHERE,
                    f"@import in {where} loads another stylesheet; write its rules"
                    " into the figure's own <style> element",
                    at,
                )
            elif isinstance(token, tinycss2.ast.URLToken):
                self.address(token.value, f"url({_shown(token.value)}) in {where}", at)
            elif isinstance(token, tinycss2.ast.FunctionBlock) and token.lower_name in CSS_ADDRESS:
                for argument in token.arguments:
                    if isinstance(argument, tinycss2.ast.StringToken):
                        self.address(argument.value, f'{token.lower_name}("{_shown(argument.value)}") in {where}', at)


def _element(name: str, line: int) -> _Element:
    """An element or attribute name as expat reports it with namespaces.

    It is 'namespace local prefix', 'namespace local' or 'local'.
    """
    parts = name.split(" ")
    namespace, local = (parts[0], parts[1]) if len(parts) > 1 else ("", parts[0])
    written = f"{parts[2]}:{local}" if len(parts) > 2 else local
    return _Element(namespace, local, written, line)


def _css_tokens(nodes: list[tinycss2.ast.Node]) -> list[tinycss2.ast.Node]:
    """Every token of a CSS component list, blocks and function arguments opened.

    Without recursion, as nesting has no limit.
    """
    tokens, waiting = [], list(reversed(nodes))
    while waiting:
        node = waiting.pop()
        tokens.append(node)
        inner = node.arguments if isinstance(node, tinycss2.ast.FunctionBlock) else getattr(node, "content", None)
        if isinstance(inner, list):
            waiting += reversed(inner)
    return tokens


def _kind(value: str) -> str:
    """What an address leads to, as a browser reads it: 'fragment' (or empty), a refused scheme, 'host' or 'file'."""
    address = value.strip(STRIPPED).translate(REMOVED)
    if not address or address.startswith("#"):
        return "fragment"
    try:
        parts = urlsplit(address)
    except ValueError:
        return "file"
    scheme = parts.scheme.lower()
    if scheme in ACTIVE_SCHEMES:
        return scheme
    return "host" if scheme or parts.netloc or address.startswith(("//", "\\\\", "/\\", "\\/")) else "file"


def _shown(value: str, limit: int = 60) -> str:
    """A value as a message quotes it: on one line, and short."""
    text = " ".join(value.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"
