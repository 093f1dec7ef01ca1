"""The chapter plugin keeps one build's state on itself: builds repeat in one process, and the languages agree."""

from __future__ import annotations

from pathlib import Path

import pytest
from mkdocs.commands.build import build
from mkdocs.config import load_config
from mkdocs.exceptions import Abort

from tools.site import MINI, copy_project, files_of


def _build_in_process(project: Path, site: Path, **settings) -> None:
    build(load_config(str(project / "mkdocs.yml"), site_dir=str(site), strict=True, **settings))


def test_two_builds_in_one_process_write_the_same_site(tmp_path, monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1764547200")
    project = copy_project(tmp_path / "project", data=MINI)
    _build_in_process(project, tmp_path / "first")
    _build_in_process(project, tmp_path / "second")
    first, second = files_of(tmp_path / "first"), files_of(tmp_path / "second")
    assert first == second
    # Both languages are there, and both have their search index: nothing of the first build leaked into the second.
    assert "index.html" in first and "en/index.html" in first
    assert sum(1 for path in first if path.startswith("pagefind/pagefind.") and path.endswith(".pf_meta")) == 2


def test_languages_that_differ_from_the_catalogues_stop_the_build(tmp_path, caplog):
    project = copy_project(tmp_path / "project", data=MINI)
    config = project / "mkdocs.yml"
    config.write_text(
        config.read_text(encoding="utf-8").replace(
            "name: English\n          build: true", "name: English\n          build: false"
        ),
        encoding="utf-8",
    )
    with pytest.raises(Abort):
        _build_in_process(project, tmp_path / "site")
    assert [record.getMessage() for record in caplog.records if record.levelname == "ERROR"] == [
        "mkdocs.yml: the i18n plugin builds ru (default: ru), but the catalogue is written in ru, en "
        "(default: ru); make the plugin's languages match"
    ]
    assert not (tmp_path / "site").exists()
