"""Glossary terms explained where an article first uses them: which words become a term, what the page then holds."""

from __future__ import annotations

import pytest
from bs4 import BeautifulSoup

from chapter.facts import load_registry
from chapter.glossary import Glossary, Term, parse_glossary
from chapter.loader import load_catalogue
from chapter.markdown import render_article
from chapter.render import PageRenderer
from chapter.terms import mark_terms
from tools.site import MINI, ROOT

TEMPLATES = ROOT / "overrides" / "chapter"
HOSTILE = '<script>alert(1)</script> & "quoted" [link](javascript:alert(2)) **bold** {{ 7 * 7 }}'

GLOSSARY = parse_glossary(f"""\
terms:
  - id: cache
    term: {{ru: кэш, en: cache}}
    definition: {{ru: Быстрая память., en: Fast memory.}}
  - id: kv-cache
    term: {{ru: KV-кэш, en: KV cache}}
    definition: {{ru: Ключи и значения внимания., en: Keys and values of attention.}}
  - id: bandwidth
    term: {{ru: пропускная способность, en: bandwidth}}
    definition:
      ru: Сколько байтов в секунду передаёт память — {{fact:h100-sxm-memory-bandwidth}} у H100.
      en: How many bytes per second memory moves — {{fact:h100-sxm-memory-bandwidth}} for an H100.
  - id: hostile
    term: {{ru: зерно, en: seed}}
    definition: {{ru: '{HOSTILE}', en: '{HOSTILE}'}}
""")


def _brackets(term: Term, words: str, popover_id: str) -> str:
    """A stand-in for the popover's markup that shows what it was given."""
    return f"[{term.id}|{words}|{popover_id}]"


def _marked(html: str, lang: str = "ru", glossary: Glossary = GLOSSARY) -> str:
    return mark_terms(html, glossary, lang, _brackets)


def test_only_the_first_mention_of_each_term_is_marked_and_the_rest_of_the_page_is_unchanged():
    html = "<p>Кэш быстрее памяти.</p>\n<p>Второй кэш &amp; <em>третий кэш</em> — нет.</p>\n"
    assert (
        _marked(html)
        == "<p>[cache|Кэш|term-cache-1] быстрее памяти.</p>\n<p>Второй кэш &amp; <em>третий кэш</em> — нет.</p>\n"
    )


def test_a_russian_term_is_found_in_any_inflected_form_and_across_a_line_break():
    html = "<p>Ограничение — пропускной\nспособностью памяти, а не кэшем.</p>"
    assert _marked(html) == (
        "<p>Ограничение — [bandwidth|пропускной\nспособностью|term-bandwidth-1] памяти, "
        "а не [cache|кэшем|term-cache-1].</p>"
    )


def test_an_english_term_is_found_as_whole_words():
    assert _marked("<p>Caches hold a cache.</p>", "en") == "<p>Caches hold a [cache|cache|term-cache-1].</p>"


@pytest.mark.parametrize(
    "html",
    [
        '<h2 id="x">Кэш</h2>',
        "<p><code>кэш</code></p>",
        '<pre><code><span class="n">кэш</span></code></pre>',
        '<p><a href="x">кэш</a></p>',
        '<p><img alt="кэш" src="x.svg"></p>',
        "<figure><figcaption>кэш</figcaption></figure>",
        "<table><thead><tr><th>Кэш</th></tr></thead><tbody><tr><td>кэш</td></tr></tbody></table>",
        '<div class="admonition note"><p class="admonition-title">Кэш</p></div>',
        "<details><summary>Кэш</summary></details>",
        '<header class="ci-heading"><p class="ci-heading__summary">Кэш</p></header>',
        '<nav class="ci-pager"><span>кэш</span></nav>',
        '<p class="ci-behind-mark">кэш</p>',
        "<p>Это <span>кэш</span> в другом смысле.</p>",
        "<p><abbr title='x'>кэш</abbr></p>",
        "<p>x<sup>кэш</sup></p>",
    ],
    ids=lambda html: html[:30],
)
def test_a_term_is_not_marked_where_the_text_is_not_running_prose(html):
    assert _marked(html) == html


def test_a_mention_kept_out_does_not_use_up_the_first_one():
    html = "<h2>Кэш</h2><table><tr><td>кэш</td></tr></table><p><code>кэш</code> и <span>кэш</span>, а здесь кэш.</p>"
    assert _marked(html).endswith("а здесь [cache|кэш|term-cache-1].</p>")


def test_the_longer_term_at_the_same_place_wins_even_after_the_shorter_was_marked():
    html = "<p>Кэш.</p><p>KV-кэш растёт.</p><p>Снова KV-кэш, и снова кэш.</p>"
    assert _marked(html) == (
        "<p>[cache|Кэш|term-cache-1].</p><p>[kv-cache|KV-кэш|term-kv-cache-1] растёт.</p>"
        "<p>Снова KV-кэш, и снова кэш.</p>"
    )


def test_a_term_inside_a_longer_one_never_becomes_a_term_of_its_own():
    html = "<p>KV-кэш и KV-кэша больше, чем кэша L2.</p>"
    assert (
        _marked(html) == "<p>[kv-cache|KV-кэш|term-kv-cache-1] и KV-кэша больше, чем [cache|кэша|term-cache-1] L2.</p>"
    )


def test_ids_are_unique_in_the_page_even_where_the_page_has_them_already():
    html = '<h2 id="term-cache-1">Раздел</h2><pre id="term-cache-2"><code>x</code></pre><p>Кэш и KV-кэш.</p>'
    marked = _marked(html)
    assert "[cache|Кэш|term-cache-3]" in marked and "[kv-cache|KV-кэш|term-kv-cache-1]" in marked


def test_a_page_with_an_unclosed_code_block_is_read_to_its_end():
    html = "<p>Кэш.</p><pre>" + "<span>x</span>" * 1000
    assert _marked(html) == "<p>[cache|Кэш|term-cache-1].</p><pre>" + "<span>x</span>" * 1000


@pytest.fixture(scope="module")
def renderer() -> PageRenderer:
    registry, _ = load_registry(MINI / "facts.yaml")
    article = {
        "ru": "## Кэш и KV-кэш { #cache }\n\nЗерно {fact:h100-sxm-memory} и кэш; `кэш`. Пропускная способность.\n",
        "en": "## A cache { #cache }\n\nA seed of {fact:h100-sxm-memory} and a cache; `cache`. Bandwidth.\n",
    }
    articles = {("pruning", lang): text for lang, text in article.items()}
    return PageRenderer(load_catalogue(MINI / "topics.yaml"), TEMPLATES, articles, glossary=GLOSSARY, registry=registry)


def _finished(renderer: PageRenderer, lang: str) -> BeautifulSoup:
    page = renderer.render({"chapter": "topic", "topic": "pruning"}, "", lang)
    assert page is not None and page.quoting is not None
    html, problems = renderer.finish(render_article(page.markdown), page.quoting)
    assert problems == []
    return BeautifulSoup(html, "html.parser")


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_a_term_becomes_a_button_that_opens_its_definition_with_a_link_to_the_glossary(renderer, lang):
    soup = _finished(renderer, lang)
    buttons = soup.select("button.ci-term")
    assert [button.get_text() for button in buttons] == {
        "ru": ["Зерно", "кэш", "Пропускная способность"],
        "en": ["seed", "cache", "Bandwidth"],
    }[lang]
    for button in buttons:
        popover = soup.find(id=button["popovertarget"])
        assert popover is not None and popover is button.find_next_sibling()
        assert popover.name == "span" and "popover" in popover.attrs and popover.has_attr("data-pagefind-ignore")
        assert popover["role"] == "definition" and button["type"] == "button"
        assert (
            popover.find("a", href=f"../../glossary/#{button['popovertarget'].split('-', 1)[1].rsplit('-', 1)[0]}")
            is not None
        )
    assert not soup.select("h2 button, code button")


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_a_definition_quotes_its_facts_as_the_glossary_page_does_linked_from_this_page(renderer, lang):
    popover = _finished(renderer, lang).find(id="term-bandwidth-1")
    fact = popover.select_one("a.ci-fact")
    assert fact is not None and fact["href"] == "../../facts/#h100-sxm-memory-bandwidth"
    assert "{fact:" not in popover.get_text()
    glossary_page = BeautifulSoup(renderer.render({"chapter": "glossary"}, "", lang).markdown, "html.parser")
    assert glossary_page.select_one("#bandwidth a.ci-fact").get_text() == fact.get_text()


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_a_hostile_definition_reaches_the_page_as_text(renderer, lang):
    popover = _finished(renderer, lang).find(id="term-hostile-1")
    assert popover.get_text().startswith(HOSTILE)
    assert [tag.name for tag in popover.find_all(True)] == [
        "a"
    ]  # the link to the glossary, and nothing the definition wrote


def test_without_a_glossary_the_page_has_no_terms():
    renderer = PageRenderer(load_catalogue(MINI / "topics.yaml"), TEMPLATES, {("pruning", "ru"): "Кэш.\n"})
    assert not _finished(renderer, "ru").select(".ci-term")


def test_an_author_keeps_a_word_from_becoming_a_term_with_a_span_and_the_next_use_gets_the_definition():
    article = (
        "Кэш, который <span>кэш</span> в другом смысле; кэш.\n\n"
        "Ещё <span>пропускная способность</span> и пропускной способности.\n"
    )
    renderer = PageRenderer(
        load_catalogue(MINI / "topics.yaml"), TEMPLATES, {("pruning", "ru"): article}, glossary=GLOSSARY
    )
    soup = _finished(renderer, "ru")
    assert [button.get_text() for button in soup.select("button.ci-term")] == ["Кэш", "пропускной способности"]
    assert [span.get_text() for span in soup.select("p:not([class]) > span:not(.ci-term-popover)")] == [
        "кэш",
        "пропускная способность",
    ]


@pytest.mark.timeout(5)
@pytest.mark.parametrize(
    "text",
    ["пропускная " * 40_000, "KV-" * 40_000, "<em>кэ" * 40_000, "<pre>" * 40_000],
    ids=["half terms", "prefixes", "tags", "unclosed code"],
)
def test_a_hostile_page_is_read_in_linear_time(text):
    _marked(f"<p>{text}</p>")
