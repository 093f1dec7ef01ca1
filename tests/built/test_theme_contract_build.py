"""The build holds the theme layer to its contract: no theme feature the pages' script lacks, Markdown read as the
checks read it, and the 404 page checked like every page."""

from __future__ import annotations

import pytest

from tools.site import MINI, ROOT, copy_project, mkdocs

SETTINGS = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
TOP = "    - navigation.top       # the back-to-top button\n"
FEATURE_LINE = SETTINGS.splitlines(keepends=True).index(TOP) + 2  # the line added after it


@pytest.mark.parametrize("feature", ["navigation.instant", "content.code.annotate"])
def test_a_theme_feature_the_page_script_lacks_stops_the_build_at_its_line(tmp_path, feature):
    settings = SETTINGS.replace(TOP, f"{TOP}    - {feature}\n")
    project = copy_project(tmp_path / "project", files={"mkdocs.yml": settings}, data=MINI)
    site = tmp_path / "site"
    result = mkdocs("build", "--strict", "--site-dir", str(site), cwd=project)
    output = result.stdout + result.stderr
    assert result.returncode == 1 and "Traceback" not in output
    assert (
        f"mkdocs.yml:{FEATURE_LINE}:7: error CI802 theme.features lists {feature}, which the pages do not support:"
        in output
    )
    assert not site.exists()


def test_markdown_options_other_than_the_checks_stop_the_build_at_their_line(tmp_path):
    permalink = "      permalink: true\n"
    line = SETTINGS.splitlines(keepends=True).index(permalink)  # the line of `- toc:` above it, counted from 1
    project = copy_project(
        tmp_path / "project", files={"mkdocs.yml": SETTINGS.replace(permalink, "      permalink: false\n")}, data=MINI
    )
    site = tmp_path / "site"
    result = mkdocs("build", "--strict", "--site-dir", str(site), cwd=project)
    output = result.stdout + result.stderr
    assert result.returncode == 1 and "Traceback" not in output
    expected = f"mkdocs.yml:{line}:5: error CI803 markdown_extensions gives toc the options {{'permalink': False}}"
    assert expected in output
    assert not site.exists()


def test_a_404_page_without_a_correction_stops_the_build(tmp_path):
    page = (ROOT / "overrides" / "404.html").read_text(encoding="utf-8")
    # A 404 page that loads no script: neither the chapter's nor, since the build leaves it out, the theme's.
    project = copy_project(
        tmp_path / "project", files={"overrides/404.html": page + "\n{% block scripts %}{% endblock %}\n"}, data=MINI
    )
    result = mkdocs("build", "--strict", "--site-dir", str(tmp_path / "site"), cwd=project)
    output = result.stdout + result.stderr
    assert result.returncode == 1 and "Traceback" not in output
    assert "404.html: theme correction 'page-script' (checked with mkdocs-material" in output
    assert "the page lacks 'theme-fixes/page.js'" in output
