"""Synthetic chapters of any size, shaped like the real one, for the benchmarks.

A catalogue of `size` topics made from the real one (the same labels, lending chapters and share of borrowed
topics), and a 600–900-word article per topic and language written from the real catalogue's words, with
sections, a table, code, a list and links to other topics. Every fact of facts.yaml is quoted by some article
and every figure is shown by one, as the strict build requires of the real chapter.
"""

from __future__ import annotations

import math
import random
import re
import shutil
from collections.abc import Sequence
from pathlib import Path

import yaml

from chapter.authoring import sync_pairs
from chapter.catalogue import LANGUAGES
from chapter.glossary import load_glossary
from chapter.urls import article_source
from tools.site import ROOT, copy_project

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
FIGURES = {"ru": "Схема", "en": "Diagram"}
QUOTES = {"ru": "Справочные значения", "en": "Reference values"}
PART = {"ru": "часть", "en": "part"}
SOURCES_HEADING = {"ru": "Источники", "en": "Sources"}
SOURCES = (  # the standard asks for at least three primary sources, in a last section
    "- [NVIDIA H100 Tensor Core GPU](https://www.nvidia.com/en-us/data-center/h100/)",
    "- [PyTorch documentation](https://docs.pytorch.org/docs/stable/index.html)",
    "- [MkDocs](https://www.mkdocs.org/)",
)
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


class _NoAliases(yaml.SafeDumper):
    """The catalogue loader refuses anchors and aliases, so never write them."""

    def ignore_aliases(self, data) -> bool:
        return True


def dump_yaml(data: object) -> str:
    return yaml.dump(data, Dumper=_NoAliases, allow_unicode=True, sort_keys=False, width=10_000)


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
        if "reviewed" in first:
            topic["reviewed"] = first["reviewed"]
        if math.floor(number * share) > math.floor(index * share):  # borrowed topics spread evenly
            topic["origin"] = borrowed[lent % len(borrowed)]["origin"]
            lent += 1
        topic["title"] = {
            lang: f"{first['title'][lang]} — {second['title'][lang]}, {PART[lang]} {number}" for lang in LANGUAGES
        }
        topic["summary"] = {lang: f"{first['summary'][lang]} {second['summary'][lang]}" for lang in LANGUAGES}
        result.append(topic)
    lenders = {topic["origin"] for topic in result if "origin" in topic}  # a chapter that lends nothing is refused
    return {**real, "chapters": [chapter for chapter in real["chapters"] if chapter["id"] in lenders], "topics": result}


def word_pools(real: dict, glossary_file: Path) -> dict[str, list[str]]:
    """The words of the real catalogue, per language, to write articles with; none the glossary avoids."""
    texts: dict[str, list[str]] = {lang: [] for lang in LANGUAGES}
    for item in [real["chapter"], *real["labels"].values(), *real["topics"]]:
        for key in ("title", "summary", "name", "meaning"):
            for lang in LANGUAGES:
                if key in item:
                    texts[lang].append(item[key][lang])
    pattern = {"ru": RUSSIAN_WORD, "en": ENGLISH_WORD}
    glossary = load_glossary(glossary_file)
    return {
        lang: [
            word.lower()
            for text in texts[lang]
            for word in pattern[lang].findall(text)
            if not glossary.problems([(1, word)], lang)
        ]
        for lang in LANGUAGES
    }


def shares(items: Sequence[str], size: int) -> list[list[str]]:
    """`items` dealt out to `size` topics, each item to at least one: every fact quoted, every figure shown."""
    if not items:
        return [[] for _ in range(size)]
    ways = min(size, len(items))
    return [[item for number, item in enumerate(items) if number % ways == index % ways] for index in range(size)]


def article_sections(slug: str) -> list[tuple[str, str, str]]:
    """The sections of a topic's article, the same in both languages so anchors match."""
    return random.Random(slug).sample(SECTIONS, 5)


def article(
    topic: dict,
    lang: str,
    topics: list[dict],
    words: list[str],
    facts: Sequence[str] = (),
    figures: Sequence[str] = (),
) -> str:
    """About 600–900 words of Markdown: sections with anchors, a table, code, a list, links to other topics.

    The article quotes `facts` by their markers and shows `figures` (their names in docs/figures/).
    """
    shape = random.Random(f"{topic['slug']}/shape")  # the same for both languages
    text = random.Random(f"{topic['slug']}/{lang}")
    target = shape.randint(600, 900)
    sections = article_sections(topic["slug"])
    table, code, listing, links = shape.sample(range(len(sections)), 4)
    values = {"batch": 2 ** shape.randint(3, 9), "workers": shape.randint(2, 16), "epochs": shape.randint(1, 90)}
    rows = shape.randint(4, 6)  # tables are the same shape in both languages, as the build requires

    def sentence() -> str:
        chosen = text.choices(words, k=text.randint(8, 16))
        if text.random() < 0.3:
            chosen[2] = f"**{chosen[2]}**"
        if text.random() < 0.2:
            chosen[-2] = f"`{chosen[-2]}`"
        return " ".join(chosen).capitalize() + "."

    bodies: list[list[str]] = [[_paragraph(sentence, text)] for _ in sections]
    while sum(len(block.split()) for body in bodies for block in body) < target - 160:  # the rest: table, list, links
        bodies[text.randrange(len(sections))].append(_paragraph(sentence, text))
    bodies[table].append(_table(lang, rows, words, text))
    bodies[code].append("```python\n" + "\n".join(line.format(**values) for line in CODE) + "\n```")
    bodies[listing].append("\n".join(f"- {sentence()}" for _ in range(text.randint(4, 6))))
    bodies[links].append(_see_also(lang, shape.sample(topics, min(4, len(topics)))))
    if facts:
        bodies[0].append(f"{QUOTES[lang]}: " + ", ".join(f"{{fact:{fact}}}" for fact in facts) + ".")
    bodies[0] += [f"![{FIGURES[lang]} {number}](../figures/{name}.svg)" for number, name in enumerate(figures, 1)]
    heading = 1 if lang == "ru" else 2
    return (
        "\n\n".join(
            f"## {section[heading]} {{ #{section[0]} }}\n\n" + "\n\n".join(body)
            for section, body in zip(sections, bodies, strict=True)
        )
        + f"\n\n## {SOURCES_HEADING[lang]} {{ #sources }}\n\n"
        + "\n".join(SOURCES)
        + "\n"
    )


def _paragraph(sentence, text: random.Random) -> str:
    return " ".join(sentence() for _ in range(text.randint(3, 5)))


def _table(lang: str, rows: int, words: list[str], text: random.Random) -> str:
    head = TABLE_HEAD[lang]
    return "\n".join(
        [f"| {' | '.join(head)} |", "| --- | ---: | --- |"]
        + [
            f"| {text.choice(words)} | {text.randint(2, 4096)} | {' '.join(text.choices(words, k=4))} |"
            for _ in range(rows)
        ]
    )


def _see_also(lang: str, linked: list[dict]) -> str:
    see = []
    for number, other in enumerate(linked):
        anchor = f"#{article_sections(other['slug'])[0][0]}" if number % 2 else ""
        see.append(f"[{other['title'][lang]}]({other['slug']}.md{anchor})")
    return f"{SEE_ALSO[lang]}: {', '.join(see)}."


def synthetic_project(dest: Path, size: int, *, source: Path = ROOT) -> Path:
    """The project with a generated catalogue of `size` topics and an article for each in every language."""
    project = copy_project(dest, data=source)
    real = yaml.safe_load((source / "topics.yaml").read_text(encoding="utf-8"))
    data = synthetic_catalogue(real, size)
    (project / "topics.yaml").write_text(
        f"# Synthetic catalogue of {size} topics generated by the benchmarks\n{dump_yaml(data)}", encoding="utf-8"
    )
    facts_file = project / "facts.yaml"
    facts = list(yaml.safe_load(facts_file.read_text(encoding="utf-8"))["facts"]) if facts_file.is_file() else []
    figures = sorted(path.stem for path in (project / "docs" / "figures").glob("*.svg") if path.stem.count(".") == 0)
    words = word_pools(real, source / "glossary.yaml")
    articles = project / "docs" / "articles"
    shutil.rmtree(articles, ignore_errors=True)
    articles.mkdir(parents=True)
    quoting, showing = shares(facts, size), shares(figures, size)
    for number, topic in enumerate(data["topics"]):
        for lang in LANGUAGES:
            (project / "docs" / article_source(topic["slug"], lang)).write_text(
                article(topic, lang, data["topics"], words[lang], quoting[number], showing[number]), encoding="utf-8"
            )
    sync_pairs(project, None)  # every pair recorded in step, as the real chapter's are
    return project
