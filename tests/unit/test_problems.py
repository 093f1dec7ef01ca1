"""One problem, three ways to print it: for a terminal, for a pull request's diff and for a program."""

from __future__ import annotations

import json

import pytest

from chapter.problems import RULES, Problem, as_json, blocking


@pytest.mark.parametrize(
    ("problem", "text", "annotation"),
    [
        (
            Problem("docs/articles/pruning.en.md", 3, 0, "CI106", "a hyphen used as a dash: use — (or – for ranges)"),
            "docs/articles/pruning.en.md:3: notice CI106 a hyphen used as a dash: use — (or – for ranges)",
            "::notice file=docs/articles/pruning.en.md,line=3,title=CI106::"
            "a hyphen used as a dash: use — (or – for ranges)",
        ),
        (
            Problem(
                "topics.yaml", 68, 12, "CI011", "topics[0].label: unknown label 'nwe'; expected one of: new, current"
            ),
            "topics.yaml:68:12: error CI011 topics[0].label: unknown label 'nwe'; expected one of: new, current",
            "::error file=topics.yaml,line=68,col=12,title=CI011::"
            "topics[0].label: unknown label 'nwe'; expected one of: new, current",
        ),
        (
            Problem("docs/articles/prunning.ru.md", 0, 0, "CI501", "no topic with slug 'prunning' in topics.yaml"),
            "docs/articles/prunning.ru.md: error CI501 no topic with slug 'prunning' in topics.yaml",
            "::error file=docs/articles/prunning.ru.md,title=CI501::no topic with slug 'prunning' in topics.yaml",
        ),
        (
            Problem("a,b:c.md", 2, 0, "CI012", "50% of the lines\nand more"),
            "a,b:c.md:2: warning CI012 50% of the lines\nand more",
            "::warning file=a%2Cb%3Ac.md,line=2,title=CI012::50%25 of the lines%0Aand more",
        ),
    ],
)
def test_a_problem_prints_as_text_and_as_an_annotation_on_its_line(problem, text, annotation):
    assert problem.text() == text
    assert problem.annotation() == annotation


def test_json_carries_every_field_and_the_rules_severity():
    problem = Problem("facts.yaml", 9, 0, "CI406", "fact 'x' is declared but no article quotes it")
    assert json.loads(as_json([problem])) == [
        {
            "file": "facts.yaml",
            "line": 9,
            "column": 0,
            "rule": "CI406",
            "message": "fact 'x' is declared but no article quotes it",
            "severity": "warning",
        }
    ]


def test_errors_stop_a_build_warnings_only_a_strict_one_and_notices_never():
    error, warning, notice = (Problem("f", 1, 0, rule, "m") for rule in ("CI001", "CI012", "CI101"))
    assert blocking([error, warning, notice], strict=False) == [error]
    assert blocking([error, warning, notice], strict=True) == [error, warning]


def test_an_unknown_rule_cannot_be_raised():
    with pytest.raises(AssertionError):
        Problem("f", 1, 0, "CI999", "m")


def test_every_rule_has_a_severity_the_formats_know():
    assert {rule.severity for rule in RULES.values()} == {"error", "warning", "notice"}
    assert all(rule.id == key and rule.title for key, rule in RULES.items())
