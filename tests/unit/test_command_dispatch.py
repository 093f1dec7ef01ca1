"""Each `chapter` command names the function that runs it, so none can fall through to another's."""

from __future__ import annotations

import argparse

from chapter.__main__ import _parser


def test_every_command_names_its_own_function():
    parser = _parser()
    commands = next(action for action in parser._actions if isinstance(action, argparse._SubParsersAction))
    runs = {name: sub.get_default("run") for name, sub in commands.choices.items()}
    assert set(runs) == {"check", "status", "sync", "new-topic", "outdated", "schema"}
    assert all(callable(run) for run in runs.values()), runs
    assert len(set(runs.values())) == len(runs), runs
