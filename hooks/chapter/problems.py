"""One shape for everything a check finds: where it is, which rule it breaks, and how much that matters.

Every check of the project returns Problems; `chapter check` prints them as
text, workflow annotations or JSON, and the build stops on them, all from these
objects. Each rule id has an entry in AUTHORING.md and AUTHORING.ru.md with an
example and the fix.

Severities: an *error* makes the site wrong or unsafe, and stops the build and
the check; a *warning* is a doubt that stops them under `strict` (the chapter's
mkdocs.yml is strict, and so is `chapter check`); a *notice* is an editorial
shortfall (the article standard, a translation that lags, a label past its
promise): the build publishes and shows it to readers where it concerns them,
and `chapter check` asks for the fix.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import asdict, dataclass

from .errors import ChapterError

ERROR, WARNING, NOTICE = "error", "warning", "notice"


@dataclass(frozen=True)
class Rule:
    id: str
    severity: str
    title: str


_RULES = (
    # Files and data
    Rule("CI001", ERROR, "a file that is not UTF-8 text"),
    Rule("CI002", ERROR, "a byte order mark at the start of a file"),
    Rule("CI003", ERROR, "a character no text file holds (NUL, other control characters)"),
    Rule("CI004", ERROR, "a file too large to be a chapter's source"),
    Rule("CI005", ERROR, "YAML syntax"),
    Rule("CI006", ERROR, "YAML beyond plain data: anchors, aliases, tags, deep nesting"),
    Rule("CI007", ERROR, "a file the chapter needs is missing or cannot be read"),
    Rule("CI010", ERROR, "a field of the wrong shape: unknown, missing, repeated or of the wrong kind"),
    Rule(
        "CI011", ERROR, "a value the field does not take: identifiers, dates, numbers, addresses, references, lengths"
    ),
    Rule("CI012", WARNING, "declared but unused: a lending chapter no topic comes from"),
    Rule("CI013", ERROR, "dates out of order"),
    Rule("CI014", ERROR, "catalogue text in the wrong language"),
    # The article standard
    Rule("CI101", NOTICE, "long enough to be useful"),
    Rule("CI102", NOTICE, "sections, ending with the sources"),
    Rule("CI103", NOTICE, "real, distinct sources"),
    Rule("CI104", NOTICE, "something to use"),
    Rule("CI105", NOTICE, "links to related topics"),
    Rule("CI106", NOTICE, "typography"),
    Rule("CI107", NOTICE, "figures with a text alternative and a viewBox"),
    # Translations
    Rule("CI201", NOTICE, "a pair or section not yet recorded in step"),
    Rule("CI202", NOTICE, "a section behind the other language"),
    Rule("CI203", NOTICE, "a section changed in both languages"),
    Rule("CI204", NOTICE, "a record of a section or topic that is gone"),
    Rule("CI205", ERROR, "translations.yaml is not what `chapter sync` writes"),
    # Labels
    Rule("CI301", NOTICE, "a label kept longer than it lasts"),
    Rule("CI302", NOTICE, "a label that promises a review the topic has not had"),
    Rule("CI303", NOTICE, "a day still to come"),
    # Facts
    Rule("CI401", NOTICE, "a fact due to be read again"),
    Rule("CI402", NOTICE, "a fact read on a day still to come"),
    Rule("CI403", ERROR, "a marker that names no fact"),
    Rule("CI404", ERROR, "a marker where a page cannot show a linked value"),
    Rule("CI405", ERROR, "the two languages quote different facts"),
    Rule("CI406", WARNING, "a fact no article quotes"),
    # Articles
    Rule("CI501", ERROR, "an article file no topic owns"),
    Rule("CI502", ERROR, "front matter or a page title in an article"),
    Rule("CI503", ERROR, "a code fence the site would not show as code"),
    Rule("CI504", ERROR, "headings and their anchors"),
    Rule("CI505", ERROR, "a link or figure that leads nowhere"),
    Rule("CI506", ERROR, "a translation whose structure departs from the original"),
    Rule("CI507", ERROR, "a term the glossary avoids"),
    Rule("CI508", ERROR, "comments and text alternatives in the article's language"),
    Rule("CI509", ERROR, "code blocks the site cannot show as written"),
    Rule("CI510", ERROR, "a library an example imports that the examples' requirements do not pin"),
    Rule("CI511", NOTICE, "a pinned library with a newer release"),
    Rule("CI512", ERROR, "smaller sizes that do not fit their example"),
    Rule("CI513", ERROR, "a calculator marker the page cannot show"),
    # Safety
    Rule("CI601", ERROR, "an HTML element an article may not carry"),
    Rule("CI602", ERROR, "an HTML attribute an article may not carry"),
    Rule("CI603", ERROR, "an address with a scheme a page may not follow (javascript:, vbscript:, data:)"),
    Rule("CI604", ERROR, "a resource from another host"),
    Rule("CI605", ERROR, "a figure with active content: script, foreignObject, event handlers"),
    Rule("CI606", ERROR, "a figure that refers to another host"),
    Rule("CI607", WARNING, "a figure no article shows"),
    Rule("CI608", ERROR, "a published file that loads another host, runs an inline handler or follows javascript:"),
    Rule("CI609", ERROR, "a published site that advertises a loopback address"),
    # Figures
    Rule("CI701", ERROR, "a figure that is not well-formed SVG"),
    Rule("CI702", ERROR, "figure labels in the page's language"),
    Rule("CI703", ERROR, "a hand-made per-language copy of a figure"),
    # Pages
    Rule("CI801", ERROR, "a chapter page's front matter"),
    Rule("CI802", ERROR, "a theme feature or Markdown extension the pages' script does not support"),
    Rule("CI803", ERROR, "Markdown extensions or options other than those the checks render with"),
)
RULES = {rule.id: rule for rule in _RULES}


@dataclass(frozen=True, order=True)
class Problem:
    """One mistake at one place.

    `file` as the author opens it, relative to the project; line and column from 1, 0 where unknown.
    """

    file: str
    line: int
    column: int
    rule: str
    message: str

    def __post_init__(self) -> None:
        assert self.rule in RULES, f"unknown rule {self.rule!r}"

    @property
    def severity(self) -> str:
        return RULES[self.rule].severity

    @property
    def place(self) -> str:
        numbers = [self.line, self.column] if self.line and self.column else [self.line] if self.line else []
        return ":".join([self.file, *map(str, numbers)])

    def text(self) -> str:
        """`file:line:column: severity RULE message`, as compilers and linters print a problem."""
        return f"{self.place}: {self.severity} {self.rule} {self.message}"

    def annotation(self) -> str:
        """A GitHub workflow command that shows the problem on its line of a pull request's diff."""
        properties = [f"file={_property(self.file)}"]
        properties += [f"line={self.line}"] if self.line else []
        properties += [f"col={self.column}"] if self.line and self.column else []
        properties.append(f"title={self.rule}")
        return f"::{self.severity} {','.join(properties)}::{_data(self.message)}"

    def as_dict(self) -> dict[str, object]:
        return {**asdict(self), "severity": self.severity}


def at(file: str, line: int, rule: str, message: str, column: int = 0) -> Problem:
    return Problem(file, line, column, rule, message)


def blocking(problems: Iterable[Problem], *, strict: bool) -> list[Problem]:
    """What stops a build: errors, and warnings where it is strict; notices never do."""
    stopping = {ERROR, WARNING} if strict else {ERROR}
    return [problem for problem in problems if problem.severity in stopping]


def as_json(problems: Iterable[Problem]) -> str:
    return json.dumps([problem.as_dict() for problem in problems], ensure_ascii=False, indent=2)


def _data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _property(text: str) -> str:
    return _data(text).replace(":", "%3A").replace(",", "%2C")


class ProblemsFound(ChapterError):
    """Raised by callers that stop on problems; carries them for whoever reports."""

    def __init__(self, problems: list[Problem]):
        self.problems = sorted(problems)
        super().__init__("\n".join(problem.text() for problem in self.problems))
