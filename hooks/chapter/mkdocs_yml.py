"""Where things stand in mkdocs.yml, so that a problem with the site's settings is named at its line.

MkDocs hands the plugin the settings already read, without positions; this composes
the file once more (nodes, not values: its tags such as !ENV need no constructor to be
located) and finds the lists the chapter's checks look at.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

import yaml

from .problems import Problem, at

LISTS = ("theme.features", "markdown_extensions")


@dataclass(frozen=True)
class Places:
    """The line and column of each list of LISTS (under the name "") and of each of its items' names."""

    file: str  # mkdocs.yml as the problems name it
    found: Mapping[tuple[str, str], tuple[int, int]]

    def problem(self, setting: str, name: str, rule: str, message: str) -> Problem:
        """A problem at the item `name` of `setting`; at the list itself where the item is not in it."""
        line, column = self.found.get((setting, name)) or self.found.get((setting, ""), (0, 0))
        return at(self.file, line, rule, message, column)


def places(config_file: Path) -> Places:
    """The places of mkdocs.yml's lists; none where the file cannot be read as YAML."""
    try:
        root = yaml.compose(config_file.read_text(encoding="utf-8"), Loader=yaml.SafeLoader)
    except (OSError, UnicodeDecodeError, yaml.YAMLError):
        return Places(config_file.name, {})
    found = {}
    for dotted in LISTS:
        parent, node = root, root
        for key in dotted.split("."):
            parent, node = node, _item(node, key)
        if node is None or not isinstance(parent, yaml.MappingNode):
            continue
        key_node = next(name for name, value in parent.value if value is node)
        found[dotted, ""] = (key_node.start_mark.line + 1, key_node.start_mark.column + 1)
        for entry in node.value if isinstance(node, yaml.SequenceNode) else []:
            name = entry.value[0][0] if isinstance(entry, yaml.MappingNode) and entry.value else entry
            if isinstance(name, yaml.ScalarNode):
                found[dotted, name.value] = (name.start_mark.line + 1, name.start_mark.column + 1)
    return Places(config_file.name, found)


def _item(node: yaml.Node | None, key: str) -> yaml.Node | None:
    if not isinstance(node, yaml.MappingNode):
        return None
    return next((value for name, value in node.value if isinstance(name, yaml.ScalarNode) and name.value == key), None)
