"""The print edition's PDFs (tools/print_pdf.py, `make pdf`): tagged, one
bookmark per topic, numbered pages, the same bytes on every run.

Printed from the small chapter, in both languages: about six seconds a run on two cores,
where the real chapter's 150 pages take over a minute.
"""

from __future__ import annotations

from pathlib import Path

import pikepdf
import pytest
from pypdf import PdfReader

from chapter.loader import load_catalogue
from tools.print_pdf import print_site
from tools.site import MINI, BuiltSite, build_copy

pytestmark = pytest.mark.browser

EPOCH = "1764000000"  # 2025-11-24 16:00 UTC, as a commit would set it


@pytest.fixture(scope="module")
def mini(tmp_path_factory) -> BuiltSite:
    return build_copy(tmp_path_factory.mktemp("mini"), data=MINI)


@pytest.fixture(scope="module")
def printed(mini, browser, tmp_path_factory) -> tuple[dict[str, Path], dict[str, Path]]:
    """The PDFs of both languages, printed twice from one site."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("SOURCE_DATE_EPOCH", EPOCH)
        return tuple(
            print_site(mini.root, tmp_path_factory.mktemp(run), browser=browser) for run in ("first", "second")
        )


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_pdf_is_tagged_in_its_language_and_dated_by_the_commit(printed, lang):
    with pikepdf.open(printed[0][lang]) as pdf:
        assert "/StructTreeRoot" in pdf.Root
        assert str(pdf.Root.Lang) == lang
        assert str(pdf.docinfo["/CreationDate"]) == str(pdf.docinfo["/ModDate"]) == "D:20251124160000+00'00'"


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_one_bookmark_per_topic_in_catalogue_order_with_the_articles_sections_under_it(printed, lang):
    catalogue = load_catalogue(MINI / "topics.yaml")
    outline = PdfReader(printed[0][lang]).outline
    titles = [entry.title for entry in outline if not isinstance(entry, list)]
    topics = [topic.title[lang] for topic in catalogue.topics]
    assert titles[1 : 1 + len(topics)] == topics
    sections = {
        entry.title: outline[index + 1] for index, entry in enumerate(outline[:-1]) if not isinstance(entry, list)
    }
    articles = [
        topic.title[lang]
        for topic in catalogue.topics
        if (MINI / "docs" / "articles" / f"{topic.slug}.{lang}.md").is_file()
    ]
    assert articles and all(isinstance(sections.get(title), list) for title in articles), (
        "each article's sections are bookmarked under its topic"
    )


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_every_page_is_numbered(printed, lang):
    pages = PdfReader(printed[0][lang]).pages
    assert len(pages) > 3
    for number, page in enumerate(pages, 1):
        assert f"{number} / {len(pages)}" in page.extract_text(), f"page {number}"


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_two_runs_give_the_same_bytes(printed, lang):
    first, second = printed
    assert first[lang].read_bytes() == second[lang].read_bytes()
