"""The chapter's Markdown dialect, and articles rendered in it without MkDocs.

`chapter check` has to see an article as the site shows it: which words end up
in code, in a link's text, in an attribute. So the check renders it with the
same Python-Markdown extensions and options as the build, declared once here;
the plugin stops a build whose mkdocs.yml lists others, so the two cannot drift
apart unnoticed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

import markdown


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


def render_article(text: str, dialect: Dialect = DIALECT) -> str:
    """The HTML the site makes of an article's Markdown, before the build resolves its fact markers.

    A new converter each time: Python-Markdown's extensions keep state (footnotes,
    abbreviations, the table of contents) between documents.
    """
    converter = markdown.Markdown(
        extensions=list(dialect.extensions),
        extension_configs={name: dict(options) for name, options in dialect.configs.items()},
    )
    return converter.convert(text)


def dialect_drift(
    extensions: Sequence[str], configs: Mapping[str, Mapping[str, Any]], dialect: Dialect = DIALECT
) -> str | None:
    """What mkdocs.yml's `markdown_extensions` do differently from the dialect `chapter check` renders with.

    None when nothing.

    `extensions` and `configs` are MkDocs's `markdown_extensions` and `mdx_configs` once it has read mkdocs.yml.
    """
    differences = []
    if tuple(extensions) != dialect.extensions:
        added = [name for name in extensions if name not in dialect.extensions]
        missing = [name for name in dialect.extensions if name not in extensions]
        if added or missing:
            differences += [f"lists {', '.join(added)} in addition"] if added else []
            differences += [f"leaves out {', '.join(missing)}"] if missing else []
        else:
            differences.append(f"lists them in another order: {', '.join(extensions)}")
    for name in sorted(set(configs) | set(dialect.configs)):
        ours, theirs = dict(dialect.configs.get(name, {})), dict(configs.get(name, {}))
        if ours != theirs:
            differences.append(f"gives {name} the options {theirs or 'none'} instead of {ours or 'none'}")
    if not differences:
        return None
    return (
        f"mkdocs.yml: markdown_extensions {'; '.join(differences)}. `chapter check` renders"
        " articles as hooks/chapter/markdown.py declares (DIALECT); change both together, so the"
        " check sees pages as the site shows them"
    )
