"""Articles carry Markdown, and raw HTML only from a short allowlist.

Nothing that runs, fetches from another host or follows a script.
"""

from __future__ import annotations

import markdown
import pytest
from mkdocs.config import load_config

from chapter.article_html import AUTHOR_HTML, raw_html_problems, rendered_html_problems
from chapter.articles import outline
from chapter.standard import Article, standard_problems
from tools.site import ROOT

ELEMENT, ATTRIBUTE, SCHEME, RESOURCE = "CI601", "CI602", "CI603", "CI604"
INTRO = "## Введение { #intro }\n\n"  # the payload lands on line 3


@pytest.fixture(scope="module")
def site_markdown():
    """A function rendering Markdown as the site does: mkdocs.yml's markdown_extensions with their settings."""
    config = load_config(str(ROOT / "mkdocs.yml"))

    def render(text: str) -> str:
        return markdown.Markdown(extensions=config.markdown_extensions, extension_configs=config.mdx_configs).convert(
            text
        )

    return render


def places(payload: str) -> set[tuple[int, int, str]]:
    """(line, column, rule) of each problem with `payload` on line 3 of an article."""
    return {(line, column, rule) for line, column, rule, _ in raw_html_problems(INTRO + payload + "\n")}


def column(payload: str, text: str) -> int:
    return payload.index(text) + 1


# Probe case A16, each payload with where its problems are.
A16 = {
    "script from a CDN": (
        "<script src=https://cdn.jsdelivr.net/npm/x.js></script>",
        {(ELEMENT, "<script"), (RESOURCE, "src=")},
    ),
    "inline script": ("<script>alert(1337)</script>", {(ELEMENT, "<script")}),
    "YouTube frame": (
        '<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ" allowfullscreen></iframe>',
        {(ELEMENT, "<iframe"), (RESOURCE, "src=")},
    ),
    "Markdown image from another host": ("![кольцо](https://example.org/ring.png)", {(RESOURCE, "![")}),
    "img with onerror": (
        "<img src=https://example.org/a.png onerror=alert(1337)>",
        {(ELEMENT, "<img"), (RESOURCE, "src="), (ATTRIBUTE, "onerror=")},
    ),
    "web font": (
        '<link href="https://fonts.googleapis.com/css2?family=Inter" rel="stylesheet">',
        {(ELEMENT, "<link"), (RESOURCE, "href=")},
    ),
}


@pytest.mark.parametrize("payload, expected", A16.values(), ids=list(A16))
def test_each_a16_payload_is_refused_where_it_stands(payload, expected):
    assert places(payload) == {(3, column(payload, at), rule) for rule, at in expected}


def test_messages_name_the_element_and_what_to_do_instead():
    found = raw_html_problems(INTRO + A16["YouTube frame"][0] + "\n")
    messages = {rule: message for _, _, rule, message in found}
    assert "<iframe>" in messages[ELEMENT] and "[what it shows](https://…)" in messages[ELEMENT]
    assert "https://www.youtube.com/embed/dQw4w9WgXcQ" in messages[RESOURCE] and "another host" in messages[RESOURCE]


REFUSED_ELEMENTS = [
    "script",
    "style",
    "iframe",
    "object",
    "embed",
    "link",
    "meta",
    "base",
    "form",
    "input",
    "button",
    "textarea",
    "img",
    "svg",
    "math",
    "video",
    "audio",
    "source",
    "frame",
    "template",
    "noscript",
    "a",
    "div",
    "table",
    "details",
]


@pytest.mark.parametrize("element", REFUSED_ELEMENTS)
def test_every_element_off_the_allowlist_is_refused(element):
    payload = f"Текст <{element}>и ещё</{element}>."
    assert places(payload) == {(3, column(payload, "<"), ELEMENT)}


@pytest.mark.parametrize("element", ["SCRIPT", "Script", "IFrame"])
def test_element_names_in_any_case_are_refused(element):
    assert places(f"<{element}>x</{element}>") == {(3, 1, ELEMENT)}


def test_a_closing_tag_alone_is_refused():
    assert places("Текст </div> дальше.") == {(3, 7, ELEMENT)}


@pytest.mark.parametrize(
    "payload, attribute",
    [
        ("<kbd onclick=alert(1)>Ctrl</kbd>", "onclick"),
        ('<sup onmouseover="alert(1)">2</sup>', "onmouseover"),
        ('<abbr title="HBM" onfocus=alert(1)>HBM</abbr>', "onfocus"),
        ("<br onload=alert(1)>", "onload"),
        ("<span ONCLICK=alert(1)>x</span>", "ONCLICK"),
        ("<kbd/onclick=alert(1)>x</kbd>", "onclick"),
        ('<kbd style="background: url(https://example.org/t.png)">x</kbd>', "style"),
        ('<span class="md-header">x</span>', "class"),
        ("<abbr id=x title=y>z</abbr>", "id"),
        ("<kbd title=x>y</kbd>", "title"),
    ],
)
def test_attributes_off_the_allowlist_are_refused_on_allowed_elements(payload, attribute):
    found = places(payload)
    assert (3, column(payload, attribute), ATTRIBUTE) in found
    assert {rule for _, _, rule in found} <= {ATTRIBUTE, RESOURCE}


def test_an_attribute_on_another_line_of_its_tag_is_placed_there():
    assert places('<abbr title="HBM"\n  onclick=alert(1)>HBM</abbr>') == {(4, 3, ATTRIBUTE)}


SCHEMES = [
    "javascript:alert(1)",
    "JAVASCRIPT:alert(1)",
    "JaVaScRiPt:alert(1)",
    "java\tscript:alert(1)",
    "java&#x09;script:alert(1)",
    "java&#10;script:alert(1)",
    "&#106;avascript:alert(1)",
    "&#x6A;avascript:alert(1)",
    "&#X6a;avascript:alert(1)",
    "&#0000106avascript:alert(1)",
    "javascript&colon;alert(1)",
    "\x01javascript:alert(1)",
    "jav\x00ascript:alert(1)",
    "vbscript:msgbox(1)",
    "VBScript:msgbox(1)",
    "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
    "DATA:image/svg+xml,<svg/onload=alert(1)>",
]


@pytest.mark.parametrize("url", SCHEMES)
def test_every_scheme_variant_is_refused_in_a_markdown_link(url):
    payload = f"См. [ссылку]({url}) ниже."
    assert places(payload) == {(3, column(payload, "["), SCHEME)}


@pytest.mark.parametrize("url", SCHEMES)
def test_every_scheme_variant_is_refused_in_a_markdown_image(url):
    payload = f"![схема]({url})"
    assert places(payload) == {(3, 1, SCHEME)}


@pytest.mark.parametrize(
    "url", [url for url in SCHEMES if "\t" not in url]
)  # a tab ends a definition's address: not a definition
def test_every_scheme_variant_is_refused_in_a_reference_definition(url):
    payload = f"[r]: {url}"
    assert places(f"См. [текст][r].\n\n{payload}") == {(5, column(payload, url[:3]), SCHEME)}


@pytest.mark.parametrize(
    "url", ["javascript:alert(1)", "JavaScript:alert(1)", "vbscript:msgbox(1)", "data:text/html,x"]
)
def test_a_refused_scheme_is_refused_in_an_autolink_and_a_bracketed_destination(url):
    assert places(f"<{url}>") == {(3, 1, SCHEME)}
    assert places(f"[x](<{url}>)") == {(3, 1, SCHEME)}
    assert places(f"[r]: <{url}>") == {(3, 6, SCHEME)}


@pytest.mark.parametrize("url", ["javascript:alert(1)", "&#x6A;avascript:alert(1)", "java\tscript:alert(1)"])
def test_a_refused_scheme_is_refused_in_raw_html(url):
    payload = f'<a href="{url}">x</a>'
    assert places(payload) == {(3, 1, ELEMENT), (3, column(payload, "href"), SCHEME)}


@pytest.mark.parametrize(
    "source",
    [
        "https://example.org/ring.png",
        "http://example.org/ring.png",
        "HTTPS://example.org/ring.png",
        "hTTps://example.org/ring.png",
        "//example.org/ring.png",
        "\\\\example.org/ring.png",
        "https:example.org/ring.png",
        "<https://example.org/ring one.png>",
    ],
)
def test_markdown_images_from_another_host_are_refused(source):
    assert places(f"Текст ![кольцо]({source}) дальше.") == {(3, 7, RESOURCE)}


def test_an_image_by_reference_from_another_host_is_refused_at_its_definition():
    found = raw_html_problems(INTRO + "![кольцо][ring]\n\n[ring]: https://example.org/ring.png\n")
    assert [(line, column, rule) for line, column, rule, _ in found] == [(5, 9, RESOURCE)]
    assert "line 3" in found[0][3]


@pytest.mark.parametrize(
    "payload",
    [
        "[NCCL](https://docs.nvidia.com/deeplearning/nccl/)",
        "[NCCL](HTTPS://docs.nvidia.com/deeplearning/nccl/)",
        "[схема](//example.org/page)",
        "<https://arxiv.org/abs/1910.02054>",
        "<nccl@example.org>",
        "[почта](mailto:nccl@example.org)",
        "[раздел](#intro) и [тема](collective-operations.md#ring)",
        "[ZeRO][zero]\n\n[zero]: https://arxiv.org/abs/1910.02054",
        "![кольцо](../figures/collective-operations-ring.svg)",
    ],
)
def test_links_to_other_hosts_and_local_images_pass(payload):
    assert places(payload) == set()


ALLOWED = [
    "<kbd>Ctrl</kbd>+<kbd>C</kbd>",
    "H<sub>2</sub>O и 2<sup>16</sup>",
    '<abbr title="High Bandwidth Memory">HBM</abbr>',
    "строка<br>строка<br/>строка<br />",
    '<span lang="en">data parallelism</span>',
    '<kbd lang="en">Enter</kbd>',
    "| клавиши | действие |\n|---|---|\n| <kbd>Ctrl</kbd><br><kbd>C</kbd> | копировать |",
    "<!-- заметка для редактора -->",
    '## Память { #memory lang="ru" }',
    '[ZeRO](https://arxiv.org/abs/1910.02054){ lang="en" }',
    "5 < 7 и 7 > 5, a<-b",
]


@pytest.mark.parametrize("payload", ALLOWED)
def test_allowed_html_passes(payload):
    assert places(payload) == set()


CODE = [
    "```html\n<script src=https://cdn.example.org/x.js></script>\n```",
    "~~~~\n<iframe src=https://example.org></iframe>\n[x](javascript:alert(1))\n~~~~",
    "````markdown\n```\n<script>alert(1)</script>\n```\n````",
    "Тег `<script>` и `MIG-<UUID>`.",
    "Тег ``<iframe src=`https://example.org`>`` внутри.",
    "Тег ```<img src=https://example.org/a.png onerror=alert(1)>``` внутри.",
    "Код `[x](javascript:alert(1))` и `![](https://example.org/a.png)`.",
    "Код в двух строках `<script\nsrc=https://example.org/x.js>` внутри абзаца.",
    "Отступ в четыре пробела:\n\n    <script src=https://cdn.example.org/x.js></script>\n    ![](https://example.org/a.png)",
    '!!! note "Пример"\n\n    ```html\n    <iframe src="https://example.org"></iframe>\n    ```',
    "- пункт списка\n\n    ```html\n    <script>alert(1)</script>\n    ```",
]


@pytest.mark.parametrize("payload", CODE)
def test_html_inside_code_passes(payload):
    assert places(payload) == set()


def test_backticks_escaped_or_unmatched_make_no_code():
    assert places("Не код \\`<script>\\` здесь.") == {(3, 10, ELEMENT)}
    assert places("Одна ` кавычка <script>") == {(3, 16, ELEMENT)}


@pytest.mark.parametrize(
    "payload",
    [
        "<!-- --!><script>alert(1)</script> -->",
        "<!--><script>alert(1)</script>-->",
        "<![CDATA[><img src=x onerror=alert(1)>]]>",
        "<!DOCTYPE html>",
        "<?php echo 1; ?>",
        "Текст <kbd onclick=alert(1)",
    ],
)
def test_markup_parsers_may_read_differently_is_refused(payload):
    assert ELEMENT in {rule for _, _, rule in places(payload)}


@pytest.mark.parametrize(
    "payload",
    [
        '[x](https://example.org){ onclick="alert(1)" }',
        '## Раздел { #part onmouseover="alert(1)" }',
        '![a](../figures/a.svg){ style="x" }',
    ],
)
def test_attribute_lists_set_only_anchors_classes_and_lang(payload):
    assert places(payload) == {(3, column(payload, "{"), ATTRIBUTE)}


def test_a_fence_may_not_pass_data_attributes_to_the_page():
    assert places('``` { .python data-x="1" title="x" }\nprint(1)\n```') == {(3, 1, ATTRIBUTE)}
    assert places('``` { .python .gpu title="Нужен GPU" }\nprint(1)\n```') == set()


def test_every_author_element_is_declared_with_a_reason():
    assert all(allowed.why for allowed in AUTHOR_HTML)
    assert {element for allowed in AUTHOR_HTML for element in allowed.elements} == {
        "kbd",
        "sub",
        "sup",
        "abbr",
        "br",
        "span",
    }


# What the site renders -----------------------------------------------------------------------------


def test_every_markdown_extension_renders_only_to_allowed_html(site_markdown):
    """Admonitions, details, tabs, definition lists, aligned tables, footnotes, abbreviations, numbered code."""
    text = INTRO + (
        "*[HBM]: High Bandwidth Memory\n\nHBM[^1] и `#!python print(1)`.\n\n"
        '!!! note "Заметка"\n    Текст.\n\n??? tip "Свёрнуто"\n    Текст.\n\n???+ warning\n    Открыто.\n\n'
        "Термин\n:   Определение.\n\n| a | b | c |\n|:--|:-:|--:|\n| 1 | 2 | 3 |\n\n"
        '=== "Один"\n    один\n\n=== "Два"\n    два\n\n'
        '```python linenums="1" title="x.py" hl_lines="1"\nprint(1)\n```\n\n1. раз\n2. два\n\n> цитата\n\n---\n\n'
        '![кольцо](../figures/ring.svg "кольцо") [ZeRO](https://arxiv.org/abs/1910.02054){ lang="en" } <https://example.org>\n\n'
        "[^1]: Сноска.\n"
    )
    rendered = site_markdown(text)
    assert all(
        mark in rendered
        for mark in ("<details", "tabbed-set", "<dl>", "text-align: center", "footnote", "<abbr", "linenos", "<ol>")
    )
    assert rendered_html_problems(rendered) == []


# Each refused payload and the rules the rendered HTML breaks: an <img> or a <div> is markup Markdown makes,
# so there only its attributes are refused.
REFUSED_RENDERED = {
    "script from a CDN": (A16["script from a CDN"][0], {ELEMENT, RESOURCE}),
    "inline script": (A16["inline script"][0], {ELEMENT}),
    "YouTube frame": (A16["YouTube frame"][0], {ELEMENT, RESOURCE}),
    "Markdown image from another host": (A16["Markdown image from another host"][0], {RESOURCE}),
    "img with onerror": (A16["img with onerror"][0], {ATTRIBUTE, RESOURCE}),
    "web font": (A16["web font"][0], {ELEMENT, RESOURCE}),
    "handler on kbd": ("<kbd onclick=alert(1)>Ctrl</kbd>", {ATTRIBUTE}),
    "style fetching": ('<kbd style="background: url(//example.org/t.png)">x</kbd>', {ATTRIBUTE, RESOURCE}),
    "javascript link": ("[x](javascript:alert(1))", {SCHEME}),
    "encoded scheme": ("[x](&#x6A;avascript:alert(1))", {SCHEME}),
    "tab in scheme": ("[x](java\tscript:alert(1))", {SCHEME}),
    "vbscript reference": ("[x][r]\n\n[r]: vbscript:msgbox(1)", {SCHEME}),
    "data image": ("![x](data:image/svg+xml;base64,PHN2Zz4=)", {SCHEME}),
    "protocol-relative image": ("![x](//example.org/a.png)", {RESOURCE}),
    "upper-case image": ("![x](HTTPS://example.org/a.png)", {RESOURCE}),
    "image by reference": ("![x][r]\n\n[r]: https://example.org/a.png", {RESOURCE}),
    "handler by attribute list": ('[x](https://example.org){ onclick="alert(1)" }', {ATTRIBUTE}),
    "style by attribute list": (
        '## Раздел { #part style="background:url(https://example.org/a.png)" }',
        {ATTRIBUTE, RESOURCE},
    ),
    "comment ending early": ("<!-- --!><script>alert(1)</script> -->", {ELEMENT}),
    "CDATA": ("<![CDATA[><img src=x onerror=alert(1)>]]>", {ELEMENT}),
    "data attribute on a fence": ('``` { .python data-x="1" }\nprint(1)\n```', {ATTRIBUTE}),
    "markdown in a div": ('<div markdown onclick="alert(1)">\n**x**\n</div>', {ATTRIBUTE}),
}


@pytest.mark.parametrize("payload, rules", REFUSED_RENDERED.values(), ids=list(REFUSED_RENDERED))
def test_each_refused_payload_is_refused_in_the_rendered_html_too(payload, rules, site_markdown):
    assert places(payload)
    assert {rule for rule, _ in rendered_html_problems(site_markdown(INTRO + payload + "\n"))} == rules


def test_the_autolink_markdown_leaves_as_a_tag_is_refused_in_the_rendered_html(site_markdown):
    assert {rule for rule, _ in rendered_html_problems(site_markdown("<javascript:alert(1)>"))} == {ELEMENT}


@pytest.mark.parametrize(
    "html",
    [
        (
            '<p><a href="#intro">x</a> <a href="https://example.org" lang="en">y</a> '
            '<a href="mailto:a@example.org">z</a></p>'
        ),
        '<p><img alt="a" src="../figures/ring.ru.svg" /></p>',
        '<table><tr><td style="text-align: right;">1</td></tr></table>',
    ],
)
def test_rendered_links_and_local_images_pass(html):
    assert rendered_html_problems(html) == []


@pytest.mark.parametrize(
    "html, rule",
    [
        ('<td style="color: red">1</td>', ATTRIBUTE),
        ('<input type="image" src="x.png">', ATTRIBUTE),
        ('<a href="ftp://example.org/x">x</a>', SCHEME),
        ('<img src="/\\example.org/a.png">', RESOURCE),
        ("<p>text <kbd", ELEMENT),
    ],
)
def test_rendered_values_addresses_and_unclosed_tags_are_refused(html, rule):
    assert rule in {found for found, _ in rendered_html_problems(html)}


# The standard's typography ----------------------------------------------------------------------


def _typography(text: str) -> list[str]:
    article = Article("x", "ru", text, outline(text), frozenset(), {})
    return [message for _, rule, message in standard_problems(article) if rule == "CI106"]


def test_quotes_of_html_attributes_are_not_straight_quotes_in_prose():
    assert not [
        m
        for m in _typography('Память <abbr title="High Bandwidth Memory">HBM</abbr> быстрая.\n')
        if "straight quotes" in m
    ]
    assert [m for m in _typography('Память <abbr title="HBM">HBM</abbr> "быстрая".\n') if "straight quotes" in m]
