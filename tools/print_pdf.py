"""The print edition of each language as a PDF, printed from a built site by the Chromium the tests use.

    python -m tools.print_pdf [SITE] [OUT]   # defaults: site/ and build/print/

Each language's print page (`/print/`, `/en/print/`) is served over local HTTP
and printed by Debian's Chromium through Playwright: a tagged PDF (a structure
tree, so screen readers and reflowing readers follow it) with the outline made
from the page's headings, one bookmark per topic; the page numbers come from the
stylesheet's `@page` margin boxes. Chromium stamps every PDF with the moment it
was made and a random document ID, so pikepdf (qpdf) then sets both dates to the
build's day (SOURCE_DATE_EPOCH) and derives the ID from the content: two runs over
one site give byte-identical files. `make pdf` runs this, then builds the site
again with the PDFs, which the chapter index then links to.
"""

from __future__ import annotations

import datetime
import os
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path

import pikepdf
from playwright.sync_api import Browser, sync_playwright

from chapter.catalogue import DEFAULT_LANGUAGE, LANGUAGES
from chapter.print_edition import PRINT_PATH, pdf_path
from tools.chromium import CHROMIUM, CHROMIUM_ARGS
from tools.serving import serve

ROOT = Path(__file__).resolve().parent.parent
PAPER = "A4"
TIMEOUT_MS = (
    120_000  # the Russian edition is about 120 pages; Chromium lays it out in tens of seconds on a loaded machine
)


def page_url(lang: str) -> str:
    """The print page of a language, as a site path."""
    return "/" + ("" if lang == DEFAULT_LANGUAGE else f"{lang}/") + PRINT_PATH


def moment(environ: Mapping[str, str] = os.environ) -> datetime.datetime:
    """When the PDFs say they were made: SOURCE_DATE_EPOCH, as for the site; without it, the start of today (UTC)."""
    epoch = environ.get("SOURCE_DATE_EPOCH", "").strip()
    if epoch.isdigit():
        return datetime.datetime.fromtimestamp(int(epoch), datetime.UTC)
    return datetime.datetime.combine(datetime.datetime.now(datetime.UTC).date(), datetime.time(), datetime.UTC)


def print_site(
    site: Path, out: Path, languages: Sequence[str] = LANGUAGES, browser: Browser | None = None
) -> dict[str, Path]:
    """Each language's print page of the site built in `site`, printed to
    `out` and made reproducible; the PDFs by language.

    A caller that already drives Chromium (the tests) passes its browser; otherwise one is launched for the run.
    """
    if browser is None and not CHROMIUM.is_file():
        raise SystemExit(f"printing needs Debian's Chromium at {CHROMIUM}: sudo apt-get install chromium")
    missing = [page_url(lang) for lang in languages if not (site / page_url(lang).lstrip("/") / "index.html").is_file()]
    if missing:
        raise SystemExit(f"{site} has no print page at {', '.join(missing)}: build the site first (make build)")
    out.mkdir(parents=True, exist_ok=True)
    printed = {lang: out / Path(pdf_path(lang)).name for lang in languages}
    with serve(site) as url:
        if browser is not None:
            print_pages(browser, url, printed)
        else:
            with sync_playwright() as driver:
                launched = driver.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS)
                try:
                    print_pages(launched, url, printed)
                finally:
                    launched.close()
    when = moment()
    for path in printed.values():
        reproducible(path, when)
    return printed


def print_pages(browser: Browser, url: str, printed: Mapping[str, Path]) -> None:
    """Each language's print page, served at `url`, printed to its path."""
    for lang, path in printed.items():
        print_page(browser, url + page_url(lang), path)


def print_page(browser: Browser, url: str, path: Path) -> None:
    """One page printed as a tagged PDF with an outline, in the light scheme,
    its page size and margins from the stylesheet."""
    context = browser.new_context(color_scheme="light")
    try:
        page = context.new_page()
        page.set_default_timeout(TIMEOUT_MS)
        page.goto(url, wait_until="load")
        page.pdf(
            path=str(path), format=PAPER, print_background=True, prefer_css_page_size=True, tagged=True, outline=True
        )
    finally:
        context.close()


def reproducible(path: Path, when: datetime.datetime) -> None:
    """The PDF rewritten with fixed dates, a document ID derived from its content and compact object streams."""
    stamp = when.strftime("D:%Y%m%d%H%M%S+00'00'")
    with pikepdf.open(path, allow_overwriting_input=True) as pdf:
        pdf.docinfo["/CreationDate"] = pikepdf.String(stamp)
        pdf.docinfo["/ModDate"] = pikepdf.String(stamp)
        canonical_structure_ids(pdf)
        if "/Metadata" in pdf.Root:
            del pdf.Root[
                "/Metadata"
            ]  # XMP repeats the dates and carries random instance IDs; the document info holds what a reader shows
        if "/ID" in pdf.trailer:
            del pdf.trailer[
                "/ID"
            ]  # qpdf keeps the first half of an ID it finds (Chromium's is random) and derives the rest
        pdf.save(
            path, deterministic_id=True, object_stream_mode=pikepdf.ObjectStreamMode.generate, compress_streams=True
        )


def canonical_structure_ids(pdf: pikepdf.Pdf) -> None:
    """The structure elements' IDs renumbered by rank, in the elements, the
    table headers that name them and the ID tree.

    Chromium names each tagged element after its DOM node (`node00000424`), and node numbers
    shift from run to run; their order does not, so ranks keep the ID tree sorted.
    """
    elements = [
        item for item in pdf.objects if isinstance(item, pikepdf.Dictionary) and item.get("/Type") == "/StructElem"
    ]
    names = sorted({str(element.ID) for element in elements if "/ID" in element})
    renamed = {name: pikepdf.String(f"node{rank:08d}") for rank, name in enumerate(names)}
    for element in elements:
        if "/ID" in element:
            element.ID = renamed[str(element.ID)]
        attributes = element.get("/A")
        for owner in attributes if isinstance(attributes, pikepdf.Array) else [attributes]:
            if isinstance(owner, pikepdf.Dictionary) and "/Headers" in owner:
                owner.Headers = pikepdf.Array([renamed.get(str(header), header) for header in owner.Headers])
    tree = pdf.Root.StructTreeRoot.get("/IDTree") if "/StructTreeRoot" in pdf.Root else None
    if tree is not None:
        _rename_tree(tree, renamed)


def _rename_tree(node: pikepdf.Object, renamed: Mapping[str, pikepdf.String]) -> None:
    """A name tree's keys and limits renamed, at every level."""
    for kid in node.get("/Kids", []):
        _rename_tree(kid, renamed)
    if "/Names" in node:
        node.Names = pikepdf.Array(
            [renamed.get(str(item), item) if index % 2 == 0 else item for index, item in enumerate(node.Names)]
        )
    if "/Limits" in node:
        node.Limits = pikepdf.Array([renamed.get(str(limit), limit) for limit in node.Limits])


def main(argv: Sequence[str] = sys.argv[1:]) -> int:
    site = Path(argv[0]) if argv else ROOT / "site"
    out = Path(argv[1]) if len(argv) > 1 else ROOT / "build" / "print"
    for lang, path in print_site(site, out).items():
        print(f"{lang}: {path} ({path.stat().st_size / 1024 / 1024:.1f} MiB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
