"""The built site served over HTTP on localhost and driven in Debian's headless Chromium.

Reader-facing behaviour (whole-card links, the scheme toggle, search, the
language switcher) lives in Material's JavaScript and in CSS, so it can only
be checked in a real browser against real HTTP, not by reading the HTML.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Playwright, expect, sync_playwright

from tools.chromium import CHROMIUM, CHROMIUM_ARGS
from tools.serving import serve
from tools.site import ROOT, BuiltSite

VIEWPORT = {"width": 1280, "height": 900}
SCREENSHOTS = ROOT / "test-artifacts" / "screenshots"
TIMEOUT_MS = 10_000


@pytest.fixture(scope="session")
def base_url(site: BuiltSite) -> Iterator[str]:
    with serve(site.root) as url:
        yield url


@pytest.fixture(scope="session")
def playwright() -> Iterator[Playwright]:
    with sync_playwright() as driver:
        yield driver


@pytest.fixture(scope="session")
def browser(playwright: Playwright) -> Iterator[Browser]:
    """One Chromium for the session; a missing Chromium is a failure, never a skip."""
    if not CHROMIUM.is_file():
        pytest.fail(
            f"Browser tests need Debian's Chromium at {CHROMIUM}, and it is missing. "
            "Install it with `sudo apt-get install chromium` (or run `make chromium`); "
            "Playwright's own browser download is deliberately not used.",
            pytrace=False,
        )
    browser = playwright.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS)
    yield browser
    browser.close()


def new_context(browser: Browser, base_url: str, **options) -> BrowserContext:
    """A fresh profile with the suite's defaults (desktop window, light system
    scheme, the site's address, timeout); options override them."""
    context = browser.new_context(**{"viewport": VIEWPORT, "color_scheme": "light", "base_url": base_url, **options})
    context.set_default_timeout(TIMEOUT_MS)
    return context


@pytest.fixture
def context(browser: Browser, base_url: str) -> Iterator[BrowserContext]:
    """A fresh profile per test, so a scheme stored in localStorage by one test cannot leak into the next."""
    context = new_context(browser, base_url)
    yield context
    context.close()


@contextmanager
def pages(browser: Browser, base_url: str) -> Iterator[Callable[..., Page]]:
    """Open pages in fresh profiles with options of their own (window, system
    scheme, permissions); all closed at the end."""
    opened: list[BrowserContext] = []

    def open_page(**options) -> Page:
        opened.append(new_context(browser, base_url, **options))
        return opened[-1].new_page()

    try:
        yield open_page
    finally:
        for context in opened:
            context.close()


@pytest.fixture
def open_page(browser: Browser, base_url: str) -> Iterator[Callable[..., Page]]:
    """Pages of the real site in fresh profiles, closed after the test even when it fails."""
    with pages(browser, base_url) as open_page:
        yield open_page


@pytest.fixture
def page(context: BrowserContext) -> Page:
    return context.new_page()


@pytest.fixture(scope="session")
def screenshots() -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    return SCREENSHOTS


expect.set_options(timeout=TIMEOUT_MS)
