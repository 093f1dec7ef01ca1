"""Every real article renders to the HTML the site allows: the unit rules of test_article_html.py, on the content."""

from __future__ import annotations

import pytest

from chapter.article_html import raw_html_problems, rendered_html_problems
from chapter.project import check_project
from chapter.render import PageRenderer
from tests.unit.test_article_html import site_markdown  # noqa: F401  (the fixture)
from tools.site import ROOT

ARTICLES = sorted((ROOT / "docs" / "articles").glob("*.md"))


@pytest.fixture(scope="module")
def renderer():
    project = check_project(ROOT)
    return PageRenderer(
        project.catalogue,
        ROOT / "overrides" / "chapter",
        project.articles,
        glossary=project.glossary,
        translations=project.translations,
        registry=project.registry,
        fact_uses=project.fact_uses,
    )


def test_the_chapter_has_articles_to_render():
    assert len(ARTICLES) >= 2


@pytest.mark.parametrize("path", ARTICLES, ids=[path.name for path in ARTICLES])
def test_every_real_article_renders_only_to_allowed_html(path, renderer, site_markdown):  # noqa: F811
    slug, lang, _ = path.name.split(".")
    topic = next(topic for topic in renderer.catalogue.topics if topic.slug == slug)
    page = renderer.topic(topic, lang)  # the article with its facts and link languages, in its topic page
    assert path.read_text(encoding="utf-8").splitlines()[0].strip("# ").split("{")[0].strip() in page.markdown
    assert rendered_html_problems(site_markdown(page.markdown)) == []
    assert raw_html_problems(path.read_text(encoding="utf-8")) == []
