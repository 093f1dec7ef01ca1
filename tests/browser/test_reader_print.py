"""The print edition as a browser prints it: only the text, each topic on a new
sheet, addresses written out, long code lines wrapped visibly."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

EDITIONS = {"ru": "/print/", "en": "/en/print/"}
FRAME = (".md-header", ".md-footer", ".md-code__nav")  # the navigation is hidden on this page even on screen


def computed(page: Page, selector: str, prop: str, pseudo: str | None = None) -> str:
    """The computed value of a CSS property of the first element the selector finds (or of its pseudo-element)."""
    return page.locator(selector).first.evaluate(
        "(node, [prop, pseudo]) => getComputedStyle(node, pseudo).getPropertyValue(prop)", [prop, pseudo]
    )


@pytest.mark.parametrize("lang", EDITIONS)
def test_on_paper_the_page_frame_and_copy_buttons_are_gone_and_each_topic_starts_a_sheet(page: Page, lang: str):
    page.goto(EDITIONS[lang])
    expect(page.locator(".md-code__nav").first).to_be_attached()  # the page script has added the copy buttons
    for selector in FRAME:
        assert computed(page, selector, "display") != "none", f"{selector} is shown on screen"
    page.emulate_media(media="print")
    for selector in FRAME:
        assert computed(page, selector, "display") == "none", f"{selector} is printed"
    assert computed(page, ".print-edition__topic", "break-before") == "page"
    assert computed(page, ".print-edition__topic img", "break-inside") == "avoid"


@pytest.mark.parametrize("lang", EDITIONS)
def test_on_paper_a_link_out_of_the_site_shows_its_address_and_a_link_inside_does_not(page: Page, lang: str):
    page.goto(EDITIONS[lang])
    external = '.print-edition__topic a[href^="https://"]'
    assert computed(page, external, "content", "::after") in ("none", "normal"), "on screen the address is not repeated"
    page.emulate_media(media="print")
    href = page.locator(external).first.get_attribute("href")
    shown = page.locator(external).first.evaluate("node => getComputedStyle(node, '::after').content")
    assert shown == f'" ({href})"', shown
    assert computed(page, '.print-edition__topic a[href^="#"]', "content", "::after") in ("none", "normal")


@pytest.mark.parametrize("lang", EDITIONS)
def test_on_paper_long_code_lines_wrap_with_their_continuation_hanging(page: Page, lang: str):
    page.goto(EDITIONS[lang])
    page.emulate_media(media="print")
    code = ".print-edition__topic pre > code"
    assert computed(page, code, "white-space") == "pre-wrap"
    assert set(computed(page, code, "text-indent").split()[1:]) == {"each-line", "hanging"}
    page.emulate_media(media="screen")
    assert computed(page, code, "white-space") == "pre"


@pytest.mark.parametrize("lang", EDITIONS)
def test_screenshot_of_the_printed_edition(page: Page, lang: str, screenshots: Path):
    """The first sheets as a printer gets them, kept for a reviewer's eye."""
    path = screenshots / f"print-edition-{lang}.png"
    path.unlink(missing_ok=True)
    page.goto(EDITIONS[lang])
    page.emulate_media(media="print")
    expect(page.locator(".md-header")).to_be_hidden()
    expect(page.locator("#chapter--title")).to_be_in_viewport()
    page.screenshot(path=path)
    assert path.stat().st_size > 10_000
