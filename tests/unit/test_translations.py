"""Section fingerprints and the record of which version of each language the other follows."""

from __future__ import annotations

import pytest

from chapter.translations import INTRO, RecordError, compare, read_record, sections, stamp, write_record

RU = """\
## Зачем { #why }

Прунинг обнуляет веса с наименьшей величиной,
а затем модель дообучают.

## Как { #how }

```python
for layer in model:
    prune(layer)
```

## Источники { #sources }

- [Статья](https://arxiv.org/abs/1608.08710)
"""

EN = """\
## Why { #why }

Pruning zeroes the weights of smallest magnitude, and the model is then fine-tuned.

## How { #how }

```python
for layer in model:
    prune(layer)
```

## Sources { #sources }

- [Paper](https://arxiv.org/abs/1608.08710)
"""


def _prints(text):
    return {section.anchor: section.fingerprint for section in sections(text)}


def test_sections_are_the_second_level_headings_with_their_lines():
    assert [(section.anchor, section.title, section.line) for section in sections(RU)] == [
        ("why", "Зачем", 1),
        ("how", "Как", 6),
        ("sources", "Источники", 13),
    ]


def test_rewrapping_and_spacing_prose_changes_no_fingerprint():
    rewrapped = RU.replace("величиной,\nа затем", "величиной, а   затем").replace(
        "## Как { #how }\n", "## Как { #how }   \n\n"
    )
    assert _prints(rewrapped) == _prints(RU)


def test_a_changed_word_changes_only_its_section():
    before, after = _prints(RU), _prints(RU.replace("дообучают", "донастраивают"))
    assert [anchor for anchor in before if before[anchor] != after[anchor]] == ["why"]


def test_in_code_indentation_counts_and_trailing_spaces_do_not():
    assert _prints(RU.replace("    prune(layer)", "prune(layer)"))["how"] != _prints(RU)["how"]
    assert _prints(RU.replace("    prune(layer)", "    prune(layer)   "))["how"] == _prints(RU)["how"]


def test_a_heading_inside_code_does_not_start_a_section():
    text = RU.replace("for layer in model:", "## not a heading { #nope }\nfor layer in model:")
    assert [section.anchor for section in sections(text)] == ["why", "how", "sources"]


def test_text_before_the_first_section_is_the_introduction():
    found = sections("Вступление к статье.\n\n" + RU)
    assert (found[0].anchor, found[0].line) == (INTRO, 1)
    assert [section.anchor for section in sections(RU)][0] == "why"


def test_a_pair_just_stamped_is_in_step():
    state = compare("pruning", {"ru": RU, "en": EN}, stamp({"ru": RU, "en": EN}, None))
    assert state.in_step
    assert state.behind == {"ru": (), "en": ()}


def test_a_change_in_russian_puts_that_english_section_behind():
    record = stamp({"ru": RU, "en": EN}, None)
    state = compare("pruning", {"ru": RU.replace("дообучают", "донастраивают"), "en": EN}, record)
    assert state.behind["ru"] == ()
    [lag] = state.behind["en"]
    assert (lag.anchor, lag.title, lag.line, lag.ahead_line) == ("why", "Why", 1, 1)
    assert not state.in_step


def test_a_change_in_english_puts_that_russian_section_behind():
    record = stamp({"ru": RU, "en": EN}, None)
    state = compare("pruning", {"ru": RU, "en": EN.replace("## How { #how }", "## How it is done { #how }")}, record)
    assert [(lag.anchor, lag.title, lag.line) for lag in state.behind["ru"]] == [("how", "Как", 6)]
    assert state.behind["en"] == ()


def test_a_section_changed_in_both_languages_is_nobodys_lag_but_needs_a_new_record():
    record = stamp({"ru": RU, "en": EN}, None)
    state = compare(
        "pruning", {"ru": RU.replace("Как {", "Как это {"), "en": EN.replace("How {", "How it works {")}, record
    )
    assert state.behind == {"ru": (), "en": ()}
    assert state.both_changed == (("how", 6),)
    assert not state.in_step


def test_new_and_vanished_sections_are_told_apart_from_lag():
    record = stamp({"ru": RU, "en": EN}, None)
    del record["how"]
    record["old"] = {"ru": "0" * 12, "en": "0" * 12}
    state = compare("pruning", {"ru": RU, "en": EN}, record)
    assert state.unrecorded == (("how", 6),)
    assert state.stale == ("old",)
    assert compare("pruning", {"ru": RU, "en": EN}, None).recorded is False


def test_stamping_named_sections_keeps_the_others_as_they_were_recorded():
    record = stamp({"ru": RU, "en": EN}, None)
    edited = {"ru": RU.replace("дообучают", "донастраивают").replace("Как {", "Как это {"), "en": EN}
    partial = stamp(edited, record, only=["why"])
    state = compare("pruning", edited, partial)
    assert [lag.anchor for lag in state.behind["en"]] == ["how"]


def test_the_record_reads_back_what_was_written_with_each_line(tmp_path, catalogue):
    path = tmp_path / "translations.yaml"
    record = {"kubernetes": stamp({"ru": EN, "en": EN}, None), "pruning": stamp({"ru": RU, "en": EN}, None)}
    write_record(path, record, catalogue)
    read, lines = read_record(path)
    assert read == record
    text = path.read_text(encoding="utf-8").splitlines()
    assert text[lines[("pruning", "how")] - 1].startswith("  how: {ru: ")
    # In catalogue order, whatever order the record was made in.
    in_order = [f"{topic.slug}:" for topic in catalogue.topics if topic.slug in record]
    assert in_order != [f"{slug}:" for slug in record]  # the record was made in another order
    assert [row for row in text if not row.startswith((" ", "#"))] == in_order


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "pruning:\n  why: {ru: abc}\n",
            "translations.yaml:2:8: error CI205 pruning.why: expected {ru: <fingerprint>, en: <fingerprint>}; "
            "`chapter sync --all` writes the file again from the articles as they stand",
        ),
        (
            "pruning: [why]\n",
            "translations.yaml:1:10: error CI205 pruning: expected a mapping of section anchors to fingerprints; "
            "`chapter sync --all` writes the file again from the articles as they stand",
        ),
        (
            "pruning:\n  why: {ru: a\n",
            "translations.yaml:2:8: error CI005 YAML syntax error: this '{' is never closed by a matching '}' "
            "(YAML stopped at line 3, column 1); "
            "`chapter sync --all` writes the file again from the articles as they stand",
        ),
    ],
)
def test_a_damaged_record_is_refused_with_its_place(tmp_path, text, message):
    path = tmp_path / "translations.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RecordError) as caught:
        read_record(path, shown_as="translations.yaml")
    assert str(caught.value) == message
