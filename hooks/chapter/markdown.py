"""The chapter's Markdown dialect, and articles rendered in it without MkDocs.

`chapter check` has to see an article as the site shows it: which words end up
in code, in a link's text, in an attribute. So the check renders it with the
same Python-Markdown extensions and options as the build, declared once here;
the plugin stops a build whose mkdocs.yml lists others, so the two cannot drift
apart unnoticed.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

import markdown

from .mkdocs_yml import Places
from .problems import Problem


@dataclass(frozen=True)
class Dialect:
    """Python-Markdown extensions in the order MkDocs loads them, and the options of those that take any."""

    extensions: tuple[str, ...]
    configs: Mapping[str, Mapping[str, Any]]


# `markdown_extensions` of mkdocs.yml as MkDocs hands them to Python-Markdown: its built-ins
# (toc, tables, fenced_code) first, then the list in the file, each once.
DIALECT = Dialect(
    extensions=(
        "toc",
        "tables",
        "fenced_code",
        "abbr",
        "admonition",
        "attr_list",
        "def_list",
        "footnotes",
        "md_in_html",
        "pymdownx.details",
        "pymdownx.highlight",
        "pymdownx.inlinehilite",
        "pymdownx.superfences",
        "pymdownx.tabbed",
    ),
    configs=MappingProxyType(
        {
            "toc": MappingProxyType({"permalink": True}),
            "pymdownx.highlight": MappingProxyType({"anchor_linenums": True}),
            "pymdownx.tabbed": MappingProxyType({"alternate_style": True}),
        }
    ),
)


def article_renderer(dialect: Dialect = DIALECT) -> Callable[[str], str]:
    """Renders articles one after another, as the site renders each, before the build resolves its fact markers.

    One converter, reset before each article: Python-Markdown's extensions keep state
    (footnotes, abbreviations, the table of contents) between documents, and building
    the converter anew costs a fifth of rendering an article.
    """
    converter = markdown.Markdown(
        extensions=list(dialect.extensions),
        extension_configs={name: dict(options) for name, options in dialect.configs.items()},
    )
    return lambda text: converter.reset().convert(text)


def render_article(text: str, dialect: Dialect = DIALECT) -> str:
    """One article as the site renders it, before the build resolves its fact markers."""
    return article_renderer(dialect)(text)


def dialect_drift(
    settings: Places, extensions: Sequence[str], configs: Mapping[str, Mapping[str, Any]], dialect: Dialect = DIALECT
) -> list[Problem]:
    """CI803 for each way mkdocs.yml's `markdown_extensions` differ from the dialect `chapter check` renders with.

    `extensions` and `configs` are MkDocs's `markdown_extensions` and `mdx_configs` once it has read the file whose
    places `settings` holds.
    """

    def problem(name: str, difference: str) -> Problem:
        message = (
            f"markdown_extensions {difference}. `chapter check` renders articles as hooks/chapter/markdown.py"
            " declares (DIALECT); change both together, so the check sees pages as the site shows them"
        )
        return settings.problem("markdown_extensions", name, "CI803", message)

    problems = [
        problem(name, f"lists {name}, which the check's dialect leaves out")
        for name in extensions
        if name not in dialect.extensions
    ]
    problems += [
        problem("", f"leaves out {name}, which the check's dialect lists")
        for name in dialect.extensions
        if name not in extensions
    ]
    if not problems and tuple(extensions) != dialect.extensions:
        problems.append(problem("", f"lists the extensions in another order than the check's: {', '.join(extensions)}"))
    for name in sorted(set(configs) | set(dialect.configs)):
        ours, theirs = dict(dialect.configs.get(name, {})), dict(configs.get(name, {}))
        if ours != theirs:
            difference = f"gives {name} the options {theirs or 'none'}; the check's are {ours or 'none'}"
            problems.append(problem(name, difference))
    return problems
