"""A figure no article shows is not published: neither its source nor its copy in any language reaches the site."""

from __future__ import annotations

from tools.site import MINI, copy_project, mkdocs

# Harmless in itself: it is left out for being shown by no article, not for what it holds.
ORPHAN = (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" fill="#1a73e8"/></svg>\n'
)


def test_a_figure_no_article_shows_is_left_out_of_the_site(tmp_path):
    project = copy_project(tmp_path / "project", files={"docs/figures/unused-orphan.svg": ORPHAN}, data=MINI)
    # Not strict: a strict build stops on the orphan's warning (CI607);
    # without it, the site must still leave the orphan out.
    result = mkdocs("build", "--no-strict", "--site-dir", str(tmp_path / "site"), cwd=project)
    assert result.returncode == 0, result.stdout + result.stderr
    site = tmp_path / "site"
    published = sorted(path.relative_to(site).as_posix() for path in site.rglob("*.svg") if "figures" in path.parts)
    # The figure the article shows is there in both languages; the orphan in none.
    assert published == ["en/figures/pruning-zeros.svg", "figures/pruning-zeros.svg"]
    assert (
        project / "docs" / "figures" / "unused-orphan.svg"
    ).is_file()  # the author's file is kept, only not published
