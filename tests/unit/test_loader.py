"""Every mistake an author can make in topics.yaml gets one precise message.

Each case edits a small valid catalogue and states the whole message it must
produce, position included; the line numbers can be read off MINIMAL below.
"""

from __future__ import annotations

import datetime
from pathlib import Path

import pytest

from chapter.loader import CatalogueError, load_catalogue, parse_catalogue
from tools.site import replace_once

MINIMAL = """\
chapter:
  id: compute
  title: {ru: Глава, en: Chapter}
  summary: {ru: Кратко, en: Briefly}
labels:
  new:
    name: {ru: новинка, en: new}
    meaning: {ru: Недавно, en: Recent}
    variant: new
chapters:
  - id: mlops
    title: {ru: MLOps, en: MLOps}
topics:
  - slug: one
    label: new
    title: {ru: Один, en: One}
    summary: {ru: Первый, en: First}
    added: 2026-11-30
  - slug: two
    label: new
    origin: mlops
    title: {ru: Два, en: Two}
    summary: {ru: Второй, en: Second}
    added: 2026-11-30
"""


def _edit(old: str, new: str, text: str = MINIMAL) -> str:
    return replace_once(text, old, new)


def _errors(text: str, **options) -> list[str]:
    with pytest.raises(CatalogueError) as caught:
        parse_catalogue(text, **options)
    return str(caught.value).splitlines()


def _file_errors(tmp_path: Path, data: bytes) -> list[str]:
    path = tmp_path / "topics.yaml"
    path.write_bytes(data)
    with pytest.raises(CatalogueError) as caught:
        load_catalogue(path, shown_as="topics.yaml")
    return str(caught.value).splitlines()


def test_minimal_catalogue_loads():
    catalogue = parse_catalogue(MINIMAL)
    assert [topic.slug for topic in catalogue.topics] == ["one", "two"]
    assert catalogue.topics[1].origin.id == "mlops"


@pytest.mark.parametrize("written", ["2026-12-01", "'2026-12-01'"], ids=["plain", "quoted"])
def test_review_date_is_read_as_a_day(written):
    text = _edit(
        "    label: new\n    title: {ru: Один", f"    label: new\n    reviewed: {written}\n    title: {{ru: Один"
    )
    topics = parse_catalogue(text).topics
    assert topics[0].reviewed == datetime.date(2026, 12, 1)
    assert topics[1].reviewed is None


CASES = {
    # YAML syntax
    "unclosed quote": (
        _edit("title: {ru: Один, en: One}", 'title: {ru: "Один, en: One}'),
        [
            "topics.yaml:16:17: error CI005 YAML syntax error: this quoted text is never closed (YAML "
            "stopped at line 25, column 1)"
        ],
    ),
    "unclosed bracket": (
        _edit("title: {ru: Один, en: One}", "title: {ru: Один, en: One"),
        [
            "topics.yaml:16:12: error CI005 YAML syntax error: this '{' is never closed by a matching '}' "
            "(YAML stopped at line 17, column 12)"
        ],
    ),
    "bad indentation": (
        _edit("    label: new\n    title: {ru: Один", "    label: new\n      title: {ru: Один"),
        [
            "topics.yaml:16:12: error CI005 YAML syntax error: unexpected ':'; check this line's "
            "indentation, or put text containing ': ' in quotes"
        ],
    ),
    "outdented key": (
        _edit("    label: new\n    title: {ru: Один", "    label: new\n  title: {ru: Один"),
        ["topics.yaml:16:3: error CI005 YAML syntax error: this line is indented differently from the keys above it"],
    ),
    "tab": (
        _edit("    label: new\n    title: {ru: Один", "    label: new\n\ttitle: {ru: Один"),
        ["topics.yaml:16:1: error CI005 YAML syntax error: a tab character; YAML indents with spaces only"],
    ),
    # shape
    "empty file": (
        "  \n",
        ["topics.yaml:1:1: error CI010 the file is empty; it must hold the chapter, labels, chapters and topics"],
    ),
    "top level is a list": (
        "- chapter\n- topics\n",
        ["topics.yaml:1:1: error CI010 expected a mapping with keys chapter, labels, chapters, topics; found a list"],
    ),
    "duplicate key": (
        _edit("    label: new\n    title: {ru: Один", "    label: new\n    label: new\n    title: {ru: Один"),
        ["topics.yaml:16:5: error CI010 topics[0].label: duplicate key 'label'; each key may appear once"],
    ),
    "unknown key with a near miss": (
        _edit("    label: new\n    title: {ru: Один", "    lable: new\n    title: {ru: Один"),
        [
            "topics.yaml:14:5: error CI010 topics[0].label: missing required key",
            "topics.yaml:15:5: error CI010 topics[0]: unknown key 'lable' — did you mean 'label'?",
        ],
    ),
    "unknown key at the top": (
        MINIMAL + "extra: 1\n",
        ["topics.yaml:25:1: error CI010 unknown key 'extra'; expected one of: chapter, labels, chapters, topics"],
    ),
    "unknown language": (
        _edit("summary: {ru: Кратко, en: Briefly}", "summary: {ru: Кратко, en: Briefly, de: Kurz}"),
        ["topics.yaml:4:38: error CI010 chapter.summary: unknown key 'de'; expected one of: ru, en"],
    ),
    "missing required field": (
        _edit("    summary: {ru: Первый, en: First}\n", ""),
        ["topics.yaml:14:5: error CI010 topics[0].summary: missing required key"],
    ),
    "missing top-level section": (
        _edit(
            "labels:\n  new:\n    name: {ru: новинка, en: new}\n"
            "    meaning: {ru: Недавно, en: Recent}\n    variant: new\n",
            "",
        ),
        [
            "topics.yaml:1:1: error CI010 labels: missing required key",
            "topics.yaml:10:12: error CI011 topics[0].label: unknown label 'new'; expected one of: (none declared)",
            "topics.yaml:15:12: error CI011 topics[1].label: unknown label 'new'; expected one of: (none declared)",
        ],
    ),
    # types and values
    "list instead of text": (
        _edit("title: {ru: Один, en: One}", "title: [Один, One]"),
        ["topics.yaml:16:12: error CI010 topics[0].title: expected a mapping with keys ru, en; found a list"],
    ),
    "number as title": (
        _edit("title: {ru: Один, en: One}", "title: {ru: 1, en: One}"),
        ["topics.yaml:16:17: error CI010 topics[0].title.ru: expected text; found the number 1"],
    ),
    "boolean as label": (
        _edit("    label: new\n    title: {ru: Один", "    label: yes\n    title: {ru: Один"),
        ["topics.yaml:15:12: error CI010 topics[0].label: expected text; found the boolean yes"],
    ),
    "empty text": (
        _edit("summary: {ru: Первый, en: First}", 'summary: {ru: "  ", en: First}'),
        ["topics.yaml:17:19: error CI011 topics[0].summary.ru: must not be empty"],
    ),
    "missing value": (
        _edit("summary: {ru: Первый, en: First}", "summary: {ru: Первый, en: }"),
        ["topics.yaml:17:30: error CI010 topics[0].summary.en: expected text; found nothing (null)"],
    ),
    "missing translation": (
        _edit("title: {ru: Один, en: One}", "title: {ru: Один}"),
        ["topics.yaml:16:12: error CI010 topics[0].title.en: missing translation"],
    ),
    # review dates
    "review date that is not a date": (
        _edit("    label: new\n    title: {ru: Один", "    label: new\n    reviewed: soon\n    title: {ru: Один"),
        [
            "topics.yaml:16:15: error CI011 topics[0].reviewed: 'soon' is not a date; write the day as "
            "YYYY-MM-DD, e.g. 2026-12-01"
        ],
    ),
    "review date without its leading zero": (
        _edit("    label: new\n    title: {ru: Один", "    label: new\n    reviewed: 2026-12-1\n    title: {ru: Один"),
        [
            "topics.yaml:16:15: error CI011 topics[0].reviewed: '2026-12-1' is not a date; write the day as "
            "YYYY-MM-DD, e.g. 2026-12-01"
        ],
    ),
    "review date that does not exist": (
        _edit(
            "    label: new\n    title: {ru: Один", "    label: new\n    reviewed: '2026-02-30'\n    title: {ru: Один"
        ),
        [
            "topics.yaml:16:15: error CI011 topics[0].reviewed: '2026-02-30' is not a day of the calendar: "
            "2026 has no 30 February (February 2026 has 28 days)"
        ],
    ),
    "review date with a time": (
        _edit(
            "    label: new\n    title: {ru: Один",
            "    label: new\n    reviewed: 2026-12-01 10:00:00\n    title: {ru: Один",
        ),
        [
            "topics.yaml:16:15: error CI011 topics[0].reviewed: '2026-12-01 10:00:00' is not a date; write "
            "the day as YYYY-MM-DD, e.g. 2026-12-01"
        ],
    ),
    "review date as a list": (
        _edit(
            "    label: new\n    title: {ru: Один", "    label: new\n    reviewed: [2026-12-01]\n    title: {ru: Один"
        ),
        ["topics.yaml:16:15: error CI011 topics[0].reviewed: expected a date such as 2026-12-01; found a list"],
    ),
    # dates and the labels' promises
    "topic without the day it was added": (
        _edit(
            "    summary: {ru: Первый, en: First}\n    added: 2026-11-30\n", "    summary: {ru: Первый, en: First}\n"
        ),
        ["topics.yaml:14:5: error CI010 topics[0].added: missing required key"],
    ),
    "label that lasts no day": (
        _edit("    meaning: {ru: Недавно, en: Recent}\n", "    meaning: {ru: Недавно, en: Recent}\n    lasts: 0\n"),
        [
            "topics.yaml:9:12: error CI011 labels.new.lasts: expected a whole number of days, at least 1, "
            "such as 180; found '0'"
        ],
    ),
    "label that lasts for words": (
        _edit(
            "    meaning: {ru: Недавно, en: Recent}\n",
            "    meaning: {ru: Недавно, en: Recent}\n    review_within: a year\n",
        ),
        [
            "topics.yaml:9:20: error CI011 labels.new.review_within: expected a whole number of days, at "
            "least 1, such as 180; found 'a year'"
        ],
    ),
    "home of the chapter's own topic": (
        _edit(
            "    summary: {ru: Первый, en: First}\n",
            "    summary: {ru: Первый, en: First}\n    home: https://kb.example.org/one/\n",
        ),
        [
            "topics.yaml:18:11: error CI010 topics[0].home: `home` needs `origin` beside it: add `origin` or "
            "remove `home`"
        ],
    ),
    # identifiers and references
    "upper-case slug": (
        _edit("slug: one", "slug: One"),
        [
            "topics.yaml:14:11: error CI011 topics[0].slug: 'One' is not a lower-case kebab-case identifier "
            "such as 'gpu-architecture' (letters a–z, digits, single hyphens)"
        ],
    ),
    "duplicate slug": (
        _edit("slug: two", "slug: one"),
        ["topics.yaml:19:11: error CI011 topics[1].slug: duplicate slug 'one'; each must be unique"],
    ),
    "unknown label": (
        _edit("    label: new\n    title: {ru: Один", "    label: hot\n    title: {ru: Один"),
        ["topics.yaml:15:12: error CI011 topics[0].label: unknown label 'hot'; expected one of: new"],
    ),
    "misspelt label": (
        _edit("    label: new\n    title: {ru: Один", "    label: nwe\n    title: {ru: Один"),
        [
            "topics.yaml:15:12: error CI011 topics[0].label: unknown label 'nwe'; expected one of: new — did "
            "you mean 'new'?"
        ],
    ),
    "unknown origin": (
        _edit("origin: mlops", "origin: mlosp"),
        [
            "topics.yaml:21:13: error CI011 topics[1].origin: unknown chapter 'mlosp'; expected one of: "
            "mlops — did you mean 'mlops'?"
        ],
    ),
    "origin is this chapter": (
        _edit("origin: mlops", "origin: compute"),
        ["topics.yaml:21:13: error CI011 topics[1].origin: a topic cannot come from its own chapter; remove 'origin'"],
    ),
    "lending chapter with this chapter's id": (
        _edit(
            "  - id: mlops\n    title: {ru: MLOps, en: MLOps}\n",
            "  - id: mlops\n    title: {ru: MLOps, en: MLOps}\n  - id: compute\n    title: {ru: Я, en: Me}\n",
        ),
        [
            "topics.yaml:13:5: error CI011 chapters[1].id: 'compute' is this chapter's own id; list only "
            "other chapters here"
        ],
    ),
    "duplicate chapter": (
        _edit(
            "  - id: mlops\n    title: {ru: MLOps, en: MLOps}\n",
            "  - id: mlops\n    title: {ru: MLOps, en: MLOps}\n  - id: mlops\n    title: {ru: Ещё, en: Again}\n",
        ),
        ["topics.yaml:13:9: error CI011 chapters[1].id: duplicate chapter id 'mlops'; each must be unique"],
    ),
    "chapter address that is not a web address": (
        _edit(
            "    title: {ru: MLOps, en: MLOps}\n", "    title: {ru: MLOps, en: MLOps}\n    url: javascript:alert(1)\n"
        ),
        [
            "topics.yaml:13:10: error CI011 chapters[0].url: 'javascript:alert(1)' is not an http:// or "
            "https:// address (spaces, quotes, <, >, braces and backslashes are written %-encoded)"
        ],
    ),
    "chapter address with a quote that would close an attribute (probe T13)": (
        _edit(
            "    title: {ru: MLOps, en: MLOps}\n",
            "    title: {ru: MLOps, en: MLOps}\n    url: 'https://example.org/\"onmouseover=\"alert(1)'\n",
        ),
        [
            "topics.yaml:13:10: error CI011 chapters[0].url: 'https://example.org/\"onmouseover=\"alert(1)' "
            "is not an http:// or https:// address"
            " (spaces, quotes, <, >, braces and backslashes are written %-encoded)"
        ],
    ),
    # only plain data
    "anchor and alias": (
        _edit(
            "title: {ru: Два, en: Two}",
            "title: *t",
            _edit("title: {ru: Один, en: One}", "title: &t {ru: Один, en: One}"),
        ),
        [
            "topics.yaml:16:12: error CI006 YAML anchor '&t' is not allowed; write each value out in full",
            "topics.yaml:22:12: error CI006 YAML alias '*t' is not allowed; write the value out in full",
        ],
    ),
    "python tag": (
        _edit("summary: {ru: Первый, en: First}", "summary: !!python/object/apply:os.system [echo]"),
        [
            "topics.yaml:17:14: error CI006 YAML tag 'tag:yaml.org,2002:python/object/apply:os.system' is "
            "not allowed; the file holds plain text, lists and mappings"
        ],
    ),
    "local tag": (
        _edit("summary: {ru: Первый, en: First}", "summary: !include summary.yaml"),
        [
            "topics.yaml:17:14: error CI006 YAML tag '!include' is not allowed; the file holds plain text, "
            "lists and mappings"
        ],
    ),
}


@pytest.mark.parametrize("text, expected", CASES.values(), ids=CASES.keys())
def test_mistake_is_reported_exactly(text, expected):
    assert _errors(text) == expected


@pytest.mark.parametrize("slug", ["../x", "/x", "a/b", "a--b", "-a", "a-", "a_b", "a b", "слаг"])
def test_slugs_that_could_escape_the_site_or_break_urls_are_refused(slug):
    (error,) = _errors(_edit("slug: one", f"slug: '{slug}'"))
    assert error.startswith(
        f"topics.yaml:14:11: error CI011 topics[0].slug: {slug!r} is not a lower-case kebab-case identifier"
    )


def test_all_problems_come_together_sorted_by_line():
    text = _edit(
        "origin: mlops",
        "origin: nope",
        _edit("slug: one", "slug: One", _edit("title: {ru: Глава, en: Chapter}", "title: {ru: Глава}")),
    )
    assert [line.split(": ")[0] for line in _errors(text)] == [
        "topics.yaml:3:10",
        "topics.yaml:14:11",
        "topics.yaml:21:13",
    ]


def test_unused_chapter_is_a_warning_and_an_error_when_strict():
    text = _edit("    origin: mlops\n", "")
    message = "topics.yaml:11:5: warning CI012 chapters[0]: chapter 'mlops' is declared but no topic comes from it"
    warnings = []
    assert parse_catalogue(text, warn=warnings.append).borrowed == ()
    assert warnings == [message]
    assert _errors(text, strict=True) == [message]


def test_file_that_is_not_utf8(tmp_path):
    data = MINIMAL.replace("Один", "Од\xffн").encode("utf-8").replace("\xff".encode(), b"\xff")
    assert _file_errors(tmp_path, data) == [
        "topics.yaml:16:19: error CI001 the file is not UTF-8 text (byte 0xff): it looks like Latin-1 or "
        "another single-byte encoding; save it as UTF-8"
    ]


def test_byte_order_mark(tmp_path):
    assert _file_errors(tmp_path, b"\xef\xbb\xbf" + MINIMAL.encode("utf-8")) == [
        "topics.yaml:1:1: error CI002 the file starts with a byte order mark (BOM); save it as UTF-8 without BOM"
    ]


def test_missing_file(tmp_path):
    path = tmp_path / "topics.yaml"
    with pytest.raises(CatalogueError) as caught:
        load_catalogue(path, shown_as="topics.yaml")
    assert str(caught.value) == "topics.yaml: error CI007 cannot read the file: No such file or directory"


def test_valid_catalogue_is_read_by_libyaml_and_a_faulty_one_by_pyyaml(monkeypatch):
    # libyaml reads big catalogues six times faster, but places empty values one
    # column apart from PyYAML; messages are written for PyYAML's positions.
    import yaml

    loaders = []
    parse = yaml.parse
    monkeypatch.setattr(yaml, "parse", lambda text, Loader: loaders.append(Loader) or parse(text, Loader=Loader))
    parse_catalogue(MINIMAL)
    assert loaders == [yaml.CSafeLoader]
    loaders.clear()
    assert _errors(_edit("summary: {ru: Первый, en: First}", "summary: {ru: Первый, en: }")) == [
        "topics.yaml:17:30: error CI010 topics[0].summary.en: expected text; found nothing (null)"
    ]
    assert loaders == [yaml.CSafeLoader, yaml.SafeLoader]


def _problems(text: str) -> list[tuple[int, int, str]]:
    with pytest.raises(CatalogueError) as caught:
        parse_catalogue(text)
    return [(problem.line, problem.column, problem.message) for problem in caught.value.problems]


def test_a_quote_left_open_is_named_where_it_opens_not_where_yaml_gives_up():
    # Quoted text wraps over lines in YAML, so the missing quote on line 15 is only noticed nine lines below.
    text = _edit("title: {ru: Один, en: One}", 'title:\n      ru: "Один\n      en: "One"')
    assert _problems(text) == [
        (
            17,
            11,
            'YAML syntax error: this quoted text has no closing " on its line, so YAML reads the lines after '
            "it as part of the text "
            '(YAML stopped at line 18, column 12): add the closing " on line 17',
        )
    ]


def test_quoted_text_wrapped_over_lines_is_not_taken_for_a_quote_left_open():
    text = _edit("summary: {ru: Первый, en: First}", 'summary:\n      ru: "Первый,\n        второй"\n      en: First')
    assert parse_catalogue(text).topics[0].summary.ru == "Первый, второй"
    broken = _edit("    label: new\n    title: {ru: Один", "    label: new\n  title: {ru: Один", text)
    assert [message for _, _, message in _problems(broken)] == [
        "YAML syntax error: this line is indented differently from the keys above it"
    ]


@pytest.mark.parametrize(
    ("written", "why"),
    [
        ("2026-02-30", "2026 has no 30 February (February 2026 has 28 days)"),
        ("2028-02-30", "2028 has no 30 February (February 2028 has 29 days)"),
        ("2026-04-31", "2026 has no 31 April (April 2026 has 30 days)"),
        ("2026-13-01", "there is no month 13; months run from 01 to 12"),
        ("2026-06-00", "days of the month run from 01 to 30"),
    ],
    ids=["30 february", "leap year", "31 april", "month 13", "day 0"],
)
def test_a_date_of_the_right_form_that_names_no_day_says_why(written, why):
    text = _edit("added: 2026-11-30", f"added: {written}")
    assert _problems(text) == [(18, 12, f"{written!r} is not a day of the calendar: {why}")]
