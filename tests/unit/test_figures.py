"""One SVG source per figure, a copy per language, and the rules that keep each copy in its language."""

from __future__ import annotations

import pytest

from chapter.facts import load_registry
from chapter.figures import (
    FigureError,
    figure_markers,
    figure_problems,
    handmade_copies,
    localised_path,
    parse_figure,
    sync_localised_figures,
)
from tools.site import MINI

SOURCE = """\
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 100">
<rect x="0" y="0" width="200" height="100" fill="#fff"/>
<text x="10" y="20"><tspan systemLanguage="ru">потеряно</tspan><tspan systemLanguage="en">lost</tspan></text>
<text x="10" y="40" systemLanguage="ru">пропускная способность, ГБ/с</text>
<text x="10" y="40" systemLanguage="en">bandwidth, GB/s</text>
<text x="10" y="60">GPU 0 · H100 · NVLink</text>
<text x="10" y="80" font-family="monospace">memory_allocated</text>
</svg>
"""


def _figure(text: str = SOURCE):
    return parse_figure(text.encode())


def test_each_language_keeps_its_own_elements_and_the_shared_ones():
    russian = _figure().render("ru").decode()
    assert (
        russian
        == """\
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 100">
<rect x="0" y="0" width="200" height="100" fill="#fff"/>
<text x="10" y="20"><tspan>потеряно</tspan></text>
<text x="10" y="40">пропускная способность, ГБ/с</text>
<text x="10" y="60">GPU 0 · H100 · NVLink</text>
<text x="10" y="80" font-family="monospace">memory_allocated</text>
</svg>
"""
    )
    english = _figure().render("en").decode()
    assert "lost" in english and "bandwidth, GB/s" in english
    assert "потеряно" not in english and "systemLanguage" not in english


def test_a_figure_without_variants_is_the_same_in_every_language():
    plain = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><text>GPU 0</text></svg>\n'
    assert _figure(plain).render("ru") == _figure(plain).render("en") == plain.encode()


def test_labels_are_what_a_reader_of_the_language_sees():
    assert [label.text for label in _figure().labels("ru")] == [
        "потеряно",
        "пропускная способность, ГБ/с",
        "GPU 0 · H100 · NVLink",
        "memory_allocated",
    ]
    assert [(label.line, label.text) for label in _figure().labels("en")][:2] == [(3, "lost"), (5, "bandwidth, GB/s")]


def test_monospace_parts_of_a_label_are_code_and_left_out_of_its_prose():
    figure = _figure(
        SOURCE.replace(
            '<text x="10" y="60">GPU 0 · H100 · NVLink</text>',
            '<text x="10" y="60"><tspan font-family="monospace">nvidia-smi</tspan>: '
            '<tspan systemLanguage="ru">занято</tspan><tspan systemLanguage="en">used</tspan></text>',
        )
    )
    label = figure.labels("ru")[2]
    assert (label.text, label.prose) == ("nvidia-smi: занято", ": занято")
    assert figure.labels("ru")[3].prose == ""
    assert figure_problems(figure) == []


def test_a_localised_figure_has_no_problems():
    assert figure_problems(_figure()) == []


def test_english_words_on_russian_pages_are_named_with_their_line():
    figure = _figure(
        SOURCE.replace('<tspan systemLanguage="ru">потеряно</tspan>', '<tspan systemLanguage="ru">lost work</tspan>')
    )
    assert figure_problems(figure) == [
        (
            3,
            "'lost work' shows English (lost, work) on Russian pages; write a Russian variant beside it: "
            '<tspan systemLanguage="ru">…</tspan><tspan systemLanguage="en">lost work</tspan>',
        ),
    ]


def test_an_untranslated_label_is_english_on_russian_pages():
    figure = _figure(SOURCE.replace("GPU 0 · H100 · NVLink", "idle SM 3/7"))
    assert [message.split(" shows")[0] for _, message in figure_problems(figure)] == ["'idle SM 3/7'"]


def test_russian_words_on_english_pages_are_named():
    figure = _figure(SOURCE.replace("bandwidth, GB/s", "пропускная способность"))
    assert figure_problems(figure) == [
        (
            5,
            "'пропускная способность' shows Russian on 'en' pages; "
            "write a 'en' variant beside it with systemLanguage=\"en\"",
        )
    ]


def test_a_variant_without_its_counterpart_is_named():
    figure = _figure(SOURCE.replace('<text x="10" y="40" systemLanguage="en">bandwidth, GB/s</text>\n', ""))
    assert figure_problems(figure) == [
        (
            4,
            "<text systemLanguage=\"ru\"> has no counterpart in 'en' beside it; "
            'add one (wrap a variant of several lines in one <g systemLanguage="…">)',
        )
    ]


def test_a_language_the_site_does_not_have_is_named():
    figure = _figure(SOURCE.replace('systemLanguage="en">lost', 'systemLanguage="de">verloren'))
    messages = figure_problems(figure)
    assert (3, 'systemLanguage="de" is not a language of the site; use one of: ru, en') in messages


def test_words_the_chapter_writes_in_latin_are_accepted_in_russian():
    figure = _figure(SOURCE.replace("GPU 0 · H100 · NVLink", "leaf 0 · spine 1"))
    assert figure_problems(figure, latin=frozenset({"leaf", "spine"})) == []
    assert figure_problems(figure) != []


def test_a_figure_that_is_not_well_formed_names_its_line():
    with pytest.raises(FigureError) as caught:
        _figure(SOURCE.replace('</text>\n<text x="10" y="60">', '\n<text x="10" y="60">', 1))
    assert caught.value.line == 8 and "not well-formed" in str(caught.value)


def test_sync_writes_a_marked_copy_per_language_and_only_when_it_changed(tmp_path):
    folder = tmp_path / "figures"
    folder.mkdir()
    source = folder / "ring.svg"
    source.write_text(SOURCE, encoding="utf-8")
    written = sync_localised_figures(tmp_path)
    assert sorted(path.name for path in written) == ["ring.en.svg", "ring.ru.svg"]
    russian = localised_path(source, "ru").read_text(encoding="utf-8")
    assert russian.startswith(
        "<!-- Generated by the build from ring.svg for the 'ru' pages; edit that file instead. -->\n<svg "
    )
    assert "потеряно" in russian and "lost" not in russian
    assert sync_localised_figures(tmp_path) == []


def test_copies_of_a_removed_figure_go_with_it_but_handmade_files_stay(tmp_path):
    folder = tmp_path / "figures"
    folder.mkdir()
    (folder / "ring.svg").write_text(SOURCE, encoding="utf-8")
    sync_localised_figures(tmp_path)
    (folder / "ring.svg").unlink()
    handmade = folder / "tree.ru.svg"
    handmade.write_text(SOURCE, encoding="utf-8")
    removed = sync_localised_figures(tmp_path)
    assert sorted(path.name for path in removed) == ["ring.en.svg", "ring.ru.svg"]
    assert handmade.is_file()
    assert handmade_copies(tmp_path) == [handmade]


def test_a_facts_marker_becomes_its_value_in_each_languages_copy(tmp_path):
    registry, _ = load_registry(MINI / "facts.yaml")
    folder = tmp_path / "figures"
    folder.mkdir()
    source = folder / "memory.svg"
    source.write_text(
        SOURCE.replace("GPU 0 · H100 · NVLink", "HBM3 {fact:h100-sxm-memory-bandwidth} · {fact:no-such-fact}"),
        encoding="utf-8",
    )
    sync_localised_figures(tmp_path, registry)
    assert "HBM3 3,35\u00a0ТБ/с · {fact:no-such-fact}" in localised_path(source, "ru").read_text(encoding="utf-8")
    assert "HBM3 3.35\u00a0TB/s · {fact:no-such-fact}" in localised_path(source, "en").read_text(encoding="utf-8")
    figure = parse_figure(source.read_bytes())
    assert figure_markers(source.read_bytes()) == [(6, "h100-sxm-memory-bandwidth"), (6, "no-such-fact")]
    # A marker is a number on every page, not English words on a Russian one.
    assert figure_problems(figure) == []
