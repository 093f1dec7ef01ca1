"""The address a built site names as its own: the published one, or none; never the machine that built it.

Canonical and hreflang links and the sitemap carry absolute addresses. With SITE_URL set (as `make publish`
sets it) they name it; without it (a preview, `make build`) the site names no absolute address at all and has
no sitemap; a loopback SITE_URL stops the build (CI609) before the site folder is touched.
"""

from __future__ import annotations

import gzip
import re
from pathlib import Path
from urllib.parse import urlsplit
from xml.etree import ElementTree

import pytest
from bs4 import BeautifulSoup

from tools.site import LANGUAGE_ROOTS, MINI, copy_project, mkdocs

# The ways a URL names this machine: a loopback IPv4 address, the name localhost, the IPv6 loopback (bracketed in URLs).
LOOPBACK = re.compile(rb"127\.\d+\.\d+\.\d+|localhost|\[::1\]|0\.0\.0\.0", re.IGNORECASE)
PUBLISHED = "https://chapter.example.net/compute/"  # with a path, as a project's site on a shared host has
MINI_PAGES = ["", "glossary/", "facts/", "print/", "topics/gpu-architecture/", "topics/pruning/", "topics/kubernetes/"]
# Each language's root as a path relative to the site's address, which ends with a slash.
LANGUAGE_PREFIX = {lang: root.lstrip("/") for lang, root in LANGUAGE_ROOTS.items()}
SITEMAP = {"s": "http://www.sitemaps.org/schemas/sitemap/0.9", "x": "http://www.w3.org/1999/xhtml"}


def _build(tmp_path_factory: pytest.TempPathFactory, name: str, site_url: str | None) -> Path:
    folder = tmp_path_factory.mktemp(name)
    result = mkdocs(
        "build",
        "--strict",
        "--site-dir",
        str(folder / "site"),
        cwd=copy_project(folder / "project", data=MINI),
        site_url=site_url,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    return folder / "site"


@pytest.fixture(scope="module")
def preview(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The small chapter built with SITE_URL unset, as `make build` builds it."""
    return _build(tmp_path_factory, "preview", None)


@pytest.fixture(scope="module")
def published(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The small chapter built with SITE_URL set, as `make publish` builds it."""
    return _build(tmp_path_factory, "published", PUBLISHED)


def _readable(path: Path) -> bytes:
    """A file's bytes as a reader's browser gets them: Pagefind's gzip-compressed index files unpacked."""
    data = path.read_bytes()
    return gzip.decompress(data) if data[:2] == b"\x1f\x8b" else data


def _pages(site: Path) -> list[Path]:
    return sorted(site.rglob("*.html"))


def test_the_mini_chapter_pages_are_those_the_tests_expect(preview):
    """The page list below stands for the whole small chapter: a page added to it must be added here too."""
    expected = {
        preview / LANGUAGE_PREFIX[lang] / path / "index.html" for lang in LANGUAGE_PREFIX for path in MINI_PAGES
    }
    assert set(_pages(preview)) == expected | {preview / "404.html"}


def test_a_build_without_site_url_writes_no_loopback_address_anywhere(preview):
    files = [path for path in sorted(preview.rglob("*")) if path.is_file()]
    assert len(files) > 20  # pages, figures, styles, scripts and the search index
    found = {str(path.relative_to(preview)): LOOPBACK.findall(_readable(path)) for path in files}
    assert {name: hits for name, hits in found.items() if hits} == {}


def test_a_build_without_site_url_names_no_absolute_address_and_has_no_sitemap(preview):
    assert not (preview / "sitemap.xml").exists()
    assert not (preview / "sitemap.xml.gz").exists()
    for path in _pages(preview):
        page = BeautifulSoup(path.read_text(encoding="utf-8"), "html.parser")
        assert page.select('link[rel="canonical"]') == [], path
        assert page.select("link[hreflang]") == [], path
        # the language switcher still leads to each language, by a relative address
        switcher = {a["hreflang"]: urlsplit(a["href"]) for a in page.select("a.md-select__link[hreflang]")}
        assert set(switcher) == set(LANGUAGE_PREFIX), path
        assert all(not (href.scheme or href.netloc) for href in switcher.values()), path


@pytest.mark.parametrize("lang", LANGUAGE_PREFIX)
@pytest.mark.parametrize("path", MINI_PAGES)
def test_a_build_with_site_url_names_it_as_canonical_and_hreflang_address(published, lang, path):
    page = BeautifulSoup(
        (published / LANGUAGE_PREFIX[lang] / path / "index.html").read_text(encoding="utf-8"), "html.parser"
    )
    assert [link["href"] for link in page.select('link[rel="canonical"]')] == [PUBLISHED + LANGUAGE_PREFIX[lang] + path]
    alternates = {link["hreflang"]: link["href"] for link in page.select('link[rel="alternate"][hreflang]')}
    assert alternates == {other: PUBLISHED + prefix + path for other, prefix in LANGUAGE_PREFIX.items()}


def test_a_build_with_site_url_lists_every_page_under_it_in_the_sitemap(published):
    root = ElementTree.parse(published / "sitemap.xml").getroot()
    entries = {url.findtext("s:loc", namespaces=SITEMAP): url for url in root.findall("s:url", SITEMAP)}
    assert set(entries) == {PUBLISHED + prefix + path for prefix in LANGUAGE_PREFIX.values() for path in MINI_PAGES}
    for path in MINI_PAGES:
        links = entries[PUBLISHED + path].findall("x:link", SITEMAP)
        assert {link.get("hreflang"): link.get("href") for link in links} == {
            lang: PUBLISHED + prefix + path for lang, prefix in LANGUAGE_PREFIX.items()
        }
    assert gzip.decompress((published / "sitemap.xml.gz").read_bytes()) == (published / "sitemap.xml").read_bytes()


def test_a_build_with_site_url_writes_no_loopback_address_either(published):
    hits = [path for path in sorted(published.rglob("*")) if path.is_file() and LOOPBACK.search(_readable(path))]
    assert hits == []


@pytest.mark.parametrize("address", ["http://127.0.0.1:8000/", "http://localhost:8000/", "http://[::1]/docs/"])
def test_a_loopback_site_url_stops_the_build_before_the_site_folder_is_touched(tmp_path, address):
    site = tmp_path / "site"
    site.mkdir()
    (site / "index.html").write_text("the last good site", encoding="utf-8")
    project = copy_project(tmp_path / "project", data=MINI)
    result = mkdocs("build", "--strict", "--site-dir", str(site), cwd=project, site_url=address)
    assert result.returncode == 1
    line = next(
        number
        for number, text in enumerate((project / "mkdocs.yml").read_text(encoding="utf-8").splitlines(), 1)
        if text.startswith("site_url:")
    )
    assert f"mkdocs.yml:{line}: error CI609 site_url is {address}," in result.stderr
    assert "Set SITE_URL to the address the site is published at" in result.stderr
    assert "Traceback" not in result.stderr
    assert [path.name for path in site.iterdir()] == ["index.html"]
    assert (site / "index.html").read_text(encoding="utf-8") == "the last good site"
