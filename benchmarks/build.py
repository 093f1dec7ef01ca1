"""How long the site takes to build, and what our hooks add to it.

Material renders the navigation into every page, so a build can grow faster
than its page count; and the hooks render every chapter page, so they must
stay cheap next to MkDocs itself. This script measures both on the real site
and on synthetic catalogues of the same shape, each against a CONTROL site:
the same pages, settings, plugins and navigation, written out as ordinary
Markdown files and built without the hooks. The ratio ours/control is then the
cost of the hooks alone.

    .venv/bin/python benchmarks/build.py [--runs N] [--sizes 20,200,2000] [--output benchmarks/RESULTS.md]

Every build is a fresh `python -m mkdocs build` process; wall time comes from
the clock around it and peak memory from the child's own resource usage. It is
a measurement, not a test: it prints the table, writes it to `--output` and
exits with 1 when a budget is missed.
"""

from __future__ import annotations

import argparse
import datetime
import json
import math
import os
import platform
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "hooks"), str(ROOT)]  # the package, and tools/

from chapter.catalogue import DEFAULT_LANGUAGE, LANGUAGES  # noqa: E402
from chapter.figures import sync_localised_figures  # noqa: E402
from chapter.glossary import load_glossary  # noqa: E402
from chapter.project import check_project  # noqa: E402
from chapter.render import PageRenderer  # noqa: E402
from chapter.sources import PART_SIZE, navigation  # noqa: E402
from chapter.urls import article_source, topic_source  # noqa: E402
from tools.site import GENERATED, copy_project  # noqa: E402  (what the build reads, copied as the tests copy it)

TEMPLATES = Path("overrides") / "chapter"

RATIO_BUDGET = 1.05  # hooks add at most 5 % to the control build
SEARCH_GROWTH_BUDGET = 1.5  # a first search at 2,000 topics against the real site
GROWTH_BUDGET = 1.3  # per-page cost from one synthetic size to the next

RUSSIAN_WORD = re.compile(r"[А-Яа-яЁё][А-Яа-яЁё-]+")
ENGLISH_WORD = re.compile(r"[A-Za-z][A-Za-z'-]+")

# Article sections: (anchor shared by both languages, Russian heading, English heading).
SECTIONS = (
    ("overview", "Обзор", "Overview"),
    ("how-it-works", "Как это устроено", "How it works"),
    ("trade-offs", "Компромиссы", "Trade-offs"),
    ("in-practice", "На практике", "In practice"),
    ("measuring", "Как измерять", "How to measure"),
    ("pitfalls", "Типичные ошибки", "Common pitfalls"),
    ("costs", "Во что это обходится", "What it costs"),
    ("checklist", "Что проверить", "What to check"),
)
TABLE_HEAD = {"ru": ("Параметр", "Значение", "Комментарий"), "en": ("Setting", "Value", "Note")}
SEE_ALSO = {"ru": "Смотрите также", "en": "See also"}
PART = {"ru": "часть", "en": "part"}
CODE = (
    "import torch",
    "from torch.utils.data import DataLoader",
    "",
    "def step(model, batch, optimizer, scaler):",
    "    optimizer.zero_grad(set_to_none=True)",
    '    with torch.autocast(device_type="cuda", dtype=torch.bfloat16):',
    '        loss = model(batch["inputs"]).loss',
    "    scaler.scale(loss).backward()",
    "    scaler.step(optimizer)",
    "    scaler.update()",
    "    return loss.item()",
    "",
    "loader = DataLoader(dataset, batch_size={batch}, num_workers={workers}, pin_memory=True)",
    "for epoch in range({epochs}):",
    "    for batch in loader:",
    "        step(model, batch, optimizer, scaler)",
)


# --- The projects -----------------------------------------------------------


class _NoAliases(yaml.SafeDumper):
    """The catalogue loader refuses anchors and aliases, so never write them."""

    def ignore_aliases(self, data) -> bool:
        return True


def synthetic_catalogue(real: dict, size: int) -> dict:
    """A catalogue of `size` topics shaped like the real one: same labels, lenders and borrowed share."""
    topics = real["topics"]
    borrowed = [topic for topic in topics if "origin" in topic]
    share = len(borrowed) / len(topics)
    pick = random.Random(size)
    result, lent = [], 0
    for index in range(size):
        number = index + 1
        first = topics[index % len(topics)]
        second = pick.choice([topic for topic in topics if topic is not first])
        topic = {"slug": f"{first['slug']}-{number}", "label": first["label"], "added": first["added"]}
        if math.floor(number * share) > math.floor(index * share):  # borrowed topics spread evenly
            topic["origin"] = borrowed[lent % len(borrowed)]["origin"]
            lent += 1
        topic["title"] = {
            lang: f"{first['title'][lang]} — {second['title'][lang]}, {PART[lang]} {number}" for lang in LANGUAGES
        }
        topic["summary"] = {lang: f"{first['summary'][lang]} {second['summary'][lang]}" for lang in LANGUAGES}
        result.append(topic)
    return {**real, "topics": result}


def word_pools(real: dict) -> dict[str, list[str]]:
    """The words of the real catalogue, per language, to write articles with; none the glossary avoids."""
    texts = {lang: [] for lang in LANGUAGES}
    for item in [real["chapter"], *real["labels"].values(), *real["topics"]]:
        for key in ("title", "summary", "name", "meaning"):
            for lang in LANGUAGES:
                if key in item:
                    texts[lang].append(item[key][lang])
    pattern = {"ru": RUSSIAN_WORD, "en": ENGLISH_WORD}
    glossary = load_glossary(ROOT / "glossary.yaml")
    return {
        lang: [
            word.lower()
            for text in texts[lang]
            for word in pattern[lang].findall(text)
            if not glossary.problems([(1, word)], lang)
        ]
        for lang in LANGUAGES
    }


def article_sections(slug: str) -> list[tuple[str, str, str]]:
    """The sections of a topic's article, the same in both languages so anchors match."""
    return random.Random(slug).sample(SECTIONS, 5)


def article(topic: dict, lang: str, topics: list[dict], words: list[str]) -> str:
    """About 600–900 words of Markdown: sections with anchors, a table, code, a list, links to other topics."""
    shape = random.Random(f"{topic['slug']}/shape")  # the same for both languages
    text = random.Random(f"{topic['slug']}/{lang}")
    target = shape.randint(600, 900)
    sections = article_sections(topic["slug"])
    table, code, listing, links = shape.sample(range(len(sections)), 4)
    linked = shape.sample(topics, 4)
    values = {"batch": 2 ** shape.randint(3, 9), "workers": shape.randint(2, 16), "epochs": shape.randint(1, 90)}
    rows = shape.randint(4, 6)  # tables are the same shape in both languages, as the build requires

    def sentence() -> str:
        chosen = text.choices(words, k=text.randint(8, 16))
        if text.random() < 0.3:
            chosen[2] = f"**{chosen[2]}**"
        if text.random() < 0.2:
            chosen[-2] = f"`{chosen[-2]}`"
        return " ".join(chosen).capitalize() + "."

    def paragraph() -> str:
        return " ".join(sentence() for _ in range(text.randint(3, 5)))

    bodies: list[list[str]] = [[paragraph()] for _ in sections]
    count = lambda: sum(len(block.split()) for body in bodies for block in body)  # noqa: E731
    while count() < target - 160:  # the table, list and links bring the rest
        bodies[text.randrange(len(sections))].append(paragraph())
    head = TABLE_HEAD[lang]
    bodies[table].append(
        "\n".join(
            [f"| {' | '.join(head)} |", "| --- | ---: | --- |"]
            + [
                f"| {text.choice(words)} | {text.randint(2, 4096)} | {' '.join(text.choices(words, k=4))} |"
                for _ in range(rows)
            ]
        )
    )
    bodies[code].append("```python\n" + "\n".join(line.format(**values) for line in CODE) + "\n```")
    bodies[listing].append("\n".join(f"- {sentence()}" for _ in range(text.randint(4, 6))))
    see = []
    for number, other in enumerate(linked):
        anchor = f"#{article_sections(other['slug'])[0][0]}" if number % 2 else ""
        see.append(f"[{other['title'][lang]}](../topics/{other['slug']}.md{anchor})")
    bodies[links].append(f"{SEE_ALSO[lang]}: {', '.join(see)}.")
    heading = 1 if lang == "ru" else 2
    return (
        "\n\n".join(
            f"## {section[heading]} {{ #{section[0]} }}\n\n" + "\n\n".join(body)
            for section, body in zip(sections, bodies, strict=True)
        )
        + "\n"
    )


def synthetic_project(dest: Path, size: int) -> Path:
    """The project with a generated catalogue of `size` topics and an article for each in every language."""
    project = copy_project(dest)
    real = yaml.safe_load((ROOT / "topics.yaml").read_text(encoding="utf-8"))
    data = synthetic_catalogue(real, size)
    text = yaml.dump(data, Dumper=_NoAliases, allow_unicode=True, sort_keys=False, width=10_000)
    (project / "topics.yaml").write_text(
        f"# Synthetic catalogue of {size} topics generated by benchmarks/build.py\n{text}", encoding="utf-8"
    )
    words = word_pools(real)
    articles = project / "docs" / "articles"
    shutil.rmtree(articles, ignore_errors=True)
    articles.mkdir(parents=True)
    for topic in data["topics"]:
        for lang in LANGUAGES:
            (project / "docs" / article_source(topic["slug"], lang)).write_text(
                article(topic, lang, data["topics"], words[lang]), encoding="utf-8"
            )
    return project


class _Tagged:
    """A tagged YAML value of mkdocs.yml (!ENV, !!python/...), kept as written."""

    def __init__(self, tag: str, value):
        self.tag, self.value = tag, value


def _construct_tagged(loader: yaml.SafeLoader, suffix: str, node: yaml.Node) -> _Tagged:
    if isinstance(node, yaml.ScalarNode):
        return _Tagged(node.tag, loader.construct_scalar(node))
    if isinstance(node, yaml.SequenceNode):
        return _Tagged(node.tag, loader.construct_sequence(node, deep=True))
    return _Tagged(node.tag, loader.construct_mapping(node, deep=True))


def _represent_tagged(dumper: yaml.SafeDumper, data: _Tagged) -> yaml.Node:
    if isinstance(data.value, list):
        return dumper.represent_sequence(data.tag, data.value)
    if isinstance(data.value, dict):
        return dumper.represent_mapping(data.tag, data.value)
    return dumper.represent_scalar(data.tag, data.value)


class _ConfigLoader(yaml.SafeLoader):
    pass


_ConfigLoader.add_multi_constructor("!", _construct_tagged)
_ConfigLoader.add_multi_constructor("tag:yaml.org,2002:python/", _construct_tagged)
_NoAliases.add_representer(_Tagged, _represent_tagged)


def _titles(nav: list) -> list[str]:
    """Section titles of a navigation, depth first."""
    found = []
    for item in nav:
        if isinstance(item, dict):
            for title, children in item.items():
                found.append(title)
                found.extend(_titles(children))
    return found


def control_project(ours: Path, dest: Path) -> Path:
    """The same site without hooks: pages rendered once by the chapter package, written as plain Markdown.

    The navigation is the hook's, written into mkdocs.yml; its section titles
    reach the other languages through mkdocs-static-i18n's nav_translations
    and the chapter title through its per-language site_name.
    """
    shutil.copytree(ours, dest, ignore=GENERATED)
    project = check_project(dest)
    catalogue = project.catalogue
    renderer = PageRenderer(catalogue, dest / TEMPLATES, project.articles, glossary=project.glossary)
    sync_localised_figures(dest / "docs")
    for lang in LANGUAGES:
        pages = [
            (f"{name}.{lang}.md", (dest / "docs" / f"{name}.{lang}.md").read_text(encoding="utf-8"))
            for name in ("index", "glossary")
        ]
        pages += [(topic_source(topic.slug, lang), None) for topic in catalogue.topics]
        for name, source in pages:
            meta, markdown = (
                _front_matter(source) if source else ({"chapter": "topic", "topic": Path(name).name.split(".")[0]}, "")
            )
            rendered = renderer.render(meta, markdown, lang)
            kept = {key: value for key, value in meta.items() if key != "topic"}  # `chapter` marks what search indexes
            front = yaml.safe_dump(
                {"title": rendered.title, "description": rendered.description, **kept},
                allow_unicode=True,
                sort_keys=False,
                width=10_000,
            )
            (dest / "docs" / name).parent.mkdir(parents=True, exist_ok=True)
            (dest / "docs" / name).write_text(f"---\n{front}---\n\n{rendered.markdown}", encoding="utf-8")

    config = yaml.load((dest / "mkdocs.yml").read_text(encoding="utf-8"), Loader=_ConfigLoader)
    config["plugins"] = [
        entry
        for entry in config["plugins"]
        if not (entry == "chapter" or isinstance(entry, dict) and "chapter" in entry)
    ]
    # The control keeps the theme's own search, so that our search's cost stands in for it.
    config["plugins"].insert(0, {"search": {"lang": ["ru", "en"]}})
    navs = {lang: navigation(catalogue, lang) for lang in LANGUAGES}
    config["nav"] = navs[DEFAULT_LANGUAGE]
    i18n = next(entry["i18n"] for entry in config["plugins"] if isinstance(entry, dict) and "i18n" in entry)
    for language in i18n["languages"]:
        lang = language["locale"]
        language["site_name"] = catalogue.chapter.title[lang]
        if lang != DEFAULT_LANGUAGE:
            pairs = list(zip(_titles(navs[DEFAULT_LANGUAGE]), _titles(navs[lang]), strict=True))
            translations = dict(pairs)
            if any(translations[title] != translated for title, translated in pairs):
                raise SystemExit(f"navigation titles do not translate one to one into {lang}")
            language["nav_translations"] = translations
    (dest / "mkdocs.yml").write_text(
        yaml.dump(config, Dumper=_NoAliases, allow_unicode=True, sort_keys=False, width=10_000), encoding="utf-8"
    )
    return dest


def _front_matter(text: str) -> tuple[dict, str]:
    match = re.match(r"---\n(.*?\n)---\n?(.*)", text, re.S)
    return (yaml.safe_load(match.group(1)) or {}, match.group(2)) if match else ({}, text)


# --- Measuring --------------------------------------------------------------

# Runs `mkdocs` with a clock around every event method of the chapter plugin, and
# writes the seconds per event to $HOOK_TIMES at exit. The ratio to the control
# site holds everything the plugin costs, but on a busy machine it is noisy; the
# plugin's own time from inside one build is not.
HOOK_CLOCK = """
import atexit, functools, json, os, sys, time
from chapter_plugin import ChapterPlugin

spent = {}

def clocked(event, inner):
    @functools.wraps(inner)
    def method(*args, **kwargs):
        start = time.perf_counter()
        try:
            return inner(*args, **kwargs)
        finally:
            spent[event] = spent.get(event, 0.0) + time.perf_counter() - start
    return method

for name in [name for name in vars(ChapterPlugin) if name.startswith("on_")]:
    setattr(ChapterPlugin, name, clocked(name.removeprefix("on_"), getattr(ChapterPlugin, name)))
atexit.register(lambda: open(os.environ["HOOK_TIMES"], "w").write(json.dumps(spent)))
from mkdocs.__main__ import cli
cli(["build", *sys.argv[1:]], prog_name="mkdocs")
"""


@dataclass
class Run:
    seconds: float
    cpu_seconds: float  # user and system time of the build process: less swayed by other work on the machine
    peak_mib: float
    pages: int


@dataclass
class Search:
    """What a reader's first search costs on one site: gzip-compressed bytes fetched, and what the index is on disk."""

    query: str
    first_visit: int  # bytes a first visit to the chapter index loads
    first_query: int  # bytes opening search and answering the query adds
    results: int | None  # None: no answer within SLOW_SEARCH_MS
    index_bytes: int  # the search index on disk, every language


@dataclass
class Result:
    size: int
    site: str  # "ours" or "control"
    runs: list[Run] = field(default_factory=list)
    hooks: dict[str, float] = field(default_factory=dict)  # seconds per event inside one untimed build
    hooks_build: float = 0.0  # wall time of that build
    search: Search | None = None

    @property
    def median(self) -> float:
        return statistics.median(run.seconds for run in self.runs)

    @property
    def best(self) -> float:
        """The fastest run: other work on the machine only ever adds time."""
        return min(run.seconds for run in self.runs)

    def paired_ratio(self, control: Result) -> float:
        """The median of this site's runs each divided by the control run built right before or after it.

        Builds of the same site drift by more than the budget as other work comes and goes
        on a shared machine; a run and its neighbour share that drift, so their ratio keeps
        the hooks' cost and drops most of the machine's.
        """
        return statistics.median(
            ours.seconds / theirs.seconds for ours, theirs in zip(self.runs, control.runs, strict=True)
        )

    @property
    def hooks_added(self) -> float:
        """What the hooks' own time adds to the rest of the clocked build, as a fraction."""
        spent = sum(self.hooks.values())
        return spent / (self.hooks_build - spent)

    @property
    def cpu_median(self) -> float:
        return statistics.median(run.cpu_seconds for run in self.runs)

    @property
    def pages(self) -> int:
        return self.runs[0].pages

    @property
    def per_page_ms(self) -> float:
        return self.median / self.pages * 1000

    @property
    def peak_mib(self) -> float:
        return max(run.peak_mib for run in self.runs)


def build(project: Path, site: Path, log: Path, keep: bool = False, hook_times: Path | None = None) -> Run:
    """One build in a fresh process: wall time around it and the child's own peak RSS."""
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    command = [sys.executable, "-m", "mkdocs", "build", "-q", "--site-dir", str(site)]
    if hook_times:
        env["HOOK_TIMES"] = str(hook_times)
        command[1:4] = ["-c", HOOK_CLOCK]
    with log.open("w") as out:
        start = time.perf_counter()
        process = subprocess.Popen(command, cwd=project, env=env, stdout=out, stderr=subprocess.STDOUT)
        _, status, usage = os.wait4(process.pid, 0)
        seconds = time.perf_counter() - start
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode:
        raise SystemExit(f"the build of {project} failed:\n{log.read_text(encoding='utf-8')[-4000:]}")
    pages = sum(1 for _ in site.rglob("*.html"))
    if not keep:
        shutil.rmtree(site)
    return Run(seconds, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, pages)  # ru_maxrss is in KiB on Linux


def _block(html: str, opening: str, tag: str) -> str | None:
    """The element that starts with `opening`, nested elements of the same tag included."""
    start = html.find(opening)
    if start < 0:
        return None
    depth, position = 0, start
    for match in re.compile(f"<(/?){tag}[\\s>]").finditer(html, start):
        depth += -1 if match.group(1) else 1
        position = match.end()
        if depth == 0:
            break
    return html[start:position]


def same_pages(ours: Path, control: Path, samples: list[str]) -> list[str]:
    """Where the two sites differ: the set of pages, and the article and navigation of sample pages."""
    pages = lambda root: {p.relative_to(root).as_posix() for p in root.rglob("*.html")}  # noqa: E731
    differences = [f"only in ours: {path}" for path in sorted(pages(ours) - pages(control))]
    # The hook keeps one site-wide 404 page; the control site has one per language.
    differences += [
        f"only in control: {path}" for path in sorted(pages(control) - pages(ours)) if not path.endswith("404.html")
    ]
    for path in samples:
        for opening, tag in (
            ('<article class="md-content__inner', "article"),
            ('<nav class="md-nav md-nav--primary', "nav"),
        ):
            a, b = (_block((root / path).read_text(encoding="utf-8"), opening, tag) for root in (ours, control))
            if a != b:
                differences.append(f"{path}: the {tag} differs")
    return differences


def measure(size: int, workdir: Path, runs: int, real_size: int) -> tuple[Result, Result, list[str]]:
    """Warm both sites up once (untimed, and checked to match), then time them in turns."""
    folder = workdir / str(size)
    source = copy_project(folder / "ours") if size == real_size else synthetic_project(folder / "ours", size)
    log = folder / "build.log"
    _say(f"{size} topics: warming up and checking the control site")
    sites = {name: folder / f"check-{name}" for name in ("ours", "control")}
    build(source, sites["ours"], log, keep=True)  # also writes docs/topics/ and compiles the hook
    control = control_project(source, folder / "control")
    build(control, sites["control"], log, keep=True)
    clocked = build(source, folder / "site-clocked", log, hook_times=folder / "hooks.json")
    slugs = [topic.slug for topic in check_project(source).catalogue.topics]
    samples = [
        f"{prefix}{path}index.html"
        for prefix in ("", "en/")
        for path in ("", f"topics/{slugs[0]}/", f"topics/{slugs[len(slugs) // 2]}/", f"topics/{slugs[-1]}/")
    ]
    differences = same_pages(sites["ours"], sites["control"], samples)
    results = {name: Result(size, name) for name in ("ours", "control")}
    query = search_query(sites["ours"])
    for name, site in sites.items():
        _say(f"{size} topics, {name}: a first search for «{query}»")
        results[name].search = measure_search(site, query, pagefind=name == "ours")
        shutil.rmtree(site)
    results["ours"].hooks = json.loads((folder / "hooks.json").read_text(encoding="utf-8"))
    results["ours"].hooks_build = clocked.seconds
    for number in range(runs):
        order = ("ours", "control") if number % 2 == 0 else ("control", "ours")  # both share the machine's drift
        for name in order:
            run = build(source if name == "ours" else control, folder / f"site-{name}", log)
            results[name].runs.append(run)
            _say(
                f"{size} topics, {name}, run {number + 1}/{runs}: {run.seconds:.2f} s ({run.cpu_seconds:.2f} s CPU), {run.peak_mib:.0f} MiB, {run.pages} pages"
            )
    shutil.rmtree(folder)
    return results["ours"], results["control"], differences


# Our search box has answered: the status line says how many pages, and every result shown is in.
ANSWERED = """() => /Найден|Ничего/.test(document.querySelector('.ci-search__status').textContent)
  && document.querySelector('.ci-search__results').getAttribute('aria-busy') === 'false'"""
SLOW_SEARCH_MS = 300_000  # how long the theme's search may take to answer before it counts as not answering
# The word a reader searches for: a Russian word in an inflected form, common to the real and synthetic articles.
QUERIES = ("обучением", "обучения", "модели")


def search_query(site: Path) -> str:
    index = (site / "index.html").read_text(encoding="utf-8")
    return next((word for word in QUERIES if word in index.lower()), QUERIES[-1])


def measure_search(site: Path, query: str, pagefind: bool) -> Search:
    """Open the Russian chapter index in Chromium, search as a reader does, and count what arrives."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout
    from playwright.sync_api import sync_playwright

    from tools.chromium import CHROMIUM, CHROMIUM_ARGS
    from tools.serving import sent_bytes, serve

    with serve(site) as base, sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        page = browser.new_page()
        loaded: list[str] = []
        page.on("requestfinished", lambda request: loaded.append(request.url))
        page.goto(f"{base}/", wait_until="networkidle", timeout=SLOW_SEARCH_MS)
        first_visit = sum(sent_bytes(site, url) for url in dict.fromkeys(loaded) if url.startswith(base))
        loaded.clear()
        if pagefind:
            # The same patience as for the theme's search: a big chapter index keeps the page busy too.
            page.locator(".ci-search__open").click(timeout=SLOW_SEARCH_MS)
            page.locator("#ci-search-query").fill(query, timeout=SLOW_SEARCH_MS)
            page.wait_for_function(ANSWERED, timeout=SLOW_SEARCH_MS)
            status = page.locator(".ci-search__status").inner_text()
            count = re.search(r"\d[\d\s]*", status)  # "Найдено 2 000 страниц": digits grouped with (no-break) spaces
            results = int(re.sub(r"\s", "", count[0])) if count else 0
        else:
            # The theme downloads and parses its whole index on the page's main thread first; on a big
            # catalogue the page does not answer for a long while, which is what this measures.
            try:
                page.locator(".md-search__input").click(timeout=SLOW_SEARCH_MS)
                page.locator(".md-search__input").fill(query, timeout=SLOW_SEARCH_MS)
                page.keyboard.press("End")  # the theme searches on a key press
                page.locator(".md-search-result__item").first.wait_for(timeout=SLOW_SEARCH_MS)
                results = page.locator(".md-search-result__item").count()
            except PlaywrightTimeout:
                results = None
        page.wait_for_load_state("networkidle", timeout=SLOW_SEARCH_MS)
        first_query = sum(sent_bytes(site, url) for url in dict.fromkeys(loaded) if url.startswith(base))
        browser.close()
    folder = site / ("pagefind" if pagefind else "search")
    return Search(
        query,
        first_visit,
        first_query,
        results,
        sum(path.stat().st_size for path in folder.rglob("*") if path.is_file()),
    )


def _answered(search: Search) -> str:
    return f"no answer in {SLOW_SEARCH_MS // 1000} s" if search.results is None else str(search.results)


def _say(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


# --- Reporting --------------------------------------------------------------


def machine() -> list[str]:
    cpu = next(
        (
            line.split(":", 1)[1].strip()
            for line in Path("/proc/cpuinfo").read_text().splitlines()
            if line.startswith("model name")
        ),
        platform.processor(),
    )
    memory = next(
        (
            int(line.split()[1])
            for line in Path("/proc/meminfo").read_text().splitlines()
            if line.startswith("MemTotal")
        ),
        0,
    )
    versions = ", ".join(
        f"{name} {metadata.version(name)}" for name in ("mkdocs", "mkdocs-material", "mkdocs-static-i18n")
    )
    commit = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True
    ).stdout.strip()
    dirty = subprocess.run(
        ["git", "status", "--porcelain", "--untracked-files=no"], cwd=ROOT, capture_output=True, text=True
    ).stdout.strip()
    return [
        f"- Machine: {cpu}, {os.cpu_count()} cores, {memory / 1024 / 1024:.0f} GiB memory",
        f"- Python {platform.python_version()}; {versions}",
        f"- Code: commit {commit}{' with uncommitted changes' if dirty else ''}; navigation parts of at most {PART_SIZE} topics",
        f"- Date: {datetime.datetime.now(datetime.UTC):%Y-%m-%d %H:%M} UTC",
    ]


def _load() -> str:
    return Path("/proc/loadavg").read_text().split()[0]


def verdict(ok: bool) -> str:
    return "PASS" if ok else "FAIL"


def report(
    pairs: list[tuple[Result, Result, list[str]]], runs: int, sizes: list[int], real_size: int, header: list[str]
) -> tuple[str, bool]:
    """The Markdown page of results; budgets are judged on wall time, CPU time is shown beside it."""
    lines = [
        "# Build benchmark",
        "",
        "Written by `benchmarks/build.py`. Rerun with:",
        "",
        "```sh",
        f".venv/bin/python benchmarks/build.py --runs {runs} --sizes {','.join(map(str, sizes))} --output benchmarks/RESULTS.md",
        "```",
        "",
        *header,
        "",
        f"Each site is built {runs} times, each time in a fresh `python -m mkdocs build` process, ours and the control taking turns.",
        f"{real_size} topics is the real site as committed; other sizes are synthetic catalogues generated from it",
        "(same labels and lending chapters, the same share of borrowed topics) with a 600–900-word article per topic and language.",
        "The control site has the same pages, settings, plugins and navigation, written as plain Markdown and built without the hooks.",
        "Per page is the median wall time over the HTML pages written; CPU is the build process's user and system time,",
        "which other work on the machine sways less than wall time; peak memory is the largest resident set of a build process.",
        "",
        "| Topics per language | Site | HTML pages | Median wall (s) | Wall range (s) | Per page (ms) | Median CPU (s) | Peak memory (MiB) | Ours / control (paired) | Ours / control (medians) |",
        "| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for ours, control, _ in pairs:
        for result in (ours, control):
            spread = f"{min(r.seconds for r in result.runs):.2f}–{max(r.seconds for r in result.runs):.2f}"
            ratios = (
                f"{ours.paired_ratio(control):.3f} | {ours.median / control.median:.3f}" if result is ours else " | "
            )
            lines.append(
                f"| {result.size} | {result.site} | {result.pages} | {result.median:.2f} | {spread} | {result.per_page_ms:.1f}"
                f" | {result.cpu_median:.2f} | {result.peak_mib:.0f} | {ratios} |"
            )
    ok = True
    lines += ["", "## Budgets", ""]
    for ours, control, _ in pairs:
        ratio = ours.paired_ratio(control)
        ok &= ratio <= RATIO_BUDGET
        lines.append(
            f"- Hooks add at most {RATIO_BUDGET - 1:.0%} to the control build, {ours.size} topics: ours/control (paired) = {ratio:.3f}"
            f" — **{verdict(ratio <= RATIO_BUDGET)}** (ratio of medians {ours.median / control.median:.3f}; best runs {ours.best / control.best:.3f};"
            f" CPU {ours.cpu_median / control.cpu_median:.3f}; the hooks' own time adds {ours.hooks_added:.1%})"
        )
    synthetic = [pair for pair in pairs if pair[0].size != real_size]
    for (small, small_control, _), (big, big_control, _) in zip(synthetic, synthetic[1:], strict=False):
        growth = big.per_page_ms / small.per_page_ms
        cpu_growth = (big.cpu_median / big.pages) / (small.cpu_median / small.pages)
        control_growth = big_control.per_page_ms / small_control.per_page_ms
        ok &= growth <= GROWTH_BUDGET
        lines.append(
            f"- Per-page cost grows at most {GROWTH_BUDGET}× from {small.size} to {big.size} topics: ours {growth:.2f}×"
            f" — **{verdict(growth <= GROWTH_BUDGET)}** (CPU {cpu_growth:.2f}×; control {control_growth:.2f}×)"
        )
    if len(synthetic) < 2:
        lines.append("- Per-page growth: not measured; it needs two synthetic sizes")
    lines += [
        "",
        "The budget is judged on paired runs: each of our builds against the control build next to it, then the median.",
        "On a busy machine the ratio of medians moves by more than the budget from one benchmark to the next;",
        "the hooks' own time below is the steadiest figure of what they cost.",
    ]
    lines += [
        "",
        "## The hooks' own time",
        "",
        "Timed inside one more, untimed build of our site: the seconds spent in each event function of the hooks,",
        "and what they add to the rest of that build. It leaves out what the hooks cost indirectly (such as garbage",
        "collection), which the ratio to the control site includes, but other work on the machine hardly moves it.",
        "Our `post_build` includes Pagefind's indexing, the work the control build does in the theme's search plugin,",
        "so the hooks' own time counts our search index while the control's is part of its build outside any hook.",
        "",
        "| Topics per language | Build (s) | Hooks (s) | Adds | By event (s) |",
        "| ---: | ---: | ---: | ---: | --- |",
    ]
    for ours, _, _ in pairs:
        events = ", ".join(
            f"{name} {seconds:.2f}"
            for name, seconds in sorted(ours.hooks.items(), key=lambda item: -item[1])
            if seconds >= 0.005
        )
        lines.append(
            f"| {ours.size} | {ours.hooks_build:.2f} | {sum(ours.hooks.values()):.2f} | {ours.hooks_added:.1%} | {events} |"
        )
    lines += [
        "",
        "## Search: ours (Pagefind) against the theme's (lunr)",
        "",
        "The Russian chapter index opened in Chromium on each site, then a reader's first search: our search box,",
        "or the theme's on the control site. Bytes are what a static host sends, gzip-compressed where it would",
        "compress (Pagefind's index files already are). The theme fetches its whole index with the page, so its",
        "first visit holds what its first query needs; the last columns add the two. Pagefind's indexing time is",
        "our `post_build` above.",
        "",
        "| Topics per language | Query | First visit, ours (KiB) | First visit, theme (KiB) | First query, ours (KiB) | First query, theme (KiB) | Visit and query, ours (KiB) | Visit and query, theme (KiB) | Results, ours / theme | Index on disk, ours / theme (MiB) | Indexing (s) |",
        "| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- | ---: |",
    ]
    for ours, control, _ in pairs:
        a, b = ours.search, control.search
        lines.append(
            f"| {ours.size} | {a.query} | {a.first_visit / 1024:.1f} | {b.first_visit / 1024:.1f} | {a.first_query / 1024:.1f} | {b.first_query / 1024:.1f}"
            f" | {(a.first_visit + a.first_query) / 1024:.1f} | {(b.first_visit + b.first_query) / 1024:.1f}"
            f" | {_answered(a)} / {_answered(b)} | {a.index_bytes / 2**20:.2f} / {b.index_bytes / 2**20:.2f} | {ours.hooks.get('post_build', 0.0):.2f} |"
        )
    real = next((pair[0].search for pair in pairs if pair[0].size == real_size), None)
    largest = max(pairs, key=lambda pair: pair[0].size)[0]
    if real and largest.size != real_size:
        growth = largest.search.first_query / real.first_query
        ok &= growth <= SEARCH_GROWTH_BUDGET
        lines.append(
            f"\n- A first query costs at most {SEARCH_GROWTH_BUDGET}× at {largest.size} topics what it costs on the real site:"
            f" {growth:.2f}× — **{verdict(growth <= SEARCH_GROWTH_BUDGET)}**"
        )
    differences = [f"{pair[0].size} topics: {difference}" for pair in pairs for difference in pair[2]]
    lines += ["", "## Control check", ""]
    lines += [f"- {difference}" for difference in differences] or [
        "Both sites wrote the same pages (apart from a 404 page of the control's second language, where it has one), and the article and navigation of sampled pages match."
    ]
    return "\n".join(lines) + "\n", ok


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3, help="timed builds per site and size (default 3)")
    parser.add_argument(
        "--sizes",
        default="20,200,2000",
        help="topics per language, comma-separated; the real catalogue's size builds the real site",
    )
    parser.add_argument(
        "--output", type=Path, default=ROOT / "benchmarks" / "RESULTS.md", help="where to write the Markdown table"
    )
    parser.add_argument(
        "--workdir", type=Path, help="where to generate the projects (default: a temporary folder, removed afterwards)"
    )
    args = parser.parse_args()
    sizes = [int(size) for size in args.sizes.split(",")]
    if args.runs < 1 or any(size < 1 for size in sizes):
        parser.error("runs and sizes must be positive")
    real_size = len(check_project(ROOT).catalogue.topics)
    header = machine()
    load = _load()
    workdir = Path(tempfile.mkdtemp(prefix="chapter-benchmark-", dir=args.workdir))
    try:
        pairs = [measure(size, workdir, args.runs, real_size) for size in sizes]
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    header.append(
        f"- Load average (one minute) at the start {load}, at the end {_load()}: other work on the machine shows here"
    )
    text, ok = report(pairs, args.runs, sizes, real_size, header)
    args.output.write_text(text, encoding="utf-8")
    print(text)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
