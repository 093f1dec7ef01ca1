"""Reading an article's outline, and the rules that keep its languages in step."""

from __future__ import annotations

import html
import re

import markdown
import pytest
from mkdocs.utils.yaml import yaml_load

from chapter.articles import (
    Fence,
    alt_problems,
    code_block_problems,
    heading_problems,
    link_problems,
    mark_link_languages,
    outline,
    parity_problems,
    prose,
    prose_lines,
    scan,
    title_problems,
    word_count,
)
from chapter.facts import markers
from tools.site import ROOT

RUSSIAN = """\
## Как устроено { #how-it-works }

Кольцо передаёт 2(N−1)/N данных — см. [сеть](cluster-networking.md).

![Кольцо из четырёх GPU](../figures/ring.svg)

```python
# Считаем объём
print(2 * 3 / 4)
```

### Подробнее { #details }

| Формат | Биты |
|---|---|
| fp16 | 16 |
| bf16 | 16 |

``` { .python .gpu title="Нужен GPU с CUDA" }
import torch
```

## Источники { #sources }

- [NCCL](https://docs.nvidia.com/deeplearning/nccl/)
- [Статья](https://arxiv.org/abs/1910.02054)
"""

ENGLISH = """\
## How it works { #how-it-works }

A ring moves 2(N−1)/N of the data — see [networking](cluster-networking.md).

![A ring of four GPUs](../figures/ring.svg)

```python
# Count the volume
print(2 * 3 / 4)
```

### Details { #details }

| Format | Bits |
|---|---|
| fp16 | 16 |
| bf16 | 16 |

``` { .python .gpu title="Needs a CUDA GPU" }
import torch
```

## Sources { #sources }

- [NCCL](https://docs.nvidia.com/deeplearning/nccl/)
- [Paper](https://arxiv.org/abs/1910.02054)
"""


def article_problems(found):
    """Every mistake within one article, as `chapter check` gathers them, in line order."""
    return sorted(
        [*found.fence_problems, *title_problems(found), *heading_problems(found), *code_block_problems(found)],
        key=lambda problem: problem[0],
    )


def _parity(russian: str, english: str) -> list[tuple[int, str]]:
    return parity_problems(outline(russian), outline(english), "x.ru.md")


def test_outline_reads_every_part():
    found = outline(RUSSIAN)
    assert [(h.line, h.level, h.anchor) for h in found.headings] == [
        (1, 2, "how-it-works"),
        (12, 3, "details"),
        (23, 2, "sources"),
    ]
    assert [(c.line, c.language, c.classes, c.title, c.runs_on_cpu) for c in found.code] == [
        (7, "python", (), None, True),
        (19, "python", ("gpu",), "Нужен GPU с CUDA", False),
    ]
    assert found.code[0].code == "# Считаем объём\nprint(2 * 3 / 4)"
    assert [(f.line, f.source, f.alt) for f in found.figures] == [(5, "../figures/ring.svg", "Кольцо из четырёх GPU")]
    assert [(t.line, t.columns, t.rows) for t in found.tables] == [(14, 2, 2)]
    assert found.sources == ("https://docs.nvidia.com/deeplearning/nccl/", "https://arxiv.org/abs/1910.02054")
    assert [link.target for link in found.links if not link.in_sources] == ["cluster-networking.md"]
    assert [h.anchor for h in found.sections] == ["how-it-works", "sources"]


def test_words_are_counted_in_prose_and_tables_not_in_code_or_addresses():
    text = (
        "## Раз { #one }\n\nВсё ещё 2 слова-связки и [ссылка](https://example.org/a-b-c).\n\n"
        "```python\nprint('не слова')\n```\n\n| a | b |\n|---|---|\n| c | d |\n"
    )
    # Раз, Всё, ещё, слова-связки, и, ссылка; then a, b, c, d from the table
    assert word_count(text) == 10
    assert "example.org" not in prose(text) and "print" not in prose(text) and "#one" not in prose(text)


def test_headings_in_code_are_not_headings():
    text = "## One { #one }\n\n```bash\n# not a heading\n```\n"
    assert [h.anchor for h in outline(text).headings] == ["one"]
    assert outline(text).code[0].code == "# not a heading"


def test_translations_with_the_same_structure_agree():
    assert _parity(RUSSIAN, ENGLISH) == []


def test_translated_comments_are_allowed_but_not_changed_code():
    changed = ENGLISH.replace("print(2 * 3 / 4)", "print(2 * 3 / 5)")
    assert _parity(RUSSIAN, changed) == [
        (7, "code block 1 differs from x.ru.md:7: 'print(2 * 3 / 5)' here, 'print(2 * 3 / 4)' there")
    ]


def test_end_of_line_comments_may_be_translated_too():
    russian = RUSSIAN.replace("print(2 * 3 / 4)", "print(2 * 3 / 4)  # три четверти от двух")
    english = ENGLISH.replace("print(2 * 3 / 4)", "print(2 * 3 / 4)  # three quarters of two")
    assert _parity(russian, english) == []


@pytest.mark.parametrize(
    ("language", "code", "comments", "comparable"),
    [
        ("python", 'x = "a # b"  # note\n# whole line\ny = 2', ["note", "whole line"], 'x = "a # b"\ny = 2'),
        ("python", 's = """\n# inside a string\n"""', [], 's = """\n# inside a string\n"""'),
        (
            "bash",
            'echo "a # b" ${#x} url#frag  # note\n  # indented',
            ["note", "indented"],
            'echo "a # b" ${#x} url#frag',
        ),
        ("yaml", "key: 'a # b'  # note\nother: 1", ["note"], "key: 'a # b'\nother: 1"),
        ("hcl", 'name = "x"  // note\n# whole', ["note", "whole"], 'name = "x"'),
        ("text", "# printed output, not a comment", [], "# printed output, not a comment"),
    ],
    ids=["python", "python string", "bash", "yaml", "hcl", "text"],
)
def test_comments_are_found_as_the_language_reads_them(language, code, comments, comparable):
    block = outline(f"```{language}\n{code}\n```\n").code[0]
    assert [comment.text for comment in block.comments] == comments
    assert block.comparable() == comparable


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        (
            "### Details { #details }",
            "### Details { #more }",
            [(12, "heading 2 differs from x.ru.md:12: '### { #more }' here, '### { #details }' there")],
        ),
        (
            "### Details { #details }",
            "## Details { #details }",
            [(12, "heading 2 differs from x.ru.md:12: '## { #details }' here, '### { #details }' there")],
        ),
        (
            "### Details { #details }\n",
            "",
            [(22, "heading 2 differs from x.ru.md:12: '## { #sources }' here, '### { #details }' there")],
        ),
        (
            "## Sources { #sources }",
            "![Extra](../figures/x.svg)\n\n## Sources { #sources }",
            [(23, "2 figures here, 1 in x.ru.md")],
        ),
        (
            "{ .python .gpu title",
            "{ .python .cluster title",
            [(19, "code block 2 differs from x.ru.md:19: 'python .cluster' here, 'python .gpu' there")],
        ),
        (
            "../figures/ring.svg",
            "../figures/tree.svg",
            [(5, "figure 1 differs from x.ru.md:5: '../figures/tree.svg' here, '../figures/ring.svg' there")],
        ),
        (
            "| bf16 | 16 |\n",
            "",
            [(14, "table 1 differs from x.ru.md:14: '2 columns × 1 rows' here, '2 columns × 2 rows' there")],
        ),
        (
            "- [Paper](https://arxiv.org/abs/1910.02054)\n",
            "",
            [(25, "sources differ from x.ru.md: missing https://arxiv.org/abs/1910.02054")],
        ),
        (
            "1910.02054",
            "2006.15704",
            [
                (
                    25,
                    "sources differ from x.ru.md: missing https://arxiv.org/abs/1910.02054; not in x.ru.md: https://arxiv.org/abs/2006.15704",
                )
            ],
        ),
    ],
    ids=[
        "anchor",
        "level",
        "missing heading",
        "extra figure",
        "marker",
        "figure",
        "table row",
        "missing source",
        "other source",
    ],
)
def test_each_divergence_is_named_with_its_line(old, new, expected):
    # A missing part is reported where the two versions first part ways.
    assert _parity(RUSSIAN, ENGLISH.replace(old, new, 1)) == expected


def test_sources_in_another_order_differ():
    lines = ENGLISH.splitlines(keepends=True)
    swapped = "".join(lines[:-2] + [lines[-1], lines[-2]])
    assert _parity(RUSSIAN, swapped) == [(25, "sources differ from x.ru.md: the same links in another order")]


def test_a_correct_article_has_no_problems():
    assert article_problems(outline(RUSSIAN)) == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("# Title { #title }\n", [(1, "the page title comes from topics.yaml; start the article's headings at ##")]),
        (
            "## Без якоря\n",
            [
                (
                    1,
                    "heading 'Без якоря' needs an explicit anchor, equal in both languages: "
                    "'Без якоря { #some-anchor }'",
                )
            ],
        ),
        ("## A { #Big_One }\n", [(1, "anchor '#Big_One' must be lower-case Latin letters, digits and hyphens")]),
        ("## A { #topic }\n", [(1, "anchor '#topic' is taken by the topic page itself; choose another")]),
        ("## A { #a }\n\n## B { #a }\n", [(3, "anchor '#a' is already used on line 1")]),
        (
            "## A { #a }\n\n```mermaid\ngraph LR\n```\n",
            [(3, "Mermaid diagrams load their renderer from another host; draw the diagram as an SVG file")],
        ),
        (
            "## A { #a }\n\n``` { .python .gpu }\nimport torch\n```\n",
            [
                (
                    3,
                    "code marked .gpu or .cluster needs a title that tells the reader what it needs, "
                    'e.g. title="Needs a CUDA GPU"',
                )
            ],
        ),
        (
            "## A { #a }\n\n```markdown\n- [a](b)\n````\n",
            [
                (
                    3,
                    "the code block opened here with ``` is never closed: only a line of exactly ``` closes it, "
                    "and until then the site shows it as text",
                ),
                (
                    5,
                    "this line looks like the end of the code block opened on line 3, "
                    "but only a line of exactly ``` closes it",
                ),
            ],
        ),
        (
            "## A { #a }\n\n```python\nx = 1\n````\n\n```bash\nls\n```\n",
            [
                (
                    5,
                    "this line looks like the end of the code block opened on line 3, "
                    "but only a line of exactly ``` closes it",
                ),
            ],
        ),
        (
            "## A { #a }\n\n  ```python\nx = 1\n  ```\n",
            [
                (
                    3,
                    "this code fence is indented 2 spaces, but line 4 inside its block is indented less, "
                    "so the site shows the block as text: "
                    "indent every line of the block at least as far as its fence",
                ),
                (
                    5,
                    "the code block opened here with ``` is never closed: only a line of exactly ``` closes it, "
                    "and until then the site shows it as text",
                ),
            ],
        ),
    ],
    ids=[
        "title",
        "no anchor",
        "bad anchor",
        "reserved",
        "duplicate",
        "mermaid",
        "untitled gpu code",
        "unclosed fence",
        "longer fence inside",
        "indented fence",
    ],
)
def test_mistakes_within_an_article(text, expected):
    assert article_problems(outline(text)) == expected


def test_links_to_missing_topics_and_anchors_are_found():
    text = (
        "## One { #one }\n\n"
        "[fine](#one) [fine](pruning.md) [fine](pruning.md#why) "
        "[fine](https://example.org/#x) [fine](../figures/a.svg)\n"
        "[a](#two) [b](prunning.md) [c](pruning.md#how) [d](kubernetes.md#pods)\n"
    )
    anchors = {"pruning": frozenset({"why"}), "kubernetes": None}
    assert link_problems(outline(text), anchors) == [
        (4, "link '#two': no heading in this article has that anchor"),
        (4, "link 'prunning.md': no topic with slug 'prunning' in topics.yaml; did you mean 'pruning.md'?"),
        (4, "link 'pruning.md#how': the article on 'pruning' has no heading with anchor '#how'"),
        (
            4,
            "link 'kubernetes.md#pods': 'kubernetes' has no article in this language yet; "
            "link to the topic without '#pods'",
        ),
    ]


def test_links_in_the_other_language_are_marked_with_it():
    russian = (
        "См. [ZeRO: Memory Optimizations, 2020](https://arxiv.org/abs/1910.02054), [PyTorch](gpu-in-pytorch.md),\n"
        "[сеть](cluster-networking.md) и [NCCL docs](https://docs.nvidia.com/){ hreflang=en }.\n\n"
        "```python\nprint('[Not a link](here)')\n```\n"
    )
    assert mark_link_languages(russian, "ru") == russian.replace("1910.02054)", '1910.02054){ lang="en" }', 1)
    english = "See [Сеть кластера](cluster-networking.md) and [the NCCL guide](https://docs.nvidia.com/).\n"
    assert mark_link_languages(english, "en") == english.replace(
        "cluster-networking.md)", 'cluster-networking.md){ lang="ru" }'
    )


@pytest.mark.parametrize(
    ("lang", "alt", "expected"),
    [
        ("ru", "Кольцо из четырёх GPU, NVLink и `memory_allocated`", []),
        ("ru", "Две панели в плоскости скорости обучения и затухания весов (weight decay)", []),
        (
            "ru",
            "Кольцо, отмечено lost",
            [
                (
                    1,
                    "the figure's text alternative has English words (lost); "
                    "describe the figure in Russian (an English term may follow in parentheses)",
                )
            ],
        ),
        ("en", "A ring of four GPUs", []),
        (
            "en",
            "Кольцо из четырёх GPU",
            [(1, "the figure's text alternative is in Russian; describe the figure in the language of the article")],
        ),
    ],
    ids=["names", "gloss", "english", "english page", "russian on english page"],
)
def test_a_figures_text_alternative_is_in_the_language_of_the_article(lang, alt, expected):
    assert alt_problems(outline(f"![{alt}](../figures/ring.svg)\n"), lang) == expected


@pytest.mark.parametrize(
    "text",
    [
        "```markdown\n- [ZeRO: Memory Optimizations](https://arxiv.org/abs/1910.02054)\n````\n\nText.\n",
        "```python\nx = 1\n\nno close\n",
        "````\ncode\n```\nstill code\n````\n",
        "~~~text\n```\nnot a fence here\n```\n~~~\n",
        "```python\nx = 1\n````\n\n```bash\nls\n```\n",
        "```bash\necho\n```   \n\n```python\nprint(1)\n```\n",
        "  ```\nindented\n  ```\n",
    ],
    ids=[
        "longer close",
        "unclosed",
        "shorter inside longer",
        "backticks inside tildes",
        "longer line inside",
        "trailing spaces",
        "indented",
    ],
)
def test_what_the_outline_takes_for_code_is_what_the_site_shows_as_code(text):
    rendered = markdown.markdown(text, extensions=["pymdownx.superfences"])
    shown = [
        html.unescape(re.sub(r"<[^>]+>", "", code)).rstrip("\n")
        for code in re.findall(r"<pre[^>]*>(.*?)</pre>", rendered, re.S)
    ]
    assert [block.code for block in outline(text).code] == shown
    in_code = "\n".join(shown)
    assert all(line not in in_code for _, line in prose_lines(text) if line.strip() and not line.startswith(("`", "~")))
    assert ('lang="en"' in mark_link_languages(text, "ru")) == ("arxiv" in text and "arxiv" not in in_code)


def _markdown_settings() -> tuple[list[str], dict[str, dict]]:
    """The site's Markdown extensions and their settings, read from mkdocs.yml as MkDocs reads it."""
    config = yaml_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
    extensions, settings = [], {}
    for entry in config["markdown_extensions"]:
        name, options = next(iter(entry.items())) if isinstance(entry, dict) else (entry, None)
        extensions.append(name)
        settings[name] = options or {}
    return extensions, settings


EXTENSIONS, EXTENSION_SETTINGS = _markdown_settings()

# Each construct the scanner must read as the site does; nested ones too.
SNIPPETS = {
    "admonition": '!!! note "Title"\n\n    ```python\n    x = 1\n      y = 2\n    ```\n\nText after.\n',
    "admonition without a blank line": "!!! note\n    ```bash\n    ls\n    ```\n",
    "details": '???+ tip "More"\n\n    ```text\n    out\n    ```\n',
    "content tabs": (
        '=== "Python"\n\n    ```python\n    print(1)\n    ```\n\n=== "Bash"\n\n    ```bash\n    echo 1\n    ```\n'
    ),
    "list item": "- step one\n\n    ```bash\n    make\n    ```\n\n- step two\n",
    "list item without a blank line": "1. run\n    ```bash\n    make test\n    ```\n2. read\n",
    "nested list": "- a\n    - b\n\n        ```python\n        x = 1\n        ```\n",
    "admonition in a list": "- a\n\n    !!! warning\n\n        ```python\n        x = 1\n        ```\n",
    "indented code": 'Text.\n\n    hbm = "{fact:h100}"\n    more\n\n    again\n\nAfter.\n',
    "indented code in a list item": "- item\n\n        code in item\n\nText.\n",
    "indented code in an admonition": "!!! note\n\n        code in note\n",
    "paragraph of a nested item": "- a\n    - b\n\n        para of b\n",
    "lazy continuation": "Text\n    not code\n",
    "fence in indented code": "Text.\n\n    ```python\n    x = 1\n    ```\n",
    "fence with a line indented less": "  ```python\nx = 1\n  ```\n",
    "unclosed, then another block": "```python\nx = 1\n\nText.\n\n~~~bash\nls\n~~~\n",
    "run on": "```python\nx = 1\n\nText.\n\n```bash\nls\n```\n\n```text\nout\n```\n",
    "blockquote": "> ```python\n> x = 1\n> ```\n",
    "backticks inside tildes": "~~~~text\n```\nnot a fence\n```\n~~~~\n",
    "tab indentation": "- item\n\n\t```python\n\tx = 1\n\t```\n",
    "blank lines in code": "```python\nx = 1\n\n\ny = 2\n```\n",
    "definition": "Term\n:   Definition\n\n    ```python\n    x = 1\n    ```\n\n        indented in a definition\n",
    "footnote": "Text[^1].\n\n[^1]: A note.\n\n    ```text\n    in the note\n    ```\n",
    "unknown option": "```python foo\nx = 1\n```\n\n```bash\nls\n```\n",
    "front matter": "---\ntitle: Mine\n---\n\n## A { #a }\n",
}


def _shown_as_code(text: str) -> list[str]:
    """The text of every <pre> the site's renderer writes for `text`."""
    rendered = markdown.markdown(text, extensions=EXTENSIONS, extension_configs=EXTENSION_SETTINGS)
    return [
        html.unescape(re.sub(r"<[^>]+>", "", code)).strip("\n")
        for code in re.findall(r"<pre[^>]*>(.*?)</pre>", rendered, re.S)
    ]


@pytest.mark.parametrize("text", SNIPPETS.values(), ids=SNIPPETS.keys())
def test_the_scanner_sees_code_exactly_where_the_site_renders_it(text):
    lines = text.splitlines()
    scanned = [item for item in scan(lines) if isinstance(item, Fence)]
    assert [block.code(lines).strip("\n") for block in scanned] == _shown_as_code(text)
    in_code = {index for block in scanned for index in range(block.start, block.end + 1)}
    outside = [item for item in scan(lines) if not isinstance(item, Fence)]
    assert sorted(in_code | set(outside)) == list(range(len(lines))) and not in_code & set(outside)


def test_fenced_code_inside_admonitions_tabs_and_lists_is_code_and_no_mistake():
    for name in ("admonition", "content tabs", "list item", "nested list", "admonition in a list", "tab indentation"):
        found = outline(SNIPPETS[name])
        assert found.code and found.fence_problems == (), name
    assert [block.code for block in outline(SNIPPETS["admonition"]).code] == ["x = 1\n  y = 2"]


def test_indented_code_is_code_to_every_reader_of_the_article():
    text = SNIPPETS["indented code"]
    assert [(block.language, block.code) for block in outline(text).code] == [
        ("", 'hbm = "{fact:h100}"\nmore\n\nagain')
    ]
    assert markers(text) == []
    assert "hbm" not in prose(text)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            SNIPPETS["run on"],
            [
                (
                    1,
                    "the code block opened here runs on to line 8: its closing ``` is missing before line 6, "
                    "which looks like the start of another block",
                )
            ],
        ),
        (
            SNIPPETS["fence in indented code"],
            [
                (
                    3,
                    "this code fence is indented 4 spaces where no list item or admonition holds it, "
                    "so the site shows an indented code block with the ``` lines in it: "
                    "start the fence at the beginning of the line, "
                    "or indent it under the list item or admonition it belongs to",
                )
            ],
        ),
        (
            SNIPPETS["unclosed, then another block"],
            [
                (
                    1,
                    "the code block opened here with ``` is never closed: only a line of exactly ``` closes it, "
                    "and until then the site shows it as text, "
                    "and every code block after it",
                )
            ],
        ),
        (
            SNIPPETS["unknown option"],
            [
                (
                    1,
                    "the site does not open a code block here, because it knows no option 'foo' after ```: "
                    "write the language, then only "
                    '{ .language title="…" } or title="…", hl_lines="…", linenums="…"; '
                    "until then it shows these lines as text",
                ),
                # so the bare ``` below it opens the block, which the next block's closing line closes
                (
                    3,
                    "the code block opened here runs on to line 7: its closing ``` is missing before line 5, "
                    "which looks like the start of another block",
                ),
            ],
        ),
    ],
    ids=["run on", "fence in indented code", "unclosed before other blocks", "unknown option"],
)
def test_fences_the_site_reads_otherwise_are_named_where_they_open(text, expected):
    assert outline(text).fence_problems == tuple(expected)


def test_front_matter_is_named_on_line_1_and_is_not_prose():
    text = "---\ntitle: My own title\ntags: [a, b]\n---\n\n## A { #a }\n\nText.\n"
    assert title_problems(outline(text)) == [
        (
            1,
            "the article starts with front matter (lines 1–4), which the page would show as text: "
            "an article's title, summary and label come from topics.yaml; delete these lines",
        )
    ]
    assert "title" not in prose(text) and "Text." in prose(text)
    assert title_problems(outline("## A { #a }\n\n---\n\nText.\n\n---\n")) == []
