"""Both authors' guides explain every rule the checks report, with an example line exactly as the checker prints it.

An author who meets `CI503` in a build log looks it up in AUTHORING.md or
AUTHORING.ru.md. The guides are read as Markdown (Python-Markdown, the site's
own renderer), so the test follows their structure rather than their wording:
the rules section is a second-level heading, each group of problems.py a
third-level heading under it, and each rule a list item that starts with its
id in bold and its severity in parentheses, with nested items for the example
and the fix.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

import markdown
import pytest
from bs4 import BeautifulSoup, Tag

from chapter.problems import ERROR, NOTICE, RULES, WARNING, Problem
from tools.site import ROOT

RULE_ID = re.compile(r"\bCI\d{3}\b")


@dataclass(frozen=True)
class Guide:
    """How one guide writes its rules.

    Its section's title, the severities in its language, and the labels of an entry's parts.
    """

    file: str
    section: str
    severities: tuple[tuple[str, str], ...]  # (severity as the checker prints it, the word the guide uses)
    example: str
    fix: str
    checking: str

    def word(self, severity: str) -> str:
        return dict(self.severities)[severity]


GUIDES = (
    Guide(
        "AUTHORING.md",
        "Rules",
        ((ERROR, "error"), (WARNING, "warning"), (NOTICE, "notice")),
        "Example:",
        "Fix:",
        "Checking your work",
    ),
    Guide(
        "AUTHORING.ru.md",
        "Правила проверки",
        ((ERROR, "ошибка"), (WARNING, "предупреждение"), (NOTICE, "замечание")),
        "Пример:",
        "Что делать:",
        "Как проверить себя",
    ),
)


@dataclass(frozen=True)
class Entry:
    """One rule as a guide explains it."""

    group: str
    rule: str
    lead: str  # the text after the id: "(error): what the rule protects"
    example: str | None  # the text of the example's code span
    fix: str | None


def _document(guide: Guide) -> BeautifulSoup:
    text = (ROOT / guide.file).read_text(encoding="utf-8")
    return BeautifulSoup(markdown.markdown(text, extensions=["fenced_code", "tables"]), "html.parser")


def _section(guide: Guide, title: str) -> list[Tag]:
    """The elements under the second-level heading `title`, up to the next one."""
    headings = [heading for heading in _document(guide).find_all("h2") if heading.get_text(strip=True) == title]
    assert len(headings) == 1, f"{guide.file}: expected one '## {title}' section, found {len(headings)}"
    found = []
    for sibling in headings[0].find_next_siblings():
        if sibling.name == "h2":
            break
        found.append(sibling)
    return found


@functools.cache
def entries(guide: Guide) -> list[Entry]:
    """Every rule entry of the guide's rules section, in the order the guide lists them."""
    found = []
    group = ""
    for element in _section(guide, guide.section):
        if element.name == "h3":
            group = element.get_text(strip=True)
        elif element.name == "ul":
            found += [_entry(guide, group, item) for item in element.find_all("li", recursive=False)]
    return found


def _entry(guide: Guide, group: str, item: Tag) -> Entry:
    strong = item.find("strong")
    assert strong is not None, (
        f"{guide.file}: a rule entry in '{group}' does not start with its id in bold: {item.get_text()[:80]!r}"
    )
    lead = "".join(
        str(node) if isinstance(node, str) else node.get_text()
        for node in strong.next_siblings
        if getattr(node, "name", None) != "ul"
    ).strip()
    parts = {}
    nested = item.find("ul")
    for part in nested.find_all("li", recursive=False) if nested else []:
        text = part.get_text(" ", strip=True)
        for label in (guide.example, guide.fix):
            if text.startswith(label):
                code = part.find("code")
                parts[label] = code.get_text() if label == guide.example and code else text.removeprefix(label).strip()
    return Entry(group, strong.get_text(strip=True), lead, parts.get(guide.example), parts.get(guide.fix))


def _by_rule(guide: Guide) -> dict[str, Entry]:
    return {entry.rule: entry for entry in entries(guide)}


@pytest.mark.parametrize("guide", GUIDES, ids=lambda guide: guide.file)
def test_every_rule_has_one_entry_in_the_order_of_problems_py(guide: Guide) -> None:
    assert [entry.rule for entry in entries(guide)] == list(RULES)


@pytest.mark.parametrize("guide", GUIDES, ids=lambda guide: guide.file)
def test_the_guide_names_no_rule_that_problems_py_lacks(guide: Guide) -> None:
    named = set(RULE_ID.findall((ROOT / guide.file).read_text(encoding="utf-8")))
    assert named - set(RULES) == set()


@pytest.mark.parametrize("guide", GUIDES, ids=lambda guide: guide.file)
def test_rules_are_grouped_as_problems_py_groups_them(guide: Guide) -> None:
    """One heading per hundred rules, in the order of problems.py (CI0xx files and data, CI1xx the standard, …)."""
    groups: dict[str, set[str]] = {}
    for entry in entries(guide):
        groups.setdefault(entry.group, set()).add(entry.rule[2])
    assert all(groups), f"{guide.file}: a rule is listed before the first group heading"
    assert [sorted(hundreds) for hundreds in groups.values()] == [
        [hundred] for hundred in dict.fromkeys(rule[2] for rule in RULES)
    ]


@pytest.mark.parametrize("guide", GUIDES, ids=lambda guide: guide.file)
@pytest.mark.parametrize("rule", list(RULES))
def test_each_entry_gives_severity_example_and_fix(guide: Guide, rule: str) -> None:
    entry = _by_rule(guide).get(rule)
    assert entry is not None, f"{guide.file} has no entry for {rule}"
    severity = RULES[rule].severity
    assert entry.lead.startswith(f"({guide.word(severity)}):"), (
        f"{guide.file}: {rule} is a {severity}; its entry says {entry.lead[:40]!r}"
    )
    assert len(entry.lead) > len(f"({guide.word(severity)}):") + 20, (
        f"{guide.file}: {rule} does not say what it protects"
    )
    assert entry.example, f"{guide.file}: {rule} has no example in a code span after {guide.example!r}"
    assert entry.fix, f"{guide.file}: {rule} does not say what to do after {guide.fix!r}"
    place, _, rest = entry.example.partition(": ")
    file, *numbers = place.split(":")
    assert file and " " not in file and len(numbers) <= 2 and all(number.isdigit() for number in numbers), (
        f"{guide.file}: {rule}: {place!r} is not file:line:column"
    )
    shown_severity, shown_rule, message = (rest.split(" ", 2) + ["", ""])[:3]
    assert (shown_severity, shown_rule) == (severity, rule)
    line, column = ([int(number) for number in numbers] + [0, 0])[:2]
    # The line must be exactly what the checker prints for such a problem, place and all.
    assert Problem(file, line, column, rule, message).text() == entry.example


@pytest.mark.parametrize("guide", GUIDES, ids=lambda guide: guide.file)
def test_checking_your_work_says_what_stops_what(guide: Guide) -> None:
    """The section an author reads first names the severities, the strictness shared by check and build, the outputs."""
    text = " ".join(element.get_text(" ") for element in _section(guide, guide.checking))
    for needed in (
        "strict: true",
        "--no-strict",
        "--drafts",
        "--format github",
        "--format json",
        *dict(guide.severities).values(),
    ):
        assert needed in text, f"{guide.file}: '{guide.checking}' does not mention {needed!r}"
    links = [link.get("href") for element in _section(guide, guide.checking) for link in element.find_all("a")]
    assert "#" + guide.section.lower().replace(" ", "-") in links, (
        f"{guide.file}: '{guide.checking}' does not point to '{guide.section}'"
    )
