"""A glossary term in an article, built: a button and its definition in both
languages, linked to the glossary, and kept out of search."""

from __future__ import annotations

import pytest

from tools.site import LANGUAGE_ROOTS, MINI, BuiltSite, build_copy, search_fragments

# A word no page writes but the new term's definition: search must not find the article by it.
ONLY_IN_DEFINITION = "квазиразреженность"
TERM = f"""
  - id: pruning
    term: {{ru: прунинг, en: pruning}}
    definition:
      ru: Обнуление части весов ({ONLY_IN_DEFINITION}); модель с {{fact:h100-sxm-memory}} памяти читает меньше.
      en: Zeroing some of the weights ({ONLY_IN_DEFINITION}); a model in {{fact:h100-sxm-memory}} of memory reads less.
"""
WORDS = {
    "ru": "Прунинг",
    "en": "Pruning",
}  # as the articles' first paragraph writes the term; their headings write it too


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> BuiltSite:
    """The small chapter, its glossary given the term its article is about."""
    glossary = (MINI / "glossary.yaml").read_text(encoding="utf-8") + TERM
    return build_copy(tmp_path_factory.mktemp("terms"), files={"glossary.yaml": glossary}, data=MINI)


@pytest.mark.parametrize("lang", LANGUAGE_ROOTS)
def test_the_article_explains_its_term_where_it_first_uses_it(site, lang):
    url = f"{LANGUAGE_ROOTS[lang]}topics/pruning/"
    page = site.html(url)
    buttons = page.select("button.ci-term")
    assert [(button.get_text(), button["popovertarget"]) for button in buttons] == [(WORDS[lang], "term-pruning-1")]
    assert buttons[0].find_parent("p") is not None and not page.select("h2 .ci-term, a .ci-term")
    popover = page.find(id="term-pruning-1")
    assert (
        popover is buttons[0].find_next_sibling()
        and popover.has_attr("popover")
        and popover.has_attr("data-pagefind-ignore")
    )
    assert ONLY_IN_DEFINITION in popover.get_text() and "{fact:" not in popover.get_text()
    glossary, fact = popover.select("a:not(.ci-fact)"), popover.select_one("a.ci-fact")
    assert len(glossary) == 1 and site.resolve(url, glossary[0]["href"]) == f"{LANGUAGE_ROOTS[lang]}glossary/#pruning"
    assert site.html(f"{LANGUAGE_ROOTS[lang]}glossary/").find(id="pruning") is not None
    assert site.resolve(url, fact["href"]) == f"{LANGUAGE_ROOTS[lang]}facts/#h100-sxm-memory"
    assert site.html(f"{LANGUAGE_ROOTS[lang]}facts/").find(id="h100-sxm-memory") is not None


def test_search_does_not_find_an_article_by_a_word_only_its_definitions_hold(site):
    holding = sorted(
        fragment["url"] for fragment in search_fragments(site.root) if ONLY_IN_DEFINITION in fragment["content"]
    )
    assert holding == ["/en/glossary/", "/glossary/"]  # the glossary pages, which define the term in their text
