"""What a first visit costs a reader: every byte the page loads, compressed as a real host serves it.

The browser decides what a page loads (stylesheets, scripts, the search worker
and its stemmers), so the list comes from a real page load; each file is then
counted gzip-compressed, as static hosts send text, and images as they are.
The search index, which holds every article of the reader's language, is loaded
when the reader first opens search, and is reported as that step's cost.
A report goes to test-artifacts/weight.md.
"""

from __future__ import annotations

import gzip
import random
import shutil
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from tests.browser.conftest import VIEWPORT, serve
from tests.site import ROOT

pytestmark = pytest.mark.browser

BUDGET = 150 * 1024  # bytes, compressed, for everything a first visit loads
UNCOMPRESSED = {".png", ".jpg", ".jpeg", ".webp", ".woff", ".woff2", ".gz"}
REPORT = ROOT / "test-artifacts" / "weight.md"


def _transferred(root: Path, url: str) -> int:
    path = unquote(urlsplit(url).path)
    file = root / path.lstrip("/")
    if path.endswith("/") or file.is_dir():
        file = file / "index.html"
    data = file.read_bytes()
    return len(data) if file.suffix in UNCOMPRESSED else len(gzip.compress(data, compresslevel=6, mtime=0))


def first_visit(context: BrowserContext, root: Path, path: str) -> tuple[dict[str, int], dict[str, int]]:
    """Compressed size of every file a fresh browser loads for `path`, then of what opening search adds."""
    loaded: list[str] = []
    context.on("requestfinished", lambda request: loaded.append(request.url))
    page: Page = context.new_page()
    page.goto(path, wait_until="networkidle")
    visit = _sizes(root, loaded)
    loaded.clear()
    page.locator(".md-search__input").click()
    expect(page.locator(".md-search-result__meta")).not_to_have_text("Инициализация поиска" if "/en/" not in path else "Initializing search")
    page.wait_for_load_state("networkidle")
    page.close()
    return visit, _sizes(root, loaded)


def _sizes(root: Path, urls: list[str]) -> dict[str, int]:
    return {urlsplit(url).path: _transferred(root, url) for url in dict.fromkeys(urls) if not url.startswith("data:")}


def _report(visits: dict[str, tuple[dict[str, int], dict[str, int]]]) -> str:
    lines = ["# First-visit weight", "", f"Budget: {BUDGET // 1024} KiB compressed per first visit.", ""]
    for path, steps in visits.items():
        for title, files in zip((path, f"{path}, then opening search"), steps):
            lines += [f"## {title}: {sum(files.values()) / 1024:.1f} KiB", "", "| file | KiB (gzip) |", "|---|---:|"]
            lines += [f"| `{name}` | {size / 1024:.1f} |" for name, size in sorted(files.items(), key=lambda item: -item[1])]
            lines.append("")
    return "\n".join(lines)


def test_first_visits_stay_within_budget(browser, site, base_url):
    visits = {}
    for path in ("/", "/topics/gpu-architecture/", "/en/", "/en/topics/gpu-architecture/"):
        context = browser.new_context(viewport=VIEWPORT, base_url=base_url)
        visits[path] = first_visit(context, site.root, path)
        context.close()
    REPORT.parent.mkdir(parents=True, exist_ok=True)
    REPORT.write_text(_report(visits), encoding="utf-8")
    for path, (visit, search) in visits.items():
        assert sum(visit.values()) <= BUDGET, _report({path: (visit, search)})
        assert not any(name.endswith("search_index.json") for name in visit), f"{path}: the search index came before search was opened"
        index = ("/en" if path.startswith("/en/") else "") + "/search/search_index.json"
        assert [name for name in search if name.endswith("search_index.json")] == [index], f"{path}: {sorted(search)}"


def test_the_weight_gate_catches_a_heavy_page(browser, site, tmp_path):
    """A page that pulls in a large, incompressible script breaks the budget."""
    heavy = tmp_path / "site"
    shutil.copytree(site.root, heavy)
    (heavy / "heavy.js").write_bytes(random.Random(0).randbytes(80 * 1024))  # random bytes do not compress
    index = heavy / "index.html"
    index.write_text(index.read_text(encoding="utf-8").replace("</body>", '<script src="heavy.js"></script></body>'), encoding="utf-8")
    with serve(heavy) as url:
        context = browser.new_context(viewport=VIEWPORT, base_url=url)
        visit, _ = first_visit(context, heavy, "/")
        context.close()
    assert sum(visit.values()) > BUDGET
