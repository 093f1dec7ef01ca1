"""The locks the Makefile installs from with --require-hashes hold exactly what constraints.txt and pyproject.toml pin.

requirements.lock is constraints.txt with the hash of every file of every pinned release; requirements-properdocs.lock
is the second environment of `make properdocs`; requirements-examples.lock is the environment the articles' library
examples are checked in (requirements-examples.in). All are written by `make lock`; this fails while any is stale.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

from tools.site import ROOT

HASH = re.compile(r"--hash=sha256:[0-9a-f]{64}")
LOCK = ROOT / "requirements.lock"
PROPERDOCS_LOCK = ROOT / "requirements-properdocs.lock"
EXAMPLES_IN = ROOT / "requirements-examples.in"
EXAMPLES_LOCK = ROOT / "requirements-examples.lock"
INSTALLERS = {"pip", "setuptools"}


def _entries(path: Path) -> dict[str, tuple[Requirement, list[str]]]:
    """Each requirement of a requirements file by its normalised name, with the hashes that follow it.

    Comments and line continuations are removed first.
    """
    text = re.sub(
        r"\\\n",
        " ",
        "\n".join(
            line.split(" #")[0]
            for line in path.read_text(encoding="utf-8").splitlines()
            if not line.lstrip().startswith("#")
        ),
    )
    entries = {}
    for line in filter(None, map(str.strip, text.splitlines())):
        if line.startswith("-"):
            continue  # an option of the file itself, such as -c constraints.txt
        requirement, *options = line.split()
        parsed = Requirement(requirement)
        name = canonicalize_name(parsed.name)
        assert name not in entries, f"{path.name}: {name} twice"
        entries[name] = (parsed, options)
    return entries


def _pins(path: Path) -> dict[str, str]:
    """name: version of every `name==version` line; anything else is a mistake in a file of exact pins."""
    pins = {}
    for name, (requirement, _) in _entries(path).items():
        specifiers = list(requirement.specifier)
        assert len(specifiers) == 1 and specifiers[0].operator == "==", (
            f"{path.name}: {requirement} is not pinned to one version"
        )
        pins[name] = specifiers[0].version
    return pins


def _project_requirements(*extras: str) -> list[Requirement]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    names = project["dependencies"] + [item for extra in extras for item in project["optional-dependencies"][extra]]
    return [Requirement(item) for item in names]


@pytest.mark.parametrize("lock", [LOCK, PROPERDOCS_LOCK, EXAMPLES_LOCK], ids=lambda path: path.name)
def test_every_locked_package_is_pinned_with_at_least_one_sha256_hash(lock):
    entries = _entries(lock)
    assert entries
    _pins(lock)
    for name, (_, options) in entries.items():
        hashes = [option for option in options if option.startswith("--hash=")]
        assert hashes, f"{lock.name}: {name} has no hash"
        assert all(HASH.fullmatch(option) for option in hashes), f"{lock.name}: {name}: {hashes}"


def test_the_lock_pins_exactly_what_constraints_pin():
    constraints, locked = _pins(ROOT / "constraints.txt"), _pins(LOCK)
    assert {name: locked.get(name) for name in constraints} == constraints, (
        "constraints.txt changed since the lock was written: run `make lock`"
    )
    assert set(locked) == set(constraints), (
        "requirements.lock holds packages constraints.txt does not pin: run `make lock`"
    )


def test_the_lock_holds_the_installers_themselves():
    """pip installs the rest; setuptools builds the chapter's editable install.

    It builds without build isolation, which would fetch setuptools unhashed.
    """
    assert INSTALLERS <= set(_pins(LOCK))
    assert INSTALLERS <= set(_pins(PROPERDOCS_LOCK))
    assert INSTALLERS <= set(_pins(EXAMPLES_LOCK))


@pytest.mark.parametrize(
    ("lock", "extras"),
    [(LOCK, ("test",)), (PROPERDOCS_LOCK, ())],
    ids=["requirements.lock", "requirements-properdocs.lock"],
)
def test_every_dependency_of_pyproject_is_locked_at_its_pinned_version(lock, extras):
    locked = _entries(lock)
    for requirement in _project_requirements(*extras):
        name = canonicalize_name(requirement.name)
        assert name in locked, (
            f"pyproject.toml needs {requirement}, which {lock.name} lacks: "
            "pin it in constraints.txt and run `make lock`"
        )
        version = next(iter(locked[name][0].specifier)).version
        assert requirement.specifier.contains(version, prereleases=True), (
            f"pyproject.toml pins {requirement}, {lock.name} {name}=={version}"
        )


def test_the_properdocs_environment_agrees_with_the_main_one():
    """ProperDocs' environment builds the same site, so every package both environments have is at the same version."""
    main, properdocs = _pins(LOCK), _pins(PROPERDOCS_LOCK)
    assert "properdocs" in properdocs
    assert {name: version for name, version in properdocs.items() if main.get(name, version) != version} == {}


def test_the_examples_name_each_library_at_one_version():
    """requirements-examples.in pins the releases the articles were checked against: one exact version each."""
    libraries = {
        name: requirement for name, (requirement, _) in _entries(EXAMPLES_IN).items() if name not in INSTALLERS
    }
    assert libraries, "requirements-examples.in names no library"
    loose = [
        str(requirement)
        for requirement in libraries.values()
        if [spec.operator for spec in requirement.specifier] != ["=="]
    ]
    assert loose == [], f"requirements-examples.in: pin each library to one version (name==version): {loose}"


def test_the_examples_lock_holds_what_requirements_examples_in_names():
    locked = _pins(EXAMPLES_LOCK)
    for name, (requirement, _) in _entries(EXAMPLES_IN).items():
        assert name in locked, (
            f"requirements-examples.in names {requirement}, which requirements-examples.lock lacks: run `make lock`"
        )
        assert requirement.specifier.contains(locked[name], prereleases=True), (
            f"requirements-examples.in pins {requirement}, "
            f"requirements-examples.lock {name}=={locked[name]}: run `make lock`"
        )


def test_the_examples_lock_installs_no_library_requirements_examples_in_dropped():
    """pip-compile writes `via -r requirements-examples.in` under each package the file names.

    A library dropped from the file leaves that line stale.
    """
    sections = re.split(
        r"\n(?=\S)", EXAMPLES_LOCK.read_text(encoding="utf-8")
    )  # a package's pin, its hashes and its `via` comments
    direct = {
        canonicalize_name(section.split("==")[0])
        for section in sections
        if "==" in section and "-r requirements-examples.in" in section
    }
    assert direct, "requirements-examples.lock records no package as named by requirements-examples.in: run `make lock`"
    assert direct <= set(_entries(EXAMPLES_IN)), (
        "requirements-examples.lock holds a library requirements-examples.in no longer names: run `make lock`"
    )
