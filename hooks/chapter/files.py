"""Every source file of the chapter is read one way: UTF-8 text of a sane size, or one positioned problem.

Articles, figures, `translations.yaml` and the data files are written by
people on every system; the likeliest mistake of a Russian author on Windows
is a file saved as Windows-1251. Whatever the file holds, the author gets one
message naming the file, the place and the fix, never a UnicodeDecodeError.
"""

from __future__ import annotations

import codecs
import re
import unicodedata
from pathlib import Path

from .errors import ChapterError
from .problems import Problem

MAX_BYTES = 2 * 1024 * 1024  # the largest source of the chapter is about 60 KiB
UTF8_BOM = codecs.BOM_UTF8
UTF16_BOMS = (codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)
ALLOWED_CONTROLS = frozenset("\t\n\r")
# Unicode's control characters (category Cc: C0, DEL and C1, all below U+00A0) other than the allowed ones,
# found by one search in C rather than a look at every character.
CONTROLS = re.compile(
    "["
    + "".join(
        re.escape(chr(code))
        for code in range(0xA0)
        if unicodedata.category(chr(code)) == "Cc" and chr(code) not in ALLOWED_CONTROLS
    )
    + "]"
)


class FileError(ChapterError):
    """A source file that cannot be read as the chapter's text."""

    def __init__(self, problem: Problem):
        self.problem = problem
        super().__init__(problem.text())


def read_text(path: Path, shown_as: str, *, limit: int = MAX_BYTES) -> str:
    """The file's text; FileError (CI001–CI004, CI007) when it is missing, too large, or not clean UTF-8."""
    try:
        size = path.stat().st_size
        if size > limit:
            raise FileError(
                Problem(
                    shown_as,
                    0,
                    0,
                    "CI004",
                    f"the file is {size:,} bytes; a source of the chapter holds at most {limit:,}: "
                    "split it or remove what does not belong",
                )
            )
        data = path.read_bytes()
    except OSError as error:
        raise FileError(Problem(shown_as, 0, 0, "CI007", f"cannot read the file: {error.strerror}")) from None
    return decode(data, shown_as)


def decode(data: bytes, shown_as: str) -> str:
    """UTF-8 text without a byte order mark, NUL or other control characters; FileError naming the first fault."""
    if data.startswith(UTF8_BOM):
        raise FileError(
            Problem(
                shown_as, 1, 1, "CI002", "the file starts with a byte order mark (BOM); save it as UTF-8 without BOM"
            )
        )
    if data.startswith(UTF16_BOMS) or _looks_utf16(data):
        raise FileError(Problem(shown_as, 1, 1, "CI001", "the file is saved as UTF-16; save it as UTF-8"))
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        line, column = _position(data[: error.start].decode("utf-8"))
        raise FileError(
            Problem(
                shown_as,
                line,
                column,
                "CI001",
                f"the file is not UTF-8 text (byte 0x{data[error.start]:02x}){_guess(data)}; save it as UTF-8",
            )
        ) from None
    if control := CONTROLS.search(text):
        char = control.group()
        line, column = _position(text[: control.start()])
        name = "a NUL byte" if char == "\0" else f"the control character U+{ord(char):04X}"
        raise FileError(
            Problem(shown_as, line, column, "CI003", f"{name}, which no text of the chapter holds: delete it")
        )
    return text


def _position(before: str) -> tuple[int, int]:
    return before.count("\n") + 1, len(before) - (before.rfind("\n") + 1) + 1


def _looks_utf16(data: bytes) -> bool:
    """UTF-16 without a byte order mark: every other byte of the first characters is NUL."""
    head = data[:64]
    nuls = max(head[0::2].count(0), head[1::2].count(0))
    return nuls >= 4 and nuls >= len(head[0::2]) // 4


def _guess(data: bytes) -> str:
    """What the author's editor probably saved.

    Windows-1251 when the bytes read as Russian there, otherwise a Western single-byte encoding.
    """
    text = data.decode("cp1251", errors="replace")
    letters = [char for char in text if ord(char) > 127 and char.isalpha()]
    if len(letters) >= 3 and sum("а" <= char.lower() <= "я" or char in "Ёё" for char in letters) > 0.8 * len(letters):
        return ": it looks like Windows-1251 (Cyrillic)"
    return ": it looks like Latin-1 or another single-byte encoding"
