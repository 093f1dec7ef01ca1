"""Per-topic source files for mkdocs-static-i18n, kept in step with the catalogue, and the navigation over them."""

from __future__ import annotations

import dataclasses

import pytest

from chapter.catalogue import OtherChapter, Text
from chapter.topic_stubs import PART_SIZE, navigation, parts, sync_topic_stubs, topic_groups


def test_one_file_per_topic_and_language(catalogue, tmp_path):
    sync_topic_stubs(catalogue, tmp_path)
    names = sorted(p.name for p in (tmp_path / "topics").iterdir())
    assert names == sorted(f"{t.slug}.{lang}.md" for t in catalogue.topics for lang in ("ru", "en"))
    assert "topic: pruning" in (tmp_path / "topics" / "pruning.en.md").read_text(encoding="utf-8")


def test_unchanged_files_are_not_rewritten(catalogue, tmp_path):
    assert len(sync_topic_stubs(catalogue, tmp_path)) == 2 * len(catalogue.topics)
    before = {p: p.stat().st_mtime_ns for p in (tmp_path / "topics").iterdir()}
    assert sync_topic_stubs(catalogue, tmp_path) == []
    assert {p: p.stat().st_mtime_ns for p in (tmp_path / "topics").iterdir()} == before


def test_removed_topic_loses_its_files(catalogue, tmp_path):
    sync_topic_stubs(catalogue, tmp_path)
    smaller = dataclasses.replace(catalogue, topics=catalogue.topics[1:])
    changed = sync_topic_stubs(smaller, tmp_path)
    gone = catalogue.topics[0].slug
    assert sorted(p.name for p in changed) == [f"{gone}.en.md", f"{gone}.ru.md"]
    assert not list((tmp_path / "topics").glob(f"{gone}.*"))


OWN = {"ru": "Темы главы", "en": "Topics of the chapter"}


def _section(nav, title):
    return next(children for item in nav[3:] for name, children in item.items() if name == title)


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_navigation_groups_own_topics_then_each_lending_chapter_in_its_language(catalogue, lang):
    nav = navigation(catalogue, lang)
    assert nav[:3] == ["index.md", "glossary.md", "facts.md"]
    titles = [next(iter(item)) for item in nav[3:]]
    assert titles == [OWN[lang], *(c.title[lang] for c in catalogue.chapters)]
    assert _section(nav, OWN[lang]) == [f"topics/{t.slug}.md" for t in catalogue.topics if t.origin is None]
    for chapter in catalogue.chapters:
        expected = [f"topics/{t.slug}.md" for t in catalogue.topics if t.origin and t.origin.id == chapter.id]
        assert _section(nav, chapter.title[lang]) == expected


def test_every_topic_is_in_exactly_one_group_in_catalogue_order(catalogue):
    groups = topic_groups(catalogue)
    members = [topic for _, topics in groups for topic in topics]
    assert sorted(t.slug for t in members) == sorted(t.slug for t in catalogue.topics)
    for chapter, topics in groups:
        assert all(t.origin == chapter for t in topics)
        assert list(topics) == [t for t in catalogue.topics if t in topics]


def test_lending_chapters_without_topics_get_no_section(catalogue):
    idle = OtherChapter("idle", Text(ru="Без тем", en="No topics"), None)
    bigger = dataclasses.replace(catalogue, chapters=(idle, *catalogue.chapters))
    assert [chapter for chapter, _ in topic_groups(bigger)] == [None, *catalogue.chapters]


def test_real_chapter_needs_no_parts(catalogue):
    assert max(len(topics) for _, topics in topic_groups(catalogue)) <= PART_SIZE
    for item in navigation(catalogue, "ru")[3:]:
        assert all(isinstance(path, str) for children in item.values() for path in children)


def test_parts_are_consecutive_and_bounded():
    assert parts(list("abcdefg"), 3) == [(1, list("abc")), (4, list("def")), (7, ["g"])]
    assert parts(list("abc"), 3) == [(1, list("abc"))]
    assert parts([], 3) == []
    with pytest.raises(ValueError):
        parts(list("abc"), 0)


def _eleven_own_topics(catalogue):
    """The small chapter with eleven topics of its own, enough to be cut into three parts of four."""
    first = next(topic for topic in catalogue.topics if topic.origin is None)
    own = tuple(dataclasses.replace(first, slug=f"topic-{number:02d}") for number in range(11))
    return dataclasses.replace(catalogue, topics=own + tuple(t for t in catalogue.topics if t.origin is not None))


@pytest.mark.parametrize(("lang", "part"), [("ru", "Темы {}–{}"), ("en", "Topics {}–{}")])
def test_a_long_group_is_cut_into_numbered_parts_in_order(catalogue, lang, part):
    catalogue = _eleven_own_topics(catalogue)
    own = [f"topics/{t.slug}.md" for t in catalogue.topics if t.origin is None]
    assert len(own) == 11
    nav = navigation(catalogue, lang, part_size=4)
    section = _section(nav, OWN[lang])
    assert section == [{part.format(1, 4): own[0:4]}, {part.format(5, 8): own[4:8]}, {part.format(9, 11): own[8:11]}]
    assert _section(nav, catalogue.chapters[0].title[lang]) == [
        f"topics/{t.slug}.md" for t in catalogue.topics if t.origin == catalogue.chapters[0]
    ]


def test_every_title_passes_through_markup(catalogue):
    def titles(items):
        for item in items:
            if isinstance(item, dict):
                for title, children in item.items():
                    yield title
                    yield from titles(children)

    catalogue = _eleven_own_topics(catalogue)
    nav = navigation(catalogue, "en", part_size=4, markup=lambda title: f"<{title}>")
    assert all(title.startswith("<") and title.endswith(">") for title in titles(nav))
    assert len(list(titles(nav))) == 1 + 3 + len(catalogue.chapters)
