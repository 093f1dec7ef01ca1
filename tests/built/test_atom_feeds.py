"""The built site's Atom feeds: valid against RFC 4287's own schema, linked from every page, the same on every build."""

from __future__ import annotations

import copy
from pathlib import Path
from urllib.parse import urljoin, urlsplit

import pytest
from bs4 import BeautifulSoup
from lxml import etree

from tools.site import MINI, PUBLISHED, ROOT, BuiltSite, build, build_copy, copy_project, mkdocs, search_fragments

# RFC 4287 Appendix B, written out in RELAX NG's XML syntax.
SCHEMA = etree.RelaxNG(etree.parse(str(ROOT / "tests" / "fixtures" / "atom" / "atom.rng")))
NS = {"atom": "http://www.w3.org/2005/Atom"}
FEEDS = {"ru": "feed.atom", "en": "en/feed.atom"}


@pytest.fixture(scope="module")
def published(tmp_path_factory: pytest.TempPathFactory) -> BuiltSite:
    return build_copy(tmp_path_factory.mktemp("feeds"), data=MINI)


@pytest.fixture(scope="module")
def preview(tmp_path_factory: pytest.TempPathFactory) -> BuiltSite:
    return build_copy(tmp_path_factory.mktemp("preview"), data=MINI, site_url=None)


def _feed(site: BuiltSite, lang: str) -> etree._ElementTree:
    return etree.parse(str(site.root / FEEDS[lang]))  # raises on a file that is not well-formed XML


def _texts(tree: etree._ElementTree, path: str) -> list[str]:
    return [element.text for element in tree.xpath(path, namespaces=NS)]


def _page_of(site: BuiltSite, address: str) -> Path:
    """The built file an address within the site leads to."""
    path = urlsplit(address).path
    assert path.startswith("/"), address
    file = site.root / path.lstrip("/")
    return file / "index.html" if path.endswith("/") else file


def _problems(tree: etree._ElementTree, feed_address: str, site: BuiltSite) -> list[str]:
    """What RFC 4287 requires and its schema cannot say, checked on one feed read from `feed_address`."""
    found = []
    ids = _texts(tree, "//atom:id")
    if len(ids) != len(set(ids)):
        found.append(f"ids repeat: {ids}")
    entries = _texts(tree, "/atom:feed/atom:entry/atom:updated")
    if _texts(tree, "/atom:feed/atom:updated") != [max(entries)]:
        found.append("the feed's updated is not its newest entry's")
    if entries != sorted(entries, reverse=True):
        found.append("entries are not newest first")
    for entry in tree.xpath("/atom:feed/atom:entry", namespaces=NS):
        if not entry.xpath("atom:link[@rel='alternate' or not(@rel)]", namespaces=NS):
            found.append(f"an entry without content has no alternate link: {entry.findtext('atom:id', namespaces=NS)}")
    if not tree.xpath("/atom:feed/atom:author/atom:name", namespaces=NS):
        found.append("no author for the feed, and none for the entries")
    for link in tree.xpath("//atom:link", namespaces=NS):
        target = _page_of(site, urlsplit(urljoin(feed_address, link.get("href"))).path)
        if not target.is_file():
            found.append(f"{link.get('href')} leads to no built page")
    (self_link,) = tree.xpath("/atom:feed/atom:link[@rel='self']/@href", namespaces=NS)
    if urljoin(feed_address, self_link) != feed_address:
        found.append(f"the self link {self_link} is not the feed's address")
    return found


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_each_feed_is_valid_atom_in_its_language(published: BuiltSite, lang: str):
    tree = _feed(published, lang)
    assert SCHEMA.validate(tree), SCHEMA.error_log
    assert _problems(tree, urljoin(PUBLISHED, FEEDS[lang]), published) == []
    root = tree.getroot()
    assert root.get("{http://www.w3.org/XML/1998/namespace}lang") == lang
    titles = _texts(tree, "/atom:feed/atom:entry/atom:title")
    # The mini chapter: three topics added on one day, one article reviewed later, in both languages.
    expected = {
        "ru": [
            "Статья проверена: Прунинг",
            "Новая тема: Прунинг",
            "Новая тема: Архитектура GPU",
            "Новая тема: Kubernetes",
        ],
        "en": [
            "Article reviewed: Pruning",
            "New topic: Pruning",
            "New topic: GPU Architecture",
            "New topic: Kubernetes",
        ],
    }
    assert titles == expected[lang]
    assert _texts(tree, "/atom:feed/atom:updated") == ["2026-12-01T00:00:00Z"]
    hrefs = tree.xpath("/atom:feed/atom:entry/atom:link/@href", namespaces=NS)
    assert all(href.startswith(urljoin(PUBLISHED, FEEDS[lang].removesuffix("feed.atom") + "topics/")) for href in hrefs)


def test_the_schema_refuses_a_feed_missing_what_rfc_4287_requires(published: BuiltSite):
    """The validation is real: the same feed without an id, an updated date, a title or a link's href fails it."""
    tree = _feed(published, "en")
    assert SCHEMA.validate(tree)
    for path in (
        "/atom:feed/atom:id",
        "/atom:feed/atom:updated",
        "/atom:feed/atom:entry[1]/atom:title",
        "/atom:feed/atom:entry[2]/atom:id",
    ):
        broken = copy.deepcopy(tree)
        (element,) = broken.xpath(path, namespaces=NS)
        element.getparent().remove(element)
        assert not SCHEMA.validate(broken), path
    broken = copy.deepcopy(tree)
    broken.xpath("/atom:feed/atom:entry[1]/atom:link", namespaces=NS)[0].attrib.pop("href")
    assert not SCHEMA.validate(broken)
    broken = copy.deepcopy(tree)
    broken.xpath("/atom:feed/atom:updated", namespaces=NS)[0].text = "2026-12-01"  # a date without its time
    assert not SCHEMA.validate(broken)


def test_the_checks_beyond_the_schema_can_fail(published: BuiltSite):
    tree = copy.deepcopy(_feed(published, "en"))
    entries = tree.xpath("/atom:feed/atom:entry", namespaces=NS)
    entries[1].find("atom:id", NS).text = entries[0].find("atom:id", NS).text
    entries[2].find("atom:link", NS).set("href", "topics/nowhere/")
    tree.xpath("/atom:feed/atom:updated", namespaces=NS)[0].text = "2027-01-01T00:00:00Z"
    problems = " ".join(_problems(tree, urljoin(PUBLISHED, FEEDS["en"]), published))
    assert (
        "ids repeat" in problems
        and "topics/nowhere/ leads to no built page" in problems
        and "not its newest entry's" in problems
    )


def _feed_links(site: BuiltSite) -> dict[str, tuple[str, BeautifulSoup]]:
    """Each built page (its path in the site): its language and the one Atom link in its head."""
    links = {}
    for path in sorted(site.root.rglob("*.html")):
        page = BeautifulSoup(path.read_text(encoding="utf-8"), "html.parser")
        found = page.head.find_all("link", attrs={"type": "application/atom+xml"})
        assert len(found) == 1, path
        links[path.relative_to(site.root).as_posix()] = (page.html["lang"], found[0])
    assert {"404.html", "index.html", "en/topics/pruning/index.html", "en/glossary/index.html"} <= set(links)
    return links


def test_every_page_names_the_feed_of_its_language_in_its_head(published: BuiltSite):
    for built, (lang, link) in _feed_links(published).items():
        assert link["rel"] == ["alternate"] and link["title"], built
        # Absolute, and without hreflang: search engines would take a link with a language for the page itself in it.
        assert not link.has_attr("hreflang") and link["href"] == urljoin(PUBLISHED, FEEDS[lang]), built


def test_a_preview_page_names_its_feed_by_a_relative_address(preview: BuiltSite):
    for built, (lang, link) in _feed_links(preview).items():
        assert not link.has_attr("hreflang") and link["title"], built
        # The 404 page answers at any address, so it names the feed from the site's root, like its other links.
        base = "/" if built == "404.html" else "/" + built
        assert urlsplit(urljoin("http://preview.invalid" + base, link["href"])).path == "/" + FEEDS[lang], built


def test_a_preview_writes_the_feeds_with_addresses_relative_to_themselves(preview: BuiltSite):
    for lang in ("ru", "en"):
        tree = _feed(preview, lang)
        assert SCHEMA.validate(tree), SCHEMA.error_log
        hrefs = tree.xpath("//atom:link/@href", namespaces=NS)
        assert hrefs and not any(urlsplit(href).scheme or href.startswith("/") for href in hrefs)
        # Resolved against wherever the preview is served, every link leads to a page it built.
        assert _problems(tree, "http://preview.invalid/" + FEEDS[lang], preview) == []


def test_two_builds_write_the_same_feeds_and_search_leaves_them_out(published: BuiltSite, tmp_path: Path):
    build(copy_project(tmp_path / "elsewhere", data=MINI), tmp_path / "site")
    for name in FEEDS.values():
        assert (tmp_path / "site" / name).read_bytes() == (published.root / name).read_bytes()
    assert not any("feed" in fragment["url"] for fragment in search_fragments(published.root))
    assert not (published.root / "chapter" / "feed.xml").exists()


def test_the_gate_reads_the_feeds_and_names_their_template(tmp_path: Path):
    template = (ROOT / "overrides" / "chapter" / "feed.xml").read_text(encoding="utf-8")
    tracker = '  <link rel="enclosure" href="https://tracker.example.net/t.gif"/>\n'
    files = {"overrides/chapter/feed.xml": template.replace("</feed>", tracker + "</feed>")}
    project = copy_project(tmp_path / "project", files, data=MINI)
    result = mkdocs("build", "--strict", "--site-dir", str(tmp_path / "site"), cwd=project)
    output = result.stdout + result.stderr
    assert result.returncode == 1, output
    line = len(template.splitlines())
    assert (
        f"overrides/chapter/feed.xml:{line}: error CI608 <link href> loads https://tracker.example.net/t.gif "
        "from another host" in output
    )
    assert "in en/feed.atom and 1 more built file" in output or "in feed.atom and 1 more built file" in output
    assert "Traceback" not in output
