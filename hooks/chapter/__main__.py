"""`chapter` (or `python -m chapter`): the authors' commands, without building the site.

`check` runs every check the build runs, at the build's strictness, and reports
the notices the build publishes (the article standard, translations that lag,
labels past their promise) too; `status` shows where every topic stands;
`new-topic` and `sync` write what an author would otherwise type by hand. Every
command exits 1 when something needs doing; `--format github` prints each
problem as a workflow annotation, on its line of a pull request, and `--format
json` as data, both from the same problem objects as the text.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

from .authoring import NewTopic, add_topic, sync_pairs
from .catalogue import LANGUAGES
from .drift import index_latest, newer_releases
from .errors import ChapterError
from .files import read_text
from .libraries import EXAMPLES_IN, pins
from .problems import NOTICE, Problem, ProblemsFound, as_json, blocking
from .project import CATALOGUE, GLOSSARY, check_project, review_project
from .promises import today
from .report import status_rows, status_table
from .schema import SCHEMA_FILES, schema_files

FORMATS = ("text", "github", "json")
Parser = argparse.ArgumentParser


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    args.root = getattr(args, "root_folder", None) or args.root
    try:
        return args.run(args)
    except ProblemsFound as found:
        _report(found.problems, getattr(args, "format", "text"))
        return 1
    except ChapterError as error:
        print(str(error), file=sys.stderr)
        return 1


def _parser() -> argparse.ArgumentParser:
    """Every command, each with the function that runs it (`run`), so no command can fall through to another."""
    parser = argparse.ArgumentParser(prog="chapter", description="Tools for authors of the chapter.")
    commands = parser.add_subparsers(dest="command", required=True)

    def command(name: str, help: str, run: Callable[[argparse.Namespace], int], *, formats: bool = False) -> Parser:
        sub = commands.add_parser(name, help=help, description=help)
        sub.set_defaults(run=run)
        sub.add_argument("--root", type=Path, default=Path("."), help="the project folder (default: the current one)")
        if formats:
            sub.add_argument(
                "--format",
                choices=FORMATS,
                default="text",
                help="github: workflow annotations on the lines of a pull request; json: a list of problems",
            )
        return sub

    check = command(
        "check",
        f"validate {CATALOGUE}, {GLOSSARY}, the articles, the figures, the translations and the labels",
        _check,
        formats=True,
    )
    check.add_argument("root_folder", nargs="?", type=Path, metavar="root", help="the project folder, as --root")
    check.add_argument(
        "--strict",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="warnings stop the check, as they stop the chapter's build (mkdocs.yml is strict);"
        " --no-strict lets them pass",
    )
    check.add_argument(
        "--drafts",
        action="store_true",
        help="stop only on what stops the build: leave out the notices the build publishes",
    )
    status = command(
        "status", "where each topic stands: its articles, its translation, its label", _status, formats=True
    )
    status.add_argument("--markdown", action="store_true", help="a Markdown table, for a pull request's job summary")
    _sync_arguments(command("sync", SYNC_HELP, _sync))
    new_topic = "add a topic to the catalogue with both article skeletons, ready to build"
    _new_topic_arguments(command("new-topic", new_topic, _new_topic))
    outdated = command(
        "outdated",
        f"which libraries {EXAMPLES_IN} pins have a newer release on the package index",
        _outdated,
        formats=True,
    )
    outdated.add_argument(
        "--index-url", metavar="URL", help="the package index to ask (default: the one pip is configured for)"
    )
    schema = command("schema", f"write {', '.join(SCHEMA_FILES)} from the records that declare the data files", _schema)
    schema.add_argument("root_folder", nargs="?", type=Path, metavar="root", help="the project folder, as --root")
    schema.add_argument("--check", action="store_true", help="write nothing; exit 1 if a committed schema is stale")
    return parser


SYNC_HELP = (
    "record that a topic's two articles are in step: after updating a translation, or after a change that needs none"
)


def _sync_arguments(sync: Parser) -> None:
    sync.add_argument("slugs", nargs="*", metavar="slug", help="the topics to record")
    sync.add_argument(
        "--section", action="append", default=[], metavar="ANCHOR", help="record only this section (repeatable)"
    )
    sync.add_argument("--all", action="store_true", help="record every topic whose article has both languages")
    sync.add_argument(
        "--prune", action="store_true", help="forget topics that no longer have an article in both languages"
    )
    sync.set_defaults(parser=sync)


def _new_topic_arguments(new: Parser) -> None:
    new.add_argument("slug")
    for field in ("title", "summary"):
        for lang in LANGUAGES:
            new.add_argument(f"--{field}-{lang}", required=True, metavar="TEXT")
    new.add_argument("--label", help="a label id (default: the one for new topics)")
    new.add_argument("--origin", help="the lending chapter's id, for a borrowed topic")
    new.add_argument("--after", metavar="SLUG", help="place it after this topic (default: at the end)")


def _report(problems: list[Problem], output: str) -> None:
    """Problems as text to stderr; as annotations or JSON to stdout, where a workflow or a program reads them."""
    if output == "json":
        print(as_json(problems))
    for problem in problems if output != "json" else ():
        if output == "github":
            print(problem.annotation())
        else:
            print(problem.text(), file=sys.stderr)


def _check(args: argparse.Namespace) -> int:
    output = args.format
    review = review_project(args.root)
    shown = [problem for problem in review.problems if not (args.drafts and problem.severity == NOTICE)]
    _report(shown, output)
    stopping = [problem for problem in shown if problem.severity == NOTICE] + blocking(shown, strict=args.strict)
    if stopping or review.project is None:
        return 1
    catalogue = review.project.catalogue
    if output == "text":
        found = f"{len(shown)} warnings that do not stop it" if shown else "no problems found"
        borrowed = f"{len(catalogue.borrowed)} of them from other chapters"
        print(f"{CATALOGUE}: {len(catalogue.topics)} topics, {borrowed}; {found}")
    return 0


def _status(args: argparse.Namespace) -> int:
    project = check_project(args.root)
    rows = status_rows(project, args.root, today())
    print(status_table(rows, markdown=args.markdown))
    if args.format != "text":
        _report([problem for row in rows for problem in row.problems], args.format)
    return 1 if any(row.problems for row in rows) else 0


def _outdated(args: argparse.Namespace) -> int:
    pinned = pins(read_text(args.root / EXAMPLES_IN, EXAMPLES_IN))
    problems = newer_releases(pinned, lambda name: index_latest(name, args.index_url))
    _report(problems, args.format)
    if args.format == "text" and not problems:
        print(f"{EXAMPLES_IN}: every library it pins is at its newest release")
    return 1 if problems else 0


def _sync(args: argparse.Namespace) -> int:
    every, slugs = args.all, args.slugs
    if every and slugs:
        args.parser.error("give topics or --all, not both")
    if not (slugs or every or args.prune):
        args.parser.error("name the topics whose articles are in step, or give --all")
    done = sync_pairs(args.root, None if every else slugs, args.section, prune=args.prune or every)
    print(f"in step: {', '.join(done)}" if done else "already in step: nothing to record")
    return 0


def _new_topic(args: argparse.Namespace) -> int:
    topic = NewTopic(
        args.slug,
        {lang: getattr(args, f"title_{lang}") for lang in LANGUAGES},
        {lang: getattr(args, f"summary_{lang}") for lang in LANGUAGES},
        args.label,
        args.origin,
        args.after,
    )
    written = add_topic(args.root, topic, today())
    print("written: " + ", ".join(str(path.relative_to(args.root)) for path in written))
    print(f"the topic builds now; write its articles, then run `chapter sync {args.slug}`")
    return 0


def _schema(args: argparse.Namespace) -> int:
    stale = []
    for name, text in schema_files().items():
        path = args.root / name
        current = path.read_text(encoding="utf-8") if path.is_file() else None
        if current == text:
            print(f"{name} {'matches its records' if args.check else 'already up to date'}")
        elif args.check:
            stale.append(name)
            print(f"{name} is stale: its records in hooks/chapter/ changed; run `chapter schema`", file=sys.stderr)
        else:
            path.write_text(text, encoding="utf-8")
            print(f"{name} written")
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
