"""What the chapter relies on in other packages that they never promised, and how the build knows it still holds.

The corrections to the theme have their ledger (theme_fixes.py); these are the
other two. Each entry says what the chapter relies on, where, the version it
was checked with, and evidence in the installed package's files: after an
upgrade that removes it, the build stops and names the coupling instead of
publishing a site that is silently wrong. Both are specific to MkDocs 1.x with
mkdocs-static-i18n and to Pagefind 1.x; moving to another generator or search
means deriving them again.
"""

from __future__ import annotations

import importlib.util
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Evidence:
    package: str  # the import name of the package whose files hold it
    files: str  # a glob inside the package's folder
    text: bytes  # bytes, as one of the files is Pagefind's executable


@dataclass(frozen=True)
class Coupling:
    id: str
    relies_on: str
    where: str
    checked_with: str
    evidence: tuple[Evidence, ...]


PAGEFIND_INDEX = "pagefind-index"
I18N_BUILDING = "i18n-building"
LIVERELOAD_EPOCHS = "livereload-epochs"
I18N_CURRENT_LANGUAGE = "i18n-current-language"

COUPLINGS = (
    Coupling(
        PAGEFIND_INDEX,
        "Pagefind's private index format: each file gzip, then the signature pagefind_dcd, then CBOR; a language's"
        " meta file holds its filters at position 3 as [name, hash] pairs, and each filter file is"
        " [name, [[value, pages], ...]]. The chapter rewrites the filter files with their values sorted, as Pagefind"
        " writes them in a different order on every run and two builds of one commit must be identical",
        "hooks/chapter/search.py (canonical_filters)",
        "pagefind 1.5.2",
        (Evidence("pagefind_bin", "pagefind*", b"pagefind_dcd"),),
    ),
    Coupling(
        I18N_BUILDING,
        "mkdocs-static-i18n builds every other language inside the default language's on_post_build (at priority"
        " -100) and sets its private flag `building` while it does; the chapter reads the flag to stage the site,"
        " index it and publish it once, after every language is built",
        "hooks/chapter_plugin.py (on_pre_build and on_post_build, through _i18n(config).building)",
        "mkdocs-static-i18n 1.3.1",
        (
            Evidence("mkdocs_static_i18n", "plugin.py", b"@plugins.event_priority(-100)\n    def on_post_build("),
            Evidence("mkdocs_static_i18n", "plugin.py", b"self.building = True"),
            Evidence("mkdocs_static_i18n", "plugin.py", b"build(config, dirty=dirty)"),
            Evidence("mkdocs_static_i18n", "plugin.py", b"self.building = False"),
        ),
    ),
    Coupling(
        LIVERELOAD_EPOCHS,
        "MkDocs' live-reload server holds every request while its wanted epoch is ahead of its visible one, and"
        " reloads the browsers when the visible epoch moves; the chapter sets both under the server's condition,"
        " `_epoch_cond`, to serve an edited article's page while the rebuild runs and reload the browsers again"
        " when it ends",
        "hooks/chapter_plugin.py (_reload_browsers) and hooks/chapter/quick_edit.py",
        "mkdocs 1.6.1",
        (
            Evidence("mkdocs", "livereload/__init__.py", b"self._visible_epoch = self._wanted_epoch"),
            Evidence(
                "mkdocs",
                "livereload/__init__.py",
                b"self._epoch_cond.wait_for(lambda: self._visible_epoch == self._wanted_epoch)",
            ),
        ),
    ),
    Coupling(
        I18N_CURRENT_LANGUAGE,
        "mkdocs-static-i18n's files find a page's link target by the plugin's private `current_language`; the"
        " chapter sets it to the language of the edited article's page while it renders the page again after a"
        " build, under `mkdocs serve`",
        "hooks/chapter_plugin.py (ChapterPlugin._show_edit)",
        "mkdocs-static-i18n 1.3.1",
        (Evidence("mkdocs_static_i18n", "folder.py", b"PurePath(self.plugin.current_language) / expected_src_uri"),),
    ),
)


def installed(package: str) -> Path | None:
    """The folder of an installed package, without importing it; None when it is not installed."""
    spec = importlib.util.find_spec(package)
    locations = list(spec.submodule_search_locations or []) if spec else []
    return Path(locations[0]) if locations else None


def coupling_problems(folder: Callable[[str], Path | None] = installed) -> list[str]:
    """The couplings whose evidence the installed packages no longer show."""
    problems = []
    for coupling in COUPLINGS:
        for evidence in coupling.evidence:
            root = folder(evidence.package)
            files = sorted(root.glob(evidence.files)) if root else []
            if not any(evidence.text in path.read_bytes() for path in files if path.is_file()):
                found = "is missing" if not files else "no longer contains"
                detail = f"{evidence.package}/{evidence.files} {found} {evidence.text.decode()!r}"
                problems.append(describe(coupling, detail))
    return problems


def describe(coupling: Coupling, detail: str) -> str:
    return (
        f"coupling '{coupling.id}' (checked with {coupling.checked_with}) no longer holds: {detail}."
        f" The chapter relies on {coupling.relies_on}; see {coupling.where} and hooks/chapter/couplings.py"
    )
