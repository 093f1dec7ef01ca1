"""The Atom feeds from a catalogue, without MkDocs: which entries, in what order, with which ids, their text as text."""

from __future__ import annotations

import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest

from chapter.feeds import FEED_NAME, entry_id, feed, feed_link, feed_path, language_base, render_feed, write_feeds
from chapter.gate import file_findings
from chapter.language import STRINGS
from chapter.loader import parse_catalogue
from tools.site import ROOT

TEMPLATES = ROOT / "overrides" / "chapter"
ATOM = "{http://www.w3.org/2005/Atom}"
XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"
HOSTILE = "</title><script>alert(1)</script>&amp; «Ё»"

CATALOGUE = f"""\
chapter:
  id: compute-infrastructure
  title: {{ru: Глава & «спутники», en: "The <Chapter>"}}
  summary: {{ru: Краткое описание главы., en: A short summary.}}
labels:
  new:
    name: {{ru: новинка, en: new}}
    meaning: {{ru: Новая тема., en: A new topic.}}
    variant: new
chapters:
  - id: mlops
    title: {{ru: MLOps по-русски, en: MLOps}}
topics:
  - slug: first
    label: new
    added: 2026-11-01
    reviewed: 2026-11-20
    title: {{ru: Первая, en: First}}
    summary: {{ru: Первая тема., en: The first topic.}}
  - slug: second
    label: new
    added: 2026-11-20
    title: {{ru: Вторая, en: Second}}
    summary: {{ru: Вторая тема., en: The second topic.}}
  - slug: hostile
    label: new
    added: 2026-11-10
    reviewed: 2026-11-10
    origin: mlops
    title: {{ru: "{HOSTILE}", en: "{HOSTILE}"}}
    summary: {{ru: "<b>жирный</b> ]]> текст", en: "<b>bold</b> ]]> text"}}
"""


@pytest.fixture(scope="module")
def catalogue():
    return parse_catalogue(CATALOGUE)


def _ids(view) -> list[str]:
    return [entry.id for entry in view.entries]


def test_entries_are_newest_first_a_review_before_an_addition_of_the_same_day_then_in_catalogue_order(catalogue):
    view = feed(catalogue, "en", "")
    assert _ids(view) == [
        "tag:compute-infrastructure,2026-11-20:en/first/reviewed",
        "tag:compute-infrastructure,2026-11-20:en/second/added",
        "tag:compute-infrastructure,2026-11-10:en/hostile/added",
        "tag:compute-infrastructure,2026-11-01:en/first/added",
    ]
    assert [entry.updated for entry in view.entries] == [
        "2026-11-20T00:00:00Z",
        "2026-11-20T00:00:00Z",
        "2026-11-10T00:00:00Z",
        "2026-11-01T00:00:00Z",
    ]
    assert view.updated == max(entry.updated for entry in view.entries) == "2026-11-20T00:00:00Z"


def test_a_review_on_the_day_the_topic_was_added_is_no_entry_of_its_own(catalogue):
    assert not any(entry.id.endswith("hostile/reviewed") for entry in feed(catalogue, "ru", "").entries)


def test_a_review_is_an_entry_only_in_the_languages_whose_article_is_written(catalogue):
    without = feed(catalogue, "ru", "", written={"second"})
    assert "tag:compute-infrastructure,2026-11-20:ru/first/reviewed" not in _ids(without)
    assert "tag:compute-infrastructure,2026-11-01:ru/first/added" in _ids(without)
    assert "tag:compute-infrastructure,2026-11-20:ru/first/reviewed" in _ids(
        feed(catalogue, "ru", "", written={"first"})
    )


def test_ids_are_unique_across_both_feeds_and_the_same_wherever_the_site_is_published(catalogue):
    ids = _ids(feed(catalogue, "ru", "")) + _ids(feed(catalogue, "en", ""))
    assert len(ids) == len(set(ids)) == 8
    published = feed(catalogue, "en", "https://one.example.org/en/")
    moved = feed(catalogue, "en", "https://two.example.net/chapter/en/")
    assert _ids(published) == _ids(moved) == _ids(feed(catalogue, "en", ""))
    assert published.id == moved.id == "tag:compute-infrastructure,2026-12-03:en/feed"


def test_a_new_topic_or_a_new_review_leaves_the_other_entries_ids_as_they_were(catalogue):
    later = parse_catalogue(
        CATALOGUE.replace("    added: 2026-11-20\n", "    added: 2026-11-20\n    reviewed: 2026-12-02\n")
    )
    before, after = _ids(feed(catalogue, "en", "")), _ids(feed(later, "en", ""))
    assert after == ["tag:compute-infrastructure,2026-12-02:en/second/reviewed", *before]
    assert entry_id("compute-infrastructure", later.topics[1].reviewed, "en", "second", "reviewed") == after[0]


def test_each_language_has_its_own_titles_summaries_and_pages(catalogue):
    for lang, prefix in (("ru", "https://chapter.example.org/"), ("en", "https://chapter.example.org/en/")):
        view = feed(catalogue, lang, language_base("https://chapter.example.org/", lang))
        assert view.title == catalogue.chapter.title[lang] and view.subtitle == catalogue.chapter.summary[lang]
        assert view.self_href == prefix + FEED_NAME and view.home_href == prefix
        first = catalogue.topics[0]
        reviewed, *_, added = view.entries
        assert reviewed.title == STRINGS[lang]["feed.reviewed"].format(title=first.title[lang])
        assert added.title == STRINGS[lang]["feed.added"].format(title=first.title[lang])
        assert added.summary == first.summary[lang] and added.href == prefix + "topics/first/"
    assert feed(catalogue, "ru", "").entries[-1].title == "Новая тема: Первая"
    assert feed(catalogue, "en", "").entries[0].title == "Article reviewed: First"


def test_a_borrowed_topic_names_its_home_chapter_in_the_feeds_language(catalogue):
    hostile = next(entry for entry in feed(catalogue, "ru", "").entries if "/hostile/" in entry.id)
    assert hostile.category is not None and (hostile.category.term, hostile.category.label) == (
        "mlops",
        "MLOps по-русски",
    )
    assert all(entry.category is None for entry in feed(catalogue, "ru", "").entries if "/hostile/" not in entry.id)


def test_without_a_site_address_links_are_relative_to_the_feed_itself(catalogue):
    assert language_base(None, "en") == language_base("", "ru") == ""
    assert language_base("https://chapter.example.org/docs", "en") == "https://chapter.example.org/docs/en/"
    view = feed(catalogue, "en", "")
    assert (view.self_href, view.home_href) == (FEED_NAME, "./")
    assert {entry.href for entry in view.entries} == {"topics/first/", "topics/second/", "topics/hostile/"}


def test_each_page_names_the_feed_of_its_language_absolute_only_where_the_site_has_an_address():
    assert feed_path("ru") == "feed.atom" and feed_path("en") == "en/feed.atom"
    published = feed_link("en", "https://chapter.example.org/docs/")
    assert (published.path, published.address) == ("en/feed.atom", "https://chapter.example.org/docs/en/feed.atom")
    assert published.title == STRINGS["en"]["feed.link"]
    preview = feed_link("ru", None)
    assert (preview.path, preview.address, preview.title) == ("feed.atom", None, STRINGS["ru"]["feed.link"])


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_catalogue_text_reaches_the_feed_as_text_never_as_markup(catalogue, lang):
    xml = render_feed(feed(catalogue, lang, language_base("https://chapter.example.org/", lang)), TEMPLATES)
    assert xml.startswith('<?xml version="1.0" encoding="utf-8"?>\n')
    root = ElementTree.fromstring(xml)
    assert root.tag == f"{ATOM}feed" and root.get(XML_LANG) == lang
    assert root.findtext(f"{ATOM}title") == catalogue.chapter.title[lang]
    assert not list(root.iter("script")) and not list(root.iter("b")) and "<script>" not in xml
    hostile = next(entry for entry in root.iter(f"{ATOM}entry") if "/hostile/" in (entry.findtext(f"{ATOM}id") or ""))
    assert hostile.findtext(f"{ATOM}title") == STRINGS[lang]["feed.added"].format(title=HOSTILE)
    assert hostile.findtext(f"{ATOM}summary") == catalogue.topics[2].summary[lang]


def test_the_gate_reads_a_feed_refusing_a_script_and_accepting_the_feeds_own_links(catalogue, tmp_path: Path):
    written = write_feeds(
        catalogue, tmp_path, "https://chapter.example.org/", TEMPLATES, {("first", "ru"), ("first", "en")}
    )
    assert written == [tmp_path / "feed.atom", tmp_path / "en" / "feed.atom"]
    for path in written:
        assert file_findings(path, path.relative_to(tmp_path).as_posix()) == []
    broken = tmp_path / "broken.atom"
    broken.write_text(
        written[0]
        .read_text(encoding="utf-8")
        .replace(
            "</feed>",
            '<script xmlns="http://www.w3.org/1999/xhtml">alert(1)</script><link rel="enclosure" href="https://tracker.example.net/t.gif"/></feed>',
        ),
        encoding="utf-8",
    )
    messages = [finding.message for finding in file_findings(broken, "broken.atom")]
    assert any("<script>" in message for message in messages)
    assert any("loads https://tracker.example.net/t.gif from another host" in message for message in messages)
