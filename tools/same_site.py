"""Whether two builds of the site are the same, apart from the line naming the generator.

The chapter builds with MkDocs 1.6 and must build the same with ProperDocs, the
maintained continuation of MkDocs 1.x, so that the site can move to it on the
day MkDocs stops being kept up:

    python tools/same_site.py SITE_A SITE_B

prints every file that only one build has or that differs, and exits 1 if any.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

GENERATOR = re.compile(rb'<meta name="generator" content="[^"]*">')


def differences(first: Path, second: Path) -> list[str]:
    files = {
        root: {path.relative_to(root).as_posix() for path in root.rglob("*") if path.is_file()}
        for root in (first, second)
    }
    found = [
        f"only in {root}: {name}"
        for root, other in ((first, second), (second, first))
        for name in sorted(files[root] - files[other])
    ]
    for name in sorted(files[first] & files[second]):
        a, b = (first / name).read_bytes(), (second / name).read_bytes()
        if a != b and GENERATOR.sub(b"", a) != GENERATOR.sub(b"", b):
            found.append(f"differs: {name}")
    return found


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print("usage: python tools/same_site.py SITE_A SITE_B", file=sys.stderr)
        return 2
    found = differences(Path(argv[0]), Path(argv[1]))
    print("\n".join(found) if found else f"{argv[0]} and {argv[1]} are the same site, apart from the generator line")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
