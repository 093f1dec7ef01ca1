"""mkdocs.yml enables only the theme features and Markdown extensions the pages' own script supports (CI802)."""

from __future__ import annotations

from pathlib import Path

from chapter.markdown import DIALECT
from chapter.mkdocs_yml import places
from chapter.theme_contract import EXTENSIONS, FEATURES, unsupported
from tools.site import ROOT

CONFIG = """\
site_name: Test
site_url: !ENV SITE_URL
theme:
  name: material
  features:
    - navigation.top
    - navigation.instant   # needs the theme's bundle
markdown_extensions:
  - abbr
  - pymdownx.emoji:
      emoji_generator: !!python/name:material.extensions.emoji.to_svg
  - toc:
      permalink: true
"""


def _config(tmp_path: Path, text: str = CONFIG) -> Path:
    path = tmp_path / "mkdocs.yml"
    path.write_text(text, encoding="utf-8")
    return path


def test_the_sites_own_settings_are_all_supported():
    assert (
        unsupported(places(ROOT / "mkdocs.yml"), ["navigation.prune", "navigation.sections", "navigation.top"], [])
        == []
    )
    # Every extension the chapter's dialect renders with is one the pages support.
    assert [name for name in DIALECT.extensions if name not in EXTENSIONS] == []


def test_each_unsupported_feature_and_extension_is_named_at_its_line(tmp_path):
    config = _config(tmp_path)
    problems = unsupported(places(config), ["navigation.top", "navigation.instant"], ["abbr", "pymdownx.emoji", "toc"])
    assert [(problem.file, problem.line, problem.column, problem.rule) for problem in problems] == [
        ("mkdocs.yml", 7, 7, "CI802"),
        ("mkdocs.yml", 10, 5, "CI802"),
    ]
    assert (
        problems[0]
        .text()
        .startswith(
            "mkdocs.yml:7:7: error CI802 theme.features lists navigation.instant, which the pages do not support:"
            " they run the chapter's script (overrides/theme-fixes/page.js) instead of the theme's bundle,"
            " so navigation.instant would build and do nothing. Supported: content.code.copy, navigation.prune,"
        )
    )
    assert problems[1].text().startswith("mkdocs.yml:10:5: error CI802 markdown_extensions lists pymdownx.emoji,")


def test_details_and_tabs_are_supported_by_the_page_script():
    assert "page.js" in EXTENSIONS["pymdownx.details"] and "page.js" in EXTENSIONS["pymdownx.tabbed"]
    assert "page.js" in FEATURES["navigation.top"]


def test_a_config_that_cannot_be_read_still_names_the_feature(tmp_path):
    (problem,) = unsupported(places(_config(tmp_path, "theme: [unclosed\n")), ["toc.follow"], [])
    assert (problem.line, problem.rule) == (0, "CI802")
    assert problem.text().startswith("mkdocs.yml: error CI802 theme.features lists toc.follow,")
