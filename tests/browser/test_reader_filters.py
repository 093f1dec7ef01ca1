"""Narrowing the chapter index by label and origin, with scripts switched off and on, on wide and narrow screens."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import pages

pytestmark = pytest.mark.browser

NARROW = {"width": 390, "height": 844}


@pytest.fixture(params=[False, True], ids=["no script", "script"])
def reader(request, browser: Browser, base_url: str):
    with pages(browser, base_url) as open_page:
        yield open_page(java_script_enabled=request.param)


def _visible_titles(page: Page) -> list[str]:
    return page.locator(".ci-card:visible .ci-card__link").all_inner_texts()


def test_a_label_filter_shows_its_topics_under_an_address_of_its_own(reader: Page, catalogue):
    reader.goto("/")
    assert _visible_titles(reader) == [t.title.ru for t in catalogue.topics]
    new = [t for t in catalogue.topics if t.label.id == "new"]
    reader.get_by_role("link", name=f"{new[0].label.name.ru} ({len(new)})", exact=True).click()
    expect(reader).to_have_url(reader.url.split("#")[0] + "#filter-new-all")
    assert _visible_titles(reader) == [t.title.ru for t in new]
    expect(reader.locator(".ci-filters:visible .ci-filters__shown")).to_have_text(
        f"Показаны {len(new)} темы из {len(catalogue.topics)}."
    )


def test_origin_and_label_combine_and_the_address_can_be_shared(reader: Page, catalogue):
    reader.goto("/en/#filter-current-mlops")
    expected = [t for t in catalogue.topics if t.label.id == "current" and t.origin and t.origin.id == "mlops"]
    assert expected and _visible_titles(reader) == [t.title.en for t in expected]
    note = reader.locator(".ci-topics__note:visible")
    expect(note).to_have_text(
        f"{len(expected)} topics are shown here from other chapters: they fit this chapter’s subject and "
        "open in their own chapters."
    )
    reader.get_by_role(
        "link", name=f"all ({sum(t.label.id == 'current' for t in catalogue.topics)})", exact=True
    ).last.click()
    assert _visible_titles(reader) == [t.title.en for t in catalogue.topics if t.label.id == "current"]


def test_own_topics_borrow_nothing_so_no_borrowed_note_shows(reader: Page, catalogue):
    reader.goto("/#filter-all-own")
    assert _visible_titles(reader) == [t.title.ru for t in catalogue.topics if t.origin is None]
    expect(reader.locator(".ci-topics__note:visible")).to_have_count(0)


def test_hidden_cards_are_hidden_from_assistive_technology_and_the_keyboard(page: Page, catalogue):
    page.goto("/#filter-new-all")
    hidden = [t for t in catalogue.topics if t.label.id != "new"]
    for topic in hidden[:3]:
        expect(page.locator(".ci-cards").get_by_role("link", name=topic.title.ru, exact=True)).to_have_count(0)
    shown = [t for t in catalogue.topics if t.label.id == "new"]
    page.locator(".ci-filters:visible a").last.focus()
    focused = []
    for _ in range(len(shown)):
        page.keyboard.press("Tab")
        focused.append(page.evaluate("document.activeElement.textContent"))
    assert focused == [t.title.ru for t in shown]


def test_filters_work_on_a_narrow_screen(open_page, catalogue):
    page = open_page(viewport=NARROW, java_script_enabled=False, is_mobile=True)
    page.goto("/")
    link = page.locator('.ci-filters:visible a[href="#filter-all-own"]')
    link.scroll_into_view_if_needed()
    box = link.bounding_box()
    assert box and box["x"] >= 0 and box["x"] + box["width"] <= NARROW["width"], (
        box
    )  # the bar wraps instead of overflowing
    link.click()
    assert _visible_titles(page) == [t.title.ru for t in catalogue.topics if t.origin is None]
