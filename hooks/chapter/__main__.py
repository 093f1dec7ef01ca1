"""`python -m chapter check`: the build's checks of the catalogue and articles, without building.

Exits 1 with the same messages the build would stop with, so authors and
editors' task runners can check a change in a fraction of a second.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from .errors import ChapterError
from .project import CATALOGUE, GLOSSARY, check_project
from .schema import SCHEMA_FILE, schema_text


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m chapter", description="Tools for authors of the chapter.")
    commands = parser.add_subparsers(dest="command", required=True)
    check = commands.add_parser("check", help=f"validate {CATALOGUE}, {GLOSSARY}, the articles and the figures")
    check.add_argument("root", nargs="?", type=Path, default=Path("."), help="the project folder (default: the current one)")
    check.add_argument("--strict", action="store_true", help="treat warnings as errors, as `mkdocs build --strict` does")
    check.add_argument("--drafts", action="store_true", help="check as the build does, without holding articles to the chapter's standard")
    schema = commands.add_parser("schema", help=f"write {SCHEMA_FILE} from the records declared in catalogue.py")
    schema.add_argument("root", nargs="?", type=Path, default=Path("."), help="the project folder (default: the current one)")
    schema.add_argument("--check", action="store_true", help=f"write nothing; exit 1 if the committed {SCHEMA_FILE} is stale")
    args = parser.parse_args(argv)
    if args.command == "schema":
        return _schema(args.root / SCHEMA_FILE, check=args.check)

    def warn(message: str) -> None:
        print(f"warning: {message}", file=sys.stderr)

    try:
        catalogue = check_project(args.root, strict=args.strict, warn=warn, standard=not args.drafts).catalogue
    except ChapterError as error:
        print(error, file=sys.stderr)
        return 1
    print(f"{CATALOGUE}: {len(catalogue.topics)} topics, {len(catalogue.borrowed)} of them from other chapters; no problems found")
    return 0


def _schema(path: Path, *, check: bool) -> int:
    text = schema_text()
    current = path.read_text(encoding="utf-8") if path.is_file() else None
    if check:
        if current != text:
            print(f"{SCHEMA_FILE} is stale: the records in hooks/chapter/catalogue.py changed; run `python -m chapter schema`", file=sys.stderr)
            return 1
        print(f"{SCHEMA_FILE} matches the records in hooks/chapter/catalogue.py")
        return 0
    if current != text:
        path.write_text(text, encoding="utf-8")
    print(f"{SCHEMA_FILE} {'written' if current != text else 'already up to date'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
