"""Chapter pages rendered from the catalogue, without MkDocs."""

from __future__ import annotations

import dataclasses
import datetime
import re

import pytest
from bs4 import BeautifulSoup

from chapter.catalogue import Text
from chapter.facts import load_registry
from chapter.glossary import parse_glossary
from chapter.language import STRINGS
from chapter.libraries import Library
from chapter.render import PageError, PageRenderer
from chapter.urls import relative_url
from tools.site import MINI, ROOT

TEMPLATES = ROOT / "overrides" / "chapter"


GLOSSARY = parse_glossary("""\
terms:
  - id: cache
    term: {ru: кэш, en: cache}
    avoid: {ru: [кеш]}
    definition: {ru: Быстрая память, en: Fast memory}
  - id: yo
    term: {ru: ёмкость, en: capacity}
    definition: {ru: "<b>Объём</b>", en: Size}
  - id: bucket
    term: {ru: бакет, en: bucket}
    definition: {ru: Группа градиентов, en: A group of gradients}
  - id: zero
    term: {ru: шардирование, en: sharding}
    definition: {ru: Разделение, en: Splitting}
""")


@pytest.fixture
def renderer(catalogue):
    return PageRenderer(catalogue, TEMPLATES, glossary=GLOSSARY)


def _soup(markdown: str) -> BeautifulSoup:
    return BeautifulSoup(markdown, "html.parser")


def test_pages_without_chapter_front_matter_are_left_alone(renderer):
    assert renderer.render({"title": "About"}, "text", "ru") is None


@pytest.mark.parametrize("meta", [{"chapter": "colophon"}, {"chapter": "topic", "topic": "no-such-topic"}])
def test_unknown_chapter_pages_fail(renderer, meta):
    with pytest.raises(PageError):
        renderer.render(meta, "", "ru")


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_index_lists_every_topic_in_catalogue_order(renderer, catalogue, lang):
    page = renderer.render({"chapter": "index"}, "", lang)
    links = [card.select_one(".ci-card__link") for card in _soup(page.markdown).select(".ci-card")]
    # A borrowed topic with a home leads there, marked as leaving the chapter (tests/built/test_borrowed_home.py).
    assert [link.get_text() for link in links] == [t.title[lang] + (" ↗" if t.home else "") for t in catalogue.topics]
    assert [link["href"] for link in links] == [t.home or f"topics/{t.slug}/" for t in catalogue.topics]
    assert page.title == catalogue.chapter.title[lang]


def test_index_keeps_the_authors_own_text(renderer):
    page = renderer.render({"chapter": "index"}, "Вступление от автора.", "ru")
    assert page.markdown.rstrip().endswith("Вступление от автора.")


def test_topic_page_links_neighbours_and_legend(renderer, catalogue):
    page = renderer.render({"chapter": "topic", "topic": catalogue.topics[1].slug}, "", "en")
    soup = _soup(page.markdown)
    assert soup.select_one('a[rel="prev"]')["href"] == f"../../topics/{catalogue.topics[0].slug}/"
    assert soup.select_one('a[rel="next"]')["href"] == f"../../topics/{catalogue.topics[2].slug}/"
    assert soup.select_one("a.ci-badge")["href"] == f"../../#label-{catalogue.topics[1].label.id}"


def test_first_and_last_topics_have_one_neighbour(renderer, catalogue):
    first = _soup(renderer.render({"chapter": "topic", "topic": catalogue.topics[0].slug}, "", "ru").markdown)
    last = _soup(renderer.render({"chapter": "topic", "topic": catalogue.topics[-1].slug}, "", "ru").markdown)
    assert first.select('a[rel="prev"]') == [] and len(first.select('a[rel="next"]')) == 1
    assert last.select('a[rel="next"]') == [] and len(last.select('a[rel="prev"]')) == 1


def test_missing_article_is_announced_and_written_article_replaces_the_notice(renderer, catalogue):
    meta = {"chapter": "topic", "topic": "pruning"}
    assert _soup(renderer.render(meta, "", "ru").markdown).select(".ci-missing")
    renderer = PageRenderer(
        catalogue, TEMPLATES, {("pruning", "ru"): "## Раздел { #part }\n\nТекст.\n"}, glossary=GLOSSARY
    )
    markdown = renderer.render(meta, "", "ru").markdown
    assert "## Раздел { #part }" in markdown and "ci-missing" not in markdown
    assert "ci-missing" in renderer.render(meta, "", "en").markdown


def test_origin_links_to_its_chapter_when_the_catalogue_knows_the_address(catalogue):
    mlops = next(c for c in catalogue.chapters if c.id == "mlops")
    linked = dataclasses.replace(mlops, url="https://example.org/mlops/")
    topics = tuple(dataclasses.replace(t, origin=linked) if t.origin == mlops else t for t in catalogue.topics)
    renderer = PageRenderer(dataclasses.replace(catalogue, topics=topics), TEMPLATES)
    soup = _soup(renderer.render({"chapter": "topic", "topic": "kubernetes"}, "", "ru").markdown)
    link = soup.select_one(".ci-heading__origin a")
    assert link["href"] == "https://example.org/mlops/" and link.get_text() == "«MLOps»"
    unlinked = _soup(
        PageRenderer(catalogue, TEMPLATES).render({"chapter": "topic", "topic": "kubernetes"}, "", "ru").markdown
    )
    assert unlinked.select_one(".ci-heading__origin").get_text() == "Эта тема — из главы «MLOps»."


def test_catalogue_text_is_escaped(catalogue):
    hostile = "<img src=x onerror=alert(1)>"
    topic = dataclasses.replace(catalogue.topics[0], title=Text(hostile, hostile), summary=Text(hostile, hostile))
    renderer = PageRenderer(dataclasses.replace(catalogue, topics=(topic, *catalogue.topics[1:])), TEMPLATES)
    for page in (
        renderer.render({"chapter": "index"}, "", "ru"),
        renderer.render({"chapter": "topic", "topic": topic.slug}, "", "ru"),
    ):
        soup = _soup(page.markdown)
        assert soup.find("img") is None
        assert hostile in soup.get_text()


def test_rendered_html_has_no_blank_lines_inside_blocks(renderer):
    # A blank line inside a raw HTML block would let Markdown parse the rest as text.
    page = renderer.render({"chapter": "index"}, "", "ru")
    assert "\n\n" not in page.markdown.strip()


@pytest.mark.parametrize(
    ("source", "target", "expected"),
    [
        ("", "topics/a/", "topics/a/"),
        ("topics/a/", "topics/b/", "../../topics/b/"),
        ("topics/a/", "#label-new", "../../#label-new"),
        ("", "", "./"),
    ],
)
def test_relative_url(source, target, expected):
    assert relative_url(source, target) == expected


def test_a_language_rendered_second_gets_its_own_interface_strings(renderer, catalogue):
    """Both language builds share one renderer; cached macros once gave English topic pages the Russian strings."""
    slug = catalogue.topics[1].slug
    renderer.render({"chapter": "topic", "topic": slug}, "", "ru")
    english = _soup(renderer.render({"chapter": "topic", "topic": slug}, "", "en").markdown)
    interface = [
        english.select_one(".ci-pager"),
        english.select_one(".ci-missing"),
        english.select_one(".ci-visually-hidden"),
    ]
    assert all(interface)
    assert not [el for el in interface if re.search("[а-яё]", el.get_text().lower() + el.get("aria-label", "").lower())]
    # and the first language keeps its own strings after the second has been rendered
    russian = _soup(renderer.render({"chapter": "topic", "topic": slug}, "", "ru").markdown)
    assert russian.select_one(".ci-missing").get_text() == STRINGS["ru"]["no_article"]


@pytest.mark.parametrize(
    ("lang", "written"), [("ru", "Проверено 1 декабря 2026\u202fг."), ("en", "Reviewed 1 December 2026")]
)
def test_topic_page_says_when_its_article_was_checked(renderer, catalogue, lang, written):
    topic = dataclasses.replace(catalogue.topics[0], reviewed=datetime.date(2026, 12, 1))
    page = renderer.topic(topic, lang)
    line = _soup(page.markdown).select_one(".ci-heading__reviewed")
    assert line.get_text() == written
    assert line.select_one("time")["datetime"] == "2026-12-01"


def test_topic_page_without_a_review_date_says_nothing_of_it(renderer, catalogue):
    topic = dataclasses.replace(catalogue.topics[0], reviewed=None)
    assert _soup(renderer.topic(topic, "ru").markdown).select_one(".ci-heading__reviewed") is None


@pytest.mark.parametrize(
    ("lang", "order"),
    [("ru", ["bucket", "yo", "cache", "zero"]), ("en", ["bucket", "cache", "yo", "zero"])],
)
def test_glossary_lists_terms_alphabetically_in_the_page_language(renderer, lang, order):
    page = renderer.render({"chapter": "glossary"}, "", lang)
    entries = _soup(page.markdown).select(".ci-glossary__entry")
    assert [entry["id"] for entry in entries] == order  # ё sorts with е, before к
    assert page.title == STRINGS[lang]["glossary_title"]


def test_glossary_entry_gives_the_counterpart_definition_and_variants_to_avoid(renderer):
    entry = _soup(renderer.render({"chapter": "glossary"}, "", "ru").markdown).select_one("#cache")
    assert entry.dfn.get_text() == "кэш"
    other = entry.select_one(".ci-glossary__other")
    assert (other.get_text(), other["lang"]) == ("cache", "en")
    assert entry.dd.p.get_text() == "Быстрая память"
    assert entry.select_one(".ci-glossary__avoid").get_text() == "Не пишем: «кеш»"
    english = _soup(renderer.render({"chapter": "glossary"}, "", "en").markdown).select_one("#cache")
    assert english.select_one(".ci-glossary__avoid") is None  # English has no variants to avoid here


def test_glossary_text_is_escaped(renderer):
    markdown = renderer.render({"chapter": "glossary"}, "", "ru").markdown
    assert "<b>" not in markdown and "&lt;b&gt;Объём&lt;/b&gt;" in markdown


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_index_links_to_the_glossary(renderer, lang):
    link = _soup(renderer.render({"chapter": "index"}, "", lang).markdown).select_one(".ci-index__glossary a")
    assert (link["href"], link.get_text()) == ("glossary/", STRINGS[lang]["glossary_link"])


def test_index_offers_a_filter_bar_for_every_view_with_counts(renderer, catalogue):
    soup = _soup(renderer.render({"chapter": "index"}, "", "ru").markdown)
    bars = {bar["data-view"]: bar for bar in soup.select("nav.ci-filters")}
    assert len(bars) == (1 + len(catalogue.labels)) * (2 + len(catalogue.chapters))
    new = sum(t.label.id == "new" for t in catalogue.topics)
    default = bars["all-all"]
    assert default.select_one('[aria-current="true"]').get_text() == f"все ({len(catalogue.topics)})"
    assert default.select_one('a[href="#filter-new-all"]').get_text() == f"новинка ({new})"
    assert len(catalogue.topics) == 3  # the small chapter: «темы», the plural form for 3
    assert default.select_one(".ci-filters__shown").get_text() == "Показаны 3 темы из 3."
    # from the view of new topics, the way back to all of them leads to the unfiltered index
    assert bars["new-all"].select_one('a[href="#topics"]').get_text() == f"все ({len(catalogue.topics)})"
    targets = {span["id"] for span in soup.select(".ci-filter-target")}
    assert targets == {f"filter-{key}" for key in bars} - {"filter-all-all"}


def test_a_choice_that_would_show_nothing_is_no_link(renderer, catalogue):
    soup = _soup(renderer.render({"chapter": "index"}, "", "en").markdown)
    mlops_new = sum(t.label.id == "new" and t.origin is not None and t.origin.id == "mlops" for t in catalogue.topics)
    assert mlops_new == 0, "the real catalogue has no new topic from MLOps"
    bar = soup.select_one('nav[data-view="new-all"]')
    assert bar.find("a", string=re.compile("^MLOps")) is None
    assert bar.select_one(".ci-filters__option--empty").get_text().endswith("(0)")


def test_each_card_names_the_views_that_show_it_and_each_view_its_note(renderer, catalogue):
    soup = _soup(renderer.render({"chapter": "index"}, "", "ru").markdown)
    for card, topic in zip(soup.select(".ci-card"), catalogue.topics, strict=True):
        views = card["data-views"].split()
        assert "all-all" in views and f"{topic.label.id}-all" in views
    notes = {note["data-view"]: note.get_text() for note in soup.select(".ci-topics__note")}
    assert notes["all-all"].startswith(f"{len(catalogue.borrowed)} тем")
    assert "all-own" not in notes  # this chapter's own topics borrow nothing
    mlops = sum(t.origin is not None and t.origin.id == "mlops" for t in catalogue.topics)
    assert notes["all-mlops"].startswith(f"{mlops} ")
    style = soup.select_one(".ci-topics style").get_text()
    assert '.ci-topics:has(#filter-new-all:target) [data-view="new-all"] { display: block; }' in style


def test_a_glossary_definition_quotes_a_fact_as_the_articles_do(catalogue):
    """The figure comes from facts.yaml, linked to its entry; the words around it stay text, escaped."""
    registry, _ = load_registry(MINI / "facts.yaml")
    glossary = parse_glossary("""\
terms:
  - id: bandwidth
    term: {ru: пропускная способность, en: bandwidth}
    definition: {ru: "<i>Байты</i> в секунду — {fact:h100-sxm-memory-bandwidth} у H100", \
en: "<i>Bytes</i> per second — {fact:h100-sxm-memory-bandwidth} for an H100"}
""")
    renderer = PageRenderer(catalogue, TEMPLATES, glossary=glossary, registry=registry)
    for lang, value in (("ru", "3,35\u00a0ТБ/с"), ("en", "3.35\u00a0TB/s")):
        definition = _soup(renderer.render({"chapter": "glossary"}, "", lang).markdown).select_one("#bandwidth dd p")
        link = definition.select_one("a.ci-fact")
        assert (link.get_text(), link["href"]) == (value, "../facts/#h100-sxm-memory-bandwidth")
        assert definition.find("i") is None and "<i>" in definition.get_text()
        assert "{fact:" not in definition.get_text()


@pytest.mark.parametrize(
    ("lang", "line"),
    [
        ("ru", "Примеры проверены с PyTorch 2.14.1, Optuna 5.1.0 (3 декабря 2026\u202fг.)"),
        ("en", "Examples checked with PyTorch 2.14.1, Optuna 5.1.0 (3 December 2026)"),
    ],
)
def test_a_topic_page_says_which_library_versions_its_examples_are_checked_with(catalogue, lang, line):
    libraries = {("pruning", lang): (Library("PyTorch", "2.14.1"), Library("Optuna", "5.1.0"))}
    renderer = PageRenderer(catalogue, TEMPLATES, today=datetime.date(2026, 12, 3), libraries=libraries)
    soup = _soup(renderer.render({"chapter": "topic", "topic": "pruning"}, "", lang).markdown)
    examples = soup.select_one(".ci-heading__examples")
    assert examples.get_text() == line
    assert examples.time["datetime"] == "2026-12-03" and examples.span["lang"] == "en"
    other = _soup(renderer.render({"chapter": "topic", "topic": "kubernetes"}, "", lang).markdown)
    assert other.select_one(".ci-heading__examples") is None  # no example imports a library there
