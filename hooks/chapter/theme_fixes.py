"""Every correction the site makes to Material for MkDocs, and how the build knows each still applies.

The corrections themselves live in `overrides/theme-fixes/` (markup, script,
stylesheet) and in two partials the theme means to be overridden. Each entry
here says what the theme does, where the correction is, and its evidence: text
in the installed theme's files showing it still behaves as it did when the
correction was written; text every built page, the 404 page included, shows
when the correction is in place; and, for a correction made in CSS, rules of
its own in theme-fixes.css under a comment that starts with its id. After a
theme upgrade or an edit that changes any of these, the build stops and names
the correction instead of passing the theme's markup through. What mkdocs.yml
may enable now that the theme's script is left out is in theme_contract.py;
the couplings to other packages are in couplings.py.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

import tinycss2

CHECKED_WITH = "mkdocs-material 9.8.2"
FIXES = "overrides/theme-fixes"
STYLESHEET = "assets/stylesheets/main.*.min.css"
FIXES_STYLESHEET = "theme-fixes/theme-fixes.css"  # inside the theme's custom_dir, published at the same path
# page-script: the theme's scripts (its bundle, search worker and lunr), which no page loads; the build leaves them out.
THEME_SCRIPTS = "assets/javascripts/"


@dataclass(frozen=True)
class Evidence:
    files: str  # a glob inside the theme's templates folder
    text: str


@dataclass(frozen=True)
class Correction:
    id: str
    theme_does: str
    where: str
    in_theme: tuple[Evidence, ...]
    on_page: str | None = None  # text every page of the site shows while the correction is in place
    # Has rules of its own in theme-fixes.css, each group under a comment that starts with the correction's id.
    styled: bool = False


CORRECTIONS = (
    Correction(
        "switcher-languages",
        "names each language in the switcher without saying which language the name is in,"
        " so a screen reader reads «Русский» with an English voice",
        f"{FIXES}/alternate.html, through partials/alternate.html",
        (Evidence("partials/header.html", '{% include "partials/alternate.html" %}'),),
        on_page='lang="en" class="md-select__link"',
    ),
    Correction(
        "search-in-header",
        "puts a search button in the header only for its own search plugin, which the site replaces with Pagefind",
        f"{FIXES}/alternate.html (the chapter's search follows the switcher, where the theme's would be)",
        (
            Evidence(
                "partials/header.html",
                '{% include "partials/alternate.html" %}\n    {% endif %}\n'
                '    {% if "material/search" in config.plugins %}',
            ),
        ),
        on_page='class="ci-search" data-ci-search',
    ),
    Correction(
        "credit-language",
        "writes its English credit line on pages of every language without marking it as English",
        f"{FIXES}/copyright.html, through partials/copyright.html",
        (Evidence("partials/footer.html", '{% include "partials/copyright.html" %}'),),
        on_page='<span lang="en">Made with',
    ),
    Correction(
        "page-title",
        "writes a front-matter title and the site name into <title> unescaped, joins them with a hyphen, and tells the"
        " chapter index by is_homepage, which the second language's index is not",
        "overrides/main.html, block htmltitle",
        (
            Evidence(
                "base.html",
                "{% elif page.title and not page.is_homepage %}\n"
                "        <title>{{ page.title | striptags }} - {{ config.site_name }}</title>",
            ),
        ),
    ),
    Correction(
        "head-meta",
        "writes the description and the canonical address into the head unescaped, and the languages' alternates as"
        " relative links to each language's home rather than absolute ones to this page in each language",
        "overrides/main.html, block site_meta (with the feed's link)",
        (
            Evidence("base.html", '<meta name="description" content="{{ page.meta.description }}">'),
            Evidence("base.html", '<link rel="alternate" href="{{ alt.link | url }}" hreflang="{{ alt.lang'),
        ),
        on_page='type="image/svg+xml"',
    ),
    Correction(
        "search-body",
        "marks nothing as what a search should index and gives the skip link no target on pages without headings",
        "overrides/main.html, block content (its page_content block includes the theme's content as the theme does)",
        (Evidence("base.html", '{% block content %}\n                  {% include "partials/content.html" %}'),),
        on_page='<span id="ci-content"></span>',
    ),
    Correction(
        "skip-link",
        "renders its skip link only on pages with a table of contents",
        "overrides/main.html, block header",
        (Evidence("base.html", "{% if page.toc | first is defined %}\n        {% set skip = page.toc | first %}"),),
    ),
    Correction(
        "page-script",
        "mounts every component of its script bundle at load, a long task of forced style and layout passes"
        " before a long article can be read on a phone (its Lighthouse performance 90 against 100 without it);"
        " the chapter's script does the same for the parts the site uses, on the theme's own markup and classes",
        f"{FIXES}/page.js, {FIXES}/theme-fixes.css, overrides/main.html blocks config and scripts",
        (
            Evidence("base.html", "{% block scripts %}\n      <script src=\"{{ 'assets/javascripts/bundle."),
            Evidence("base.html", '<div class="md-dialog" data-md-component="dialog">'),
            Evidence("partials/javascripts/base.html", "__md_get=(e,_=localStorage,t=__md_scope)"),
            Evidence("partials/palette.html", 'class="md-option"'),
            Evidence(STYLESHEET, ".md-code__button[data-md-type=copy]:after"),
            Evidence(STYLESHEET, ".md-header__title--active .md-header__topic"),
            Evidence(STYLESHEET, ".md-nav__item .md-nav__link--active"),
            Evidence(STYLESHEET, ".md-dialog--active"),
            Evidence(STYLESHEET, ".md-header__button:not(.focus-visible){outline:none"),
            Evidence(
                STYLESHEET,
                ".md-sidebar{position:sticky;top:2.4rem;flex-shrink:0;align-self:flex-start;width:12.1rem;"
                "padding:1.2rem 0}",
            ),
        ),
        on_page="theme-fixes/page.js",
        styled=True,
    ),
    Correction(
        "back-to-top",
        "hides its back-to-top button with opacity alone, so Tab still lands on it unseen",
        f"{FIXES}/theme-fixes.css",
        (Evidence(STYLESHEET, ".md-top[hidden]{pointer-events:none;opacity:0;"),),
        on_page=FIXES_STYLESHEET,
        styled=True,
    ),
    Correction(
        "footer-contrast",
        "writes the credit line at 4.47:1 on the footer, under WCAG AA's 4.5:1",
        f"{FIXES}/theme-fixes.css",
        (Evidence(STYLESHEET, "md-footer-fg-color--lighter:#ffffff73"),),
        on_page=FIXES_STYLESHEET,
        styled=True,
    ),
    Correction(
        "code-colours",
        "colours comments, operators and some tokens at about 4.5:1 on light code and 3:1 on dark",
        f"{FIXES}/theme-fixes.css",
        (Evidence(STYLESHEET, "--md-code-hl-comment-color:var(--md-default-fg-color--light)"),),
        on_page=FIXES_STYLESHEET,
        styled=True,
    ),
    Correction(
        "link-underline",
        "tells links in running text from the text by colour alone",
        f"{FIXES}/theme-fixes.css",
        (Evidence(STYLESHEET, ".md-typeset a{color:var(--md-typeset-a-color);word-break:break-word}"),),
        on_page=FIXES_STYLESHEET,
        styled=True,
    ),
)


def theme_problems(theme_dirs: Iterable[Path]) -> list[str]:
    """The corrections whose evidence the installed theme no longer shows."""
    dirs = list(theme_dirs)
    texts: dict[Path, str] = {}  # several corrections look into the same bundle; each file is read once

    def text(path: Path) -> str:
        if path not in texts:
            texts[path] = path.read_text(encoding="utf-8")
        return texts[path]

    problems = []
    for correction in CORRECTIONS:
        for evidence in correction.in_theme:
            files = [path for folder in dirs for path in sorted(folder.glob(evidence.files))]
            if not any(evidence.text in text(path) for path in files):
                found = "is missing" if not files else "no longer contains the text the correction was written for"
                problems.append(_describe(correction, f"the theme's {evidence.files} {found}: {evidence.text!r}"))
    return problems


def page_problems(html: str) -> list[str]:
    """The corrections a built page does not show."""
    return [
        _describe(correction, f"the page lacks {correction.on_page!r}")
        for correction in CORRECTIONS
        if correction.on_page is not None and correction.on_page not in html
    ]


def stylesheet_problems(custom_dir: Path) -> list[str]:
    """The corrections theme-fixes.css no longer holds a rule for, and its rules that answer for none.

    A page that links the stylesheet shows only that it is linked; each correction's own rules are
    found by the comment above them, which starts with the correction's id.
    """
    path = custom_dir / FIXES_STYLESHEET
    try:
        css = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        css = ""
    labels = _rule_labels(css)
    problems = [
        _describe(correction, f"{path.name} has no rule under a comment that starts with '{correction.id}:'")
        for correction in CORRECTIONS
        if correction.styled and correction.id not in labels
    ]
    styled = {correction.id for correction in CORRECTIONS if correction.styled}
    problems += [
        f"{FIXES}/{path.name}: a rule under the comment '{label}' answers for no correction of"
        " hooks/chapter/theme_fixes.py; start its comment with the id of the correction it belongs to, or list it there"
        for label in sorted(labels - styled)
    ]
    return problems


def _rule_labels(css: str) -> set[str]:
    """What each rule of a stylesheet answers for: the text before the colon of the last comment above it."""
    labels, label = set(), ""
    for node in tinycss2.parse_stylesheet(css, skip_comments=False, skip_whitespace=True):
        if node.type == "comment":
            label = node.value.strip().partition(":")[0]
        elif node.type in ("qualified-rule", "at-rule"):
            labels.add(label)
    return labels


def _describe(correction: Correction, detail: str) -> str:
    return (
        f"theme correction '{correction.id}' (checked with {CHECKED_WITH}) no longer applies: {detail}."
        f" The theme {correction.theme_does}; the correction is in {correction.where}. See hooks/chapter/theme_fixes.py"
    )
