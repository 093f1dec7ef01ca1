"""The print edition as built: the whole chapter on one page per language, every
link landing inside it, and its PDFs published when given."""

from __future__ import annotations

from collections import Counter

import pytest
from bs4 import BeautifulSoup

from chapter.loader import load_catalogue
from chapter.print_edition import pdf_path
from tools.site import MINI, BuiltSite, build_copy, search_fragments

EDITIONS = [("/print/", "/", "/topics/pruning/", "ru"), ("/en/print/", "/en/", "/en/topics/pruning/", "en")]
FAKE_PDF = b"%PDF-1.7\n% a stand-in: the build publishes the file as it is\n"


@pytest.fixture(scope="module")
def mini(tmp_path_factory) -> BuiltSite:
    return build_copy(tmp_path_factory.mktemp("print"), data=MINI)


@pytest.fixture(scope="module")
def with_pdfs(tmp_path_factory) -> BuiltSite:
    """The small chapter built as `make pdf` builds it the second time: with
    a folder of PDFs named by the `pdf` setting."""
    folder = tmp_path_factory.mktemp("pdfs")
    for lang in ("ru", "en"):
        (folder / pdf_path(lang).rpartition("/")[2]).write_bytes(FAKE_PDF + lang.encode())
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("CHAPTER_PDF", str(folder))
        return build_copy(tmp_path_factory.mktemp("print-pdf"), data=MINI)


def duplicate_ids(page: BeautifulSoup) -> list[str]:
    """Ids that more than one element carries, link names repeated, and
    link names that another element has as its id."""
    found = Counter(node["id"] for node in page.select("[id]"))
    named = page.select("a[name]")
    repeated = [name for name, count in found.items() if count > 1]
    repeated += [name for name, count in Counter(node["name"] for node in named).items() if count > 1]
    return repeated + [node["name"] for node in named if node["name"] in found and node.get("id") != node["name"]]


def dangling_anchors(page: BeautifulSoup) -> list[str]:
    """Links to a fragment of the page itself that no id (or link name) of the page carries."""
    targets = {node["id"] for node in page.select("[id]")} | {node["name"] for node in page.select("a[name]")}
    return [link["href"] for link in page.select('a[href^="#"]') if link["href"][1:] not in targets]


def sections(page: BeautifulSoup) -> list[str]:
    return [section["id"] for section in page.select(".print-edition > section.print-edition__topic")]


@pytest.mark.parametrize(("url", "index", "topic", "lang"), EDITIONS)
def test_the_edition_holds_every_topic_in_catalogue_order_then_the_glossary_and_the_facts(
    mini, url, index, topic, lang
):
    catalogue = load_catalogue(mini.project / "topics.yaml")
    page = mini.html(url)
    assert sections(page) == [topic.slug for topic in catalogue.topics] + ["glossary", "facts"]
    titles = [heading.get_text() for heading in page.select(".print-edition__topic > header h1")]
    assert titles == [topic.title[lang] for topic in catalogue.topics]
    assert page.select_one("#pruning h2") is not None, "the article is under its topic"
    assert not page.select(".print-edition .ci-pager, .print-edition .headerlink"), "the pages' frame is not printed"


@pytest.mark.parametrize(("url", "index", "topic", "lang"), EDITIONS)
def test_every_link_inside_the_edition_lands_and_no_id_is_repeated(mini, url, index, topic, lang):
    page = mini.html(url)
    assert not duplicate_ids(page)
    assert not dangling_anchors(page)
    article = page.select_one("#pruning")
    assert article.select('a[href="#gpu-architecture"]'), "a link to another topic leads to its section"
    assert all(link["href"].startswith("#facts--") for link in article.select("a.ci-fact"))
    assert [link["id"] for link in article.select("pre a[id]")] == [
        link["name"] for link in article.select("pre a[id]")
    ]
    assert all(link["id"].startswith("pruning--__codelineno-") for link in article.select("pre a[id]"))


@pytest.mark.parametrize(("url", "index", "topic", "lang"), EDITIONS)
def test_facts_read_as_on_the_topic_page_and_figures_load(mini, url, index, topic, lang):
    printed = [link.get_text() for link in mini.html(url).select("#pruning a.ci-fact")]
    assert printed and printed == [link.get_text() for link in mini.html(topic).select(".md-content a.ci-fact")]
    images = mini.html(url).select("#pruning img")
    assert images and all(mini.file(mini.resolve(url, image["src"]).rstrip("/")).is_file() for image in images)


@pytest.mark.parametrize(("url", "index", "topic", "lang"), EDITIONS)
def test_the_index_links_to_the_edition_and_to_no_pdf_while_there_is_none(mini, url, index, topic, lang):
    links = [mini.resolve(index, link["href"]) for link in mini.html(index).select(".ci-index a")]
    assert url in links
    assert not [link for link in links if link.endswith(".pdf/")]
    assert not list(mini.root.rglob("*.pdf"))


def test_search_leaves_the_edition_out(mini):
    fragments = search_fragments(mini.root)
    assert any(fragment["url"].endswith("/topics/pruning/") for fragment in fragments)
    assert not [fragment["url"] for fragment in fragments if "/print/" in fragment["url"]]


@pytest.mark.parametrize(("url", "index", "topic", "lang"), EDITIONS)
def test_a_pdf_made_for_the_edition_is_published_beside_it_and_linked_from_the_index(
    with_pdfs, url, index, topic, lang
):
    published = with_pdfs.root / (index.lstrip("/") + pdf_path(lang))
    assert published.read_bytes() == FAKE_PDF + lang.encode()
    links = [link["href"] for link in with_pdfs.html(index).select('.ci-index a[type="application/pdf"]')]
    assert links == [pdf_path(lang)]


def test_the_real_chapters_edition_has_every_topic_in_order_unique_ids_and_links_that_land(site, catalogue):
    for url in ("/print/", "/en/print/"):
        page = site.html(url)
        assert sections(page) == [topic.slug for topic in catalogue.topics] + ["glossary", "facts"], url
        assert not duplicate_ids(page), url
        assert not dangling_anchors(page), url
        assert len(page.select('a[href^="#"]')) > 100, "cross-topic and in-article links were rewritten into the page"
