"""The control site: the chapter's pages, settings, plugins and navigation, built without the chapter plugin.

The chapter package renders every page once and writes it out as plain Markdown; the navigation the plugin
would give each language goes into mkdocs.yml, its section titles reaching the other language through
mkdocs-static-i18n's nav_translations and the chapter title through its per-language site_name. The control's
mkdocs.yml extends the real one (`INHERIT:`), replacing only the plugins and the navigation, and keeps the
theme's own search, so that the cost of ours stands against it.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import yaml
from mkdocs.utils.yaml import yaml_load

from chapter.catalogue import DEFAULT_LANGUAGE, LANGUAGES, Catalogue
from chapter.figures import sync_localised_figures
from chapter.project import check_project, project_renderer
from chapter.topic_stubs import navigation
from chapter.urls import topic_source
from tools.site import GENERATED

from .synthetic import dump_yaml

TEMPLATES = Path("overrides") / "chapter"
CONFIG = "mkdocs.yml"
INHERITED = "mkdocs.chapter.yml"  # the project's own mkdocs.yml, which the control's extends


def control_project(ours: Path, dest: Path) -> Path:
    """The same site as `ours` without the chapter plugin, in `dest`."""
    shutil.copytree(ours, dest, ignore=GENERATED)
    catalogue = write_pages(dest)
    (dest / CONFIG).rename(dest / INHERITED)
    with (dest / INHERITED).open(encoding="utf-8") as config:
        plugins = yaml_load(config)["plugins"]
    (dest / CONFIG).write_text(control_config(catalogue, plugins), encoding="utf-8")
    return dest


def write_pages(project: Path) -> Catalogue:
    """Every page of the chapter rendered once by the chapter package and written over its source as Markdown."""
    checked = check_project(project)
    docs = project / "docs"
    # As the plugin makes it; what the plugin does to the HTML after Markdown, the control cannot.
    renderer = project_renderer(checked, project / TEMPLATES, docs)
    sync_localised_figures(docs)
    for lang in LANGUAGES:
        pages = [(path.name, path.read_text(encoding="utf-8")) for path in sorted(docs.glob(f"*.{lang}.md"))]
        pages += [(topic_source(topic.slug, lang), None) for topic in checked.catalogue.topics]
        for name, source in pages:
            topic = {"chapter": "topic", "topic": Path(name).name.split(".")[0]}
            meta, markdown = front_matter(source) if source else (topic, "")
            rendered = renderer.render(meta, markdown, lang)
            kept = {key: value for key, value in meta.items() if key != "topic"}  # `chapter` marks what search indexes
            front = dump_yaml({"title": rendered.title, "description": rendered.description, **kept})
            (docs / name).parent.mkdir(parents=True, exist_ok=True)
            (docs / name).write_text(f"---\n{front}---\n\n{rendered.markdown}", encoding="utf-8")
    return checked.catalogue


def control_config(catalogue: Catalogue, plugins: list) -> str:
    """The control's mkdocs.yml: the project's, with the theme's search, i18n alone and the hook's navigation."""
    i18n = next(entry["i18n"] for entry in plugins if isinstance(entry, dict) and "i18n" in entry)
    navs = {lang: navigation(catalogue, lang) for lang in LANGUAGES}
    for language in i18n["languages"]:
        lang = language["locale"]
        language["site_name"] = catalogue.chapter.title[lang]
        if lang != DEFAULT_LANGUAGE:
            pairs = list(zip(titles(navs[DEFAULT_LANGUAGE]), titles(navs[lang]), strict=True))
            translations = dict(pairs)
            if any(translations[title] != translated for title, translated in pairs):
                raise SystemExit(f"navigation titles do not translate one to one into {lang}")
            language["nav_translations"] = translations
    config = {
        "INHERIT": INHERITED,
        "plugins": [{"search": {"lang": list(LANGUAGES)}}, {"i18n": i18n}],
        "nav": navs[DEFAULT_LANGUAGE],
    }
    return dump_yaml(config)


def titles(nav: list) -> list[str]:
    """Section titles of a navigation, depth first."""
    found = []
    for item in nav:
        if isinstance(item, dict):
            for title, children in item.items():
                found.append(title)
                found.extend(titles(children))
    return found


def front_matter(text: str) -> tuple[dict, str]:
    match = re.match(r"---\n(.*?\n)---\n?(.*)", text, re.S)
    return (yaml.safe_load(match.group(1)) or {}, match.group(2)) if match else ({}, text)


def same_pages(ours: Path, control: Path, samples: list[str]) -> list[str]:
    """Where the two sites differ: the set of pages, and the article and navigation of sample pages."""
    differences = [f"only in ours: {path}" for path in sorted(_pages(ours) - _pages(control))]
    # The plugin keeps one site-wide 404 page; the control site has one per language.
    differences += [
        f"only in control: {path}" for path in sorted(_pages(control) - _pages(ours)) if not path.endswith("404.html")
    ]
    for path in samples:
        blocks = [('<nav class="md-nav md-nav--primary', "nav")]
        if "topics/" not in path:  # on a topic page the plugin works on the HTML too (terms, facts), as Markdown cannot
            blocks.append(('<article class="md-content__inner', "article"))
        for opening, tag in blocks:
            a, b = (_block((root / path).read_text(encoding="utf-8"), opening, tag) for root in (ours, control))
            if a != b:
                differences.append(f"{path}: the {tag} differs")
    return differences


def _pages(root: Path) -> set[str]:
    return {path.relative_to(root).as_posix() for path in root.rglob("*.html")}


def _block(html: str, opening: str, tag: str) -> str | None:
    """The element that starts with `opening`, nested elements of the same tag included."""
    start = html.find(opening)
    if start < 0:
        return None
    depth, position = 0, start
    for match in re.compile(f"<(/?){tag}[\\s>]").finditer(html, start):
        depth += -1 if match.group(1) else 1
        position = match.end()
        if depth == 0:
            break
    return html[start:position]
