"""Smaller sizes for running an article's example in the tests.

An example written for a reader's machine (a vocabulary of 32,000 tokens, 60 trials) can take minutes on a
test machine's CPU. Its fence may then declare smaller sizes, invisible to readers (the site drops the
attribute): ``` { .python sizes="V, D = 1000, 64; n_trials = 8" } ```. Each statement replaces the
assignment to the same names at the top level of the block, and only for the run; the reader's code is
what the page shows. A size that matches no such assignment, or more than one, is an author's mistake
(CI512), since the run would silently use the reader's size or an arbitrary one.
"""

from __future__ import annotations

import ast

from .articles import CodeBlock


class SizesError(ValueError):
    """Sizes that do not fit their block: the message says which and why."""


def sized(block: CodeBlock) -> str:
    """The block's code as the tests run it: each declared size replaces its top-level assignment."""
    if block.sizes is None:
        return block.code
    replacements = _replacements(block.sizes)
    if not block.runs_on_cpu:
        raise SizesError(
            "sizes apply to a Python example the tests run on a CPU, and this block is not run: remove"
            " `sizes`, or the .gpu or .cluster class"
        )
    try:
        tree = ast.parse(block.code)
    except SyntaxError:
        return block.code  # the content tests compile every block and name the error
    lines = block.code.splitlines(keepends=True)
    for target, statement in replacements.items():
        matches = [node for node in tree.body if isinstance(node, ast.Assign) and _targets(node) == target]
        if len(matches) != 1:
            where = "no top-level assignment" if not matches else f"{len(matches)} top-level assignments"
            raise SizesError(
                f"size `{statement}` matches {where} to `{target}` in the block: sizes replace one assignment each"
            )
        node = matches[0]
        assert node.end_lineno is not None  # set by ast.parse
        indent = lines[node.lineno - 1][: node.col_offset]
        lines[node.lineno - 1 : node.end_lineno] = [indent + statement + "\n"] + [""] * (node.end_lineno - node.lineno)
    return "".join(lines)


def sizes_problems(block: CodeBlock) -> list[str]:
    """Why the block's sizes do not fit it, for `chapter check`; empty when they fit or there are none."""
    try:
        sized(block)
    except SizesError as error:
        return [str(error)]
    return []


def _replacements(sizes: str) -> dict[str, str]:
    """The declared assignments, by their targets as Python writes them: {"V, D": "V, D = 1000, 64"}."""
    try:
        tree = ast.parse(sizes)
    except SyntaxError as error:
        raise SizesError(
            f'sizes must be Python assignments separated by `;`, e.g. sizes="n = 256; steps = 5": {error.msg}'
        ) from None
    found: dict[str, str] = {}
    for node in tree.body:
        if not isinstance(node, ast.Assign) or len(node.targets) != 1:
            raise SizesError(
                f"`{ast.unparse(node)}` is not a single assignment: sizes are assignments such as `n = 256`"
            )
        target = _targets(node)
        if target in found:
            raise SizesError(f"sizes assign `{target}` twice")
        found[target] = ast.unparse(node)
    if not found:
        raise SizesError('sizes are empty: declare assignments such as sizes="n = 256", or remove the attribute')
    return found


def _targets(node: ast.Assign) -> str:
    """An assignment's targets as one string, so `V, D = …` and `(V, D) = …` name the same sizes."""
    return "; ".join(ast.unparse(target).strip("()") for target in node.targets)
