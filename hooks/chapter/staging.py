"""Publishing a build: the site folder changes only when a whole build has succeeded, and then at once.

MkDocs empties the site folder when a build starts and fills it page by page, so a
build that stops half way (a broken link under strict, a page that cannot be
rendered, Pagefind, a killed process) would leave half a site where the last good
one was. Instead the build writes into a staging folder beside the site folder, on
the same filesystem, and only a finished build replaces the site folder, by two
renames at the very end. Whatever a killed build leaves behind, the next build
clears before it starts.

Plain functions on paths: the MkDocs plugin decides when to call them.
"""

from __future__ import annotations

import logging
import shutil
from dataclasses import dataclass
from pathlib import Path

from .errors import ChapterError


@dataclass(frozen=True)
class Staging:
    """The three folders of one publication, all in the site folder's parent so that renaming them is cheap and safe."""

    site: Path  # where readers' copy lives: untouched until `publish`
    folder: Path  # where the build writes
    previous: Path  # where the last good site waits for the moment between the two renames of `publish`

    @classmethod
    def beside(cls, site: Path) -> Staging:
        """The staging folders of the site folder `site`, hidden beside it.

        A link is followed: the swap happens where the files are.
        """
        site = site.resolve()
        return cls(site, site.with_name(f".{site.name}.staging"), site.with_name(f".{site.name}.previous"))


def stage(site: Path) -> Staging:
    """An empty staging folder for a build of `site`, after clearing what an interrupted build left there."""
    staging = Staging.beside(site)
    recover(staging)
    try:
        staging.folder.mkdir(parents=True)
    except OSError as error:
        raise ChapterError(
            f"cannot create the folder the build writes into, {staging.folder}: {error.strerror}; "
            "the site folder's parent must be writable"
        ) from None
    return staging


def recover(staging: Staging) -> None:
    """Undo what a killed build left.

    Its staging folder goes; a last good site moved aside by an unfinished swap comes back.
    """
    if staging.previous.exists():
        if staging.site.exists():
            shutil.rmtree(staging.previous)  # killed after the swap, while the old site was being deleted
        else:
            staging.previous.rename(staging.site)  # killed between the two renames: the last good site returns
    if staging.folder.exists():
        shutil.rmtree(staging.folder)


def publish(staging: Staging) -> None:
    """Replace the site folder with the finished build: the only moment the site folder changes.

    Two renames in one folder: the site folder steps aside, the staging folder takes
    its name. A site folder that cannot be renamed (a mount point, as a container's
    volume often is) has its contents replaced instead.
    """
    try:
        if not staging.site.exists():
            staging.folder.rename(staging.site)
            return
        try:
            staging.site.rename(staging.previous)
        except OSError:
            _replace_contents(staging)
            return
        try:
            staging.folder.rename(staging.site)
        except OSError:
            staging.previous.rename(staging.site)
            raise
    except OSError as error:
        raise ChapterError(
            f"the build finished but could not replace {staging.site} with it: {error}; "
            f"the finished site is in {staging.folder}"
        ) from None
    shutil.rmtree(staging.previous, ignore_errors=True)


def discard(staging: Staging) -> None:
    """Drop an unfinished build; the site folder stays as the last good build left it."""
    shutil.rmtree(staging.folder, ignore_errors=True)


def _replace_contents(staging: Staging) -> None:
    """The site folder's entries replaced by the staging folder's, for a site folder that cannot itself be renamed."""
    for entry in list(staging.site.iterdir()):
        if entry.is_dir() and not entry.is_symlink():
            shutil.rmtree(entry)
        else:
            entry.unlink()
    for entry in sorted(staging.folder.iterdir()):
        shutil.move(entry, staging.site / entry.name)
    staging.folder.rmdir()


class WarningCount(logging.Handler):
    """Counts the warnings and errors logged while a build runs.

    Under strict, MkDocs refuses a build that logged any warning, but counts them only
    after the last plugin event; this count, attached to the same logger, says
    beforehand whether MkDocs is about to refuse the build, so it is not published.
    """

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.count = 0

    def emit(self, record: logging.LogRecord) -> None:
        self.count += 1
