"""Showing an edited article's page before the rebuild: which articles changed, the page spliced, the gate."""

from __future__ import annotations

from pathlib import Path

from chapter.policy import META_START, with_policy
from chapter.quick_edit import changed_articles, show, splice

PAGE = "<html><head><meta charset='utf-8'><title>T</title></head><body><nav>n</nav>{}<footer>f</footer></body></html>"


def _built(content: str) -> str:
    return with_policy(PAGE.format(content), content, live=True)


def test_only_the_articles_whose_text_changed_are_named(tmp_path: Path):
    articles = tmp_path / "articles"
    articles.mkdir()
    (articles / "pruning.ru.md").write_text("новый текст", encoding="utf-8")
    (articles / "pruning.en.md").write_text("same", encoding="utf-8")
    (articles / "translations.yaml").write_text("pruning: {}", encoding="utf-8")
    known = {("pruning", "ru"): "старый текст", ("pruning", "en"): "same", ("gone", "en"): "text"}
    assert changed_articles(tmp_path, known) == {("gone", "en"): "", ("pruning", "ru"): "новый текст"}
    assert changed_articles(tmp_path, {("pruning", "ru"): "новый текст", ("pruning", "en"): "same"}) == {}


def test_a_spliced_page_is_the_page_built_with_the_new_content():
    old, new = "<p>old words</p>", "<p>new words</p><style>p{}</style>"
    assert splice(_built(old), old, new) == _built(new)  # the policy is made again, for the new content
    assert splice(_built(old), old, new).count(META_START) == 1


def test_no_splice_where_the_content_is_not_in_the_page_exactly_once():
    assert splice(_built("<p>a</p>"), "<p>b</p>", "<p>c</p>") is None
    assert splice(_built("<p>a</p><p>a</p>"), "<p>a</p>", "<p>c</p>") is None
    assert splice(PAGE.format("<p>a</p>"), "<p>a</p>", "<p>c</p>") is None  # no policy: not a page the build wrote


def test_a_page_is_shown_and_put_back(tmp_path: Path):
    page = tmp_path / "topics" / "pruning" / "index.html"
    page.parent.mkdir(parents=True)
    page.write_text(_built("<p>old</p>"), encoding="utf-8")
    previous = page.read_bytes()
    shown = show(tmp_path, "topics/pruning/index.html", _built("<p>new</p>"))
    assert shown is not None and shown.built == "topics/pruning/index.html"
    assert "<p>new</p>" in page.read_text(encoding="utf-8")
    shown.restore()
    assert page.read_bytes() == previous
    assert sorted(path.name for path in page.parent.iterdir()) == ["index.html"]  # nothing left beside it


def test_a_page_the_gate_refuses_is_not_shown(tmp_path: Path):
    page = tmp_path / "index.html"
    page.write_text(_built("<p>old</p>"), encoding="utf-8")
    previous = page.read_bytes()
    assert show(tmp_path, "index.html", _built('<p onclick="steal()">new</p>')) is None
    assert page.read_bytes() == previous
    assert show(tmp_path, "missing/index.html", _built("<p>new</p>")) is None
    assert sorted(path.name for path in tmp_path.iterdir()) == ["index.html"]
