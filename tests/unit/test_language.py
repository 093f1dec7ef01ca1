"""Plural forms and dates: the borrowed-topics note and the review date must read naturally in each language."""

from __future__ import annotations

import datetime

import pytest

from chapter.language import STRINGS, long_date, plural_category, translate_count

RUSSIAN = {
    "тема": [1, 21, 31, 101, 121, 1001],
    "темы": [2, 3, 4, 22, 23, 24, 102, 134],
    "тем": [0, 5, 6, 9, 10, 11, 12, 13, 14, 15, 19, 20, 25, 100, 111, 112, 114, 1000],
}


@pytest.mark.parametrize(("noun", "count"), [(noun, n) for noun, counts in RUSSIAN.items() for n in counts])
def test_russian_note_agrees_with_its_number(noun, count):
    assert translate_count("ru", "borrowed_note", count).startswith(f"{count} {noun} ")


@pytest.mark.parametrize(
    ("count", "start"),
    [(1, "1 topic is"), (0, "0 topics are"), (2, "2 topics are"), (9, "9 topics are"), (21, "21 topics are")],
)
def test_english_note_agrees_with_its_number(count, start):
    assert translate_count("en", "borrowed_note", count).startswith(start)


def test_every_plural_category_has_its_string():
    for lang, strings in STRINGS.items():
        categories = {plural_category(lang, n) for n in range(200)}
        assert {f"borrowed_note.{c}" for c in categories} <= strings.keys()


def test_languages_have_the_same_strings_apart_from_plural_forms():
    def keys(lang):
        return {key for key in STRINGS[lang] if key.rpartition(".")[2] not in ("one", "few", "many", "other")}

    assert keys("ru") == keys("en")


def test_unknown_language_has_no_rules():
    with pytest.raises(ValueError):
        plural_category("de", 1)


@pytest.mark.parametrize(
    ("lang", "date", "written"),
    [
        # CLDR joins «г.» to the year with a narrow no-break space, so a line never starts with it.
        ("ru", datetime.date(2026, 12, 1), "1 декабря 2026\u202fг."),
        ("ru", datetime.date(2026, 3, 8), "8 марта 2026\u202fг."),
        ("en", datetime.date(2026, 12, 1), "1 December 2026"),
        ("en", datetime.date(2027, 1, 31), "31 January 2027"),
    ],
)
def test_dates_are_written_as_the_page_language_writes_them(lang, date, written):
    assert long_date(lang, date) == written


def test_unknown_language_has_no_dates():
    with pytest.raises(ValueError):
        long_date("de", datetime.date(2026, 12, 1))
