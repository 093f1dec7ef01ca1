"""Telling English prose from the Latin that Russian technical text keeps."""

from __future__ import annotations

import pytest

from chapter.wording import cyrillic, english_words


@pytest.mark.parametrize(
    "text",
    [
        "GPU 0 · HBM3 · 80 ГБ",  # acronyms and units
        "NVLink, AllReduce, PyTorch",  # names with capitals inside
        "memory_allocated, torch.cuda, num_workers=3",  # identifiers
        "1g.10gb, fp8, bf16, x86, Qwen3-8B",  # names joined to digits
        "*.tf · *.yml",  # file extensions
        "S/4 · τ + C",  # variables
        "время, мс",
    ],
)
def test_names_acronyms_identifiers_and_units_are_not_english_prose(text):
    assert english_words(text) == []


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("lost", ["lost"]),
        ("idle SM 3/7", ["idle"]),
        ("USD / useful GPU-h", ["useful"]),
        ("on-demand", ["on-demand"]),
        ("Spot", ["Spot"]),
        ("latency 120 ms", ["latency", "ms"]),
        ("cost, it's lower", ["cost", "it's", "lower"]),
        ("epoch (log scale)", ["epoch", "log", "scale"]),
    ],
)
def test_ordinary_english_words_are_found(text, words):
    assert english_words(text) == words


def test_words_the_chapter_writes_in_latin_can_be_accepted():
    assert english_words("leaf 0, Spine 1", frozenset({"leaf", "spine"})) == []


def test_cyrillic_is_recognised_with_and_without_yo():
    assert cyrillic("ещё") and cyrillic("Ёмкость") and not cyrillic("GPU 0")
