"""MkDocs adapter for the chapter: loads the catalogue and hands pages to the renderer.

The work is done by the plain `chapter` package; this plugin only translates
MkDocs events, and keeps what one build needs on itself. Every event runs once
per language, because mkdocs-static-i18n builds each language with a full
build of its own, inside the default language's build.
"""

from __future__ import annotations

import copy
import logging
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Any, Literal, cast

import mkdocs
from markupsafe import escape
from mkdocs.config import base
from mkdocs.config import config_options as options
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import MkDocsException, PluginError
from mkdocs.livereload import LiveReloadServer
from mkdocs.plugins import BasePlugin, event_priority
from mkdocs.structure.files import File, Files
from mkdocs.structure.nav import Navigation
from mkdocs.structure.pages import Page
from mkdocs.structure.toc import AnchorLink
from mkdocs.utils.templates import TemplateContext

from chapter.catalogue import DEFAULT_LANGUAGE, LANGUAGES
from chapter.couplings import coupling_problems
from chapter.errors import ChapterError
from chapter.facts import FACTS
from chapter.feeds import FEED_TEMPLATE, feed_link, write_feeds
from chapter.figures import figure_of, figure_sources, orphan_figures, sync_localised_figures
from chapter.gate import Provenance
from chapter.language import search_view, translate
from chapter.markdown import dialect_drift
from chapter.mkdocs_yml import places
from chapter.policy import with_policy
from chapter.print_edition import pdf_path
from chapter.problems import WARNING, Problem, ProblemsFound, blocking
from chapter.project import Project, project_renderer, review_project
from chapter.quick_edit import Shown, changed_articles, show, splice
from chapter.render import PageRenderer, Quoting
from chapter.search import index_site
from chapter.staging import Staging, WarningCount, discard, publish, stage
from chapter.theme_contract import unsupported
from chapter.theme_fixes import THEME_SCRIPTS, page_problems, stylesheet_problems, theme_problems
from chapter.topic_stubs import navigation, sync_topic_stubs
from chapter.urls import absolute_alternates, article_source, loopback_problem

TEMPLATES = "chapter"  # the chapter's templates, inside the theme's custom_dir

log = logging.getLogger("mkdocs.plugins.chapter")


class ChapterSettings(base.Config):
    # Index the built site with Pagefind. Off only where a build is not read by a search, such as a quick preview.
    search = options.Type(bool, default=True)
    # A folder holding the print edition's PDFs (`make pdf` prints them, then builds again with this set): each
    # language's PDF found there is published beside its print page and linked from the chapter index.
    pdf = options.Type(str, default="")


@dataclass(frozen=True)
class Build:
    """What one build (all its languages) reads: its config, the validated project and the renderer.

    And the sources of what it writes, for the gate.
    """

    config: MkDocsConfig
    project: Project
    renderer: PageRenderer
    provenance: Provenance


@dataclass(frozen=True)
class TopicPage:
    """A topic page as the last build rendered it: enough to render it again with a new article (quick_edit.py)."""

    page: Page
    stub: str  # the Markdown of its generated source in docs/topics/
    content: str  # its finished HTML content, as written into the page


@dataclass(frozen=True)
class Publication:
    """Where the outermost build writes instead of the site folder its config named.

    The config is given back its site folder when the build ends.
    """

    config: MkDocsConfig
    site_dir: str
    staging: Staging


class ChapterPlugin(BasePlugin[ChapterSettings]):
    """Defining on_startup makes MkDocs keep one instance for a whole `mkdocs serve`,
    so a rebuild with a broken catalogue can go on showing the last good one."""

    def __init__(self) -> None:
        self.serving = False
        self.current: Build | None = None
        self.warnings: WarningCount | None = None  # the running build's warnings, under strict
        self.publication: Publication | None = None  # the running build's staging folder
        # Topic pages whose fact markers wait, as tokens, for their HTML: by language and source,
        # from on_page_markdown to on_page_content.
        self.quoting: dict[tuple[str, str], Quoting] = {}
        # The finished HTML of each topic page with an article, by language and slug,
        # from which the print edition is made.
        self.printed: dict[tuple[str, str], str] = {}
        # Under `mkdocs serve`: each topic page of the last build by language and slug, each language's files and
        # the served folder, from which an edited article's page is shown before the rebuild (quick_edit.py).
        self.stubs: dict[tuple[str, str], str] = {}
        self.topic_pages: dict[tuple[str, str], TopicPage] = {}
        self.files: dict[str, Files] = {}
        self.site: Path | None = None
        self.shown: Shown | None = None  # the edited page shown before the rebuild now running, if any

    def on_startup(self, *, command: Literal["build", "gh-deploy", "serve"], dirty: bool) -> None:
        self.serving = command == "serve"

    def on_config(self, config: MkDocsConfig) -> MkDocsConfig:
        # mkdocs-static-i18n runs on_config again for every language with the same config; it is read once.
        # Runs before the site folder is cleaned, so a broken catalogue leaves the last build in place.
        if self.current is not None and config is self.current.config:
            return config
        self._count_warnings(config)  # first, so that the catalogue's own warnings count too
        _check_languages(config)
        config_file = Path(config.config_file_path)
        settings = places(config_file)
        refused = unsupported(settings, config.theme.get("features", []), config.markdown_extensions)
        refused += dialect_drift(settings, config.markdown_extensions, config.mdx_configs)
        if refused:
            raise PluginError(str(ProblemsFound(sorted(refused))))
        if not self.serving and (loopback := loopback_problem(config.site_url, config_file)):
            raise PluginError(loopback.text())
        docs_dir = Path(config.docs_dir)
        project = self._project(config)
        if not config.theme.custom_dir:
            raise PluginError(
                f"mkdocs.yml: theme.custom_dir must be set; the chapter's templates live in its {TEMPLATES}/ folder"
            )
        changed = theme_problems(Path(folder) for folder in config.theme.dirs if folder != config.theme.custom_dir)
        changed += stylesheet_problems(Path(config.theme.custom_dir)) + coupling_problems()
        if changed:
            raise PluginError("\n".join(changed))
        sync_topic_stubs(project.catalogue, docs_dir)
        sync_localised_figures(docs_dir, project.registry)
        renderer = project_renderer(
            project, Path(config.theme.custom_dir) / TEMPLATES, docs_dir, pdfs=frozenset(self._pdfs(config))
        )
        self.printed = {}
        root = Path(config.config_file_path).parent
        provenance = Provenance.of_project(
            root,
            Path(config.theme.custom_dir),
            ("mkdocs.yml", "topics.yaml", "glossary.yaml", FACTS),
            live=self.serving,
        )
        self.current = Build(config, project, renderer, provenance)
        return config

    def _project(self, config: MkDocsConfig) -> Project:
        """The project as `chapter check` sees it: the same checks.

        The build stops on errors, and on warnings under strict; notices are logged.
        """
        review = review_project(Path(config.config_file_path).parent, Path(config.docs_dir))
        stopping = blocking(review.problems, strict=config.strict)
        for problem in review.problems:
            if problem not in stopping:
                (log.warning if problem.severity == WARNING else log.info)(problem.text())
        if not stopping and review.project is not None:
            return review.project
        error = ProblemsFound(stopping)
        if not (self.serving and self.current):
            raise PluginError(f"the chapter cannot be built:\n{error}")
        if self.shown is not None:
            # The edit the check refuses is not shown beside the last good catalogue, not even until the rebuild ends.
            self.shown.restore()
            self.shown = None
        # Logged outside "mkdocs": under strict mode a warning there would fail the rebuild, and MkDocs
        # stalls every request after a failed rebuild.
        _serve_log().error(
            "the chapter cannot be rebuilt; the site shows the last good catalogue until this is fixed:\n%s", error
        )
        return self.current.project

    def on_serve(
        self, server: LiveReloadServer, /, *, config: MkDocsConfig, builder: Callable[..., Any]
    ) -> LiveReloadServer:
        # facts.yaml is optional, and mkdocs.yml's `watch:` refuses a path that does not exist:
        # watched from here where there is one.
        facts = Path(config.config_file_path).parent / FACTS
        if facts.is_file():
            server.watch(str(facts))
        # After a failed rebuild MkDocs' server holds every request until a rebuild succeeds; the failure is
        # reported instead, and the last good site, untouched in the served folder, goes on being served.
        # An edit of one article shows its page first (quick_edit.py); the full rebuild follows at once.
        server.builder = _keep_serving(server.builder, lambda: self._show_edit(), server)
        return server

    def on_pre_build(self, *, config: MkDocsConfig) -> None:
        # Once every check of on_config has passed, and before MkDocs empties the site folder: the outermost build
        # writes into a staging folder beside it instead, which on_post_build publishes as its very last step.
        # mkdocs-static-i18n builds the other languages into the same config.site_dir, so they are staged with it.
        if _i18n(config).building:
            return
        self._end_publication()
        try:
            staging = stage(Path(config.site_dir))
        except ChapterError as error:
            raise PluginError(str(error)) from None
        self.publication = Publication(config, config.site_dir, staging)
        config.site_dir = str(staging.folder)

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
        for file in [
            f for f in files if f.src_uri.startswith(THEME_SCRIPTS) and docs not in Path(f.abs_src_path or "").parents
        ]:
            files.remove(file)
        # The feeds' template writes the feeds (on_post_build); it is not published itself.
        if (template := files.get_file_from_path(f"{TEMPLATES}/{FEED_TEMPLATE}")) is not None:
            files.remove(template)
        # A figure no article shows (CI607) is not published, nor its copy in any language: nothing ships unseen.
        orphans = set(orphan_figures([path.name for path in figure_sources(docs)], self._build().project.figures_shown))
        for file in [f for f in files if figure_of(f.src_uri) in orphans]:
            files.remove(file)
        if lang in (pdfs := self._pdfs(config)):
            # After the i18n plugin's on_files, which has placed every other file of this language already:
            # under /<lang>/ but for the default.
            published = pdf_path(lang) if lang == DEFAULT_LANGUAGE else f"{lang}/{pdf_path(lang)}"
            files.append(File.generated(config, published, abs_src_path=str(pdfs[lang])))
        for file in files:
            self._build().provenance.record(
                Path(file.abs_dest_path), Path(file.abs_src_path or ""), f"{config.theme.name} theme: {file.src_uri}"
            )
        return files

    def on_page_context(
        self, context: TemplateContext, /, *, page: Page, config: MkDocsConfig, nav: Navigation
    ) -> TemplateContext:
        if page.meta.get("chapter") == "print":
            # Every page's content is finished before any page is written,
            # so the edition holds every topic page as it is shown.
            lang, renderer = config.theme["language"], self._build().renderer
            pages = {slug: html for (language, slug), html in self.printed.items() if language == lang}
            page.content = renderer.print_content(lang, pages)
            page.meta["calculators"] = renderer.shows_calculators(lang, pages)
        # mkdocs-static-i18n has pointed config.extra.alternate at this page's counterparts by now.
        alternates = absolute_alternates(config.site_url, getattr(config.extra, "alternate", []))
        return _with(
            context,
            hreflang=alternates,
            search=search_view(config.theme["language"]),
            feed=feed_link(config.theme["language"], config.site_url),
            copy_failed=translate(config.theme["language"], "copy.failed"),
        )

    def on_template_context(
        self, context: TemplateContext, /, *, template_name: str, config: MkDocsConfig
    ) -> TemplateContext:
        # The 404 page has no Markdown source, so no page context; it searches like any page, and names the feed.
        return _with(
            context,
            search=search_view(config.theme["language"]),
            feed=feed_link(config.theme["language"], config.site_url),
            copy_failed=translate(config.theme["language"], "copy.failed"),
        )

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
        if rendered.quoting is not None:
            self.quoting[config.theme["language"], page.file.src_uri] = rendered.quoting
            if self.serving:  # the files MkDocs renders the page with (not on_files' own), to render it again
                self.stubs[config.theme["language"], page.file.src_uri] = markdown
                self.files[config.theme["language"]] = files
            # main.html loads the calculators' script only on a page that shows one.
            page.meta["calculators"] = bool(rendered.quoting.calculators)
        return rendered.markdown

    def on_page_content(self, html: str, /, *, page: Page, config: MkDocsConfig, files: Files) -> str | None:
        # The facts an article quotes are shown once Markdown is done, so facts.yaml's text is never read as Markdown.
        quoting = self.quoting.pop((config.theme["language"], page.file.src_uri), None)
        if quoting is None:
            return html
        renderer = self._build().renderer
        html, found = renderer.finish(html, quoting)
        if found:
            docs = Path(config.docs_dir)
            root = Path(config.config_file_path).parent
            source = str((docs.relative_to(root) if docs.is_relative_to(root) else docs) / quoting.source)
            raise PluginError(
                str(
                    ProblemsFound(
                        [Problem(source, line, column, rule, message) for line, column, rule, message in found]
                    )
                )
            )
        _retitle(page.toc, lambda title: renderer.finish_text(title, quoting))
        if page.meta.get("chapter") == "topic":
            self.printed[config.theme["language"], str(page.meta.get("topic"))] = html
            if (stub := self.stubs.pop((config.theme["language"], page.file.src_uri), None)) is not None:
                self.topic_pages[config.theme["language"], str(page.meta.get("topic"))] = TopicPage(page, stub, html)
        return html

    def on_post_page(self, output: str, /, *, page: Page, config: MkDocsConfig) -> str:
        changed = page_problems(output)
        if changed:
            raise PluginError(f"{page.url or '/'}: " + "\n".join(changed))
        # A topic page is written from its article (where there is one), not from its generated stub in docs/topics/.
        if page.meta.get("chapter") == "topic":
            article = Path(config.docs_dir) / article_source(str(page.meta.get("topic")), config.theme["language"])
            source = article if article.is_file() else Path(config.config_file_path).parent / "topics.yaml"
            self._build().provenance.record(Path(page.file.abs_dest_path), source, source.name)
        return with_policy(output, page.content or "", live=self.serving)

    def on_post_template(self, output_content: str, /, *, template_name: str, config: MkDocsConfig) -> str:
        # Static templates (the 404 page) have no page events; the sitemap is not a page.
        if template_name == "404.html" and (changed := page_problems(output_content)):
            raise PluginError(f"{template_name}: " + "\n".join(changed))
        if template_name == "sitemap.xml" and not config.site_url:
            # No published address (`mkdocs serve` always sets one): a sitemap's addresses must be absolute, so none is
            # written (MkDocs skips a template whose output is empty).
            return ""
        return with_policy(output_content, live=self.serving) if template_name.endswith(".html") else output_content

    @event_priority(-200)
    def on_post_build(self, *, config: MkDocsConfig) -> None:
        # Runs after mkdocs-static-i18n's (priority -100), which builds the other languages inside the
        # default one's; only the outermost build, with every language's pages written, is indexed.
        if _i18n(config).building:
            return
        self._write_feeds(config)
        if self.config.search:
            try:
                index_site(Path(config.site_dir))
            except ChapterError as error:
                raise PluginError(str(error)) from None
        if problems := self._build().provenance.problems(Path(config.site_dir)):
            raise PluginError("the site cannot be published:\n" + "\n".join(problem.text() for problem in problems))
        self._publish()  # the very last step: whatever may still fail goes above this line

    def _write_feeds(self, config: MkDocsConfig) -> None:
        """Each language's Atom feed, from the catalogue's dates, into the site every language was built into.

        Recorded for the gate.
        """
        build = self._build()
        topics = Path(config.config_file_path).parent / "topics.yaml"
        templates = Path(config.theme.custom_dir or "") / TEMPLATES  # on_config refuses a theme without custom_dir
        for path in write_feeds(
            build.project.catalogue, Path(config.site_dir), config.site_url, templates, build.project.articles
        ):
            build.provenance.record(path, topics, topics.name)

    def on_build_error(self, *, error: Exception) -> None:
        # Whatever stopped the build, in whichever language: its staging folder goes, the site folder stays as it was.
        self._count_warnings(None)
        publication = self._end_publication()
        if publication is not None:
            discard(publication.staging)
            log.info("the build was not published; the site folder %s is unchanged", publication.staging.site)

    def _publish(self) -> None:
        """The finished site replaces the last good one, unless MkDocs is about to refuse the build.

        Under strict, MkDocs counts the build's warnings only after the last on_post_build and
        then aborts; a build that logged any is dropped here instead of published.
        """
        warnings = self._count_warnings(None)
        publication = self._end_publication()
        if publication is None:
            return
        if warnings:
            discard(publication.staging)
            log.info(
                "the build was not published, as strict mode refuses a build with warnings; "
                "the site folder %s is unchanged",
                publication.staging.site,
            )
            return
        try:
            publish(publication.staging)
        except ChapterError as error:
            raise PluginError(str(error)) from None
        self.site = publication.staging.site

    def _count_warnings(self, config: MkDocsConfig | None) -> int:
        """Stop the last count, returning what it saw; with a strict config, start counting anew.

        The count listens where MkDocs' own does, on the engine's logger, from the first event of the
        build on, so it sees what MkDocs will count (no private attribute of MkDocs is read).
        """
        previous, self.warnings = self.warnings, None
        if previous is not None:
            _engine_log().removeHandler(previous)
        if config is not None and config.strict:
            self.warnings = WarningCount()
            _engine_log().addHandler(self.warnings)
        return previous.count if previous is not None else 0

    def _end_publication(self) -> Publication | None:
        """The running build's publication, its config given back the site folder it named.

        As `mkdocs gh-deploy` reads it next.
        """
        publication, self.publication = self.publication, None
        if publication is not None:
            publication.config.site_dir = publication.site_dir
        return publication

    def _show_edit(self) -> Shown | None:
        """Where one article alone changed since the last good build, its page rendered from that build's state
        and put in the served site; None, changing nothing, in any other case."""
        build, self.shown = self.current, None
        if build is None or self.site is None:
            return None
        changed = changed_articles(Path(build.config.docs_dir), build.renderer.articles)
        if len(changed) != 1:
            return None
        [((slug, lang), text)] = changed.items()
        shown = self.topic_pages.get((lang, slug))
        if shown is None or not text:
            return None
        renderer = copy.copy(build.renderer)
        renderer.articles = {**build.renderer.articles, (slug, lang): text}
        rendered = renderer.render(shown.page.meta, shown.stub, lang)
        if rendered is None or rendered.quoting is None:
            return None
        shown.page.markdown = rendered.markdown
        # The language's files resolve the page's links by the i18n plugin's language (couplings.py).
        i18n = _i18n(build.config)
        building, i18n.current_language = i18n.current_language, lang
        try:
            shown.page.render(build.config, self.files[lang])
        finally:
            i18n.current_language = building
        content, found = renderer.finish(shown.page.content or "", rendered.quoting)
        built = self.site / shown.page.file.dest_uri
        page = splice(built.read_text(encoding="utf-8"), shown.content, content) if built.is_file() else None
        if found or page is None:
            return None
        self.shown = show(self.site, shown.page.file.dest_uri, page)
        return self.shown

    def _pdfs(self, config: MkDocsConfig) -> dict[str, Path]:
        """The print edition's PDF of each language found in the folder the `pdf` setting names.

        The folder is relative to mkdocs.yml.
        """
        if not self.config.pdf:
            return {}
        folder = Path(config.config_file_path).parent / self.config.pdf
        found = {lang: folder / PurePosixPath(pdf_path(lang)).name for lang in LANGUAGES}
        return {lang: path for lang, path in found.items() if path.is_file()}

    def _build(self) -> Build:
        if self.current is None:
            raise PluginError("the chapter plugin was asked for a page before on_config read the catalogue")
        return self.current


def _retitle(entries: Iterable[AnchorLink], change: Callable[[str], str]) -> None:
    """Each entry of a table of contents, at every depth, given the title `change` makes of it (titles are HTML)."""
    for entry in entries:
        entry.title = change(entry.title)
        _retitle(entry.children, change)


def _with(context: TemplateContext, **values: Any) -> TemplateContext:
    """The template context with the chapter's own variables added (MkDocs types it with the theme's only)."""
    cast("dict[str, Any]", context).update(values)
    return context


def _i18n(config: MkDocsConfig) -> Any:
    try:
        return config.plugins["i18n"]
    except KeyError:
        raise PluginError(
            "the chapter is bilingual: mkdocs.yml must list the i18n plugin (mkdocs-static-i18n) before the chapter"
        ) from None


def _check_languages(config: MkDocsConfig) -> None:
    """The catalogue's languages are the site's: mkdocs.yml must build the same ones, the same one first."""
    languages = _i18n(config).config.languages
    built = tuple(language.locale for language in languages if language.build)
    default = next((language.locale for language in languages if language.default), None)
    if sorted(built) != sorted(LANGUAGES) or default != DEFAULT_LANGUAGE:
        raise PluginError(
            f"mkdocs.yml: the i18n plugin builds {', '.join(built) or 'no language'} (default: {default}), "
            f"but the catalogue is written in {', '.join(LANGUAGES)} (default: {DEFAULT_LANGUAGE}); "
            "make the plugin's languages match"
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


def _engine_log() -> logging.Logger:
    """The logger whose warnings fail a strict build.

    "mkdocs", or "properdocs" under ProperDocs, which answers to the name mkdocs.
    """
    return logging.getLogger(mkdocs.__name__)


def _keep_serving(
    builder: Callable[[], None], show_edit: Callable[[], Shown | None], server: LiveReloadServer
) -> Callable[[], None]:
    """A rebuild for `mkdocs serve` that shows an edited article's page first, and reports why it failed
    instead of raising.

    The build's own messages (file and line) are already logged; this adds what the
    author sees in the browser: the last good site, published only by a build that succeeded.
    """

    def rebuild() -> None:
        shown = _shown_edit(show_edit)
        if shown is not None:
            log.info("showing the edited page %s before the rebuild", shown.built)
            _reload_browsers(server, again=False)  # the page is served, and browsers reload, while the build runs
        try:
            builder()
        except Exception as error:  # any failure: the served folder holds the last good site either way
            if shown is not None:
                shown.restore()
            reason = str(error) if isinstance(error, MkDocsException) else f"{type(error).__name__}: {error}"
            _serve_log().error(
                "the site was not rebuilt (%s); it shows the last good build until the problems above are fixed", reason
            )
        if shown is not None:
            _reload_browsers(server, again=True)

    return rebuild


def _shown_edit(show_edit: Callable[[], Shown | None]) -> Shown | None:
    """The edited page, shown where it can be; never a reason for the rebuild not to run."""
    try:
        return show_edit()
    except Exception as error:  # the full rebuild, which follows, reports whatever is wrong with the article
        log.debug("the edited page was not shown before the rebuild: %s", error)
        return None


def _reload_browsers(server: LiveReloadServer, *, again: bool) -> None:
    """Tell the browsers the site changed while the rebuild runs: first to show the edited page (and answer
    requests again), then, `again`, to make them reload once more when the rebuild ends.

    MkDocs' server has no public way to do so: this sets its epochs, as its own build loop does after a
    build (mkdocs/livereload/__init__.py, `_build_loop`), which then sets the visible epoch to the wanted one.
    """
    with server._epoch_cond:
        if again:
            server._wanted_epoch = max(server._visible_epoch + 1, round(time.monotonic() * 1000))
        else:
            server._visible_epoch = server._wanted_epoch
            server._epoch_cond.notify_all()
