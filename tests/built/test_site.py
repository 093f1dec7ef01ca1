"""The real site, built with --strict, checked page by page against the seed and the catalogue."""

from __future__ import annotations

import copy
import json

import pytest
from bs4 import BeautifulSoup

from chapter.facts import MARKER, load_registry, quantity
from chapter.glossary import load_glossary
from chapter.language import long_date
from chapter.search import ENTRY
from chapter.urls import article_source
from tools.site import LANGUAGE_ROOTS, PUBLISHED, search_fragments

GLOSSARY_TITLE = {"ru": "Глоссарий главы", "en": "Glossary of the chapter"}


def _text(node) -> str:
    """Visible text, without what is there only for screen readers (read
    from a copy: pages are parsed once and shared)."""
    node = copy.copy(node)
    for hidden in node.select(".ci-visually-hidden"):
        hidden.extract()
    return node.get_text()


def _cards(site, lang):
    return site.html(LANGUAGE_ROOTS[lang]).select(".ci-card")


def test_build_is_clean(site):
    assert "WARNING" not in site.log and "ERROR" not in site.log


def test_no_article_pages_of_their_own(site_with_article):
    assert not (site_with_article.root / "articles").exists()


@pytest.mark.parametrize("lang", LANGUAGE_ROOTS)
def test_every_page_declares_its_language(site, catalogue, lang):
    urls = [LANGUAGE_ROOTS[lang]] + [f"{LANGUAGE_ROOTS[lang]}topics/{t.slug}/" for t in catalogue.topics]
    for url in urls:
        assert site.html(url).html["lang"] == lang, url


def test_russian_index_carries_the_seed(site, seed):
    page = site.html("/")
    assert page.h1.get_text() == seed.title_ru
    assert page.select_one(".ci-heading__other").get_text() == seed.title_en
    assert page.select_one(".ci-heading__summary").get_text() == seed.summary_ru
    assert page.select_one("#legend").get_text() == seed.legend_heading
    cards = page.select(".ci-card")
    assert len(cards) == len(seed.topics)
    for card, expected in zip(cards, seed.topics, strict=True):
        origin = card.select_one(".ci-card__origin")
        assert card.select_one(".ci-card__other").get_text() == expected.title_en
        assert _text(card.select_one(".ci-badge")) == expected.label_ru
        joined = (
            card.select_one(".ci-card__link").get_text()
            + (origin.get_text() if origin else "")
            + card.select_one(".ci-card__summary").get_text()
        )
        assert joined == expected.ru_line
    assert page.select_one(".ci-topics__note").get_text() == seed.borrowed_note


def test_english_index_carries_titles_labels_and_origins(site, seed, catalogue):
    page = site.html("/en/")
    assert page.h1.get_text() == seed.title_en
    assert page.select_one(".ci-heading__other").get_text() == seed.title_ru
    assert page.select_one("#legend").get_text() == "What the topic labels mean"
    for card, expected, topic in zip(page.select(".ci-card"), seed.topics, catalogue.topics, strict=True):
        assert card.select_one(".ci-card__link").get_text() == expected.title_en
        assert expected.ru_line.startswith(card.select_one(".ci-card__other").get_text())
        assert _text(card.select_one(".ci-badge")) == topic.label.name.en
        assert card.select_one(".ci-card__summary").get_text() == topic.summary.en
        origin = card.select_one(".ci-card__origin")
        assert (origin.get_text() if origin else None) == (f"from “{topic.origin.title.en}”" if topic.origin else None)
    assert page.select_one(".ci-topics__note").get_text().startswith("9 topics are shown here from other chapters")


@pytest.mark.parametrize("lang", LANGUAGE_ROOTS)
def test_legend_explains_both_labels(site, catalogue, lang):
    page = site.html(LANGUAGE_ROOTS[lang])
    for label in catalogue.labels:
        entry = page.select_one(f"#label-{label.id}")
        assert _text(entry.select_one(".ci-badge")) == label.name[lang]
        assert entry.dd.get_text() == label.meaning[lang]


@pytest.mark.parametrize("lang", LANGUAGE_ROOTS)
def test_every_card_links_to_its_topic_page(site, catalogue, lang):
    for card, topic in zip(_cards(site, lang), catalogue.topics, strict=True):
        links = card.select("a")
        assert len(links) == 1
        target = site.resolve(LANGUAGE_ROOTS[lang], links[0]["href"])
        assert target == f"{LANGUAGE_ROOTS[lang]}topics/{topic.slug}/"
        assert site.html(target).h1.get_text() == topic.title[lang]


@pytest.mark.parametrize("lang", LANGUAGE_ROOTS)
def test_topic_pages_show_the_catalogue(site, catalogue, lang):
    other = "en" if lang == "ru" else "ru"
    for topic in catalogue.topics:
        url = f"{LANGUAGE_ROOTS[lang]}topics/{topic.slug}/"
        page = site.html(url)
        assert len(page.select("h1")) == 1 and page.h1.get_text() == topic.title[lang]
        assert page.select_one(".ci-heading__other").get_text() == topic.title[other]
        assert page.select_one(".ci-heading__summary").get_text() == topic.summary[lang]
        assert page.select_one('meta[name="description"]')["content"] == topic.summary[lang]
        assert page.title.get_text() == f"{topic.title[lang]} — {catalogue.chapter.title[lang]}"
        badge = page.select_one("a.ci-badge")
        assert _text(badge) == topic.label.name[lang]
        legend = site.resolve(url, badge["href"])
        assert legend == f"{LANGUAGE_ROOTS[lang]}#label-{topic.label.id}"
        assert site.html(LANGUAGE_ROOTS[lang]).select_one(f"#label-{topic.label.id}") is not None
        origin = page.select_one(".ci-heading__origin")
        if topic.origin:
            assert topic.origin.title[lang] in origin.get_text()
        else:
            assert origin is None
        # the page says the article is missing exactly when no article is written in its language
        written = (site.project / "docs" / article_source(topic.slug, lang)).is_file()
        assert (page.select_one(".ci-missing") is None) == written, url


@pytest.mark.parametrize("lang", LANGUAGE_ROOTS)
def test_previous_and_next_follow_catalogue_order(site, catalogue, lang):
    topics = catalogue.topics
    for index, topic in enumerate(topics):
        url = f"{LANGUAGE_ROOTS[lang]}topics/{topic.slug}/"
        page = site.html(url)
        for rel, neighbour in (("prev", index - 1), ("next", index + 1)):
            link = page.select_one(f'.ci-pager a[rel="{rel}"]')
            if 0 <= neighbour < len(topics):
                assert site.resolve(url, link["href"]) == f"{LANGUAGE_ROOTS[lang]}topics/{topics[neighbour].slug}/"
                assert link.select_one(".ci-pager__title").get_text() == topics[neighbour].title[lang]
            else:
                assert link is None


@pytest.mark.parametrize("lang", LANGUAGE_ROOTS)
def test_alternates_point_to_the_same_page_in_each_language(site, catalogue, lang):
    paths = ["", "glossary/"] + [f"topics/{t.slug}/" for t in catalogue.topics]
    for path in paths:
        url = LANGUAGE_ROOTS[lang] + path
        page = site.html(url)
        alternates = {
            link["hreflang"]: link["href"]
            for link in page.find_all("link", hreflang=True)
            if "alternate" in link["rel"]
        }
        assert alternates == {
            other: PUBLISHED + prefix.lstrip("/") + path for other, prefix in LANGUAGE_ROOTS.items()
        }, url
        switcher = {a["hreflang"]: a["href"] for a in page.select("a.md-select__link[hreflang]")}
        assert {site.resolve(url, href) for href in switcher.values()} == {
            prefix + path for prefix in LANGUAGE_ROOTS.values()
        }


def test_pages_run_the_chapters_script_and_not_the_themes_bundle(site):
    # The theme's bundle is replaced by theme-fixes/page.js (the page-script correction); its
    # configuration block, read by nothing else, goes with it. A page with a calculator adds its script.
    with_calculator = 0
    for path in sorted(site.root.rglob("*.html")):
        page = BeautifulSoup(path.read_text(encoding="utf-8"), "html.parser")
        sources = [script["src"] for script in page.find_all("script", src=True)]
        where = path.relative_to(site.root)
        calculators = [["chapter", "calculators.js"]] if page.select("form[data-calculator]") else []
        with_calculator += bool(calculators)
        assert [src.rsplit("/", 2)[-2:] for src in sources] == [["theme-fixes", "page.js"], *calculators], where
        assert page.find("script", id="__config") is None, where
    assert with_calculator == 8  # three articles with a calculator and the print edition, each in both languages


OWN_TOPICS = {"ru": "Темы главы", "en": "Topics of the chapter"}


def _nav_sections(site, url):
    """(section title, [(link text, site URL)], open?) of the primary navigation of a page."""
    primary = site.html(url).select_one("nav.md-nav--primary")
    index = primary.select_one(":scope > ul > li:first-child > a.md-nav__link")
    sections = []
    for item in primary.select(":scope > ul > li.md-nav__item--section"):
        title = item.select_one(":scope > label.md-nav__link").get_text(" ", strip=True)
        links = [
            (a.get_text(" ", strip=True), site.resolve(url, a["href"]))
            for a in item.select(":scope > nav > ul > li > a.md-nav__link")
        ]
        sections.append((title, links, "md-nav__item--active" in item["class"]))
    return site.resolve(url, index["href"]), sections


@pytest.mark.parametrize("lang", LANGUAGE_ROOTS)
def test_navigation_groups_topics_by_chapter_in_catalogue_order(site, catalogue, lang):
    groups = [(OWN_TOPICS[lang], [t for t in catalogue.topics if t.origin is None])]
    groups += [
        (c.title[lang], [t for t in catalogue.topics if t.origin and t.origin.id == c.id]) for c in catalogue.chapters
    ]
    expected = [
        (title, [(t.title[lang], f"{LANGUAGE_ROOTS[lang]}topics/{t.slug}/") for t in topics])
        for title, topics in groups
    ]
    assert sorted(url for _, links in expected for _, url in links) == sorted(
        f"{LANGUAGE_ROOTS[lang]}topics/{t.slug}/" for t in catalogue.topics
    )
    # The index and a page of every section: each shows every section, its own one open.
    pages = [(LANGUAGE_ROOTS[lang], None)] + [(links[0][1], title) for title, links in expected]
    for url, open_section in pages:
        index, sections = _nav_sections(site, url)
        assert index == LANGUAGE_ROOTS[lang], url
        assert [(title, links) for title, links, _ in sections] == expected, url
        assert [title for title, _, opened in sections if opened] == ([open_section] if open_section else []), url


def test_written_article_appears_on_its_page_only_in_its_language(site_with_article):
    russian = site_with_article.html("/topics/pruning/")
    assert russian.select_one("h2#how-it-works") is not None
    assert "прунинг обнуляет веса с наименьшей величиной" in russian.get_text()
    assert russian.select_one(".ci-missing") is None
    assert russian.select_one('.md-nav--secondary a[href="#how-it-works"]') is not None
    assert site_with_article.html("/en/topics/pruning/").select_one(".ci-missing") is not None


@pytest.mark.parametrize("lang", LANGUAGE_ROOTS)
def test_search_indexes_every_chapter_page_once_in_its_own_language(site, catalogue, lang):
    entry = json.loads((site.root / ENTRY).read_text(encoding="utf-8"))
    fragments = {
        fragment["url"]: fragment
        for fragment in search_fragments(site.root)
        if fragment["url"].startswith("/en/") == (lang == "en")
    }
    expected = {LANGUAGE_ROOTS[lang], f"{LANGUAGE_ROOTS[lang]}glossary/", f"{LANGUAGE_ROOTS[lang]}facts/"} | {
        f"{LANGUAGE_ROOTS[lang]}topics/{t.slug}/" for t in catalogue.topics
    }
    assert set(fragments) == expected  # the 404 page is not searched
    assert entry["languages"][lang]["page_count"] == len(expected)
    for topic in catalogue.topics:
        fragment = fragments[f"{LANGUAGE_ROOTS[lang]}topics/{topic.slug}/"]
        assert fragment["meta"]["title"] == topic.title[lang]
        assert fragment["meta"]["label"] == topic.label.name[lang]
        assert fragment["meta"]["variant"] == topic.label.variant  # the badge's look in a search result
        chapter = topic.origin.title if topic.origin else catalogue.chapter.title
        assert fragment["filters"] == {"chapter": [chapter[lang]], "label": [topic.label.name[lang]]}


def test_search_indexes_the_content_not_the_theme_around_it(site):
    for fragment in search_fragments(site.root):
        page = site.html(fragment["url"])
        for chrome in ("header.md-header", "nav.md-nav--primary", "footer.md-footer"):
            text = " ".join(page.select_one(chrome).get_text(" ").split())
            assert text not in fragment["content"], (fragment["url"], chrome)
        assert "¶" not in fragment["content"]


def test_site_fetches_nothing_from_other_hosts(site):
    for html in site.root.rglob("*.html"):
        page = site.html("/" + html.relative_to(site.root).as_posix())
        for tag, attr in (("script", "src"), ("link", "href"), ("img", "src"), ("iframe", "src")):
            for node in page.find_all(tag):
                value = node.get(attr, "")
                if (
                    tag == "link"
                    and "stylesheet" not in node.get("rel", [])
                    and "preconnect" not in node.get("rel", [])
                ):
                    continue
                assert not value.startswith(("http:", "https:", "//")), f"{html}: {node}"


def test_catalogue_markup_lands_as_text_everywhere(hostile_site):
    from tests.conftest import HOSTILE

    pages = list(hostile_site.root.rglob("*.html"))
    for html in pages:
        page = hostile_site.html("/" + html.relative_to(hostile_site.root).as_posix())
        assert page.find("img", src="x") is None, html
        assert not [s for s in page.find_all("script") if "alert" in s.get_text()], html
        for node in page.find_all(True):
            assert not any(name.startswith("on") for name in node.attrs), (html, node)
    kubernetes = hostile_site.html("/en/topics/kubernetes/")
    assert kubernetes.h1.get_text() == HOSTILE
    assert kubernetes.title.get_text().startswith(HOSTILE)
    assert HOSTILE in [a.get_text(strip=True) for a in kubernetes.select("nav.md-nav--primary a")]
    assert HOSTILE in [
        label.get_text(strip=True)
        for label in kubernetes.select("nav.md-nav--primary li.md-nav__item--section > label")
    ]
    inference = hostile_site.html("/en/topics/gpu-architecture/")
    assert inference.select_one('meta[name="description"]')["content"] == '"><script>alert(2)</script>'
    assert hostile_site.html("/").h1.get_text() == HOSTILE


def test_one_not_found_page_in_the_default_language_leads_to_both_indexes(site):
    assert not (site.root / "en" / "404.html").exists()
    page = site.html("/404.html")
    assert page.html["lang"] == "ru"
    assert page.h1.get_text() == "Страница не найдена"
    targets = {a["hreflang"]: a["href"] for a in page.select(".md-content a[hreflang]")}
    assert targets == {"ru": "/", "en": "/en/"}
    switcher = {a["hreflang"]: a["href"] for a in page.select("a.md-select__link[hreflang]")}
    assert switcher == targets
    assert page.find_all("link", hreflang=True) == []


def test_sitemap_lists_every_page_with_absolute_addresses_and_alternates(site, catalogue):
    from xml.etree import ElementTree

    ns = {"s": "http://www.sitemaps.org/schemas/sitemap/0.9", "x": "http://www.w3.org/1999/xhtml"}
    root = ElementTree.parse(site.root / "sitemap.xml").getroot()
    base = PUBLISHED.rstrip("/")  # the paths below start with a slash
    paths = ["/", "/glossary/", "/facts/", "/print/"] + [f"/topics/{t.slug}/" for t in catalogue.topics]
    expected = {prefix.rstrip("/") + path for prefix in ("", "/en") for path in paths}
    locations = {}
    for url in root.findall("s:url", ns):
        loc = url.find("s:loc", ns).text
        assert loc.startswith(base + "/"), loc
        locations[loc.removeprefix(base)] = {
            link.get("hreflang"): link.get("href") for link in url.findall("x:link", ns)
        }
    assert set(locations) == expected
    for path in paths:
        assert locations[path] == {"ru": base + path, "en": base + "/en" + path}


def test_scheme_toggle_is_named_in_the_page_language(site):
    names = {
        lang: [
            option["aria-label"] for option in site.html(url).select("form[data-md-component=palette] input.md-option")
        ]
        for lang, url in LANGUAGE_ROOTS.items()
    }
    assert names["ru"] == ["Включить тёмную тему", "Включить светлую тему"]
    assert names["en"] == ["Switch to the dark scheme", "Switch to the light scheme"]


@pytest.mark.parametrize(("lang", "words"), [("ru", "Проверено "), ("en", "Reviewed ")])
def test_every_topic_page_says_when_its_article_was_checked(site, catalogue, lang, words):
    for topic in catalogue.topics:
        line = site.html(f"{LANGUAGE_ROOTS[lang]}topics/{topic.slug}/").select_one(".ci-heading__reviewed")
        assert line.select_one("time")["datetime"] == topic.reviewed.isoformat(), topic.slug
        assert line.get_text() == words + long_date(lang, topic.reviewed)


@pytest.mark.parametrize("lang", LANGUAGE_ROOTS)
def test_glossary_page_defines_every_term_in_the_page_language(site, lang):
    glossary = load_glossary(site.project / "glossary.yaml")
    other = "en" if lang == "ru" else "ru"
    page = site.html(f"{LANGUAGE_ROOTS[lang]}glossary/")
    assert page.html["lang"] == lang
    assert page.h1.get_text() == GLOSSARY_TITLE[lang]
    entries = {entry["id"]: entry for entry in page.select(".ci-glossary__entry")}
    assert set(entries) == {term.id for term in glossary.terms}
    registry, _ = load_registry(site.project / "facts.yaml")
    values = {fact.id: quantity(fact, lang) for fact in registry.facts}
    for term in glossary.terms:
        entry = entries[term.id]
        assert entry.dfn.get_text() == term.term[lang]
        assert entry.select_one(f'.ci-glossary__other[lang="{other}"]').get_text() == term.term[other]
        # A fact's marker shows the fact's value, as the page language writes it.
        assert entry.dd.p.get_text() == MARKER.sub(lambda match: values[match["id"]], term.definition[lang])


@pytest.mark.parametrize("lang", LANGUAGE_ROOTS)
def test_chapter_index_and_navigation_lead_to_the_glossary(site, lang):
    index = site.html(LANGUAGE_ROOTS[lang])
    link = index.select_one(".ci-index__glossary a")
    assert site.resolve(LANGUAGE_ROOTS[lang], link["href"]) == f"{LANGUAGE_ROOTS[lang]}glossary/"
    navigation = [
        site.resolve(LANGUAGE_ROOTS[lang], a["href"]) for a in index.select("nav.md-nav--primary a.md-nav__link[href]")
    ]
    assert f"{LANGUAGE_ROOTS[lang]}glossary/" in navigation
