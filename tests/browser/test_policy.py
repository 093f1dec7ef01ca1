"""Under the pages' Content-Security-Policy the site still works, and a
script slipped into a page afterwards does not run.

Every page records the policy violations it sees (`securitypolicyviolation` events, through an
init script, which the page's policy does not govern); a reader's whole visit must see none.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from tests.browser.conftest import new_context
from tests.browser.searching import RESULTS, search_for
from tools.serving import serve

pytestmark = pytest.mark.browser

WATCH = (
    "window.violations = []; document.addEventListener('securitypolicyviolation', (event) => "
    "window.violations.push(event.violatedDirective));"
)
TOGGLE = 'form[data-md-component="palette"] label.md-header__button:visible'
INJECTED = "<script>window.injected = true;</script>"


@pytest.fixture
def watched(context: BrowserContext) -> Iterator[Page]:
    """A page that records every violation of the policy and every error its scripts log."""
    context.add_init_script(WATCH)
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    assert page.evaluate("window.violations") == []
    assert errors == []


def test_search_finds_pages_under_the_policy(watched: Page):
    watched.goto("/en/")
    search_for(watched, "GPU memory")
    expect(watched.locator(RESULTS).first).to_be_visible()
    assert watched.locator(RESULTS).count() > 0


def test_the_scheme_toggle_works_under_the_policy(watched: Page):
    watched.goto("/en/topics/kubernetes/")
    body = watched.locator("body")
    expect(body).to_have_attribute("data-md-color-scheme", "default")
    watched.locator(TOGGLE).click()
    expect(body).to_have_attribute("data-md-color-scheme", "slate")


def test_copy_buttons_copy_under_the_policy(browser, base_url: str):
    context = new_context(browser, base_url, permissions=["clipboard-read", "clipboard-write"])
    context.add_init_script(WATCH)
    try:
        page = context.new_page()
        page.goto("/en/topics/kubernetes/")
        code = page.locator(".md-content .highlight pre > code").first.inner_text().removesuffix("\n")
        page.locator(".md-content .highlight button").first.click()
        expect(page.get_by_role("status").first).to_be_visible()
        assert page.evaluate("() => navigator.clipboard.readText()") == code
        assert page.evaluate("window.violations") == []
    finally:
        context.close()


def test_the_index_filters_work_under_the_policy(watched: Page):
    watched.goto("/")
    cards = watched.locator(".ci-card:visible")
    every = cards.count()
    watched.locator('.ci-filters:visible a[href="#filter-all-own"]').click()
    expect(watched).to_have_url(watched.url.split("#")[0] + "#filter-all-own")
    assert 0 < cards.count() < every


@pytest.fixture(scope="module")
def tampered(site, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The built site, copied, with a script added to its index page after
    the build: what an attacker on the way would do."""
    root = Path(shutil.copytree(site.root, tmp_path_factory.mktemp("tampered") / "site"))
    index = root / "index.html"
    index.write_text(index.read_text(encoding="utf-8").replace("</body>", INJECTED + "</body>"), encoding="utf-8")
    with serve(root) as url:
        yield url


def test_a_script_added_to_a_built_page_is_blocked(browser, tampered: str):
    context = new_context(browser, tampered)
    context.add_init_script(WATCH)
    try:
        page = context.new_page()
        page.goto("/")
        page.wait_for_function("window.violations.length > 0")
        assert page.evaluate("window.violations") == ["script-src-elem"]
        assert page.evaluate("window.injected") is None
        # The page's own scripts, allowed by their hashes, still ran: the search button shows.
        expect(page.locator(".ci-search__open")).to_be_visible()
    finally:
        context.close()
