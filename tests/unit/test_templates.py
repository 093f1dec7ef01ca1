"""The templates stay portable: nothing in them that another Jinja implementation refuses."""

from __future__ import annotations

import re

import pytest

from tools.site import ROOT

TEMPLATES = sorted((ROOT / "overrides").rglob("*.html"))
# `replace` with a third argument (a count) is Jinja2's own; other implementations take two.
REPLACE_WITH_COUNT = re.compile(
    r"\|\s*replace\(\s*(?:'[^']*'|\"[^\"]*\"|[^,()]+)\s*,\s*(?:'[^']*'|\"[^\"]*\"|[^,()]+)\s*,"
)


def test_the_pattern_finds_a_counted_replace():
    assert REPLACE_WITH_COUNT.search("{{ html | replace('</nav>', box ~ '</nav>', 1) }}")
    assert not REPLACE_WITH_COUNT.search("{{ scheme | replace(' ', '-') }}")


@pytest.mark.parametrize("template", TEMPLATES, ids=lambda path: path.relative_to(ROOT).as_posix())
def test_no_template_replaces_with_a_count(template):
    assert not REPLACE_WITH_COUNT.search(template.read_text(encoding="utf-8"))
