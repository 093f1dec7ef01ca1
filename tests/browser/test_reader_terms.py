"""A reader opens a glossary term's definition where an article first uses the
term: by keyboard or tap, with scripts off or on."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from tests.browser.conftest import pages
from tests.browser.test_accessibility import describe, run_axe

pytestmark = pytest.mark.browser

ARTICLE = {"ru": "/topics/gpu-architecture/", "en": "/en/topics/gpu-architecture/"}
GLOSSARY = {"ru": "/glossary/", "en": "/en/glossary/"}
PHONE = {"width": 375, "height": 740}


@pytest.fixture(params=[False, True], ids=["no script", "script"])
def reader(request, browser: Browser, base_url: str):
    with pages(browser, base_url) as open_page:
        yield open_page(java_script_enabled=request.param)


def _first_term(page: Page) -> tuple[Locator, Locator]:
    """The article's first term and the definition it opens."""
    button = page.locator("button.ci-term").first
    return button, page.locator(f"#{button.get_attribute('popovertarget')}")


@pytest.mark.parametrize("lang", ARTICLE)
def test_enter_opens_a_definition_escape_closes_it_and_its_link_leads_to_the_glossary_entry(reader: Page, lang):
    reader.goto(ARTICLE[lang])
    button, popover = _first_term(reader)
    expect(popover).to_be_hidden()
    button.focus()
    reader.keyboard.press("Enter")
    expect(popover).to_be_visible()
    reader.keyboard.press("Escape")
    expect(popover).to_be_hidden()
    expect(button).to_be_focused()
    reader.keyboard.press("Enter")
    expect(popover).to_be_visible()
    link = popover.locator("a:not(.ci-fact)")
    for _ in range(4):  # the definition's fact links come before the glossary link in the tab order
        reader.keyboard.press("Tab")
        if link.evaluate("link => link === document.activeElement"):
            break
    expect(link).to_be_focused()
    term_id = link.get_attribute("href").rpartition("#")[2]
    reader.keyboard.press("Enter")
    expect(reader).to_have_url(re.compile(re.escape(f"{GLOSSARY[lang]}#{term_id}") + "$"))
    expect(reader.locator(f"[id='{term_id}'] dfn")).to_be_in_viewport()


@pytest.mark.parametrize("lang", ARTICLE)
@pytest.mark.parametrize("scripts", [False, True], ids=["no script", "script"])
def test_a_tap_opens_a_definition_inside_a_phone_screen_and_a_tap_elsewhere_closes_it(
    browser, base_url, screenshots, lang, scripts
):
    with pages(browser, base_url) as open_page:
        phone = open_page(viewport=PHONE, is_mobile=True, has_touch=True, java_script_enabled=scripts)
        phone.goto(ARTICLE[lang])
        button, popover = _first_term(phone)
        button.tap()
        expect(popover).to_be_visible()
        box = popover.bounding_box()
        assert (
            box
            and box["x"] >= 0
            and box["y"] >= 0
            and box["x"] + box["width"] <= PHONE["width"]
            and box["y"] + box["height"] <= PHONE["height"]
        ), box
        if scripts:
            phone.screenshot(path=screenshots / f"term-phone-{lang}.png")
        phone.locator("h1").tap()
        expect(popover).to_be_hidden()


@pytest.mark.parametrize("lang", ARTICLE)
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_an_open_definition_passes_axe_and_is_shown_below_its_term(open_page, screenshots, lang, scheme):
    page = open_page(color_scheme=scheme)
    page.goto(ARTICLE[lang])
    button, popover = _first_term(page)
    button.click()
    expect(popover).to_be_visible()
    term, shown = button.bounding_box(), popover.bounding_box()
    assert term and shown and shown["y"] >= term["y"] + term["height"], (
        term,
        shown,
    )  # on a wide screen, under the term
    page.screenshot(path=screenshots / f"term-{lang}-{scheme}.png")
    violations = run_axe(page)
    assert violations == [], describe(violations)


def test_a_definition_is_not_printed_and_its_term_prints_as_a_word(open_page):
    page = open_page()
    page.goto(ARTICLE["ru"])
    button, popover = _first_term(page)
    button.click()
    expect(popover).to_be_visible()
    page.emulate_media(media="print")
    expect(popover).to_be_hidden()
    assert button.evaluate("button => getComputedStyle(button).textDecorationLine") == "none"
    page.emulate_media(media="screen")
    expect(popover).to_be_visible()
