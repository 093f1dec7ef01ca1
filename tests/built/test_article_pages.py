"""Written articles as a reader meets them on the built site."""

from __future__ import annotations

import gzip
import re
import shutil

import pytest
from bs4 import BeautifulSoup

from chapter.catalogue import LANGUAGES
from chapter.figures import parse_figure
from chapter.glossary import load_glossary
from chapter.wording import cyrillic, english_words
from tests.content.articles import read, slugs
from tools.site import LANGUAGE_ROOTS, ROOT, BuiltSite, search_fragments

LATIN = load_glossary(ROOT / "glossary.yaml").latin


def _page(site, slug, lang):
    return site.html(f"{LANGUAGE_ROOTS[lang]}topics/{slug}/")


@pytest.mark.parametrize("slug", slugs())
def test_article_sections_keep_their_anchors_in_both_languages(site, slug):
    pages = {lang: _page(site, slug, lang) for lang in LANGUAGES}
    for lang, page in pages.items():
        article = read(slug, lang)
        assert page.select_one(".ci-missing") is None
        for heading in article.headings:
            element = page.find(id=heading.anchor)
            assert element is not None and element.name == f"h{heading.level}", (lang, heading.anchor)
        # the table of contents lists every section, in order
        assert [a["href"] for a in page.select(".md-sidebar--secondary .md-nav--secondary a")] == [
            f"#{h.anchor}" for h in article.headings
        ]


@pytest.mark.parametrize("slug", slugs())
def test_the_code_the_checks_read_is_the_code_readers_see(site, slug):
    """The outline, the typography and the link-language pass read code through one scanner; the page must agree."""
    for lang in LANGUAGES:
        page = _page(site, slug, lang).select_one("article.md-content__inner")
        shown = [pre.get_text().rstrip("\n") for pre in page.select("pre")]
        assert shown == [block.code for block in read(slug, lang).code], lang


@pytest.mark.parametrize("slug", slugs())
def test_examples_that_need_hardware_say_so_on_the_page(site, slug):
    for lang in LANGUAGES:
        marked = [block for block in read(slug, lang).code if not block.runs_on_cpu and block.language == "python"]
        shown = _page(site, slug, lang).select(".highlight.gpu, .highlight.cluster")
        assert [node.select_one(".filename").get_text() for node in shown] == [block.title for block in marked]


@pytest.mark.parametrize("slug", slugs())
def test_figures_are_shown_with_their_text_alternative(site, slug):
    for lang in LANGUAGES:
        url = f"{LANGUAGE_ROOTS[lang]}topics/{slug}/"
        images = _page(site, slug, lang).select(".md-content img")
        assert [img["alt"] for img in images] == [figure.alt for figure in read(slug, lang).figures]
        for img in images:
            assert site.file(site.resolve(url, img["src"]).rstrip("/")).is_file(), img["src"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_search_knows_every_article_section_by_its_anchor(site, lang):
    fragments = {fragment["url"]: fragment for fragment in search_fragments(site.root)}
    for slug in slugs():
        anchors = {anchor["id"] for anchor in fragments[f"{LANGUAGE_ROOTS[lang]}topics/{slug}/"]["anchors"]}
        assert {heading.anchor for heading in read(slug, lang).sections} <= anchors, slug


@pytest.mark.parametrize("slug", slugs())
def test_english_sources_on_russian_pages_are_marked_as_english(site, slug):
    sources = _page(site, slug, "ru").find(id="sources").find_next("ul").select("a")
    english = [
        a
        for a in sources
        if not re.search("[А-Яа-яЁё]", a.get_text()) and re.search("[A-Za-z]{2,}\\W+[A-Za-z]{2,}", a.get_text())
    ]
    assert english, "every article cites at least one English source"
    assert [a.get_text() for a in english if a.get("lang") != "en"] == []


def _foreign_labels(site, url: str) -> list[tuple[str, str]]:
    """(figure, label) of every label in the page's figures that is not in the page's language."""
    page = site.html(url)
    lang = page.html["lang"]
    found = []
    for img in page.select(".md-content img"):
        served = site.file(site.resolve(url, img["src"]).rstrip("/"))
        for label in parse_figure(served.read_bytes()).labels(lang):
            if cyrillic(label.prose) if lang != "ru" else english_words(label.prose, LATIN):
                found.append((served.name, label.text))
    return found


@pytest.mark.parametrize("slug", slugs())
def test_figures_speak_the_language_of_their_page(site, slug):
    for lang in LANGUAGES:
        assert _foreign_labels(site, f"{LANGUAGE_ROOTS[lang]}topics/{slug}/") == [], lang


def test_a_russian_page_showing_an_english_figure_is_caught(site, tmp_path):
    url = "/topics/kubernetes/"
    copy = BuiltSite(site.project, tmp_path, "")
    for served in [site.file(url)] + [
        site.file(site.resolve(url, img["src"]).rstrip("/")) for img in site.html(url).select(".md-content img")
    ]:
        target = tmp_path / served.relative_to(site.root)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(served, target)
    figure = next((tmp_path / "figures").glob("*.svg"))
    assert _foreign_labels(copy, url) == []
    figure.write_text(
        figure.read_text(encoding="utf-8").replace("</svg>", '<text x="1" y="1">three slices stay idle</text></svg>'),
        encoding="utf-8",
    )
    assert _foreign_labels(copy, url) == [(figure.name, "three slices stay idle")]


TERMS_BUDGET = 2 * 1024  # what the glossary's popovers may add to one article page's compressed transfer


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_terms_explained_in_place_stay_within_their_weight_budget(site, lang):
    """The page compressed as built, against the same page with each term back to plain words and no definitions."""
    added = {}
    for slug in slugs():
        page = BeautifulSoup(
            site.file(f"{LANGUAGE_ROOTS[lang]}topics/{slug}/").read_text(encoding="utf-8"), "html.parser"
        )  # site.html() is shared
        built = len(gzip.compress(str(page).encode("utf-8"), 9))
        for definition in page.select("span.ci-term-popover"):
            definition.decompose()
        for button in page.select("button.ci-term"):
            button.unwrap()
        added[slug] = built - len(gzip.compress(str(page).encode("utf-8"), 9))
    assert sum(size > 256 for size in added.values()) >= len(slugs()) // 2, added  # not met by having no terms
    assert {slug: size for slug, size in added.items() if size > TERMS_BUDGET} == {}, added
