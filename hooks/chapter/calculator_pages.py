"""Where an article places a calculator, and what its page shows before any script runs.

An article writes `{calculator:checkpoint-interval}` on a line of its own. Like a
fact marker (quotes.py), the line becomes a token of letters and digits that
Markdown leaves alone; once Markdown is done the token's paragraph is replaced
by the calculator's markup, made by a template from the view objects here. The
view carries every number already computed by `calculators.py` and formatted as
the page language writes it, so the page reads fully without JavaScript; the
page script only recomputes.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from decimal import Decimal

from babel.numbers import format_decimal

from .articles import Fence, scan
from .calculators import BYTES_PER_UNIT, CALCULATORS, Calculator, Choice, Field, Result, Switch
from .facts import NO_FACTS, Fact, Registry, quantity
from .language import STRINGS, locale, translate

RULE = "CI513"
MARKER = re.compile(r"\{calculator:(?P<id>[^{}\s]*)\}")
TOKEN_START = "cicalc"

Found = tuple[int, int, str, str]  # line, column, rule, message: a problem in the article


@dataclass(frozen=True)
class Placement:
    """A calculator an article places.

    The token that stands for it until Markdown is done, and where the author wrote it.
    """

    token: str
    calculator: str
    line: int


@dataclass(frozen=True)
class OptionView:
    value: str  # the fact's value in bytes, as a number the script reads
    text: str
    selected: bool


@dataclass(frozen=True)
class FieldView:
    id: str
    name: str
    label: str
    unit: str  # the unit's symbol after the input; "" for a count
    value: str  # the default as the page language writes it
    low: str = ""  # the limits and scale, as numbers the script reads
    high: str = ""
    low_open: str = "false"  # "true" where `low` itself is refused
    whole: str = "false"  # "true" where only whole numbers make sense
    scale: str = "1"
    message: str = ""  # what the page says next to a value out of range
    options: tuple[OptionView, ...] = ()  # for a choice among facts: a list instead of a text input
    switch: bool = False  # on or off: a checkbox
    checked: bool = False


@dataclass(frozen=True)
class ResultView:
    id: str
    name: str
    label: str
    value: str  # the default result, with its unit
    unit: str  # the unit template the script fills: "{} мин"
    digits: str
    scale: str
    yes: str = ""  # for a verdict: the words for 1 and for 0
    no: str = ""


@dataclass(frozen=True)
class CalculatorView:
    id: str  # of the markup: calc-<calculator>
    calculator: str
    title: str
    fields: tuple[FieldView, ...]
    results: tuple[ResultView, ...]
    summary: str  # the default results in a sentence, as announced
    summary_template: str
    invalid: str
    inputs: str  # the inputs' ids, for each output's `for`
    caption: str
    headers: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    leaves_out: str


def place(text: str) -> tuple[str, tuple[Placement, ...]]:
    """The article with each marker line (outside code) replaced by a token, and the calculators placed, in order.

    Only a line that holds nothing but a known calculator's marker is replaced; any other marker is
    left as written, and `marker_problems` names it, so the check stops the build before a page shows it.
    """
    prefix = _prefix(text)
    lines = text.splitlines(keepends=True)
    placements: list[Placement] = []
    for item in scan([line.rstrip("\r\n") for line in lines]):
        if isinstance(item, Fence):
            continue
        match = MARKER.fullmatch(lines[item].strip())
        if match is None or match["id"] not in CALCULATORS:
            continue
        placements.append(Placement(f"{prefix}{len(placements)}z", match["id"], item + 1))
        indent = lines[item][: len(lines[item]) - len(lines[item].lstrip())]
        lines[item] = f"{indent}{placements[-1].token}\n"
    return "".join(lines), tuple(placements)


def marker_problems(text: str) -> list[Found]:
    """Markers the page could not show: naming no calculator, not a paragraph of their own, or placing one twice."""
    problems: list[Found] = []
    seen: set[str] = set()
    lines = text.splitlines()
    for item in scan(lines):
        if isinstance(item, Fence) or "{calculator:" not in lines[item]:
            continue
        line = lines[item]
        for match in MARKER.finditer(line):
            where = (item + 1, match.start() + 1, RULE)
            known = ", ".join(sorted(CALCULATORS))
            if match["id"] not in CALCULATORS:
                problems.append((*where, f"{match[0]} names no calculator; the calculators are: {known}"))
            elif line != match[0]:
                problems.append(
                    (
                        *where,
                        f"{match[0]} shares its line with other text or is indented: "
                        "write the marker alone at the start of a line",
                    )
                )
            elif any(lines[near].strip() for near in (item - 1, item + 1) if 0 <= near < len(lines)):
                problems.append(
                    (*where, f"{match[0]} touches the text around it: put a blank line before and after the marker")
                )
            elif match["id"] in seen:
                problems.append(
                    (*where, f"{match[0]} is placed twice in the article: a page shows each calculator once")
                )
            seen.add(match["id"])
    return problems


def placed(text: str) -> list[str]:
    """The ids of the calculators an article places, in order: both languages of a topic place the same."""
    lines = text.splitlines()
    return [
        match["id"] for item in scan(lines) if not isinstance(item, Fence) for match in MARKER.finditer(lines[item])
    ]


def insert(html: str, placements: Sequence[Placement], shown: Callable[[str], str]) -> tuple[str, list[Found]]:
    """The page's HTML with each placed calculator's paragraph replaced by `shown(id)`.

    Also the problems of the placements that did not land as a paragraph.
    """
    problems: list[Found] = []
    for placement in placements:
        paragraph = f"<p>{placement.token}</p>"
        if paragraph in html:
            html = html.replace(paragraph, shown(placement.calculator), 1)
        else:
            message = (
                f"{{calculator:{placement.calculator}}} does not stand as a paragraph of its own: "
                "put it between blank lines"
            )
            problems.append((placement.line, 1, RULE, message))
            html = html.replace(placement.token, f"{{calculator:{placement.calculator}}}")
    return html, problems


def view(calculator: Calculator, lang: str, registry: Registry = NO_FACTS) -> CalculatorView:
    """Everything the template writes for one calculator in one language, its defaults and typical cases computed here.

    A choice among facts offers each fact's value in bytes from `registry`; `calculator_problems` has made sure
    they are there.
    """
    key = f"calc.{calculator.id}"
    defaults = calculator.compute(_in_bytes(calculator.defaults, registry))
    results = tuple(_result(calculator, result, defaults[result.name], lang) for result in calculator.results)
    template = STRINGS[lang][f"{key}.summary"]  # its {names} are the script's to fill too
    rows = tuple(_row(calculator, calculator.case(row), lang, registry) for row in calculator.cases)
    shown = calculator.table or tuple(part.name for part in (*calculator.fields, *calculator.results))
    columns = [part for part in (*calculator.fields, *calculator.results) if part.name in shown]
    return CalculatorView(
        id=f"calc-{calculator.id}",
        calculator=calculator.id,
        title=translate(lang, f"{key}.title"),
        fields=tuple(_field(calculator, field, lang, registry) for field in calculator.fields),
        results=results,
        summary=template.format(**{result.name: result.value for result in results}),
        summary_template=template,
        invalid=translate(lang, "calc.invalid"),
        inputs=" ".join(f"calc-{calculator.id}-{field.name}" for field in calculator.fields),
        caption=translate(lang, "calc.cases"),
        headers=tuple(_header(calculator, part, lang) for part in columns),
        rows=rows,
        leaves_out=translate(lang, f"{key}.leaves_out"),
    )


def calculator_problems(calculator: Calculator, registry: Registry) -> list[str]:
    """What keeps a calculator's choices from their facts: a fact facts.yaml lacks, or one not in a unit of bytes."""
    problems = []
    for fact_id in calculator.facts:
        fact = registry.fact(fact_id)
        if fact is None:
            problems.append(f"the calculator {calculator.id} offers the fact {fact_id}, which facts.yaml does not have")
        elif fact.unit is None or fact.unit.id not in BYTES_PER_UNIT:
            problems.append(
                f"the calculator {calculator.id} offers the fact {fact_id} as memory, "
                f"and its unit is not one of: {', '.join(BYTES_PER_UNIT)}"
            )
    return problems


def _bytes(fact: Fact | None) -> float:
    if fact is None or fact.unit is None:
        raise KeyError("a calculator's fact is missing from facts.yaml, or has no unit: the project's check names it")
    return float(fact.value) * BYTES_PER_UNIT[fact.unit.id]


def _in_bytes(values: dict[str, float | str], registry: Registry) -> dict[str, float]:
    """Inputs with each chosen fact as its value in bytes."""
    return {name: _bytes(registry.fact(value)) if isinstance(value, str) else value for name, value in values.items()}


def _header(calculator: Calculator, part: Field | Choice | Switch | Result, lang: str) -> str:
    label = translate(lang, f"calc.{calculator.id}.{part.name}.short")
    unit = _symbol(part.unit, lang) if isinstance(part, Field | Result) else ""
    return translate(lang, "calc.header", label=label, unit=unit) if unit else label


def _field(calculator: Calculator, field: Field | Choice | Switch, lang: str, registry: Registry) -> FieldView:
    shown_id, label = f"calc-{calculator.id}-{field.name}", translate(lang, f"calc.{calculator.id}.{field.name}")
    if isinstance(field, Choice):
        facts = [(fact_id, registry.fact(fact_id)) for fact_id in field.options]
        options = tuple(
            OptionView(
                repr(_bytes(fact)),
                translate(lang, "calc.option", name=fact.name[lang], value=quantity(fact, lang)),
                fact_id == field.default,
            )
            for fact_id, fact in facts
            if fact is not None
        )
        return FieldView(shown_id, field.name, label, unit="", value="", options=options)
    if isinstance(field, Switch):
        return FieldView(shown_id, field.name, label, unit="", value="", switch=True, checked=field.default)
    low, high = (_with_unit(_number(value, lang, 6), field.unit, lang) for value in (field.low, field.high))
    message = translate(
        lang,
        ("calc.above" if field.low_open else "calc.between") + (".whole" if field.whole else ""),
        low=low,
        high=high,
    )
    return FieldView(
        shown_id,
        field.name,
        label,
        unit=_symbol(field.unit, lang),
        value=_number(field.default, lang, 6),
        low=repr(field.low),
        high=repr(field.high),
        low_open="true" if field.low_open else "false",
        whole="true" if field.whole else "false",
        scale=repr(field.scale),
        message=message,
    )


def _result(calculator: Calculator, result: Result, value: float, lang: str) -> ResultView:
    key = f"calc.{calculator.id}.{result.name}"
    yes, no = (translate(lang, f"{key}.{word}") if result.verdict else "" for word in ("yes", "no"))
    return ResultView(
        id=f"calc-{calculator.id}-{result.name}",
        name=result.name,
        label=translate(lang, key),
        value=_shown(result, value, lang, yes, no),
        unit=STRINGS[lang][f"calc.unit.{result.unit}"],
        digits=str(result.digits),
        scale=repr(result.scale),
        yes=yes,
        no=no,
    )


def _shown(result: Result, value: float, lang: str, yes: str = "", no: str = "") -> str:
    """A result as the page script writes it: a number with its unit, or a verdict in words."""
    if result.verdict:
        return yes if value else no
    return _with_unit(_number(value / result.scale, lang, result.digits), result.unit, lang)


def _row(calculator: Calculator, case: dict[str, float | str], lang: str, registry: Registry) -> tuple[str, ...]:
    """One typical case, in the table's columns.

    Inputs as numbers (a chosen fact as its value), results as numbers or words.
    """
    results = calculator.compute(_in_bytes(case, registry))
    shown = calculator.table or tuple(part.name for part in (*calculator.fields, *calculator.results))
    cells = []
    for field in calculator.fields:
        value = case[field.name]
        if field.name in shown:
            fact = registry.fact(value) if isinstance(value, str) else None
            if isinstance(field, Switch):
                cells.append(translate(lang, "calc.on" if value else "calc.off"))
            else:
                cells.append(quantity(fact, lang) if fact is not None else _number(float(value), lang, 6))
    for result in calculator.results:
        if result.name in shown:
            words = (
                [translate(lang, f"calc.{calculator.id}.{result.name}.{word}") for word in ("yes", "no")]
                if result.verdict
                else ["", ""]
            )
            cells.append(
                _shown(result, results[result.name], lang, *words)
                if result.verdict
                else _number(results[result.name] / result.scale, lang, result.digits)
            )
    return tuple(cells)


def _number(value: float, lang: str, digits: int) -> str:
    """A number as the page script writes it (`Intl.NumberFormat` with at most `digits` decimals): 1 118,8; 1,118.8."""
    pattern = "#,##0" + ("." + "#" * digits if digits else "")
    return format_decimal(Decimal(repr(value)), format=pattern, locale=locale(lang))


def _with_unit(number: str, unit: str, lang: str) -> str:
    return STRINGS[lang][f"calc.unit.{unit}"].replace("{}", number)


def _symbol(unit: str, lang: str) -> str:
    """A unit's symbol alone, for a label or a column: its template without the number."""
    return STRINGS[lang][f"calc.unit.{unit}"].replace("{}", "").strip()


def _prefix(text: str) -> str:
    """Letters and digits found nowhere in the text: the start of every token of this article."""
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()
    while f"{TOKEN_START}{digest[:12]}q" in text:
        digest = hashlib.sha256(digest.encode("ascii")).hexdigest()
    return f"{TOKEN_START}{digest[:12]}q"
