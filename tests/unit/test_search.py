"""Indexing a built site with Pagefind, without MkDocs."""

from __future__ import annotations

import json

import pytest

from chapter.search import BUNDLE, ENTRY, UNUSED, SearchError, index_site, read_index_file, sort_entry
from tools.site import files_of, search_fragments

PAGE = """<!doctype html><html lang="{lang}"><head><title>{title}</title></head><body>
<nav>Навигация, которую искать не нужно</nav>
<main data-pagefind-body><h1 data-pagefind-filter="chapter:{chapter}">{title}</h1><p>{text}</p></main>
<footer>Footer text nobody searches for</footer></body></html>"""


CHAPTERS = ["MLOps", "Генеративный ИИ", "Глубокое обучение", "Практика ML", "Оптимизация", "Системный дизайн"]


def _site(tmp_path):
    pages = {
        "index.html": PAGE.format(
            lang="ru", title="Кластеры", text="Обучение на кластерах из восьми узлов.", chapter="Вычисления"
        ),
        "en/index.html": PAGE.format(
            lang="en", title="Clusters", text="Training on clusters of eight nodes.", chapter="Compute"
        ),
        "404.html": '<!doctype html><html lang="ru"><body><h1>Не найдено</h1></body></html>',
    }
    # Several values of one filter: Pagefind writes them in an order that changes between runs.
    for number, chapter in enumerate(CHAPTERS):
        pages[f"topics/{number}/index.html"] = PAGE.format(
            lang="ru", title=f"Тема {number}", text="Узлы кластера.", chapter=chapter
        )
    for path, html in pages.items():
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / path).write_text(html, encoding="utf-8")
    return tmp_path


def test_each_language_gets_its_index_of_the_marked_content_only(tmp_path):
    index_site(_site(tmp_path))
    entry = json.loads((tmp_path / ENTRY).read_text(encoding="utf-8"))
    assert {lang: data["page_count"] for lang, data in entry["languages"].items()} == {"ru": 1 + len(CHAPTERS), "en": 1}
    fragments = {fragment["url"]: fragment for fragment in search_fragments(tmp_path)}
    assert "/404.html" not in fragments and {"/", "/en/"} <= set(fragments)  # the 404 page marks nothing as content
    assert "восьми узлов" in fragments["/"]["content"]
    assert "Навигация" not in fragments["/"]["content"] and "Footer" not in fragments["/en/"]["content"]


def test_the_bundle_keeps_only_what_the_chapters_search_loads(tmp_path):
    index_site(_site(tmp_path))
    assert (tmp_path / BUNDLE / "pagefind.js").is_file()
    assert [name for name in UNUSED if (tmp_path / BUNDLE / name).exists()] == []


def test_entry_file_is_written_with_sorted_keys(tmp_path):
    path = tmp_path / "entry.json"
    path.write_text('{"version":"1","languages":{"ru":{"page_count":2},"en":{"page_count":2}}}', encoding="utf-8")
    sort_entry(path)
    assert (
        path.read_text(encoding="utf-8") == '{"languages":{"en":{"page_count":2},"ru":{"page_count":2}},"version":"1"}'
    )


def test_filter_values_are_written_in_sorted_order(tmp_path):
    index_site(_site(tmp_path))
    entry = json.loads((tmp_path / ENTRY).read_text(encoding="utf-8"))
    meta = read_index_file(tmp_path / BUNDLE / f"pagefind.{entry['languages']['ru']['hash']}.pf_meta")
    ((name, file_hash),) = meta[3]
    key, values = read_index_file(tmp_path / BUNDLE / "filter" / f"{file_hash}.pf_filter")
    assert (name, key) == ("chapter", "chapter")
    assert [value for value, _ in values] == sorted(CHAPTERS + ["Вычисления"])


def test_two_runs_write_identical_bundles(tmp_path):
    first, second = _site(tmp_path / "a"), _site(tmp_path / "b")
    index_site(first)
    index_site(second)
    assert files_of(first / BUNDLE) == files_of(second / BUNDLE)


def test_indexing_a_site_again_changes_nothing(tmp_path):
    """A rebuild that indexes the same pages again (a second build in one process, a rebuild while serving)
    must not lose a language's index or keep stale files."""
    site = _site(tmp_path)
    index_site(site)
    once = files_of(site / BUNDLE)
    index_site(site)
    assert files_of(site / BUNDLE) == once
    page = site / "topics" / "0" / "index.html"
    page.write_text(page.read_text(encoding="utf-8").replace("Узлы кластера.", "Другой текст."), encoding="utf-8")
    index_site(site)
    assert len(search_fragments(site)) == 8  # one per page marked for search: the old text of the changed page is gone
    assert not any(
        "Узлы кластера" in fragment["content"] and fragment["url"] == "/topics/0/"
        for fragment in search_fragments(site)
    )
    entry = json.loads((site / ENTRY).read_text(encoding="utf-8"))
    assert sorted(entry["languages"]) == ["en", "ru"] and all(
        language["page_count"] for language in entry["languages"].values()
    )


def test_a_site_pagefind_cannot_read_is_a_clear_error(tmp_path):
    with pytest.raises(SearchError) as caught:
        index_site(tmp_path / "missing")
    assert str(caught.value).startswith(f"Pagefind could not index {tmp_path / 'missing'}:")
