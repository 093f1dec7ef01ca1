"""The real chapter quotes its hardware figures through facts.yaml: every marker
rendered, every fact listed with the pages that quote it."""

from __future__ import annotations

import pytest

from chapter.catalogue import LANGUAGES
from chapter.facts import load_registry, markers, quantity
from chapter.urls import article_source
from tools.site import LANGUAGE_ROOTS, ROOT

REGISTRY, _ = load_registry(ROOT / "facts.yaml")


def test_the_registry_holds_the_figures_several_articles_quote(catalogue):
    quoted = {fact.id: set() for fact in REGISTRY.facts}
    for topic in catalogue.topics:
        for lang in LANGUAGES:
            for _, fact_id in markers((ROOT / "docs" / article_source(topic.slug, lang)).read_text(encoding="utf-8")):
                quoted[fact_id].add(topic.slug)
    assert len(REGISTRY.facts) >= 15
    assert all(quoted.values()), [fact_id for fact_id, slugs in quoted.items() if not slugs]
    assert sum(len(slugs) >= 2 for slugs in quoted.values()) >= 12


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_page_shows_a_marker_and_each_quoted_value_is_the_registrys(site, catalogue, lang):
    for topic in catalogue.topics:
        url = f"{LANGUAGE_ROOTS[lang]}topics/{topic.slug}/"
        assert "{fact:" not in site.file(url).read_text(encoding="utf-8"), url
        for link in site.html(url).select(".md-content a.ci-fact"):
            fact = REGISTRY.fact(link["href"].rpartition("#")[2])
            assert fact is not None and link.get_text() == quantity(fact, lang), (url, link)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_facts_page_lists_every_fact_with_its_source(site, lang):
    page = site.html(f"{LANGUAGE_ROOTS[lang]}facts/")
    rows = page.select("tr[id]")
    assert [row["id"] for row in rows] == [
        fact.id for subject in REGISTRY.subjects for fact in REGISTRY.facts if fact.subject == subject
    ]
    for row, fact in zip(rows, [REGISTRY.fact(row["id"]) for row in rows], strict=True):
        assert fact is not None
        assert row.select_one(".ci-facts__value").get_text() == quantity(fact, lang)
        assert row.find_all("td")[1].a["href"] == fact.source.url
        assert row.select("td:last-child a"), f"{fact.id} is quoted nowhere"
    index = site.html(LANGUAGE_ROOTS[lang])
    assert any(
        site.resolve(LANGUAGE_ROOTS[lang], link["href"]) == f"{LANGUAGE_ROOTS[lang]}facts/"
        for link in index.select(".ci-index__glossary a")
    )
