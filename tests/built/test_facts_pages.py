"""Every page shows a fact as its language writes it, from the one value in
facts.yaml, and the facts page lists them all."""

from __future__ import annotations

import pytest

from tools.site import MINI, BuiltSite, build_copy, copy_project, mkdocs

REGISTRY = (MINI / "facts.yaml").read_text(encoding="utf-8")
NBSP = "\u00a0"


def _fact_links(site: BuiltSite, url: str) -> dict[str, str]:
    """Each quoted fact on a page, by the facts-page address it links to: its text."""
    return {site.resolve(url, link["href"]): link.get_text() for link in site.html(url).select(".md-content a.ci-fact")}


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> BuiltSite:
    return build_copy(tmp_path_factory.mktemp("facts"), data=MINI)


@pytest.fixture(scope="module")
def revised(tmp_path_factory) -> BuiltSite:
    """The same chapter after one value in facts.yaml was revised, and nothing else."""
    assert "    value: 3.35\n" in REGISTRY
    return build_copy(
        tmp_path_factory.mktemp("revised"),
        files={"facts.yaml": REGISTRY.replace("    value: 3.35\n", "    value: 3.9\n")},
        data=MINI,
    )


@pytest.mark.parametrize(
    ("url", "facts_page", "bandwidth", "memory"),
    [
        ("/topics/pruning/", "/facts/", f"3,35{NBSP}ТБ/с", f"80{NBSP}ГБ"),
        ("/en/topics/pruning/", "/en/facts/", f"3.35{NBSP}TB/s", f"80{NBSP}GB"),
    ],
)
def test_a_page_shows_the_registrys_value_in_its_language_linked_to_its_entry(site, url, facts_page, bandwidth, memory):
    assert _fact_links(site, url) == {
        f"{facts_page}#h100-sxm-memory-bandwidth": bandwidth,
        f"{facts_page}#h100-sxm-memory": memory,
    }
    assert "{fact:" not in site.file(url).read_text(encoding="utf-8")


def test_one_revised_value_changes_every_page_in_both_languages(revised):
    assert _fact_links(revised, "/topics/pruning/")["/facts/#h100-sxm-memory-bandwidth"] == f"3,9{NBSP}ТБ/с"
    assert _fact_links(revised, "/en/topics/pruning/")["/en/facts/#h100-sxm-memory-bandwidth"] == f"3.9{NBSP}TB/s"
    assert (
        revised.html("/en/facts/").find(id="h100-sxm-memory-bandwidth").select_one(".ci-facts__value").get_text()
        == f"3.9{NBSP}TB/s"
    )


@pytest.mark.parametrize(
    ("url", "name", "value", "checked", "topic"),
    [
        ("/facts/", "Пропускная способность памяти H100 SXM", f"3,35{NBSP}ТБ/с", "30 ноября 2026\u202fг.", "Прунинг"),
        ("/en/facts/", "H100 SXM memory bandwidth", f"3.35{NBSP}TB/s", "30 November 2026", "Pruning"),
    ],
)
def test_the_facts_page_lists_value_source_date_and_where_each_fact_is_quoted(site, url, name, value, checked, topic):
    row = site.html(url).find(id="h100-sxm-memory-bandwidth")
    cells = row.find_all(["th", "td"])
    assert cells[0].get_text().startswith(name) and cells[0].select_one(".ci-facts__qualifier").get_text() == "HBM3"
    assert cells[1].get_text() == value
    assert cells[2].a["href"] == "https://www.nvidia.com/en-us/data-center/h100/"
    assert (cells[3].time["datetime"], cells[3].get_text().strip()) == ("2026-11-30", checked)
    assert [(site.resolve(url, link["href"]), link.get_text()) for link in cells[4].select("a")] == [
        (url.replace("facts/", "topics/pruning/"), topic)
    ]
    assert row.select(".ci-facts__due") == []


def test_a_fact_read_too_long_ago_is_flagged_on_the_facts_page(tmp_path, monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1796169600")  # 2026-12-02
    old = REGISTRY.replace(
        "    as_of: 2026-11-30\n  h100-sxm-memory-bandwidth:", "    as_of: 2025-11-01\n  h100-sxm-memory-bandwidth:"
    )
    assert old != REGISTRY
    site = build_copy(tmp_path, files={"facts.yaml": old}, data=MINI)
    for url, due in (("/facts/", "пора перепроверить"), ("/en/facts/", "due for a check")):
        page = site.html(url)
        assert page.find(id="h100-sxm-memory").select_one(".ci-facts__due").get_text() == due
        assert page.find(id="h100-sxm-memory-bandwidth").select(".ci-facts__due") == []


@pytest.mark.parametrize(
    ("article", "change", "expected"),
    [
        (
            "pruning.ru.md",
            ("{fact:h100-sxm-memory-bandwidth}", "{fact:h100-sxm-memory-bandwith}"),
            "docs/articles/pruning.ru.md:3: error CI403 {fact:h100-sxm-memory-bandwith} names no fact in "
            "facts.yaml; did you mean 'h100-sxm-memory-bandwidth'?",
        ),
        (
            "pruning.ru.md",
            ("при тех же {fact:h100-sxm-memory-bandwidth}", "при тех же 3,35 ТБ/с"),
            "docs/articles/pruning.en.md:3: error CI405 {fact:h100-sxm-memory-bandwidth} is quoted once here "
            "and not in pruning.ru.md: both languages quote the same facts",
        ),
        (
            "pruning.en.md",
            (
                "at the same {fact:h100-sxm-memory-bandwidth}",
                "at the same {fact:h100-sxm-memory-bandwidth} ({fact:h100-sxm-memory-bandwidth})",
            ),
            "docs/articles/pruning.en.md:3: error CI405 {fact:h100-sxm-memory-bandwidth} is quoted 2 times "
            "here and once in pruning.ru.md: both languages quote the same facts",
        ),
        (
            "pruning.en.md",
            ("at the same {fact:h100-sxm-memory-bandwidth}", "at the same 3.35 TB/s"),
            "docs/articles/pruning.ru.md:3: error CI405 {fact:h100-sxm-memory-bandwidth} is quoted once here "
            "and not in pruning.en.md: both languages quote the same facts",
        ),
        (
            "pruning.ru.md",
            ("![Четыре веса подряд", "![Четыре веса по {fact:h100-sxm-memory}"),
            "docs/articles/pruning.ru.md:5:18: error CI404 {fact:h100-sxm-memory} stands in an image's "
            "description, which shows plain text, not a link:"
            " write the value itself there, or move the marker into the text",
        ),
    ],
    ids=[
        "unknown fact",
        "missing from the original",
        "quoted more often in the translation",
        "missing from the translation",
        "in an image description",
    ],
)
def test_a_wrong_marker_stops_the_build_with_its_place(tmp_path, article, change, expected):
    text = (MINI / "docs/articles" / article).read_text(encoding="utf-8")
    assert change[0] in text
    project = copy_project(tmp_path / "project", {f"docs/articles/{article}": text.replace(*change)}, data=MINI)
    result = mkdocs("build", "--strict", "--site-dir", str(tmp_path / "site"), cwd=project)
    assert result.returncode == 1
    assert expected in result.stdout + result.stderr
    assert not (tmp_path / "site").exists()


def test_a_fact_no_article_quotes_fails_the_strict_build(tmp_path):
    unused = REGISTRY + (
        "  a100-memory:\n    subject: accelerators\n    name: {ru: Память A100, en: A100 memory}\n    value: "
        "80\n    unit: gb\n"
    )
    unused += (
        "    source:\n      title: NVIDIA A100 Tensor Core GPU\n      url: "
        "https://www.nvidia.com/en-us/data-center/a100/\n    as_of: 2026-11-30\n"
    )
    line = unused.splitlines().index("  a100-memory:") + 1
    project = copy_project(tmp_path / "project", {"facts.yaml": unused}, data=MINI)
    result = mkdocs("build", "--strict", "--site-dir", str(tmp_path / "site"), cwd=project)
    assert result.returncode == 1
    assert (
        f"facts.yaml:{line}: warning CI406 fact 'a100-memory' is declared but no article quotes it: write "
        f"{{fact:a100-memory}} where one does, or remove it" in result.stderr
    )
