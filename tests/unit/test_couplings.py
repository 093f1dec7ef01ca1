"""The ledger of couplings to other packages' private behaviour: each holds for the installed package, and says so
by name when it no longer does."""

from __future__ import annotations

import gzip
import json
from importlib import metadata
from pathlib import Path

import cbor2
import pytest

from chapter.couplings import (
    COUPLINGS,
    I18N_BUILDING,
    LIVERELOAD_EPOCHS,
    PAGEFIND_INDEX,
    coupling_problems,
    installed,
)
from chapter.search import ENTRY_FILE, META_FILTERS, SIGNATURE, SearchError, canonical_filters, read_index_file


def test_every_coupling_holds_for_the_installed_packages():
    assert coupling_problems() == []


@pytest.mark.parametrize(
    ("coupling", "distribution"),
    [(PAGEFIND_INDEX, "pagefind"), (I18N_BUILDING, "mkdocs-static-i18n"), (LIVERELOAD_EPOCHS, "mkdocs")],
)
def test_the_ledger_names_the_installed_versions(coupling: str, distribution: str):
    (entry,) = [entry for entry in COUPLINGS if entry.id == coupling]
    assert entry.checked_with == f"{distribution} {metadata.version(distribution)}"


def _copies(tmp_path: Path, package: str, change) -> dict[str, Path | None]:
    """The installed packages, with `package` replaced by a copy of its evidence files that `change` edits."""
    folders = {
        evidence.package: installed(evidence.package) for coupling in COUPLINGS for evidence in coupling.evidence
    }
    copy = tmp_path / package
    source = folders[package]
    assert source is not None
    for evidence in (e for coupling in COUPLINGS for e in coupling.evidence if e.package == package):
        for path in source.glob(evidence.files):
            (copy / path.relative_to(source)).parent.mkdir(parents=True, exist_ok=True)
            (copy / path.relative_to(source)).write_bytes(change(path.read_bytes()))
    return folders | {package: copy}


def test_an_i18n_plugin_without_the_building_flag_names_the_coupling(tmp_path):
    folders = _copies(tmp_path, "mkdocs_static_i18n", lambda data: data.replace(b"self.building = True", b"pass"))
    assert coupling_problems(folders.get) == [
        "coupling 'i18n-building' (checked with mkdocs-static-i18n 1.3.1) no longer holds:"
        " mkdocs_static_i18n/plugin.py no longer contains 'self.building = True'."
        " The chapter relies on mkdocs-static-i18n builds every other language inside the default language's"
        " on_post_build (at priority -100) and sets its private flag `building` while it does; the chapter reads the"
        " flag to stage the site, index it and publish it once, after every language is built;"
        " see hooks/chapter_plugin.py (on_pre_build and on_post_build, through _i18n(config).building)"
        " and hooks/chapter/couplings.py"
    ]


def test_a_pagefind_that_writes_another_signature_names_the_coupling(tmp_path):
    folders = _copies(tmp_path, "pagefind_bin", lambda data: data.replace(b"pagefind_dcd", b"pagefind_xyz"))
    (problem,) = coupling_problems(folders.get)
    assert problem.startswith(
        "coupling 'pagefind-index' (checked with pagefind 1.5.2) no longer holds:"
        " pagefind_bin/pagefind* no longer contains 'pagefind_dcd'."
    )


def test_a_package_that_is_not_installed_names_every_coupling_on_it(tmp_path):
    folders = {"pagefind_bin": installed("pagefind_bin"), "mkdocs": installed("mkdocs"), "mkdocs_static_i18n": None}
    problems = coupling_problems(folders.get)
    assert len(problems) == 5 and all(problem.startswith("coupling 'i18n-") for problem in problems)
    assert "mkdocs_static_i18n/plugin.py is missing" in problems[0]


def _index_file(path: Path, data) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(gzip.compress(SIGNATURE + cbor2.dumps(data), mtime=0))


def _bundle(tmp_path: Path, meta, filter_data=None) -> Path:
    """A Pagefind bundle of one language whose meta file and one filter file hold the given data."""
    bundle = tmp_path / "pagefind"
    bundle.mkdir()
    (bundle / ENTRY_FILE).write_text(json.dumps({"languages": {"ru": {"hash": "ru_1"}}}), encoding="utf-8")
    _index_file(bundle / "pagefind.ru_1.pf_meta", meta)
    if filter_data is not None:
        _index_file(bundle / "filter" / "ru_2.pf_filter", filter_data)
    return bundle


def test_pagefinds_index_as_written_is_rewritten_in_sorted_order(tmp_path):
    bundle = _bundle(tmp_path, ["1.5.2", [], [], [["label", "ru_2"]], []], ["label", [["new", [1]], ["current", [0]]]])
    canonical_filters(bundle)
    (meta,) = bundle.glob("pagefind.*.pf_meta")
    ((name, file_hash),) = read_index_file(meta)[META_FILTERS]
    assert read_index_file(bundle / "filter" / f"{file_hash}.pf_filter") == ["label", [["current", [0]], ["new", [1]]]]


@pytest.mark.parametrize(
    ("meta", "filter_data", "detail"),
    [
        (["1.6.0", [], [], {"label": "ru_2"}], None, "holds no list of [name, hash] pairs at position 3"),
        (["1.6.0", [], []], None, "holds no list of [name, hash] pairs at position 3"),
        (["1.6.0", [], [], [["label", "ru_2"]]], {"label": ["new"]}, "is not [name, values]"),
        (["1.6.0", [], [], [["label", "ru_2"]]], ["label", [{"new": [1]}]], "holds values that are not [value, pages]"),
    ],
    ids=["filters as a map", "no filters", "filter as a map", "values as maps"],
)
def test_a_pagefind_index_of_another_shape_names_the_coupling(tmp_path, meta, filter_data, detail):
    bundle = _bundle(tmp_path, meta, filter_data)
    with pytest.raises(SearchError) as error:
        canonical_filters(bundle)
    assert str(error.value).startswith("coupling 'pagefind-index' (checked with pagefind 1.5.2) no longer holds:")
    assert detail in str(error.value)


def test_a_pagefind_file_without_the_signature_names_the_coupling(tmp_path):
    bundle = _bundle(tmp_path, [])
    (bundle / "pagefind.ru_1.pf_meta").write_bytes(gzip.compress(cbor2.dumps([]), mtime=0))
    with pytest.raises(SearchError, match="^coupling 'pagefind-index' .* does not start with pagefind_dcd"):
        canonical_filters(bundle)
