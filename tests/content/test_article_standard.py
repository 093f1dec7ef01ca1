"""Every written article meets the chapter's standard, in both languages alike."""

from __future__ import annotations

import pytest

from chapter.articles import alt_problems, comment_problems, parity_problems, prose_lines
from chapter.catalogue import DEFAULT_LANGUAGE, LANGUAGES
from chapter.figures import figure_problems, figure_sources, parse_figure
from chapter.standard import RULES
from tests.content.articles import DOCS, article, catalogue, every_article, glossary, path, read, slugs, text


@pytest.mark.parametrize(("slug", "lang"), every_article(), ids=lambda value: value)
def test_article_exists(slug, lang):
    assert path(slug, lang).is_file(), f"{path(slug, lang).relative_to(DOCS)} is not written yet"


@pytest.mark.parametrize(
    ("slug", "lang", "rule"),
    [(slug, lang, rule) for slug, lang in every_article() for rule in RULES],
    ids=lambda value: getattr(value, "id", value),
)
def test_article_meets_the_standard(slug, lang, rule):
    """The rules `chapter check` runs, one by one, so a failure names the rule."""
    assert rule.check(article(slug, lang)) == []


@pytest.mark.parametrize("slug", slugs())
def test_catalogue_records_when_the_article_was_last_checked(slug):
    topic = next(topic for topic in catalogue().topics if topic.slug == slug)
    assert topic.reviewed is not None, (
        f"topics.yaml: give '{slug}' the date its article was last checked (reviewed: YYYY-MM-DD)"
    )


@pytest.mark.parametrize("slug", slugs())
def test_languages_share_one_structure(slug):
    original = read(slug, DEFAULT_LANGUAGE)
    for lang in LANGUAGES:
        if lang != DEFAULT_LANGUAGE:
            assert parity_problems(original, read(slug, lang), f"{slug}.{DEFAULT_LANGUAGE}.md") == []


@pytest.mark.parametrize(("slug", "lang"), every_article(), ids=lambda value: value)
def test_terms_are_the_glossarys(slug, lang):
    comments = [
        (block.line + comment.line, comment.text) for block in read(slug, lang).code for comment in block.comments
    ]
    assert glossary().problems(prose_lines(text(slug, lang), lang) + comments, lang) == []


@pytest.mark.parametrize(("slug", "lang"), every_article(), ids=lambda value: value)
def test_code_is_commented_in_the_language_of_the_article(slug, lang):
    assert comment_problems(read(slug, lang), lang, glossary().latin) == []


@pytest.mark.parametrize("figure", figure_sources(DOCS), ids=lambda path: path.name)
def test_figures_speak_the_language_of_each_page(figure):
    assert figure_problems(parse_figure(figure.read_bytes()), glossary().latin) == []


@pytest.mark.parametrize(("slug", "lang"), every_article(), ids=lambda value: value)
def test_figure_text_alternatives_are_in_the_language_of_the_article(slug, lang):
    assert alt_problems(read(slug, lang), lang, glossary().latin) == []
