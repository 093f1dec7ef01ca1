"""Using the chapter's search as a reader does: open it, type, read the results."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

# What the status line says once a query has been answered, in either language.
ANSWERED = re.compile(r"Найден|Ничего не нашлось|found|Nothing found")
FIELD = "#ci-search-query"
DIALOG = "#ci-search-dialog"
RESULTS = ".ci-search__result"


def open_search(page: Page, *, shortcut: bool = True) -> None:
    """Open the dialog with its keyboard shortcut, as a reader with a keyboard would, or with its button."""
    if shortcut:
        page.keyboard.press("/")
    else:
        page.locator(".ci-search__open").click()
    expect(page.locator(FIELD)).to_be_focused()


def close_search(page: Page) -> None:
    """Close the dialog with Escape and wait until it is closed: a key
    pressed before then still goes to the search field."""
    page.keyboard.press("Escape")
    expect(page.locator(DIALOG)).not_to_be_visible()


def search_for(page: Page, words: str, *, shortcut: bool = True) -> None:
    open_search(page, shortcut=shortcut)
    page.locator(FIELD).fill(words)
    answered(page)


def answered(page: Page) -> None:
    """Wait until the results of the last query or filter change are all shown."""
    expect(page.locator(".ci-search__status")).to_have_text(ANSWERED)
    expect(page.locator(".ci-search__results")).to_have_attribute("aria-busy", "false")


def result_urls(page: Page, base_url: str) -> list[str]:
    """Site URLs of the results shown, without the section anchor."""
    return [
        href.removeprefix(base_url).partition("#")[0]
        for href in page.locator(f"{RESULTS} a").evaluate_all("links => links.map(a => a.href)")
    ]
