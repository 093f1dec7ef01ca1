"""Which language a short text is written in: figure labels and code comments.

Russian technical text keeps some Latin: acronyms (GPU, HBM), names with
capitals inside (NVLink, PyTorch), identifiers (`memory_allocated`, `1g.10gb`)
and a few words the profession writes in Latin (leaf, spine). Any other Latin
word in a Russian label or comment is English prose that needs translating.
"""

from __future__ import annotations

import re

LATIN_WORD = re.compile(r"[A-Za-z]+(?:['’-][A-Za-z]+)*")
CYRILLIC = re.compile(r"[А-Яа-яЁё]")
# Characters that make a neighbouring word part of an identifier or a number with its unit.
JOINERS = frozenset("_0123456789")
JOINERS_BEFORE_ALNUM = frozenset("./=:")  # torch.cuda, 1g.10gb, key=value, pytorch.org/memory_viz


def cyrillic(text: str) -> bool:
    return CYRILLIC.search(text) is not None


def english_words(text: str, latin: frozenset[str] = frozenset()) -> list[str]:
    """The Latin words of `text` that are ordinary English words rather than names or code.

    `latin` lists, in lower case, words that Russian text writes in Latin letters.
    """
    found = []
    for match in LATIN_WORD.finditer(text):
        word = match[0]
        if len(word) < 2 or any(char.isupper() for char in word[1:]) or word.lower() in latin:
            continue  # a variable (x, S), an acronym or a name (GPU, NVLink), or an accepted word
        if _joined(text, match.start() - 1, -1) or _joined(text, match.end(), 1):
            continue  # part of an identifier or a number: memory_allocated, 1g.10gb, fp8, top-64
        found.append(word)
    return found


def _joined(text: str, index: int, step: int) -> bool:
    """Whether the character at `index` ties the word beside it to code or digits."""
    if not 0 <= index < len(text):
        return False
    char = text[index]
    if char in JOINERS or (char == "-" and 0 <= index + step < len(text) and text[index + step].isdigit()):
        return True
    if char == "." and step < 0:
        return True  # an extension or attribute: *.tf, .cuda
    beyond = index + step
    return char in JOINERS_BEFORE_ALNUM and 0 <= beyond < len(text) and text[beyond].isalnum()
