"""MkDocs adapter for the chapter: loads the catalogue and hands pages to the renderer.

The work is done by the plain `chapter` package; this file only translates
MkDocs events. Every event runs once per language, because mkdocs-static-i18n
builds each language with a full build of its own.
"""

from __future__ import annotations

import logging
from pathlib import Path

from markupsafe import escape
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority
from mkdocs.structure.files import Files
from mkdocs.structure.pages import Page

from chapter.catalogue import DEFAULT_LANGUAGE
from chapter.errors import ChapterError
from chapter.figures import sync_localised_figures
from chapter.language import search_view, translate
from chapter.project import Project, check_project
from chapter.render import PageRenderer
from chapter.search import index_site
from chapter.sources import navigation, sync_topic_sources
from chapter.urls import absolute_alternates

TEMPLATES = "chapter"

log = logging.getLogger("mkdocs.hooks.chapter")

# While serving, a broken catalogue is reported here rather than failing the
# rebuild: MkDocs stalls every request after a failed rebuild, and under strict
# mode it fails on any warning logged under "mkdocs". This logger stays outside.
serve_log = logging.getLogger("chapter.serve")
if not serve_log.handlers:
    _handler = logging.StreamHandler()
    _handler.setFormatter(logging.Formatter("%(levelname)-8s-  %(message)s"))
    serve_log.addHandler(_handler)
    serve_log.propagate = False

# The catalogue and renderer of the config being built. mkdocs-static-i18n runs
# on_config again for every language with the same config; it is loaded once.
# `mkdocs serve` keeps this module between rebuilds, so the last good catalogue
# stays at hand.
_serving = False
_config: MkDocsConfig | None = None
_project: Project | None = None
_renderer: PageRenderer | None = None
# Builds started and not yet finished: the extra languages' builds run inside the default one's.
_open_builds = 0


def on_startup(command: str, dirty: bool) -> None:
    global _serving
    _serving = command == "serve"


def on_config(config: MkDocsConfig) -> MkDocsConfig:
    # Runs before the site folder is cleaned, so a broken catalogue leaves the last build in place.
    global _config, _project, _renderer, _open_builds
    if config is not _config:
        _open_builds = 0  # a new build, even if the last one failed halfway
        docs_dir = Path(config.docs_dir)
        try:
            project = check_project(Path(config.config_file_path).parent, docs_dir, strict=config.strict, warn=log.warning)
        except ChapterError as error:
            if not (_serving and _project):
                raise PluginError(f"the chapter cannot be built:\n{error}") from None
            serve_log.error("the chapter cannot be rebuilt; the site shows the last good catalogue until this is fixed:\n%s", error)
            project = _project
        sync_topic_sources(project.catalogue, docs_dir)
        sync_localised_figures(docs_dir)
        _config, _project = config, project
        _renderer = PageRenderer(project.catalogue, Path(config.theme.custom_dir) / TEMPLATES, docs_dir, glossary=project.glossary)
    return config


def on_files(files: Files, config: MkDocsConfig) -> Files:
    # The language of this build is known from here on, not yet in on_config.
    lang = config.theme["language"]
    config.site_name = escape(_project.catalogue.chapter.title[lang])
    # Section titles are in the page language; MkDocs reads config.nav only after this event.
    config.nav = navigation(_project.catalogue, lang, markup=escape)
    for scheme in config.theme["palette"]:
        scheme["toggle"]["name"] = translate(lang, f"toggle.{scheme['scheme']}")
    if lang != DEFAULT_LANGUAGE:
        # Every language's build writes the site-wide 404 page; keep the default language's.
        config.theme.static_templates.discard("404.html")
    return files


def on_page_context(context: dict, page: Page, config: MkDocsConfig, **_) -> dict:
    # mkdocs-static-i18n has pointed config.extra.alternate at this page's counterparts by now.
    context["hreflang"] = absolute_alternates(config.site_url, getattr(config.extra, "alternate", []))
    context["search"] = search_view(config.theme["language"])
    return context


def on_template_context(context: dict, template_name: str, config: MkDocsConfig) -> dict:
    # The 404 page has no Markdown source, so no page context; it searches like any page.
    context["search"] = search_view(config.theme["language"])
    return context


def on_page_markdown(markdown: str, page: Page, config: MkDocsConfig, **_) -> str | None:
    try:
        rendered = _renderer.render(page.meta, markdown, config.theme["language"])
    except ChapterError as error:
        raise PluginError(f"{page.file.src_uri}: {error}") from None
    if rendered is None:
        return None
    # MkDocs templates print titles and descriptions unescaped; markupsafe strings
    # arrive escaped there and are not escaped twice where a template does escape.
    page.meta["title"] = escape(rendered.title)
    page.meta["description"] = escape(rendered.description)
    return rendered.markdown


def on_pre_build(config: MkDocsConfig) -> None:
    global _open_builds
    _open_builds += 1


@event_priority(-200)
def on_post_build(config: MkDocsConfig) -> None:
    global _open_builds
    _open_builds -= 1
    # Only the outermost build sees every language's pages: mkdocs-static-i18n
    # (priority -100) builds the other languages inside it, before this runs.
    if _open_builds == 0:
        try:
            index_site(Path(config.site_dir))
        except ChapterError as error:
            raise PluginError(str(error)) from None
