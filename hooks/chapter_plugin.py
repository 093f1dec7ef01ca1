"""MkDocs adapter for the chapter: loads the catalogue and hands pages to the renderer.

The work is done by the plain `chapter` package; this plugin only translates
MkDocs events, and keeps what one build needs on itself. Every event runs once
per language, because mkdocs-static-i18n builds each language with a full
build of its own, inside the default language's build.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal, cast

from markupsafe import escape
from mkdocs.config import base
from mkdocs.config import config_options as options
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.livereload import LiveReloadServer
from mkdocs.plugins import BasePlugin, event_priority
from mkdocs.structure.files import Files
from mkdocs.structure.nav import Navigation
from mkdocs.structure.pages import Page
from mkdocs.utils.templates import TemplateContext

from chapter.catalogue import DEFAULT_LANGUAGE, LANGUAGES
from chapter.errors import ChapterError
from chapter.facts import FACTS
from chapter.figures import sync_localised_figures
from chapter.language import search_view, translate
from chapter.project import Project, check_project
from chapter.promises import today
from chapter.render import PageRenderer
from chapter.search import index_site
from chapter.sources import navigation, sync_topic_sources
from chapter.theme_fixes import THEME_SCRIPTS, page_problems, theme_problems
from chapter.urls import absolute_alternates

TEMPLATES = "chapter"  # the chapter's templates, inside the theme's custom_dir

log = logging.getLogger("mkdocs.plugins.chapter")


class ChapterSettings(base.Config):
    # Index the built site with Pagefind. Off only where a build is not read by a search, such as a quick preview.
    search = options.Type(bool, default=True)


@dataclass(frozen=True)
class Build:
    """What one build (all its languages) reads: its config, the validated project and the renderer."""

    config: MkDocsConfig
    project: Project
    renderer: PageRenderer


class ChapterPlugin(BasePlugin[ChapterSettings]):
    """Defining on_startup makes MkDocs keep one instance for a whole `mkdocs serve`,
    so a rebuild with a broken catalogue can go on showing the last good one."""

    def __init__(self) -> None:
        self.serving = False
        self.current: Build | None = None

    def on_startup(self, *, command: Literal["build", "gh-deploy", "serve"], dirty: bool) -> None:
        self.serving = command == "serve"

    def on_config(self, config: MkDocsConfig) -> MkDocsConfig:
        # mkdocs-static-i18n runs on_config again for every language with the same config; it is read once.
        # Runs before the site folder is cleaned, so a broken catalogue leaves the last build in place.
        if self.current is not None and config is self.current.config:
            return config
        _check_languages(config)
        docs_dir = Path(config.docs_dir)
        try:
            project = check_project(Path(config.config_file_path).parent, docs_dir, strict=config.strict, warn=log.warning)
        except ChapterError as error:
            if not (self.serving and self.current):
                raise PluginError(f"the chapter cannot be built:\n{error}") from None
            # Logged outside "mkdocs": under strict mode a warning there would fail the rebuild, and MkDocs
            # stalls every request after a failed rebuild.
            _serve_log().error("the chapter cannot be rebuilt; the site shows the last good catalogue until this is fixed:\n%s", error)
            project = self.current.project
        if not config.theme.custom_dir:
            raise PluginError(f"mkdocs.yml: theme.custom_dir must be set; the chapter's templates live in its {TEMPLATES}/ folder")
        changed = theme_problems(Path(folder) for folder in config.theme.dirs if folder != config.theme.custom_dir)
        if changed:
            raise PluginError("\n".join(changed))
        sync_topic_sources(project.catalogue, docs_dir)
        sync_localised_figures(docs_dir, project.registry)
        renderer = PageRenderer(
            project.catalogue,
            Path(config.theme.custom_dir) / TEMPLATES,
            docs_dir,
            glossary=project.glossary,
            translations=project.translations,
            registry=project.registry,
            fact_uses=project.fact_uses,
            today=today(),
        )
        self.current = Build(config, project, renderer)
        return config

    def on_serve(self, server: LiveReloadServer, /, *, config: MkDocsConfig, builder: Callable[..., Any]) -> LiveReloadServer:
        # facts.yaml is optional, and mkdocs.yml's `watch:` refuses a path that does not exist: watched from here where there is one.
        facts = Path(config.config_file_path).parent / FACTS
        if facts.is_file():
            server.watch(str(facts))
        return server

    def on_files(self, files: Files, /, *, config: MkDocsConfig) -> Files:
        # The language of this build is known from here on, not yet in on_config.
        lang = config.theme["language"]
        catalogue = self._build().project.catalogue
        config.site_name = escape(catalogue.chapter.title[lang])
        # Section titles are in the page language; MkDocs reads config.nav only after this event.
        config.nav = navigation(catalogue, lang, markup=escape)
        for scheme in config.theme["palette"]:
            scheme["toggle"]["name"] = translate(lang, f"toggle.{scheme['scheme']}")
        if lang != DEFAULT_LANGUAGE:
            # Every language's build writes the site-wide 404 page; keep the default language's.
            config.theme.static_templates.discard("404.html")
        docs = Path(config.docs_dir)
        for file in [f for f in files if f.src_uri.startswith(THEME_SCRIPTS) and docs not in Path(f.abs_src_path or "").parents]:
            files.remove(file)
        return files

    def on_page_context(self, context: TemplateContext, /, *, page: Page, config: MkDocsConfig, nav: Navigation) -> TemplateContext:
        # mkdocs-static-i18n has pointed config.extra.alternate at this page's counterparts by now.
        alternates = absolute_alternates(config.site_url or "", getattr(config.extra, "alternate", []))
        return _with(context, hreflang=alternates, search=search_view(config.theme["language"]))

    def on_template_context(self, context: TemplateContext, /, *, template_name: str, config: MkDocsConfig) -> TemplateContext:
        # The 404 page has no Markdown source, so no page context; it searches like any page.
        return _with(context, search=search_view(config.theme["language"]))

    def on_page_markdown(self, markdown: str, /, *, page: Page, config: MkDocsConfig, files: Files) -> str | None:
        try:
            rendered = self._build().renderer.render(page.meta, markdown, config.theme["language"])
        except ChapterError as error:
            raise PluginError(f"{page.file.src_uri}: {error}") from None
        if rendered is None:
            return None
        # MkDocs templates print titles and descriptions unescaped; markupsafe strings
        # arrive escaped there and are not escaped twice where a template does escape.
        page.meta["title"] = escape(rendered.title)
        page.meta["description"] = escape(rendered.description)
        return rendered.markdown

    def on_post_page(self, output: str, /, *, page: Page, config: MkDocsConfig) -> str:
        changed = page_problems(output)
        if changed:
            raise PluginError(f"{page.url or '/'}: " + "\n".join(changed))
        return output

    @event_priority(-200)
    def on_post_build(self, *, config: MkDocsConfig) -> None:
        # Runs after mkdocs-static-i18n's (priority -100), which builds the other languages inside the
        # default one's; only the outermost build, with every language's pages written, is indexed.
        if _i18n(config).building or not self.config.search:
            return
        try:
            index_site(Path(config.site_dir))
        except ChapterError as error:
            raise PluginError(str(error)) from None

    def _build(self) -> Build:
        if self.current is None:
            raise PluginError("the chapter plugin was asked for a page before on_config read the catalogue")
        return self.current


def _with(context: TemplateContext, **values: Any) -> TemplateContext:
    """The template context with the chapter's own variables added (MkDocs types it with the theme's only)."""
    cast("dict[str, Any]", context).update(values)
    return context


def _i18n(config: MkDocsConfig) -> Any:
    try:
        return config.plugins["i18n"]
    except KeyError:
        raise PluginError("the chapter is bilingual: mkdocs.yml must list the i18n plugin (mkdocs-static-i18n) before the chapter") from None


def _check_languages(config: MkDocsConfig) -> None:
    """The catalogue's languages are the site's: mkdocs.yml must build the same ones, the same one first."""
    languages = _i18n(config).config.languages
    built = tuple(language.locale for language in languages if language.build)
    default = next((language.locale for language in languages if language.default), None)
    if sorted(built) != sorted(LANGUAGES) or default != DEFAULT_LANGUAGE:
        raise PluginError(
            f"mkdocs.yml: the i18n plugin builds {', '.join(built) or 'no language'} (default: {default}), "
            f"but the catalogue is written in {', '.join(LANGUAGES)} (default: {DEFAULT_LANGUAGE}); make the plugin's languages match"
        )


def _serve_log() -> logging.Logger:
    """A logger outside "mkdocs" for rebuild errors under `mkdocs serve`, set up once."""
    serve_log = logging.getLogger("chapter.serve")
    if not serve_log.handlers:
        handler = logging.StreamHandler()
        handler.setFormatter(logging.Formatter("%(levelname)-8s-  %(message)s"))
        serve_log.addHandler(handler)
        serve_log.propagate = False
    return serve_log
