"""A reader of the language that lags finds the topics behind, and follows
the notice to the section in the other language."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import pages
from tools.serving import serve
from tools.site import MINI, build_copy

pytestmark = pytest.mark.browser

ARTICLE_RU = (MINI / "docs/articles/pruning.ru.md").read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def lagging_url(tmp_path_factory) -> Iterator[str]:
    """The small chapter after one sentence of the Russian article changed."""
    edited = ARTICLE_RU.replace("с наименьшей величиной", "с самой малой величиной")
    assert edited != ARTICLE_RU
    site = build_copy(tmp_path_factory.mktemp("lagging"), files={"docs/articles/pruning.ru.md": edited}, data=MINI)
    with serve(site.root) as url:
        yield url


@pytest.fixture
def open_lagging(browser: Browser, lagging_url: str) -> Iterator[Callable[..., Page]]:
    with pages(browser, lagging_url) as open_page:
        yield open_page


@pytest.mark.parametrize("script", [False, True], ids=["no script", "script"])
def test_the_filter_shows_only_the_topics_whose_translation_lags(open_lagging, lagging_url: str, script: bool):
    page = open_lagging(java_script_enabled=script)
    page.goto("/en/")
    expect(page.locator(".ci-card:visible")).to_have_count(3)
    page.locator(".ci-filters:visible").get_by_role("link", name="behind (1)", exact=True).click()
    expect(page).to_have_url(lagging_url.rstrip("/") + "/en/#filter-translation-behind")
    expect(page.locator(".ci-card:visible .ci-card__link")).to_have_text(["Pruning"])
    expect(page.locator(".ci-card:visible .ci-card__behind")).to_have_text(["translation behind"])


def test_the_notice_leads_to_the_changed_section_in_russian(open_lagging, lagging_url: str):
    page = open_lagging()
    page.goto("/en/topics/pruning/")
    notice = page.get_by_role("note")
    expect(notice).to_contain_text("Translation behind")
    notice.get_by_role("link", name="How pruning works").click()
    expect(page).to_have_url(lagging_url.rstrip("/") + "/topics/pruning/#how-it-works")
    expect(page.locator("#how-it-works")).to_be_in_viewport()
    expect(page.locator("html")).to_have_attribute("lang", "ru")
