"""Smaller sizes for the tests' run of an example: what they replace, and the mistakes they refuse."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

from chapter.articles import outline, parity_problems
from chapter.sizes import SizesError, sized, sizes_problems

EXAMPLE = """\
VOCAB, WIDTH = 32000, 1024   # a reader's sizes
steps = 10


def total():
    steps = 3  # a local name, not the block's
    return VOCAB * WIDTH * steps


print(total(), steps)
"""


def _block(sizes: str | None, classes: str = "", code: str = EXAMPLE):
    """The one code block of a small article whose fence declares `sizes`."""
    attribute = f' sizes="{sizes}"' if sizes is not None else ""
    text = f"## Part {{ #part }}\n\n``` {{ .python{classes}{attribute} }}\n{code}```\n"
    (block,) = outline(text).code
    return block


def _run(code: str) -> str:
    return subprocess.run(
        [sys.executable, "-I", "-S", "-c", code], capture_output=True, text=True, check=True, timeout=30
    ).stdout


def test_without_sizes_the_run_is_the_readers_code():
    block = _block(None)
    assert sized(block) == block.code


def test_each_size_replaces_its_top_level_assignment_and_nothing_else():
    block = _block("VOCAB, WIDTH = 10, 2; steps = 1")
    code = sized(block)
    assert _run(code) == f"{10 * 2 * 3} 1\n"
    assert _run(block.code) == f"{32000 * 1024 * 3} 10\n"
    assert code.count("\n") == block.code.count("\n")  # a traceback's line numbers stay the article's


def test_parenthesised_targets_name_the_same_sizes():
    assert "(10, 2)" in sized(_block("(VOCAB, WIDTH) = 10, 2"))


@pytest.mark.parametrize(
    ("sizes", "classes", "expected"),
    [
        ("BATCH = 8", "", "matches no top-level assignment to `BATCH`"),
        ("VOCAB = 10", "", "matches no top-level assignment to `VOCAB`"),
        ("steps = 1; steps = 2", "", "assign `steps` twice"),
        ("steps += 1", "", "is not a single assignment"),
        ("a = b = 1", "", "is not a single assignment"),
        ("steps = ", "", "sizes must be Python assignments separated by `;`"),
        ("", "", "sizes are empty"),
        ("steps = 1", " .gpu", "this block is not run"),
    ],
)
def test_sizes_that_do_not_fit_are_refused_with_the_reason(sizes, classes, expected):
    block = _block(sizes, classes)
    with pytest.raises(SizesError, match=re.escape(expected)):
        sized(block)
    assert expected in sizes_problems(block)[0]


def test_a_size_matching_two_assignments_is_refused():
    block = _block("steps = 1", code=EXAMPLE + "steps = 20\n")
    assert "2 top-level assignments to `steps`" in sizes_problems(block)[0]


def test_the_two_languages_declare_the_same_sizes():
    original = outline('## Part { #part }\n\n``` { .python sizes="steps = 1" }\nsteps = 10\n```\n')
    translation = outline('## Part { #part }\n\n``` { .python sizes="steps = 2" }\nsteps = 10\n```\n')
    ((line, message),) = parity_problems(original, translation, "x.ru.md")
    assert line == 3 and "code block 1 differs" in message and "steps = 2" in message
