"""Every pattern applied to an author's text runs in linear time: one hostile line cannot stall the build.

Each input below took the old patterns minutes (a heading with 4,000 spaces
took 102 s per match); read in linear time, each takes milliseconds. The
timeout fails a regression clearly instead of hanging the run.
"""

from __future__ import annotations

import pytest

from chapter.articles import HEADING, fence_problems, mark_link_languages, outline, prose_lines, word_count
from chapter.figures import ATTRIBUTE_SPAN, DECLARATION
from chapter.glossary import bandwidth_of_work, parse_glossary
from chapter.loader import URL_PATTERN
from chapter.wording import english_words

N = 40_000
LINES = {
    "heading, long space": "## x" + " " * N + "y",
    "heading, repeated attribute openers": "## " + "{ #a " * (N // 5),
    "heading, repeated hashes": "## " + "# " * N + "x",
    "heading, open braces": "## {" + "#" * N + "x",
    "fence info, long space": "```python" + " " * N + "x",
    "fence options, long word": "```python " + "a" * N + "=",
    "image openers": "![" * N,
    "link openers": "[" * N + "](x",
    "link text, long space": "[" + " " * N + "](x" + " " * N,
    "table rule, long spaces": "| a |\n|" + " " * N + "---" + " " * N + "x",
    "inline markup openers": "{" * N,
    "latin letters": "[" + "a" * N + "](https://example.org)",
    "attributes, long key": "``` { .python " + "a" * N + " }\nx\n```",
    "words with hyphens": "a-" * N,
}


@pytest.mark.timeout(5)
@pytest.mark.parametrize("line", LINES.values(), ids=LINES.keys())
def test_article_patterns_read_a_hostile_line_in_linear_time(line):
    text = f"## A {{ #a }}\n\n{line}\n"
    outline(text)
    fence_problems(text.splitlines())
    prose_lines(text, "ru")
    word_count(text)
    mark_link_languages(text, "ru")


@pytest.mark.timeout(5)
def test_heading_pattern_alone_is_linear():
    for line in ("## " + "{ #a " * 4000, "## x" + " " * 4000 + "y", "## " + "{ #a " * N, "## x" + " " * N + "y"):
        assert HEADING.match(line) is not None


GLOSSARY = """\
terms:
  - id: perf
    term: {ru: производительность, en: performance}
    avoid: {ru: [перф тест], en: [perf test]}
    definition: {ru: Скорость, en: Speed}
"""


@pytest.mark.timeout(5)
@pytest.mark.parametrize(
    ("lang", "line"),
    [
        ("en", "perf" + " " * N + "x"),
        ("en", "perf" * N),
        ("ru", "перф" + " " * N + "x"),
        ("ru", "перф" + "ф" * N),
        ("en", "perf " * N),
    ],
    ids=["english, long space", "english, long word", "russian, long space", "russian, long word", "english, repeated"],
)
def test_glossary_variants_match_in_linear_time(lang, line):
    parse_glossary(GLOSSARY).problems([(1, line)], lang)


@pytest.mark.timeout(5)
def test_bandwidth_of_work_reads_long_runs_in_linear_time():
    bandwidth_of_work(
        [
            (1, "пропускная способность " + "1 " * N + "x"),
            (1, "пропускная " * N),
            (1, "пропускная способность в " + " " * N),
        ]
    )


@pytest.mark.timeout(5)
def test_wording_reads_long_runs_in_linear_time():
    english_words("a'" * N + "x-" * N + "b" * N)


@pytest.mark.timeout(5)
@pytest.mark.parametrize(
    ("pattern", "text"),
    [
        (ATTRIBUTE_SPAN, b"<g" + b" " * N + b"x>"),
        (DECLARATION, b"<?xml" + b" " * N),
        (URL_PATTERN, "https://" + "a" * N + " "),
    ],
    ids=["figure language attribute", "XML declaration", "address"],
)
def test_figure_and_catalogue_patterns_are_linear(pattern, text):
    for start in range(0, 200):  # as the callers search: from many places in one long line
        pattern.search(text, start)
    assert pattern.fullmatch(text) is None
