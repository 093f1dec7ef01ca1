"""Building the site from a copy of the repository and reading what came out: for the tests and the benchmarks."""

from __future__ import annotations

import contextlib
import gzip
import json
import os
import posixpath
import shutil
import socket
import subprocess
import sys
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

from bs4 import BeautifulSoup

from chapter.search import BUNDLE, SIGNATURE

ROOT = Path(__file__).resolve().parent.parent
DATA = ("topics.yaml", "glossary.yaml", "facts.yaml", "docs")  # what the site is built from
# How it is built and dressed, whatever it is built from; the plugin is the installed package.
SETTINGS = (
    "mkdocs.yml",
    "overrides",
    "docs/stylesheets",
    "requirements-examples.lock",
)  # the lock: which versions the examples are checked with
PROJECT = DATA + SETTINGS
# A chapter of three topics (one borrowed, one with an article in both languages), built with the
# real settings: for tests of behaviour, which need not build the whole real site.
MINI = ROOT / "tests" / "fixtures" / "mini"
GENERATED = shutil.ignore_patterns("__pycache__", "topics", "*.egg-info", "*.ru.svg", "*.en.svg")


# The address the suite's builds are published at, as `make publish` sets SITE_URL: pages name it in their
# canonical and hreflang links and the sitemap lists it. A build given None has no address (a preview): it names
# none and has no sitemap.
PUBLISHED = "https://chapter.example.org/"
# Where each language's pages start on the site: the chapter index of that language.
LANGUAGE_ROOTS = {"ru": "/", "en": "/en/"}


def mkdocs_command(*args: str) -> list[str]:
    """MkDocs as the tests and benchmarks start it: the installed one, in this interpreter."""
    return [sys.executable, "-m", "mkdocs", *args]


def mkdocs_environment(site_url: str | None = PUBLISHED, env: Mapping[str, str | None] | None = None) -> dict[str, str]:
    """The calling shell's variables with SITE_URL as given and each of `env` set, or unset where its value is None.

    The shell's own SITE_URL never leaks in, so a test builds the same whoever runs it.
    """
    variables = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "SITE_URL": site_url, **(env or {})}
    return {name: value for name, value in variables.items() if value is not None}


def mkdocs(
    *args: str, cwd: Path, site_url: str | None = PUBLISHED, env: Mapping[str, str | None] | None = None
) -> subprocess.CompletedProcess:
    """MkDocs run to the end on a copy of the project, in the environment `mkdocs_environment` makes."""
    return subprocess.run(
        mkdocs_command(*args),
        cwd=cwd,
        env=mkdocs_environment(site_url, env),
        capture_output=True,
        text=True,
        timeout=300,
    )


def free_port() -> int:
    """A TCP port on the loopback interface that nothing listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@contextlib.contextmanager
def mkdocs_serve(project: Path, log: Path, *, stop_within: float = 30) -> Iterator[str]:
    """`mkdocs serve` on the project as `make serve` runs it, on a free port, its output in `log`: its base address."""
    port = free_port()
    with log.open("w") as output:
        server = subprocess.Popen(
            mkdocs_command("serve", "--dev-addr", f"127.0.0.1:{port}"),
            cwd=project,
            env=mkdocs_environment(site_url=None),
            stdout=output,
            stderr=subprocess.STDOUT,
        )
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.terminate()
        server.wait(timeout=stop_within)


def build(
    project: Path, site: Path, *, site_url: str | None = PUBLISHED, env: Mapping[str, str | None] | None = None
) -> BuiltSite:
    """`project` built with --strict into `site`; the build must succeed."""
    result = mkdocs("build", "--strict", "--site-dir", str(site), cwd=project, site_url=site_url, env=env)
    assert result.returncode == 0, result.stdout + result.stderr
    return BuiltSite(project, site, result.stdout + result.stderr)


def files_of(folder: Path) -> dict[str, bytes]:
    """Every file under `folder`, hidden ones included, by its path relative to it, with its bytes."""
    return {
        path.relative_to(folder).as_posix(): path.read_bytes() for path in sorted(folder.rglob("*")) if path.is_file()
    }


def replace_once(text: str, old: str, new: str) -> str:
    """`text` with its first `old` replaced; an edit that no longer applies fails rather than test the unedited text."""
    assert old in text, f"not in the text: {old!r}"
    return text.replace(old, new, 1)


def copy_project(dest: Path, files: dict[str, str | None] | None = None, *, data: Path = ROOT) -> Path:
    """A copy of everything the build reads, with `files` (path: text) added or replaced, or removed where it is None.

    The settings are the repository's; the catalogue, glossary and docs come from `data` (MINI for the small chapter).
    """
    dest.mkdir(parents=True, exist_ok=True)
    for name in PROJECT:
        source = (ROOT if name in SETTINGS else data) / name
        if source.is_dir():
            shutil.copytree(source, dest / name, ignore=GENERATED, dirs_exist_ok=True)
        else:
            shutil.copy2(source, dest / name)
    for path, text in (files or {}).items():
        if text is None:
            (dest / path).unlink()
            continue
        (dest / path).parent.mkdir(parents=True, exist_ok=True)
        (dest / path).write_text(text, encoding="utf-8")
    return dest


@dataclass
class BuiltSite:
    project: Path
    root: Path
    log: str
    parsed: dict[Path, BeautifulSoup] = field(default_factory=dict, repr=False, compare=False)

    def html(self, url: str) -> BeautifulSoup:
        """The page at a site URL such as '/' or '/en/topics/kubernetes/', parsed once and shared: do not change it."""
        path = self.file(url)
        if path not in self.parsed:
            self.parsed[path] = BeautifulSoup(path.read_text(encoding="utf-8"), "html.parser")
        return self.parsed[path]

    def file(self, url: str) -> Path:
        path = self.root / urlsplit(url).path.lstrip("/")
        return path / "index.html" if url.endswith("/") or path.is_dir() else path

    def resolve(self, page_url: str, href: str) -> str:
        """The site URL a relative link on `page_url` points to, fragment kept."""
        parts = urlsplit(href)
        assert not parts.scheme and not parts.netloc, f"{href} leaves the site"
        path = posixpath.normpath(posixpath.join(posixpath.dirname(page_url.rstrip("/") + "/x"), parts.path or "."))
        url = "/" if path in (".", "/") else "/" + path.strip("/") + "/"
        return url + (f"#{parts.fragment}" if parts.fragment else "")


def build_copy(
    dest: Path, files: dict[str, str | None] | None = None, *, data: Path = ROOT, site_url: str | None = PUBLISHED
) -> BuiltSite:
    return build(copy_project(dest / "project", files, data=data), dest / "site", site_url=site_url)


def search_fragments(site_root: Path) -> list[dict]:
    """What Pagefind stored of every indexed page: its address, text, fields and filters."""
    fragments = []
    for path in sorted((site_root / BUNDLE / "fragment").glob("*.pf_fragment")):
        data = gzip.decompress(path.read_bytes())
        fragments.append(json.loads(data.removeprefix(SIGNATURE)))
    return fragments
