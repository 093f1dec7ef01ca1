"""Every written article meets the chapter's standard, in both languages alike."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

import pytest

from chapter.articles import SOURCES_ANCHOR, alt_problems, comment_problems, parity_problems, prose, prose_lines, word_count
from chapter.catalogue import DEFAULT_LANGUAGE, LANGUAGES
from chapter.figures import figure_problems, figure_sources, parse_figure
from tests.content.articles import CATALOGUE, DOCS, GLOSSARY, SLUGS, WRITTEN, every_article, path, read, text

MIN_WORDS = 600
MIN_SECTIONS = 3  # besides the sources
MIN_SOURCES = 3
TOPIC_LINK = re.compile(r"^(?P<slug>[a-z0-9-]+)\.md(?:#[a-z0-9-]+)?$")

written = pytest.mark.parametrize(("slug", "lang"), [(slug, lang) for slug in WRITTEN for lang in LANGUAGES], ids=lambda value: value)


@written
def test_article_exists(slug, lang):
    assert path(slug, lang).is_file(), f"{path(slug, lang).relative_to(DOCS)} is not written yet"


@written
def test_article_is_long_enough(slug, lang):
    assert word_count(text(slug, lang)) >= MIN_WORDS


@written
def test_article_has_sections_and_ends_with_its_sources(slug, lang):
    sections = read(slug, lang).sections
    assert len(sections) - 1 >= MIN_SECTIONS
    assert sections[-1].anchor == SOURCES_ANCHOR


@written
def test_sources_are_real_addresses(slug, lang):
    sources = read(slug, lang).sources
    assert len(sources) >= MIN_SOURCES
    assert len(set(sources)) == len(sources), "a source is listed twice"
    for url in sources:
        parts = urlsplit(url)
        assert parts.scheme == "https" and "." in parts.netloc, url


@written
def test_article_gives_the_reader_something_to_use(slug, lang):
    found = read(slug, lang)
    assert found.code or found.tables or found.figures, "no code, table or figure"


@written
def test_article_links_to_related_topics_of_the_chapter(slug, lang):
    targets = [TOPIC_LINK.match(link.target) for link in read(slug, lang).links if not link.in_sources]
    related = {match["slug"] for match in targets if match} - {slug}
    assert related, "no link to another topic of the chapter"
    assert related <= SLUGS


@pytest.mark.parametrize("slug", WRITTEN)
def test_catalogue_records_when_the_article_was_last_checked(slug):
    topic = next(topic for topic in CATALOGUE.topics if topic.slug == slug)
    assert topic.reviewed is not None, f"topics.yaml: give '{slug}' the date its article was last checked (reviewed: YYYY-MM-DD)"


@pytest.mark.parametrize("slug", WRITTEN)
def test_languages_share_one_structure(slug):
    original = read(slug, DEFAULT_LANGUAGE)
    for lang in LANGUAGES:
        if lang != DEFAULT_LANGUAGE:
            assert parity_problems(original, read(slug, lang), f"{slug}.{DEFAULT_LANGUAGE}.md") == []


@pytest.mark.parametrize(("slug", "lang"), every_article(), ids=lambda value: value)
def test_typography(slug, lang):
    reading = prose(text(slug, lang))
    assert '"' not in reading, "straight quotes in prose: use «» in Russian, “” in English"
    assert not re.search(r"\S[ \t]+-[ \t]+\S", reading), "a hyphen used as a dash: use — (or – for ranges)"
    if lang == "ru":
        assert not re.search(r"(?i)\b(еще|ее|объем\w*)\b", reading), "ё is missing: ещё, её, объём"
        assert not re.findall(r"\d%", reading), "a number and % are set apart by a space in Russian: «5 %»"


@pytest.mark.parametrize(("slug", "lang"), every_article(), ids=lambda value: value)
def test_terms_are_the_glossarys(slug, lang):
    comments = [(block.line + comment.line, comment.text) for block in read(slug, lang).code for comment in block.comments]
    assert GLOSSARY.problems(prose_lines(text(slug, lang), lang) + comments, lang) == []


@pytest.mark.parametrize(("slug", "lang"), every_article(), ids=lambda value: value)
def test_code_is_commented_in_the_language_of_the_article(slug, lang):
    assert comment_problems(read(slug, lang), lang, GLOSSARY.latin) == []


@pytest.mark.parametrize("figure", figure_sources(DOCS), ids=lambda path: path.name)
def test_figures_speak_the_language_of_each_page(figure):
    assert figure_problems(parse_figure(figure.read_bytes()), GLOSSARY.latin) == []


@pytest.mark.parametrize(("slug", "lang"), every_article(), ids=lambda value: value)
def test_figures_ship_with_the_site_and_have_a_text_alternative(slug, lang):
    assert alt_problems(read(slug, lang), lang, GLOSSARY.latin) == []
    for figure in read(slug, lang).figures:
        assert figure.alt.strip(), f"line {figure.line}: a figure needs a text alternative"
        assert figure.source.startswith("../figures/") and figure.source.endswith(".svg"), figure.source
        svg = (DOCS / figure.source.removeprefix("../")).read_text(encoding="utf-8")
        assert "viewBox" in svg
        external = re.findall(r"""(?:href|src)\s*=\s*["'](?:https?:)?//|url\(\s*["']?(?:https?:)?//|@import""", svg)
        assert not external, f"{figure.source} loads something from another host"
