"""The per-topic source files that mkdocs-static-i18n needs, kept in step with the catalogue."""

from __future__ import annotations

import dataclasses

from chapter.sources import navigation, sync_topic_sources


def test_one_file_per_topic_and_language(catalogue, tmp_path):
    sync_topic_sources(catalogue, tmp_path)
    names = sorted(p.name for p in (tmp_path / "topics").iterdir())
    assert names == sorted(f"{t.slug}.{lang}.md" for t in catalogue.topics for lang in ("ru", "en"))
    assert "topic: pruning" in (tmp_path / "topics" / "pruning.en.md").read_text(encoding="utf-8")


def test_unchanged_files_are_not_rewritten(catalogue, tmp_path):
    assert len(sync_topic_sources(catalogue, tmp_path)) == 40
    before = {p: p.stat().st_mtime_ns for p in (tmp_path / "topics").iterdir()}
    assert sync_topic_sources(catalogue, tmp_path) == []
    assert {p: p.stat().st_mtime_ns for p in (tmp_path / "topics").iterdir()} == before


def test_removed_topic_loses_its_files(catalogue, tmp_path):
    sync_topic_sources(catalogue, tmp_path)
    smaller = dataclasses.replace(catalogue, topics=catalogue.topics[1:])
    changed = sync_topic_sources(smaller, tmp_path)
    gone = catalogue.topics[0].slug
    assert sorted(p.name for p in changed) == [f"{gone}.en.md", f"{gone}.ru.md"]
    assert not list((tmp_path / "topics").glob(f"{gone}.*"))


def test_navigation_follows_catalogue_order(catalogue):
    assert navigation(catalogue) == ["index.md", *(f"topics/{t.slug}.md" for t in catalogue.topics)]
