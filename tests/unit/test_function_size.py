"""No function in the package, the plugin or the test tooling runs over 60 lines: a longer one wants named parts."""

from __future__ import annotations

import ast

from tools.site import ROOT

LIMIT = 60
FOLDERS = ("hooks", "tools", "benchmarks")


def long_functions(source: str, limit: int = LIMIT) -> list[tuple[str, int]]:
    """(name, lines) of every function or method in `source` longer than `limit` lines, its docstring included."""
    return [
        (node.name, (node.end_lineno or node.lineno) - node.lineno + 1)
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
        and (node.end_lineno or node.lineno) - node.lineno + 1 > limit
    ]


def test_a_function_over_the_limit_is_found():
    body = "\n".join(f"        x{n} = {n}" for n in range(LIMIT))
    assert long_functions(f"def short():\n    pass\n\n\nclass C:\n    def long(self):\n{body}\n") == [
        ("long", LIMIT + 1)
    ]


def test_no_function_is_over_sixty_lines():
    found = {
        f"{path.relative_to(ROOT)}: {name}": lines
        for folder in FOLDERS
        for path in sorted((ROOT / folder).rglob("*.py"))
        for name, lines in long_functions(path.read_text(encoding="utf-8"))
    }
    assert found == {}
