"""`mkdocs serve` picks up what authors edit: the catalogue, articles and templates."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from tests.site import copy_project


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _wait_for(url: str, text: str, timeout: float = 60) -> str:
    deadline = time.monotonic() + timeout
    body = ""
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(url, timeout=5) as response:
                body = response.read().decode("utf-8")
            if text in body:
                return body
        except (urllib.error.URLError, ConnectionError):
            pass
        time.sleep(0.3)
    raise AssertionError(f"{url} did not show {text!r} within {timeout} s")


@pytest.fixture
def served(tmp_path: Path):
    project = copy_project(tmp_path / "project")
    port = _free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "mkdocs", "serve", "--dev-addr", f"127.0.0.1:{port}"],
        cwd=project,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        yield project, f"http://127.0.0.1:{port}"
    finally:
        server.terminate()
        server.wait(timeout=10)


def test_serve_rebuilds_after_edits(served):
    project, base = served
    _wait_for(f"{base}/en/topics/kubernetes/", "<h1 id=\"topic\">Kubernetes</h1>")

    catalogue = project / "topics.yaml"
    catalogue.write_text(catalogue.read_text(encoding="utf-8").replace("en: Kubernetes", "en: Kubernetes, edited", 1), encoding="utf-8")
    _wait_for(f"{base}/en/topics/kubernetes/", "Kubernetes, edited")

    article = project / "docs" / "articles" / "kubernetes.en.md"
    article.parent.mkdir(parents=True, exist_ok=True)
    article.write_text("## Scheduling GPUs { #scheduling }\n\nA freshly written paragraph.\n", encoding="utf-8")
    _wait_for(f"{base}/en/topics/kubernetes/", "A freshly written paragraph.")

    template = project / "overrides" / "chapter" / "topic.html"
    template.write_text(template.read_text(encoding="utf-8").replace('<p class="ci-missing">', '<p class="ci-missing" data-edited>'), encoding="utf-8")
    _wait_for(f"{base}/topics/pruning/", "data-edited")
