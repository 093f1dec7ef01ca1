"""The comparison the second-engine build relies on: only the generator line may differ."""

from __future__ import annotations

from tools.same_site import differences, main

PAGE = '<html><head><meta name="generator" content="{}"></head><body>{}</body></html>'


def _site(root, files):
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")
    return root


def test_builds_that_differ_only_in_their_generator_are_the_same(tmp_path, capsys):
    a = _site(
        tmp_path / "a", {"index.html": PAGE.format("mkdocs-1.6.1", "Текст"), "en/index.html": PAGE.format("x", "Text")}
    )
    b = _site(
        tmp_path / "b",
        {"index.html": PAGE.format("mkdocs-ProperDocs 1.6.7", "Текст"), "en/index.html": PAGE.format("x", "Text")},
    )
    assert differences(a, b) == []
    assert main([str(a), str(b)]) == 0


def test_any_other_difference_and_any_missing_file_is_named(tmp_path, capsys):
    a = _site(tmp_path / "a", {"index.html": PAGE.format("m", "Текст"), "only-a.css": "a"})
    b = _site(tmp_path / "b", {"index.html": PAGE.format("m", "Текст."), "only-b.js": "b"})
    assert differences(a, b) == [f"only in {a}: only-a.css", f"only in {b}: only-b.js", "differs: index.html"]
    assert main([str(a), str(b)]) == 1
    assert "differs: index.html" in capsys.readouterr().out
