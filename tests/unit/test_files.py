"""Every source is read one way.

A file in another encoding, with a BOM, NUL bytes or too large gets one positioned message.
"""

from __future__ import annotations

import codecs

import pytest

from chapter.files import FileError, read_text

RUSSIAN = "## Зачем { #why }\n\nТекст статьи.\n"


@pytest.mark.parametrize(
    ("data", "rule", "place", "words"),
    [
        (
            RUSSIAN.encode("cp1251"),
            "CI001",
            (1, 4),
            "Windows-1251",
        ),  # the likeliest mistake of a Russian author on Windows
        ("## Café { #cafe }\n".encode("latin-1"), "CI001", (1, 7), "Latin-1"),
        (codecs.BOM_UTF16_LE + RUSSIAN.encode("utf-16-le"), "CI001", (1, 1), "UTF-16"),
        (RUSSIAN.encode("utf-16-be"), "CI001", (1, 1), "UTF-16"),  # no byte order mark
        (codecs.BOM_UTF8 + RUSSIAN.encode(), "CI002", (1, 1), "byte order mark"),
        (b"## A\n\nab\0cd\n", "CI003", (3, 3), "NUL"),
        (b"## A\n\x1b[31m\n", "CI003", (2, 1), "U+001B"),
    ],
    ids=["cp1251", "latin-1", "utf-16 with BOM", "utf-16 without BOM", "utf-8 BOM", "NUL", "escape"],
)
def test_a_file_that_is_not_clean_utf8_is_one_placed_problem(tmp_path, data, rule, place, words):
    path = tmp_path / "article.ru.md"
    path.write_bytes(data)
    with pytest.raises(FileError) as caught:
        read_text(path, "docs/articles/article.ru.md")
    problem = caught.value.problem
    assert (problem.file, problem.rule, (problem.line, problem.column)) == ("docs/articles/article.ru.md", rule, place)
    assert words in problem.message and "UTF-8" in problem.message or rule == "CI003"


def test_a_file_too_large_is_refused_before_it_is_read(tmp_path):
    path = tmp_path / "topics.yaml"
    path.write_bytes(b"x" * 101)
    with pytest.raises(FileError) as caught:
        read_text(path, "topics.yaml", limit=100)
    assert caught.value.problem.rule == "CI004" and "101 bytes" in caught.value.problem.message


def test_a_missing_file_is_named(tmp_path):
    with pytest.raises(FileError) as caught:
        read_text(tmp_path / "nope.md", "docs/nope.md")
    assert caught.value.problem.text().startswith("docs/nope.md: error CI007 cannot read the file")


def test_clean_text_reads_as_it_is_written(tmp_path):
    path = tmp_path / "a.md"
    path.write_bytes((RUSSIAN + "\tкод\r\n").encode())
    assert read_text(path, "a.md") == RUSSIAN + "\tкод\r\n"
