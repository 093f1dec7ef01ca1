"""A fact marker becomes its value as text wherever Markdown puts it, or a problem where a linked value cannot stand."""

from __future__ import annotations

import re

import pytest
from bs4 import BeautifulSoup
from mkdocs.config import load_config

from chapter.facts import load_registry
from chapter.markdown import DIALECT, Dialect, article_renderer, dialect_drift, render_article
from chapter.mkdocs_yml import places
from chapter.quotes import checked_render, quote_markers, resolve, resolve_text
from chapter.render import PageRenderer
from tools.site import MINI, ROOT

NBSP = "\u00a0"


def _link(fact_id: str) -> str | None:
    """A stand-in for the fact's link: known facts are those whose id starts with 'h100'."""
    return f'<a class="ci-fact" href="#{fact_id}">V</a>' if fact_id.startswith("h100") else None


def _page(markdown: str) -> tuple[BeautifulSoup, list[tuple[int, int, str, str]]]:
    quoted = quote_markers(markdown)
    html, problems = resolve(render_article(quoted.text), quoted.quotes, _link)
    return BeautifulSoup(html, "html.parser"), problems


def test_markers_outside_fences_become_tokens_of_letters_and_digits_with_their_place():
    text = "Memory {fact:a} and `{fact:b}`.\n\n```python\nx = '{fact:c}'\n```\n\n| H100 | {fact:d} |\n"
    quoted = quote_markers(text)
    assert [(quote.fact_id, quote.line, quote.column) for quote in quoted.quotes] == [
        ("a", 1, 8),
        ("b", 1, 22),
        ("d", 7, 10),
    ]
    assert all(re.fullmatch("[a-z0-9]+", quote.token) for quote in quoted.quotes)
    assert len({quote.token for quote in quoted.quotes}) == 3
    assert "x = '{fact:c}'" in quoted.text and "{fact:a}" not in quoted.text and "{fact:d}" not in quoted.text
    assert (
        quoted.text.replace(quoted.quotes[0].token, "{fact:a}")
        .replace(quoted.quotes[1].token, "{fact:b}")
        .replace(quoted.quotes[2].token, "{fact:d}")
        == text
    )
    assert quote_markers(text) == quoted  # the same article, the same tokens: builds stay reproducible


def test_a_token_cannot_be_forged_by_the_article():
    first = quote_markers("{fact:a}\n").quotes[0].token
    forged = quote_markers(f"{first} {{fact:a}}\n")
    assert forged.quotes[0].token != first
    soup, problems = _page(f"{first} {{fact:h100}}\n")
    assert problems == [] and soup.p.get_text() == f"{first} V"


@pytest.mark.parametrize(
    ("markdown", "selector"),
    [
        ("HBM holds {fact:h100}.\n", "p > a.ci-fact"),
        ("| GPU | Memory |\n|---|---|\n| H100 | {fact:h100} |\n", "td > a.ci-fact"),
        ("## Memory {fact:h100} { #memory }\n", "h2#memory > a.ci-fact"),
        ("- H100: {fact:h100}\n- A100\n", "li > a.ci-fact"),
        ("See the note.[^1]\n\n[^1]: H100: {fact:h100}.\n", ".footnote li p > a.ci-fact"),
        ('!!! note "H100 {fact:h100}"\n    Text.\n', ".admonition-title > a.ci-fact"),
        ("Term\n:   H100 has {fact:h100}.\n", "dd a.ci-fact"),
    ],
    ids=["prose", "table cell", "heading", "list", "footnote", "admonition title", "definition"],
)
def test_a_marker_in_text_becomes_the_facts_link(markdown, selector):
    soup, problems = _page(markdown)
    assert problems == []
    assert [link["href"] for link in soup.select(selector)] == ["#h100"]
    assert "{fact:" not in str(soup) and "cifact" not in str(soup)


@pytest.mark.parametrize(
    ("markdown", "code"),
    [
        ('```python\nhbm = "{fact:h100}"\n```\n', 'hbm = "{fact:h100}"\n'),
        ('Text.\n\n    hbm = "{fact:h100}"\n', 'hbm = "{fact:h100}"\n'),
        ("Write `{fact:h100}` where the value goes.\n", "{fact:h100}"),
        ("Write ``{fact:h100} and ` `` where the value goes.\n", "{fact:h100} and `"),
        ("Write `#!python hbm = {fact:h100}` here.\n", "hbm = {fact:h100}"),
    ],
    ids=["fenced", "indented", "inline", "inline with a backtick", "inline highlighted"],
)
def test_a_marker_in_code_stays_as_written(markdown, code):
    soup, problems = _page(markdown)
    assert problems == []
    assert soup.select("a.ci-fact") == []
    assert soup.find("code").get_text() == code


@pytest.mark.parametrize(
    ("markdown", "line", "column", "where"),
    [
        ("See [the {fact:h100} card](https://example.org/).\n", 1, 10, "a link's text"),
        ("See [the card](https://example.org/{fact:h100}).\n", 1, 36, "a link's address"),
        ("See [the {fact:h100} card][card].\n\n[card]: https://example.org/\n", 1, 10, "a link's text"),
        ("See [the card][card].\n\n[card]: https://example.org/{fact:h100}\n", 3, 29, "a link's address"),
        ('See [the card][card].\n\n[card]: https://example.org/ "Card {fact:h100}"\n', 3, 36, "a link's title"),
        ("![Memory {fact:h100}](../figures/x.svg)\n", 1, 10, "an image's description"),
        ('HBM <abbr title="{fact:h100}">HBM</abbr>.\n', 1, 18, "an abbreviation's expansion"),
        ('Text <span data-x="{fact:h100}">x</span>.\n', 1, 20, "the data-x attribute of <span>"),
        ("HBM here.\n\n*[HBM]: High Bandwidth Memory, {fact:h100}\n", 3, 32, "an abbreviation's expansion"),
        ("Text <script>var x = '{fact:h100}'</script>\n", 1, 23, "a <script> element"),
    ],
    ids=[
        "inline-link text",
        "inline-link address",
        "reference-link text",
        "reference definition address",
        "reference definition title",
        "image description",
        "raw HTML attribute",
        "raw HTML data attribute",
        "abbreviation",
        "script",
    ],
)
def test_a_marker_where_a_linked_value_cannot_stand_is_a_problem_at_its_place(markdown, line, column, where):
    soup, problems = _page(markdown)
    assert [(found[0], found[1], found[2]) for found in problems] == [(line, column, "CI404")]
    assert problems[0][3].startswith(f"{{fact:h100}} stands in {where}, ")
    assert soup.select("a.ci-fact") == []
    assert checked_render(markdown, article_renderer())[1] == problems  # the check without MkDocs says the same


def test_a_marker_markdown_drops_is_a_problem():
    text = "Text.\n\n[unused]: https://example.org/{fact:h100}\n"
    problems = checked_render(text, article_renderer())[1]
    assert [(line, column, rule) for line, column, rule, _ in problems] == [(3, 31, "CI404")]
    assert "does not reach the page" in problems[0][3]


def test_a_marker_naming_no_fact_is_a_problem_where_it_would_be_shown():
    _, problems = _page("Memory: {fact:a100}.\n")
    assert problems == [(1, 9, "CI403", "{fact:a100} names no fact in facts.yaml")]


def test_a_marker_in_a_comment_stays_as_written():
    soup, problems = _page("Text.\n\n<!-- {fact:h100} -->\n")
    assert problems == [] and "<!-- {fact:h100} -->" in str(soup)


def test_every_marker_is_checked_and_only_misplaced_ones_are_reported():
    text = (
        "Memory {fact:h100}, see [{fact:h100}](x.md).\n\n```text\n[{fact:h100}](x.md)\n```\n\n"
        "![{fact:h100}](x.svg) and {fact:h100}.\n"
    )
    assert [(line, column) for line, column, _, _ in checked_render(text, article_renderer())[1]] == [(1, 26), (7, 3)]


def test_a_table_of_contents_entry_gets_the_plain_value_escaped():
    quoted = quote_markers("## Memory {fact:h100} { #memory }\n")
    token = quoted.quotes[0].token
    assert (
        resolve_text(f"Memory {token}", quoted.quotes, lambda fact_id: "<b>80</b> GB")
        == "Memory &lt;b&gt;80&lt;/b&gt; GB"
    )
    assert resolve_text(f"Memory {token}", quoted.quotes, lambda fact_id: None) == "Memory {fact:h100}"


HOSTILE_SYMBOL = "[GB](javascript:x)"
HOSTILE_TITLE = 'NVIDIA [H100](<x onmouseover=alert(1337) y>) datasheet, `nvidia-smi -q` *and* "<b>"'


def test_facts_yaml_text_reaches_an_article_as_text_only(catalogue, tmp_path):
    registry_text = (MINI / "facts.yaml").read_text(encoding="utf-8")
    registry_text = registry_text.replace("en: GB}", f"en: '{HOSTILE_SYMBOL}'}}").replace(
        "title: NVIDIA H100 Tensor Core GPU", f"title: '{HOSTILE_TITLE}'", 1
    )
    (tmp_path / "facts.yaml").write_text(registry_text, encoding="utf-8")
    registry, _ = load_registry(tmp_path / "facts.yaml")
    article = "## Memory {fact:h100-sxm-memory} { #memory }\n\nAn H100 has {fact:h100-sxm-memory}.\n"
    renderer = PageRenderer(catalogue, ROOT / "overrides" / "chapter", {("pruning", "en"): article}, registry=registry)
    page = renderer.render({"chapter": "topic", "topic": "pruning"}, "", "en")
    assert page is not None and page.quoting is not None
    html, problems = renderer.finish(render_article(page.markdown), page.quoting)
    assert problems == []
    soup = BeautifulSoup(html, "html.parser")
    links = soup.select("a.ci-fact")
    assert len(links) == 2
    for link in links:
        assert set(link.attrs) == {"class", "href", "title"}
        assert link["title"] == f"Source: {HOSTILE_TITLE}, checked 30 November 2026"
        assert link.get_text() == f"80{NBSP}{HOSTILE_SYMBOL}"
        assert link.find_all(True) == []
    assert not [
        tag
        for tag in soup.find_all(True)
        if any(str(value).startswith("javascript:") or name.startswith("on") for name, value in tag.attrs.items())
    ]
    token = page.quoting.quotes[0].token
    assert renderer.finish_text(f"Memory {token}", page.quoting) == f"Memory 80{NBSP}[GB](javascript:x)"


def test_the_dialect_is_what_mkdocs_yml_gives_python_markdown():
    config = load_config(str(ROOT / "mkdocs.yml"))
    assert tuple(config.markdown_extensions) == DIALECT.extensions
    assert dialect_drift(places(ROOT / "mkdocs.yml"), config.markdown_extensions, config.mdx_configs) == []


DRIFTING = """site_name: x
markdown_extensions:
  - abbr
  - toc:
      permalink: false
  - pymdownx.emoji
"""


def test_a_dialect_that_drifts_from_the_checks_is_named_at_its_lines(tmp_path):
    config = tmp_path / "mkdocs.yml"
    config.write_text(DRIFTING, encoding="utf-8")
    plain = Dialect(extensions=("toc", "abbr"), configs={"toc": {"permalink": True}})
    found = dialect_drift(places(config), ["toc", "abbr", "pymdownx.emoji"], {"toc": {"permalink": False}}, plain)
    assert {(problem.line, problem.column, problem.rule) for problem in found} == {(6, 5, "CI803"), (4, 5, "CI803")}
    emoji = next(problem for problem in found if problem.line == 6)
    assert "lists pymdownx.emoji, which the check's dialect leaves out" in emoji.message
    toc = next(problem for problem in found if problem.line == 4)
    assert "gives toc the options {'permalink': False}; the check's are {'permalink': True}" in toc.message


def test_a_missing_extension_and_another_order_are_named_at_the_list(tmp_path):
    config = tmp_path / "mkdocs.yml"
    config.write_text(DRIFTING, encoding="utf-8")
    plain = Dialect(extensions=("toc", "abbr", "def_list"), configs={})
    (missing,) = dialect_drift(places(config), ["toc", "abbr"], {}, plain)
    assert (missing.line, missing.column) == (2, 1) and "leaves out def_list" in missing.message
    (order,) = dialect_drift(places(config), ["abbr", "toc"], {}, Dialect(extensions=("toc", "abbr"), configs={}))
    assert (order.line, order.column) == (2, 1) and "in another order than the check's: abbr, toc" in order.message


def test_one_renderer_renders_each_article_as_a_fresh_converter_would():
    # Footnotes, abbreviations and heading anchors are state an extension keeps between documents.
    first = "# Setup\n\nHBM[^1] and GPU.\n\n*[GPU]: graphics processor\n\n[^1]: High Bandwidth Memory.\n"
    second = "# Setup\n\nA GPU without notes.\n"
    render = article_renderer()
    assert [render(first), render(second), render(first)] == [render_article(text) for text in (first, second, first)]
    assert "footnote" not in render(second) and "<abbr" not in render(second)
    assert 'id="setup"' in render(second)


def test_a_dialect_renders_what_it_declares():
    plain = Dialect(extensions=("toc",), configs={})
    assert render_article("| a |\n|---|\n| b |\n", plain).startswith("<p>")
    assert render_article("| a |\n|---|\n| b |\n").startswith("<table>")
