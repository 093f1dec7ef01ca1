"""The site's search index, written by Pagefind from the built pages.

Pagefind reads the finished HTML, keeps one index per page language (from
`<html lang>`), stems Russian and English words with Snowball, and splits the
index into chunks a browser fetches only for the words it looks up, so a query
costs about the same on twenty topics as on two thousand. It runs once all
languages are built, over the whole site.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import shutil
import subprocess
import sys
from pathlib import Path

import cbor2

from .couplings import COUPLINGS, PAGEFIND_INDEX, describe
from .errors import ChapterError

BUNDLE = "pagefind"
ENTRY_FILE = "pagefind-entry.json"
ENTRY = f"{BUNDLE}/{ENTRY_FILE}"
SIGNATURE = b"pagefind_dcd"  # what Pagefind's index and fragment files start with once unzipped
META_FILTERS = 3  # the place of the filter list in a language's meta file
NOT_INDEXED = ".headerlink, .highlight"  # the ¶ of every heading's permalink, and code blocks: a result shows prose
# Pagefind's ready-made interfaces; the chapter's search talks to its API directly.
UNUSED = (
    "pagefind-ui.js",
    "pagefind-ui.css",
    "pagefind-modular-ui.js",
    "pagefind-modular-ui.css",
    "pagefind-component-ui.js",
    "pagefind-component-ui.css",
    "pagefind-highlight.js",
)


class SearchError(ChapterError):
    """Pagefind could not index the site."""


def index_site(site_dir: Path) -> None:
    """Index every page of the built site that marks its content with `data-pagefind-body`.

    Pagefind adds to a bundle already there and never removes from it, so the
    last index goes first: no page that has changed or gone is found any more.
    """
    shutil.rmtree(site_dir / BUNDLE, ignore_errors=True)
    command = [
        sys.executable,
        "-m",
        "pagefind",
        "--site",
        str(site_dir),
        "--output-subdir",
        BUNDLE,
        "--exclude-selectors",
        NOT_INDEXED,
        "--silent",
    ]
    result = subprocess.run(command, capture_output=True, text=True)
    if result.returncode != 0:
        raise SearchError(f"Pagefind could not index {site_dir}:\n{(result.stderr or result.stdout).strip()}")
    canonical_filters(site_dir / BUNDLE)
    sort_entry(site_dir / ENTRY)
    for name in UNUSED:
        (site_dir / BUNDLE / name).unlink(missing_ok=True)


def canonical_filters(bundle: Path) -> None:
    """Rewrite each filter file with its values in sorted order, and the names that point to them.

    Pagefind writes a filter's values in an order that changes from run to run
    (and with them the file's name, the meta file that lists it and the entry
    that names the meta file), so two builds of one commit would differ.
    """
    entry_path = bundle / ENTRY_FILE
    entry = json.loads(entry_path.read_text(encoding="utf-8"))
    for lang, language in entry["languages"].items():
        meta_path = bundle / f"pagefind.{language['hash']}.pf_meta"
        meta = read_index_file(meta_path)
        filters = []
        for name, file_hash in _filter_list(meta, meta_path):
            old = bundle / "filter" / f"{file_hash}.pf_filter"
            key, values = _filter(read_index_file(old), old)
            new_hash = _replace(
                old, bundle / "filter", lang, 7, [key, sorted(values, key=lambda value: value[0])], "{}.pf_filter"
            )
            filters.append([name, new_hash])
        meta[META_FILTERS] = sorted(filters)
        language["hash"] = _replace(meta_path, bundle, lang, 10, meta, "pagefind.{}.pf_meta")
    entry_path.write_text(json.dumps(entry), encoding="utf-8")


def read_index_file(path: Path):
    """The data of one of Pagefind's index files: gzip, a signature, then CBOR."""
    try:
        data = gzip.decompress(path.read_bytes())
        if not data.startswith(SIGNATURE):
            raise _format_changed(path, f"does not start with {SIGNATURE.decode()} once unzipped")
        return cbor2.loads(data.removeprefix(SIGNATURE))
    except (OSError, EOFError, ValueError) as error:  # gzip's and CBOR's errors about what they read
        raise _format_changed(path, f"cannot be read as gzip and CBOR ({error})") from None


def _filter_list(meta, path: Path) -> list:
    """The [name, hash] pairs of a language's filters, from its meta file."""
    filters = meta[META_FILTERS] if isinstance(meta, list) and len(meta) > META_FILTERS else None
    if not isinstance(filters, list) or not all(_name_and_hash(pair) for pair in filters):
        raise _format_changed(path, f"holds no list of [name, hash] pairs at position {META_FILTERS}")
    return filters


def _filter(data, path: Path) -> tuple[str, list]:
    """A filter file's name and its [value, pages] pairs."""
    if not (isinstance(data, list) and len(data) == 2 and isinstance(data[0], str) and isinstance(data[1], list)):
        raise _format_changed(path, "is not [name, values]")
    if not all(isinstance(value, list) and value and isinstance(value[0], str) for value in data[1]):
        raise _format_changed(path, "holds values that are not [value, pages]")
    return data[0], data[1]


def _name_and_hash(pair) -> bool:
    return isinstance(pair, list) and len(pair) == 2 and all(isinstance(part, str) for part in pair)


def _format_changed(path: Path, detail: str) -> SearchError:
    coupling = next(coupling for coupling in COUPLINGS if coupling.id == PAGEFIND_INDEX)
    return SearchError(describe(coupling, f"Pagefind's {path.parent.name}/{path.name} {detail}"))


def _replace(old: Path, folder: Path, lang: str, digits: int, data, name: str) -> str:
    """Write `data` as Pagefind writes an index file, named by its content; remove `old`; return the new hash."""
    content = gzip.compress(SIGNATURE + cbor2.dumps(data), mtime=0)
    file_hash = f"{lang}_{hashlib.sha256(content).hexdigest()[:digits]}"
    old.unlink()
    (folder / name.format(file_hash)).write_bytes(content)
    return file_hash


def sort_entry(path: Path) -> None:
    """Pagefind writes its entry file's languages in another order on every run; sorted, two builds are identical."""
    entry = json.loads(path.read_text(encoding="utf-8"))
    path.write_text(json.dumps(entry, sort_keys=True, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
