"""`chapter` (or `python -m chapter`): the authors' commands, without building the site.

`check` stops on what the build would stop on and also holds articles,
translations and labels to their promises; `status` shows where every topic
stands; `new-topic` and `sync` write what an author would otherwise type by
hand. Every command exits 1 when something needs doing, and `--format github`
prints each problem as a workflow annotation, on its line of a pull request.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from .authoring import NewTopic, add_topic, sync_pairs
from .catalogue import LANGUAGES
from .errors import ChapterError
from .project import CATALOGUE, GLOSSARY, check_project
from .promises import today
from .report import annotation, status_rows, status_table
from .schema import schema_files


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="chapter", description="Tools for authors of the chapter.")
    commands = parser.add_subparsers(dest="command", required=True)

    def command(name: str, help: str, *, formats: bool = False) -> argparse.ArgumentParser:
        sub = commands.add_parser(name, help=help, description=help)
        sub.add_argument("--root", type=Path, default=Path("."), help="the project folder (default: the current one)")
        if formats:
            sub.add_argument("--format", choices=("text", "github"), default="text", help="github: workflow annotations on the lines of a pull request")
        return sub

    check = command("check", f"validate {CATALOGUE}, {GLOSSARY}, the articles, the figures, the translations and the labels", formats=True)
    check.add_argument("root_folder", nargs="?", type=Path, metavar="root", help="the project folder, as --root")
    check.add_argument("--strict", action="store_true", help="treat warnings as errors, as `mkdocs build --strict` does")
    check.add_argument("--drafts", action="store_true", help="check only what the build checks: no article standard, translations or label promises")
    status = command("status", "where each topic stands: its articles, its translation, its label", formats=True)
    status.add_argument("--markdown", action="store_true", help="a Markdown table, for a pull request's job summary")
    sync = command("sync", "record that a topic's two articles are in step: after updating a translation, or after a change that needs none")
    sync.add_argument("slugs", nargs="*", metavar="slug", help="the topics to record")
    sync.add_argument("--section", action="append", default=[], metavar="ANCHOR", help="record only this section (repeatable)")
    sync.add_argument("--all", action="store_true", help="record every topic whose article has both languages")
    sync.add_argument("--prune", action="store_true", help="forget topics that no longer have an article in both languages")
    new = command("new-topic", "add a topic to the catalogue with both article skeletons, ready to build")
    new.add_argument("slug")
    for field in ("title", "summary"):
        for lang in LANGUAGES:
            new.add_argument(f"--{field}-{lang}", required=True, metavar="TEXT")
    new.add_argument("--label", help="a label id (default: the one for new topics)")
    new.add_argument("--origin", help="the lending chapter's id, for a borrowed topic")
    new.add_argument("--after", metavar="SLUG", help="place it after this topic (default: at the end)")
    schema = command("schema", "write topics.schema.json and facts.schema.json from the records declared in catalogue.py and facts.py")
    schema.add_argument("root_folder", nargs="?", type=Path, metavar="root", help="the project folder, as --root")
    schema.add_argument("--check", action="store_true", help="write nothing; exit 1 if a committed schema is stale")
    args = parser.parse_args(argv)
    root: Path = getattr(args, "root_folder", None) or args.root
    if args.command == "schema":
        return _schema(root, check=args.check)
    github = getattr(args, "format", "text") == "github"
    try:
        if args.command == "check":
            return _check(root, strict=args.strict, drafts=args.drafts, github=github)
        if args.command == "status":
            return _status(root, markdown=args.markdown, github=github)
        if args.command == "sync":
            return _sync(root, args.slugs, args.section, every=args.all, prune=args.prune, parser=parser)
        topic = NewTopic(
            args.slug,
            {lang: getattr(args, f"title_{lang}") for lang in LANGUAGES},
            {lang: getattr(args, f"summary_{lang}") for lang in LANGUAGES},
            args.label,
            args.origin,
            args.after,
        )
        written = add_topic(root, topic, today())
    except ChapterError as error:
        _report(str(error), github)
        return 1
    print("written: " + ", ".join(str(path.relative_to(root)) for path in written))
    print(f"the topic builds now; write its articles, then run `chapter sync {args.slug}`")
    return 0


def _report(errors: str, github: bool) -> None:
    """Problems to stderr; as annotations to stdout, where the workflow runner reads its commands."""
    for line in errors.splitlines():
        if github:
            print(annotation(line, "error"))
        else:
            print(line, file=sys.stderr)


def _check(root: Path, *, strict: bool, drafts: bool, github: bool) -> int:
    def warn(message: str) -> None:
        if github:
            print(annotation(message, "warning"))
        else:
            print(f"warning: {message}", file=sys.stderr)

    catalogue = check_project(root, strict=strict, warn=warn, standard=not drafts).catalogue
    print(f"{CATALOGUE}: {len(catalogue.topics)} topics, {len(catalogue.borrowed)} of them from other chapters; no problems found")
    return 0


def _status(root: Path, *, markdown: bool, github: bool) -> int:
    project = check_project(root)
    rows = status_rows(project, root, today())
    print(status_table(rows, markdown=markdown))
    if github:
        for row in rows:
            for problem in row.problems:
                print(annotation(problem, "warning"))
    return 1 if any(row.problems for row in rows) else 0


def _sync(root: Path, slugs: list[str], sections: list[str], *, every: bool, prune: bool, parser: argparse.ArgumentParser) -> int:
    if every and slugs:
        parser.error("sync: give topics or --all, not both")
    if not (slugs or every or prune):
        parser.error("sync: name the topics whose articles are in step, or give --all")
    done = sync_pairs(root, None if every else slugs, sections, prune=prune or every)
    print(f"in step: {', '.join(done)}" if done else "already in step: nothing to record")
    return 0


def _schema(root: Path, *, check: bool) -> int:
    stale = []
    for name, text in schema_files().items():
        path = root / name
        current = path.read_text(encoding="utf-8") if path.is_file() else None
        if current == text:
            print(f"{name} {'matches its records' if check else 'already up to date'}")
        elif check:
            stale.append(name)
            print(f"{name} is stale: its records in hooks/chapter/ changed; run `chapter schema`", file=sys.stderr)
        else:
            path.write_text(text, encoding="utf-8")
            print(f"{name} written")
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
