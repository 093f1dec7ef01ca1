"""Splitting the site-wide search index by language, without MkDocs."""

from __future__ import annotations

import json

from chapter.search import point_search_at_language, split_search_index

CONFIG = {"lang": ["ru", "en"], "separator": "[\\s\\-]+"}


def test_each_language_root_gets_its_documents_as_utf8(tmp_path):
    docs = [
        {"location": "", "title": "Глава", "text": ""},
        {"location": "topics/a/#x", "title": "Тема", "text": "Текст"},
        {"location": "en/", "title": "Chapter", "text": ""},
        {"location": "en/topics/a/", "title": "Topic", "text": "Text"},
        {"location": "entropy/", "title": "Не английская", "text": ""},
    ]
    (tmp_path / "search").mkdir()
    (tmp_path / "search" / "search_index.json").write_text(json.dumps({"config": CONFIG, "docs": docs}), encoding="utf-8")

    split_search_index(tmp_path, ("ru", "en"), "ru")

    russian = (tmp_path / "search" / "search_index.json").read_text(encoding="utf-8")
    english = json.loads((tmp_path / "en" / "search" / "search_index.json").read_text(encoding="utf-8"))
    assert "Глава" in russian and "\\u" not in russian
    assert [d["location"] for d in json.loads(russian)["docs"]] == ["", "topics/a/#x", "entropy/"]
    assert [d["location"] for d in english["docs"]] == ["", "topics/a/"]
    assert english["config"] == CONFIG


def test_split_is_idempotent(tmp_path):
    (tmp_path / "search").mkdir()
    (tmp_path / "search" / "search_index.json").write_text(json.dumps({"config": CONFIG, "docs": [{"location": "", "title": "Т", "text": ""}]}), encoding="utf-8")
    split_search_index(tmp_path, ("ru", "en"), "ru")
    first = (tmp_path / "search" / "search_index.json").read_bytes()
    split_search_index(tmp_path, ("ru", "en"), "ru")
    assert (tmp_path / "search" / "search_index.json").read_bytes() == first


PAGE = '<html><script id="__config" type="application/json">{"base": "../..", "search": "x.js", "t": "</b>"}</script></html>'


def test_pages_of_other_languages_search_under_their_root():
    html = point_search_at_language(PAGE, "en", "ru")
    config = json.loads(html.split('application/json">')[1].split("</script>")[0].replace("<\\/", "</"))
    assert config == {"base": "../../en/", "search": "x.js", "t": "</b>"}
    assert html.count("</script>") == 1


def test_default_language_pages_are_left_alone():
    assert point_search_at_language(PAGE, "ru", "ru") == PAGE
