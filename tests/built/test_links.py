"""Every link in the built site leads somewhere: a crawler over the HTML, not only --strict."""

from __future__ import annotations

import posixpath
from functools import cache
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest
from bs4 import BeautifulSoup

from tools.site import PUBLISHED

LINKING = {"a": "href", "link": "href", "script": "src", "img": "src", "source": "src", "iframe": "src"}


@cache
def _ids(path: Path) -> frozenset[str]:
    soup = BeautifulSoup(path.read_text(encoding="utf-8"), "html.parser")
    return frozenset(node["id"] for node in soup.find_all(id=True)) | frozenset(
        node["name"] for node in soup.find_all("a", attrs={"name": True})
    )


def _target(root: Path, page: Path, url: str) -> tuple[Path, str]:
    """The file a link on `page` opens and the fragment it scrolls to."""
    parts = urlsplit(url)
    if url.startswith(PUBLISHED):
        path = "/" + url.removeprefix(PUBLISHED).split("#")[0]
    elif parts.path.startswith("/"):
        path = parts.path
    else:
        base = "/" + page.parent.relative_to(root).as_posix() + "/"
        path = posixpath.normpath(posixpath.join(base, unquote(parts.path))) + (
            "/" if parts.path.endswith("/") or not parts.path else ""
        )
    file = root / unquote(path).lstrip("/")
    if path.endswith("/") or file.is_dir():
        file = file / "index.html"
    return file, parts.fragment


def broken_links(root: Path) -> list[str]:
    problems = []
    for page in sorted(root.rglob("*.html")):
        soup = BeautifulSoup(page.read_text(encoding="utf-8"), "html.parser")
        for tag, attribute in LINKING.items():
            for node in soup.find_all(tag, attrs={attribute: True}):
                url = node[attribute]
                parts = urlsplit(url)
                where = f"{page.relative_to(root)}: <{tag} {attribute}={url!r}>"
                if parts.scheme in ("mailto", "data") or (
                    parts.scheme in ("http", "https") and not url.startswith(PUBLISHED)
                ):
                    if parts.scheme in ("http", "https") and not parts.netloc:
                        problems.append(f"{where} is not a valid address")
                    continue
                if parts.scheme not in ("", "http", "https"):
                    problems.append(f"{where} uses an unexpected scheme")
                    continue
                file, fragment = _target(root, page, url)
                if not file.is_file():
                    problems.append(f"{where} leads to a missing file")
                elif fragment and file.suffix == ".html" and unquote(fragment) not in _ids(file):
                    problems.append(f"{where} leads to a missing anchor")
    return problems


@pytest.mark.parametrize("which", ["site", "site_with_article"])
def test_no_broken_internal_links_or_anchors(request, which):
    site = request.getfixturevalue(which)
    assert broken_links(site.root) == []


def test_the_crawler_finds_broken_links(site, tmp_path):
    """The gate fails when a link or an anchor breaks."""
    page = tmp_path / "topics" / "x" / "index.html"
    page.parent.mkdir(parents=True)
    (tmp_path / "index.html").write_text('<h2 id="here">Here</h2>', encoding="utf-8")
    page.write_text(
        '<a href="../../">home</a> <a href="../../#here">anchor</a> <a href="../../#gone">gone</a>'
        ' <a href="../missing/">missing</a> <img src="../../figure.svg"> <a href="https://">bad</a>'
        ' <a href="https://example.org/ok">external</a>',
        encoding="utf-8",
    )
    assert broken_links(tmp_path) == [
        "topics/x/index.html: <a href='../../#gone'> leads to a missing anchor",
        "topics/x/index.html: <a href='../missing/'> leads to a missing file",
        "topics/x/index.html: <a href='https://'> is not a valid address",
        "topics/x/index.html: <img src='../../figure.svg'> leads to a missing file",
    ]
