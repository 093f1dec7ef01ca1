"""What the chapter's page script (overrides/theme-fixes/page.js) does for a reader, in place of the theme's bundle."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import material
import pytest
from playwright.sync_api import Browser, Page, expect

from chapter.language import translate
from tools.serving import serve
from tools.site import MINI, build_copy

pytestmark = pytest.mark.browser

ARTICLE = {"ru": "/topics/kubernetes/", "en": "/en/topics/kubernetes/"}
TOGGLE = 'form[data-md-component="palette"] label.md-header__button:visible'
SECONDARY_TOC = ".md-sidebar--secondary a.md-nav__link"


def theme_string(lang: str, key: str) -> str:
    """A string of the theme's own translations, as the page script shows it."""
    text = (Path(material.__file__).parent / "templates" / "partials" / "languages" / f"{lang}.html").read_text(
        encoding="utf-8"
    )
    return json.loads(re.search(rf'"{re.escape(key)}": ("[^"]*")', text).group(1))


def test_the_scheme_follows_the_system_until_the_reader_chooses_one_and_then_keeps_it(open_page):
    page = open_page(color_scheme="dark")
    body = page.locator("body")
    page.goto(ARTICLE["en"])
    expect(body).to_have_attribute("data-md-color-scheme", "slate")
    expect(page.locator("meta[name=color-scheme]")).to_have_attribute("content", "dark")
    page.locator(TOGGLE).click()
    expect(body).to_have_attribute("data-md-color-scheme", "default")
    expect(page.locator("meta[name=color-scheme]")).to_have_attribute("content", "light")
    page.goto(ARTICLE["ru"])  # another page of the site, in another language
    expect(body).to_have_attribute("data-md-color-scheme", "default")
    expect(page.locator(TOGGLE)).to_have_count(1)
    expect(page.locator(TOGGLE)).to_have_attribute("for", re.compile("__palette_"))


def test_enter_on_the_focused_toggle_switches_the_scheme(page: Page):
    page.goto(ARTICLE["en"])
    body = page.locator("body")
    page.locator("form[data-md-component=palette] input:checked").focus()
    page.keyboard.press("Enter")
    expect(body).to_have_attribute("data-md-color-scheme", "slate")
    expect(page.locator("form[data-md-component=palette] input:checked")).to_be_focused()
    page.keyboard.press("Enter")
    expect(body).to_have_attribute("data-md-color-scheme", "default")


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_each_code_block_has_a_copy_button_that_copies_its_code_and_says_so(open_page, site, lang: str):
    code = [
        block.get_text().removesuffix("\n")
        for block in site.html(ARTICLE[lang]).select(".md-content .highlight pre > code")
    ]
    assert len(code) >= 3
    page = open_page(permissions=["clipboard-read", "clipboard-write"])
    page.goto(ARTICLE[lang])
    buttons = page.get_by_role("button", name=theme_string(lang, "clipboard.copy"), exact=True)
    expect(buttons).to_have_count(len(code))
    for index in (0, len(code) - 1):
        buttons.nth(index).click()
        expect(page.get_by_role("status").filter(has_text=theme_string(lang, "clipboard.copied"))).to_be_visible()
        assert page.evaluate("() => navigator.clipboard.readText()") == code[index]


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_a_copy_the_browser_refuses_says_it_failed(page: Page, lang: str):
    page.add_init_script(
        "navigator.clipboard.writeText = () => Promise.reject(new DOMException('', 'NotAllowedError'))"
    )
    page.goto(ARTICLE[lang])
    page.get_by_role("button", name=theme_string(lang, "clipboard.copy"), exact=True).first.click()
    status = page.get_by_role("status")
    expect(status).to_have_text(translate(lang, "copy.failed"))
    expect(status).to_be_visible()


def test_back_to_top_appears_while_scrolling_back_up_and_returns_to_the_top(page: Page):
    page.goto(ARTICLE["en"])
    button = page.locator(".md-top")
    expect(button).to_be_hidden()
    page.mouse.wheel(0, 5000)
    page.wait_for_function("() => scrollY > 4000")
    expect(button).to_be_hidden()  # reading on, downwards
    page.mouse.wheel(0, -300)
    expect(button).to_be_visible()
    button.click()
    page.wait_for_function("() => scrollY === 0")
    expect(button).to_be_hidden()


def test_the_table_of_contents_marks_the_section_being_read_and_keeps_it_in_view(open_page, site):
    outline = [a["href"] for a in site.html(ARTICLE["en"]).select(SECONDARY_TOC)]
    assert len(outline) >= 6
    # A short window, so the outline is longer than its sidebar and has to follow.
    page = open_page(viewport={"width": 1280, "height": 420})
    page.goto(ARTICLE["en"])
    for target in (outline[len(outline) // 2], outline[-1], outline[1]):
        page.evaluate("id => document.getElementById(id).scrollIntoView()", target.removeprefix("#"))
        link = page.locator(f'{SECONDARY_TOC}[href="{target}"]')
        expect(link).to_have_class(re.compile(r"\bmd-nav__link--active\b"))
        expect(link).to_have_attribute("aria-current", "true")
        expect(page.locator(f"{SECONDARY_TOC}.md-nav__link--active")).to_have_count(1)
        expect(page.locator(f"{SECONDARY_TOC}[aria-current]")).to_have_count(1)
        passed = page.locator(f"{SECONDARY_TOC}.md-nav__link--passed")
        expect(passed).to_have_count(outline.index(target))
        box = page.locator(".md-sidebar--secondary .md-sidebar__scrollwrap").bounding_box()
        mark = link.bounding_box()
        assert box["y"] <= mark["y"] and mark["y"] + mark["height"] <= box["y"] + box["height"], target


def test_past_the_pages_heading_the_header_shows_the_pages_title(page: Page):
    page.goto(ARTICLE["en"])
    title = page.locator("[data-md-component=header-title]")
    expect(title).not_to_have_class(re.compile("md-header__title--active"))
    page.mouse.wheel(0, 1500)
    expect(title).to_have_class(re.compile(r"\bmd-header__title--active\b"))
    page.mouse.wheel(0, -3000)
    expect(title).not_to_have_class(re.compile("md-header__title--active"))


BOXES = """() => [...document.querySelectorAll('.md-content pre > code, .md-typeset table:not([class])')]
  .map(box => ({wide: box.scrollWidth > box.clientWidth, tabindex: box.getAttribute('tabindex')}))"""


def test_code_and_tables_that_scroll_sideways_take_a_tab_stop_and_the_rest_do_not(open_page):
    page = open_page(viewport={"width": 360, "height": 740})
    page.goto(ARTICLE["en"])
    # The script sets tab stops once the browser has laid the boxes out.
    page.wait_for_function(f"() => ({BOXES})().some(box => box.tabindex === '0')")
    boxes = page.evaluate(BOXES)
    assert any(box["wide"] for box in boxes) and not all(box["wide"] for box in boxes)
    assert [box["tabindex"] == "0" for box in boxes] == [box["wide"] for box in boxes], boxes


@pytest.mark.parametrize("side", ["primary", "secondary"])
def test_the_sidebars_fit_the_window_and_scroll_to_their_last_link(open_page, side: str):
    page = open_page(viewport={"width": 1280, "height": 500})
    page.goto(ARTICLE["en"])
    box = page.locator(f".md-sidebar--{side} .md-sidebar__scrollwrap")
    assert box.bounding_box()["y"] + box.bounding_box()["height"] <= 500  # at the top, where the sidebar starts lowest
    page.mouse.wheel(0, 800)
    page.wait_for_function("() => scrollY >= 800")
    assert box.bounding_box()["y"] + box.bounding_box()["height"] <= 500
    last = box.locator("a.md-nav__link").last
    last.scroll_into_view_if_needed()
    expect(last).to_be_in_viewport()
    assert page.evaluate("() => scrollY") >= 800  # the sidebar scrolled, not the page


# An article with a collapsed block and a set of tabs, a paragraph of each marked with an id a link can target.
REVEALING = """\
## Как устроен прунинг { #how-it-works }

Текст статьи из тестового примера: прунинг обнуляет веса с наименьшей величиной.

??? note "Подробности"

    Скрытый абзац о прунинге весов.
    { #in-details }

=== "Первая вкладка"

    Текст первой вкладки о прунинге.

=== "Вторая вкладка"

    Текст второй вкладки о прунинге.
    { #in-second-tab }
"""


@pytest.fixture(scope="module")
def revealing(tmp_path_factory: pytest.TempPathFactory, browser: Browser) -> Iterator[Page]:
    """A page of the small chapter whose article has a collapsed block and tabs, in a fresh profile."""
    files = {
        "docs/articles/pruning.ru.md": REVEALING,
        "docs/articles/pruning.en.md": None,
        "facts.yaml": None,
        "docs/figures/pruning-zeros.svg": None,
    }
    built = build_copy(tmp_path_factory.mktemp("revealing"), files=files, data=MINI)
    with serve(built.root) as url:
        context = browser.new_context(base_url=url)
        try:
            yield context.new_page()
        finally:
            context.close()


def test_a_link_into_a_tab_not_shown_selects_that_tab(revealing: Page):
    target = revealing.locator("#in-second-tab")
    revealing.goto("about:blank")
    revealing.goto("/topics/pruning/#in-second-tab")  # a page loaded with the fragment
    expect(target).to_be_visible()
    expect(revealing.locator(".tabbed-set > input").nth(1)).to_be_checked()
    revealing.goto("/topics/pruning/")  # loaded anew: an address without a fragment is not one within the page
    expect(target).to_be_hidden()
    revealing.evaluate("() => { location.hash = '#in-second-tab'; }")  # the fragment changes within the page
    expect(target).to_be_visible()


def test_a_changed_fragment_opens_the_collapsed_block_it_points_into(revealing: Page):
    """Chromium opens a block itself when it follows a fragment; other browsers rely on the script, whose
    part is shown here by an address changed without the browser following it, then announced."""
    revealing.goto("/topics/pruning/")
    details = revealing.locator("details")
    expect(details).not_to_have_attribute("open", "")
    revealing.evaluate(
        "() => { history.pushState(null, '', '#in-details'); dispatchEvent(new HashChangeEvent('hashchange')); }"
    )
    expect(details).to_have_attribute("open", "")
    expect(revealing.locator("#in-details")).to_be_visible()
