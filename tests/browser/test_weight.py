"""What a first visit costs a reader: every byte the page loads, compressed as a real host serves it.

The browser decides what a page loads (stylesheets, scripts, fonts), so the
list comes from a real page load; each file is then counted gzip-compressed,
as static hosts send text, and images as they are. Nothing of the search is
loaded with a page: its code and index come when the reader opens it and
types, and that first query is reported and budgeted as a step of its own.
A report goes to test-artifacts/weight.md.
"""

from __future__ import annotations

import random
import shutil
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Page

from tests.browser.conftest import pages
from tests.browser.searching import search_for
from tools.serving import sent_bytes, serve
from tools.site import ROOT

pytestmark = pytest.mark.browser

BUDGET = 150 * 1024  # bytes, compressed, for everything a first visit loads
INDEX_BUDGET = 75 * 1024  # a first visit to the chapter index
THEME_BUDGET = 65 * 1024  # what any page loads besides its own HTML and figures: styles, scripts, icons
QUERY_BUDGET = 160 * 1024  # opening search and answering the first query
QUERY = {"ru": "кластерах", "en": "clusters"}
PAGES = ("/", "/topics/gpu-architecture/", "/glossary/", "/en/", "/en/topics/gpu-architecture/", "/404.html")
PAGES += ("/topics/backups-and-redundancy/", "/en/topics/gpu-inference/")  # pages with a calculator and its script
REPORT = ROOT / "test-artifacts" / "weight.md"


def first_visit(page: Page, root: Path, path: str) -> tuple[dict[str, int], dict[str, int]]:
    """Compressed size of every file a fresh browser profile loads for `path`, then of what a first search adds."""
    loaded: list[str] = []
    page.context.on("requestfinished", lambda request: loaded.append(request.url))  # the search's worker included
    page.goto(path, wait_until="networkidle")
    visit = _sizes(root, loaded)
    loaded.clear()
    search_for(page, QUERY["en" if path.startswith("/en/") else "ru"], shortcut=False)
    page.wait_for_load_state("networkidle")
    return visit, _sizes(root, loaded)


def _own(path: str, name: str) -> bool:
    """The page's own HTML and its figures, which the theme budget leaves out."""
    return name.rstrip("/") == path.removesuffix("index.html").rstrip("/") or name.startswith(
        ("/figures/", "/en/figures/")
    )


def _sizes(root: Path, urls: list[str]) -> dict[str, int]:
    return {urlsplit(url).path: sent_bytes(root, url) for url in dict.fromkeys(urls) if not url.startswith("data:")}


def _report(visits: dict[str, tuple[dict[str, int], dict[str, int]]]) -> str:
    lines = ["# First-visit weight", "", f"Budget: {BUDGET // 1024} KiB compressed per first visit.", ""]
    lines[2] = (
        f"Budgets: {BUDGET // 1024} KiB compressed per first visit, {INDEX_BUDGET // 1024} KiB for the chapter index, "
        f"{THEME_BUDGET // 1024} KiB of styles, scripts and icons on any page, {QUERY_BUDGET // 1024} KiB "
        "for opening search and its first query."
    )
    for path, steps in visits.items():
        for title, files in zip((path, f"{path}, then a first search"), steps, strict=True):
            lines += [f"## {title}: {sum(files.values()) / 1024:.1f} KiB", "", "| file | KiB (gzip) |", "|---|---:|"]
            lines += [
                f"| `{name}` | {size / 1024:.1f} |" for name, size in sorted(files.items(), key=lambda item: -item[1])
            ]
            lines.append("")
    return "\n".join(lines)


def test_first_visits_and_first_searches_stay_within_budget(open_page, site):
    visits = {path: first_visit(open_page(), site.root, path) for path in PAGES}
    REPORT.parent.mkdir(parents=True, exist_ok=True)
    REPORT.write_text(_report(visits), encoding="utf-8")
    for path, (visit, search) in visits.items():
        report = _report({path: (visit, search)})
        assert sum(visit.values()) <= (INDEX_BUDGET if path in ("/", "/en/") else BUDGET), report
        assert sum(size for name, size in visit.items() if not _own(path, name)) <= THEME_BUDGET, report
        assert not any("pagefind" in name or name.endswith("/search.js") for name in visit), (
            f"{path}: search loaded before it was opened"
        )
        assert any(name.endswith("/pagefind.js") for name in search), f"{path}: {sorted(search)}"
        assert sum(search.values()) <= QUERY_BUDGET, report


def test_the_weight_gate_catches_a_heavy_page(browser, site, tmp_path):
    """A page that pulls in a large, incompressible script breaks the budget."""
    heavy = tmp_path / "site"
    shutil.copytree(site.root, heavy)
    (heavy / "heavy.js").write_bytes(random.Random(0).randbytes(BUDGET))  # random bytes do not compress
    index = heavy / "index.html"
    index.write_text(
        index.read_text(encoding="utf-8").replace("</body>", '<script src="heavy.js"></script></body>'),
        encoding="utf-8",
    )
    with serve(heavy) as url, pages(browser, url) as open_page:
        visit, _ = first_visit(open_page(), heavy, "/")
    assert sum(visit.values()) > BUDGET
