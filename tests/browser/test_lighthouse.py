"""Lighthouse gates: accessibility, best practices and SEO at 100 on the pages of each kind.

Lighthouse sees the site as a phone on a real host would: its default mobile
settings, Debian's Chromium, pages gzip-compressed. Performance is measured
by benchmarks/lighthouse.py instead, since on a shared two-core machine it
varies from run to run and would make the suite flaky. Each run costs 10–20 s,
so a few pages stand for the rest (axe covers every page) and the runs go two
at a time.
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest

from tests.browser.faults import BROKEN_PAGE, broken_copy
from tools.lighthouse import LighthouseMissing, Report, require_lighthouse, run_lighthouse
from tools.serving import serve_gzip

pytestmark = pytest.mark.browser

GATED = ("accessibility", "best-practices", "seo")
# The Russian home, an English topic page and the one 404 page: every template the site has; and a Russian topic page
# with a calculator and the glossary's popovers, the print edition, which holds them all.
PAGES = ["/", "/en/topics/kubernetes/", "/404.html", "/topics/backups-and-redundancy/", "/print/"]


@pytest.fixture(scope="module")
def reports(site, tmp_path_factory) -> dict[str, Report]:
    """Every Lighthouse run of this module, the deliberately broken page included, two at a time."""
    try:
        require_lighthouse()
    except LighthouseMissing as missing:
        pytest.fail(str(missing), pytrace=False)
    broken = broken_copy(site.root, tmp_path_factory.mktemp("faults"))
    with serve_gzip(site.root) as url, serve_gzip(broken) as broken_url, ThreadPoolExecutor(max_workers=2) as pool:
        runs = {path: pool.submit(run_lighthouse, url + path, GATED) for path in PAGES}
        runs["broken"] = pool.submit(run_lighthouse, broken_url + BROKEN_PAGE, ("accessibility",))
        return {path: run.result() for path, run in runs.items()}


@pytest.mark.parametrize("path", PAGES)
def test_lighthouse_scores_100_for_accessibility_best_practices_and_seo(reports, path: str):
    report = reports[path]
    below = [category for category in GATED if report.score(category) != 100]
    assert not below, "\n".join(report.explain(category) for category in below)


def test_lighthouse_marks_down_a_page_with_known_faults(reports):
    """The gate can fail: the missing alt text and the pale badges cost accessibility points."""
    report = reports["broken"]
    assert report.score("accessibility") < 100, report.explain("accessibility")
    assert {"image-alt", "color-contrast"} <= {failure.id for failure in report.failing["accessibility"]}, (
        report.explain("accessibility")
    )
