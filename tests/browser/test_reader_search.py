"""The chapter's search as readers use it: words in any form, filters, the keyboard, their own language."""

from __future__ import annotations

import re
from collections import defaultdict

import pytest
import snowballstemmer
from playwright.sync_api import Page, expect

from tests.browser.conftest import new_context
from tests.browser.searching import DIALOG, FIELD, RESULTS, answered, close_search, open_search, result_urls, search_for
from tests.built.test_serve import _wait_for, served  # noqa: F401  (the fixture)
from tools.site import LANGUAGE_ROOTS, search_fragments

STEMMERS = {"ru": "russian", "en": "english"}
LETTERS = {"ru": re.compile(r"[а-яё]+"), "en": re.compile(r"[a-z]+")}
# The words the issue was filed for: each is found in every form.
NAMED = {"ru": ["кластерах", "обучением"], "en": ["clusters", "training"]}
QUERIES_PER_LANGUAGE = 12


def searchable(forms) -> list[str]:
    """The forms a query can take: Pagefind 1.5 folds «й» into «и» before it stems, so «основной» is stemmed as
    «основнои» and misses «основного»; a form with «й» finds only itself (see the canary test below)."""
    return [form for form in forms if "й" not in form] or list(forms)


def inflected_queries(site, lang: str) -> dict[str, set[str]]:
    """Queries in one grammatical form, each with every page that uses the word in any form.

    Word forms are grouped by their Snowball stem over what the site's search
    indexes; the queried form is the rarest, so a match on the form alone would
    miss most of the pages.
    """
    stemmer = snowballstemmer.stemmer(STEMMERS[lang])
    pages: dict[str, dict[str, set[str]]] = defaultdict(lambda: defaultdict(set))
    for fragment in search_fragments(site.root):
        if fragment["url"].startswith("/en/") != (lang == "en"):
            continue
        for word in set(LETTERS[lang].findall(fragment["content"].lower())):
            if len(word) >= 6:
                pages[stemmer.stemWord(word)][word].add(fragment["url"])

    def everywhere(stem: str) -> set[str]:
        return set().union(*pages[stem].values())

    rich = [stem for stem, forms in pages.items() if len(forms) >= 3 and len(everywhere(stem)) >= 4]
    chosen = sorted(rich, key=lambda stem: (-len(everywhere(stem)), stem))[:QUERIES_PER_LANGUAGE]
    queries = {
        min(searchable(pages[stem]), key=lambda form: (len(pages[stem][form]), form)): everywhere(stem)
        for stem in chosen
    }
    for word in NAMED[lang]:
        queries[word] = everywhere(stemmer.stemWord(word))
    return queries


SEARCH_ALL = """async (queries) => {
  const box = document.querySelector("[data-ci-search]");
  const pagefind = await import(new URL("pagefind.js", new URL(box.dataset.bundle, location.href)).href);
  await pagefind.init();
  const found = {};
  for (const query of queries) {
    const search = await pagefind.search(query);
    found[query] = await Promise.all(search.results.map((result) => result.data().then((data) => data.url)));
  }
  return found;
}"""


@pytest.mark.parametrize("lang", LANGUAGE_ROOTS)
def test_a_word_in_one_form_finds_every_page_with_any_of_its_forms(page: Page, site, lang: str):
    queries = inflected_queries(site, lang)
    assert len(queries) >= QUERIES_PER_LANGUAGE
    assert all(len(pages) >= 4 for pages in queries.values())
    page.goto(LANGUAGE_ROOTS[lang])
    found = page.evaluate(SEARCH_ALL, list(queries))
    missed = {query: sorted(pages - set(found[query])) for query, pages in queries.items() if pages - set(found[query])}
    assert missed == {}


def test_pagefind_still_misses_the_other_forms_of_a_word_queried_with_short_i(page: Page, site):
    """A canary: when Pagefind stems before folding «й», this fails, and `searchable` above can go."""
    page.goto(LANGUAGE_ROOTS["ru"])
    found = page.evaluate(SEARCH_ALL, ["основной", "основного"])
    assert set(found["основной"]) < set(found["основного"])


@pytest.mark.parametrize("lang", LANGUAGE_ROOTS)
def test_the_search_box_counts_every_page_of_an_inflected_word(page: Page, site, base_url: str, lang: str):
    queries = inflected_queries(site, lang)
    page.goto(LANGUAGE_ROOTS[lang])
    for word in NAMED[lang]:
        search_for(page, word)
        status = page.locator(".ci-search__status").inner_text()
        assert re.search(rf"\b{len(queries[word])}\b", status), (word, status, len(queries[word]))
        close_search(page)


@pytest.mark.parametrize("lang, slug", [("ru", "distillation"), ("en", "pruning")])
def test_a_result_shows_title_label_section_and_highlighted_excerpt(
    page: Page, base_url: str, catalogue, lang: str, slug: str
):
    topic = next(t for t in catalogue.topics if t.slug == slug)
    word = topic.title[lang]
    page.goto(LANGUAGE_ROOTS[lang])
    search_for(page, word)
    result = page.locator(RESULTS).filter(has=page.locator(f'a[href^="{LANGUAGE_ROOTS[lang]}topics/{slug}/"]')).first
    expect(result.locator(".ci-search__title")).to_have_text(topic.title[lang])
    expect(result.locator(".ci-badge")).to_contain_text(topic.label.name[lang])
    expect(result.locator(f".ci-badge--{topic.label.variant}")).to_have_count(1)
    expect(result.locator(".ci-search__excerpt mark").first).to_be_visible()


def _count(page: Page) -> int:
    return int(re.search(r"\d+", page.locator(".ci-search__status").inner_text())[0])


def test_results_can_be_narrowed_by_label_and_by_chapter(page: Page, base_url: str, catalogue):
    page.goto("/")
    search_for(page, "GPU")
    everything = _count(page)
    new = {f"/topics/{t.slug}/" for t in catalogue.topics if t.label.id == "new"}
    page.locator('select[data-filter="label"]').select_option(catalogue.labels[0].name.ru)
    answered(page)
    shown = set(result_urls(page, base_url))
    assert shown and shown <= new and _count(page) < everything
    mlops = {f"/topics/{t.slug}/" for t in catalogue.topics if t.origin and t.origin.id == "mlops"}
    page.locator('select[data-filter="label"]').select_option("")
    page.locator('select[data-filter="chapter"]').select_option(
        next(c for c in catalogue.chapters if c.id == "mlops").title.ru
    )
    answered(page)
    assert set(result_urls(page, base_url)) == mlops and _count(page) == len(mlops)


def test_the_keyboard_opens_moves_through_opens_and_closes(page: Page, base_url: str):
    page.goto("/topics/kubernetes/")
    search_for(page, "кластер")
    links = page.locator(f"{RESULTS} a")
    page.keyboard.press("ArrowDown")
    expect(links.nth(0)).to_be_focused()
    page.keyboard.press("ArrowDown")
    expect(links.nth(1)).to_be_focused()
    page.keyboard.press("ArrowUp")
    expect(links.nth(0)).to_be_focused()
    page.keyboard.press("ArrowUp")
    expect(page.locator(FIELD)).to_be_focused()
    close_search(page)
    open_search(page)
    page.keyboard.press("ArrowDown")
    target = links.nth(0).get_attribute("href")
    page.keyboard.press("Enter")
    page.wait_for_url(target)


# Escape and / pressed in one go: both keys reach the page before the browser has moved the
# focus out of the closed dialog, as they do for a quick reader (or a loaded machine).
ESCAPE_THEN_SLASH = """() => {
  const key = (name) => new KeyboardEvent("keydown", {key: name, bubbles: true, cancelable: true});
  document.activeElement.dispatchEvent(key("Escape"));
  const closed = !document.querySelector("dialog").open;
  document.activeElement.dispatchEvent(key("/"));
  return closed;
}"""


def test_slash_reopens_search_at_once_after_escape(page: Page):
    page.goto("/")
    search_for(page, "кластер")
    assert page.evaluate(ESCAPE_THEN_SLASH) is True
    expect(page.locator(DIALOG)).to_be_visible()
    expect(page.locator(FIELD)).to_be_focused()


def test_the_button_opens_search_and_closing_returns_to_it(page: Page):
    page.goto("/")
    button = page.locator(".ci-search__open")
    expect(button).to_have_accessible_name("Поиск по главе")
    button.click()
    expect(page.locator(FIELD)).to_be_focused()
    page.locator(".ci-search__close").click()
    expect(page.locator(DIALOG)).not_to_be_visible()
    expect(button).to_be_focused()


@pytest.mark.parametrize(
    ("lang", "placeholder", "found"),
    [
        ("ru", "Слово в любой форме", re.compile(r"^Найден[оыа]? \d+ страниц")),
        ("en", "A word in any form", re.compile(r"^\d+ pages? found$")),
    ],
)
def test_the_search_speaks_the_page_language(page: Page, lang: str, placeholder: str, found: re.Pattern):
    page.goto(LANGUAGE_ROOTS[lang] + "topics/pruning/")
    open_search(page)
    expect(page.locator(FIELD)).to_have_attribute("placeholder", placeholder)
    page.locator(FIELD).fill("GPU")
    expect(page.locator(".ci-search__status")).to_have_text(found)


@pytest.mark.parametrize("lang", LANGUAGE_ROOTS)
def test_readers_load_search_only_when_they_open_it_and_only_their_language(
    context, page: Page, base_url: str, lang: str
):
    urls: list[str] = []
    context.on("request", lambda request: urls.append(request.url.removeprefix(base_url)))
    page.goto(LANGUAGE_ROOTS[lang] + "topics/pruning/", wait_until="networkidle")
    assert [url for url in urls if "pagefind" in url or "search" in url] == []
    search_for(page, "GPU")
    expect(page.locator(RESULTS).first).to_be_visible()
    indexes = {re.search(r"\.(ru|en)_", url)[1] for url in urls if re.search(r"pagefind/.*\.(ru|en)_", url)}
    assert indexes == {lang}


def test_more_results_come_on_request_or_past_the_last_one(page: Page):
    page.goto("/")
    search_for(page, "GPU")
    links = page.locator(f"{RESULTS} a")
    first = links.count()
    assert 0 < first < int(re.search(r"\d+", page.locator(".ci-search__status").inner_text())[0])
    for _ in range(first):
        page.keyboard.press("ArrowDown")
    expect(links.nth(first - 1)).to_be_focused()
    page.keyboard.press("ArrowDown")  # past the last result shown
    expect(links.nth(first)).to_be_focused()
    shown = links.count()
    page.locator(".ci-search__more").click()
    expect(links).not_to_have_count(shown)
    expect(links.nth(shown)).to_be_focused()


def test_mkdocs_serve_keeps_search_current_after_every_rebuild(served, browser):  # noqa: F811  (the fixture imported above)
    project, base, _ = served
    url = f"{base}/topics/pruning/"
    _wait_for(url, '<h1 id="topic">')
    context = new_context(browser, base)
    # The page must not reload itself when the rebuild lands: a page closed or navigated in the middle of
    # its own live reload can leave Playwright waiting for ever. The test reloads it instead.
    context.route("**/livereload/**", lambda route: route.abort())
    try:
        page = context.new_page()
        page.goto(url)
        search_for(page, "флогистонное")
        expect(page.locator(".ci-search__status")).to_have_text(re.compile("Ничего не нашлось"))
        article = project / "docs" / "articles" / "pruning.ru.md"
        article.write_text(
            article.read_text(encoding="utf-8").replace(
                "\n## ", "\nФлогистонное слово, которого в статье не было.\n\n## ", 1
            ),
            encoding="utf-8",
        )
        _wait_for(url, "Флогистонное слово")  # the edited page is shown first, before the rebuild ends
        _wait_for(f"{base}/print/", "Флогистонное слово")  # the rebuild has ended: the print edition has it too
        for _ in range(20):  # the index is written just after the pages; a reader reloading soon after finds it
            page.goto(url)
            search_for(page, "флогистонное")
            if page.locator(RESULTS).count():
                break
            page.wait_for_timeout(500)
        assert result_urls(page, base) == ["/topics/pruning/"]
    finally:
        context.close()


def test_without_scripts_no_search_button_promises_what_cannot_work(open_page):
    page = open_page(java_script_enabled=False)
    page.goto("/topics/pruning/")
    expect(page.locator(".ci-search__open")).to_be_hidden()
    page = open_page()
    page.goto("/topics/pruning/")
    expect(page.locator(".ci-search__open")).to_be_visible()
