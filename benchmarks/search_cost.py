"""What a reader's first search costs: the Russian chapter index opened in Chromium, then one query, counting
the bytes a static host would send (gzip-compressed where it would compress)."""

from __future__ import annotations

import re
from pathlib import Path

from tools.chromium import CHROMIUM, CHROMIUM_ARGS
from tools.serving import sent_bytes, serve

from .timing import Search

# Our search box has answered: the status line says how many pages, and every result shown is in.
ANSWERED = """() => /Найден|Ничего/.test(document.querySelector('.ci-search__status').textContent)
  && document.querySelector('.ci-search__results').getAttribute('aria-busy') === 'false'"""
SLOW_SEARCH_MS = 300_000  # how long the theme's search may take to answer before it counts as not answering
# The word a reader searches for: a Russian word in an inflected form, common to the real and synthetic articles.
QUERIES = ("обучением", "обучения", "модели")


def search_query(site: Path) -> str:
    index = (site / "index.html").read_text(encoding="utf-8")
    return next((word for word in QUERIES if word in index.lower()), QUERIES[-1])


def measure_search(site: Path, query: str, pagefind: bool) -> Search:
    """Open the Russian chapter index in Chromium, search as a reader does, and count what arrives."""
    from playwright.sync_api import sync_playwright

    with serve(site) as base, sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        page = browser.new_page()
        loaded: list[str] = []
        page.on("requestfinished", lambda request: loaded.append(request.url))
        page.goto(f"{base}/", wait_until="networkidle", timeout=SLOW_SEARCH_MS)
        first_visit = sum(sent_bytes(site, url) for url in dict.fromkeys(loaded) if url.startswith(base))
        loaded.clear()
        results = _ours(page, query) if pagefind else _theirs(page, query)
        page.wait_for_load_state("networkidle", timeout=SLOW_SEARCH_MS)
        first_query = sum(sent_bytes(site, url) for url in dict.fromkeys(loaded) if url.startswith(base))
        browser.close()
    folder = site / ("pagefind" if pagefind else "search")
    index_bytes = sum(path.stat().st_size for path in folder.rglob("*") if path.is_file())
    return Search(query, first_visit, first_query, results, index_bytes)


def _ours(page, query: str) -> int:
    # The same patience as for the theme's search: a big chapter index keeps the page busy too.
    page.locator(".ci-search__open").click(timeout=SLOW_SEARCH_MS)
    page.locator("#ci-search-query").fill(query, timeout=SLOW_SEARCH_MS)
    page.wait_for_function(ANSWERED, timeout=SLOW_SEARCH_MS)
    status = page.locator(".ci-search__status").inner_text()
    count = re.search(r"\d[\d\s]*", status)  # "Найдено 2 000 страниц": digits grouped with (no-break) spaces
    return int(re.sub(r"\s", "", count[0])) if count else 0


def _theirs(page, query: str) -> int | None:
    """The theme downloads and parses its whole index on the page's main thread first; on a big catalogue the
    page does not answer for a long while, which is what this measures."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    if not page.locator('script[src*="javascripts/bundle"]').count():
        return None  # the pages run the chapter's own script, not the theme's bundle: nothing answers the search box
    try:
        page.locator(".md-search__input").click(timeout=SLOW_SEARCH_MS)
        page.locator(".md-search__input").fill(query, timeout=SLOW_SEARCH_MS)
        page.keyboard.press("End")  # the theme searches on a key press
        page.locator(".md-search-result__item").first.wait_for(timeout=SLOW_SEARCH_MS)
        return page.locator(".md-search-result__item").count()
    except PlaywrightTimeout:
        return None


def answered(search: Search) -> str:
    return "no answer" if search.results is None else str(search.results)
