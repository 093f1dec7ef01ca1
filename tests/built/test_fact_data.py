"""facts.yaml is data: whatever Markdown or HTML its text holds, the built
pages show it as text, and nothing of it runs."""

from __future__ import annotations

import pytest

from tools.site import MINI, BuiltSite, build_copy, copy_project, mkdocs

NBSP = "\u00a0"
REGISTRY = (MINI / "facts.yaml").read_text(encoding="utf-8")
ARTICLES = MINI / "docs" / "articles"

# The probe's payloads: a unit symbol that is a Markdown link (F03, F04), a source title that breaks out of the
# link's title attribute (F04) and a realistic one with code (F05), a name and a qualifier with HTML and Markdown (F03).
SYMBOL = {"ru": "[ГБ](javascript:x)", "en": "[GB](javascript:x)"}
TITLE = 'NVIDIA [H100](<x onmouseover=alert(1337) y>) datasheet, `nvidia-smi -q` *and* "<b>"'
NAME = "<script>alert(1)</script> [H100](javascript:alert(2)) *memory*"
QUALIFIER = "`HBM3` <img src=x onerror=alert(3)>"
CHECKED = {"ru": "проверено 30 ноября 2026\u202fг.", "en": "checked 30 November 2026"}
SOURCE = {"ru": "Источник", "en": "Source"}
HEADING = {
    "ru": "## Память {fact:h100-sxm-memory} { #memory }\n\nТекст.\n\n",
    "en": "## Memory {fact:h100-sxm-memory} { #memory }\n\nText.\n\n",
}


def _yaml(text: str) -> str:
    return "'" + text.replace("'", "''") + "'"


def _hostile_registry() -> str:
    text = REGISTRY.replace(
        "symbol: {ru: ГБ, en: GB}", f"symbol: {{ru: {_yaml(SYMBOL['ru'])}, en: {_yaml(SYMBOL['en'])}}}"
    )
    text = text.replace("title: NVIDIA H100 Tensor Core GPU", f"title: {_yaml(TITLE)}", 1)
    text = text.replace(
        "name: {ru: Память H100 SXM, en: H100 SXM memory}", f"name: {{ru: {_yaml(NAME)}, en: {_yaml(NAME)}}}"
    )
    text = text.replace(
        "qualifier: {ru: HBM3, en: HBM3}", f"qualifier: {{ru: {_yaml(QUALIFIER)}, en: {_yaml(QUALIFIER)}}}"
    )
    assert text.count("javascript:") == 4 and TITLE in text and QUALIFIER in text
    return text


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> BuiltSite:
    """The small chapter with the payloads in facts.yaml, and a fact quoted in a heading of both articles."""
    files = {"facts.yaml": _hostile_registry()}
    for lang in ("ru", "en"):
        text = (ARTICLES / f"pruning.{lang}.md").read_text(encoding="utf-8")
        sources = "## Sources { #sources }" if lang == "en" else "## Источники { #sources }"
        assert sources in text
        files[f"docs/articles/pruning.{lang}.md"] = text.replace(sources, HEADING[lang] + sources)
    return build_copy(tmp_path_factory.mktemp("fact-data"), files=files, data=MINI)


PAGES = ["/topics/pruning/", "/en/topics/pruning/", "/facts/", "/en/facts/", "/", "/en/"]


@pytest.mark.parametrize("url", PAGES)
def test_no_payload_becomes_markup(site, url):
    page = site.html(url)
    for tag in page.find_all(True):
        for name, value in tag.attrs.items():
            assert not name.startswith("on"), f"{url}: <{tag.name} {name}=…>"
            assert not str(value).strip().lower().startswith("javascript:"), f"{url}: <{tag.name} {name}={value!r}>"
    assert not [script for script in page.find_all("script") if "alert" in script.get_text()]
    assert page.select('img[src="x"]') == []


@pytest.mark.parametrize(("url", "lang"), [("/topics/pruning/", "ru"), ("/en/topics/pruning/", "en")])
def test_a_fact_link_has_only_its_own_attributes_and_the_data_as_text(site, url, lang):
    links = site.html(url).select(".md-content a.ci-fact")
    assert len(links) == 3  # in the heading, and the two in the prose
    memory = [link for link in links if link["href"].endswith("#h100-sxm-memory")]
    assert len(memory) == 2
    for link in links:
        assert set(link.attrs) == {"class", "href", "title"} and link["class"] == ["ci-fact"]
        assert link.find_all(True) == []
    for link in memory:
        assert link["title"] == f"{SOURCE[lang]}: {TITLE}, {CHECKED[lang]}"
        assert link.get_text() == f"80{NBSP}{SYMBOL[lang]}"


@pytest.mark.parametrize(("url", "lang"), [("/topics/pruning/", "ru"), ("/en/topics/pruning/", "en")])
def test_a_fact_in_a_heading_is_linked_there_and_plain_in_the_table_of_contents(site, url, lang):
    page = site.html(url)
    heading = page.find(id="memory")
    assert [link["href"].rpartition("#")[2] for link in heading.select("a.ci-fact")] == ["h100-sxm-memory"]
    entries = page.select('nav.md-nav--secondary a[href="#memory"]')
    assert entries, "the table of contents lists the heading"
    word = "Память" if lang == "ru" else "Memory"
    for entry in entries:
        assert entry.get_text().strip() == f"{word} 80{NBSP}{SYMBOL[lang]}"
        assert entry.select("a") == [] and [tag.name for tag in entry.find_all(True)] in ([], ["span"])


@pytest.mark.parametrize(("url", "lang"), [("/facts/", "ru"), ("/en/facts/", "en")])
def test_the_facts_page_shows_the_data_as_text(site, url, lang):
    row = site.html(url).find(id="h100-sxm-memory-bandwidth")
    assert row.select_one(".ci-facts__qualifier").get_text() == QUALIFIER
    memory = site.html(url).find(id="h100-sxm-memory")
    assert memory.th.get_text() == NAME
    assert memory.select_one(".ci-facts__value").get_text() == f"80{NBSP}{SYMBOL[lang]}"
    assert [link.get_text() for link in memory.select("td a[href^='https://']")] == [TITLE]


@pytest.mark.parametrize(
    ("moved", "where"),
    [
        ("[HBM {fact:h100-sxm-memory}][arch]", "a link's text"),
        ("<abbr title='{fact:h100-sxm-memory}'>HBM</abbr>", "an abbreviation's expansion"),
    ],
    ids=["reference-link text", "raw HTML attribute"],
)
def test_a_marker_where_a_page_cannot_link_it_stops_the_build_with_its_place(tmp_path, moved, where):
    text = (ARTICLES / "pruning.en.md").read_text(encoding="utf-8")
    assert "its {fact:h100-sxm-memory} of memory" in text
    changed = (
        text.replace("its {fact:h100-sxm-memory} of memory", f"its {moved} of memory")
        + "\n[arch]: gpu-architecture.md\n"
    )
    line = next(number for number, row in enumerate(changed.splitlines(), 1) if moved in row)
    column = changed.splitlines()[line - 1].index("{fact:") + 1
    project = copy_project(tmp_path / "project", {"docs/articles/pruning.en.md": changed}, data=MINI)
    result = mkdocs("build", "--strict", "--site-dir", str(tmp_path / "site"), cwd=project)
    assert result.returncode == 1
    output = result.stdout + result.stderr
    assert (
        f"docs/articles/pruning.en.md:{line}:{column}: error CI404 {{fact:h100-sxm-memory}} stands in {where}, "
        in output
    )
    assert "Traceback" not in output
    assert not (tmp_path / "site").exists()
