"""What the build publishes: the gate stops a site that loads other hosts, and every page carries its
Content-Security-Policy."""

from __future__ import annotations

import base64
import hashlib
import re
from pathlib import Path

import pytest
from bs4 import BeautifulSoup

from tools.site import MINI, ROOT, BuiltSite, build_copy, copy_project, mkdocs

COPYRIGHT = (ROOT / "overrides" / "partials" / "copyright.html").read_text(encoding="utf-8")
STYLESHEET = (ROOT / "docs" / "stylesheets" / "chapter.css").read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def mini_site(tmp_path_factory: pytest.TempPathFactory) -> BuiltSite:
    return build_copy(tmp_path_factory.mktemp("published"), data=MINI)


def test_markup_the_source_checks_do_not_read_stops_the_build_at_its_source(tmp_path: Path):
    files = {
        # A template override writes every page: the tracker is on each of them, in both languages.
        "overrides/partials/copyright.html": COPYRIGHT
        + '<img src="https://tracker.example.net/p.gif" alt="" onload="count()">\n',
        "docs/stylesheets/chapter.css": STYLESHEET + "\n@import url(HTTPS://fonts.example.com/css);\n",
    }
    project = copy_project(tmp_path / "project", files, data=MINI)
    result = mkdocs("build", "--strict", "--site-dir", str(tmp_path / "site"), cwd=project)
    output = result.stdout + result.stderr
    assert result.returncode == 1, output
    line = len(COPYRIGHT.splitlines()) + 1
    assert (
        f"overrides/partials/copyright.html:{line}: error CI608 <img src> loads "
        "https://tracker.example.net/p.gif from another host" in output
    )
    assert f"overrides/partials/copyright.html:{line}: error CI608 an inline event handler `onload=` on <img>" in output
    # Once for the template, however many pages it writes.
    assert len(re.findall(r"copyright\.html:\d+: error CI608 <img src>", output)) == 1
    assert re.search(r"from another host: .* \(in 404\.html and \d+ more built files\)", output)
    css_line = len(STYLESHEET.splitlines()) + 2
    assert (
        f"docs/stylesheets/chapter.css:{css_line}: error CI608 a stylesheet loads "
        "HTTPS://fonts.example.com/css from another host" in output
    )
    assert "Traceback" not in output
    assert not (tmp_path / "site" / "index.html").exists()


def _policy(page: BeautifulSoup) -> dict[str, list[str]]:
    meta = page.find("meta", attrs={"http-equiv": "Content-Security-Policy"})
    assert meta is not None
    return {part.split()[0]: part.split()[1:] for part in meta["content"].split(";")}


def _hash(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode("ascii") + "'"


def test_every_page_carries_a_policy_before_its_scripts_that_allows_exactly_its_inline_scripts(mini_site: BuiltSite):
    pages = sorted(mini_site.root.rglob("*.html"))
    assert mini_site.root / "404.html" in pages and mini_site.root / "en" / "topics" / "pruning" / "index.html" in pages
    for path in pages:
        page = BeautifulSoup(path.read_text(encoding="utf-8"), "html.parser")
        first = page.head.find(True)
        assert first.get("charset") == "utf-8", path
        assert first.find_next_sibling().get("http-equiv") == "Content-Security-Policy", path
        policy = _policy(page)
        inline = [script.string or "" for script in page.find_all("script") if not script.get("src")]
        styles = [style.string or "" for style in page.find_all("style")]
        assert inline, path
        assert sorted(policy["script-src"]) == sorted({"'self'", "'wasm-unsafe-eval'", *map(_hash, inline)}), path
        assert sorted(policy["style-src"]) == sorted({"'self'", *map(_hash, styles)}), path
        assert policy["default-src"] == ["'self'"] and policy["object-src"] == ["'none'"], path
        assert policy["base-uri"] == ["'none'"] and policy["form-action"] == ["'none'"], path
        assert policy["img-src"] == ["'self'", "data:"], path
        assert not page.find(attrs={"style": True}), f"{path}: a style attribute the policy would block"
