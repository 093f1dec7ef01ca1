"""Publishing a build: the site folder changes only by `publish`.

What an interrupted build left is cleared or put back.
"""

from __future__ import annotations

import errno
import logging
from pathlib import Path

import pytest

from chapter.errors import ChapterError
from chapter.staging import Staging, WarningCount, discard, publish, recover, stage


def _tree(root: Path) -> dict[str, str]:
    return {
        path.relative_to(root).as_posix(): path.read_text(encoding="utf-8")
        for path in sorted(root.rglob("*"))
        if path.is_file()
    }


def _write(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")


@pytest.fixture
def site(tmp_path: Path) -> Path:
    _write(tmp_path / "site", {"index.html": "old", "en/index.html": "old en"})
    return tmp_path / "site"


def test_the_staging_folders_are_beside_the_site_folder(tmp_path):
    staging = Staging.beside(tmp_path / "out" / "site")
    assert staging.folder.parent == staging.previous.parent == staging.site.parent == (tmp_path / "out").resolve()
    assert len({staging.site, staging.folder, staging.previous}) == 3


def test_a_site_reached_through_a_link_is_swapped_where_its_files_are(tmp_path, site):
    (tmp_path / "link").symlink_to(site)
    staging = stage(tmp_path / "link")
    _write(staging.folder, {"index.html": "new"})
    publish(staging)
    assert (tmp_path / "link").is_symlink() and _tree(tmp_path / "link") == {"index.html": "new"}


def test_publish_replaces_the_site_whole(tmp_path, site):
    staging = stage(site)
    assert _tree(site) == {"index.html": "old", "en/index.html": "old en"}  # staging touches nothing of the site
    _write(staging.folder, {"index.html": "new", "pagefind/entry.json": "{}"})
    publish(staging)
    assert _tree(site) == {"index.html": "new", "pagefind/entry.json": "{}"}
    assert sorted(path.name for path in tmp_path.iterdir()) == ["site"]


def test_the_first_build_creates_the_site_folder(tmp_path):
    staging = stage(tmp_path / "site")
    _write(staging.folder, {"index.html": "new"})
    publish(staging)
    assert _tree(tmp_path / "site") == {"index.html": "new"}


def test_discard_leaves_the_site_as_it_was(tmp_path, site):
    staging = stage(site)
    _write(staging.folder, {"index.html": "half"})
    discard(staging)
    assert _tree(site) == {"index.html": "old", "en/index.html": "old en"}
    assert sorted(path.name for path in tmp_path.iterdir()) == ["site"]


def test_a_killed_build_leaves_a_staging_folder_the_next_one_clears(tmp_path, site):
    _write(Staging.beside(site).folder, {"index.html": "half", "en/index.html": "half"})
    staging = stage(site)
    assert list(staging.folder.iterdir()) == []
    assert _tree(site) == {"index.html": "old", "en/index.html": "old en"}


def test_a_build_killed_between_the_two_renames_gets_the_last_good_site_back(tmp_path, site):
    staging = Staging.beside(site)
    _write(staging.folder, {"index.html": "new"})
    site.rename(staging.previous)  # the first rename of publish, and nothing after it
    recover(staging)
    assert _tree(site) == {"index.html": "old", "en/index.html": "old en"}
    assert sorted(path.name for path in tmp_path.iterdir()) == ["site"]


def test_a_build_killed_while_deleting_the_old_site_keeps_the_new_one(tmp_path):
    staging = Staging.beside(tmp_path / "site")
    _write(tmp_path / "site", {"index.html": "new"})  # both renames done
    _write(staging.previous, {"index.html": "old"})  # the old site half deleted
    recover(staging)
    assert _tree(tmp_path / "site") == {"index.html": "new"}
    assert sorted(path.name for path in tmp_path.iterdir()) == ["site"]


def test_a_site_folder_that_cannot_be_renamed_has_its_contents_replaced(tmp_path, site, monkeypatch):
    """As a mount point, which rename(2) refuses with EBUSY."""
    staging = stage(site)
    _write(staging.folder, {"index.html": "new", "pagefind/entry.json": "{}"})
    rename = Path.rename

    def refuse_site(self: Path, target):
        if self == staging.site:
            raise OSError(errno.EBUSY, "Device or resource busy")
        return rename(self, target)

    monkeypatch.setattr(Path, "rename", refuse_site)
    publish(staging)
    assert _tree(site) == {"index.html": "new", "pagefind/entry.json": "{}"}
    assert sorted(path.name for path in tmp_path.iterdir()) == ["site"]


def test_a_staging_folder_that_cannot_be_created_is_named(tmp_path):
    (tmp_path / "file").write_text("not a folder", encoding="utf-8")
    with pytest.raises(ChapterError, match="cannot create the folder the build writes into, .*file/.site.staging"):
        stage(tmp_path / "file" / "site")


def test_the_count_sees_warnings_and_worse_only():
    logger = logging.getLogger("chapter.tests.staging")
    count = WarningCount()
    logger.addHandler(count)
    try:
        logger.info("fine")
        logger.warning("a warning")
        logger.error("an error")
    finally:
        logger.removeHandler(count)
    assert count.count == 2
