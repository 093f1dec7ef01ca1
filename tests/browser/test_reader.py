"""What a reader does with the built site in a browser: the parts that only JavaScript and CSS decide."""

from __future__ import annotations

import re
import struct
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import pages
from tests.browser.searching import RESULTS, close_search, search_for
from tests.conftest import HOSTILE
from tools.serving import serve

pytestmark = pytest.mark.browser

MIN_CONTRAST = 4.5  # WCAG 2 AA for normal-size text; badges are small bold text
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def switch_to_dark(page: Page) -> None:
    """Through the header toggle, as a reader does, rather than by emulating the system setting."""
    body = page.locator("body")
    expect(body).to_have_attribute("data-md-color-scheme", "default")
    page.locator('form[data-md-component="palette"] label.md-header__button:visible').click()
    expect(body).to_have_attribute("data-md-color-scheme", "slate")


def switch_language(page: Page, lang: str) -> None:
    """The switcher's list only opens on hover or focus, so a reader has to open it first."""
    page.wait_for_load_state("networkidle")
    page.locator(".md-header .md-select > button").hover()
    option = page.locator(f'.md-header a.md-select__link[hreflang="{lang}"]')
    expect(option).to_be_visible()
    option.click()


def test_whole_card_opens_its_topic_and_the_switcher_keeps_the_topic(page: Page, base_url: str, catalogue):
    topic = next(topic for topic in catalogue.topics if topic.slug == "gpu-architecture")
    page.goto("/")
    card = page.locator(".ci-card").filter(has=page.get_by_role("link", name=topic.title.ru, exact=True))
    expect(card).to_have_count(1)

    # A real click on the summary, far from the link text: the card's stretched
    # link target has to catch it. Playwright's element click would refuse, since
    # the point belongs to the link, not to the paragraph.
    summary = card.locator(".ci-card__summary")
    summary.scroll_into_view_if_needed()
    box = summary.bounding_box()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    expect(page).to_have_url(f"{base_url}/topics/{topic.slug}/")
    expect(page.locator("h1")).to_have_text(topic.title.ru)

    switch_language(page, "en")
    expect(page).to_have_url(f"{base_url}/en/topics/{topic.slug}/")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.locator("h1")).to_have_text(topic.title.en)

    switch_language(page, "ru")
    expect(page).to_have_url(f"{base_url}/topics/{topic.slug}/")
    expect(page.locator("h1")).to_have_text(topic.title.ru)


def test_dark_scheme_is_remembered_on_other_pages_in_both_languages(page: Page):
    page.goto("/")
    switch_to_dark(page)
    body = page.locator("body")

    page.locator(".ci-card__link").first.click()
    expect(page).to_have_url(re.compile(r"/topics/[a-z0-9-]+/$"))
    expect(body).to_have_attribute("data-md-color-scheme", "slate")

    page.goto("/en/topics/kubernetes/")
    expect(body).to_have_attribute("data-md-color-scheme", "slate")


BADGE_COLOURS = """
els => els.map(el => {
  const visible = el.cloneNode(true);
  visible.querySelectorAll('.ci-visually-hidden').forEach(hidden => hidden.remove());
  const backgrounds = [];
  for (let node = el; node; node = node.parentElement) backgrounds.push(getComputedStyle(node).backgroundColor);
  return {text: visible.textContent.trim(), color: getComputedStyle(el).color, backgrounds};
})
"""


def _rgba(css: str) -> tuple[float, float, float, float]:
    numbers = [float(n) for n in re.findall(r"[\d.]+", css)]
    assert css.startswith("rgb") and len(numbers) in (3, 4), f"unexpected colour {css!r}"
    return (*numbers[:3], numbers[3] if len(numbers) == 4 else 1.0)


def _over(top: tuple[float, float, float, float], below: tuple[float, float, float]) -> tuple[float, float, float]:
    alpha = top[3]
    return tuple(alpha * t + (1 - alpha) * b for t, b in zip(top[:3], below, strict=False))


def _luminance(rgb: tuple[float, float, float]) -> float:
    def linear(channel: float) -> float:
        c = channel / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def _contrast(colour: str, backgrounds: list[str]) -> float:
    """Text colour against what is really painted behind it: translucent layers composited down to a white canvas."""
    ground: tuple[float, float, float] = (255.0, 255.0, 255.0)
    for layer in reversed(backgrounds):
        ground = _over(_rgba(layer), ground)
    text = _over(_rgba(colour), ground)
    lighter, darker = sorted((_luminance(text), _luminance(ground)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_badges_are_readable_text_in_both_schemes(page: Page, catalogue, scheme: str):
    page.goto("/")
    if scheme == "dark":
        switch_to_dark(page)
    badges = page.locator(".ci-badge").evaluate_all(BADGE_COLOURS)
    assert len(badges) == len(catalogue.topics) + len(catalogue.labels)
    names = {label.name.ru for label in catalogue.labels}
    failures = []
    for badge in badges:
        assert badge["text"] in names, f"badge without its label as text: {badge}"
        ratio = _contrast(badge["color"], badge["backgrounds"])
        if ratio < MIN_CONTRAST:
            failures.append(f"{badge['text']}: {badge['color']} on {badge['backgrounds'][0]} = {ratio:.2f}")
    assert not failures, f"badges below {MIN_CONTRAST}:1 in the {scheme} scheme: {failures}"


FOCUS_RING = (
    "el => { const s = getComputedStyle(el, '::after'); return [s.outlineStyle, parseFloat(s.outlineWidth) || 0]; }"
)


def test_keyboard_reaches_the_first_card_and_shows_where_focus_is(page: Page):
    page.goto("/")
    first = page.locator(".ci-card__link").first
    assert first.evaluate(FOCUS_RING)[0] == "none", "the ring must come from focus, not be there all the time"

    for _ in range(80):
        page.keyboard.press("Tab")
        if first.evaluate("el => el === document.activeElement"):
            break
    else:
        pytest.fail("80 presses of Tab never reached the first topic card")
    expect(first).to_be_focused()
    style, width = first.evaluate(FOCUS_RING)
    assert style != "none" and width >= 1, f"focused card has no visible ring: outline {style} {width}px"


def _requests_outside(context, page: Page, visit) -> list[str]:
    """Every request aimed beyond the local server while `visit(page)` runs; none is let through."""
    urls: list[str] = []
    context.route(re.compile(r"^https?://(?!127\.0\.0\.1[:/])"), lambda route: route.abort())
    context.on("request", lambda request: urls.append(request.url))
    visit(page)
    return [url for url in urls if not url.startswith("data:") and urlsplit(url).hostname != "127.0.0.1"]


def _use_every_page_kind(page: Page) -> None:
    for path in ("/", "/topics/gpu-architecture/", "/en/", "/en/topics/kubernetes/", "/404.html"):
        page.goto(path, wait_until="networkidle")
    search_for(page, "GPU")
    expect(page.locator(RESULTS).first).to_be_visible()
    close_search(page)
    switch_language(page, "ru")
    page.wait_for_load_state("networkidle")


def test_reading_searching_and_switching_language_request_nothing_from_other_hosts(context, page: Page):
    assert _requests_outside(context, page, _use_every_page_kind) == []


def test_the_request_gate_catches_a_page_that_calls_another_host(context, page: Page):
    """A page that loads a font from another host fails the gate."""

    def visit(page: Page) -> None:
        page.goto("/", wait_until="networkidle")
        # The gate aborts the request: wait for that, not for a while.
        with page.expect_event("requestfailed", lambda request: "fonts.example.org" in request.url):
            page.evaluate("""() => { const link = document.createElement("link");
                link.rel = "stylesheet"; link.href = "https://fonts.example.org/css?family=Roboto";
                document.head.append(link); }""")

    assert _requests_outside(context, page, visit) == ["https://fonts.example.org/css?family=Roboto"]


def test_pages_and_the_language_switcher_request_nothing_that_fails(context, page: Page):
    """A failed request is a console error and wasted bytes; Material's sitemap lookups used to 404."""
    failed: list[str] = []
    context.on(
        "response",
        lambda response: failed.append(f"{response.status} {response.url}") if response.status >= 400 else None,
    )
    for path in ("/", "/en/", "/topics/gpu-architecture/", "/en/topics/kubernetes/"):
        page.goto(path, wait_until="networkidle")
    switch_language(page, "ru")
    page.wait_for_load_state("networkidle")
    assert failed == []


def _png_size(path: Path) -> tuple[int, int]:
    head = path.read_bytes()[:24]
    assert head[:8] == PNG_SIGNATURE, f"{path} is not a PNG"
    return struct.unpack(">II", head[16:24])


def test_screenshots_of_both_languages_and_both_schemes(page: Page, screenshots: Path):
    """Artifacts for a human to look at after CI; stale files from an earlier run must not count."""
    shots = {
        "ru-home.png": "/",
        "ru-topic.png": "/topics/gpu-architecture/",
        "en-home.png": "/en/",
        "en-topic.png": "/en/topics/gpu-architecture/",
    }
    for name in [*shots, "ru-home-dark.png"]:
        (screenshots / name).unlink(missing_ok=True)
    for name, path in shots.items():
        page.goto(path)
        expect(page.locator("h1")).to_be_visible()
        page.screenshot(path=screenshots / name, full_page=True)
    page.goto("/")
    switch_to_dark(page)
    page.screenshot(path=screenshots / "ru-home-dark.png", full_page=True)

    for name in [*shots, "ru-home-dark.png"]:
        path = screenshots / name
        assert path.is_file(), name
        assert path.stat().st_size > 10 * 1024, f"{name} is only {path.stat().st_size} bytes"
        width, height = _png_size(path)
        assert width == 1280 and height >= 900, f"{name} is {width}x{height}"


def test_markup_in_the_catalogue_never_runs(browser, hostile_site):
    """A title such as <img onerror=…> shows as text on every kind of page, in search results too."""
    dialogs = []
    with serve(hostile_site.root) as url, pages(browser, url) as open_page:
        page = open_page()
        page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
        for path in ("/", "/en/topics/kubernetes/", "/en/topics/gpu-architecture/", "/404.html"):
            page.goto(path)
            page.wait_for_load_state("networkidle")
        expect(page.locator("h1")).to_have_text("Страница не найдена")
        page.goto("/en/topics/kubernetes/")
        expect(page.locator("h1")).to_have_text(HOSTILE)
        search_for(page, "orchestration")  # from the summary of the topic with the hostile title
        titles = page.locator(f"{RESULTS} .ci-search__title")
        expect(titles.filter(has_text=HOSTILE)).to_have_count(1)  # the markup shows as text
        assert page.locator(".ci-search__results img, .ci-search__results script").count() == 0
    assert dialogs == []
