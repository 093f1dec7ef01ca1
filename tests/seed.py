"""The chapter page as the knowledge base shows it today, read without the project's code.

`fixtures/seed.txt` is that page's text: chapter title (English, then Russian),
summary, legend heading, then two lines per topic — the English title with its
label glued on, and the Russian title, origin and summary glued together —
and a closing note on borrowed topics.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

SEED = Path(__file__).parent / "fixtures" / "seed.txt"
LABELS = ("новинка", "актуально")


@dataclass(frozen=True)
class SeedTopic:
    title_en: str
    label_ru: str
    ru_line: str  # Russian title + optional «из «…»» + Russian summary, as the page joins them


@dataclass(frozen=True)
class Seed:
    title_en: str
    title_ru: str
    summary_ru: str
    legend_heading: str
    topics: tuple[SeedTopic, ...]
    borrowed_note: str


def read_seed(path: Path = SEED) -> Seed:
    lines = path.read_text(encoding="utf-8").splitlines()
    title_en, title_ru, summary_ru, legend_heading, *rest = lines
    *topic_lines, note = rest
    topics = []
    for heading, ru_line in zip(topic_lines[::2], topic_lines[1::2], strict=True):
        label = next(label for label in LABELS if heading.endswith(label))
        topics.append(SeedTopic(heading.removesuffix(label), label, ru_line))
    return Seed(title_en, title_ru, summary_ru, legend_heading, tuple(topics), note)
