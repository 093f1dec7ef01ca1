"""What mkdocs.yml may enable now that the pages run the chapter's script instead of Material's bundle.

Theme features and Markdown extensions either change only the markup the build
writes, or need a script in the browser. The theme's bundle is left out of the
site (theme_fixes.py, page-script), so a feature that needs it would build
cleanly and do nothing; the build refuses any feature or extension not declared
here, naming it at its line of mkdocs.yml (CI802).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from types import MappingProxyType

from .mkdocs_yml import Places
from .problems import Problem

SCRIPT = "overrides/theme-fixes/page.js"

# Each theme feature the site supports, and why it works without the theme's bundle.
FEATURES: Mapping[str, str] = MappingProxyType(
    {
        "content.code.copy": f"{SCRIPT} adds copy buttons to every code block, with the feature or without it",
        "navigation.prune": "markup only: a page carries the open part of the navigation",
        "navigation.sections": "markup only: top-level sections are shown as headings",
        "navigation.top": f"{SCRIPT} shows the back-to-top button",
    }
)

# Each Markdown extension the site supports, and why its HTML works without the theme's bundle.
EXTENSIONS: Mapping[str, str] = MappingProxyType(
    {
        "toc": f"markup; {SCRIPT} marks the section being read in the table of contents",
        "tables": "markup only",
        "fenced_code": f"markup; {SCRIPT} adds the copy buttons",
        "abbr": "markup only: the browser shows an abbreviation's title",
        "admonition": "markup only",
        "attr_list": "markup only",
        "def_list": "markup only",
        "footnotes": "markup only",
        "md_in_html": "markup only",
        "pymdownx.details": f"{SCRIPT} opens the block that holds the target of the address's #fragment",
        "pymdownx.highlight": f"markup; {SCRIPT} adds the copy buttons",
        "pymdownx.inlinehilite": "markup only",
        "pymdownx.superfences": "markup only",
        "pymdownx.tabbed": f"{SCRIPT} selects the tab that holds the target of the address's #fragment",
    }
)


def unsupported(settings: Places, features: Iterable[str], extensions: Iterable[str]) -> list[Problem]:
    """CI802 for each theme feature and Markdown extension mkdocs.yml enables that the pages cannot deliver.

    `features` and `extensions` are MkDocs's `theme.features` and `markdown_extensions` once it has read the file
    whose places `settings` holds.
    """
    problems = []
    for kind, names, supported in (
        ("theme.features", features, FEATURES),
        ("markdown_extensions", extensions, EXTENSIONS),
    ):
        for name in names:
            if name in supported:
                continue
            message = (
                f"{kind} lists {name}, which the pages do not support: they run the chapter's script"
                f" ({SCRIPT}) instead of the theme's bundle, so {name} would build and do nothing."
                f" Supported: {', '.join(supported)}. Remove it, or teach {SCRIPT} what the bundle did for it"
                " and declare it in hooks/chapter/theme_contract.py"
            )
            problems.append(settings.problem(kind, name, "CI802", message))
    return problems
