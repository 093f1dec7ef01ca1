"""Accessibility gates over every page the built site has, in both colour schemes.

axe-core finds what can be checked mechanically (contrast, names, roles,
landmarks). The rest is what axe cannot know about this site: that the
interface is named in the page's language, that text in the other language
says so with `lang`, and that a keyboard reaches every control and shows where
it is. Pages are found on disk, so a page added later is checked without
anyone listing it here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import new_context, pages
from tests.browser.faults import BROKEN_PAGE, broken_copy
from tests.browser.searching import close_search, search_for
from tools.serving import serve
from tools.site import ROOT

pytestmark = pytest.mark.browser

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
SCHEMES = {"default": "light", "slate": "dark"}
# What a screen reader announces for the search button and the language switcher.
SEARCH_NAME = {"ru": "Поиск по главе", "en": "Search the chapter"}
SWITCHER_NAME = {"ru": "Выберите язык", "en": "Select language"}
SKIP_TEXT = {"ru": "Перейти к содержанию", "en": "Skip to content"}
KEYBOARD_PAGES = ["/", "/en/topics/kubernetes/", "/404.html"]
MAX_TABS = 200


def axe_script() -> Path:
    """axe-core from node_modules; missing, the gate fails rather than passing unchecked."""
    if not AXE.is_file():
        pytest.fail(
            f"{AXE.relative_to(ROOT)} is missing: the accessibility tests need the npm packages of package.json. "
            "Install them with `npm ci` (Node.js 18.16 or newer), or run `make test`, which does.",
            pytrace=False,
        )
    return AXE


def site_pages(root: Path) -> list[str]:
    """Every page of a built site as a site URL: each index.html by its folder, and 404.html as itself."""
    urls = []
    for path in sorted(root.rglob("*.html")):
        relative = path.relative_to(root).as_posix()
        if path.name == "index.html":
            urls.append("/" + relative.removesuffix("index.html"))
        elif path.name == "404.html":
            urls.append("/" + relative)
    return urls


RUN_AXE = """() => axe.run(document, {resultTypes: ['violations']}).then(result => result.violations.map(v => ({
  id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map(node => node.target.join(' ')),
})))"""
# A transition cut short by the next one (a toggle, a focus moving on) is cancelled: its promise rejects, and that is
# settled too.
SETTLE = "() => Promise.all(document.getAnimations().map(animation => animation.finished.catch(() => null)))"


def run_axe(page: Page) -> list[dict]:
    """axe-core on the document as it stands now, injected once per document."""
    if not page.evaluate("() => typeof axe !== 'undefined'"):
        # Evaluated through the browser's debugging protocol, not added as a <script>: the page's
        # Content-Security-Policy refuses inline scripts it does not name, and it should.
        page.evaluate(axe_script().read_text(encoding="utf-8"))
    page.evaluate(SETTLE)  # colours caught mid-transition would be judged wrongly
    return page.evaluate(RUN_AXE)


def describe(violations: list[dict]) -> str:
    return "\n".join(
        f"  {v['id']} ({v['impact']}): {v['help']}\n    " + "\n    ".join(v["targets"][:8]) for v in violations
    )


def toggle_scheme(page: Page) -> str:
    """Switch to the other scheme through the header toggle, as a reader does; returns the new scheme."""
    body = page.locator("body")
    before = body.get_attribute("data-md-color-scheme")
    page.locator('form[data-md-component="palette"] label.md-header__button:visible').click()
    expect(body).not_to_have_attribute("data-md-color-scheme", before)
    return body.get_attribute("data-md-color-scheme")


# Text nodes whose language can be told from the text: Cyrillic is Russian; on this site,
# Latin text is English when it is several words or a catalogue string that only English has.
FOREIGN_TEXT = r"""({english, russian}) => {
  english = new Set(english); russian = new Set(russian);
  const found = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent.replace(/\s+/g, ' ').trim();
    const parent = node.parentElement;
    if (!text || parent.closest('script, style, noscript, template, svg, pre, code')) continue;
    // An article's prose names things in Latin script (NVLink, AMD MI300X); what it quotes in
    // the other language are titles of sources, its links. The chapter's own markup is all checked.
    if (parent.closest('.md-content') && !parent.closest('[class*="ci-"], a')) continue;
    let language = null;
    if (/[а-яё]/i.test(text)) language = 'ru';
    else if (!russian.has(text) && (english.has(text) || /[a-z]{2,}[^a-z]+[a-z]{2,}/i.test(text))) language = 'en';
    if (!language) continue;
    const marked = parent.closest('[lang]');
    const lang = marked ? marked.getAttribute('lang').split('-')[0] : '';
    if (lang !== language) {
      const classes = parent.className && typeof parent.className === 'string'
        ? '.' + parent.className.trim().split(/\s+/).join('.') : '';
      const where = parent.tagName.toLowerCase() + classes;
      found.push(`${where} ${JSON.stringify(text.slice(0, 60))} is ${language} but marked ${lang || 'nothing'}`);
    }
  }
  return found;
}"""
OTHER_TITLES = """() => [...document.querySelectorAll('.ci-heading__other, .ci-card__other')]
  .map(el => [el.className, el.getAttribute('lang')])"""


@dataclass
class PageAudit:
    lang: str
    violations: dict[str, list[dict]] = field(default_factory=dict)  # scheme: axe violations
    foreign_text: list[str] = field(default_factory=list)
    other_titles: list[tuple[str, str | None]] = field(default_factory=list)
    search_named: int = 0
    switcher_named: int = 0


def catalogue_strings(catalogue) -> tuple[list[str], list[str]]:
    """(English-only, Russian) strings of the catalogue, for telling the language of Latin text."""
    texts = [catalogue.chapter.title, catalogue.chapter.summary]
    texts += [text for label in catalogue.labels for text in (label.name, label.meaning)]
    texts += [chapter.title for chapter in catalogue.chapters]
    texts += [text for topic in catalogue.topics for text in (topic.title, topic.summary)]
    return sorted({t.en for t in texts if t.en != t.ru} | {"English"}), sorted({t.ru for t in texts})


@pytest.fixture(scope="module")
def audit(browser: Browser, base_url: str, site, catalogue) -> dict[str, PageAudit]:
    """Every page visited once in one tab: axe in the scheme it opens in and in the other, plus the checks axe
    cannot make."""
    english, russian = catalogue_strings(catalogue)
    context = new_context(browser, base_url)
    page = context.new_page()
    audits: dict[str, PageAudit] = {}
    for url in site_pages(site.root):
        page.goto(url)
        lang = page.evaluate("document.documentElement.lang")
        result = audits[url] = PageAudit(lang)
        for _ in SCHEMES:
            scheme = page.locator("body").get_attribute("data-md-color-scheme")
            result.violations[scheme] = run_axe(page)
            toggle_scheme(page)
        result.foreign_text = page.evaluate(FOREIGN_TEXT, {"english": english, "russian": russian})
        result.other_titles = [tuple(pair) for pair in page.evaluate(OTHER_TITLES)]
        result.search_named = page.get_by_role("button", name=SEARCH_NAME.get(lang, "?"), exact=True).count()
        result.switcher_named = page.get_by_role("button", name=SWITCHER_NAME.get(lang, "?"), exact=True).count()
    context.close()
    return audits


def test_every_page_of_both_languages_is_audited(audit, site, catalogue):
    """The walk must really cover the site: both indexes, every topic in both languages, the 404 page."""
    expected = {"/", "/en/", "/404.html"}
    expected |= {f"{home}topics/{topic.slug}/" for topic in catalogue.topics for home in ("/", "/en/")}
    assert expected <= set(audit), f"pages never audited: {sorted(expected - set(audit))}"
    assert {page.lang for page in audit.values()} == {"ru", "en"}


def test_axe_finds_no_violations_on_any_page_in_either_scheme(audit):
    failures = []
    for url, page in audit.items():
        assert set(page.violations) == set(SCHEMES), f"{url} was not checked in both schemes: {sorted(page.violations)}"
        for scheme, violations in page.violations.items():
            if violations:
                failures.append(f"{url} in the {SCHEMES[scheme]} scheme:\n{describe(violations)}")
    assert not failures, f"axe-core found violations on {len(failures)} page views:\n" + "\n".join(failures)


def test_search_and_language_switcher_are_named_in_the_page_language(audit):
    unnamed = [
        f"{url}: search button named {SEARCH_NAME.get(page.lang)!r} ×{page.search_named}, "
        f"language switcher named {SWITCHER_NAME.get(page.lang)!r} ×{page.switcher_named}"
        for url, page in audit.items()
        if (page.search_named, page.switcher_named) != (1, 1)
    ]
    assert not unnamed, "\n".join(unnamed)


@pytest.mark.parametrize(("url", "query"), [("/topics/kubernetes/", "кластер"), ("/en/", "clusters")])
def test_open_search_with_results_has_no_violations_in_either_scheme(page: Page, url: str, query: str):
    page.goto(url)
    lang = page.evaluate("document.documentElement.lang")
    for _ in SCHEMES:
        scheme = page.locator("body").get_attribute("data-md-color-scheme")
        search_for(page, query, shortcut=False)
        expect(page.get_by_role("dialog", name=SEARCH_NAME[lang], exact=True)).to_be_visible()
        violations = run_axe(page)
        assert violations == [], f"{url}, search open, {SCHEMES[scheme]} scheme:\n{describe(violations)}"
        close_search(page)
        toggle_scheme(page)


@pytest.mark.parametrize("url", ["/#filter-new-all", "/en/#filter-current-mlops"])
def test_a_filtered_index_has_no_violations_in_either_scheme(page: Page, url: str):
    page.goto(url)
    for _ in SCHEMES:
        scheme = page.locator("body").get_attribute("data-md-color-scheme")
        violations = run_axe(page)
        assert violations == [], f"{url}, {SCHEMES[scheme]} scheme:\n{describe(violations)}"
        toggle_scheme(page)


def test_text_in_the_other_language_carries_its_own_lang(audit, catalogue):
    failures = [f"{url}: {problem}" for url, page in audit.items() for problem in page.foreign_text]
    assert not failures, "text without the lang of its language:\n" + "\n".join(failures)
    for url, page in audit.items():
        other = {"ru": "en", "en": "ru"}[page.lang]
        assert all(lang == other for _, lang in page.other_titles), f"{url}: {page.other_titles}"
    # The chapter markup in the other language: the index heading and every card, each topic's heading.
    assert len(audit["/en/"].other_titles) == 1 + len(catalogue.topics)
    assert len(audit["/topics/kubernetes/"].other_titles) == 1


def test_language_check_notices_unmarked_text(page: Page):
    """The check above is only worth something if it objects to English text on a Russian page and the reverse."""
    page.set_content(
        '<html lang="ru"><body><p>Made with love</p><p lang="en">Marked in English</p><span>Метка</span></body></html>'
    )
    assert page.evaluate(FOREIGN_TEXT, {"english": [], "russian": []}) == ['p "Made with love" is en but marked ru']
    page.set_content('<html lang="en"><body><p>Метка</p><p lang="ru">Русский</p></body></html>')
    assert page.evaluate(FOREIGN_TEXT, {"english": [], "russian": []}) == ['p "Метка" is ru but marked en']
    # In an article, names in prose and code pass; a link to an English source must say it is English.
    page.set_content(
        '<html lang="ru"><body><div class="md-content"><p>Шина NVLink и AMD MI300X: <a href="#a">Memory '
        "Optimizations, 2020</a>"
        ' <a href="#b" lang="en">Marked title, '
        "2021</a></p><pre><code>print(total_bytes)</code></pre></div></body></html>"
    )
    assert page.evaluate(FOREIGN_TEXT, {"english": [], "russian": []}) == [
        'a "Memory Optimizations, 2020" is en but marked ru'
    ]


# The label that stands for a hidden input on screen: Material's scheme toggle is a radio
# input of zero size followed by the label a reader sees (and that shows its focus).
STAND_IN = """el => el.matches('input') && el.nextElementSibling && el.nextElementSibling.matches('label')
  ? el.nextElementSibling : (el.id ? document.querySelector(`label[for="${el.id}"]`) : null)"""
# Everything about an element that could show focus, with its ::after (the card's ring) and its stand-in.
LOOK = f"""el => {{
  const s = getComputedStyle(el), after = getComputedStyle(el, '::after');
  const label = ({STAND_IN})(el);
  const l = label ? getComputedStyle(label) : null;
  return [s.outlineStyle, s.outlineWidth, s.outlineColor, s.boxShadow, s.backgroundColor, s.color, s.textDecorationLine,
          s.borderColor, s.opacity, s.transform, after.outlineStyle, after.boxShadow, l && l.outlineStyle].join('|');
}}"""
# The controls a keyboard must reach: focusable, rendered, and seen on screen themselves or through their stand-in.
REST = f"""() => {{
  const look = {LOOK};
  const controls = 'a[href], button, input, select, textarea, summary, [tabindex], [contenteditable]';
  const seen = el => {{
    const box = el.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && el.checkVisibility({{opacityProperty: true, visibilityProperty: true}});
  }};
  const expected = [];
  document.body.querySelectorAll('*').forEach((el, i) => {{
    el.dataset.ciProbe = i;
    el.dataset.ciRest = look(el);
    if (!el.matches(controls) || el.tabIndex < 0 || el.disabled || !el.getClientRects().length) return;
    const label = ({STAND_IN})(el);
    if (seen(el) || (label && seen(label))) expected.push(i);
  }});
  return expected;
}}"""
FOCUSED = f"""() => {{
  const el = document.activeElement;
  if (!el || el === document.body || !el.dataset.ciProbe) return null;
  const label = ({STAND_IN})(el);
  const target = el.getClientRects().length && el.getBoundingClientRect().width ? el : label;
  const box = target ? target.getBoundingClientRect() : null;
  const name = (el.getAttribute('aria-label') || el.textContent || el.value || '')
    .replace(/\\s+/g, ' ').trim().slice(0, 40);
  const tag = el.tagName.toLowerCase() + (el.classList.length ? '.' + [...el.classList].join('.') : '');
  const shown = target && target.checkVisibility({{opacityProperty: true, visibilityProperty: true}});
  return {{
    probe: el.dataset.ciProbe, name, tag,
    visible: !!box && box.width > 0 && box.height > 0 && shown,
    changed: ({LOOK})(el) !== el.dataset.ciRest,
    card: el.matches('.ci-card__link'),
  }};
}}"""


@pytest.mark.parametrize("url", KEYBOARD_PAGES)
def test_keyboard_reaches_every_control_and_shows_where_focus_is(page: Page, catalogue, url: str):
    page.goto(url)
    page.evaluate(SETTLE)
    expected = set(page.evaluate(REST))
    reached: dict[str, dict] = {}
    for _ in range(MAX_TABS):
        page.keyboard.press("Tab")
        page.evaluate(SETTLE)  # judge the focus style once its transition has run
        focused = page.evaluate(FOCUSED)
        if focused is None or focused["probe"] in reached:
            break  # past the last control: focus left for the browser's own interface or wrapped around
        reached[focused["probe"]] = focused
    else:
        pytest.fail(f"{MAX_TABS} presses of Tab never left the page")

    unseen = [f"{f['tag']} {f['name']!r}" for f in reached.values() if not (f["visible"] and f["changed"])]
    assert not unseen, f"{url}: focus lands where nothing shows it: {unseen}"
    missed = expected - {int(probe) for probe in reached}
    names = page.evaluate(
        "ids => ids.map(i => document.querySelector(`[data-ci-probe='${i}']`).outerHTML.slice(0, 120))", sorted(missed)
    )
    assert not missed, f"{url}: visible controls Tab never reaches: {names}"
    if url == "/":
        assert sum(f["card"] for f in reached.values()) == len(catalogue.topics)


@pytest.mark.parametrize("url", KEYBOARD_PAGES)
def test_skip_link_comes_first_and_jumps_past_the_navigation(page: Page, url: str):
    page.goto(url)
    lang = page.evaluate("document.documentElement.lang")
    page.keyboard.press("Tab")
    skip = page.locator(":focus")
    expect(skip).to_have_text(SKIP_TEXT[lang])
    expect(skip).to_be_visible()
    page.keyboard.press("Enter")
    page.keyboard.press("Tab")
    assert page.evaluate("() => !!document.activeElement.closest('article.md-content__inner')"), (
        f"{url}: after the skip link, Tab went to {page.locator(':focus').evaluate('el => el.outerHTML.slice(0, 120)')}"
    )


def test_pages_with_a_table_of_contents_keep_a_single_skip_link(site_with_article):
    """Material adds its own skip link where an article has headings; ours must then stay away."""
    assert len(site_with_article.html("/topics/pruning/").select("a.md-skip")) == 1
    assert len(site_with_article.html("/en/topics/pruning/").select("a.md-skip")) == 1


def test_axe_objects_to_a_page_with_known_faults(browser: Browser, site, tmp_path_factory):
    """The gate can fail: an image without alt text and pale badges are reported, each at the faulty element."""
    root = broken_copy(site.root, tmp_path_factory.mktemp("faults"))
    with serve(root) as url, pages(browser, url) as open_page:
        page = open_page()
        page.goto(BROKEN_PAGE)
        violations = {v["id"]: v for v in run_axe(page)}
        assert {"image-alt", "color-contrast"} <= set(violations), describe(list(violations.values()))
        flagged = {
            rule: [page.locator(target).first.evaluate("el => el.className") for target in violations[rule]["targets"]]
            for rule in ("image-alt", "color-contrast")
        }
    assert flagged["image-alt"] == ["ci-fault-image"]
    assert flagged["color-contrast"] and all("ci-badge--new" in name for name in flagged["color-contrast"]), flagged
