"""The serve benchmark's pure parts: the edit it makes, and its page from numbers given by hand."""

from __future__ import annotations

from benchmarks.serve import Edits, edited, report


def test_the_edit_goes_at_the_end_of_the_first_paragraph():
    text = "---\ntitle: x\n---\n\n## Раздел { #part }\n\nПервый абзац.\nЕщё строка.\n\nВторой.\n"
    assert (
        edited(text, "Правка.")
        == "---\ntitle: x\n---\n\n## Раздел { #part }\n\nПервый абзац. Правка.\nЕщё строка.\n\nВторой.\n"
    )


def test_the_page_gives_medians_and_ratios_against_the_full_build():
    parts = {"build": 10.0, "check": 2.5, "search index": 1.0, "gate": 1.5, "publication": 0.0}
    edits = Edits(200, [20.0, 30.0, 25.0], [0.5, 0.7, 0.6], [24.0, 26.0, 25.0], parts)
    text = report([edits], 3, [200], 20, ["- Machine: a test"])
    lines = text.splitlines()
    assert "| 200 | 25.00 | 0.60 | 0.50–0.70 | 25.00 | 0.02 | 1.00 |" in lines
    assert "| 200 | 10.00 | 2.50 (25%) | 1.00 (10%) | 1.50 (15%) | 0.00 (0%) | 5.00 (50%) |" in lines
    assert ".venv/bin/python -m benchmarks.serve --runs 3 --sizes 200" in lines
    assert "- Machine: a test" in lines
