"""The ledger of corrections to Material: each is needed by the installed theme, and a theme that changes says which."""

from __future__ import annotations

import re
import shutil
from importlib import metadata
from pathlib import Path

import jinja2
import jinja2.nodes
import material

from chapter.theme_fixes import (
    CHECKED_WITH,
    CORRECTIONS,
    FIXES_STYLESHEET,
    STYLESHEET,
    page_problems,
    stylesheet_problems,
    theme_problems,
)
from tools.site import ROOT

THEME = Path(material.__file__).parent / "templates"
OVERRIDES = ROOT / "overrides"


def test_the_installed_theme_still_needs_every_correction():
    assert theme_problems([THEME]) == []


def test_the_ledger_names_the_installed_version():
    assert CHECKED_WITH == f"mkdocs-material {metadata.version('mkdocs-material')}"


def _theme_copy(tmp_path: Path) -> Path:
    copy = tmp_path / "theme"
    for name in (
        "base.html",
        "partials/header.html",
        "partials/footer.html",
        "partials/palette.html",
        "partials/javascripts/base.html",
    ):
        (copy / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(THEME / name, copy / name)
    for pattern in (STYLESHEET,):
        for path in THEME.glob(pattern):
            (copy / path.relative_to(THEME)).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy(path, copy / path.relative_to(THEME))
    return copy


def test_a_theme_that_stopped_behaving_as_corrected_names_the_correction(tmp_path):
    theme = _theme_copy(tmp_path)
    assert theme_problems([theme]) == []
    stylesheet = next(theme.glob(STYLESHEET))
    # An upgrade that renames the copy button's class: the chapter's script would add buttons the theme no longer draws.
    stylesheet.write_text(
        stylesheet.read_text(encoding="utf-8").replace(
            ".md-code__button[data-md-type=copy]:after", ".md-clipboard:after"
        ),
        encoding="utf-8",
    )
    (problem,) = theme_problems([theme])
    assert problem.startswith(
        f"theme correction 'page-script' (checked with {CHECKED_WITH}) no longer applies:"
        f" the theme's {STYLESHEET} no longer contains"
    )
    assert (
        "mounts every component of its script bundle at load" in problem and "overrides/theme-fixes/page.js" in problem
    )


def test_a_theme_without_a_partial_the_correction_overrides_names_it(tmp_path):
    theme = _theme_copy(tmp_path)
    (theme / "partials" / "footer.html").unlink()
    (problem,) = theme_problems([theme])
    assert (
        problem.startswith("theme correction 'credit-language'")
        and "the theme's partials/footer.html is missing" in problem
    )


def test_a_page_without_a_correction_in_place_names_each_missing_one():
    page = "\n".join(correction.on_page for correction in CORRECTIONS if correction.on_page)
    assert page_problems(page) == []
    problems = page_problems(page.replace('<span lang="en">Made with', "Made with"))
    assert [problem.split("'")[1] for problem in problems] == ["credit-language"]


def _fixes(tmp_path: Path, css: str) -> Path:
    (tmp_path / FIXES_STYLESHEET).parent.mkdir(parents=True)
    (tmp_path / FIXES_STYLESHEET).write_text(css, encoding="utf-8")
    return tmp_path


def test_every_correction_said_to_be_in_the_stylesheet_has_a_rule_there():
    assert stylesheet_problems(OVERRIDES) == []
    assert {correction.id for correction in CORRECTIONS if correction.styled} == {
        "page-script",
        "back-to-top",
        "footer-contrast",
        "code-colours",
        "link-underline",
    }


def test_a_stylesheet_without_one_correction_s_rule_names_that_correction(tmp_path):
    css = (OVERRIDES / FIXES_STYLESHEET).read_text(encoding="utf-8")
    rule = "/* back-to-top:"
    start = css.index(rule)
    without = css[:start] + css[css.index("/*", start + len(rule)) :]  # the comment and the rule under it
    (problem,) = stylesheet_problems(_fixes(tmp_path, without))
    assert problem.startswith(
        f"theme correction 'back-to-top' (checked with {CHECKED_WITH}) no longer applies:"
        " theme-fixes.css has no rule under a comment that starts with 'back-to-top:'"
    )


def test_a_rule_kept_only_as_its_comment_is_missing_too(tmp_path):
    css = (
        "/* footer-contrast: the credit line's contrast. */\n/* link-underline: */\na { text-decoration: underline }\n"
    )
    problems = stylesheet_problems(_fixes(tmp_path, css))
    named = [problem.split("'")[1] for problem in problems]
    assert named == ["page-script", "back-to-top", "footer-contrast", "code-colours"]


def test_a_rule_that_answers_for_no_correction_is_named(tmp_path):
    css = (OVERRIDES / FIXES_STYLESHEET).read_text(
        encoding="utf-8"
    ) + "\n/* wider-pages: */\n.md-grid { max-width: none }\n"
    assert stylesheet_problems(_fixes(tmp_path, css)) == [
        "overrides/theme-fixes/theme-fixes.css: a rule under the comment 'wider-pages' answers for no correction of"
        " hooks/chapter/theme_fixes.py; start its comment with the id of the correction it belongs to, or list it there"
    ]


def _replaced_blocks(template: str, theme_blocks: set[str]) -> set[str]:
    """The theme's blocks a template of ours fills without calling super(): what the theme wrote there is gone."""
    found = set()
    for block in jinja2.Environment().parse(template).find_all(jinja2.nodes.Block):
        calls = [call for call in block.find_all(jinja2.nodes.Call) if getattr(call.node, "name", None) == "super"]
        if block.name in theme_blocks and not calls:
            found.add(block.name)
    return found


def test_every_theme_block_our_templates_replace_whole_is_a_correction_of_the_ledger():
    theme = jinja2.Environment().parse((THEME / "base.html").read_text(encoding="utf-8"))
    theme_blocks = {block.name for block in theme.find_all(jinja2.nodes.Block)}
    replaced = {
        (path.name, name)
        for path in sorted(OVERRIDES.glob("*.html"))
        for name in _replaced_blocks(path.read_text(encoding="utf-8"), theme_blocks)
    }
    assert ("main.html", "site_meta") in replaced  # the check sees what it should
    ledger = " ".join(correction.where for correction in CORRECTIONS)
    assert [
        f"{template}: block {name}"
        for template, name in sorted(replaced)
        if not re.search(rf"overrides/{template},? blocks? (\w+ and )?{name}\b", ledger)
    ] == []


def test_a_replaced_block_is_found_and_one_that_calls_super_is_not():
    template = (
        "{% block styles %}{{ super() }}x{% endblock %}{% block header %}y{% endblock %}{% block mine %}{% endblock %}"
    )
    assert _replaced_blocks(template, {"styles", "header"}) == {"header"}
