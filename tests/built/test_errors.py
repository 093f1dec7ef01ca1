"""A broken catalogue stops the build with the author's terms, and the last good site survives."""

from __future__ import annotations

from tests.site import ROOT, copy_project, mkdocs


def test_broken_catalogue_stops_the_build_before_the_site_is_touched(tmp_path):
    text = (ROOT / "topics.yaml").read_text(encoding="utf-8").replace("label: new", "label: hot", 1)
    project = copy_project(tmp_path / "project", files={"topics.yaml": text})
    site = tmp_path / "site"
    site.mkdir()
    (site / "index.html").write_text("the last good build", encoding="utf-8")

    result = mkdocs("build", "--strict", "--site-dir", str(site), cwd=project)

    line = text.splitlines().index("    label: hot") + 1
    output = result.stdout + result.stderr
    assert result.returncode == 1
    assert f"topics.yaml:{line}:12: topics[0].label: unknown label 'hot'; expected one of: new, current" in output
    assert "Traceback" not in output
    assert [p.name for p in site.iterdir()] == ["index.html"]
    assert (site / "index.html").read_text(encoding="utf-8") == "the last good build"
    assert not (project / "docs" / "topics").exists()
